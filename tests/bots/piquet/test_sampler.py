"""The Piquet sampler: the true hand is always among its worlds, it counts the consistent hands
exactly (against enumeration with an independent reading of the dialogue), and its draws have the
marginals of the enumeration."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.sampler import Hands, knowledge, sample
from atout.cards import CardSet
from atout.chance import Deal
from atout.games.piquet.holdings import COURT_MASK, analyse
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState
from atout.packs import PACK_32
from tests.bots.piquet.positions import card_play_position

OPTIONS: list[dict[str, Any]] = [{}, {"left_cards": "expose"}, {"left_cards": "hidden"},
                                 {"trick_points": "ten_or_higher"}]


def says_true(obs: Any, opp: int, after: int) -> bool:
    """Whether the opponent holding ``after`` (his twelve cards after the exchange) could have said
    what the dialogue shows, read directly from his holdings (not the sampler's predicates)."""
    hold = analyse(after)
    for e in obs.dialogue:
        lengths = hold.lengths(e.cls)
        sizes = Counter(hold.sizes(e.cls))
        if opp == obs.elder:
            if e.stated > 0 and e.stated not in lengths:
                return False
            if e.told >= 0 and e.told not in hold.tie_values(e.cls, e.stated):
                return False
            main = e.stated
        else:
            answers = e.answers
            if answers and answers[0] == "not_good" and not any(n > e.stated for n in lengths):
                return False
            if answers and answers[0] == "equal" and e.stated not in lengths:
                return False
            ties = hold.tie_values(e.cls, e.stated)
            if len(answers) > 1 and answers[1] == "not_good" and not any(t > e.told for t in ties):
                return False
            if len(answers) > 1 and answers[1] == "equal" and e.told not in ties:
                return False
            if e.younger_declared > 0 and e.younger_declared not in lengths:
                return False
            main = e.younger_declared
        if e.winner == opp and e.extras:
            wanted = Counter((main, *e.extras))
            if any(sizes[n] < k for n, k in wanted.items()):
                return False
    return True


def enumerate_hands(obs: Any) -> list[int]:
    """Every hand after the exchange the seat cannot rule out, by brute force over the pool."""
    know = knowledge(obs)
    pool = [c for c in PACK_32 if know.pool >> c & 1]
    missing = 12 - know.known.bit_count()
    found = []
    for chosen in combinations(pool, missing):
        after = know.known | sum(1 << c for c in chosen)
        if all((after & m).bit_count() == n for m, n in know.counted) and says_true(obs, know.opponent, after):
            found.append(after)
    return found


@pytest.mark.parametrize("options", OPTIONS)
def test_the_true_hand_is_always_possible(options: dict[str, Any]) -> None:
    for seed in range(60):
        state = card_play_position(seed, 12 - seed % 12, options)
        for seat in (0, 1):
            obs = state.observation(seat)
            know = knowledge(obs)
            after = state.after_exchange[1 - seat]
            assert after & know.known == know.known
            assert after & ~(know.known | know.pool) == 0
            assert all((after & m).bit_count() == n for m, n in know.counted)
            assert says_true(obs, 1 - seat, after)
            assert Hands(know).count > 0
            world = next(sample(obs, random.Random(seed)))
            assert world.hands[seat] == state.hands[seat]
            assert world.hands[1 - seat].bit_count() == state.hands[1 - seat].bit_count()


def small_cases() -> list[Any]:
    """Observations late in the play whose pool is small enough to enumerate, with a dialogue."""
    cases = []
    for seed in range(200):
        state = card_play_position(seed, 5)
        obs = state.observation(state.to_move)
        know = knowledge(obs)
        if math.comb(know.pool.bit_count(), 12 - know.known.bit_count()) <= 3000:
            cases.append(obs)
        if len(cases) == 6:
            break
    return cases


def test_counts_match_enumeration() -> None:
    cases = small_cases()
    assert len(cases) == 6
    constrained = 0
    for obs in cases:
        hands = enumerate_hands(obs)
        assert Hands(knowledge(obs)).count == len(hands)
        know = knowledge(obs)
        constrained += len(hands) < math.comb(know.pool.bit_count(), 12 - know.known.bit_count())
    assert constrained >= 2       # the dialogue rules hands out in some of them


def test_marginals_match_enumeration() -> None:
    draws = 3000
    for obs in small_cases()[:3]:
        hands = enumerate_hands(obs)
        exact = Counter(c for h in hands for c in PACK_32 if h >> c & 1)
        know = knowledge(obs)
        drawn: Counter[int] = Counter()
        it = sample(obs, random.Random(11))
        for _ in range(draws):
            world = next(it)
            after = world.hands[know.opponent] | know.played
            drawn.update(c for c in PACK_32 if after >> c & 1)
        for card in PACK_32:
            p = exact[card] / len(hands)
            sd = math.sqrt(p * (1 - p) / draws)
            assert abs(drawn[card] / draws - p) <= 4.5 * sd + 1e-9, (card, p, drawn[card] / draws)


def test_every_consistent_hand_is_drawn_about_equally() -> None:
    obs = next(o for o in small_cases() if 3 <= len(enumerate_hands(o)) <= 60)
    hands = enumerate_hands(obs)
    know = knowledge(obs)
    it = sample(obs, random.Random(5))
    draws = 200 * len(hands)
    seen = Counter(next(it).hands[know.opponent] | know.played for _ in range(draws))
    assert set(seen) == set(hands)
    chi2 = sum((seen[h] - 200) ** 2 / 200 for h in hands)
    k = len(hands) - 1
    assert chi2 < k + 5 * math.sqrt(2 * k)      # far in the tail for a uniform draw


def test_tight_declarations_are_drawn_without_rejection() -> None:
    """At the first trick, a dialogue that leaves under one hand in fifty of the pool's
    (rejection would need fifty tries a world): every world drawn says what was said."""
    for seed in range(200):
        state = card_play_position(seed, 11)
        obs = state.observation(state.to_move)
        know = knowledge(obs)
        hands = Hands(know)
        possible = math.comb(know.pool.bit_count(), 12 - know.known.bit_count())
        if hands.count * 50 < possible:
            break
    else:
        raise AssertionError("no tight dialogue found")
    it = sample(obs, random.Random(2))
    for _ in range(300):
        after = next(it).hands[know.opponent] | know.played
        assert says_true(obs, know.opponent, after)
        assert all((after & m).bit_count() == n for m, n in know.counted)


def test_a_carte_blanche_shown_keeps_the_dealt_cards_but_the_discards() -> None:
    """The elder shows a carte blanche (his twelve dealt cards): the younger's worlds give him all
    of them but as many as he discarded."""
    low = [c for c in PACK_32 if not COURT_MASK >> c & 1]
    rest = [c for c in PACK_32 if c not in low[:12]]
    deal = Deal((CardSet(sum(1 << c for c in low[:12])), CardSet(sum(1 << c for c in rest[:12]))),
                tuple(rest[12:]))
    state = PiquetState.from_deal(PiquetGame(), deal, {"dealer": "1"})
    bots = [HeuristicBot(random.Random(s)) for s in range(2)]
    while state.phase_name != "play":
        state.apply(bots[state.to_move].act(state.observation(state.to_move)))
    assert state.cb_seat == 0
    obs = state.observation(1)
    know = knowledge(obs)
    dealt = int(deal.hands[0])
    assert (dealt, 12 - obs.discard_sizes[0]) in know.counted
    it = sample(obs, random.Random(3))
    for _ in range(100):
        after = next(it).hands[0] | know.played
        assert (after & dealt).bit_count() == 12 - obs.discard_sizes[0]
        assert says_true(obs, 0, after)


def test_a_world_places_every_card() -> None:
    for seed in range(30):
        state = card_play_position(seed, 12 - seed % 12)
        seat = state.to_move
        obs = state.observation(seat)
        world = next(sample(obs, random.Random(seed)))
        gone = int(obs.discard or 0) | int(obs.left_cards)
        for _, lead, follow, _ in obs.tricks:
            gone |= 1 << lead | 1 << follow
        for _, card in obs.trick:
            gone |= 1 << card
        placed = world.hands[0] | world.hands[1] | world.hidden | gone | int(obs.known_cards)
        assert placed == sum(1 << c for c in PACK_32)
        assert not world.hands[0] & world.hands[1] and not (world.hands[0] | world.hands[1]) & world.hidden


def test_partial_sinking_calls_are_read_as_parts_of_holdings() -> None:
    """With ``sinking=partial`` a call may be part of a holding (a point one card short, a quart
    called as a tierce): the sampler reads it against every call the hand may make, parts of
    holdings included, so the true hand stays possible and worlds are drawn whatever was sunk
    (that they say no more than was said: test_sampler_faithful.py)."""
    for seed in range(80):
        state = card_play_position(seed, 12 - seed % 12, {"sinking": "partial"})
        for seat in (0, 1):
            obs = state.observation(seat)
            know = knowledge(obs)
            after = state.after_exchange[1 - seat]
            assert after & know.known == know.known and after & ~(know.known | know.pool) == 0
            assert all((after & m).bit_count() == n for m, n in know.counted)
            assert Hands(know).count > 0
            world = next(sample(obs, random.Random(seed)))
            assert world.hands[seat] == state.hands[seat]

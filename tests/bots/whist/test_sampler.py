"""The Whist sampler against exhaustive enumeration: on small endings, every placing of the
hidden cards is tried and kept if the engine, replaying the hand from it, shows the seat the very
same observation (so voids, the turned card and the honours spoken at eight are the engine's
facts, not the sampler's); the sampled worlds must lie in that set and be uniform over it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from math import sqrt

import pytest

from atout.actions import Action
from atout.bots.whist.sampler import Sampler, World, knowledge_of
from atout.bots.whist.solver import world_of
from atout.cards import RANK_INDEX, SUIT_INDEX, Card, CardSet, cards_of
from atout.chance import Deal
from atout.games.whist.actions import ANSWER_NO, CALL
from atout.games.whist.state import WhistState
from tests.bots.whist.helpers import from_deal, replayed

HANDS = 4


def placings(pool: list[int], sizes: dict[int, int]) -> Iterator[dict[int, int]]:
    """Every split of ``pool`` into hands of the given sizes."""
    hands = sorted(sizes)
    if len(hands) == 1:
        yield {hands[0]: sum(1 << c for c in pool)}
        return
    first, rest = hands[0], {h: sizes[h] for h in hands[1:]}
    for chosen in combinations(pool, sizes[first]):
        others = [c for c in pool if c not in chosen]
        for split in placings(others, rest):
            yield {first: sum(1 << c for c in chosen), **split}


def consistent_worlds(state: WhistState, deal: Deal, actions: list[tuple[int, Action]], setup: dict[str, str],
                      seat: int) -> set[World]:
    """Every world the engine finds consistent with ``seat``'s observation (by replaying the hand
    from each placing of the cards the seat does not see)."""
    obs = state.observation(seat)
    target = (obs.to_json(), obs.log.to_json())
    truth = world_of(state, seat)
    seen = {seat} | ({3} if obs.mort_hand is not None else set())
    hidden = [h for h in range(HANDS) if h not in seen]
    pool = [c for h in hidden for c in cards_of(truth[h])]
    out: set[World] = set()
    for split in placings(pool, {h: truth[h].bit_count() for h in hidden}):
        world = (split.get(0, truth[0]), split.get(1, truth[1]), split.get(2, truth[2]), split.get(3, truth[3]))
        replay = replayed(state, deal, actions, setup, world)
        if replay is not None:
            seen_now = replay.observation(seat)
            if (seen_now.to_json(), seen_now.log.to_json()) == target:
                out.add(world)
    return out


def check_uniform(state: WhistState, deal: Deal, actions: list[tuple[int, Action]], setup: dict[str, str],
                  seat: int, per_world: int = 40) -> tuple[int, Counter[World]]:
    """Sample ``per_world`` times as many worlds as there are consistent ones; check the support,
    the chi-square of the joint counts and every card's marginal (who holds it)."""
    worlds = consistent_worlds(state, deal, actions, setup, seat)
    assert len(worlds) > 1
    sampler = Sampler(state.observation(seat))
    assert sampler.completions(0, sampler.room0) == len(worlds)
    rng = random.Random(99)
    n = per_world * len(worlds)
    counts = Counter(sampler.world(rng) for _ in range(n))
    assert set(counts) <= worlds
    expected = n / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    z = 3.72    # one-sided 1e-4 (Wilson–Hilferty approximation of the chi-square quantile)
    assert chi2 < df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3
    for hand in range(HANDS):
        for card in range(52):
            exact = sum(w[hand] >> card & 1 for w in worlds) / len(worlds)
            got = sum(k for w, k in counts.items() if w[hand] >> card & 1) / n
            assert abs(got - exact) <= 5 * sqrt(exact * (1 - exact) / n) + 1e-12
    return len(worlds), counts


def keep_turned(state: WhistState, legal: list[Action], rng: random.Random) -> Action:
    """Random play in which the dealer keeps the turned card while he may."""
    others = [a for a in legal if a != state.turned]
    return rng.choice(others or legal)


def voids_shown(state: WhistState, seat: int) -> int:
    knowledge = knowledge_of(state.observation(seat))
    return sum(knowledge.voids[h].bit_count() for h in knowledge.hidden)


def test_whist_ending_with_voids_and_the_turned_card() -> None:
    setup: dict[str, str] = {}
    state, deal, actions = from_deal("whist", 5, setup, lambda s: s.ncards == 41, keep_turned)
    seat = 0
    obs = state.observation(seat)
    assert obs.turned is not None and obs.turned_in_hand_of != seat     # the dealer still holds it
    assert voids_shown(state, seat) >= 1
    check_uniform(state, deal, actions, setup, seat)


def test_mort_ending_seen_by_an_opponent() -> None:
    setup = {"declarer": "0"}
    state, deal, actions = from_deal("mort", 6, setup, lambda s: s.ncards == 30, options={"rubbers": 1})
    seat = 1
    assert state.observation(seat).mort_hand is not None
    check_uniform(state, deal, actions, setup, seat)


def honours_dealt(deal: Deal, seat: int) -> int:
    trump = SUIT_INDEX[deal.turned[0]]
    return sum(1 for c in deal.hands[seat] if SUIT_INDEX[c] == trump and RANK_INDEX[c] >= RANK_INDEX[Card("JS")])


def test_a_call_at_eight_and_its_answer_no_are_hard_constraints() -> None:
    """Seat 0 called (exactly two honours dealt), seat 2 answered no (none): an opponent's worlds
    all say so, and only those."""
    setup = {"game_scores": "8-3"}
    calls: list[Action] = []

    def call_first(state: WhistState, legal: list[Action], rng: random.Random) -> Action:
        full = state.legal_actions()
        if CALL in full and not calls:
            calls.append(CALL)
            return CALL
        if ANSWER_NO in full:
            return ANSWER_NO
        return rng.choice(legal)

    def two_and_none(deal: Deal) -> bool:
        return honours_dealt(deal, 0) == 2 and honours_dealt(deal, 2) == 0

    state, deal, actions = from_deal("whist", 7, setup, lambda s: s.ncards == 42, call_first, two_and_none)
    assert (0, CALL) in actions and (2, ANSWER_NO) in actions
    _, counts = check_uniform(state, deal, actions, setup, 1)
    mask = state.table.honour_mask[state.trump]
    gone = [sum(1 for who, a in actions if who == s and type(a) is Card and mask >> a & 1) for s in range(HANDS)]
    for world in counts:     # with the honours they played, seat 0 was dealt two and seat 2 none
        assert (world[0] & mask).bit_count() + gone[0] == 2 and (world[2] & mask).bit_count() + gone[2] == 0


def test_an_impossible_observation_is_refused() -> None:
    state, _, _ = from_deal("whist", 5, {}, lambda s: s.ncards == 41)
    obs = state.observation(0)
    bad = obs._replace(played=CardSet(int(obs.played) & ~(1 << next(iter(cards_of(int(obs.played)))))))
    with pytest.raises(ValueError):
        Sampler(bad)


"""The Sizette and Quadrette deal sampler (``atout.bots.sizette.sampler``): every world it draws
is one the real engine accepts as the hand so far, the true deal is never excluded, and worlds
are uniform (checked against exhaustive enumeration by the engine on small positions, and
against rejection sampling on larger ones). Positions come from real bot-played parties."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from math import comb, sqrt
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.bots import make_bot, play_partie
from atout.bots.base import Watching
from atout.bots.sizette.knowledge import Knowledge
from atout.bots.sizette.sampler import Constraints, World, answer_entropy, count_worlds, sample
from atout.cards import Card, CardSet, Suit, cards_of
from atout.chance import Deal
from atout.games import make_game
from atout.games.sizette.actions import Answer, ClaimRevoke, Say
from atout.games.sizette.events import ClaimRejected
from atout.games.sizette.talk import Question

Position = tuple[Any, tuple[int, ...]]   # (observation, every seat's true hand)


class Recorder(Watching):
    """Plays as ``inner`` from the observation; keeps the observation and the true hands."""

    def __init__(self, inner: Any, out: list[Position], rng: random.Random, keep: float):
        super().__init__(inner)
        self.out, self.rng, self.keep = out, rng, keep

    def seen(self, obs: Any, state: Any, seat: int) -> None:
        if obs.phase == "play" and self.rng.random() < self.keep:
            self.out.append((obs, tuple(int(h) for h in state.hands)))


@cache
def positions(game_name: str, table_law: bool = False, play_out: bool = False, parties: int = 4) -> tuple[Position, ...]:
    """Positions of real parties: talkative heuristics (detail high) beside random talkers
    (``play_out``: every hand played to its last trick, for small late positions)."""
    options: dict[str, Any] = {"target_points": 3, "table_law_mode": table_law, "play_out_all_tricks": play_out}
    game = make_game(game_name, options)
    out: list[Position] = []
    for seed in range(parties):
        bots = []
        for s in range(game.num_seats):
            rng = random.Random(seed * 31 + s)
            inner = (make_bot("heuristic", game, rng, detail="high") if (s + seed) % 2 == 0
                     else make_bot("random", game, rng, talk_prob=0.4))
            bots.append(Recorder(inner, out, random.Random(seed * 7 + s), 0.5))
        play_partie(game, bots, random.Random(seed))
    return tuple(out)


def said_something(obs: Any) -> bool:
    return any(isinstance(e.action, (Say, Answer)) and e.action.statement.kind != "nothing"
               and e.seat != obs.seat for e in obs.talk)


# ---------------------------------------------------------------------------------- the engine's verdict


def replayed(obs: Any, world: tuple[int, ...]) -> Any | None:
    """The engine's state dealt ``world`` (each hand with its played cards back; the Quadrette
    talon: the rest, the turned card first) after every action of the hand so far, or ``None``
    when the engine refuses one (an untrue statement, a card that could not be played)."""
    game = make_game(obs.game, dict(obs.options))
    rules = game.rules
    k = Knowledge(obs)
    dealt = [world[s] | k.played_by[s] for s in range(obs.num_seats)]
    if rules.talon_size:
        rest = rules.pack & ~sum(dealt) & ~(1 << obs.turned)
        deal = Deal(tuple(CardSet(h) for h in dealt), talon=(obs.turned, *cards_of(rest)), turned=(obs.turned,))
    else:
        deal = Deal(tuple(CardSet(h) for h in dealt), turned=(obs.turned,))
    setup = {"dealer": str(obs.dealer), "captains": f"{obs.captains[0]},{obs.captains[1]}",
             "hand": str(obs.hand_number)}
    try:
        state: Any = game.state_from_deal(deal, setup)
        started = False
        for entry in obs.log.since(obs.log.hand_start):
            item = entry.item
            if isinstance(item, Deal):
                started = True
            elif started and getattr(item, "kind", None) is not ActionKind.EVENT:
                state.apply(item, entry.seat)
    except ValueError:
        return None
    return state


def replays(obs: Any, world: tuple[int, ...]) -> bool:
    """Whether the engine, dealt ``world``, accepts every action of the hand so far and produces
    the same tricks and talk (a « pas de carte », a rejected claim…) as the real one."""
    state = replayed(obs, world)
    return state is not None and state.talk == obs.talk and state.done_tricks == obs.tricks and tuple(
        zip(state.game.rules.seats_from[state.leader], state.trick)) == obs.trick


# ---------------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("game_name", "table_law"), [("sizette", False), ("quadrette", False), ("sizette", True)])
def test_the_true_deal_is_never_excluded(game_name: str, table_law: bool) -> None:
    found = positions(game_name, table_law)
    assert len(found) > 80
    talked = 0
    for obs, hands in found:
        constraints = Constraints(obs)
        assert constraints.admits(hands), (obs.seat, obs.talk, obs.tricks)
        assert replays(obs, hands)    # the harness itself: the truth replays
        talked += said_something(obs)
    assert talked > 30


@pytest.mark.parametrize(("game_name", "table_law"), [("sizette", False), ("quadrette", False), ("sizette", True)])
def test_every_world_replays_in_the_engine(game_name: str, table_law: bool) -> None:
    rng = random.Random(5)
    found = positions(game_name, table_law)
    for obs, _ in found[::4]:
        worlds = sample(obs, rng)
        for _ in range(3):
            world = next(worlds)
            assert world[obs.seat] == obs.hand
            assert [len(h) for h in world] == list(obs.hand_sizes)
            assert replays(obs, world), (obs.seat, [str(h) for h in world], obs.talk)


def every_placing(obs: Any) -> list[tuple[int, ...]]:
    """Every placing of the hidden cards in the other hands (by size; the talon takes the rest)."""
    k = Knowledge(obs)
    hidden = list(cards_of(k.live & ~k.mine))
    others = [s for s in range(obs.num_seats) if s != obs.seat]

    def place(i: int, left: list[int]) -> list[list[int]]:
        if i == len(others):
            return [[]]
        out = []
        for chosen in itertools.combinations(left, obs.hand_sizes[others[i]]):
            rest = [c for c in left if c not in chosen]
            out += [[sum(1 << c for c in chosen), *tail] for tail in place(i + 1, rest)]
        return out

    worlds = []
    for hands in place(0, hidden):
        world = [0] * obs.num_seats
        world[obs.seat] = int(obs.hand)
        for s, h in zip(others, hands, strict=True):
            world[s] = h
        worlds.append(tuple(world))
    return worlds


def placings(obs: Any) -> int:
    """How many placings there are, consistent or not (the multinomial of the hidden cards)."""
    k = Knowledge(obs)
    left = (k.live & ~k.mine).bit_count()
    total = 1
    for s in range(obs.num_seats):
        if s != obs.seat:
            total *= comb(left, obs.hand_sizes[s])
            left -= obs.hand_sizes[s]
    return total


def small_positions(limit: int) -> list[Any]:
    out = []
    for game_name in ("sizette", "quadrette"):
        for obs, _ in positions(game_name, play_out=True):
            if said_something(obs) and placings(obs) <= limit and count_worlds(obs) > 1:
                out.append(obs)
    return out


def test_the_count_is_the_engines_count_on_small_positions() -> None:
    """Enumerate every placing, keep those the engine replays: the sampler counts the same."""
    cases = small_positions(400)
    assert len(cases) >= 10
    narrowed = 0
    for obs in cases[:40]:
        consistent = [w for w in every_placing(obs) if replays(obs, w)]
        assert count_worlds(obs) == len(consistent), (obs.seat, obs.talk, obs.tricks)
        narrowed += len(consistent) < placings(obs)
    assert narrowed >= 5


def chi_square_z(counts: Counter[Any], cells: list[Any], draws: int) -> float:
    """The Wilson–Hilferty normal score of the chi-square statistic against uniform cells."""
    expected = draws / len(cells)
    stat = sum((counts.get(c, 0) - expected) ** 2 / expected for c in cells)
    k = len(cells) - 1
    return ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / sqrt(2 / (9 * k))


def test_worlds_are_uniform_on_small_positions() -> None:
    """Chi-square of the sampled worlds against every consistent world (engine-enumerated)."""
    cases = [obs for obs in small_positions(2000) if 6 <= count_worlds(obs) <= 300]
    assert len(cases) >= 5
    rng = random.Random(11)
    worst = []
    for obs in cases[:12]:
        consistent = [w for w in every_placing(obs) if replays(obs, w)]
        draws = 40 * len(consistent)
        counts = Counter(itertools.islice(sample(obs, rng), draws))
        assert set(counts) <= set(consistent)
        worst.append(chi_square_z(counts, consistent, draws))
    assert max(worst) < 4.0, worst


def test_marginals_match_rejection_sampling() -> None:
    """On positions with many worlds and talk, each card's holder is distributed as under
    rejection sampling (shuffle the hidden cards into the hands, keep what the facts admit)."""
    rng = random.Random(3)
    cases = [obs for game_name in ("sizette", "quadrette") for obs, _ in positions(game_name)
             if said_something(obs) and count_worlds(obs) > 1000 and count_worlds(obs) > placings(obs) // 20]
    checked = 0
    for obs in cases[::max(1, len(cases) // 6)][:6]:
        constraints = Constraints(obs)
        k = constraints.knowledge
        hidden = list(cards_of(k.live & ~k.mine))
        others = [s for s in range(obs.num_seats) if s != obs.seat]
        naive: Counter[tuple[int, int]] = Counter()
        kept = tries = 0
        while kept < 2000 and tries < 50_000:
            tries += 1
            rng.shuffle(hidden)
            world = [0] * obs.num_seats
            world[obs.seat] = int(obs.hand)
            at = 0
            for s in others:
                world[s] = sum(1 << c for c in hidden[at:at + obs.hand_sizes[s]])
                at += obs.hand_sizes[s]
            if constraints.admits(world):
                kept += 1
                naive.update((c, s) for s in others for c in cards_of(world[s]))
        if kept < 2000:
            continue
        exact: Counter[tuple[int, int]] = Counter()
        for world in itertools.islice(sample(obs, rng), 2000):
            exact.update((c, s) for s in others for c in cards_of(world[s]))
        for key in set(naive) | set(exact):
            p = (naive[key] + exact[key]) / 4000
            spread = sqrt(max(p * (1 - p), 1e-4) * 2 / 2000)
            assert abs(naive[key] - exact[key]) / 2000 <= 4.5 * spread + 1e-9, (key, naive[key], exact[key])
        checked += 1
    assert checked >= 3


def test_talk_narrows_the_worlds() -> None:
    """A hand with a partner's statement: every world agrees with it, and there are fewer worlds."""
    hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
             "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
    state: Any = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
                                                      {"dealer": "5", "captains": "0,1"})
    before = count_worlds(state.observation(4))
    from atout.games.sizette.actions import Ask
    state.apply(Ask(2, Question("count", Suit.HEARTS)), 0)
    answer = next(a for a in state.observation(2).legal if isinstance(a, Answer) and a.statement.kind == "top")
    state.apply(answer, 2)                       # « two hearts, the jack the highest »
    obs = state.observation(4)
    assert count_worlds(obs) < before
    for world in itertools.islice(sample(obs, random.Random(2)), 200):
        assert answer.statement.is_true(world[2], state.rules.strength)


def test_the_sampler_reads_only_the_observation() -> None:
    """Two real states whose observation for seat 0 is the same but whose other hands differ
    (two cards exchanged between seats 3 and 4): the same seed draws the same worlds."""
    texts = ["KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C",
             "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C"]
    swapped = texts[:3] + ["10H 9H KS QS AD 7C", "8H 6H KD AS 6C 8C", texts[5]]
    observations = []
    for hands in (texts, swapped):
        deal = Deal(tuple(CardSet.parse(h, "en") for h in hands), turned=(Card("9C"),))
        state: Any = make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "0,1"})
        state.apply(Card("KH"), 0)               # the opening lead
        observations.append(state.observation(0))
    a, b = (list(itertools.islice(sample(obs, random.Random(9)), 50)) for obs in observations)
    assert a == b


def test_answer_entropy_ranks_questions() -> None:
    """Before any talk, which trumps a team-mate holds tells more than whether he holds one card."""
    obs, _ = next((o, h) for o, h in positions("sizette") if not o.tricks and o.trump is not None)
    trump = Suit(int(obs.trump))
    mate = next(s for s in range(obs.num_seats) if s != obs.seat and s in Knowledge(obs).mates)
    unseen = next(c for c in cards_of(Knowledge(obs).live & ~int(obs.hand)) if c != obs.turned)
    wide = answer_entropy(obs, mate, Question("which", trump), random.Random(1), worlds=100)
    narrow = answer_entropy(obs, mate, Question("hold", card=Card(unseen)), random.Random(1), worlds=100)
    assert wide > 1.5 and 0 < narrow <= 1


def holders(worlds: list[World], others: list[int]) -> Counter[tuple[int, int]]:
    return Counter((c, s) for world in worlds for s in others for c in cards_of(world[s]))


def test_rejection_from_looser_facts_is_uniform() -> None:
    """When the exact count would cost more than the budget, worlds drawn from looser facts and
    kept when they meet all of them have the exact sampler's marginals."""
    rng = random.Random(8)
    checked = 0
    for obs, _ in positions("sizette")[::3]:
        exact, loose = Constraints(obs), Constraints(obs, 2)
        worlds, looser = exact.count(), loose.count()
        if loose.work >= exact.work or worlds < 300 or worlds * 10 < looser:
            continue
        others = [s for s in range(obs.num_seats) if s != obs.seat]
        drawn = list(itertools.islice(sample(obs, rng, budget=loose.work), 2000))
        assert all(exact.admits(w) for w in drawn)
        a, b = holders(drawn, others), holders(list(itertools.islice(sample(obs, rng), 2000)), others)
        for key in set(a) | set(b):
            p = (a[key] + b[key]) / 4000
            assert abs(a[key] - b[key]) / 2000 <= 4.5 * sqrt(max(p * (1 - p), 1e-4) * 2 / 2000), key
        checked += 1
        if checked == 3:
            break
    assert checked >= 2


class Claimer:
    """A heuristic (it never revokes) that claims a revoke whenever it may, half the time."""

    name = "claimer"
    interjects = True

    def __init__(self, game: Any, rng: random.Random):
        self.inner, self.rng = make_bot("heuristic", game, rng, detail="high"), rng

    def act(self, obs: Any) -> Any:
        return self.inner.act(obs)

    def interject(self, obs: Any) -> Any:
        claims = [a for a in obs.legal if isinstance(a, ClaimRevoke)]
        return claims[0] if claims and self.rng.random() < 0.5 else None


def test_a_rejected_revoke_claim_shows_voids() -> None:
    """Table-law mode: a claim found groundless says the other side's cards off the suit led were
    voids; worlds that forget it would revoke, and the engine would uphold the claim."""
    game = make_game("sizette", {"target_points": 3, "table_law_mode": True})
    found: list[Position] = []
    for seed in range(3):
        bots = [Recorder(Claimer(game, random.Random(seed * 10 + s)), found, random.Random(s), 1.0) for s in range(6)]
        play_partie(game, bots, random.Random(seed))
    after = [(obs, hands) for obs, hands in found if any(isinstance(e.action, ClaimRejected) for e in obs.talk)]
    assert len(after) >= 20
    rng = random.Random(4)
    shown = 0
    for obs, hands in after:
        assert Constraints(obs).admits(hands)
        plain = obs._replace(talk=tuple(e for e in obs.talk if not isinstance(e.action, ClaimRejected)))
        shown += count_worlds(obs) < count_worlds(plain)
        for world in itertools.islice(sample(obs, rng), 2):
            assert replays(obs, world)
    assert shown >= 10

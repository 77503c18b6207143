"""The Bésigue sampler: every world consistent with the seat's observation, and uniform among them."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from atout.bots.besigue.sampler import consistent, draws, knowledge, sample
from atout.cards import Card
from atout.games.besigue.actions import Exchange
from tests.bots.besigue.helpers import play_until


def test_worlds_keep_what_the_seat_knows() -> None:
    state = play_until(1, lambda s: s.phase_name == "play" and len(s.talon) - s.talon_pos < 60)
    assert state is not None
    seat = state.to_move
    obs = state.observation(seat)
    for world in _take(sample(obs, random.Random(0)), 50):
        assert world.hands[seat] == state.hands[seat]
        assert len(world.talon) == obs.talon
        for s in range(2):
            assert world.hands[s] & int(obs.tabled[s]) == int(obs.tabled[s])
            assert world.hands[s].bit_count() == state.hands[s].bit_count()
        everything = sum(world.hands) + sum(1 << c for c in world.talon) + int(obs.played)
        assert everything == int(state.rules.pack)


def test_the_exchanged_and_drawn_turned_cards_are_known() -> None:
    """Playing atout vu, the seat that exchanged the seven holds the old turned card, and the seat
    that drew the turned card face up holds it, in every world (until played)."""
    def exchanged(s: object) -> bool:
        return any(type(e.item) is Exchange and e.seat == 1 for e in s.observation(0).log)  # type: ignore[attr-defined]

    for seed in range(40):
        state = play_until(seed, lambda s: s.to_move == 0 and s.phase_name == "play" and exchanged(s),
                           {"trump_mode": "turned_card"})
        if state is not None:
            break
    assert state is not None
    turned = next(e.item.turned[0] for e in state.observation(0).log if type(e.item).__name__ == "Deal")
    assert state.hands[1] >> turned & 1      # the engine's truth: the exchanger holds it
    k = knowledge(state.observation(0))
    assert k.known[1] >> turned & 1
    for world in _take(sample(state.observation(0), random.Random(1)), 30):
        assert world.hands[1] >> turned & 1
        assert world.talon[-1] == state.retourne    # the seven now lies at the bottom


def _take(worlds, count):  # type: ignore[no-untyped-def]
    return [next(worlds) for _ in range(count)]


def test_last_tricks_of_three_players_uniform_among_consistent_worlds() -> None:
    """Three players, a few last tricks played with a void shown: the frequency of each card in each
    hidden hand matches the exact share over every consistent placing (enumerated)."""
    def ready(s: object) -> bool:
        if s.phase_name != "last_tricks" or s.to_move != 0:  # type: ignore[attr-defined]
            return False
        k = knowledge(s.observation(0))  # type: ignore[attr-defined]
        return any(k.forbidden) and sum(k.hidden) <= 10

    state = None
    for seed in range(60):
        state = play_until(seed, ready, {"players": 3})
        if state is not None:
            break
    assert state is not None
    obs = state.observation(0)
    k = knowledge(obs)
    assert consistent(k, tuple(state.hands))
    a, b = (s for s in range(3) if k.hidden[s])
    exact: Counter[tuple[int, int]] = Counter()
    worlds = 0
    for chosen in combinations(k.pool, k.hidden[a]):
        hands = list(k.known)
        for c in k.pool:
            hands[a if c in chosen else b] |= 1 << c
        if consistent(k, tuple(hands)):
            worlds += 1
            exact.update((c, a) for c in chosen)
    assert 1 < worlds < len(list(combinations(k.pool, k.hidden[a])))   # the voids do cut
    draws_count = 3000
    seen: Counter[tuple[int, int]] = Counter()
    for world in _take(draws(k, random.Random(5)), draws_count):
        assert consistent(k, world.hands)
        seen.update((c, a) for c in k.pool if world.hands[a] >> c & 1)
    for c in k.pool:
        p = exact[(c, a)] / worlds
        sigma = (p * (1 - p) / draws_count) ** 0.5
        assert abs(seen[(c, a)] / draws_count - p) <= 4.5 * sigma + 1e-9, (str(Card(c)), p)


def test_first_phase_talon_order_is_uniform() -> None:
    """Each unseen card is as likely at the top of the talon as any other (a plain shuffle)."""
    state = play_until(2, lambda s: s.phase_name == "play" and len(s.talon) - s.talon_pos <= 12)
    assert state is not None
    k = knowledge(state.observation(state.to_move))
    total = 6000
    tops = Counter(w.talon[0] for w in _take(draws(k, random.Random(3)), total))
    expected = total / len(k.pool)
    chi2 = sum((tops[c] - expected) ** 2 / expected for c in k.pool)
    assert chi2 < len(k.pool) + 5 * (2 * len(k.pool)) ** 0.5


def test_the_truth_stays_possible_in_later_hands() -> None:
    """Past hands' plays say nothing of this hand: at every card decision of the last tricks of a
    partie's second and third hands, the true hands are consistent and worlds are drawn."""
    from atout.bench_search import positions_of
    from atout.bots.besigue.solver import solvable

    checked = 0
    for obs, world in positions_of("besigue", 60, 2026):
        if obs.hand_number < 2 or not solvable(obs):
            continue
        k = knowledge(obs)
        assert consistent(k, world.hands), obs.to_json()
        assert next(sample(obs, random.Random(1))).hands[obs.seat] == int(obs.hand)
        checked += 1
    assert checked >= 5

"""Sizette and Quadrette beyond the generic kit (``tests/conformance``): every scored hand agrees
with the rules, and random and heuristic play reach every way a hand can end.

The kit checks what every game owes the contract after every action (notation, cards conserved,
scores, leaks, replay, undo, records). Here, for each hand result of many random parties: the
trick winners recomputed by the reference rule (:func:`atout.tricks.trick_winner`), each trick
led by the previous winner (the first by the seat after the dealer), the tricks counted per
side, and the points matching the reason (three, four, vole, failed vole, null).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from atout.bots.registry import make_bot
from atout.game import TERMINAL
from atout.games import make_game
from atout.seats import next_seat
from atout.tricks import trick_winner
from tests.conformance import kit

HANDS = 2000
LAW_HANDS = 600
HEURISTIC_HANDS = 500
POLICY = kit.Policy(talk=0.1, claim=0.0, table=0.0005, max_results=30)
LAW_POLICY = kit.Policy(talk=0.1, claim=0.03, table=0.001, max_results=30)

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sizette": [{}, {"play_out_all_tricks": True}, {"preset": "encyclopedie"}, {"preset": "lalanne"}],
    "quadrette": [{}, {"win_rule": "four_needed"}, {"deal_packets": "2+2+2", "play_out_all_tricks": True},
                  {"preset": "story_1862"}],
}
LAW_VARIANTS: list[dict[str, Any]] = [
    {"table_law_mode": True},
    {"table_law_mode": True, "penalty_overflow": "all_to_opponents"},
    {"table_law_mode": True, "penalty_overflow": "negative_allowed", "target_points": 3},
]
STOPPED = ("revoke", "redeal", "penalty")  # hands stopped (or charged) before they were played out


def check_result(game: Any, result: Any) -> None:
    """A finished hand agrees with the rules: winners, leaders, tricks and points."""
    n, sides = game.num_seats, game.sides
    strength = game.order.strength
    leader = next_seat(result.dealer, n)
    won = [0, 0]
    for i, t in enumerate(result.plays):
        assert t.leader == leader, f"trick led by {t.leader}, not {leader}: {result}"
        if t.winner == -1:  # play stopped mid-trick (a claim or a fault): the last record
            assert i == len(result.plays) - 1 and result.reason in STOPPED, f"unfinished trick {i}: {result}"
            break
        assert len(t.cards) == n
        assert t.winner == (t.leader + trick_winner(t.cards, result.trump, strength)) % n, result
        won[sides.of(t.winner)] += 1
        leader = t.winner
    if result.reason in STOPPED:
        return
    assert tuple(won) == tuple(result.tricks), result
    if result.turned is not None:
        assert result.trump == result.turned.suit
    reason, points, tricks = result.reason, result.points, result.tricks
    need = 4 if game.win_rule == "four_needed" else 3
    if reason == "null":
        assert points == (0, 0) and tricks == (3, 3) and need == 4
        return
    winner = 0 if points[0] > 0 else 1
    assert points[1 - winner] == 0, result
    if reason == "vole":
        assert points[winner] == 2 and tricks == tuple(6 if s == winner else 0 for s in (0, 1))
    elif reason == "vole_failed":
        assert points[winner] == 1 and tricks[1 - winner] == 1 and tricks[winner] >= need
        assert not game.options["play_out_all_tricks"]
    else:
        assert reason == ("four" if need == 4 else "three"), result
        assert points[winner] == 1 and tricks[winner] >= need
        if game.options["play_out_all_tricks"]:
            assert sum(tricks) == 6
        else:
            assert tricks[winner] == need and tricks[1 - winner] < need


def play(name: str, variants: list[dict[str, Any]], hands: int, seed: int, policy: kit.Policy,
         bots: bool = False) -> Counter[str]:
    """Parties until ``hands`` results are recorded, each checked; the count of each reason, and
    ``talk``: the talk entries of the results."""
    reasons: Counter[str] = Counter()
    talk = 0
    while sum(reasons.values()) < hands:
        game = make_game(name, variants[seed % len(variants)])
        state = game.new_state()
        rng, extras = random.Random(seed), [0]
        chooser = kit.BotPolicy(game, "heuristic", seed, make_bot) if bots else None
        seen = 0
        while state.to_move != TERMINAL and len(state.results) < policy.max_results:
            if chooser is not None:
                seat, action = chooser.choose(state, rng)
            else:
                seat, action = kit.choose_random(state, rng, policy, extras)
            state.apply(action, seat)
            if chooser is not None:
                chooser.after(state, seat)
            for result in state.results[seen:]:
                try:
                    check_result(game, result)
                except AssertionError as err:
                    raise AssertionError(f"{name} {game.options.changed()} seed {seed}: {err}") from err
                reasons[result.reason] += 1
                talk += len(getattr(result, "talk", ()))
            seen = len(state.results)
        seed += 1
    reasons["talk"] = talk
    return reasons


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_random_hands_follow_the_rules(name: str) -> None:
    reasons = play(name, VARIANTS[name], HANDS, 1000, POLICY)
    print(f"\n{name} random: {dict(reasons)}")
    assert reasons["three" if name == "sizette" else "four"] > 0 and reasons["talk"] > 0
    assert reasons["vole"] > 0 and reasons["vole_failed"] > 0
    if name == "quadrette":
        assert reasons["three"] > 0 and reasons["null"] > 0


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_table_law_hands_follow_the_rules(name: str) -> None:
    reasons = play(name, LAW_VARIANTS, LAW_HANDS, 5000, LAW_POLICY)
    print(f"\n{name} table law: {dict(reasons)}")
    assert reasons["revoke"] > 0 and reasons["redeal"] > 0


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_heuristic_hands_follow_the_rules(name: str) -> None:
    """The heuristic captains ask and their mates answer, hand after hand."""
    reasons = play(name, VARIANTS[name], HEURISTIC_HANDS, 3000, POLICY, bots=True)
    print(f"\n{name} heuristic: {dict(reasons)}")
    assert reasons["talk"] > HEURISTIC_HANDS and reasons["three"] > 0

"""Liveness: no sequence of legal actions stalls a partie. Talk, claims and table actions are
finite in every window (each question and statement once a hand, a few free remarks per seat and
window, a few captain changes per side in C0, each claim once per offender and trick), so a
player who always prefers them to moving on still lets the partie end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.cards import Card
from atout.errors import IllegalActionError
from atout.game import CHANCE
from atout.games.sizette.actions import Abandon, NewCaptain, Remark
from atout.games.sizette.rules import MAX_CAPTAIN_CHANGES, MAX_REMARKS_PER_WINDOW
from atout.games.sizette.windows import REMARK_MARKER
from tests.games.helpers import make, play, sizette

GREEDY_KINDS = (ActionKind.TALK, ActionKind.CLAIM, ActionKind.TABLE)


def greedy_partie(name: str, options: dict[str, Any], seed: int, limit: int = 200_000) -> tuple[Any, int]:
    """Every seat, at every step, makes any talk, claim or table action (but abandon) open to it
    before the seat to move may move; claims against a side are answered at once."""
    state = make(name, options).new_state()
    rng = random.Random(seed)
    n = state.game.num_seats
    steps = 0
    while state.outcome() is None:
        steps += 1
        assert steps < limit, f"no end after {limit} actions: {state!r}"
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        for seat in rng.sample(range(n), n):
            extra = [a for a in state.legal_actions(seat) if a.kind in GREEDY_KINDS and not isinstance(a, Abandon)]
            if extra:
                action = rng.choice(extra)
                state.apply(Remark(f"mot {steps}") if action is REMARK_MARKER else action, seat)
                break
        else:
            moves = state.moves()
            if state.table_law and state.trick and rng.random() < 0.97:   # revoke only now and then
                follow = [c for c in moves if isinstance(c, Card) and c.suit == state.trick[0].suit]
                moves = follow or moves
            state.apply(rng.choice(moves))
    return state, steps


@pytest.mark.parametrize("name, options", [
    ("sizette", {}), ("quadrette", {}),
    ("sizette", {"table_law_mode": True, "target_points": 3}),
    ("quadrette", {"table_law_mode": True, "win_rule": "four_needed", "target_points": 3}),
    ("sizette", {"strict_encyclopedie": True, "max_failed_commands": 9}),
])
def test_a_player_who_always_talks_claims_or_changes_captain_cannot_stall_the_partie(
        name: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        state, _ = greedy_partie(name, options, seed)
        outcome = state.outcome()
        assert outcome is not None and outcome.reason == "target"
        assert state.scores == (sum(r.points[0] for r in state.results), sum(r.points[1] for r in state.results))


def test_free_remarks_are_limited_per_seat_and_window() -> None:
    state = sizette(captains=(2, 5))
    for i in range(MAX_REMARKS_PER_WINDOW):
        assert REMARK_MARKER in state.legal_actions(4)
        state.apply(Remark(f"remarque {i}"), 4)
    assert REMARK_MARKER not in state.legal_actions(4)
    with pytest.raises(IllegalActionError, match=f"seat 4 has made its {MAX_REMARKS_PER_WINDOW} remarks") as err:
        state.apply(Remark("encore"), 4)
    assert "la place 4 a fait ses" in err.value.text("fr")
    assert REMARK_MARKER in state.legal_actions(0)                    # the others still may
    state.apply(state.parse_action("command KH"))
    state.apply(state.moves()[0])                                     # the opening lead: C2 opens
    assert REMARK_MARKER in state.legal_actions(1)                    # a new window, new counts
    assert state.window_name == "C2"


def test_the_remark_marker_itself_may_be_applied() -> None:
    state = sizette(captains=(2, 5))
    state.apply(REMARK_MARKER, 0)
    assert state.observation(3).talk[-1] == (0, 1, REMARK_MARKER)


def test_captain_changes_are_limited_per_side_in_c0() -> None:
    state = sizette()
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    assert state.phase_name == "cut"
    for i in range(MAX_CAPTAIN_CHANGES):
        change = NewCaptain(2 if i % 2 == 0 else 4)
        assert change in state.legal_actions(0)
        state.apply(change, 0)
    assert [a for a in state.legal_actions(2) if isinstance(a, NewCaptain)] == []
    with pytest.raises(IllegalActionError, match=f"at most {MAX_CAPTAIN_CHANGES} times before a deal"):
        state.apply(NewCaptain(0), 2)
    assert any(isinstance(a, NewCaptain) for a in state.legal_actions(1))   # the other side still may
    state.apply(state.moves()[0])                                     # the cut closes C0
    assert all(not isinstance(a, NewCaptain) for s in range(6) for a in state.legal_actions(s))

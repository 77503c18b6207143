"""When a hand of Sizette or Quadrette ends, and what it scores (RULES.md §1.6, §1.10, DP-QD1).

``after_trick`` is called once per completed trick and returns ``None`` (play on), ``"vole?"``
(the captain of the side that leads 3–0, or 4–0 under ``four_needed``, must decide) or
``(points, reason)``.

>>> scores = [1, 3]
>>> charge(scores, 0, 2, "split"); scores
[0, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

REDEAL_PENALTIES = ("card_turned", "trump_not_turned", "misdeal", "exposed_card")

__all__ = ["REDEAL_PENALTIES", "after_trick", "charge"]


def _points(team: int, value: int) -> tuple[int, int]:
    return (value, 0) if team == 0 else (0, value)


def after_trick(state: Any, team: int) -> None | str | tuple[tuple[int, int], str]:
    """Verdict after ``team`` won a trick; ``state`` gives tricks won, the rule and the vole."""
    won: Sequence[int] = state.tricks_won
    vole = state.vole_team
    if vole is not None:
        if team != vole:
            return _points(vole, 1), "vole_failed"
        if won[vole] == 6:
            return _points(vole, 2), "vole"
        return None
    four = state.win_rule == "four_needed"
    need = 4 if four else 3
    plain = "four" if four else "three"
    if state.play_out:
        if state.first_to_win is None and won[team] >= need:
            state.first_to_win = team
        if state.trick_no < 6:
            return None
        winner = state.first_to_win
        if winner is None:
            return (0, 0), "null"
        return (_points(winner, 2), "vole") if won[winner] == 6 else (_points(winner, 1), plain)
    if won[team] == need:
        return "vole?" if won[1 - team] == 0 else (_points(team, 1), plain)
    if four and won[0] == 3 and won[1] == 3:
        return (0, 0), "null"
    return None


def charge(scores: list[int], team: int, points: int, overflow: str) -> None:
    """Take a penalty of ``points`` from ``team`` (seed 001: what it cannot pay, the opponents mark).

    ``split``: deduct what exists, the remainder to the opponents; ``all_to_opponents``: if the
    team cannot pay it all, the opponents mark all of it; ``negative_allowed``: go below zero.
    """
    other = 1 - team
    if overflow == "negative_allowed":
        scores[team] -= points
    elif overflow == "all_to_opponents":
        if scores[team] >= points:
            scores[team] -= points
        else:
            scores[other] += points
    else:
        paid = min(points, max(scores[team], 0))
        scores[team] -= paid
        scores[other] += points - paid

"""When a hand of Sizette or Quadrette ends, and what it scores (docs/rules/decisions.md#hand-end, #vole, #table-penalties, #quadrette-win-rule):
the vole in one place, the penalty charge in one place.

:func:`after_trick` is called once per completed trick; it says play on (``None``), the captain
of the side leading 3–0 (4–0 under ``four_needed``) must decide on the vole
(:data:`VOLE_DECISION`), or the hand is over with ``(points, reason)``.

>>> charge((1, 3), 0, 2, "split")
(0, 4)
>>> winner_of((5, 3), 5), winner_of((5, 5), 5), winner_of((4, 3), 5)
(0, None, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from atout.games.sizette.rules import Rules

Points = tuple[int, int]
Verdict = None | str | tuple[Points, str]

VOLE_DECISION: Final = "vole?"
NO_POINTS: Points = (0, 0)
POINTS: tuple[tuple[Points, Points, Points], tuple[Points, Points, Points]] = (
    ((0, 0), (1, 0), (2, 0)), ((0, 0), (0, 1), (0, 2)))
"""``POINTS[side][value]``: the pair of ``value`` points (0 to 2) to ``side``."""
VOLE_REASONS = ("vole_failed", "vole")
"""The reasons of a hand ended by the vole: failed (a trick lost), made (every trick won)."""


def points(side: int, value: int) -> Points:
    """``value`` points to ``side`` (0 or 1), as a pair: ``points(1, 2) == (0, 2)``."""
    return POINTS[side][value] if 0 <= value <= 2 else ((value, 0) if side == 0 else (0, value))


def first_to_reach(rules: Rules, won: Points, side: int, first: int | None) -> int | None:
    """The side that reached the winning number of tricks first (``play_out_all_tricks``)."""
    if first is None and won[side] >= rules.need:
        return side
    return first


def after_trick(rules: Rules, won: Points, side: int, trick_no: int, vole_team: int | None,
                first: int | None) -> Verdict:
    """Verdict after ``side`` won trick number ``trick_no``; ``won`` counts the tricks so far."""
    if vole_team is not None:                  # going for the vole: the first trick lost ends it
        if side != vole_team:
            return points(vole_team, 1), VOLE_REASONS[0]
        if won[vole_team] == 6:
            return points(vole_team, 2), VOLE_REASONS[1]
        return None
    if rules.play_out:                         # all six tricks; 6–0 scores 2 without a decision
        if trick_no < 6:
            return None
        if first is None:
            return NO_POINTS, "null"
        return (points(first, 2), "vole") if won[first] == 6 else (points(first, 1), rules.plain_reason)
    if won[side] == rules.need:
        return VOLE_DECISION if won[1 - side] == 0 else (points(side, 1), rules.plain_reason)
    if rules.need == 4 and won[0] == 3 and won[1] == 3:
        return NO_POINTS, "null"
    return None


def vole_stopped(rules: Rules, side: int) -> tuple[Points, str]:
    """The captain stops after a clean start: one point, as for a plain win."""
    return points(side, 1), rules.plain_reason


def charge(scores: Points, side: int, value: int, overflow: str) -> Points:
    """``scores`` after a penalty of ``value`` points taken from ``side`` (the Encyclopédie: what it cannot
    pay, the opponents mark).

    ``split``: deduct what exists, the remainder to the opponents; ``all_to_opponents``: if the
    side cannot pay it all, the opponents mark all of it; ``negative_allowed``: go below zero.
    """
    mine, other = scores[side], scores[1 - side]
    if overflow == "negative_allowed":
        mine -= value
    elif overflow == "all_to_opponents":
        if mine >= value:
            mine -= value
        else:
            other += value
    else:
        paid = min(value, max(mine, 0))
        mine -= paid
        other += value - paid
    return (mine, other) if side == 0 else (other, mine)


def winner_of(scores: Points, target: int) -> int | None:
    """The side that has won the partie: at least ``target`` points and more than the other."""
    a, b = scores
    if a >= target and a > b:
        return 0
    if b >= target and b > a:
        return 1
    return None


def moved(before: Points, after: Points) -> Points:
    return pair(after[0] - before[0], after[1] - before[1])


PAIRS: dict[Points, Points] = {}
"""The pairs :func:`pair` shares, by value (the compiled end of a hand shares them too: :mod:`atout.card_play`)."""


def pair(a: int, b: int) -> Points:
    """``(a, b)``, one shared tuple per value (results keep many small pairs)."""
    key = (a, b)
    return PAIRS.setdefault(key, key) if len(PAIRS) < 10_000 else key

"""Seats, teams and direction of play.

Seats are numbered ``0 … n-1`` in the order in which players act (RULES.md §0.3):
``next(i) = (i + 1) % n``. In the French games play goes counter-clockwise, so ``next(i)``
sits on the *right* of ``i``; in Whist it goes clockwise and ``next(i)`` sits on the left.
Partners alternate: team 0 holds the even seats, team 1 the odd seats.

>>> next_seat(5, 6), prev_seat(0, 6), team_of(3), team_seats(1, 6)
(0, 5, 1, (1, 3, 5))
"""

from __future__ import annotations

from enum import Enum


class Direction(Enum):
    COUNTER_CLOCKWISE = "counter-clockwise"
    CLOCKWISE = "clockwise"

    def next_side(self, lang: str = "en") -> str:
        """Which side of a player the next player sits on."""
        right = self is Direction.COUNTER_CLOCKWISE
        if lang == "fr":
            return "droite" if right else "gauche"
        return "right" if right else "left"


TEAM_NAMES = ("A", "B")


def next_seat(seat: int, n: int) -> int:
    return (seat + 1) % n


def prev_seat(seat: int, n: int) -> int:
    return (seat - 1) % n


def team_of(seat: int) -> int:
    return seat % 2


def team_seats(team: int, n: int) -> tuple[int, ...]:
    return tuple(range(team, n, 2))


def other_team(team: int) -> int:
    return 1 - team

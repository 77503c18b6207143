"""Seats, sides and direction of play.

Seats are numbered ``0 … n-1`` in the order in which players act: ``next(i) = (i + 1) % n``.
In the French games play goes counter-clockwise, so ``next(i)`` sits on the *right* of ``i``;
in Whist it goes clockwise and ``next(i)`` sits on the left.

A :class:`Sides` is any partition of the seats into the parties that score together: three
against three (Sizette), two against two (Quadrette, Whist), one against one (Piquet), three or
four independent players (Bésigue). Nothing else in atout decides who plays with whom.

>>> sizette = Sides.alternating(6, 2)
>>> sizette.of(3), sizette.members(1), sizette.partners(3), sizette.opponents(3)
(1, (1, 3, 5), (1, 5), (0, 2, 4))
>>> Sides.independent(3).members(2), Sides.alternating(4, 2).name(1)
((2,), 'B')
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


def next_seat(seat: int, n: int) -> int:
    return (seat + 1) % n


def prev_seat(seat: int, n: int) -> int:
    return (seat - 1) % n


@dataclass(frozen=True)
class Sides:
    """A partition of ``num_seats`` seats into sides; side ``i`` holds ``seats[i]``."""

    seats: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        flat = sorted(s for side in self.seats for s in side)
        if not self.seats or flat != list(range(len(flat))):
            raise ValueError(f"sides must partition the seats 0..n-1, got {self.seats}")
        side_of = [0] * len(flat)
        for i, side in enumerate(self.seats):
            for s in side:
                side_of[s] = i
        object.__setattr__(self, "side_of", tuple(side_of))

    @classmethod
    def alternating(cls, num_seats: int, num_sides: int) -> Sides:
        """Partners sit alternately: side ``k`` holds seats ``k, k + num_sides, …``."""
        return cls(tuple(tuple(range(k, num_seats, num_sides)) for k in range(num_sides)))

    @classmethod
    def independent(cls, num_seats: int) -> Sides:
        """Every player for himself."""
        return cls.alternating(num_seats, num_seats)

    @property
    def num_seats(self) -> int:
        return len(self.side_of)

    def __len__(self) -> int:
        return len(self.seats)

    def of(self, seat: int) -> int:
        return self.side_of[seat]

    def members(self, side: int) -> tuple[int, ...]:
        return self.seats[side]

    def partners(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in self.seats[self.side_of[seat]] if s != seat)

    def opponents(self, seat: int) -> tuple[int, ...]:
        mine = self.side_of[seat]
        return tuple(s for s in range(self.num_seats) if self.side_of[s] != mine)

    def same_side(self, a: int, b: int) -> bool:
        return self.side_of[a] == self.side_of[b]

    def name(self, side: int) -> str:
        """``A``, ``B``, … for partnerships; the seat number for an independent player."""
        if all(len(s) == 1 for s in self.seats):
            return str(self.seats[side][0])
        return "ABCDEFGH"[side]

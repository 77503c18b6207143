"""Seats and sides in words, from one viewer's place, for any game (partners come from the game's
:class:`~atout.seats.Sides`, never from seat numbers).

>>> from atout.seats import Sides
>>> names = SeatNames(0, Sides.alternating(6, 2), "fr", next_side="right")
>>> names.Name(2), names.to(4)
('Le joueur 2 (partenaire de droite)', 'au joueur 4 (partenaire de gauche)')
>>> score_text((2, 1), Sides.alternating(4, 2)), score_text((3, 0, 1), Sides.independent(3), "fr")
('A 2 – B 1', 'joueur 0 3 – joueur 1 0 – joueur 2 1')
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cli.i18n import tr
from atout.seats import Sides


def is_partnership(sides: Sides) -> bool:
    """Whether some side has more than one seat (teams), as opposed to every player for himself."""
    return any(len(members) > 1 for members in sides.seats)


class SeatNames:
    """Names of seats as seen from ``me`` (``None``: a neutral account, plain seat numbers).

    ``next_side`` says where the next player sits (``"right"`` when play goes counter-clockwise,
    ``"left"`` when clockwise); ``None`` names places only as partner or opponent.

    >>> n = SeatNames(1, Sides.alternating(4, 2), "en", next_side="right")
    >>> [n.rel(s) for s in range(4)]
    ['left opponent', 'you', 'right opponent', 'partner']
    >>> SeatNames(1, Sides.alternating(4, 2), "en").rel(2)
    'opponent'
    """

    def __init__(self, me: int | None, sides: Sides, lang: str, next_side: str | None = None):
        self.me, self.sides, self.lang, self.next_side = me, sides, lang, next_side
        self.n = sides.num_seats

    def rel(self, seat: int) -> str | None:
        """The seat's place relative to ``me``: ``you``, ``right opponent``, ``left partner``…"""
        if self.me is None or not 0 <= seat < self.n:
            return None
        d = (seat - self.me) % self.n
        if d == 0:
            return tr("rel.you", self.lang)
        role = "partner" if self.sides.same_side(seat, self.me) else "opponent"
        if self.next_side is None or self.n == 2:
            return tr("rel." + role, self.lang)
        if 2 * d == self.n:
            return tr("rel.partner" if role == "partner" else "rel.opposite_opponent", self.lang)
        other = "left" if self.next_side == "right" else "right"
        return tr(f"rel.{self.next_side if 2 * d < self.n else other}_{role}", self.lang)

    def _with_rel(self, text: str, seat: int) -> str:
        rel = self.rel(seat)
        return f"{text} ({rel})" if rel else text

    def name(self, seat: int) -> str:
        """``seat 2 (right partner)`` / ``joueur 2 (partenaire de droite)``."""
        return self._with_rel(tr("seat", self.lang, n=seat), seat)

    def Name(self, seat: int) -> str:
        """``Seat 2 (right partner)`` / ``Le joueur 2 (partenaire de droite)``."""
        return self._with_rel(tr("Seat", self.lang, n=seat), seat)

    def the(self, seat: int) -> str:
        """Inside a sentence: ``seat 2 (…)`` / ``le joueur 2 (…)``."""
        return self._with_rel(tr("the_seat", self.lang, n=seat), seat)

    def to(self, seat: int) -> str:
        """Indirect object: ``seat 2 (…)`` / ``au joueur 2 (…)``."""
        return self._with_rel(tr("to_seat", self.lang, n=seat), seat)

    def team(self, side: int) -> str:
        """``A`` or ``A (your team)``."""
        letter = self.sides.name(side)
        if self.me is not None and self.sides.of(self.me) == side:
            return f"{letter} ({tr('your_team', self.lang)})"
        return letter

    def side_of(self, seat: int) -> int:
        return self.sides.of(seat)


def score_text(scores: Sequence[int], sides: Sides | None = None, lang: str = "en") -> str:
    """``A 2 – B 1`` for teams; ``seat 0 3 – seat 1 0 – …`` when every player is for himself."""
    if sides is None or is_partnership(sides):
        letters = [sides.name(i) for i in range(len(scores))] if sides is not None else list("ABCDEFGH")
        return " – ".join(f"{letters[i]} {s}" for i, s in enumerate(scores))
    return " – ".join(f"{tr('seat', lang, n=sides.members(i)[0])} {s}" for i, s in enumerate(scores))


def points_text(points: Sequence[int], sides: Sides | None = None, lang: str = "en") -> str:
    """``A +1, B +0`` (signed points of a hand)."""
    if sides is None or is_partnership(sides):
        letters = [sides.name(i) for i in range(len(points))] if sides is not None else list("ABCDEFGH")
        return ", ".join(f"{letters[i]} {p:+d}" for i, p in enumerate(points))
    return ", ".join(f"{tr('seat', lang, n=sides.members(i)[0])} {p:+d}" for i, p in enumerate(points))

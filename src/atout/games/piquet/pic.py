"""A deal's score from its ordered log of scoring events, in the order of precedence: carte
blanche, point, sequences, sets, then the play trick by trick; the cards or the capot last
(docs/rules/decisions.md#piquet-precedence).

- **Repic** (+60): a player who reaches 30 with the declarations alone (counted in that order)
  before his opponent has scored anything.
- **Pic** (+30): the elder only, reaching 30 with declarations and play points before the younger
  has scored anything. The younger's declarations, though made after the elder's first lead,
  rank before it. Equalities score nothing, so they never stop a pic or repic; the cards and the
  capot never count toward one.

Sources: *Le Piquet* (loisirs.savoir.fr), with its aîné/cadet swapped in the pic paragraph
(docs/rules/decisions.md#piquet-elder); Cavendish, *The Laws of Piquet* (1882), the table of
precedence.

>>> s = score_hand(0, [(POINT, 0, 5), (SEQUENCES, 0, 15), (SETS, 0, 14)], [], complete=True)
>>> s.totals, s.repic
((94, 0), 0)
>>> tricks = [(0, 1, 0, 0)] * 12
>>> s = score_hand(0, [(POINT, 0, 5), (SEQUENCES, 0, 15)], tricks, complete=True)
>>> s.totals, s.pic, s.categories[0][CAPOT]
((103, 0), 0, 40)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

CATEGORIES = ("carte_blanche", "point", "sequences", "sets", "repic", "pic", "play", "cards", "capot")
CARTE_BLANCHE, POINT, SEQUENCES, SETS, REPIC, PIC, PLAY, CARDS, CAPOT = range(9)
TRICKS_PER_DEAL = 12


class HandScore(NamedTuple):
    """Per seat: the points of each category (:data:`CATEGORIES`) and the total; who won the pic
    and the repic (-1: nobody)."""

    categories: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    pic: int
    repic: int


class Tally:
    """The running count of a deal's scoring events, in the order of precedence: built from the
    declarations, then fed trick by trick (so an observation need not count the deal again)."""

    __slots__ = ("cats", "elder", "made", "pic", "pic_open", "repic", "total", "tricks", "won", "younger")

    def __init__(self, elder: int, declared: Sequence[tuple[int, int, int]], complete: bool):
        younger = 1 if elder == 0 else 0
        self.elder, self.younger = elder, younger
        self.cats = [[0] * len(CATEGORIES), [0] * len(CATEGORIES)]
        self.total = [0, 0]
        self.repic = self.pic = -1
        self.won = [0, 0]
        self.tricks = 0
        self.made: dict[tuple[int, int] | None, HandScore] = {}   # the results made since the last change, by lead
        cats, total = self.cats, self.total
        for category, seat, points in declared:
            cats[seat][category] += points
            total[seat] += points
            other = younger if seat == elder else elder
            if complete and self.repic < 0 and total[seat] >= 30 and total[other] == 0:
                total[seat] += 60
                cats[seat][REPIC] = 60
                self.repic = seat
        self.pic_open = complete and self.repic < 0 and total[younger] == 0

    def play(self, seat: int, points: int) -> None:
        """A point (or none) made in play by ``seat``; it may complete the elder's pic."""
        if self.made:
            self.made = {}
        if self._count(self.cats, self.total, seat, points):
            self.pic, self.pic_open = seat, False
        elif points and seat == self.younger:
            self.pic_open = False

    def _count(self, cats: list[list[int]], total: list[int], seat: int, points: int) -> bool:
        """Count ``points`` made in play by ``seat`` into ``cats`` and ``total`` (the tally's own, or
        copies of them); whether they make the elder's pic, which is then counted too."""
        cats[seat][PLAY] += points
        total[seat] += points
        if points and self.pic_open and seat != self.younger and total[seat] >= 30:
            total[seat] += 30
            cats[seat][PIC] = 30
            return True
        return False

    def trick(self, leader: int, lead_points: int, winner: int, capture_points: int) -> None:
        """A finished trick: its lead, its capture, and the last trick's extra point."""
        self.play(leader, lead_points)
        if winner != leader:
            self.play(winner, capture_points)
        self.tricks += 1
        if self.tricks == TRICKS_PER_DEAL:
            self.play(winner, 1)
        self.won[winner] += 1

    def feed(self, tricks: Iterable[tuple[int, int, int, int]]) -> None:
        """Finished tricks, in order, as :meth:`trick` takes them; once the pic is decided, counted
        here without a call per point."""
        cats, total, won = self.cats, self.total, self.won
        for leader, lead_points, winner, capture_points in tricks:
            if self.pic_open:
                self.trick(leader, lead_points, winner, capture_points)
                continue
            cats[leader][PLAY] += lead_points
            total[leader] += lead_points
            if winner != leader:
                cats[winner][PLAY] += capture_points
                total[winner] += capture_points
            self.tricks += 1
            if self.tricks == TRICKS_PER_DEAL:
                cats[winner][PLAY] += 1
                total[winner] += 1
            won[winner] += 1
            if self.made:
                self.made = {}

    def result(self, lead: tuple[int, int] | None = None) -> HandScore:
        """The score now (``lead``: the trick in progress, ``(leader, points)``); after the twelfth
        trick, with the cards or the capot. The same result object while the tally stands (a lead
        that scores nothing changes nothing)."""
        if lead is not None and not lead[1]:
            lead = None
        found = self.made.get(lead)
        if found is not None:
            return found
        cats, total, pic = self.cats, self.total, self.pic
        if lead is not None or self.tricks == TRICKS_PER_DEAL:   # counted in copies
            cats, total = [list(cats[0]), list(cats[1])], list(total)
            if lead is not None and self._count(cats, total, *lead):
                pic = lead[0]
            if self.tricks == TRICKS_PER_DEAL:
                for seat in (0, 1):
                    if self.won[seat] == TRICKS_PER_DEAL:
                        cats[seat][CAPOT] = 40
                        total[seat] += 40
                    elif self.won[seat] * 2 > TRICKS_PER_DEAL:
                        cats[seat][CARDS] = 10
                        total[seat] += 10
        made = self.made[lead] = _new_tuple(HandScore, ((tuple(cats[0]), tuple(cats[1])), (total[0], total[1]), pic,
                                                        self.repic))
        return made


_new_tuple = tuple.__new__


def score_hand(elder: int, declared: Sequence[tuple[int, int, int]],
               tricks: Sequence[tuple[int, int, int, int]], lead: tuple[int, int] | None = None,
               complete: bool = True) -> HandScore:
    """The deal's score so far.

    ``declared``: ``(category, seat, points)`` in the order of precedence (carte blanche, point,
    sequences, sets; a class nobody scored is absent). ``tricks``: each finished trick as
    ``(leader, lead_points, winner, capture_points)`` where the points are what the lead and
    the capture of it scored (0 or 1); ``lead``: the trick in progress as ``(leader, points)``.
    ``complete``: every declaration is known (the younger has made his); pic and repic are only
    decided then. After the twelfth trick, its winner scores one more, then the cards or capot.
    """
    tally = Tally(elder, declared, complete)
    tally.feed(tricks)
    return tally.result(lead)

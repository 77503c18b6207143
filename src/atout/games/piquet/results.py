"""The score sheet of a Piquet partie: one entry per deal scored, by category, and one per manche
won in a game liée (the score of the new manche starts again from nothing).

>>> r = DealResult(1, (30, 5), (30, 5), "deal", 1, 0, ((0,) * 9, (0,) * 9), 1, -1, -1, (7, 5))
>>> r.to_json()["points"], r.to_json()["reason"]
([30, 5], 'deal')
"""

from __future__ import annotations

from typing import NamedTuple

from atout.game import JSONObject
from atout.games.piquet.pic import CATEGORIES


class DealResult(NamedTuple):
    """One change of the score sheet: a deal (``reason`` ``deal``) with each seat's points by
    category (:data:`~atout.games.piquet.pic.CATEGORIES`, before the ``multiplier`` of a doubled
    deal), the pic and repic winners (-1: none) and the tricks won; or the end of a manche
    (``manche``: the scores go back to nothing)."""

    number: int
    points: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    dealer: int
    elder: int
    categories: tuple[tuple[int, ...], ...]
    multiplier: int
    pic: int
    repic: int
    tricks: tuple[int, ...]

    def to_json(self) -> JSONObject:
        return {
            "hand": self.number, "points": list(self.points), "scores": list(self.scores), "reason": self.reason,
            "dealer": self.dealer, "elder": self.elder, "multiplier": self.multiplier, "pic": self.pic,
            "repic": self.repic, "tricks": list(self.tricks),
            "categories": [dict(zip(CATEGORIES, cats, strict=True)) for cats in self.categories],
        }

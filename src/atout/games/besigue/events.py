"""What a Bésigue partie records: each change of the score sheet (:class:`HandResult`), each game
won (:class:`GameRecord`), and tricks (:class:`TrickRecord`).

>>> r = HandResult(1, 0, 1, (240, 90), (240, 90), "hand", (17, 15))
>>> r.points, r.reason
((240, 90), 'hand')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from atout.cards import Card


class HandResult(NamedTuple):
    """A change of the score sheet: a hand scored (``reason`` ``hand``), a hand stopped because a
    score reached the target (``target``), or the scores set for the next game of the match
    (``new_game``: back to 0, or 100 for the side that received a hundred)."""

    number: int
    dealer: int
    trump: int | None
    points: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    brisques: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.number, "dealer": self.dealer, "trump": None if self.trump is None else "SHDC"[self.trump],
                "points": list(self.points), "scores": list(self.scores), "reason": self.reason,
                "brisques": list(self.brisques)}


class GameRecord(NamedTuple):
    """A game won: its number, the winning side, the final scores, and what it counts (2 en bas table)."""

    number: int
    winner: int
    scores: tuple[int, ...]
    worth: int

    def to_json(self) -> dict[str, Any]:
        return {"game": self.number, "winner": self.winner, "scores": list(self.scores), "worth": self.worth,
                "bas_table": self.worth == 2}


class TrickRecord(NamedTuple):
    """A finished trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner}

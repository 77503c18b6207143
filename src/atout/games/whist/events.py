"""What a Whist hand leaves behind: its tricks and its result on the score sheet.

>>> from atout.cards import Card
>>> t = TrickRecord(1, (Card("2S"), Card("AS"), Card("3S"), Card("KS")), 2)
>>> t.to_json()
{'leader': 1, 'cards': ['2S', 'AS', '3S', 'KS'], 'winner': 2}
"""

from __future__ import annotations

from typing import Any, NamedTuple

from atout.cards import Card, Suit


class TrickRecord(NamedTuple):
    """A trick: who led it, the cards in play order, who won it (``-1`` while unfinished).

    Seats are the players' seats; in Whist with a mort, seat ``3`` stands for the mort's hand."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [str(c) for c in self.cards], "winner": self.winner}


class HandResult(NamedTuple):
    """One hand on the score sheet.

    ``partners``: the two partnerships of the hand (seats; ``3`` is the mort). ``tricks``,
    ``trick_points``, ``honour_points``, ``game_scores`` (after the hand) are per partnership.
    ``game_winner`` is the partnership that won a game with this hand (``-1``: none), worth
    ``game_value``; ``rubber_winner`` likewise for the rubber, which adds ``rubber_bonus``.
    ``points`` and ``scores`` are per side of the game (``game.sides``), in settlement points.
    ``reason``: ``played`` (all thirteen tricks), ``shown`` (honours shown at eight) or ``called``
    (a call at eight answered yes); ``shown`` lists the honours shown. The hand's tricks are in the
    log (its cards and ``trick`` events), not repeated here.
    """

    number: int
    rubber: int
    game: int
    dealer: int
    trump: Suit | None
    turned: Card | None
    partners: tuple[tuple[int, ...], tuple[int, ...]]
    tricks: tuple[int, int]
    trick_points: tuple[int, int]
    honour_points: tuple[int, int]
    game_scores: tuple[int, int]
    game_winner: int
    game_value: int
    rubber_winner: int
    rubber_bonus: int
    points: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    shown: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The result in JSON."""
        out: dict[str, Any] = {
            "hand": self.number, "rubber": self.rubber, "game": self.game, "dealer": self.dealer,
            "trump": None if self.trump is None else self.trump.letter,
            "turned": None if self.turned is None else str(self.turned),
            "partners": [list(p) for p in self.partners], "tricks": list(self.tricks),
            "trick_points": list(self.trick_points), "honour_points": list(self.honour_points),
            "game_scores": list(self.game_scores), "game_winner": self.game_winner, "game_value": self.game_value,
            "rubber_winner": self.rubber_winner, "rubber_bonus": self.rubber_bonus, "points": list(self.points),
            "scores": list(self.scores), "reason": self.reason, "shown": [str(c) for c in self.shown],
        }
        return out

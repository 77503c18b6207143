"""What a Bésigue partie records and announces: each change of the score sheet
(:class:`HandResult`, announced as :class:`~atout.events.Scored`), each game won
(:class:`GameRecord`, announced as :class:`GameWon`), the last trick (:class:`TrickRecord`), and
the log's own events: a card drawn from the talon (:class:`Drew`, seen by its drawer only, but
the face-up turned card) and points scored outside a declaration (:class:`Points`).

>>> r = HandResult(1, 0, 1, (240, 90), (240, 90), "hand", (17, 15))
>>> r.points, r.reason
((240, 90), 'hand')
>>> from atout.cards import Card
>>> d = Drew(1, Card("AD#4"))
>>> str(d), str(d.seen_by(1)), str(d.seen_by(0)), d.seen_by(None).text("fr")
('draw AD#4', 'draw AD#4', 'draw ?', 'pioche une carte')
>>> str(Points(0, 10, "seven")), Points(1, -200, "brisques").text("fr")
('points 0 +10 seven', 'le camp 1 marque -200 : les brisques')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from atout.actions import ActionKind
from atout.cards import CARD_CODES, Card
from atout.game import trick_json

if TYPE_CHECKING:
    from atout.game import JSONObject


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

    def to_json(self) -> JSONObject:
        return {"hand": self.number, "dealer": self.dealer, "trump": None if self.trump is None else "SHDC"[self.trump],
                "points": list(self.points), "scores": list(self.scores), "reason": self.reason,
                "brisques": list(self.brisques)}


class GameRecord(NamedTuple):
    """A game won: its number, the winning side, the final scores, and what it counts (2 en bas table)."""

    number: int
    winner: int
    scores: tuple[int, ...]
    worth: int

    def to_json(self) -> JSONObject:
        return {"game": self.number, "winner": self.winner, "scores": list(self.scores), "worth": self.worth,
                "bas_table": self.worth == 2}


class TrickRecord(NamedTuple):
    """A finished trick: who led, the cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> JSONObject:
        return trick_json(self)


@dataclass(frozen=True, slots=True)
class Drew:
    """Seat ``seat`` drew ``card`` from the talon (``None``: a card the viewer may not see). The
    drawer sees its card; the others only that a card was drawn, except the last card of the
    talon when it is the turned card (``face_up``), which everyone sees. The log entry's seat is
    the drawer."""

    seat: int
    card: Card | None
    face_up: bool = False
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "drew"

    def seen_by(self, viewer: int | None) -> Drew:
        if self.face_up or viewer == self.seat or self.card is None:
            return self
        return _HIDDEN_DRAW[self.seat]

    def __str__(self) -> str:
        return f"draw {'?' if self.card is None else CARD_CODES[self.card]}"

    def text(self, lang: str = "en") -> str:
        if self.card is None:
            return "pioche une carte" if lang == "fr" else "draws a card"
        return f"{'pioche' if lang == 'fr' else 'draws'} {self.card.text(lang)}"

    def to_json(self) -> JSONObject:
        return {"card": None if self.card is None else CARD_CODES[self.card], "face_up": self.face_up}


_HIDDEN_DRAW = tuple(Drew(seat, None) for seat in range(16))

POINT_WORDS: dict[str, dict[str, str]] = {
    "seven": {"en": "a seven of trumps played", "fr": "un sept d'atout joué"},
    "exchange": {"en": "the seven exchanged for the turned card", "fr": "le sept échangé contre la retourne"},
    "dealer_seven": {"en": "a seven turned by the dealer", "fr": "un sept retourné par le donneur"},
    "last_trick": {"en": "the last trick", "fr": "le dernier pli"},
    "brisques": {"en": "the brisques", "fr": "les brisques"},
}
"""Why points are scored besides a declaration: a seven of trumps played in a trick (``seven``),
the exchange of the seven for the turned card and the dealer's turned seven (classic sevens), the
last trick, the brisques counted at the end of the hand (negative: a majority deduction)."""


@dataclass(frozen=True, slots=True)
class Points:
    """Side ``side`` scores ``points`` for ``reason`` (a key of :data:`POINT_WORDS`). The log
    entry's seat is the seat that scored (``-1`` for the brisques, counted per side)."""

    side: int
    points: int
    reason: str
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "points"

    def __str__(self) -> str:
        return f"points {self.side} {self.points:+d} {self.reason}"

    def text(self, lang: str = "en") -> str:
        why = POINT_WORDS[self.reason]["fr" if lang == "fr" else "en"]
        if lang == "fr":
            return f"le camp {self.side} marque {self.points:+d} : {why}"
        return f"side {self.side} scores {self.points:+d}: {why}"

    def to_json(self) -> JSONObject:
        return {"side": self.side, "points": self.points, "reason": self.reason}


@dataclass(frozen=True, eq=False, slots=True)
class GameWon:
    """A game of the match won: the :class:`GameRecord` (the winning side, the final scores,
    what it counts). The log entry's seat is ``-1``."""

    record: GameRecord
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "game_won"
    interned: ClassVar[bool] = False

    def __str__(self) -> str:
        return f"game {self.record.number} won by {self.record.winner}"

    def text(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"partie {self.record.number} gagnée par {self.record.winner}"
        return str(self)

    def to_json(self) -> JSONObject:
        return self.record.to_json()

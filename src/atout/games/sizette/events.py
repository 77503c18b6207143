"""What happens in a hand, as values: finished tricks, hand results, talk entries and the table's
own events (the leader has no card the captain commanded; a revoke claim found groundless; a
penalty claim refused when the hand ends), which
the state announces in the log (:meth:`atout.game.State.announce`) and keeps in the hand's talk.

These are leaf types: every other module of the game may import them.

>>> entry = TalkEntry(0, 1, NO_CARD)
>>> str(entry.action), entry.action.text("fr"), entry.action.to_json()
('nocard', 'pas de carte', {'type': 'nocard'})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from atout.actions import ActionKind
from atout.cards import ALL_CARDS, Card, Suit
from atout.game import trick_json
from atout.packed import PackedSequence

if TYPE_CHECKING:
    from atout.game import JSONObject
    from atout.games.sizette.actions import Said


class TrickRecord(NamedTuple):
    """A trick of the hand: who led, the cards in play order, who won (``-1``: play stopped)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> JSONObject:
        return trick_json(self)


class TalkEntry(NamedTuple):
    """One public utterance or table event of the current hand: the speaker (or the seat the
    event concerns), the number of the trick in progress (from 1), and the action or event."""

    seat: int
    trick: int
    action: Said


class PlayedTricks(PackedSequence[TrickRecord]):
    """A finished hand's tricks, kept packed for as long as its :class:`HandResult` lives (the whole
    partie): per trick its leader, its winner, how many cards and the cards' ids, some eight bytes
    instead of a record and a tuple of some 170. A read-only sequence of :class:`TrickRecord`
    (each read makes the records again), equal to any sequence of equal records.

    >>> from atout.cards import Card
    >>> t = (TrickRecord(1, (Card("KH"), Card("7H")), 0), TrickRecord(0, (Card("AS"),), -1))
    >>> played = PlayedTricks.of(t)
    >>> played == t, played[-1].winner, len(played), [r.leader for r in played], played[:1] == t[:1]
    (True, -1, 2, [1, 0], True)
    """

    __slots__ = ("data",)

    def __init__(self, data: bytes):
        self.data = data

    @classmethod
    def of(cls, tricks: Iterable[TrickRecord]) -> PlayedTricks:
        out: list[int] = []
        for leader, cards, winner in tricks:
            out += (leader, winner + 1, len(cards))
            out += cards
        return cls(bytes(out))

    def unpacked(self) -> tuple[TrickRecord, ...]:
        data = self.data
        out = []
        pos = 0
        while pos < len(data):
            count = data[pos + 2]
            cards = tuple([ALL_CARDS[c] for c in data[pos + 3:pos + 3 + count]])
            out.append(tuple.__new__(TrickRecord, (data[pos], cards, data[pos + 1] - 1)))
            pos += 3 + count
        return tuple(out)

    def packed_key(self) -> object:
        return self.data


_ENTRIES: dict[tuple[int, int, Said], TalkEntry] = {}
ENTRIES_BY_ID: dict[tuple[int, int, int], TalkEntry] = {}
"""The same entries, by ``(seat, trick, id(action))`` of the very action they hold: what
:func:`talk_entry` looks up first, and the compiled captain's command too (:mod:`atout.card_play`)."""
_ENTRIES_LIMIT = 50_000


def talk_entry(seat: int, trick: int, action: Said) -> TalkEntry:
    """The talk entry ``(seat, trick, action)``, one object for each equal entry while the table of
    them is not full (every hand's talk stays in its :class:`HandResult`, for the whole partie: the
    same question at the same trick, hand after hand, then costs one reference).

    An entry is found first by the id of the action it holds (the entry keeps that action alive, so
    its id stays its own): the actions a game lists are made once, and an action's hash is slow.

    >>> talk_entry(2, 1, NO_CARD) is talk_entry(2, 1, NO_CARD)
    True
    """
    entry = ENTRIES_BY_ID.get((seat, trick, id(action)))
    if entry is not None:
        return entry
    key = (seat, trick, action)
    try:
        entry = _ENTRIES.get(key)
    except TypeError:   # an action that cannot be hashed: an entry of its own
        return tuple.__new__(TalkEntry, key)
    if entry is None:
        entry = tuple.__new__(TalkEntry, key)
        if len(_ENTRIES) < _ENTRIES_LIMIT:
            _ENTRIES[key] = entry
    if entry.action is action and len(ENTRIES_BY_ID) < _ENTRIES_LIMIT:
        ENTRIES_BY_ID[seat, trick, id(action)] = entry
    return entry


class HandResult(NamedTuple):
    """One change of the score sheet: a hand scored, a hand stopped by a penalty, or a penalty
    charged during a hand. ``points`` is what each side's score moved by; ``scores`` the
    scores after it; so the scores are always the running sum of the results' points.

    ``reason``: ``three``, ``four``, ``vole``, ``vole_failed``, ``null`` (a hand played out),
    ``revoke`` (the hand stopped for a revoke), ``redeal`` (the hand voided, the same dealer
    deals again), ``penalty`` (a fault charged during play, the hand goes on); ``penalty`` names
    the fault (``misdeal``, ``out_of_turn``…) when there is one.
    """

    number: int
    dealer: int
    trump: Suit | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    reason: str
    scores: tuple[int, int]
    turned: Card | None
    captains: tuple[int, int]
    plays: Sequence[TrickRecord]    # completed tricks, plus the unfinished one if play stopped mid-trick (packed)
    talk: tuple[TalkEntry, ...]     # the hand's talk and table events, in order
    penalty: str = ""

    def to_json(self) -> JSONObject:
        """The entry with its public record: the turned card, captains and the tricks played."""
        return {"hand": self.number, "dealer": self.dealer, "trump": self.trump.letter if self.trump is not None else None,
                "turned": str(self.turned) if self.turned is not None else None, "captains": list(self.captains),
                "tricks": list(self.tricks), "points": list(self.points), "scores": list(self.scores),
                "reason": self.reason, "penalty": self.penalty or None, "plays": [t.to_json() for t in self.plays]}


@dataclass(frozen=True, slots=True)
class TableEvent:
    """An event the table announces, not an action anyone chose: an entry of the log (the seat it
    concerns) and of the hand's talk."""

    kind: ClassVar[ActionKind] = ActionKind.EVENT
    type: ClassVar[str] = ""
    json_type: ClassVar[str] = ""
    words: ClassVar[dict[str, str]] = {}

    def __str__(self) -> str:
        return self.type

    def text(self, lang: str = "en") -> str:
        return self.words.get(lang, self.type)

    def to_json(self) -> JSONObject:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class NoCard(TableEvent):
    """The leader holds no card that obeys the captain's command (« je n'en ai pas »)."""

    type: ClassVar[str] = "nocard"
    json_type: ClassVar[str] = "nocard"
    words: ClassVar[dict[str, str]] = {"en": "nocard", "fr": "pas de carte"}


@dataclass(frozen=True, slots=True)
class ClaimRejected(TableEvent):
    """A revoke claim found groundless: the other side has not revoked in this hand."""

    type: ClassVar[str] = "claim_rejected"
    json_type: ClassVar[str] = "claim_rejected"
    words: ClassVar[dict[str, str]] = {"en": "claim_rejected", "fr": "réclamation rejetée"}


@dataclass(frozen=True, slots=True)
class ClaimRefused(TableEvent):
    """A penalty claim disputed or left unanswered, settled when the hand ends by what the engine
    saw of the hand: the fault is not in it, so the claim is refused and costs nothing
    (decisions.md#penalty-claims). The talk entry's seat is the claimant's.

    >>> event = ClaimRefused("out_of_turn", 3)
    >>> str(event), event.text("fr"), event.to_json()
    ('claim_refused out_of_turn 3', 'réclamation_refusée hors_tour 3', \
{'type': 'claim_refused', 'fault': 'out_of_turn', 'offender': 3})
    """

    fault: str = ""
    offender: int | None = None
    type: ClassVar[str] = "claim_refused"
    json_type: ClassVar[str] = "claim_refused"
    words: ClassVar[dict[str, str]] = {"en": "claim_refused", "fr": "réclamation_refusée"}

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        from atout.games.sizette.vocabulary import words_for

        offender = "" if self.offender is None else f" {self.offender}"
        return f"{self.words.get(lang, self.type)} {words_for(lang).word(self.fault)}{offender}"

    def to_json(self) -> JSONObject:
        return {"type": self.type, "fault": self.fault, "offender": self.offender}


NO_CARD = NoCard()
CLAIM_REJECTED = ClaimRejected()

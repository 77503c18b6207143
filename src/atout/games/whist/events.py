"""What a Whist hand leaves behind: its tricks and its result on the score sheet.

A finished hand's result is kept packed (:class:`PackedHandResult`, some forty bytes of small
numbers instead of a record of nineteen fields): the state's :class:`HandResults` and the log's
``scored`` events hold the same packed objects and give back an equal :class:`HandResult`.

>>> from atout.cards import Card
>>> t = TrickRecord(1, (Card("2S"), Card("AS"), Card("3S"), Card("KS")), 2)
>>> t.to_json()
{'leader': 1, 'cards': ['2S', 'AS', '3S', 'KS'], 'winner': 2}
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, overload

from atout.cards import ALL_CARDS, Card, Suit


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


_SUIT_OF = (None, *Suit)                   # a packed trump: 0 for none, else the suit plus one
_REASONS = ("played", "shown", "called")   # a packed reason: its place here, else 255 and its text
_INTS = ("number", "rubber", "game", "dealer")
_PAIRS = ("tricks", "trick_points", "honour_points", "game_scores")
_GAME = ("game_winner", "game_value", "rubber_winner", "rubber_bonus")


def _put(out: bytearray, value: int) -> None:
    """Append ``value`` as a varint of its zigzag (small numbers of either sign: one byte)."""
    value = value << 1 if value >= 0 else (-value << 1) - 1
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _put_all(out: bytearray, values: Sequence[int]) -> None:
    _put(out, len(values))
    for value in values:
        _put(out, value)


class _Reader:
    __slots__ = ("data", "pos")

    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def number(self) -> int:
        data = self.data
        value = shift = 0
        while True:
            byte = data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value >> 1 if not value & 1 else -((value + 1) >> 1)
            shift += 7

    def numbers(self) -> tuple[int, ...]:
        return tuple([self.number() for _ in range(self.number())])


class PackedHandResult(bytes):
    """A :class:`HandResult` packed in bytes (each number a zigzag varint, cards by id): what the
    state and the log keep. :meth:`unpack` gives back an equal record; its fields read through
    (``packed.points``), and ``to_json()`` is the record's.

    >>> r = HandResult(3, 1, 2, 0, Suit.HEARTS, Card("KH"), ((0, 2), (1, 3)), (7, 6), (1, 0), (4, 0),
    ...                (5, 0), -1, 0, -1, 0, (0, 0, 0), (0, 0, 0), "played", ())
    >>> packed = PackedHandResult.of(r)
    >>> packed.unpack() == r, packed.partners, len(packed) < 40
    (True, ((0, 2), (1, 3)), True)
    """

    __slots__ = ()

    @classmethod
    def of(cls, result: HandResult) -> PackedHandResult:
        out = bytearray()
        for name in _INTS:
            _put(out, getattr(result, name))
        out.append(0 if result.trump is None else result.trump + 1)
        _put(out, -1 if result.turned is None else int(result.turned))
        for side in result.partners:      # two partnerships
            _put_all(out, side)
        for name in _PAIRS:               # pairs: no length
            first, second = getattr(result, name)
            _put(out, first)
            _put(out, second)
        for name in _GAME:
            _put(out, getattr(result, name))
        _put_all(out, result.points)
        _put_all(out, result.scores)
        if result.reason in _REASONS:
            out.append(_REASONS.index(result.reason))
        else:
            text = result.reason.encode()
            out.append(255)
            _put(out, len(text))
            out += text
        _put_all(out, [int(card) for card in result.shown])
        return cls(out)

    def unpack(self) -> HandResult:
        """The record, equal to the one packed."""
        read = _Reader(self)
        number, rubber, game, dealer = read.number(), read.number(), read.number(), read.number()
        trump = _SUIT_OF[self[read.pos]]
        read.pos += 1
        turned = read.number()
        partners = (read.numbers(), read.numbers())
        tricks, trick_points = (read.number(), read.number()), (read.number(), read.number())
        honour_points, game_scores = (read.number(), read.number()), (read.number(), read.number())
        game_winner, game_value, rubber_winner, rubber_bonus = read.number(), read.number(), read.number(), read.number()
        points, scores = read.numbers(), read.numbers()
        kind = self[read.pos]
        read.pos += 1
        if kind == 255:
            length = read.number()
            reason = self[read.pos:read.pos + length].decode()
            read.pos += length
        else:
            reason = _REASONS[kind]
        shown = tuple([ALL_CARDS[card] for card in read.numbers()])
        return HandResult(number, rubber, game, dealer, trump, None if turned < 0 else ALL_CARDS[turned],
                          partners, tricks, trick_points, honour_points, game_scores,
                          game_winner, game_value, rubber_winner, rubber_bonus, points, scores, reason, shown)

    def __getattr__(self, name: str) -> Any:
        if name in HandResult._fields:
            return getattr(self.unpack(), name)
        raise AttributeError(name)

    def to_json(self) -> dict[str, Any]:
        """The record's JSON."""
        return self.unpack().to_json()

    def __repr__(self) -> str:
        return f"PackedHandResult({self.unpack()!r})"


class HandResults(Sequence[HandResult]):
    """The hands on the score sheet, in order: an immutable sequence of :class:`HandResult` kept
    packed (each read gives an equal record); equal to any sequence of equal records.

    >>> r = HandResult(1, 1, 1, 2, None, None, ((0, 2), (1, 3)), (13, 0), (7, 0), (0, 0), (7, 0), 0, 3, -1, 0,
    ...                (3, -3), (3, -3), "played", ())
    >>> sheet = HandResults() + (r,)
    >>> len(sheet), sheet[0] == r, sheet == (r,), sheet[-1].points, list(sheet[1:])
    (1, True, True, (3, -3), [])
    """

    __slots__ = ("packed",)

    def __init__(self, packed: tuple[PackedHandResult, ...] = ()):
        self.packed = packed

    def __len__(self) -> int:
        return len(self.packed)

    @overload
    def __getitem__(self, i: int) -> HandResult: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[HandResult, ...]: ...

    def __getitem__(self, i: int | slice) -> HandResult | tuple[HandResult, ...]:
        if isinstance(i, slice):
            return tuple([p.unpack() for p in self.packed[i]])
        return self.packed[i].unpack()

    def __iter__(self) -> Iterator[HandResult]:
        for packed in self.packed:
            yield packed.unpack()

    def __add__(self, more: Sequence[HandResult]) -> HandResults:
        return HandResults(self.packed + tuple([PackedHandResult.of(r) for r in more]))

    def plus(self, packed: PackedHandResult) -> HandResults:
        """These and one more, already packed."""
        return HandResults((*self.packed, packed))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandResults):
            return self.packed == other.packed
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))   # as the tuple it equals

    def __repr__(self) -> str:
        return f"HandResults({tuple(self)!r})"

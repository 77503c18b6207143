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

from collections.abc import Callable, Sequence
from struct import Struct
from struct import error as struct_error
from typing import TYPE_CHECKING, NamedTuple, overload

from atout.cards import ALL_CARDS, Card, Suit
from atout.game import trick_json
from atout.packed import PackedSequence

if TYPE_CHECKING:
    from atout.game import JSONObject


class TrickRecord(NamedTuple):
    """A trick: who led it, the cards in play order, who won it (``-1`` while unfinished).

    Seats are the players' seats; in Whist with a mort, seat ``3`` stands for the mort's hand."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> JSONObject:
        return trick_json(self)


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

    def to_json(self) -> JSONObject:
        """The result in JSON."""
        out: JSONObject = {
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
_REASONS = ("played", "shown", "called")   # a packed reason: its place here, else 3 (its text first)
_REASON_NUMBER = {reason: n for n, reason in enumerate(_REASONS)}
_PACKERS: dict[int, Callable[..., bytes]] = {}   # by how many numbers: a packer of a flags byte and them
_VARINTS, _TEXT = 1, 2                     # the packed bytes' first byte: flags


class PackedHandResult(bytes):
    """A :class:`HandResult` packed in bytes: what the state and the log keep. :meth:`unpack` gives
    back an equal record; its fields read through (``packed.points``), and ``to_json()`` is the
    record's.

    The bytes: a byte of flags, then every number of the record in order (tuples after their
    length; the trump, the turned card, the reason and the shown cards by number), each in one
    signed byte when all fit (the usual case: one C call packs them), else — flag set — the
    reason's text if it is not one of the usual three, and each number's zigzag (``0, -1, 1, -2…``
    as ``0, 1, 2, 3…``) as a varint.

    >>> r = HandResult(3, 1, 2, 0, Suit.HEARTS, Card("KH"), ((0, 2), (1, 3)), (7, 6), (1, 0), (4, 0),
    ...                (5, 0), -1, 0, -1, 0, (0, 0, 0), (0, 0, 0), "played", ())
    >>> packed = PackedHandResult.of(r)
    >>> packed.unpack() == r, packed.partners, len(packed)
    (True, ((0, 2), (1, 3)), 35)
    """

    __slots__ = ()

    @classmethod
    def of(cls, r: HandResult) -> PackedHandResult:
        """``r`` packed."""
        return cls.pack(*r)

    @classmethod
    def pack(cls, number: int, rubber: int, game: int, dealer: int, trump: Suit | None, turned: Card | None,
             partners: tuple[tuple[int, ...], tuple[int, ...]], tricks: tuple[int, int],
             trick_points: tuple[int, int], honour_points: tuple[int, int], game_scores: tuple[int, int],
             game_winner: int, game_value: int, rubber_winner: int, rubber_bonus: int, points: tuple[int, ...],
             scores: tuple[int, ...], reason: str, shown: tuple[Card, ...]) -> PackedHandResult:
        """The :class:`HandResult` of these fields packed (without making it)."""
        first, second = partners
        kind = _REASON_NUMBER.get(reason, 3)
        values = (number, rubber, game, dealer, 0 if trump is None else trump + 1,
                  -1 if turned is None else turned, len(first), *first, len(second), *second,
                  *tricks, *trick_points, *honour_points, *game_scores, game_winner, game_value,
                  rubber_winner, rubber_bonus, len(points), *points, len(scores), *scores, kind,
                  len(shown), *shown)
        if kind < 3:
            packer = _PACKERS.get(len(values))
            if packer is None:
                packer = _PACKERS[len(values)] = Struct(f"B{len(values)}b").pack
            try:
                return cls(packer(0, *values))
            except struct_error:   # a number beyond a signed byte: varints
                pass
        out = bytearray([_VARINTS])
        if kind == 3:
            text = reason.encode()
            out[0] |= _TEXT
            _put(out, len(text))
            out += text
        for value in values:
            _put(out, value << 1 if value >= 0 else ~value << 1 | 1)
        return cls(out)

    def unpack(self) -> HandResult:
        """The record, equal to the one packed."""
        flags, reason = self[0], ""
        if flags & _VARINTS:
            pos = 1
            if flags & _TEXT:
                length, pos = _get(self, pos)
                reason = self[pos:pos + length].decode()
                pos += length
            v = []
            while pos < len(self):
                number, pos = _get(self, pos)
                v.append((number >> 1) ^ -(number & 1))
        else:
            v = memoryview(self).cast("b").tolist()[1:]
        i = 6 + v[6]
        first = tuple(v[7:i + 1])
        j = i + 2 + v[i + 1]
        second = tuple(v[i + 2:j])
        i = j + 12 + v[j + 12]
        points = tuple(v[j + 13:i + 1])
        k = i + 2 + v[i + 1]
        scores = tuple(v[i + 2:k])
        if v[k] < 3:
            reason = _REASONS[v[k]]
        shown = tuple([ALL_CARDS[c] for c in v[k + 2:k + 2 + v[k + 1]]])
        turned = v[5]
        return HandResult(v[0], v[1], v[2], v[3], _SUIT_OF[v[4]], None if turned < 0 else ALL_CARDS[turned],
                          (first, second), (v[j], v[j + 1]), (v[j + 2], v[j + 3]), (v[j + 4], v[j + 5]),
                          (v[j + 6], v[j + 7]), v[j + 8], v[j + 9], v[j + 10], v[j + 11], points, scores, reason,
                          shown)

    def __getattr__(self, name: str) -> object:
        if name in HandResult._fields:
            return getattr(self.unpack(), name)
        raise AttributeError(name)

    def to_json(self) -> JSONObject:
        """The record's JSON."""
        return self.unpack().to_json()

    def __repr__(self) -> str:
        return f"PackedHandResult({self.unpack()!r})"


def _put(out: bytearray, number: int) -> None:
    """Append a number (not negative) as a varint: seven bits a byte, the high bit for "more"."""
    while number >= 0x80:
        out.append(number & 0x7F | 0x80)
        number >>= 7
    out.append(number)


def _get(data: bytes, pos: int) -> tuple[int, int]:
    """The varint at ``pos`` and the position after it."""
    number = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        number |= (byte & 0x7F) << shift
        if byte < 0x80:
            return number, pos
        shift += 7


class HandResults(PackedSequence[HandResult]):
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

    def unpacked(self) -> tuple[HandResult, ...]:
        return tuple([p.unpack() for p in self.packed])

    def packed_key(self) -> object:
        return self.packed

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

    def __add__(self, more: Sequence[HandResult]) -> HandResults:
        return HandResults(self.packed + tuple([PackedHandResult.of(r) for r in more]))

    def plus(self, packed: PackedHandResult) -> HandResults:
        """These and one more, already packed."""
        return HandResults((*self.packed, packed))

"""The history of a partie, kept compact: every ``(seat, action)`` applied, in order.

Each entry is one code in an ``array`` of 16-bit numbers: the seat plus one in the low three bits
(0 for the table's chance steps; six seats at most), then a flag, then a twelve-bit index: a card's
id or the number of the
action in a process-wide table of interned actions (:func:`intern`: one number per distinct action
value, so a question asked a thousand times costs two bytes each time) — or, with the flag set,
the place of the action in a small side list. What cannot be interned (a deal, free text) goes to
the side list, a deal as its cards' bytes (:func:`pack_deal`), fifty to two hundred bytes; so does an
interned action whose number does not fit in the sixteen bits (a long-lived process that has
interned thousands), as the table's own object, while the side list is short. A code that does not
fit (such a number past the first few, or a side list of more than four thousand entries) turns the
array into one of 32-bit numbers (a new array, see :func:`appended`): the codes stay the same, only
their width changes.

:class:`Recorder` is the growing history a state owns; :class:`History` is a view of a stretch of
it, frozen when made: the recorder appends in place but shortens by copying (undo), so a view
made now stays true whatever happens to the state later.

>>> from atout.cards import Card
>>> from atout.chance import Deal
>>> from atout.cards import CardSet
>>> rec = Recorder()
>>> rec.record(2, Card("KH")); rec.record(-1, Deal((CardSet.parse("AS"), CardSet.parse("7D"))))
>>> view = rec.view()
>>> seat, deal = rec.pop()
>>> seat, str(deal), len(view), len(rec.view()), view[0]
(-1, 'deal 0=AS 1=7D', 2, 1, (2, Card('KH')))
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import compress
from typing import TYPE_CHECKING, overload

from atout.cards import ALL_CARDS, BIT, Card, CardSet
from atout.chance import Deal

if TYPE_CHECKING:
    from atout.actions import Action

SEAT_MASK = 7            # a code's low bits: its seat plus one (0: the table; 7: the log's scores)
SIDE_FLAG = 8            # set: the index is a place in the side list
INDEX_SHIFT = 4          # a code's index: ``code >> INDEX_SHIFT``
NARROW = 1 << (16 - INDEX_SHIFT)
"""Interned numbers below this go in the code itself (a 16-bit code); others to the side list.
Four thousand: a server that has played every game, Bésigue's draws and every cut position included,
has interned about 1,200 (the first 256 numbers are cards)."""
SIDE_CAP = 64
"""How many entries a side list may have before numbers that do not fit make the codes 32-bit."""
FIRST_ACTION = 256       # numbers below are card ids
MAX_SEATS = 6
"""The most seats a game may have (Sizette's six): their codes and the log's scores fill the low bits."""
SEAT_CODE = (*(seat + 1 for seat in range(MAX_SEATS)), 0)
"""A seat's part of a code, by seat; ``SEAT_CODE[-1]`` is the table's (chance): 0."""
CARD_CODE = tuple(tuple(seat_code | card << INDEX_SHIFT for card in range(FIRST_ACTION)) for seat_code in SEAT_CODE)
"""The code of each card played by each seat: ``CARD_CODE[seat][card]``."""
CARD_BYTES = tuple(tuple(code.to_bytes(2, sys.byteorder) for code in codes) for codes in CARD_CODE)
"""The same codes as the bytes of one entry of a 16-bit array: the hot path of apply appends them
with ``codes.frombytes`` (twice as fast as ``append`` on an array of 16-bit numbers), a 32-bit array
refusing them (``ValueError``) with nothing changed."""

_ACTIONS: list[object] = [*ALL_CARDS, *([None] * (FIRST_ACTION - len(ALL_CARDS)))]
ACTIONS = _ACTIONS
"""The table of interned actions, by number (read only: :func:`intern` adds to it)."""
_BY_ID: dict[int, int] = {}
_BY_VALUE: dict[object, int] = {}
NARROW_CODE: dict[int, int] = {}
"""By the ``id`` of an object of the table whose number fits in a 16-bit code: its code (seat
part 0). The hot paths (apply, a log's event) look an action up here first."""


def intern(action: object) -> int:
    """The code of an action, registering it the first time; ``-1`` when it goes to the side list
    (a deal, or an action whose class says ``interned = False``: free text, say).

    >>> from atout.actions import Hidden
    >>> intern(Card("KH")) == Card("KH"), intern(Hidden("discard", 1)) == intern(Hidden("discard", 1))
    (True, True)
    """
    code = _BY_ID.get(id(action))
    if code is not None:
        return code
    kind = type(action)
    if kind is Card:
        return action  # type: ignore[return-value]  # a card's code is its id
    if not getattr(kind, "interned", True):
        return -1
    try:
        code = _BY_VALUE.get(action)
    except TypeError:  # an unhashable action: kept whole
        return -1
    if code is None:
        code = len(_ACTIONS)
        _ACTIONS.append(action)
        _BY_VALUE[action] = code
        _BY_ID[id(action)] = code  # the table keeps the object alive: its id stays its own
        if code < NARROW:
            NARROW_CODE[id(action)] = code << INDEX_SHIFT
    return code


def interned(code: int) -> object:
    """The action of an interned ``code`` (a card id or a table number)."""
    return _ACTIONS[code]


def pack_deal(deal: Deal) -> bytes:
    """A deal kept as the bytes of its cards (card ids are below 256), plain ``bytes`` (what the
    side list holds for a deal); :func:`unpack_deal` gives back an equal :class:`~atout.chance.Deal`.

    Two layouts; the first byte is the number of hands, plus :data:`ZONED` for the second:

    - listed: each hand, the talon (top first), the turned cards and the pack, each after its length;
    - zoned, when the deal keeps its pack and the hands and the talon are made of its cards (the
      talon in the pack's order): the pack after its length, then where each of its cards went (a
      hand's number, :data:`TALON_ZONE` or :data:`NO_ZONE`: :func:`zone_section`, a few bytes for
      a deal made round by round), then the turned cards after their length — a Whist deal in 63
      bytes instead of 112, Bésigue's in 144 instead of 270.

    >>> deal = Deal((CardSet.parse("KH 7S"), CardSet.parse("9D")), (Card("QC"),), (Card("QC"),))
    >>> unpack_deal(pack_deal(deal)) == deal, pack_deal(deal)[0]
    (True, 2)
    >>> pack = tuple(Card(c) for c in ("7S", "9D", "QC", "KH", "AS"))
    >>> dealt = Deal((CardSet.parse("KH 7S"), CardSet.parse("9D")), (Card("QC"),), (Card("9D"),), pack)
    >>> zoned = pack_deal(dealt)
    >>> unpack_deal(zoned) == dealt, zoned[0] == ZONED | 2, len(zoned)
    (True, True, 13)
    """
    section = deal.zones
    if section is not None:   # the engine's dealer noted where each card went (see DealPlan)
        turned = deal.turned
        return bytes((ZONED | len(deal.hands), len(deal.pack), *deal.pack)) + section + bytes((len(turned), *turned))
    zoned = _zoned(deal) if deal.pack and len(deal.hands) < TALON_ZONE else None
    if zoned is not None:
        return zoned
    out: list[int] = [len(deal.hands)]
    parts: list[Iterable[int]] = [*deal.hands, deal.talon, deal.turned, deal.pack]
    for part in parts:
        cards = list(part)
        out.append(len(cards))
        out += cards
    return bytes(out)


def unpack_deal(data: bytes) -> Deal:
    """The deal :func:`pack_deal` packed."""
    if data[0] & ZONED:
        return _unzone(data)
    pos = 1
    hands = []
    for _ in range(data[0]):
        count = data[pos]
        hands.append(CardSet(sum(BIT[c] for c in data[pos + 1:pos + 1 + count])))
        pos += 1 + count
    parts: list[tuple[Card, ...]] = []
    for _ in range(3):
        count = data[pos]
        parts.append(tuple(ALL_CARDS[c] for c in data[pos + 1:pos + 1 + count]))
        pos += 1 + count
    return Deal(tuple(hands), parts[0], parts[1], parts[2])


def _unzone(data: bytes) -> Deal:
    n = data[1]
    pack = data[2:2 + n]
    zones, pos = _zones_at(data, 2 + n, n)
    hands = [0] * (data[0] & ~ZONED)
    talon = []
    for card, zone in zip(pack, zones, strict=True):
        if zone < TALON_ZONE:
            hands[zone] |= BIT[card]
        elif zone == TALON_ZONE:
            talon.append(ALL_CARDS[card])
    turned = tuple(ALL_CARDS[c] for c in data[pos + 1:pos + 1 + data[pos]])
    return Deal(tuple(CardSet(h) for h in hands), tuple(talon), turned, tuple(ALL_CARDS[c] for c in pack))


def _zones_at(data: bytes, pos: int, n: int) -> tuple[bytes, int]:
    """The ``n`` zones written at ``pos`` (see :func:`zone_section`) and the position after them."""
    period = data[pos]
    if period:
        pattern = data[pos + 1:pos + 1 + period]
        pos += 1 + period
        length, tail = data[pos], data[pos + 1]
        return (pattern * (length // period + 1))[:length] + bytes((tail,)) * (n - length), pos + 2
    halves = data[pos + 1:pos + 1 + (n + 1) // 2]
    zones = bytearray()
    for byte in halves:
        zones += bytes((byte & 15, byte >> 4))
    return bytes(zones[:n]), pos + 1 + len(halves)


def zone_section(zones: bytes) -> bytes:
    """The zones of a pack's cards, written short: a period ``p`` (1 to 32), the first ``p`` zones,
    how many of them repeat so, and the zone of the rest (the usual deal: round after round, then
    the talon); else ``0`` and half a byte each."""
    n = len(zones)
    length = len(zones.rstrip(zones[-1:])) if n else 0
    tail = zones[-1] if n else 0
    for period in range(1, min(32, length) + 1):
        if zones[period:length] == zones[:length - period]:
            if period + 4 < (n + 1) // 2 + 1:
                return bytes((period,)) + zones[:period] + bytes((length, tail))
            break
    even, odd = zones[0::2], zones[1::2] + bytes(n & 1)
    return b"\0" + (int.from_bytes(even) | int.from_bytes(odd) << 4).to_bytes(len(even))


ZONED = 0x80
"""The first byte's flag of the zoned layout (see :func:`pack_deal`)."""
TALON_ZONE, NO_ZONE = 14, 15


def _zoned(deal: Deal) -> bytes | None:
    """A deal's zoned layout, or ``None`` when it would not give the deal back (a card twice in the
    pack, a hand's card not in it, a talon not in the pack's order…)."""
    pack = bytes(deal.pack)
    table = bytearray(_NOWHERE)
    dealt = len(deal.talon)
    for card in deal.talon:
        table[card] = TALON_ZONE
    for seat, hand in enumerate(deal.hands):
        dealt += len(hand)
        for card in hand:
            table[card] = seat
    zones = pack.translate(table)
    n = len(pack)
    if len(set(pack)) != n or n - zones.count(NO_ZONE) != dealt:
        return None
    if deal.talon and bytes(compress(pack, map(_IS_TALON, zones))) != bytes(deal.talon):
        return None
    return bytes((ZONED | len(deal.hands), n)) + pack + zone_section(zones) + bytes((len(deal.turned), *deal.turned))


_NOWHERE = bytes([NO_ZONE]) * 256
_IS_TALON = TALON_ZONE.__eq__


def _stored(action: object) -> object:
    return pack_deal(action) if type(action) is Deal and not action.is_view else action


def appended(codes: array[int], code: int) -> array[int]:
    """``codes`` with ``code`` appended: the same array, or — the first time a code does not fit
    in its 16 bits — a new array of 32-bit codes (views of the old one stay true).

    >>> codes = array("H", [1, 2])
    >>> appended(codes, 3) is codes, appended(codes, 1 << 20).typecode, list(codes)
    (True, 'I', [1, 2, 3])
    """
    try:
        codes.append(code)
    except OverflowError:
        codes = array("I", codes)
        codes.append(code)
    return codes


def index_code(action: object, side: list[object], pack: bool = False, wide: bool = False) -> int:
    """The code of ``action`` without its seat: its interned number, or (appending it to ``side``,
    a deal packed if ``pack``) its place there with :data:`SIDE_FLAG`. A number that does not fit
    in a 16-bit code goes to the side list only while the codes are 16-bit (not ``wide``) and the
    side list is short (:data:`SIDE_CAP`); else it stays in the code, which turns the array 32-bit
    (:func:`appended`): a long-lived process, whose table has grown, costs no more than 32-bit codes."""
    code = intern(action)
    if 0 <= code < NARROW or (code >= 0 and (wide or len(side) >= SIDE_CAP)):
        return code << INDEX_SHIFT
    side.append((_stored(action) if pack else action) if code < 0 else _ACTIONS[code])
    return (len(side) - 1) << INDEX_SHIFT | SIDE_FLAG


def first_side(codes: Iterable[int]) -> int:
    """The place in the side list of the first of ``codes`` kept there (``-1``: none)."""
    for code in codes:
        if code & SIDE_FLAG:
            return code >> INDEX_SHIFT
    return -1


def item(code: int, side: Sequence[object]) -> object:
    """The interned object, or the side list's entry, of one code (seat ignored)."""
    return side[code >> INDEX_SHIFT] if code & SIDE_FLAG else _ACTIONS[code >> INDEX_SHIFT]


def decode(code: int, side: Sequence[object]) -> tuple[int, Action]:
    """The ``(seat, action)`` of one code.

    >>> rec = Recorder()
    >>> rec.record(3, Card("7S")); rec.record(-1, Deal((CardSet.parse("AS"),)))
    >>> decode(rec.codes[0], rec.side), str(decode(rec.codes[1], rec.side)[1])
    ((3, Card('7S')), 'deal 0=AS')
    """
    if code & SIDE_FLAG:
        stored = side[code >> INDEX_SHIFT]
        if type(stored) is bytes:   # a deal, packed
            stored = unpack_deal(stored)
        return (code & SEAT_MASK) - 1, stored  # type: ignore[return-value]
    return (code & SEAT_MASK) - 1, _ACTIONS[code >> INDEX_SHIFT]  # type: ignore[return-value]


class Recorder:
    """The history a state owns: appended in place, shortened by copying (see the module doc)."""

    __slots__ = ("codes", "side")

    def __init__(self, codes: array[int] | None = None, side: list[object] | None = None):
        self.codes: array[int] = array("H") if codes is None else codes
        self.side: list[object] = [] if side is None else side

    def __len__(self) -> int:
        return len(self.codes)

    def record(self, seat: int, action: object) -> None:
        """Append ``(seat, action)`` (seat ``-1``: the table). ``codes`` may be a new array after
        (see :func:`appended`): read it again.

        >>> rec = Recorder()
        >>> rec.record(0, Card("KH")); rec.codes.typecode, rec[0]
        ('H', (0, Card('KH')))
        """
        codes = self.codes
        self.codes = appended(codes, SEAT_CODE[seat] | index_code(action, self.side, True, codes.itemsize > 2))

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` entries (new arrays: views made before stay true)."""
        codes = self.codes
        if length >= len(codes):
            return
        self.codes = codes[:length]
        first = first_side(codes[length:])
        if first >= 0:
            self.side = self.side[:first]

    def pop(self) -> tuple[int, Action]:
        """Remove and return the last entry."""
        last = decode(self.codes[-1], self.side)
        self.truncate(len(self.codes) - 1)
        return last

    def copy(self) -> Recorder:
        return Recorder(self.codes[:], self.side[:])

    def view(self, start: int = 0, stop: int | None = None) -> History:
        return History(self.codes, self.side, start, len(self.codes) if stop is None else stop)

    def __getitem__(self, index: int) -> tuple[int, Action]:
        return decode(self.codes[index], self.side)


class History(Sequence[tuple[int, "Action"]]):
    """``(seat, action)`` pairs of ``codes[start:stop]``; seat ``-1`` is the table (chance)."""

    __slots__ = ("_codes", "_side", "_start", "_stop")

    def __init__(self, codes: array[int], side: Sequence[object], start: int = 0, stop: int | None = None):
        self._codes = codes
        self._side = side
        self._start = start
        self._stop = len(codes) if stop is None else stop

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> tuple[int, Action]: ...

    @overload
    def __getitem__(self, i: slice) -> list[tuple[int, Action]]: ...

    def __getitem__(self, i: int | slice) -> tuple[int, Action] | list[tuple[int, Action]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = self._stop - self._start
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        return decode(self._codes[self._start + i], self._side)

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        side = self._side
        for code in self._codes[self._start:self._stop]:
            yield decode(code, side)

    def seats(self) -> Iterator[int]:
        """The seat of each entry (``-1``: the table), without decoding the actions."""
        for code in self._codes[self._start:self._stop]:
            yield (code & SEAT_MASK) - 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:  # pragma: no cover - views are not dict keys
        raise TypeError("a history view is not hashable")

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

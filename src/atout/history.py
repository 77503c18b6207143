"""The history of a partie, kept compact: every ``(seat, action)`` applied, in order.

Each entry is one 32-bit code in an ``array``: the seat plus one above bit 24 (0 for the table's
chance steps), below it a card's id or the number of the action in a process-wide table of
interned actions (:func:`intern`: one number per distinct action value, so a question asked a
thousand times costs four bytes each time). What cannot be interned — a deal, a draw, free text —
goes to a small side list; a deal as its cards' bytes (:class:`PackedDeal`), some eighty bytes.

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

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

from atout.cards import ALL_CARDS, BIT, Card, CardSet
from atout.chance import Deal

if TYPE_CHECKING:
    from atout.actions import Action

SEAT_SHIFT = 24
CODE_MASK = (1 << SEAT_SHIFT) - 1
SIDE = 1 << 23            # codes from here on index the side list
FIRST_ACTION = 256        # codes below are card ids
MAX_SEATS = 16
SEAT_CODE = (*((seat + 1) << SEAT_SHIFT for seat in range(MAX_SEATS)), 0)
"""A seat's part of a code, by seat; ``SEAT_CODE[-1]`` is the table's (chance): 0."""

_ACTIONS: list[object] = [*ALL_CARDS, *([None] * (FIRST_ACTION - len(ALL_CARDS)))]
_BY_ID: dict[int, int] = {}
_BY_VALUE: dict[object, int] = {}


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
        if code >= SIDE:  # pragma: no cover - millions of distinct actions
            return -1
        _ACTIONS.append(action)
        _BY_VALUE[action] = code
        _BY_ID[id(action)] = code  # the table keeps the object alive: its id stays its own
    return code


def interned(code: int) -> object:
    """The action of an interned ``code`` (a card id or a table number)."""
    return _ACTIONS[code]


class PackedDeal:
    """A deal kept as the bytes of its cards: each hand, the talon, the turned cards and the pack
    (card ids are below 256). :meth:`unpack` gives back an equal :class:`~atout.chance.Deal`.

    >>> deal = Deal((CardSet.parse("KH 7S"), CardSet.parse("9D")), (Card("QC"),), (Card("QC"),))
    >>> PackedDeal(deal).unpack() == deal
    True
    """

    __slots__ = ("data",)
    interned = False

    def __init__(self, deal: Deal):
        out: list[int] = [len(deal.hands)]
        parts: list[Iterable[int]] = [*deal.hands, deal.talon, deal.turned, deal.pack]
        for part in parts:
            cards = list(part)
            out.append(len(cards))
            out += cards
        self.data = bytes(out)

    def unpack(self) -> Deal:
        data = self.data
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


def _stored(action: object) -> object:
    return PackedDeal(action) if type(action) is Deal and not action.is_view else action


def _action(index: int, side: Sequence[object]) -> Action:
    if index < SIDE:
        return _ACTIONS[index]  # type: ignore[return-value]
    stored = side[index - SIDE]
    return stored.unpack() if type(stored) is PackedDeal else stored  # type: ignore[return-value]


def decode(code: int, side: Sequence[object]) -> tuple[int, Action]:
    """The ``(seat, action)`` of one code."""
    return (code >> SEAT_SHIFT) - 1, _action(code & CODE_MASK, side)


class Recorder:
    """The history a state owns: appended in place, shortened by copying (see the module doc)."""

    __slots__ = ("codes", "side")

    def __init__(self, codes: array[int] | None = None, side: list[object] | None = None):
        self.codes: array[int] = array("I") if codes is None else codes
        self.side: list[object] = [] if side is None else side

    def __len__(self) -> int:
        return len(self.codes)

    def record(self, seat: int, action: object) -> None:
        """Append ``(seat, action)`` (seat ``-1``: the table)."""
        code = intern(action)
        self.codes.append(SEAT_CODE[seat] | (code if code >= 0 else self.keep(action)))

    def keep(self, action: object) -> int:
        """Put an action that is not interned in the side list; its code."""
        self.side.append(_stored(action))
        return SIDE + len(self.side) - 1

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` entries (new arrays: views made before stay true)."""
        codes = self.codes
        if length >= len(codes):
            return
        self.codes = codes[:length]
        side = self.side
        for code in codes[length:]:
            index = code & CODE_MASK
            if index >= SIDE:
                self.side = side[:index - SIDE]
                break

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
            yield (code >> SEAT_SHIFT) - 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:  # pragma: no cover - views are not dict keys
        raise TypeError("a history view is not hashable")

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

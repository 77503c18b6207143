"""The compact history of a Whist partie: one 32-bit code per action in an ``array`` — the seat
(plus one; 0 is the table) above bit 24, below it a card's id or the number of another action in a
small process-wide table (the cuts, the honours at eight) — and a side list for the deals and
draws, which are kept whole.

Entries are only ever appended: a view made now stays true; a clone or an undo copies the array.

>>> from atout.cards import Card
>>> from atout.games.whist.actions import Cut
>>> codes, side = new_codes(), []
>>> record(codes, side, 2, Card("KH")); record(codes, side, 1, Cut(7))
>>> list(History(codes, side))
[(2, Card('KH')), (1, Cut(position=7))]
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any, overload

from atout.cards import ALL_CARDS, Card
from atout.chance import Deal, Draw

SEAT_SHIFT = 24
CODE_MASK = (1 << SEAT_SHIFT) - 1
FIRST_ACTION = 256        # codes below are card ids
SIDE = 1 << 23            # codes from here on index the side list

_ACTIONS: list[Any] = list(ALL_CARDS) + [None] * (FIRST_ACTION - len(ALL_CARDS))
_CODES: dict[Any, int] = {}


def new_codes() -> array[int]:
    return array("I")


def code_of(action: Any) -> int:
    """The code of a card or of an interned action (cuts, shows, calls…); ``-1`` for a deal or draw."""
    kind = type(action)
    if kind is Card:
        return int(action)
    if kind is Deal or kind is Draw:
        return -1
    code = _CODES.get(action)
    if code is None:
        code = _CODES[action] = len(_ACTIONS)
        _ACTIONS.append(action)
    return code


def record(codes: array[int], side: list[Any], seat: int, action: Any) -> None:
    """Append ``(seat, action)``."""
    code = code_of(action)
    if code < 0:
        code = SIDE + len(side)
        side.append(action)
    codes.append((seat + 1) << SEAT_SHIFT | code)


def decode(code: int, side: Sequence[Any]) -> tuple[int, Any]:
    index = code & CODE_MASK
    return (code >> SEAT_SHIFT) - 1, _ACTIONS[index] if index < SIDE else side[index - SIDE]


class History(Sequence[tuple[int, Any]]):
    """``(seat, action)`` pairs of ``codes[start:stop]``; seat ``-1`` is the table. With
    ``public=True`` deals show no hidden hand: what a spectator saw."""

    __slots__ = ("_codes", "_public", "_side", "_start", "_stop")

    def __init__(self, codes: array[int], side: Sequence[Any], start: int = 0, stop: int | None = None,
                 public: bool = False):
        self._codes, self._side, self._start = codes, side, start
        self._stop = len(codes) if stop is None else stop
        self._public = public

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> tuple[int, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[tuple[int, Any]]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        return self._shown(decode(self._codes[self._start + i], self._side))

    def _shown(self, entry: tuple[int, Any]) -> tuple[int, Any]:
        if self._public and type(entry[1]) is Deal:
            return entry[0], entry[1].seen_by(None)
        return entry

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        side = self._side
        for code in self._codes[self._start:self._stop]:
            yield self._shown(decode(code, side))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:  # pragma: no cover - views are not dict keys
        raise TypeError("a history view is not hashable")

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

"""Compact records of what happened: the history, and the talk of finished hands.

Each action applied is one 32-bit code in an ``array`` (the seat and the action's number in a
process-wide table of interned actions); the actions too many to intern — deals, draws, remarks —
go to a small side list, a deal made from a pack as its 37 bytes (:class:`PackedDeal`).
:class:`History` reads it back as ``(seat, action)`` pairs; :class:`HandPlays` and
:class:`HandTalk` read a finished hand's tricks and talk from it.

Entries are only ever appended: a prefix never changes, so a view made now stays true, and a
clone or an undo copies (never edits) what it shares.

>>> from atout.cards import Card
>>> codes, side = new_codes(), []
>>> record(codes, side, 2, Card("KH")); record(codes, side, -1, Remark("à vous"))
>>> History(codes, side)[0], History(codes, side)[-1], len(History(codes, side))
((2, Card('KH')), (-1, Remark(text='à vous')), 2)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from atout.cards import ALL_CARDS, SUIT_INDEX, Card
from atout.chance import Deal, Draw
from atout.games.sizette.actions import Remark
from atout.games.sizette.events import TalkEntry, TrickRecord
from atout.tricks import fast_trick_winner

if TYPE_CHECKING:
    from atout.games.sizette.rules import Rules

SEAT_SHIFT = 24
CODE_MASK = (1 << SEAT_SHIFT) - 1
SIDE = 1 << 23            # codes from here on index the side list
SEAT_CODE = (*((seat + 1) << SEAT_SHIFT for seat in range(10)), 0)
"""A seat's part of a code, by seat; ``SEAT_CODE[-1]`` is the table's (chance): 0."""
FIRST_ACTION = 256        # codes below are card ids

_ACTIONS: list[Any] = list(ALL_CARDS) + [None] * (FIRST_ACTION - len(ALL_CARDS))
_BY_ID: dict[int, int] = {}
_BY_VALUE: dict[Any, int] = {}
_UNINTERNED = (Deal, Draw, Remark)
_new_tuple = tuple.__new__


class PackedDeal:
    """A deal made from a pack by the rules of a game, kept as the dealer and the pack's bytes."""

    __slots__ = ("data", "rules")

    def __init__(self, rules: Rules, dealer: int, pack: Sequence[int]):
        self.rules = rules
        self.data = bytes((dealer, *pack))

    def unpack(self) -> Deal:
        from atout.games.sizette.deal import deal_from_pack

        return deal_from_pack(self.rules, tuple(ALL_CARDS[c] for c in self.data[1:]), self.data[0])


def new_codes() -> array[int]:
    return array("I")


def intern(action: Any) -> int:
    """The code of a (hashable) action, registering it the first time; ``-1`` for the side list."""
    code = _BY_ID.get(id(action))
    if code is not None:
        return code
    if type(action) is Card:
        return int(action)
    if type(action) in _UNINTERNED:
        return -1
    code = _BY_VALUE.get(action)
    if code is None:
        code = len(_ACTIONS)
        if code >= SIDE:  # pragma: no cover - millions of distinct actions
            return -1
        _ACTIONS.append(action)
        _BY_VALUE[action] = code
        _BY_ID[id(action)] = code  # the table keeps the object alive: its id stays its own
    return code


def record(codes: array[int], side: list[Any], seat: int, action: Any) -> None:
    """Append ``(seat, action)``; ``action`` may be a :class:`PackedDeal`."""
    code = -1 if type(action) is PackedDeal else intern(action)
    if code < 0:
        code = SIDE + len(side)
        side.append(action)
    codes.append(SEAT_CODE[seat] | code)


def _action(index: int, side: Sequence[Any]) -> Any:
    if index < SIDE:
        return _ACTIONS[index]
    action = side[index - SIDE]
    return action.unpack() if type(action) is PackedDeal else action


def decode(code: int, side: Sequence[Any]) -> tuple[int, Any]:
    return (code >> SEAT_SHIFT) - 1, _action(code & CODE_MASK, side)


class History(Sequence[tuple[int, Any]]):
    """``(seat, action)`` pairs of ``codes[start:stop]``; seat ``-1`` is the table (chance).

    With ``public=True`` deals show no hidden hand (:meth:`~atout.chance.Deal.seen_by` ``None``):
    what a spectator saw.
    """

    __slots__ = ("_codes", "_public", "_side", "_start", "_stop")

    def __init__(self, codes: array[int], side: Sequence[Any], start: int = 0, stop: int | None = None,
                 public: bool = False):
        self._codes = codes
        self._side = side
        self._start = start
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
        n = self._stop - self._start
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        seat, action = decode(self._codes[self._start + i], self._side)
        if self._public and type(action) is Deal:
            action = action.seen_by(None)
        return seat, action

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        side, public = self._side, self._public
        for code in self._codes[self._start:self._stop]:
            seat, action = decode(code, side)
            if public and type(action) is Deal:
                action = action.seen_by(None)
            yield seat, action

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:  # pragma: no cover - views are not dict keys
        raise TypeError("a history view is not hashable")

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


class _HandView(Sequence[Any]):
    """A finished hand's record read from the history (a stable prefix): made in O(1) when the
    hand ends, decoded when read."""

    __slots__ = ()

    def _items(self) -> list[Any]:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._items())

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        return self._items()[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _HandView | list | tuple):
            return self._items() == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._items()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._items()!r})"


class HandPlays(_HandView):
    """The tricks of a finished hand (:class:`~atout.games.sizette.events.TrickRecord`), the
    unfinished one last (winner ``-1``) if play stopped mid-trick."""

    __slots__ = ("_codes", "_keys", "_leader", "_n", "_start", "_stop")

    def __init__(self, codes: array[int], start: int, stop: int, n: int, leader: int,
                 keys: Sequence[Sequence[int]]):
        self._codes, self._start, self._stop, self._n, self._leader, self._keys = codes, start, stop, n, leader, keys

    def _items(self) -> list[TrickRecord]:
        cards = [_ACTIONS[c & CODE_MASK] for c in self._codes[self._start:self._stop]
                 if c & CODE_MASK < FIRST_ACTION and c >> SEAT_SHIFT]
        out, n, leader = [], self._n, self._leader
        for i in range(0, len(cards), n):
            trick = tuple(cards[i:i + n])
            if len(trick) < n:
                out.append(TrickRecord(leader, trick, -1))
                break
            winner = (leader + fast_trick_winner(trick, self._keys[SUIT_INDEX[trick[0]]])) % n
            out.append(TrickRecord(leader, trick, winner))
            leader = winner
        return out


TALKED: set[type] = set()   # the action types a hand's talk records (filled by the modules that record them)


class HandTalk(_HandView):
    """The talk of a finished hand (:class:`~atout.games.sizette.events.TalkEntry`): its speech
    and claims, read from the history, and the table's events (``events``: ``(history index,
    seat, event)``, each after the action at that index)."""

    __slots__ = ("_codes", "_events", "_n", "_side", "_start", "_stop")

    def __init__(self, codes: array[int], side: Sequence[Any], start: int, stop: int, n: int,
                 events: tuple[tuple[int, int, Any], ...]):
        self._codes, self._side, self._start, self._stop, self._n, self._events = codes, side, start, stop, n, events

    def _items(self) -> list[TalkEntry]:
        out: list[TalkEntry] = []
        events = list(self._events)
        cards = 0
        for index in range(self._start, self._stop):
            code = self._codes[index]
            seat, action = decode(code, self._side)
            trick = cards // self._n + 1
            if type(action) is Card and seat >= 0:
                cards += 1
            elif type(action) in TALKED:
                out.append(TalkEntry(seat, trick, action))
            while events and events[0][0] == index:
                _, who, event = events.pop(0)
                out.append(TalkEntry(who, trick, event))
        return out

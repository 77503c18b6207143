"""The log of a partie: every action of the history and every event the game announced (a trick
won, a hand scored…), in order, numbered from 0 — and a seat's view of it.

A state owns one :class:`Log`: its :class:`~atout.history.Recorder` (the actions) and, beside
it, the events, each stored as one code like an action (the seat it concerns, the event interned
or kept in a side list) with its number in the log. A game announces an event from its change of
the state (:meth:`atout.game.State.announce`): the event comes after the action being applied.

:class:`LogView` is what an observation holds: the log up to the moment it was made, as one
viewer may see it (each action through the game's ``visible_action``, each event through its own
``seen_by``), read from any number (:meth:`LogView.since`). Like the history, the log appends in
place and shortens by copying, so a view stays true.

>>> from atout.cards import Card
>>> from atout.actions import Hidden
>>> log = Log()
>>> log.history.record(0, Card("KH")); log.event(1, Hidden("trick", 1)); log.history.record(1, Card("7H"))
>>> view = log.view(None, lambda item, seat, viewer: item)
>>> [(e.number, e.seat, str(e.item)) for e in view.since(1)]
[(1, 1, 'hidden trick 1'), (2, 1, '7H')]
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, overload

from atout.compiled import speedups
from atout.events import Scored
from atout.history import (
    ACTIONS,
    INDEX_SHIFT,
    NARROW_CODE,
    SEAT_CODE,
    SEAT_MASK,
    SIDE_FLAG,
    Recorder,
    appended,
    decode,
    first_side,
    index_code,
    item,
)

if TYPE_CHECKING:
    from atout.actions import Action

Visibility = Callable[["Action", int, "int | None"], "Action"]
"""``visible(item, seat, viewer)``: how ``seat``'s action or event appears to ``viewer``."""
EntryJSON = Callable[["LogEntry"], dict[str, object]]
"""``entry_json(entry)``: one entry in JSON (the game's)."""


SCORED = SEAT_MASK
"""The seat part of an event's code for a :class:`~atout.events.Scored` kept as its result alone
(the table's event: its entry's seat is ``-1``), one object fewer for each hand of a partie."""


class LogEntry(NamedTuple):
    """One entry of a viewer's log: its number in the log, the seat (``-1``: the table), and the
    action or event as the viewer sees it."""

    number: int
    seat: int
    item: Action


class Log:
    """The actions (:attr:`history`) and the events of a partie (see the module doc)."""

    __slots__ = ("at", "codes", "history", "side")

    def __init__(self, history: Recorder | None = None, at: array[int] | None = None,
                 codes: array[int] | None = None, side: list[object] | None = None):
        self.history = Recorder() if history is None else history
        self.at: array[int] = array("H") if at is None else at          # each event's number in the log
        self.codes: array[int] = array("H") if codes is None else codes  # each event's seat and item
        self.side: list[object] = [] if side is None else side

    def __len__(self) -> int:
        return len(self.history.codes) + len(self.at)

    def event(self, seat: int, item: object) -> None:
        """Announce ``item`` (concerning ``seat``; ``-1``: the table) after the last action."""
        if type(item) is Scored and seat < 0:     # the table's: its result alone, in the side list
            side = self.side
            side.append(item.result)
            code = (len(side) - 1) << INDEX_SHIFT | SIDE_FLAG | SCORED
        else:
            interned = NARROW_CODE.get(id(item))
            code = interned if interned is not None else index_code(item, self.side, False, self.codes.itemsize > 2)
            code |= SEAT_CODE[seat]
        at = self.at
        number = len(self.history.codes) + len(at)
        try:
            at.append(number)
        except OverflowError:
            self.at = appended(at, number)
        codes = self.codes
        try:
            codes.append(code)
        except OverflowError:
            self.codes = appended(codes, code)

    def truncate(self, actions: int) -> None:
        """Back to the first ``actions`` actions and the events announced before the next one
        (new arrays: views made before stay true)."""
        self.history.truncate(actions)
        at = self.at
        keep = len(at)
        while keep and at[keep - 1] - (keep - 1) > actions:   # an event's number less the events before it:
            keep -= 1                                         # the actions recorded when it was announced
        if keep < len(at):
            codes = self.codes
            first = first_side(codes[keep:])
            if first >= 0:
                self.side = self.side[:first]
            self.at = at[:keep]
            self.codes = codes[:keep]

    def copy(self) -> Log:
        return Log(self.history.copy(), self.at[:], self.codes[:], self.side[:])

    def view(self, viewer: int | None, visible: Visibility, entry_json: EntryJSON | None = None,
             hand_start: int = 0) -> LogView:
        """The log as it stands, as ``viewer`` (``None``: a spectator) may see it."""
        return log_view(self, viewer, (visible, entry_json), hand_start)


class LogView(Sequence[LogEntry]):
    """A viewer's log, up to the moment it was made: ``len(view)`` entries, numbered from 0.

    ``hand_start`` is the number of the first entry of the hand in progress (its deal, or the
    step that opened it). Read ``view.since(n)`` for the entries from number ``n`` on (what a
    client that has the first ``n`` still lacks), or index it like a list.
    """

    __slots__ = ("_how", "_parts", "_stop", "hand_start", "viewer")

    def __init__(self, parts: tuple[array[int], Sequence[object], array[int], array[int], Sequence[object]],
                 stop: int, viewer: int | None, how: tuple[Visibility, EntryJSON | None], hand_start: int = 0):
        self._parts = parts   # the actions' codes and side list, the events' numbers, codes and side list
        self._stop = stop
        self._how = how       # (visible, entry_json)
        self.viewer = viewer
        self.hand_start = hand_start

    def __len__(self) -> int:
        return self._stop

    def _entry(self, index: int) -> LogEntry:
        actions, side, at, codes, event_side = self._parts
        events = bisect_left(at, index, 0, min(len(at), index + 1))
        if events < len(at) and at[events] == index:
            code = codes[events]
            thing = item(code, event_side)
            seat = (code & SEAT_MASK) - 1
            if code & SEAT_MASK == SCORED:
                thing, seat = Scored(thing), -1   # type: ignore[arg-type]
        else:
            seat, thing = decode(actions[index - events], side)
        return LogEntry(index, seat, self._how[0](thing, seat, self.viewer))  # type: ignore[arg-type]

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...

    def __getitem__(self, i: int | slice) -> LogEntry | list[LogEntry]:
        if isinstance(i, slice):
            return [self._entry(k) for k in range(*i.indices(self._stop))]
        if i < 0:
            i += self._stop
        if not 0 <= i < self._stop:
            raise IndexError("log index out of range")
        return self._entry(i)

    def since(self, start: int) -> list[LogEntry]:
        """The entries numbered ``start`` and on (``[]`` when ``start`` is the length or beyond)."""
        return list(self._walk(max(0, start)))

    def __iter__(self) -> Iterator[LogEntry]:
        return self._walk(0)

    def to_json(self, since: int = 0) -> list[dict[str, object]]:
        """The entries numbered ``since`` and on, in JSON (the game's shape, ``docs/observation.md``)."""
        entry_json = self._how[1]
        if entry_json is None:
            return [{"i": e.number, "seat": e.seat, "text": str(e.item)} for e in self._walk(max(0, since))]
        return [entry_json(e) for e in self._walk(max(0, since))]

    def _walk(self, start: int) -> Iterator[LogEntry]:
        actions, side, at, codes, event_side = self._parts
        visible, viewer, stop = self._how[0], self.viewer, self._stop
        events = bisect_left(at, start, 0, min(len(at), start + 1)) if at else 0
        action = start - events
        index = start
        n_events = len(at)
        while index < stop:
            if events < n_events and at[events] == index:
                code = codes[events]
                thing = event_side[code >> INDEX_SHIFT] if code & SIDE_FLAG else ACTIONS[code >> INDEX_SHIFT]
                seat = (code & SEAT_MASK) - 1
                if code & SEAT_MASK == SCORED:
                    thing, seat = Scored(thing), -1   # type: ignore[arg-type]
                events += 1
            else:
                seat, thing = decode(actions[action], side)
                action += 1
            yield LogEntry(index, seat, visible(thing, seat, viewer))  # type: ignore[arg-type]
            index += 1

    def __repr__(self) -> str:
        return f"LogView(viewer={self.viewer}, length={self._stop}, hand_start={self.hand_start})"


def pure_log_view(log: Log, viewer: int | None, how: tuple[Visibility, EntryJSON | None], hand_start: int = 0,
                  ) -> LogView:
    """The log as it stands, as ``viewer`` may see it (:meth:`Log.view` with its two functions given
    as one pair ``(visible, entry_json)``, which a caller makes once: what an observation calls);
    :data:`log_view` is this function, or its compiled twin."""
    history = log.history
    actions, at = history.codes, log.at
    return LogView((actions, history.side, at, log.codes, log.side), len(actions) + len(at), viewer, how, hand_start)


log_view: Callable[[Log, int | None, tuple[Visibility, EntryJSON | None], int], LogView] = pure_log_view
"""A viewer's log: :func:`pure_log_view`, compiled when built (:mod:`atout.compiled`)."""
pure_event = Log.event
"""The reference of :meth:`Log.event`, which is compiled when built (:mod:`atout.compiled`)."""
if speedups is not None:
    speedups.set_log(LogView, speedups.Slots(LogView, ("_parts", "_stop", "viewer", "_how", "hand_start")),
                     speedups.Slots(Log, ("history", "at", "codes", "side")), speedups.Slots(Recorder, ("codes", "side")))
    log_view = speedups.log_view
    setattr(Log, "event", speedups.log_event(Log, pure_event, NARROW_CODE, SEAT_CODE, Scored, INDEX_SHIFT,  # noqa: B010
                                                 SIDE_FLAG, SCORED))

"""One actor per table: a task with a queue that serialises every command of that table.

A command (a connection's message, a timer running out, a bot's turn coming) is a function
run by the actor alone, so two players can never change a table at once: of two simultaneous
actions the first is applied and the second, now behind the table (``stale``) or out of turn, is
refused. After each command the actor **saves** the events it caused (and awaits the commit),
then **sends** them: to each connection as its audience may see them (its seat's view; a
spectator's), in one burst whose last event carries the seats and the view.

Timers: the grace period of an absent person (then a stand-in bot plays for the seat), the
turn timer (off by default), and the pause before each bot move (``Settings.bot_delay``).

A bot that thinks (a search, :mod:`atout.server.bot_workers`) decides in a worker process: the actor
asks and goes back to the loop; the answer comes back as a command, played if the table has not
moved on since the asking (else dropped, and the bot asked again), never before ``bot_delay`` from
the asking (a quick answer waits out the pause; a long thought adds none).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar, cast

from atout.game import JSONObject
from atout.server import schema
from atout.server.bot_workers import BotWorkers, Decision, decision_of
from atout.server.downloads import DownloadKey, Downloads, Partie, access, build_record, gunzip, partie_of
from atout.server.json_checks import whole
from atout.server.messages import Refusal
from atout.server.meter import HandMeter, Meter
from atout.server.store import LogRow, SeatRow, StatusRow, Writer
from atout.server.table import FINISHED, HUMAN, PLAYING, Event, Looks, Table, View, text_of

log = logging.getLogger("atout.server")
SEAT_EVENTS = frozenset({"sit", "leave", "replace"})   # events that may give a seat to another token
MAX_MISSED = 1000  # missed events sent one by one on a reconnection; beyond, the sync alone


def dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class Connection:
    """One WebSocket of one table: its language, its seat (``None``: a spectator or a visitor), and
    a queue of outgoing texts written by its own task (a slow client never holds up the table)."""

    def __init__(self, send: Callable[[str], Awaitable[None]], close: Callable[[int], Awaitable[None]],
                 limit: int = 2000):
        self._send = send
        self._close = close
        self.lang = "en"
        self.seat: int | None = None
        self.token: str | None = None
        self.host = False
        self.ready = False          # said hello
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.limit = limit
        self.closed = False
        self.sent = 0
        self.log_partie = 0         # the partie whose log entries the connection holds ...
        self.log_count = 0          # ... and how many of them (numbered 0 to log_count - 1)
        self.hands: HandMeter | None = None   # the table's meter, once the connection said hello

    def send(self, data: JSONObject | str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= self.limit:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        text = data if isinstance(data, str) else dumps(data)
        if self.hands is not None:
            self.hands.pending += len(text.encode())
        self.outbox.put_nowait(text)

    def log_since(self, partie: int) -> int:
        """The number of the first log entry of ``partie`` the connection lacks."""
        return self.log_count if self.log_partie == partie else 0

    def holds(self, partie: int, count: int) -> None:
        """The connection now holds the first ``count`` log entries of ``partie``."""
        self.log_partie, self.log_count = partie, count

    def error(self, refusal: Refusal, event: int, ref: schema.Ref = None) -> None:
        self.send({"type": "error", "code": refusal.code, "message": refusal.text(self.lang), "event": event,
                   "ref": ref})

    async def pump(self) -> None:
        """Write the outbox to the socket until it is closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                await self._close(1008)
                return
            try:
                await self._send(text)
            except asyncio.CancelledError:
                raise
            except Exception:   # noqa: BLE001 - a socket that cannot be written to: closed, so the seat gets its stand-in
                self.closed = True
                with contextlib.suppress(Exception):
                    await self._close(1011)
                return
            self.sent += 1

    def stop(self) -> None:
        self.closed = True
        self.outbox.put_nowait(None)


T = TypeVar("T")
Job = Callable[[], Awaitable[object]]


class TableActor:
    """The task that owns one :class:`~atout.server.table.Table` (see the module's doc)."""

    def __init__(self, table: Table, writer: Writer, on_broken: Callable[[str], None] | None = None,
                 meter: Meter | None = None, downloads: Downloads | None = None, bots: BotWorkers | None = None):
        self.table = table
        self.downloads = downloads or Downloads(table.settings)
        self.bots = bots or BotWorkers(table.settings)
        self._thinking: asyncio.Task[None] | None = None   # a bot's decision asked of a worker
        self._sending: set[asyncio.Task[None]] = set()   # records being built for a connection
        self.writer = writer
        self.settings = table.settings
        self.conns: set[Connection] = set()
        self.queue: asyncio.Queue[tuple[Job, asyncio.Future[object]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._turn: tuple[int, int, asyncio.TimerHandle, float] | None = None   # seat, event, handle, deadline
        self._wake: asyncio.TimerHandle | None = None
        self._on_broken = on_broken
        self.broken = False
        self._unsaved = False          # events taken from the table whose commit has not come back
        self.used = time.monotonic()   # the last command: a finished table unused for long leaves memory
        self.hands = HandMeter(meter or Meter())
        self._waited = 0.0             # CPU time of this thread spent awaiting a commit (other tasks ran)
        self._actions = 0              # actions flushed by the command in progress
        self._ended = False            # the command in progress ended a partie

    # ------------------------------------------------------------------ the queue

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table-{self.table.id}")

    async def submit(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job`` in the actor's turn and return its result (or raise its error)."""
        if self.broken:
            raise Refusal("storage")
        self.used = time.monotonic()
        done: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((job, done))
        return cast(T, await done)   # the future holds what ``job`` returned

    def post(self, job: Job) -> None:
        """Queue ``job`` without waiting for it (timers)."""
        if self.broken:
            return
        done: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        done.add_done_callback(_quiet)
        self.queue.put_nowait((job, done))

    async def _run(self) -> None:
        while True:
            job, done = await self.queue.get()
            self._waited, self._actions, self._ended = 0.0, 0, False
            began = time.thread_time()
            try:
                result = await job()
            except Refusal as refusal:
                self._count(began)
                if not done.done():
                    done.set_exception(refusal)
                continue
            except Exception:  # a bug (a game's, a bot's) or the database
                if self.table.has_unsaved() or self._unsaved:  # memory is ahead of the log: the table stops
                    log.exception("table %s stopped", self.table.id)
                    if not done.done():
                        done.set_exception(Refusal("storage"))
                    self._break()
                    return
                log.exception("table %s: a command failed and changed nothing", self.table.id)
                if not done.done():
                    done.set_exception(Refusal("internal"))
                continue
            self._count(began)
            if not done.done():
                done.set_result(result)

    def _count(self, began: float) -> None:
        """Count the command that just ran in the hand in progress (:mod:`atout.server.meter`)."""
        cpu = time.thread_time() - began - self._waited
        hands = self.hands
        table = self.table
        hand = hands.key
        if self._actions and table.state is not None:
            try:
                hand = (table.partie, table.state.observation(None).log.hand_start)
            except Exception:  # a game's bug: counted in the hand before, the actor goes on
                log.exception("table %s: no spectator's observation to count the hand by", table.id)
        sent, hands.pending = hands.pending, 0
        hands.add(cpu, self._actions, sent, hand, self._ended)

    def _break(self) -> None:
        self.broken = True
        for conn in list(self.conns):
            conn.error(Refusal("storage"), self.table.last_event)
            conn.stop()
        self.conns.clear()
        self._cancel_timers()
        if self._on_broken is not None:
            self._on_broken(self.table.id)

    def _cancel_timers(self) -> None:
        for handle in self._grace.values():
            handle.cancel()
        self._grace.clear()
        if self._turn is not None:
            self._turn[2].cancel()
            self._turn = None
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        if self._thinking is not None:
            self._thinking.cancel()
            self._thinking = None

    async def stop(self) -> None:
        self._cancel_timers()
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass

    # ------------------------------------------------------------------ saving and sending

    async def flush(self, replies: list[tuple[Connection, JSONObject]] | None = None) -> None:
        """Save the table's new events (awaiting the commit), then send the replies and the events."""
        table = self.table
        events = table.take_new()
        if events:
            self._unsaved = True
            waiting = time.thread_time()
            await self.writer.write(*self._rows(events))
            self._waited += time.thread_time() - waiting
            self._unsaved = False
            self._actions += sum(1 for e in events if e.what == "action")
            self._ended = self._ended or any(e.what == "end" for e in events)
        for conn, message in replies or ():
            conn.send(message)
        if events:
            # a seat that changed hands (the host's replace, a leave, the end of a partie someone left)
            # is seen from its new side from this burst on, and its connections get a fresh sync after it
            changed = self.after_seat_change() if any(e.what in SEAT_EVENTS for e in events) else []
            self._broadcast(events)
            self.resync_changed(changed)

    def _rows(self, events: list[Event]) -> tuple[list[LogRow], list[SeatRow], list[StatusRow]]:
        table = self.table
        log_rows = [LogRow(table.id, e.number, e.partie, e.what, e.payload) for e in events]
        changed = sorted({whole(e.payload, "seat") for e in events
                          if e.what in ("sit", "leave", "replace", "standin")})
        seats = [SeatRow(table.id, n, table.seats[n].kind, table.seats[n].name, table.seats[n].bot,
                         table.seats[n].token_hash) for n in changed]
        status = [StatusRow(table.id, table.status, table.partie)] if any(e.what in ("start", "end") for e in events) \
            else []
        return log_rows, seats, status

    def _broadcast(self, events: list[Event]) -> None:
        """Send a burst to every connection, as its audience may see it; the last event carries the
        view with the log entries that connection lacks. What is the same for several connections
        (same viewer, language and log position) is made once."""
        table = self.table
        partie, length = table.partie, table.log_length()
        bursts: dict[tuple[int | None, str, bool, int], list[str]] = {}
        views: dict[tuple[int | None, str], Looks | None] = {}
        for conn in self.conns:
            if not conn.ready:
                continue
            viewer = conn.seat
            sees_play = viewer is not None or table.config.spectators
            since = conn.log_since(partie) if sees_play else 0
            key = (viewer, conn.lang, sees_play, since)
            texts = bursts.get(key)
            if texts is None:
                texts = bursts[key] = self._burst(events, viewer, conn.lang, sees_play, since, views)
            for text in texts:
                conn.send(text)
            if texts and sees_play and table.state is not None:
                conn.holds(partie, length)

    def _burst(self, events: list[Event], viewer: int | None, lang: str, sees_play: bool, since: int,
               views: dict[tuple[int | None, str], Looks | None]) -> list[str]:
        shown = [e for e in events if sees_play or not e.is_play()]
        if not shown:
            return []
        out = [dumps(self.event_json(e, viewer, lang)) for e in shown[:-1]]
        last = self.event_json(shown[-1], viewer, lang)
        last["seats"] = self.table.seats_json()
        last["view"] = self.view_json(viewer, lang, since, views) if sees_play else None
        out.append(dumps(last))
        return out

    def view_json(self, viewer: int | None, lang: str, since: int,
                  looks: dict[tuple[int | None, str], Looks | None] | None = None) -> View | None:
        """The view of ``viewer`` in ``lang`` with the log from ``since`` (``Table.view``); its parts
        that do not depend on ``since`` are made once per viewer and language in ``looks``."""
        key = (viewer, lang)
        if looks is None or key not in looks:
            made = self.table.looks(viewer, lang)
            if looks is not None:
                looks[key] = made
        else:
            made = looks[key]
        return None if made is None else self.table.compose(made, since, lang)

    def event_json(self, event: Event, viewer: int | None, lang: str) -> JSONObject:
        data: JSONObject = {"type": "event", "event": event.number, "what": event.what, "status": event.status}
        data.update(event.public)
        if event.views is not None:
            data["action"] = event.action_for(viewer, lang)
        return data

    def sync_json(self, conn: Connection, skipped: bool = False, since: int | None = None) -> JSONObject:
        """The whole table as ``conn`` may see it; its view's log from ``since`` (default: the
        entries the connection lacks), after which the connection holds the whole log."""
        table = self.table
        viewer = conn.seat
        sees_play = viewer is not None or table.config.spectators
        info = table.info()
        seats = info.pop("seats")
        for key in ("url", "open_seats", "created", "titles"):
            info.pop(key, None)
        info["title"] = table.game.title.get(conn.lang, info["title"])
        info["view"] = table.game.view_json()
        view = None
        if sees_play:
            view = self.view_json(viewer, conn.lang, conn.log_since(table.partie) if since is None else since)
            if view is not None:
                conn.holds(table.partie, view["log_from"] + len(view["log"]))
        return {"type": "sync", "event": table.last_event, "table": info,
                "you": {"seat": viewer, "host": conn.host,
                        "name": None if viewer is None else table.seats[viewer].name},
                "seats": seats, "view": view,
                "timer": self.timer_json(), "rematch": sorted(table.rematch), "skipped": skipped}

    def timer_json(self) -> JSONObject | None:
        if self._turn is None:
            return None
        seat, _event, _handle, deadline = self._turn
        return {"seat": seat, "seconds_left": round(max(0.0, deadline - time.monotonic()), 1)}

    def presence(self, but: Connection | None = None) -> None:
        """Tell every connection (``but`` one, which has just had a ``sync``) who is here now."""
        message = dumps({"type": "presence", "seats": self.table.seats_json()})
        for conn in self.conns:
            if conn.ready and conn is not but:
                conn.send(message)

    # ------------------------------------------------------------------ after each command

    async def settle(self, replies: list[tuple[Connection, JSONObject]] | None = None) -> None:
        """Let chance and the bots play as far as they may now, save and send; re-arm the timers."""
        table = self.table
        delay = self.settings.bot_delay
        more = table.advance(0 if delay > 0 else None, defer=self.bots.enabled)
        await self.flush(replies)
        self._arm(more)

    async def _bot_turn(self) -> None:
        self._wake = None
        more = self.table.advance(1, defer=self.bots.enabled)
        await self.flush()
        self._arm(more)

    def _ask(self, seat: int) -> None:
        """Ask a worker for the decision of the bot of ``seat``, which thinks; one at a time (the
        answer to a decision the table has moved on from asks again)."""
        if self._thinking is not None:
            return
        decision = decision_of(self.table, seat)
        self._thinking = asyncio.create_task(self._await_answer(decision, self.table.last_event, time.monotonic()),
                                             name=f"think-{self.table.id}")

    async def _await_answer(self, decision: Decision, event: int, asked: float) -> None:
        code = await self.bots.decide(decision)
        left = asked + self.settings.bot_delay - time.monotonic()
        if left > 0:
            await asyncio.sleep(left)
        self.post(functools.partial(self._answer, decision.seat, event, code))

    async def _answer(self, seat: int, event: int, code: str | None) -> None:
        """A worker's answer for ``seat``, asked at event ``event``: played if it still holds."""
        self._thinking = None
        table = self.table
        if not table.awaits(seat, event):
            self.bots.stale += 1
        elif not table.play_bot(seat, code) and code is not None:
            log.error("table %s: the bot's answer %r at seat %d is not legal; its first legal move is played",
                      table.id, code, seat)
        await self.settle()

    def _arm(self, bots_waiting: bool) -> None:
        loop = asyncio.get_running_loop()
        table = self.table
        thinker = table.thinker_to_move() if bots_waiting and self.bots.enabled else None
        if thinker is not None:
            self._ask(thinker)
        elif bots_waiting and self._wake is None:
            self._wake = loop.call_later(self.settings.bot_delay, self.post, self._bot_turn)
        # the turn timer of the person to move
        person = table.person_to_move()
        timer = table.config.turn_timer
        if self._turn is not None and (person != self._turn[0] or table.last_event != self._turn[1]):
            self._turn[2].cancel()
            self._turn = None
            if person is None or timer <= 0:
                self._send_all({"type": "timer", "seat": None, "seconds_left": None})
        if person is not None and timer > 0 and self._turn is None:
            armed = table.last_event
            handle = loop.call_later(timer, self.post, functools.partial(self._timer_out, person, armed))
            self._turn = (person, armed, handle, time.monotonic() + timer)
            self._send_all({"type": "timer", "seat": person, "seconds_left": float(timer)})
        # the grace periods of absent people
        now = time.monotonic()
        for seat, info in enumerate(table.seats):
            away = info.kind == HUMAN and info.connections == 0 and not info.standin and table.status == PLAYING
            if not away:
                if seat in self._grace:
                    self._grace.pop(seat).cancel()
                continue
            if info.away_since is None:
                info.away_since = now
            if seat not in self._grace:
                left = max(0.0, table.config.grace - (now - info.away_since))
                self._grace[seat] = loop.call_later(left, self.post, functools.partial(self._grace_over, seat))

    def _send_all(self, message: JSONObject) -> None:
        text = dumps(message)
        for conn in self.conns:
            if conn.ready:
                conn.send(text)

    async def _timer_out(self, seat: int, armed: int) -> None:
        self._turn = None
        if self.table.timer_move(seat, armed):
            await self.settle()
        else:
            self._arm(False)

    async def _grace_over(self, seat: int) -> None:
        self._grace.pop(seat, None)
        info = self.table.seats[seat]
        if info.kind == HUMAN and info.connections == 0 and self.table.status == PLAYING:
            self.table.set_standin(seat, True)
            await self.settle()

    # ------------------------------------------------------------------ connections

    async def hello(self, conn: Connection, cmd: schema.Hello) -> None:
        """A connection says who it is: its seat comes back (a stand-in stops), then the events it
        missed, in order, as it may see them, then a fresh ``sync``."""
        table = self.table
        conn.lang = cmd.lang
        seat = table.seat_of(cmd.token)
        conn.host = table.is_host(cmd.token)
        conn.token = cmd.token if (seat is not None or conn.host) else None
        if cmd.token is not None and conn.token is None:
            conn.error(Refusal("bad_token"), table.last_event, cmd.ref)
        conn.seat = seat
        if seat is not None:
            info = table.seats[seat]
            info.connections += 1
            info.away_since = None
            if seat in self._grace:
                self._grace.pop(seat).cancel()
            table.set_standin(seat, False)
            await self.settle()
        conn.hands = self.hands
        self.conns.add(conn)
        holds = cmd.log if cmd.partie == table.partie and cmd.log is not None else 0
        if cmd.log_seat is not None and cmd.log_seat != (-1 if seat is None else seat):
            holds = 0   # the entries held were another viewer's
        self.resync(conn, cmd.last_event, holds if 0 <= holds <= table.log_length() else 0)
        conn.ready = True
        self.presence(but=conn)

    def resync(self, conn: Connection, last_event: int | None, since: int = 0) -> None:
        table = self.table
        skipped = False
        if last_event is not None and 0 <= last_event <= table.last_event:
            missed = table.events[last_event:]
            if len(missed) > MAX_MISSED:
                skipped = True
            else:
                sees_play = conn.seat is not None or table.config.spectators
                for event in missed:
                    if sees_play or not event.is_play():
                        data = self.event_json(event, conn.seat, conn.lang)
                        data["replay"] = True
                        conn.send(data)
        conn.send(self.sync_json(conn, skipped, since))

    def _away(self, seat: int) -> None:
        info = self.table.seats[seat]
        info.connections = max(0, info.connections - 1)
        if info.connections == 0:
            info.away_since = time.monotonic()

    async def bye(self, conn: Connection) -> None:
        """A connection closed: its seat's grace period begins when it was the last one."""
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None and conn.ready:
            info = self.table.seats[conn.seat]
            if info.kind == HUMAN and info.token_hash is not None:
                self._away(conn.seat)
                self._arm(False)
        self.presence()

    def after_seat_change(self) -> list[Connection]:
        """Connections whose token lost its seat (replaced, left) become visitors; a person who
        came back to a seat by the host's token finds it. Returns the connections whose seat changed:
        each gets a fresh ``sync`` once the events are sent (:meth:`resync_changed`). Another viewer
        sees another log: the burst's view brings it whole."""
        changed = []
        for conn in self.conns:
            seat = self.table.seat_of(conn.token)
            if seat != conn.seat:
                conn.seat = seat
                conn.holds(0, 0)
                changed.append(conn)
        return changed

    def resync_changed(self, changed: list[Connection]) -> None:
        for conn in changed:
            if conn.ready:
                conn.send(self.sync_json(conn))

    # ------------------------------------------------------------------ commands

    async def command(self, conn: Connection, cmd: schema.Command) -> None:
        """Run one checked message of ``conn`` (in the actor's turn); refusals go to ``conn`` alone."""
        try:
            await self._command(conn, cmd)
        except Refusal as refusal:
            conn.error(refusal, self.table.last_event, cmd.ref)
        except Exception:  # a bug in a game or a bot: the sender hears of it; the table stops if it changed
            if self.table.has_unsaved() or self._unsaved:
                raise
            log.exception("table %s: a command failed and changed nothing", self.table.id)
            conn.error(Refusal("internal"), self.table.last_event, cmd.ref)

    async def _command(self, conn: Connection, cmd: schema.Command) -> None:
        table = self.table
        if isinstance(cmd, schema.Lang):   # the same language: the log from where the connection stands
            same = cmd.lang == conn.lang
            conn.lang = cmd.lang
            conn.send(self.sync_json(conn, since=None if same else 0))
        elif isinstance(cmd, schema.Ping):
            conn.send({"type": "pong", "ref": cmd.ref})
        elif isinstance(cmd, schema.Sit):
            name = schema.clean_name(cmd.name)
            if name is None:
                raise Refusal("bad_name", limit=schema.MAX_NAME)
            if conn.seat is not None:
                raise Refusal("already_seated")
            token = table.sit(conn.token, cmd.seat, name)
            conn.token, conn.seat = token, cmd.seat
            conn.holds(0, 0)   # another viewer: the log as the seat sees it, from the start
            info = table.seats[cmd.seat]
            info.connections += 1
            info.away_since = None
            await self.settle([(conn, {"type": "seated", "seat": cmd.seat, "token": token, "ref": cmd.ref})])
        elif isinstance(cmd, schema.Act):
            seat = self._seated(conn)
            table.act(seat, cmd.action, cmd.event, cmd.lang)
            await self.settle()
        elif isinstance(cmd, schema.Leave):
            seat = self._seated(conn)
            table.leave(seat)
            await self.settle()
        elif isinstance(cmd, schema.Replace):
            if not conn.host:
                raise Refusal("not_host")
            table.replace(cmd.seat, cmd.bot)
            await self.settle()
        elif isinstance(cmd, schema.Rematch):
            seat = self._seated(conn)
            table.ask_rematch(seat)
            await self.settle()
        elif isinstance(cmd, schema.Hint):
            seat = self._seated(conn)
            if not table.config.hints:
                raise Refusal("hints_off")
            action = table.hint(seat)
            if action is None:
                raise Refusal("no_hint")
            conn.send({"type": "hint", "ref": cmd.ref,
                       "action": {"code": text_of(table.live, action, "en"),
                                  "text": text_of(table.live, action, conn.lang), "kind": str(action.kind)}})
        elif isinstance(cmd, schema.LastTrick):
            position = self._position(conn)
            conn.send({"type": "last_trick", "trick": position.get("last_trick"), "ref": cmd.ref})
        elif isinstance(cmd, schema.RecordRequest):
            self._position(conn)
            number = table.partie
            viewer = access(table, conn.token, number, "record")
            finished = table.status == FINISHED
            key = (table.id, number, "record", "") if finished else None
            partie = partie_of(table, number)   # built off the loop; the answer follows when made
            task = asyncio.create_task(self._send_record(conn, key, partie, viewer, finished, cmd.ref))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        elif isinstance(cmd, schema.Hello):
            raise Refusal("bad_message", reason="hello comes once")

    async def _send_record(self, conn: Connection, key: DownloadKey | None, partie: Partie, viewer: int | None, final: bool,
                           ref: schema.Ref) -> None:
        try:
            data = await self.downloads.build(key, build_record, partie, viewer)
        except Refusal as refusal:
            conn.error(refusal, self.table.last_event, ref)
            return
        conn.send({"type": "record", "text": gunzip(data), "final": final, "ref": ref})

    def _seated(self, conn: Connection) -> int:
        if conn.seat is None:
            raise Refusal("not_seated")
        return conn.seat

    def _position(self, conn: Connection) -> JSONObject:
        if conn.seat is None and not self.table.config.spectators:
            raise Refusal("spectators_off")
        position = self.table.position(conn.seat)
        if position is None:
            raise Refusal("not_started")
        return position

    def is_idle(self, seconds: float) -> bool:
        """A finished table nobody looks at and nobody used for ``seconds``: it may leave memory (it is
        loaded again from the database when asked for)."""
        return (not self.conns and self.table.status == FINISHED and self.queue.empty()
                and time.monotonic() - self.used > seconds)


def _quiet(future: asyncio.Future[object]) -> None:
    if not future.cancelled():
        future.exception()

"""Every table of one server: creating them, finding them (loading a saved one on demand), the
lobby, and, at start, the rebuilding of every unfinished table from its log.

:func:`table_config` checks a creation request (``POST /api/tables``, ``docs/protocol.md``)
against the registry: the game, its options or preset, a bot name per seat.

>>> config, name, seat = table_config({"game": "Quadrette", "seats": ["human", "heuristic", "random", "heuristic"],
...                                     "name": " Anne ", "seat": 0}, 60)
>>> config.game, config.seats, name, seat, config.grace
('quadrette', ('human', 'heuristic', 'random', 'heuristic'), 'Anne', 0, 60)
>>> table_config({"game": "sizette", "seats": ["human"] * 5}, 60)
Traceback (most recent call last):
...
atout.server.messages.Refusal: bad_message
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections import deque
from collections.abc import Mapping

from atout.bots.registry import table_bots
from atout.errors import OptionError
from atout.game import PRESET, JSONObject, parse_int
from atout.games import find_game, game_names
from atout.server import schema
from atout.server.actor import TableActor
from atout.server.addresses import SocketCount
from atout.server.bot_workers import BotWorkers
from atout.server.downloads import Downloads
from atout.server.identity import new_table_id, new_token, token_hash
from atout.server.limits import SlidingWindow
from atout.server.messages import Refusal
from atout.server.meter import Meter
from atout.server.settings import Settings
from atout.server.store import Store, TableRow, Writer
from atout.server.table import FINISHED, HUMAN, Table, TableConfig

log = logging.getLogger("atout.server")
LOBBY_SIZE = 200
IDLE_SECONDS = 600.0   # a finished table unused this long leaves memory (it stays in the database)
CREATE_KEYS = ("game", "preset", "options", "seats", "name", "seat", "spectators", "hints", "turn_timer", "grace")


def _bad(reason: str) -> Refusal:
    return Refusal("bad_message", reason=reason)


def _flag(body: Mapping[str, object], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise _bad(f"{key} must be true or false")
    return value


def _seconds(body: Mapping[str, object], key: str, default: int, lo: int, hi: int, zero: bool = False) -> int:
    value = body.get(key, default)
    number = parse_int(value) if isinstance(value, (int, str)) else None
    if number is None or not ((zero and number == 0) or lo <= number <= hi):
        raise _bad(f"{key} must be {'0 or ' if zero else ''}a whole number of seconds from {lo} to {hi}")
    return number


def table_config(body: object, grace: int) -> tuple[TableConfig, str, int | None]:
    """The table a creation request asks for, the creator's name and seat; :class:`Refusal` if wrong."""
    if not isinstance(body, dict):
        raise _bad("the body is a JSON object")
    unknown = sorted(k for k in body if k not in CREATE_KEYS)
    if unknown:
        raise _bad(f"unknown field {str(unknown[0])[:40]!r}")
    name_given = body.get("game")
    if not isinstance(name_given, str) or not name_given.strip():
        raise _bad("game must be a game's name")
    try:
        cls = find_game(name_given[:40])
    except OptionError:
        raise Refusal("bad_game", game=name_given[:40], games=", ".join(game_names())) from None
    options = body.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(k, str) and isinstance(v, (str, int, bool))
                                                for k, v in options.items()):
        raise _bad("options map option names to values")
    given: dict[str, object] = dict(options)
    preset = body.get("preset")
    if preset is not None:
        if not isinstance(preset, str):
            raise _bad("preset must be a preset's name")
        given[PRESET] = preset
    try:
        game = cls(given)
    except OptionError as error:
        raise Refusal("option", engine=error) from None
    n = game.num_seats
    seats = body.get("seats", [HUMAN] * n)
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(s, str) for s in seats):
        raise _bad(f"seats lists {n} entries, each \"human\" or a bot name")
    bots = table_bots(game)
    kinds = []
    for kind in seats:
        key = kind.strip().lower()
        if key != HUMAN and key not in bots:
            raise Refusal("bad_bot", game=game.name, bot=kind[:40], bots=", ".join(bots))
        kinds.append(key)
    name = schema.clean_name(body.get("name", "Guest"))
    if name is None:
        raise Refusal("bad_name", limit=schema.MAX_NAME)
    seat = body.get("seat")
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise Refusal("no_seat", seat=str(seat)[:8])
        if kinds[seat] != HUMAN:
            raise Refusal("seat_not_human", seat=seat)
    config = TableConfig(game.name, game.options.changed(), tuple(kinds), _flag(body, "spectators", True),
                         _flag(body, "hints", True), _seconds(body, "turn_timer", 0, 10, 600, zero=True),
                         _seconds(body, "grace", grace, 5, 600))
    return config, name, seat


def now_text() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Hub:
    """The server's tables (see the module's doc)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.store: Store | None = None
        self.writer: Writer | None = None
        self.actors: dict[str, TableActor] = {}
        self.creations = SlidingWindow(settings.max_tables_per_minute, 60.0)
        self.sockets = SocketCount(settings.sockets_per_address)   # open WebSockets per address
        self._loading: dict[str, asyncio.Future[TableActor | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.timings: deque[float] = deque(maxlen=20000)   # seconds from an action's arrival to its events sent
        self.meter = Meter()                  # what the first and the last hands of parties cost
        self.downloads = Downloads(settings)  # records and replays, built off the event loop
        self.bots = BotWorkers(settings)      # the decisions of the bots that think, made off the event loop

    async def start(self) -> None:
        """Open the database and rebuild every unfinished table from its log."""
        self.store = Store(self.settings.url(), self.settings.sqlite_sync)
        self.writer = Writer(self.store)
        await self.writer.start()
        rows = await self.writer.call(self.store.unfinished)
        for row in rows:
            try:
                actor = await self._load(row)
            except Exception:
                log.exception("table %s could not be restored", row.table_id)
                continue
            await actor.submit(actor.settle)
        log.info("restored %d unfinished tables", len(rows))
        self._sweeper = asyncio.create_task(self._sweep_every(60.0))

    async def _sweep_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            await self.sweep(IDLE_SECONDS)

    async def sweep(self, idle: float) -> int:
        """Let finished tables unused for ``idle`` seconds leave memory; how many left."""
        gone = [a for a in self.actors.values() if a.is_idle(idle)]
        for actor in gone:
            self.actors.pop(actor.table.id, None)
            await actor.stop()
        return len(gone)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        self.downloads.stop()
        self.bots.stop()
        if self.writer is not None:
            await self.writer.stop()

    async def _load(self, row: TableRow) -> TableActor:
        assert self.writer is not None and self.store is not None
        table = Table(row.table_id, TableConfig.from_json(row.config), self.settings, row.host_hash, row.created)
        entries = await self.writer.call(self.store.log, row.table_id)
        table.restore(entries)
        actor = TableActor(table, self.writer, self._forget, self.meter, self.downloads, self.bots)
        actor.start()
        self.actors[table.id] = actor
        return actor

    def _forget(self, table_id: str) -> None:
        self.actors.pop(table_id, None)

    async def get(self, table_id: str) -> TableActor | None:
        """The actor of ``table_id``, loading a saved table (a finished one, say) when needed."""
        actor = self.actors.get(table_id)
        if actor is not None:
            return actor
        if not (isinstance(table_id, str) and table_id.isascii() and table_id.isalnum() and len(table_id) <= 32):
            return None
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[TableActor | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            assert self.writer is not None and self.store is not None
            row = await self.writer.call(self.store.table, table_id)
            found = None if row is None else (self.actors.get(table_id) or await self._load(row))
            future.set_result(found)
            return found
        except Exception as error:
            future.set_exception(error)
            future.exception()
            raise
        finally:
            del self._loading[table_id]

    async def create(self, body: object, address: str) -> JSONObject:
        """Create a table from a checked request; the creator gets the host's token (and a seat)."""
        config, name, seat = table_config(body, self.settings.grace)
        if not self.creations.allow(address):
            raise Refusal("too_many_tables")
        assert self.writer is not None and self.store is not None
        token = new_token()
        table_id = new_table_id()
        while table_id in self.actors:
            table_id = new_table_id()
        created = now_text()
        table = Table(table_id, config, self.settings, token_hash(token), created)
        await self.writer.call(self.store.create_table,
                               TableRow(table_id, config.to_json(), table.host_hash, created, table.status, 0))
        actor = TableActor(table, self.writer, self._forget, self.meter, self.downloads, self.bots)
        actor.start()
        self.actors[table_id] = actor

        async def first() -> None:
            if seat is not None:
                table.sit(token, seat, name)
            elif not table.open_seats():
                table.record("start", {"partie": 1})
            await actor.settle()

        await actor.submit(first)
        return {"table": table_id, "url": f"/t/{table_id}", "token": token, "seat": seat}

    def timing_stats(self) -> dict[str, float]:
        """The last actions' time in the server, from arrival to their events queued for sending (ms):
        the actor's queue, the rules, the bots' answers, the commit."""
        ordered = sorted(self.timings)
        if not ordered:
            return {"count": 0}

        def at(p: float) -> float:
            return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 2)

        return {"count": len(ordered), "p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": at(1.0)}

    def lobby(self) -> list[JSONObject]:
        """The tables not finished, newest first."""
        tables = [a.table for a in self.actors.values() if a.table.status != FINISHED and not a.broken]
        tables.sort(key=lambda t: t.created, reverse=True)
        return [t.info() for t in tables[:LOBBY_SIZE]]

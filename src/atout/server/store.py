"""Where tables live between restarts: SQLAlchemy Core on SQLite (a file) or PostgreSQL.

Three tables: ``atout_tables`` (one row per table: its game, options and rules, its status),
``atout_seats`` (who sits where: a projection of the log, for the lobby and for operators) and
``atout_log``, the **append-only** log of every numbered event of every table (seats, starts,
every action with the deals and the talk, stand-ins, ends), which alone rebuilds a table.

:class:`Store` is synchronous; :class:`Writer` runs it on one thread of its own and gathers the
writes of every table that arrive together into one transaction (group commit): a table's actor
awaits the commit of its entries before it sends them, so nothing is shown that a crash could
take back.

>>> import asyncio, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = Store(f"sqlite:///{folder}/t.sqlite3")
>>> store.create_table(TableRow("abc", {"game": "toy"}, "h", "2026-11-23T07:00:00Z", "waiting", 0))
>>> store.append([LogRow("abc", 1, 0, "sit", {"seat": 0})], [SeatRow("abc", 0, "human", "Anne", None, "x")], [])
>>> [row.table_id for row in store.unfinished()], store.log("abc")
(['abc'], [(1, 'sit', {'seat': 0})])
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, TypeVarTuple

from sqlalchemy import (
    Column,
    Engine,
    Integer,
    MetaData,
    Row,
    String,
    Text,
    and_,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy import Table as SqlTable
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry

from atout.game import JSONObject
from atout.server.json_checks import json_object

log = logging.getLogger("atout.server")
metadata = MetaData()
CHECKPOINT_SECONDS = 5.0
T = TypeVar("T")
Ts = TypeVarTuple("Ts")

atout_tables = SqlTable(
    "atout_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("config", Text, nullable=False),
    Column("host_hash", String(64)),
    Column("created", String(32), nullable=False),
    Column("status", String(16), nullable=False),
    Column("partie", Integer, nullable=False),
)

atout_seats = SqlTable(
    "atout_seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("name", String(64)),
    Column("bot", String(40)),
    Column("token_hash", String(64)),
)

atout_log = SqlTable(
    "atout_log", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("partie", Integer, nullable=False),
    Column("what", String(16), nullable=False),
    Column("payload", Text, nullable=False),
)


@dataclass(frozen=True)
class TableRow:
    table_id: str
    config: JSONObject
    host_hash: str | None
    created: str
    status: str
    partie: int


@dataclass(frozen=True)
class SeatRow:
    table_id: str
    seat: int
    kind: str
    name: str | None
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True)
class LogRow:
    table_id: str
    seq: int
    partie: int
    what: str
    payload: JSONObject


@dataclass(frozen=True)
class StatusRow:
    table_id: str
    status: str
    partie: int


def make_engine(url: str, sqlite_sync: str = "FULL") -> Engine:
    """The SQLAlchemy engine of ``url``; a SQLite file's folder is created, WAL and ``sqlite_sync`` set."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        sync = sqlite_sync if sqlite_sync in ("FULL", "NORMAL", "EXTRA") else "FULL"

        def pragmas(dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sync}")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run apart (Writer), off the commit path
            cursor.close()

        event.listen(engine, "connect", pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The database, synchronously (see the module's doc)."""

    def __init__(self, url: str, sqlite_sync: str = "FULL"):
        self.url = url
        self.engine = make_engine(url, sqlite_sync)
        metadata.create_all(self.engine)

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(atout_tables).values(
                id=row.table_id, config=json.dumps(row.config), host_hash=row.host_hash, created=row.created,
                status=row.status, partie=row.partie))

    def append(self, log: Sequence[LogRow], seats: Sequence[SeatRow], status: Sequence[StatusRow]) -> None:
        """Save, in one transaction, log entries, seat changes and table statuses."""
        with self.engine.begin() as conn:
            if log:
                conn.execute(insert(atout_log), [
                    {"table_id": r.table_id, "seq": r.seq, "partie": r.partie, "what": r.what,
                     "payload": json.dumps(r.payload, ensure_ascii=False)} for r in log])
            for s in seats:
                conn.execute(delete(atout_seats).where(and_(atout_seats.c.table_id == s.table_id,
                                                            atout_seats.c.seat == s.seat)))
            if seats:
                conn.execute(insert(atout_seats), [
                    {"table_id": s.table_id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                     "token_hash": s.token_hash} for s in seats])
            for st in status:
                conn.execute(update(atout_tables).where(atout_tables.c.id == st.table_id)
                             .values(status=st.status, partie=st.partie))

    def _row(self, r: Row[str, str, str | None, str, str, int]) -> TableRow:
        return TableRow(r.id, json_object(json.loads(r.config)), r.host_hash, r.created, r.status, r.partie)

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(atout_tables).where(atout_tables.c.id == table_id)).first()
        return None if r is None else self._row(r)

    def unfinished(self) -> list[TableRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(atout_tables).where(atout_tables.c.status != "finished")
                                .order_by(atout_tables.c.created)).all()
        return [self._row(r) for r in rows]

    def log(self, table_id: str) -> list[tuple[int, str, JSONObject]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(atout_log.c.seq, atout_log.c.what, atout_log.c.payload)
                                .where(atout_log.c.table_id == table_id).order_by(atout_log.c.seq)).all()
        return [(int(r.seq), str(r.what), json_object(json.loads(r.payload))) for r in rows]

    @property
    def is_sqlite(self) -> bool:
        return self.url.startswith("sqlite")

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file (without blocking writers)."""
        if self.is_sqlite:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        if self.is_sqlite:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self.engine.dispose()


@dataclass
class _Batch:
    log: list[LogRow]
    seats: list[SeatRow]
    status: list[StatusRow]
    done: asyncio.Future[None]


class Writer:
    """Group commit: every write awaits one transaction that holds all the writes queued with it."""

    def __init__(self, store: Store):
        self.store = store
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-store")
        self.side = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-checkpoint")
        self._queue: asyncio.Queue[_Batch] | None = None
        self._task: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self.commits = 0
        self.rows = 0
        self.seconds = 0.0        # spent in commits
        self.slowest = 0.0        # the slowest commit, in seconds

    async def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.create_task(self._run())
        if self.store.is_sqlite:
            self._checkpoints = asyncio.create_task(self._checkpoint_every(CHECKPOINT_SECONDS))

    async def _checkpoint_every(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(seconds)
            try:
                await loop.run_in_executor(self.side, self.store.checkpoint)
            except Exception:
                log.warning("checkpoint failed", exc_info=True)

    async def call(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run a synchronous store call on the store's thread (reads, table creation)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def write(self, log: list[LogRow], seats: list[SeatRow], status: list[StatusRow]) -> None:
        """Save these rows; returns once they are committed (raises if the database refused)."""
        if not (log or seats or status):
            return
        assert self._queue is not None, "the writer is not started"
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Batch(log, seats, status, done))
        await done

    async def _run(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            batches = [await self._queue.get()]
            while not self._queue.empty():
                batches.append(self._queue.get_nowait())
            log = [r for b in batches for r in b.log]
            seats = [r for b in batches for r in b.seats]
            status = [r for b in batches for r in b.status]
            began = time.perf_counter()
            try:
                await loop.run_in_executor(self.pool, self.store.append, log, seats, status)
            except Exception:  # noqa: BLE001 - one table's bad rows must not sink the others: one by one
                for b in batches:
                    await self._alone(b)
                continue
            spent = time.perf_counter() - began
            self.commits += 1
            self.rows += len(log)
            self.seconds += spent
            self.slowest = max(self.slowest, spent)
            for b in batches:
                if not b.done.done():
                    b.done.set_result(None)

    async def _alone(self, batch: _Batch) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(self.pool, self.store.append, batch.log, batch.seats,
                                                             batch.status)
        except Exception as error:  # noqa: BLE001 - the actor that waits must hear of it
            if not batch.done.done():
                batch.done.set_exception(error)
            return
        if not batch.done.done():
            batch.done.set_result(None)

    def stats(self) -> dict[str, float]:
        """Commits so far, rows written, mean and slowest commit (ms), writes waiting now."""
        mean = self.seconds / self.commits * 1000 if self.commits else 0.0
        return {"commits": self.commits, "rows": self.rows, "commit_ms_mean": round(mean, 2),
                "commit_ms_max": round(self.slowest * 1000, 2), "queued": self._queue.qsize() if self._queue else 0}

    async def stop(self) -> None:
        for task in (self._task, self._checkpoints):
            if task is not None:
                task.cancel()
                try:
                    await task
                except asyncio.CancelledError:
                    pass
        self.side.shutdown(wait=True)
        self.pool.shutdown(wait=True)
        self.store.close()

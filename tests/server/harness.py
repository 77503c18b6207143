"""What the server tests share: a real uvicorn server on a free loopback port (in the test's own
event loop, or as a subprocess that can be killed), and scripted WebSocket clients.

A :class:`Client` keeps every message it receives, the latest event number it has seen, its
latest view, its seat, and the log entries of the partie in progress put together from the views'
deltas (checking each delta follows what it holds); :meth:`Client.wait` reads until a message
matches. :func:`ported` tells whether a registered game can be played yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from atout.games import make_game
from atout.server import Settings, create_app
from atout.server.hub import Hub

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0


def ported(game: str) -> bool:
    """Whether ``game`` can make a state (a game still being ported to the engine's new contract
    cannot yet: its state class is abstract)."""
    try:
        make_game(game).new_state()
    except TypeError as error:
        if "abstract" in str(error):
            return False
        raise
    return True


def skip_unported(game: str) -> None:
    """Skip, saying why, a test of a game that is not yet ported (it runs once the game lands)."""
    import pytest

    if not ported(game):
        pytest.skip(f"{game} is not ported to the engine's two-part observation yet")


def quick_settings(folder: Path, **changes: Any) -> Settings:
    """Seeded, no bot delay, no rate or creation limits unless a test sets them; SQLite commits survive a
    killed process but not a power cut (the crash tests run the real server, with full sync)."""
    base = Settings(data_dir=folder, seed=7, bot_delay=0.0, rate=10_000.0, burst=10_000, max_tables_per_minute=0,
                    heavy_rate=10_000.0, heavy_burst=10_000, downloads_per_minute=0, sockets_per_address=0,
                    static_dir=folder / "static", sqlite_sync="NORMAL")
    return replace(base, **changes)


@dataclass
class Served:
    base: str
    ws: str
    hub: Hub
    settings: Settings

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=TIMEOUT)

    def table(self, table_id: str) -> Any:
        return self.hub.actors[table_id].table


@contextlib.asynccontextmanager
async def running(settings: Settings) -> AsyncIterator[Served]:
    """The app under uvicorn in this event loop, on a free loopback port."""
    app = create_app(settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="error", lifespan="on", ws_max_size=settings.max_frame,
                            ws_ping_interval=None, proxy_headers=False)
    server = uvicorn.Server(config)
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign,assignment]  # the test's signals stay
    task = asyncio.create_task(server.serve(sockets=[sock]))
    for _ in range(1000):
        if server.started or task.done():
            break
        await asyncio.sleep(0.01)
    if task.done():
        task.result()
    try:
        yield Served(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app.state.hub, settings)
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, TIMEOUT)
        sock.close()


def run(coro_fn: Callable[..., Any], *args: Any) -> Any:
    return asyncio.run(coro_fn(*args))


class Client:
    """A scripted WebSocket client of one table."""

    def __init__(self, ws: Any, table_id: str, name: str = ""):
        self.ws = ws
        self.table_id = table_id
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.last = 0
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.status = ""
        self.partie = 0
        self.log: list[dict[str, Any]] = []   # the log entries of partie ``partie`` held, from the views
        self.problems: list[str] = []
        self.closed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, served: Served, table_id: str, token: str | None = None, lang: str = "en",
                   last_event: int | None = None, hello: bool = True, origin: str | None = None,
                   name: str = "", holding: tuple[int, list[dict[str, Any]]] | None = None,
                   log_seat: int | None = None) -> Client:
        """A client of ``table_id``; ``holding`` (a partie and its log entries) is what it says it
        holds in ``hello`` (its log goes on from there), ``log_seat`` whose view they are (-1: a
        spectator's; ``None``: not said)."""
        headers = {"Origin": origin} if origin else None
        ws = await websockets.connect(f"{served.ws}/ws/{table_id}", additional_headers=headers,
                                      max_size=2**24, open_timeout=TIMEOUT)
        client = cls(ws, table_id, name)
        client.token = token
        if holding is not None:
            client.partie, client.log = holding[0], list(holding[1])
        if hello:
            hello_message: dict[str, Any] = {"type": "hello", "lang": lang, "token": token, "last_event": last_event}
            if holding is not None:
                hello_message.update({"log": len(client.log), "partie": client.partie})
            if log_seat is not None:
                hello_message["log_seat"] = log_seat
            await client.send(hello_message)
            await client.wait(lambda m: m["type"] == "sync")
        return client

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                message = json.loads(raw)
                self.raw.append(raw if isinstance(raw, str) else raw.decode())
                self._note(message)
                self.messages.append(message)
                self.queue.put_nowait(message)
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()

    def _note(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == "event":
            self.last = max(self.last, m["event"])
            self.status = m["status"]
            if "view" in m:
                self._take(m["view"])
        elif kind == "sync":
            self.last = m["event"]
            self.seat = m["you"]["seat"]
            self.status = m["table"]["status"]
            self._take(m["view"])

        elif kind == "seated":
            self.seat = m["seat"]
            self.token = m["token"]

    def _take(self, view: dict[str, Any] | None) -> None:
        """A new view: its log entries join those held (a delta must start where they end); a view
        that does not follow is noted in ``problems`` (:meth:`wait` and :meth:`close` raise it)."""
        self.view = view
        if view is None:
            return
        start = view["log_from"]
        if view["partie"] != self.partie:
            if start != 0:
                self.problems.append(f"partie {view['partie']}'s log starts at {start}, not 0")
            self.partie, self.log = view["partie"], []
        if start > len(self.log):
            self.problems.append(f"the log jumps from {len(self.log)} to {start}")
        del self.log[start:]
        self.log += view["log"]
        numbers = [e["i"] for e in view["log"]]
        if numbers != list(range(start, start + len(numbers))):
            self.problems.append(f"entries numbered {numbers[:5]}… from {start}")
        if len(self.log) != view["position"]["log_length"]:
            self.problems.append(f"{len(self.log)} entries held, the position follows {view['position']['log_length']}")

    async def send(self, data: Any) -> None:
        await self.ws.send(data if isinstance(data, (str, bytes)) else json.dumps(data))

    async def wait(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        async def scan() -> dict[str, Any]:
            while True:
                message = await self.queue.get()
                assert not self.problems, self.problems
                if pred(message):
                    return message

        return await asyncio.wait_for(scan(), timeout)

    async def reply(self, data: dict[str, Any], kinds: tuple[str, ...]) -> dict[str, Any]:
        """Send ``data`` and wait for the first message of one of ``kinds`` that comes after it."""
        self.drain()
        await self.send(data)
        return await self.wait(lambda m: m["type"] in kinds)

    def drain(self) -> list[dict[str, Any]]:
        out = []
        while not self.queue.empty():
            out.append(self.queue.get_nowait())
        return out

    @property
    def to_move(self) -> Any:
        return None if self.view is None else self.view["position"]["to_move"]

    @property
    def position(self) -> dict[str, Any] | None:
        return None if self.view is None else self.view["position"]

    def choices(self, *kinds: str) -> list[dict[str, Any]]:
        if self.view is None:
            return []
        return [a for a in self.view["legal"] if a["kind"] in kinds and not a["template"]]

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.reader
        assert not self.problems, self.problems


async def create(served: Served, body: dict[str, Any]) -> dict[str, Any]:
    async with served.http() as http:
        r = await http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        made: dict[str, Any] = r.json()
        return made


async def settle(served: Served, table_id: str, clients: list[Client], timeout: float = TIMEOUT) -> None:
    """Wait until every client has seen the table's latest event."""
    deadline = time.monotonic() + timeout
    calm = 0
    while True:
        latest = served.table(table_id).last_event
        actor = served.hub.actors[table_id]
        calm = calm + 1 if actor.queue.empty() and all(c.last >= latest for c in clients) else 0
        if calm >= 2:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"clients at {[c.last for c in clients]}, table at {latest}")
        await asyncio.sleep(0 if calm else 0.001)


# ------------------------------------------------------------------------------ a server process


class ServerProcess:
    """``atout serve`` in a subprocess (its own database), which a test may kill with SIGKILL."""

    def __init__(self, data: Path, database_url: str = "", seed: int = 11, extra: tuple[str, ...] = ()):
        self.data = data
        self.database_url = database_url
        self.seed = seed
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self) -> None:
        args = [sys.executable, "-c", "import sys; from atout.cli.main import main; sys.exit(main())", "serve",
                "--port", "0", "--data", str(self.data), "--bot-delay", "0", "--seed", str(self.seed),
                "--create-limit", "0", "--log-level", "error", *self.extra]
        if self.database_url:
            args += ["--database-url", self.database_url]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                                     cwd=str(self.data))
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the server stopped: exit {self.proc.wait()}")
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                break
        self._wait_healthy()

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the server did not come up")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def served(self) -> Served:
        return Served(self.base, self.base.replace("http", "ws"), None, Settings())  # type: ignore[arg-type]

    def terminate(self) -> tuple[int, str]:
        """Stop the server with SIGTERM, as a service manager does; its exit code and what it printed."""
        assert self.proc is not None and self.proc.stdout is not None
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=60)
        out = self.proc.stdout.read()
        self.proc.stdout.close()
        self.proc = None
        return code, out

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
        self.proc = None

"""Crash safety: ``atout serve`` killed with SIGKILL in the middle of a hand, then restarted on the
same database: every table comes back from its log, the clients resync with no action lost, and
the partie plays on to a record that replays. Repeated trials, on SQLite and on a real PostgreSQL
that the test starts itself (``initdb`` and ``postgres`` run as an unprivileged user when the
tests run as root).
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from atout.record import read_record, replay
from tests.server.harness import Client, ServerProcess

pytestmark = pytest.mark.crash

PG_BIN = [Path("/usr/local/bin"), *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]


def find_pg(tool: str) -> str | None:
    for folder in PG_BIN:
        if (folder / tool).is_file():
            return str(folder / tool)
    return shutil.which(tool)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def as_user(argv: list[str]) -> list[str]:
    """``argv`` run as ``nobody`` when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() != 0:
        return argv
    runuser = shutil.which("runuser")
    if runuser:
        return [runuser, "-u", "nobody", "--", *argv]
    return ["su", "nobody", "-s", "/bin/sh", "-c", " ".join(argv)]


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own, on a free port; its SQLAlchemy URL."""
    initdb, server = find_pg("initdb"), find_pg("postgres")
    if initdb is None or server is None:
        pytest.skip("PostgreSQL's initdb and postgres are not installed (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="atout-pg-"))  # not under pytest's root-only folder: nobody must enter
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody")
    data = folder / "data"
    init = subprocess.run(as_user([initdb, "-D", str(data), "-U", "atout", "--auth=trust", "-E", "UTF8"]),
                          capture_output=True, text=True, check=False)
    if init.returncode != 0:
        pytest.skip(f"initdb failed: {init.stderr.strip()[-300:]}")
    port = free_port()
    log = open(folder / "log.txt", "w")  # noqa: SIM115 - open for as long as the server runs
    proc = subprocess.Popen(as_user([server, "-D", str(data), "-p", str(port), "-k", str(folder), "-h", "127.0.0.1",
                                     "-c", "fsync=on"]), stdout=log, stderr=subprocess.STDOUT)
    import psycopg

    deadline = time.monotonic() + 60
    while True:
        try:
            psycopg.connect(f"host=127.0.0.1 port={port} user=atout dbname=postgres", connect_timeout=2).close()
            break
        except psycopg.OperationalError:
            if proc.poll() is not None or time.monotonic() > deadline:
                log.close()
                pytest.skip(f"postgres did not start: {(folder / 'log.txt').read_text()[-300:]}")
            time.sleep(0.1)
    try:
        yield f"postgresql+psycopg://atout@127.0.0.1:{port}/postgres"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)


def comparable(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k not in ("view", "seats", "replay")}


async def crash_trial(data: Path, database_url: str, seed: int) -> None:
    rng = random.Random(seed)
    server = ServerProcess(data, database_url, seed=seed)
    server.start()
    served = server.served()
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            game = rng.choice(["whist", "mort"])
            seats = ["human"] + ["random"] * (3 if game == "whist" else 2)
            options = {"game_points": "5", **({"rubbers": "1"} if game == "mort" else {})}
            made = (await http.post("/api/tables", json={"game": game, "seats": seats, "name": "Anne", "seat": 0,
                                                         "options": options})).json()
            other = (await http.post("/api/tables", json={"game": "whist", "seats": ["random"] * 4})).json()
        anne = await Client.open(served, made["table"], made["token"])
        kill_after = rng.randint(3, 25)
        played = 0
        while played < kill_after and anne.status == "playing":
            await asyncio.sleep(0.02)
            if anne.to_move == 0 and anne.choices("move"):
                code = rng.choice(anne.choices("move"))["code"]
                await anne.send({"type": "act", "action": code, "event": anne.last})
                played += 1
                if played == kill_after:
                    break  # killed with this action in flight
                await anne.wait(lambda m: m["type"] == "error" or (m["type"] == "event" and m.get("seat") == 0))
        server.kill()
        await asyncio.wait_for(anne.closed.wait(), 30)
        before = {m["event"]: comparable(m) for m in anne.messages if m["type"] == "event"}
        seen = anne.last
        await anne.close()

        server.start()  # the same database: the tables come back from their logs
        served = server.served()
        # back, saying which log entries it holds: it gets the rest (the harness checks they follow on)
        again = await Client.open(served, made["table"], made["token"], last_event=seen,
                                  holding=(anne.partie, anne.log))
        missed = [m for m in again.messages if m["type"] == "event"]
        sync = [m for m in again.messages if m["type"] == "sync"][-1]
        assert [m["event"] for m in missed] == list(range(seen + 1, seen + 1 + len(missed)))
        assert sync["view"]["log_from"] == len(anne.log)
        full = await Client.open(served, made["table"], made["token"], last_event=0)
        everything = {m["event"]: comparable(m) for m in full.messages if m["type"] == "event"}
        for number, message in before.items():  # nothing the client was shown is lost or changed
            assert everything[number] == message, (number, message, everything.get(number))
        assert sync["event"] >= seen and again.seat == 0
        assert again.log == full.log   # the log held before the crash, and the rest, are the whole log
        await full.close()
        for _ in range(3000):  # and the partie plays on to its end
            if again.status != "playing":
                break
            await asyncio.sleep(0.01)
            if again.to_move == 0 and again.choices("move"):
                code = rng.choice(again.choices("move"))["code"]
                answer = await again.reply({"type": "act", "action": code, "event": again.last}, ("event", "error"))
                assert answer["type"] == "event" or answer["code"] in ("stale", "rate_limited"), answer
                if answer["type"] == "error" and answer["code"] == "rate_limited":   # the server's own limit: 20 a second
                    await asyncio.sleep(0.5)
        assert again.status == "finished"
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            text = (await http.get(f"/api/tables/{made['table']}/record")).text
            result = replay(read_record(text))
            assert result.ok and result.state.outcome() is not None
            assert (await http.get(f"/api/tables/{other['table']}")).status_code == 200
        await again.close()
    finally:
        server.kill()


@pytest.mark.parametrize("trial", range(3))
def test_sigkill_mid_hand_on_sqlite(tmp_path: Path, trial: int) -> None:
    asyncio.run(crash_trial(tmp_path, "", 100 + trial))


@pytest.mark.parametrize("trial", range(2))
def test_sigkill_mid_hand_on_postgresql(tmp_path: Path, postgres: str, trial: int) -> None:
    asyncio.run(crash_trial(tmp_path, postgres, 200 + trial))

"""The server's worker processes leave with it: a server killed outright (``SIGKILL``, as an
out-of-memory kill or a crash does) leaves no worker behind waiting for jobs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SERVER = """
import asyncio, os
from atout.server.workers import WorkerPool

async def main():
    pool = WorkerPool(2)
    pids = {await pool.run(os.getpid) for _ in range(8)}
    print(" ".join(map(str, sorted(pids))), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"   # a zombie has ended
    except FileNotFoundError:
        return False


def test_the_workers_leave_when_the_server_is_killed() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers and all(alive(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 20
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers), f"workers left behind: {workers}"
    finally:
        server.kill()
        server.wait(10)

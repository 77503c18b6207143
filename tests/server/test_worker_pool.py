"""The server's worker processes leave with it: a server killed outright (``SIGKILL``, as an
out-of-memory kill or a crash does) leaves no worker behind waiting for jobs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.processes import alive, left_after

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


def test_the_workers_leave_when_the_server_is_killed() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers and all(alive(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        assert not left_after(workers, 20), f"workers left behind: {workers}"
    finally:
        server.kill()
        server.wait(10)

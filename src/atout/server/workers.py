"""A pool of worker processes that runs functions off the event loop.

The server's slow work goes to such a pool: the downloads (:mod:`atout.server.downloads`) and the
decisions of the bots that think (:mod:`atout.server.bot_workers`), each with its own pool. The
processes are spawned (a clean interpreter: no copy of the server's state, its threads or its
sockets) on the first job only, so a server that never needs them never starts them; a pool whose
worker died is replaced at the next job. A worker leaves as soon as the server's process is gone,
even killed (``SIGKILL``, a crash), and leaves Ctrl-C to the server (:mod:`atout.processes`).

>>> pool = WorkerPool(2)
>>> pool.size, pool.started
(2, False)
>>> pool.stop()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
from collections.abc import Callable
from typing import TypeVar, TypeVarTuple

from atout.processes import worker_start

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class WorkerPool:
    """``size`` spawned worker processes (at least one), started on the first :meth:`run`."""

    def __init__(self, size: int):
        self.size = max(1, size)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.size, mp_context=multiprocessing.get_context("spawn"), initializer=worker_start)
        return self._pool

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """``fn(*args)`` in a worker (``fn`` and its arguments pickle). Cancelling the wait withdraws
        a job not yet begun; a dead worker raises :class:`~concurrent.futures.BrokenExecutor` and
        the next job gets a new pool."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor(), fn, *args)
        except concurrent.futures.BrokenExecutor:
            self._pool = None
            raise

    def stop(self) -> None:
        """Withdraw the jobs not yet begun and wait for a job running, and for the pool to wind
        down: a pool left winding down as the interpreter exits can fail there (Python 3.11 writes
        to its closed wake-up pipe: "Bad file descriptor")."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["WorkerPool"]

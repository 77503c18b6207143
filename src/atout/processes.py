"""Worker processes that leave with their parent.

The server's workers (:mod:`atout.server.workers`) and the arena's (:mod:`atout.bots.arena`) start
with :func:`worker_start`. A killed parent (``SIGKILL``, a crash) closes no queue, so a worker
waiting for jobs would otherwise wait forever; and Ctrl-C, which the terminal sends to every process
of the command, is the parent's to handle: it stops its workers itself, with no traceback from each.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading


def worker_start() -> None:
    """In a worker, at its start: ignore Ctrl-C, and end the process when its parent's is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="atout-leave-with-parent", daemon=True).start()


__all__ = ["worker_start"]

"""Worker processes that leave with their parent, and Ctrl-C where the parent can take it.

The server's workers (:mod:`atout.server.workers`) and the arena's (:mod:`atout.bots.arena`) start
with :func:`worker_start`. A killed parent (``SIGKILL``, a crash) closes no queue, so a worker
waiting for jobs would otherwise wait forever; and Ctrl-C, which the terminal sends to every process
of the command, is the parent's to handle: it stops its workers itself, with no traceback from each.
In the parent, :func:`ctrl_c_deferred` keeps Ctrl-C out of a step that must be done whole (``atout
simulate``'s record of a partie and its figures).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Iterator


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


@contextlib.contextmanager
def ctrl_c_deferred() -> Iterator[None]:
    """Ctrl-C during the block takes effect at its end, not in its middle (a record written and
    its figures counted go together). Outside the main thread, or under a handler that is not
    Python's, the block runs as it is."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is None:
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:   # now, to the handler that was there (even if the block failed: the error is its context)
            signal.raise_signal(signal.SIGINT)


__all__ = ["ctrl_c_deferred", "worker_start"]

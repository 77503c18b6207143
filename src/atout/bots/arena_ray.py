"""The arena's deals as Ray tasks, on a cluster or a local Ray instance (the optional ``arena``
extra: ``pip install 'atout[arena]'``).

Each batch of deals is one task running :func:`atout.bots.arena.play_deals` on a node; the nodes
need the same atout installed (or shipped with a ``runtime_env``). ``address`` is what
``ray.init`` takes: ``"local"`` starts a new local instance, ``"auto"`` joins the cluster this
machine belongs to, ``"ray://host:10001"`` a remote one. When Ray is already initialised in
this process, that instance is used as it is and left running.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from atout.bots.arena import ArenaSpec, Batch, play_deals


class RayMissing(RuntimeError):
    """Ray is not installed."""


def require_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayMissing` with what to install."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'atout[arena]' (or pip install 'ray>=2.40')") from None


def run_on_ray(spec: ArenaSpec, batches: list[list[int]], address: str, done: Callable[[Batch], None]) -> None:
    """Every batch of deals as one Ray task; ``done(batch)`` for each that comes back."""
    ray = require_ray()   # untyped: mypy checks nothing of its calls
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    pending: list[object] = []
    try:
        task = ray.remote(play_deals)
        pending = [task.remote(spec, batch) for batch in batches]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(ray.get(ref))
    finally:
        for ref in pending:   # stopped early (Ctrl-C, an error): the cluster drops what is left
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


__all__ = ["RayMissing", "require_ray", "run_on_ray"]

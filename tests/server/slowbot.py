"""Bots that think, for the tests of :mod:`atout.server.bot_workers` (importable by name, so that a
spawned worker finds them: :func:`atout.server.bot_workers.factory_ref`).

``slow`` is the random bot after a pause of :data:`THINK` seconds (asleep: it costs the shared
machine no CPU); ``broken`` is said to think and always fails. Both say ``slow = True``, as the search bot does.
"""

from __future__ import annotations

import random
import time
from typing import Any

from atout.bots.random_bot import RandomBot

THINK = 0.3   # seconds each decision of the slow bot takes


class SlowBot:
    """A random choice (no talk) after :data:`THINK` seconds."""

    name = "slow"
    slow = True

    def __init__(self, rng: random.Random | None = None):
        self.inner = RandomBot(rng, talk_prob=0.0)

    def act(self, obs: Any) -> Any:
        time.sleep(THINK)
        return self.inner.act(obs)


class BrokenBot(SlowBot):
    """A bot said to think (so it decides in a worker) that always fails."""

    name = "broken"

    def act(self, obs: Any) -> Any:
        raise ValueError("the broken bot has no idea")


BOTS = {"slow": "tests.server.slowbot:SlowBot", "broken": "tests.server.slowbot:BrokenBot"}
"""What a test adds to :data:`atout.bots.registry.GENERIC_BOTS` to seat them."""

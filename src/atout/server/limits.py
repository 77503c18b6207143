"""Limits on what one client may ask: messages per second on a connection, tables per minute
from one address.

>>> bucket = TokenBucket(rate=2.0, burst=3, now=0.0)
>>> [bucket.take(0.0) for _ in range(4)], bucket.take(0.5), bucket.take(0.6)
([True, True, True, False], True, False)
>>> window = SlidingWindow(limit=2, seconds=60.0)
>>> window.allow("1.2.3.4", 0.0), window.allow("1.2.3.4", 1.0), window.allow("1.2.3.4", 2.0), window.allow("1.2.3.4", 61.0)
(True, True, False, True)
"""

from __future__ import annotations

import time
from collections import deque


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float | None = None):
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class SlidingWindow:
    """At most ``limit`` events per key in any ``seconds`` (``limit`` 0: no limit)."""

    def __init__(self, limit: int, seconds: float):
        self.limit = limit
        self.seconds = seconds
        self.seen: dict[str, deque[float]] = {}

    def allow(self, key: str, now: float | None = None) -> bool:
        if self.limit <= 0:
            return True
        now = time.monotonic() if now is None else now
        times = self.seen.setdefault(key, deque())
        while times and now - times[0] >= self.seconds:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        if len(self.seen) > 10000:  # forget quiet addresses
            for other in [k for k, v in self.seen.items() if not v]:
                del self.seen[other]
        return True

"""A progress line for long runs, on a terminal only: ``412/2000 parties, 137/s`` (or another ``unit``).

It writes to standard error, rewriting one line about once a second, and only when that stream
is a terminal (never into a pipe or a file, so ``--json`` output stays clean).

>>> import io
>>> out = io.StringIO()
>>> p = Progress(3, "sizette", stream=out, enabled=True, every=0.0)
>>> p.update(1); p.update(3); p.close()
>>> out.getvalue().split("\\r")[-1].strip()
'sizette: 3/3 parties, done'
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

_TEXT = {
    "en": ("{label}: {done}/{total} {unit}, {rate}/s", "{label}: {done}/{total} {unit}, done",
           "{label}: {done}/{total} {unit}, interrupted"),
    "fr": ("{label} : {done}/{total} {unit}, {rate}/s", "{label} : {done}/{total} {unit}, terminé",
           "{label} : {done}/{total} {unit}, interrompu"),
}


class Progress:
    """Reports ``done`` of ``total`` on ``stream`` (standard error by default) when it is a terminal."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, enabled: bool | None = None,
                 every: float = 1.0, lang: str = "en", unit: str = "parties"):
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.total, self.label, self.every, self.unit = total, label, every, unit
        self.running, self.finished, self.stopped = _TEXT.get(lang, _TEXT["en"])
        self.start = self.last = time.perf_counter()
        self.done = 0
        self.width = 0

    def update(self, done: int) -> None:
        """``done`` parties are over; rewrite the line if a second has passed since the last one."""
        self.done = done
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < self.every and done < self.total:
            return
        self.last = now
        rate = done / (now - self.start) if now > self.start else 0.0
        self._show(self.running.format(label=self.label, done=done, total=self.total, unit=self.unit,
                                       rate=f"{rate:.0f}"))

    def close(self, interrupted: bool = False) -> None:
        """End the line (once at least one update was shown): done, or ``interrupted`` (Ctrl-C)."""
        if self.enabled and self.width:
            words = self.stopped if interrupted else self.finished
            self._show(words.format(label=self.label, done=self.done, total=self.total, unit=self.unit))
            self.stream.write("\n")
            self.stream.flush()

    def _show(self, text: str) -> None:
        pad = max(0, self.width - len(text))
        self.width = len(text)   # before writing: a Ctrl-C during the write still closes the line
        self.stream.write("\r" + text + " " * pad)
        self.stream.flush()

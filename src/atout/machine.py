"""The machine a figure was measured on, as every command that prints figures records it
(``atout bench``, ``simulate``, ``arena``): in its JSON under ``machine``, and in words in its
text.

>>> sorted(machine())
['cpus', 'implementation', 'load_average', 'machine', 'platform', 'processor', 'python', 'system']
"""

from __future__ import annotations

import os
import platform
from pathlib import Path
from typing import TypedDict


class Machine(TypedDict):
    """The machine a figure was measured on."""

    python: str
    implementation: str
    machine: str
    processor: str
    """The processor's model (``/proc/cpuinfo``'s model name where there is one)."""
    system: str
    platform: str
    cpus: int | None
    load_average: list[float] | None
    """The 1, 5 and 15 minute load averages when the figures were taken (how busy the other cores were)."""


def machine() -> Machine:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "machine": platform.machine(), "processor": _cpu_model(), "system": platform.system(),
            "platform": platform.platform(), "cpus": os.cpu_count(), "load_average": _load()}


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()

"""Style and types are part of the test suite: ruff on the sources and tests, mypy on ``src/``.

Both run as the project's own configuration in ``pyproject.toml`` says; a finding fails the test
with the tool's report.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def _available(module: str) -> bool:
    return _run(module, "--version").returncode == 0


def test_ruff_finds_nothing() -> None:
    if not _available("ruff"):
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    done = _run("ruff", "check", "src", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing() -> None:
    if not _available("mypy"):
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    done = _run("mypy", "src")
    assert done.returncode == 0, done.stdout + done.stderr


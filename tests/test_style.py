"""Style and types are part of the test suite: ruff on the sources and tests, mypy on ``src/``.

Both run as the project's own configuration in ``pyproject.toml`` says; a finding fails the test
with the tool's report. The contract is typed: ``Any`` appears in ``src/`` only where a comment on
its line says why nothing narrower is true (``# Any: …``).
"""

from __future__ import annotations

import ast
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



def untyped_lines(source: str) -> list[int]:
    """The lines of ``source`` that use ``Any`` as a type without a ``# Any:`` comment saying why."""
    lines = source.splitlines()
    found = {node.lineno for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Name) and node.id == "Any"
             or isinstance(node, ast.Attribute) and node.attr == "Any"}
    return sorted(n for n in found if "# Any:" not in lines[n - 1])


def test_every_any_says_why() -> None:
    unexplained = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "src").rglob("*.py"))
                   for n in untyped_lines(path.read_text(encoding="utf-8"))]
    assert not unexplained, "Any without a reason (say it after '# Any:' or type it): " + ", ".join(unexplained)


def test_the_any_scan_catches_an_unexplained_any() -> None:
    source = "import typing\nfrom typing import Any\nx: Any = 1\ny: Any = 2   # Any: told apart below\nz: typing.Any\n"
    assert untyped_lines(source) == [3, 5]

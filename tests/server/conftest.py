"""The server tests: a fresh data folder per test (its SQLite file), the toy game registered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.toygame import ToyGame, registered


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "crash: the server killed and restarted (SQLite and a PostgreSQL it starts)")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "index.html").write_text("<!doctype html><title>atout test page</title>", encoding="utf-8")
    return tmp_path


@pytest.fixture
def toy() -> Iterator[type[ToyGame]]:
    with registered() as game:
        yield game

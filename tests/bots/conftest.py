"""Fixtures of the bot tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.toygame import ToyGame, registered


@pytest.fixture
def toy() -> Iterator[type[ToyGame]]:
    """The toy game (no bot was written for it), registered for the length of one test."""
    with registered() as game:
        yield game

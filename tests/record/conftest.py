"""Shared helpers for the record tests: the toy game registered for the test, and a seeded random
driver that uses only the contract (``moves()``, ``legal_actions(seat)`` with action kinds)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.chance import Deal
from atout.game import CHANCE
from atout.games import make_game
from tests.toygame import ToyGame, registered

DATE = {"Date": "2026-11-21"}


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[type[ToyGame]]:
    """The toy game is in the registry during each record test, and only then."""
    with registered() as game:
        yield game


def drive(state: Any, seed: int = 0, *, talk: float = 0.1, table: float = 0.0,
          max_actions: int | None = 3000, stop_at: int | None = None) -> Any:
    """Play on with random moves; now and then a seat's optional talk (``talk``), or a table action
    (an abandon) or a claim (``table``). Stops at the end, or when the history reaches ``stop_at`` or
    ``max_actions`` actions (then the partie is left unfinished)."""
    rng = random.Random(seed)
    n = state.game.num_seats
    while state.outcome() is None:
        if len(state.history) >= (stop_at or max_actions or 10**9):
            break
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        roll = rng.random()
        kinds = (ActionKind.TALK,) if roll < talk else (ActionKind.TABLE, ActionKind.CLAIM) if roll < talk + table \
            else ()
        if kinds:
            seat = rng.randrange(n)
            extra = [a for a in state.legal_actions(seat) if a.kind in kinds]
            if extra:
                state.apply(rng.choice(extra), seat)
                continue
        state.apply(rng.choice(list(state.moves())), state.to_move)
    return state


def play(name: str, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> Any:
    """A partie of ``name`` played by :func:`drive` from the start."""
    return drive(make_game(name, options or {}).new_state(), seed, **kw)


def first_deal(game: Any, seed: int = 0) -> Deal:
    """The first deal of a partie of ``game``, after the draw for the first dealer."""
    state, rng = game.new_state(), random.Random(seed)
    while not isinstance(step := state.sample_chance(rng), Deal):
        state.apply(step)
    return step


def move_lines(text: str) -> list[str]:
    """The move lines of a record, in order."""
    return [ln for ln in text.splitlines() if ln and not ln.startswith((";", "["))]


def line_no(text: str, predicate: Any) -> int:
    """The 1-based number of the first line of ``text`` satisfying ``predicate``."""
    return next(i for i, ln in enumerate(text.splitlines(), start=1) if predicate(ln))

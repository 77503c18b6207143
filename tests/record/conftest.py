"""Shared helpers for the record tests: a seeded random driver that also talks, remarks and
(in table-law mode) claims and records penalties."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from atout.game import CHANCE
from atout.games import make_game
from atout.games.sizette.actions import Abandon, Command, Remark

REMARKS = ('bien joué', 'il a dit "atout" ; puis: rien', 'back\\slash', 'deux\nlignes', '[Game "x"]', '')


def play_random(game_name: str, options: dict[str, Any] | None = None, seed: int = 0, *,
                talk: float = 0.2, remark: float = 0.05, table: float = 0.0,
                abandon_after: int | None = None, max_actions: int | None = 5000,
                quiet_commands: bool = False) -> Any:
    """Play a partie with random legal moves, occasionally optional talk, remarks and table actions.

    ``max_actions`` caps the history (a safety net: the partie is then left unfinished).
    ``quiet_commands``: a captain always commands ``any`` (free choice), so a deal can be
    changed without changing which commands are possible.
    """
    game = make_game(game_name, options or {})
    state = game.new_state()
    rng = random.Random(seed)
    n = game.num_seats
    while not state.is_terminal():
        if max_actions is not None and len(state.history) >= max_actions:
            break
        if abandon_after is not None and len(state.history) >= abandon_after:
            state.apply(Abandon(), rng.randrange(n))
            break
        if table and rng.random() < table:
            seat = rng.randrange(n)
            options_now = [a for a in state.table_actions(seat) if not isinstance(a, Abandon)]
            if options_now:
                state.apply(rng.choice(options_now), seat)
                continue
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        roll = rng.random()
        if roll < talk:
            speakers = [s for s in range(n) if state.talk_actions(s)]
            if speakers:
                seat = rng.choice(speakers)
                state.apply(rng.choice(state.talk_actions(seat)), seat)
                continue
        elif roll < talk + remark:
            speakers = [s for s in range(n) if state.can_remark(s)]
            if speakers:
                state.apply(Remark(rng.choice(REMARKS)), rng.choice(speakers))
                continue
        moves = state.legal_actions()
        if quiet_commands and isinstance(moves[0], Command):
            action = moves[0]  # Command(any)
        else:
            action = rng.choice(moves)
        state.apply(action, state.to_move)
    return state


@pytest.fixture
def player() -> Callable[..., Any]:
    return play_random

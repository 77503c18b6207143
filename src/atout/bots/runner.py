"""Drive one partie with one bot per seat.

Chance steps are drawn with ``state.sample_chance(rng)``; otherwise the bot of ``state.to_move``
gets only ``state.observation(seat)``, ``state.legal_actions(seat)`` and
``state.talk_actions(seat)``, and its answer is applied (the engine refuses anything illegal).

>>> import random
>>> from atout.games import make_game
>>> from atout.bots import make_bot
>>> rng = random.Random(5)
>>> bots = [make_bot("heuristic" if s % 2 == 0 else "random", random.Random(s)) for s in range(6)]
>>> state = play_partie(make_game("sizette"), bots, rng)
>>> state.is_terminal(), state.winner_team in (0, 1)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.game import CHANCE, TERMINAL, Game

MAX_STEPS = 100_000  # a safety net: no sane partie comes near it


class RunawayPartie(RuntimeError):
    """The partie did not end within ``max_steps`` actions (a bot or engine bug)."""


def play_partie(game: Game, bots: Sequence[Any], rng: random.Random, max_steps: int = MAX_STEPS) -> Any:
    """Play one partie of ``game`` to its end and return the final state.

    ``bots[seat]`` acts for ``seat``; ``rng`` draws the shuffles and deals.
    """
    if len(bots) != game.num_seats:
        raise ValueError(f"{game.name} needs {game.num_seats} bots, got {len(bots)}")
    state = game.new_state()
    for _ in range(max_steps):
        seat = state.to_move
        if seat == TERMINAL:
            return state
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        obs = state.observation(seat)
        moves = state.legal_actions(seat)
        talk = state.talk_actions(seat)
        action = bots[seat].act(obs, moves, talk)
        state.apply(action, seat)
    raise RunawayPartie(f"no end after {max_steps} actions: {state!r}")

"""Bésigue positions for the bot tests: real parties played by the heuristic to a chosen point."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from atout.bots.besigue import HeuristicBot
from atout.games import make_game


def play_until(seed: int, done: Callable[[Any], bool], options: dict[str, object] | None = None) -> Any:
    """A partie of heuristic bots from ``seed``, stopped at the first state where ``done`` holds
    (with a seat to move), or ``None`` if the first hand ends first."""
    game = make_game("besigue", {"target": 10000, **(options or {})})
    state, rng = game.new_state(), random.Random(seed)
    bots = [HeuristicBot(random.Random(seed * 10 + s)) for s in range(game.num_seats)]
    while not state.results:
        if state.to_move < 0:
            state.apply(state.sample_chance(rng))
            continue
        if done(state):
            return state
        state.apply(bots[state.to_move].act(state.observation(state.to_move)))
    return None

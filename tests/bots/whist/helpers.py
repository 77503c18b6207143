"""Positions of real Whist and mort parties for the whist bot tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from atout.actions import Action
from atout.cards import Card
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.state import WhistState


def play_until(game_name: str, seed: int, stop: Callable[[WhistState], bool],
               options: dict[str, object] | None = None) -> tuple[WhistState, list[tuple[int, Action]]]:
    """A partie played at random (cards only: no calls) until ``stop`` holds in play, with the
    actions applied since the last deal."""
    state = make_game(game_name, options or {}).new_state()
    assert isinstance(state, WhistState)
    rng = random.Random(seed)
    since: list[tuple[int, Action]] = []
    while state.outcome() is None:
        if state.phase_name == "play" and stop(state):
            return state, since
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            since = []
            continue
        legal = state.legal_actions()
        cards = [a for a in legal if type(a) is Card] or list(legal)
        action = rng.choice(cards)
        since.append((state.to_move, action))
        state.apply(action)
    raise AssertionError("the partie ended before the position")

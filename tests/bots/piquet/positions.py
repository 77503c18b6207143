"""Positions of real Piquet deals for the search tests: random legal play through the engine."""

from __future__ import annotations

import random
from typing import Any

from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState


def card_play_position(seed: int, cards_left: int, options: dict[str, Any] | None = None) -> PiquetState:
    """A deal played at random (every step legal) until the seat to move holds ``cards_left``
    cards or fewer in the card play."""
    state, rng = PiquetGame(options or {}).new_state(), random.Random(seed)
    while not (state.phase_name == "play" and state.to_move >= 0
               and state.hands[state.to_move].bit_count() <= cards_left):
        state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
    return state

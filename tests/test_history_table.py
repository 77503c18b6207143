"""The process-wide table of interned actions holds only actions that repeat: no deal, no draw
(each of a kind, kept in its partie's own history), so a server dealing for months does not grow it."""

from __future__ import annotations

import random

import pytest

from atout import history
from atout.chance import Deal, Draw
from atout.games import game_names, make_game


@pytest.mark.parametrize("name", game_names())
def test_no_deal_nor_draw_is_interned(name: str) -> None:
    game = make_game(name)
    rng = random.Random(5)
    state = game.new_state()
    while state.outcome() is None and len(state.history) < 400:
        state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
    dealt = [a for _, a in state.history if isinstance(a, (Deal, Draw))]
    assert dealt, "no deal in the partie played"
    assert not any(isinstance(a, (Deal, Draw)) for a in history._ACTIONS)

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


def test_besigue_declarations_stay_in_their_partie() -> None:
    """A Bésigue declaration names its exact copies: thousands of values over a server's life. Kept
    in the partie's own history, they leave the table's short codes to the actions that repeat
    (a table grown past them makes every game's history twice as wide)."""
    from atout.games.besigue.declarations import Declaration

    game = make_game("besigue", {"players": "3"})
    before = len(history._ACTIONS)
    declared = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state()
        while state.outcome() is None and len(state.history) < 600:
            state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
        declared += sum(isinstance(a, Declaration) for _, a in state.history)
        replayed = game.new_state()
        for seat, action in state.history:
            replayed.apply(action, seat)
        assert list(replayed.history) == list(state.history)
    assert declared > 10
    assert not any(isinstance(a, Declaration) for a in history._ACTIONS[before:])

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


SERVER_MIX = """
import random, sys
from atout import history
from atout.chance import Draw
from atout.game import CHANCE
from atout.games import make_game

def play(game, seed):
    rng = random.Random(seed)
    state = game.new_state()
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state

for name, options in (("besigue", {}), ("besigue", {"players": 4}), ("sizette", {}), ("piquet", {})):
    for seed in range(40):
        play(make_game(name, options), seed)
state = play(make_game("mort"), 1)
recorder = state._log.history
side = [kept for kept in recorder.side if not isinstance(kept, (bytes, Draw))]   # a deal is kept as bytes
print(len(history._ACTIONS) - history.FIRST_ACTION, recorder.codes.itemsize, len(side))
"""


def test_a_server_that_played_every_game_still_writes_short_codes() -> None:
    """After forty parties each of Bésigue (two and four players), Sizette and Piquet in one
    process, over a thousand actions are interned: a mort partie played then still writes every
    code in 16 bits and keeps nothing but its deals and draws in the side list."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", SERVER_MIX], capture_output=True, text=True, check=True, timeout=300)
    interned, width, side = map(int, done.stdout.split())
    assert interned > 1_000, "the mix no longer fills the table: make it bigger"
    assert (width, side) == (2, 0)


def test_a_game_of_more_seats_than_a_history_numbers_is_refused() -> None:
    from tests.toygame import ToyGame

    class Crowded(ToyGame):
        @property
        def num_seats(self) -> int:
            return history.MAX_SEATS + 1

    assert ToyGame({"seats": history.MAX_SEATS}).new_state().to_move is not None
    with pytest.raises(ValueError, match="7 seats"):
        Crowded().new_state()

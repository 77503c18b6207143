"""Undo after every action of many random parties of every game: the state comes back exactly
(its position, its log, the observation of the seat to move and of a spectator, every seat's
legal actions), then the action applies again to the same state.

The kit (``test_kit.py``) does this too, with every check of every viewer, after a quarter of
the actions of fewer parties; here the check is lighter, so that each game plays a thousand parties. Options that make a
partie short are used where a game has them (:data:`kit.SHORT`): the number of parties is what
counts, not their length.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from atout.game import TERMINAL, State
from atout.games import game_names, make_game
from tests.conformance import kit

PARTIES = 1000 * kit.SOAK   # ATOUT_SOAK=10: ten thousand
POLICY = kit.Policy(talk=0.1, claim=0.02, table=0.0005, max_results=12, max_actions=4000)


FULL_EVERY = 8   # the observations' JSON compared every this many actions; the position and legal actions always


def light(state: State, full: bool) -> tuple[Any, ...]:
    """What an undo must give back, exactly: the position's fields (the same objects), the log's
    length, the legal actions of every seat; with ``full``, the JSON of the observations of the
    seat to move and of a spectator, and the last entries of their logs."""
    seats = range(state.game.num_seats)
    out: tuple[Any, ...] = (type(state)._snap(state), state.log_length(), state.outcome(),
                            tuple(state.legal_actions(s) for s in seats))
    if full:
        mover = state.to_move
        observations = [state.observation(v) for v in ([None] if mover < 0 else [mover, None])]
        out += (tuple(json.dumps(o.to_json()) for o in observations),
                tuple(json.dumps(o.log.to_json(len(o.log) - 2)) for o in observations))
    return out


@pytest.mark.parametrize("name", game_names())
def test_undo_after_every_action(name: str) -> None:
    options = kit.SHORT.get(name, {})
    game = make_game(name, options)
    undos = 0
    for seed in range(PARTIES):
        state, rng, extras = game.new_state(), random.Random(seed), [0]
        while state.to_move != TERMINAL and len(state.results) < POLICY.max_results:
            seat, action = kit.choose_random(state, rng, POLICY, extras)
            full = not undos % FULL_EVERY
            before = light(state, full)
            state.apply(action, seat)
            after = light(state, full)
            assert tuple(state.undo()) == (seat, action)
            assert light(state, full) == before, f"{name} seed {seed}: undo of {action!r} by {seat} gives another state"
            state.apply(action, seat)
            assert light(state, full) == after, f"{name} seed {seed}: {action!r} again after its undo gives another state"
            undos += 1
    print(f"\n{name} {options}: {PARTIES} parties, {undos} undos")
    assert undos > PARTIES

"""A clone shares its original's past: the position's values and whatever an observation keeps on
the state to make the next one cheaper (a game's caches, keyed on the state's version, fed on
from one position to the next). Played on alternately from the moment they part, with now and
then an undo, each must show every viewer exactly what a state that never shared anything shows:
one made afresh from the same history when they part, and given the same actions since.

The kit's clone check plays on the clone and looks at the original once; this one goes on with
both, so that a cache one of them fed on in place, or kept from the other's position, would show.
"""

from __future__ import annotations

import json
import random

import pytest

from atout.game import CHANCE, TERMINAL, State
from atout.games import game_names, make_game
from tests.conformance import kit

PARTIES = 10 * kit.SOAK
PART_EVERY = 25   # actions between two partings
STEPS = 20        # actions each of the two plays after a parting
UNDO = 0.1        # the chance, at a step, that the last action is taken back instead
POLICY = kit.Policy(talk=0.1, claim=0.02, table=0.0, max_results=3, max_actions=4000)


def shown(state: State) -> list[str]:
    """The position's JSON for the seat to move (if a seat is) and for a spectator."""
    viewers = [None] if state.to_move < 0 else [state.to_move, None]
    return [json.dumps(state.observation(v).to_json(), sort_keys=True) for v in viewers]


def over(state: State) -> bool:
    return state.to_move == TERMINAL or len(state.results) >= POLICY.max_results


def part_and_play(state: State, rng: random.Random) -> int:
    """Clone ``state`` (its caches made for the position first), then play both alternately, each
    beside a fresh state given the same actions; compare them after every action. Returns the
    number of comparisons."""
    shown(state)
    pairs = [(state, kit.replayed(state)), (state.clone(), kit.replayed(state))]
    parted_at = len(state.history)
    compared = 0
    for _ in range(STEPS):
        for live, fresh in pairs:
            if over(live):
                continue
            if len(live.history) > parted_at and rng.random() < UNDO:
                assert live.undo() == fresh.undo()
            else:
                seat, action = kit.choose_random(live, rng, POLICY, [0])
                live.apply(action, seat)
                fresh.apply(action, seat)
            assert shown(live) == shown(fresh), (
                f"{state.game.name}: after {len(live.history)} actions, a state that shared its past shows "
                "another position than a fresh one")
            compared += 1
    return compared


@pytest.mark.parametrize("name", game_names())
def test_a_clone_and_its_original_played_alternately_show_what_fresh_states_show(name: str) -> None:
    game = make_game(name)
    compared = 0
    for seed in range(PARTIES):
        rng = random.Random(seed)
        state, since = game.new_state(), 0
        while not over(state):
            since += 1
            if state.to_move != CHANCE and since >= PART_EVERY:
                compared += part_and_play(state, rng)
                since = 0
            if over(state):
                break
            seat, action = kit.choose_random(state, rng, POLICY, [0])
            state.apply(action, seat)
    print(f"\n{name}: {compared} positions compared")
    assert compared > 50 * PARTIES

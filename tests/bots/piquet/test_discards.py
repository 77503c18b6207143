"""The search player's exchange: its model of the heuristic opponent and of the declarations is
the heuristic and the engine themselves, and what it plans is legal."""

from __future__ import annotations

import random

from atout.bots.piquet.discards import candidates, declarations, heuristic_discards, plan
from atout.bots.piquet.heuristic import HeuristicBot
from atout.game import CHANCE
from atout.games.piquet.pic import PIC, POINT
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState


def heuristic_deal(seed: int) -> PiquetState:
    """A deal of two heuristic bots, to the first lead."""
    state = PiquetGame().new_state()
    rng = random.Random(seed)
    bots = [HeuristicBot(random.Random(seed + s)) for s in range(2)]
    while not (state.phase_name == "play" and state.complete):
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots[state.to_move].act(state.observation(state.to_move)))
    return state


def test_the_model_of_the_heuristic_is_the_heuristic() -> None:
    checked = 0
    for seed in range(40):
        state = heuristic_deal(seed)
        if state.cb_seat >= 0:
            continue
        younger = state.younger
        dealt = state.dealt[younger]
        room = 8 - state.ndisc[state.elder]
        assert heuristic_discards(dealt, 1, room) == state.discards[younger]
        tally = declarations(state.after_exchange[state.elder], state.after_exchange[younger], state.elder)
        scored = state.hand_score().categories
        for seat in (0, 1):
            assert tally.cats[seat][POINT:PIC] == list(scored[seat][POINT:PIC]), seed
        checked += 1
    assert checked >= 30


def test_candidates_and_plans_are_legal() -> None:
    rng = random.Random(3)
    for seed in range(3):
        state = PiquetGame().new_state()
        r = random.Random(seed)
        while state.phase_name != "exchange_elder":
            state.apply(state.sample_chance(r) if state.to_move == CHANCE else r.choice(state.moves()))
        hand = state.hands[state.elder]
        options = candidates(hand, 1, 5)
        assert all(1 <= len(c) <= 5 and all(hand >> x & 1 for x in c) for c in options)
        assert len(set(options)) == len(options)
        chosen = plan(hand, True, 1, 5, rng, worlds=8, play_worlds=1)
        assert chosen in options
        younger = plan(state.hands[state.younger], False, 0, 3, rng, worlds=8, play_worlds=1, elder_discards=5)
        assert len(younger) <= 3

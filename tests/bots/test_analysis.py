"""The post-mortem (:mod:`atout.bots.analysis`) of every game with a solver: every card the solver
values is judged against the best card, and the oracle (which plays a best card of the true world)
never loses a point."""

from __future__ import annotations

import random

import pytest

from atout.bots import make_bot, play_partie
from atout.bots.analysis import analyse, summary
from atout.cards import Card
from atout.games import game_names, make_game

pytest.importorskip("endplay")


@pytest.mark.parametrize("game_name", sorted(game_names()))
def test_the_oracle_loses_nothing_and_every_verdict_holds(game_name: str) -> None:
    game = make_game(game_name)
    bots = [make_bot("oracle" if s == 0 else "heuristic", game, random.Random(40 + s)) for s in range(game.num_seats)]
    state = play_partie(game, bots, random.Random(7), hands=1)
    verdicts = analyse(state)
    played = {n for n, (_, a) in enumerate(state.history) if type(a) is Card}
    assert verdicts and {v.step for v in verdicts} <= played
    for v in verdicts:
        seat, card = state.history[v.step]
        assert (v.seat, v.card) == (seat, card)
        assert v.best >= v.value and (v.loss == 0) == (v.card in v.best_cards)
    totals = summary(verdicts, game.num_seats)
    oracle_cards = [v for v in verdicts if v.seat == 0]
    assert oracle_cards and totals[0]["loss"] == 0, [v for v in oracle_cards if v.loss]


def test_only_the_seats_asked_for() -> None:
    game = make_game("piquet")
    state = play_partie(game, [make_bot("heuristic", game, random.Random(s)) for s in range(2)], random.Random(3), hands=1)
    assert {v.seat for v in analyse(state, seats=[1])} == {1}


def test_a_game_without_a_solver_is_refused(toy: type) -> None:
    from atout.bots.analysis import solver_of

    with pytest.raises(ValueError, match="no double-dummy solver for toy"):
        solver_of("toy")

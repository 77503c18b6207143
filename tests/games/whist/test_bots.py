"""The Whist heuristic against the random bot, and its maxims on hand-made positions."""

from __future__ import annotations

import random
from typing import Any

from atout.bots.registry import bot_names, make_bot
from atout.bots.simulate import simulate
from atout.bots.whist.heuristic import HeuristicBot
from atout.cards import Card
from atout.games.whist.actions import CALL, EXPOSE, PASS, SHOW
from tests.games.whist.helpers import cs, lowest_first, start, whist
from tests.games.whist.test_rules import MIX, play


def test_both_games_have_the_heuristic() -> None:
    assert bot_names("whist") == ["random", "search", "oracle", "heuristic"] == bot_names("mort")
    assert make_bot("heuristic", "mort", random.Random(1)).name == "heuristic"


def test_heuristic_beats_random_at_short_whist() -> None:
    result = simulate("whist", {"preset": "short"}, games=40, seed=3, progress=False)
    assert result["wins"][0] > 2 * result["wins"][1]


def test_second_hand_low_third_hand_high_and_cover_an_honour() -> None:
    bot = HeuristicBot(random.Random(0))
    state = start(whist(), MIX, "2H", dealer="3")
    play(state, "KS")                                   # N leads the king: E covers with the ace
    assert bot.act(state.observation(1)) == Card("AS")
    state = start(whist(), MIX, "2H", dealer="3")
    play(state, "2S")                                   # a low lead: second hand low
    assert bot.act(state.observation(1)) == Card("3S")
    play(state, "3S")                                   # third hand high
    assert bot.act(state.observation(2)) == Card("JS")


def test_shows_exposes_and_calls_when_it_may() -> None:
    bot = HeuristicBot(random.Random(0))

    class Obs:
        def __init__(self, legal: tuple[Any, ...]) -> None:
            self.legal, self.seat = legal, 0

    assert bot.act(Obs((SHOW, PASS))) is SHOW and bot.act(Obs((EXPOSE,))) is EXPOSE
    assert bot.act(Obs((Card("2S"), CALL))) is CALL


def test_plays_a_whole_hand_legally() -> None:
    state = start(whist(), [cs(" ".join(str(c) for c in h)) for h in MIX], "2H", dealer="3")
    bots = [HeuristicBot(random.Random(s)) for s in range(4)]
    while not state.results:
        state.apply(bots[state.to_move].act(state.observation(state.to_move)))
    assert sum(state.results[-1].tricks) == 13
    lowest_first(state)

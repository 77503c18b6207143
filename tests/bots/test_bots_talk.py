"""In real parties the heuristic captain asks its questions and commands the lead."""

from __future__ import annotations

import random

import pytest

from atout.bots import make_bot, play_partie
from atout.games import make_game


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("options", [{}, {"strict_encyclopedie": "true"}])
def test_heuristic_captain_asks_and_commands(game_name: str, options: dict[str, str]) -> None:
    game = make_game(game_name, options)
    consulted = c3_commands = masters_commanded = 0
    for seed in range(6):
        bots = [make_bot("heuristic" if s % 2 == 0 else "random", random.Random(seed * 7 + s))
                for s in range(game.num_seats)]
        state = play_partie(game, bots, random.Random(seed))
        for r in state.results:
            first = (r.dealer + 1) % game.num_seats
            captain = r.captains[first % 2]
            by_captain = [e for e in r.talk if e.seat == captain]
            if first % 2 == 0 and captain != first:  # a heuristic team leads, its captain does not
                asks = [str(e.action) for e in by_captain if e.trick == 1 and str(e.action).startswith("ask")]
                commands = [str(e.action) for e in by_captain if e.trick == 1 and str(e.action).startswith("command")]
                assert asks and asks[0].endswith(f"count {r.trump.letter}"), r.talk
                assert commands, r.talk
                consulted += 1
            for e in r.talk:
                text = str(e.action)
                if e.seat % 2 == 0 and text.startswith("command"):
                    assert e.seat == r.captains[0]
                    c3_commands += e.trick > 1
                    masters_commanded += text.startswith("command high")
    assert consulted >= 5
    assert c3_commands > 0 and masters_commanded > 0


def test_heuristic_answers_only_what_it_is_asked() -> None:
    game = make_game("sizette")
    bots = [make_bot("heuristic", random.Random(s), detail="high") for s in range(6)]
    state = play_partie(game, bots, random.Random(4))
    for r in state.results:
        talk = list(r.talk)
        for i, e in enumerate(talk):
            if str(e.action).startswith("say"):
                previous = str(talk[i - 1].action)
                assert previous.startswith(f"ask {e.seat} "), talk  # an answer, never volunteered

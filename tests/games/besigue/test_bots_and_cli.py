"""The Bésigue heuristic against random play, and what ``atout play besigue`` shows."""

from __future__ import annotations

import random

from atout.bots.besigue.heuristic import HeuristicBot
from atout.bots.simulate import simulate
from atout.cards import Card, CardSet
from atout.cli.render import make_renderer
from atout.games.besigue.declarations import Declaration
from tests.games.besigue.helpers import play, start


def test_heuristic_beats_random_two_players_and_four() -> None:
    two = simulate("besigue", {"target": 500}, games=20, seed=7)
    assert two["wins"][0] >= 17, two["wins"]
    four = simulate("besigue", {"players": 4, "target": 300}, games=20, seed=7)
    assert four["wins"][0] >= 12, four["wins"]          # one heuristic seat against three random ones


def test_heuristic_declares_the_most_valuable_combination() -> None:
    state = start({"trump_mode": "turned_card"}, ["9H KS QS KH QH JD", "7H"], top="9H#2", turned="8S#2")
    play(state, "9H", "7H")
    choice = HeuristicBot(random.Random(1)).act(state.observation(0))
    assert choice == Declaration("trump-marriage", CardSet.parse("KS QS"), 40)


def test_the_screen_and_the_declaration_menu() -> None:
    state = start({"trump_mode": "turned_card"}, ["9H KH QH", "7H"], top="9H#2", turned="8S#2")
    play(state, "9H", "7H")
    state.apply(Declaration("marriage", CardSet.parse("KH QH"), 20))
    obs = state.observation(1)
    for lang, words in (("en", ("Turned card", "Talon: 114", "Brisques", "on the table", "20")),
                        ("fr", ("Retourne", "Talon : 114", "Brisques", "a étalé", "20"))):
        screen = make_renderer(state.game, lang, 1).screen(obs)
        assert all(w in screen for w in words), screen
    fresh = start({"trump_mode": "turned_card"}, ["9H KH QH QS JD", "7H"], top="9H#2", turned="8S#2")
    play(fresh, "9H", "7H")
    renderer = make_renderer(fresh.game, "fr", 0, lambda a: fresh.action_text(a, "fr"))
    menu = renderer.menu(fresh.observation(0), fresh.moves())
    text = renderer.menu_text(fresh.observation(0), menu)
    assert "mariage simple R♥ D♥ : 20" in text and "bésigue D♠ V♦ : 40" in text and "passer" in text
    assert Card("KH") in (fresh.observation(0).hand or ())  # not yet tabled

"""The lobby before the server has answered: it says it is loading, never that there is no game
or no open table; once the answers come, the form and the list fill in, each seat's list naming
the bots by a short name that fits a phone, and a line under the seats saying what each does."""

from __future__ import annotations

from typing import Any

import pytest

SEAT_CHOICES = {
    "en": ["a person", "bot: at random", "bot: by the book", "bot: strongest"],   # weakest first
    "fr": ["une personne", "robot : au hasard", "robot : règles de l'art", "robot : le plus fort"],
}
BOT_LINES = {
    "en": ["at random: plays any card it may", "by the book: plays by the rules of thumb of the books",
           "strongest: imagines the hidden hands and searches each deal to its end"],
    "fr": ["au hasard : joue n'importe quelle carte permise", "règles de l'art : joue selon les règles de l'art des traités",
           "le plus fort : imagine les mains cachées et cherche chaque donne jusqu'au bout"],
}


@pytest.mark.parametrize("lang, games, tables", [
    ("en", "Loading the games…", "Asking the server for the open tables…"),
    ("fr", "Chargement des jeux…", "Demande des tables ouvertes au serveur…"),
])
def test_the_lobby_says_it_is_loading_until_the_server_answers(browser: Any, server: Any, lang: str, games: str,
                                                                tables: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url)
    try:
        context.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
        held: list[Any] = []
        context.route("**/api/games?*", lambda route: held.append(route))   # answered when the test says
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("#create-game option[disabled]", state="attached")
        assert page.inner_text("#create-game").strip() == games
        assert page.is_disabled("#create-game")
        assert page.inner_text(".table-list .empty") == tables
        page.wait_for_function("() => true")   # let the held request reach the test
        assert held, "the games were asked for"
        held[0].continue_()
        page.wait_for_function("() => document.querySelectorAll('#create-game option:not([disabled])').length >= 5")
        assert not page.is_disabled("#create-game")
        assert "…" not in page.inner_text("#create-game")
        assert tables not in page.inner_text(".table-list")   # the tables, or that there is none (other tests may have made some)
        page.select_option("#create-game", "sizette")
        assert page.locator("#create-seat-1 option").all_inner_texts() == SEAT_CHOICES[lang]
        assert page.locator(".bot-help").all_inner_texts() == BOT_LINES[lang]   # weakest first
        fits = "(s) => s.scrollWidth <= s.clientWidth + 1"   # the chosen bot's name reads whole on a phone
        assert all(select.evaluate(fits) for select in page.locator(".seat-kind select").all())
    finally:
        context.close()


def test_an_option_being_typed_outlives_the_seats_answer(browser: Any, server: Any) -> None:
    """The server answers how many seats the options make while the person types another option:
    the seats change (and the game's name says how many), and the field being typed keeps its text and
    the cursor."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server.url)
    try:
        held: list[Any] = []
        context.route("**/setup?*", lambda route: held.append(route))   # answered when the test says
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("#create-game option:not([disabled])", state="attached")
        page.select_option("#create-game", "besigue")
        page.click(".options-box summary")
        players = '.option[data-option="players"] input'
        page.fill(players, "3")
        page.dispatch_event(players, "change")   # the person moves on: the seats are asked for
        page.wait_for_function("() => true")
        assert len(held) == 1
        page.click("#opt-target")   # (leaving the players' field commits it again: a second question)
        page.fill("#opt-target", "7")   # typed, not yet committed
        page.keyboard.type("50")
        page.wait_for_function("() => true")
        for route in held:
            route.continue_()
        page.wait_for_function("() => document.querySelectorAll('.seat-kind select').length === 3")
        assert page.input_value("#opt-target") == "750"
        assert page.evaluate("() => document.activeElement.id") == "opt-target"
        page.keyboard.type("0")   # still typing into the same field
        assert page.input_value("#opt-target") == "7500"
        assert page.input_value(players) == "3"
        assert page.inner_text('#create-game option[value="besigue"]').endswith("(3)")   # the game with its seats now
        page.select_option("#create-seat-1", "human")   # a seat changing hands leaves the options as they are
        assert page.input_value("#opt-target") == "7500"
        assert page.locator("#create-sit option").all_inner_texts()[:2] == ["Seat 0", "Seat 1"]
    finally:
        context.close()

"""The game in words: every game, in French and in English, through a whole deal, shows the table
(the log, the talk, the bubbles, the panels) in words, never in notation (``deal 0=?6 … turn=JH``,
``demande 2 nombre C``, ``RC``, ``10S``) and never an engine value such as ``-1`` for « none »."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import (
    click_action,
    create_table,
    first_move,
    my_turn,
    needs_game,
    results_count,
    state,
    wait_for_table,
)
from tests.games.test_words import notation_in  # notation, an engine's -1

REGIONS = ".side-panel, .bubble, .centre, .status-line, .seat-name, .seat-marks, .summary-partie"
GAMES = [("sizette", 6), ("quadrette", 4), ("piquet", 2), ("besigue", 2), ("whist", 4), ("mort", 3)]


def visible(page: Any) -> str:
    """The visible text of the table: its panels, the log, the talk, the bubbles (not the buttons
    of the choices nor the cards of the hand)."""
    text: str = page.evaluate("""(sel) => [...document.querySelectorAll(sel)]
        .filter((e) => e.offsetParent !== null || e.getClientRects().length)
        .map((e) => e.innerText).join('\\n')""", REGIONS)
    return text


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game, seats", GAMES)
def test_the_table_shows_the_game_in_words(open_page: Any, game: str, seats: int, lang: str) -> None:
    needs_game(game)
    page = open_page("/", lang=lang)
    create_table(page, game, ["human"] + ["heuristic"] * (seats - 1), "Anne")
    seen: dict[str, str] = {}
    for _ in range(400):
        data = state(page)
        while not my_turn(data) and results_count(page) < 1 and data.get("status") != "finished":
            wait_for_table(page, data["event"])
            data = state(page)
        text = visible(page)
        for piece in notation_in(text):
            line = next((line for line in text.splitlines() if piece in line), text[:200])
            seen.setdefault(piece, line)
        if results_count(page) >= 1 or data.get("status") == "finished":
            break
        before = data["event"]
        code = first_move(data["legal"])
        click_action(page, code)
        page.wait_for_function("""(before) => {
            const S = window.atoutTable.state, last = window.atoutTable.socket.lastEvent;
            return (last > before && S.viewEvent === last && S.drawn === last) || S.notice;
        }""", arg=before, timeout=60000)
    assert results_count(page) >= 1 or state(page).get("status") == "finished", "a whole deal is played"
    log = page.locator(".event-log li").all_inner_texts()
    assert log, "the log shows the deal"
    assert not seen, f"notation or engine values on the table ({game}, {lang}):\n" + "\n".join(
        f"  {piece!r} in: {line}" for piece, line in seen.items())

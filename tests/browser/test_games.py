"""Every game through the same page: a Whist deal (one person, three bots), a Piquet deal through
the exchange and the declarations, a Bésigue declaration tabled by the person, Bésigue for three,
and a whole partie of every registered game."""

from __future__ import annotations

from typing import Any

import pytest

from atout.games import game_names
from tests.browser.driver import (
    CARD,
    PartieOver,
    create_table,
    needs_game,
    play_until,
    results_count,
    state,
    wait_drawn,
)


def test_whist_one_person_three_bots(open_page: Any) -> None:
    needs_game("whist")
    page = open_page("/")
    create_table(page, "whist", ["human", "random", "random", "random"], "Anne")
    page.wait_for_selector(".felt.seats-4")
    seen_trick = False

    def choose(data: dict[str, Any]) -> str | None:
        nonlocal seen_trick
        if data["obs"]["trick"]:
            seen_trick = True
            assert page.locator(".trick .trick-card").count() == len(data["obs"]["trick"])
        return None

    play_until(page, lambda data: results_count(page) >= 1, choose)
    assert seen_trick
    page.wait_for_selector(".sheet-results tbody tr")


def test_piquet_deal_through_exchange_and_declarations(open_page: Any) -> None:
    needs_game("piquet")
    page = open_page("/")
    create_table(page, "piquet", ["human", "random"], "Anne")
    phases = play_until(page, lambda data: results_count(page) >= 1)
    assert any(p.startswith("exchange") for p in phases), phases
    assert "declarations" in phases or "younger_declares" in phases, phases


DECLARATIONS = ("marriage", "trump-marriage", "besigue", "aces", "kings", "queens", "jacks", "sequence",
                "double-besigue", "triple-besigue", "quadruple-besigue")


KEPT_LAST = ("7", "8", "9", "10", "A", "J", "K", "Q")   # Bésigue's ranks, those in fewest declarations first


def kept_last(code: str) -> int:
    """Where a card code (``7S``, ``10C#2``) comes in :data:`KEPT_LAST` (a joker: last)."""
    rank = code.split("#")[0][:-1]
    return KEPT_LAST.index(rank) if rank in KEPT_LAST else len(KEPT_LAST)


def test_besigue_declaration(open_page: Any) -> None:
    """The person declares as soon as they may, and plays their low cards first, keeping those
    that make declarations (half as many turns as playing the first card listed, and in 300
    parties played so by the engine none ended without a declaration; if one does, a new table is
    dealt)."""
    needs_game("besigue")
    declared: list[str] = []

    def choose(data: dict[str, Any]) -> str | None:
        for action in data["legal"]:
            if action["code"].split()[0] in DECLARATIONS:
                declared.append(action["code"])
                return str(action["code"])
        cards = [a["code"] for a in data["legal"] if a["kind"] == "move" and CARD.match(a["code"])]
        return min(cards, key=kept_last, default=None)

    for attempt in range(3):
        declared.clear()
        page = open_page("/")
        create_table(page, "besigue", ["human", "random"], "Anne")
        try:
            play_until(page, lambda data: bool(declared) and data["obs"]["tabled"][0] != [], choose)
            break
        except PartieOver:
            if attempt == 2:
                raise
    wait_drawn(page)
    tabled = state(page)["obs"]["tabled"][0]
    shown = page.locator('.seat[data-seat="0"] .field-tabled .card').evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(tabled)
    # the log says the declaration in words: « Anne declares a trump marriage (…): 40 points. »
    data = state(page)
    said = [e["words"] for e in data["entries"] if e["type"] == "declaration" and e["seat"] == 0]
    assert said and said[-1].startswith("Anne declares ") and said[-1].endswith(" points."), said
    if any(e["words"] == said[-1] for e in data["obs"]["log"][-40:]):   # still among the lines the log shows
        page.wait_for_function("(w) => [...document.querySelectorAll('.event-log li')].some((li) => li.textContent === w)",
                               arg=said[-1])


def test_besigue_for_three_lays_out_three_seats(open_page: Any) -> None:
    needs_game("besigue")
    page = open_page("/")
    page.wait_for_selector("#create-game")
    page.select_option("#create-game", "besigue")
    page.click(".options-box summary")
    page.fill('.option[data-option="players"] input', "3")
    page.dispatch_event('.option[data-option="players"] input', "change")
    # the page asks the server's setup route how many seats these options make
    page.wait_for_function("() => document.querySelectorAll('.seat-kind select').length === 3")
    page.fill('.option[data-option="players"] input', "4")
    page.dispatch_event('.option[data-option="players"] input', "change")
    page.wait_for_function("() => document.querySelectorAll('.seat-kind select').length === 4")
    page.fill('.option[data-option="players"] input', "3")
    page.dispatch_event('.option[data-option="players"] input', "change")
    page.wait_for_function("() => document.querySelectorAll('.seat-kind select').length === 3")
    create_table(page, "besigue", ["human", "random", "random"], "Anne", options={"players": "3"})
    page.wait_for_selector(".felt.seats-3")
    play_until(page, lambda data: bool(data.get("obs")) and len(data["obs"]["trick"]) >= 1)
    assert page.locator(".felt .seat").count() == 3


# The shortest partie each game allows (a game added later plays with its defaults).
SHORT = {"sizette": {"target_points": "1"}, "quadrette": {"target_points": "1"}, "besigue": {"target": "100"},
         "piquet": {"partie": "rubicon4"},
         "whist": {"game_points": "5"}, "mort": {"game_points": "5", "rubbers": "1"}}


@pytest.mark.parametrize("game", game_names())
def test_a_person_plays_a_partie_to_the_end(open_page: Any, game: str) -> None:
    """A person and the bots play a whole partie of every registered game through the page."""
    needs_game(game)
    page = open_page("/")
    page.wait_for_selector("#create-game")
    seats = int(page.evaluate("(g) => window.fetch('/api/games').then(r => r.json())"
                              ".then(d => d.games.find(x => x.name === g).seats)", game))
    create_table(page, game, ["human"] + ["random"] * (seats - 1), "Anne", options=SHORT.get(game))
    play_until(page, lambda data: data.get("status") == "finished")
    page.wait_for_selector(".summary-partie .winners")
    outcome = state(page)["obs"]["outcome"]
    assert outcome is not None
    assert " – ".join(str(n) for n in outcome["scores"]) in page.inner_text(".summary-partie .final-scores")
    assert page.locator(".summary-partie button.rematch").count() == 1

"""A whole Sizette deal played by six people, each in a browser of his own, talk included: a
question put to a partner, its true answer, a captain's command and a free remark written in the
text box, all through the page and all shown to the table as speech bubbles."""

from __future__ import annotations

from typing import Any

from tests.browser.driver import (
    MAX_STEPS,
    act,
    create_table,
    first_move,
    legal_codes,
    my_turn,
    needs_game,
    results_count,
    sit,
    state,
)
from tests.games.test_words import notation_in

NAMES = ["Anne", "Bruno", "Claire", "Denis", "Élise", "Fanny"]


def bubble(page: Any, seat: int) -> str:
    loc = page.locator(f'.seat[data-seat="{seat}"] .bubble')
    return str(loc.inner_text()) if loc.count() else ""


def test_six_people_play_a_deal_and_talk(open_page: Any) -> None:
    needs_game("sizette")
    host = open_page("/")
    table = create_table(host, "sizette", ["human"] * 6, NAMES[0], options={"target_points": "1"})
    pages = [host]
    for seat in range(1, 6):
        guest = open_page(f"/t/{table}")
        sit(guest, seat, NAMES[seat])
        pages.append(guest)
    for page in pages:
        page.wait_for_function("() => window.atoutTable.state.view !== null")
    asked = answered = commanded = remarked = False
    for _ in range(MAX_STEPS):
        if results_count(host) >= 1:
            break
        page = next((p for p in pages if my_turn(state(p))), None)
        for _ in range(1200):   # the pages are taking the latest events in (the last card's: the hand scored)
            if page is not None or results_count(host) >= 1:
                break
            host.wait_for_timeout(50)
            page = next((p for p in pages if my_turn(state(p))), None)
        if page is None and results_count(host) >= 1:
            break
        assert page is not None, "nobody is to move"
        seat = state(page)["seat"]
        codes = legal_codes(page)
        watcher = pages[(seat + 1) % 6]
        asks = [c for c in codes if c.startswith("ask ") and " count " in c]
        answers = [c for c in codes if c.startswith("answer ")]
        commands = [c for c in codes if c.startswith("command ")]
        if not remarked and any(a["template"] for a in state(page)["legal"]):
            before = state(page)["event"]
            page.fill(".template-input", "bien joué")
            page.click(".template button.template-send")
            page.wait_for_function("(b) => window.atoutTable.socket.lastEvent > b", arg=before)
            remarked = True
            watcher.wait_for_function(f"() => !!document.querySelector('.seat[data-seat=\"{seat}\"] .bubble')")
            assert "bien joué" in bubble(watcher, seat)
            continue
        if asks and not asked:
            act(page, asks[0])
            asked = True
            words = asks[0].split()
            watcher.wait_for_function(f"() => !!document.querySelector('.seat[data-seat=\"{seat}\"] .bubble')")
            assert words[1].isdigit()
            said = bubble(watcher, seat)   # what the asker says, in words: « Claire, how many spades? »
            assert said.startswith(f"{NAMES[int(words[1])]}, how many "), said
        elif answers:
            act(page, answers[0])
            answered = True
            watcher.wait_for_function(f"() => !!document.querySelector('.seat[data-seat=\"{seat}\"] .bubble')")
            said = bubble(watcher, seat)   # the statement in words (« Two spades »), never its notation
            assert said and not said.startswith("answer") and not notation_in(said), said
        elif commands and not commanded:
            choice = "command any" if "command any" in commands else commands[0]
            act(page, choice)
            commanded = True
            watcher.wait_for_function(f"() => !!document.querySelector('.seat[data-seat=\"{seat}\"] .bubble')")
            assert bubble(watcher, seat).startswith("Lead "), bubble(watcher, seat)
        else:
            act(page, first_move(state(page)["legal"]))
        assert state(page)["notice"] is None, state(page)["notice"]
    else:
        raise AssertionError("the deal did not end")
    assert asked and answered and commanded and remarked, (asked, answered, commanded, remarked)
    for page in pages:
        page.wait_for_function("() => (window.atoutTable.state.obs.results || []).length >= 1")
        page.wait_for_selector(".sheet-results tbody tr")
        talk = page.locator(".talk-log li").all_inner_texts() if page.locator(".talk-log").count() else []
        assert talk == [] or all(":" in line and not notation_in(line) for line in talk), talk

"""Bésigue's copies are alike on the page too: no card, action or log line shows a copy number
(``#2``, ``JK3``), while the codes the page sends keep them."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.driver import create_table, needs_game, play_until, state, wait_drawn

COPY = re.compile(r"#[1-4]|\b(?:JK|JO)[1-4]\b")


def test_no_copy_number_on_the_page(open_page: Any) -> None:
    needs_game("besigue")
    page = open_page("/")
    create_table(page, "besigue", ["human", "random"], "Anne", options={"trump_mode": "turned_card"})
    coded: list[str] = []

    def choose(data: dict[str, Any]) -> str | None:
        coded.extend(a["code"] for a in data["legal"] if "#" in a["code"])
        return None

    play_until(page, lambda data: len(coded) >= 3 and bool(data["obs"]["trick"]), choose)
    wait_drawn(page)
    assert any("#" in c for c in coded)                       # the codes keep the copies
    shown = page.inner_text("body")
    labels = page.locator("[title], [aria-label]").evaluate_all(
        "els => els.map(e => (e.getAttribute('title') || '') + ' ' + (e.getAttribute('aria-label') || ''))")
    svg = page.locator(".card-svg text").evaluate_all("ts => ts.map(t => t.textContent)")
    for text in [shown, *labels, *svg]:
        assert not COPY.findall(text), (COPY.findall(text), text[:200])
    assert state(page)["obs"]["hand"]

"""The page at the end of a Piquet partie shows la marque: what the winner gains and, when the
loser stayed under 100, that he is rubiconed and by how much."""

from __future__ import annotations

from typing import Any

from tests.browser.driver import create_table, needs_game, play_until, state


def test_the_end_of_a_piquet_partie_shows_the_marque(open_page: Any) -> None:
    needs_game("piquet")
    page = open_page("/")
    create_table(page, "piquet", ["human", "random"], "Anne", options={"partie": "rubicon4"})
    play_until(page, lambda data: data.get("status") == "finished")
    page.wait_for_selector(".summary-partie .marque")
    outcome = state(page)["obs"]["outcome"]
    marque = outcome["marque"]
    assert f"gains {marque['gains']}" in page.inner_text(".summary-partie .marque")
    if "rubiconed_by" in marque:
        loser = 1 - outcome["winners"][0]
        rubicon = page.inner_text(".summary-partie .rubicon")
        assert f"is rubiconed: {outcome['scores'][loser]}, {marque['rubiconed_by']} short of 100" in rubicon
    else:
        assert page.locator(".summary-partie .rubicon").count() == 0

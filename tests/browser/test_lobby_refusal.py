"""The lobby shows a table refused for its options in the page's language: Bésigue for three
with the classic pack (a talon that does not deal evenly) is refused in French, then in English."""

from __future__ import annotations

from typing import Any

import pytest

from atout.errors import OptionError
from atout.games import find_game
from tests.browser.driver import WAIT_MS, needs_game

OPTIONS = {"players": "3", "pack": "classic"}


def refused_with(lang: str) -> str:
    with pytest.raises(OptionError) as caught:
        find_game("besigue")(OPTIONS)
    return caught.value.text(lang)


def test_a_refused_option_reads_in_the_pages_language(open_page: Any) -> None:
    needs_game("besigue")
    page = open_page("/", lang="fr")
    page.wait_for_selector("#create-game")
    page.select_option("#create-game", "besigue")
    page.click(".options-box summary")
    players = page.locator('.option[data-option="players"] input')
    players.fill(OPTIONS["players"])
    players.dispatch_event("change")
    page.wait_for_function("() => document.querySelectorAll('.seat-kind select').length === 3", timeout=WAIT_MS)
    page.locator('.option[data-option="pack"] select').select_option(OPTIONS["pack"])
    page.click(".create-button")
    page.wait_for_selector(".notice.error", timeout=WAIT_MS)
    french = page.inner_text(".notice.error")
    assert french == refused_with("fr") and "joueurs" in french and "talon" in french, french
    assert "/t/" not in page.url
    page.click(".lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.click(".create-button")
    page.wait_for_function("(text) => document.querySelector('.notice.error')?.textContent === text",
                           arg=refused_with("en"), timeout=WAIT_MS)


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_every_option_fits_the_page(open_page: Any, width: int, height: int) -> None:
    """Bésigue's options, long labels and long choices, open in the lobby: nothing runs off the
    right edge of the page (a select's longest choice once pushed the whole form out of sight)."""
    needs_game("besigue")
    page = open_page("/", width=width, height=height, lang="fr")
    page.wait_for_selector("#create-game")
    page.select_option("#create-game", "besigue")
    page.click(".options-box summary")
    page.wait_for_selector('.option[data-option="brisques"] select')
    overflow = page.evaluate("""() => {
        const limit = document.documentElement.clientWidth;
        const out = [...document.querySelectorAll('.create-form select, .create-form input, .option-name')]
            .filter(e => e.getBoundingClientRect().right > limit + 1).map(e => e.closest('[data-option]')?.dataset.option || e.id);
        return {scroll: document.documentElement.scrollWidth - limit, out};
    }""")
    assert overflow == {"scroll": 0, "out": []}, overflow

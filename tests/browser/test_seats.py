"""Seats go round the felt the way the game goes: the next seat on the viewer's right in the
French games (Sizette, Quadrette, Bésigue: play goes to the right), on the left in Whist; with a
mort, the mort's hand lies opposite the player who has it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import create_table, needs_game, play_until, state, wait_drawn

SEATS = {"whist": 4, "sizette": 6, "quadrette": 4, "besigue": 3}


def centres(page: Any) -> dict[int, tuple[float, float]]:
    """The centre of each seat's box on the felt, by seat number."""
    boxes = page.locator(".felt .seat").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [Number(b.dataset.seat), r.x + r.width / 2, r.y + r.height / 2]; })")
    return {seat: (x, y) for seat, x, y in boxes}


@pytest.mark.parametrize("game, right", [("whist", False), ("sizette", True), ("quadrette", True), ("besigue", True)])
def test_the_next_seat_sits_where_play_goes(open_page: Any, game: str, right: bool) -> None:
    needs_game(game)
    page = open_page("/")
    n = SEATS[game]
    options = {"players": str(n)} if game == "besigue" else None
    create_table(page, game, ["human"] + ["random"] * (n - 1), "Anne", options=options)
    wait_drawn(page)
    assert page.evaluate("() => window.atoutTable.state.table.direction") == ("counter-clockwise" if right else "clockwise")
    at = centres(page)
    me, after, before = at[0], at[1], at[n - 1]
    assert me[1] > after[1] and me[1] > before[1], "the viewer's seat is at the bottom"
    if right:
        assert after[0] > me[0] > before[0], f"{game}: the next seat (1) on the right, the one before ({n - 1}) on the left"
    else:
        assert after[0] < me[0] < before[0], f"{game}: the next seat (1) on the left, the one before ({n - 1}) on the right"


def test_the_mort_lies_opposite_its_player(open_page: Any) -> None:
    page = open_page("/")
    create_table(page, "mort", ["human", "random", "random"], "Anne", options={"rubbers": "1"})
    play_until(page, lambda data: data.get("obs") is not None and data["obs"].get("declarer", -1) >= 0
               and isinstance(data["obs"].get("places"), list) and bool(data["obs"].get("mort_hand")))
    wait_drawn(page)
    obs = state(page)["obs"]
    declarer, places = obs["declarer"], obs["places"]
    assert places.index(3) == (places.index(declarer) + 2) % 4, places   # the engine's seating: the mort opposite
    # the mort's hand lies face up at its place, as the page's latest drawn position holds it
    page.wait_for_function("""() => {
        const S = window.atoutTable.state, hand = S.obs && S.obs.mort_hand;
        const shown = [...document.querySelectorAll('.felt .seat[data-seat="3"] [data-card]')].map(c => c.dataset.card);
        return S.drawn === S.viewEvent && Array.isArray(hand) && hand.length > 0
            && JSON.stringify([...shown].sort()) === JSON.stringify([...hand].sort());
    }""")
    at = centres(page)
    felt = page.locator(".felt").first.bounding_box()
    middle = (felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2)
    mort, player = at[3], at[declarer]
    # opposite: the middle of the felt is (about) halfway between them, and they are far apart
    half = ((mort[0] + player[0]) / 2, (mort[1] + player[1]) / 2)
    assert abs(half[0] - middle[0]) < felt["width"] * 0.1 and abs(half[1] - middle[1]) < felt["height"] * 0.1, \
        (mort, player, middle)
    assert abs(mort[0] - player[0]) > felt["width"] / 2 or abs(mort[1] - player[1]) > felt["height"] / 2, (mort, player)

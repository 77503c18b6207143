"""The table's controls beyond playing a card: a refusal in the page's language, a stale choice
refreshed, the turn timer, a hint, the last trick, the record, the host's "replace with a bot",
a table found in the lobby, and an absent player's countdown, stand-in and return."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.driver import (
    CARD,
    act,
    create_table,
    hand_on_page,
    my_turn,
    play_until,
    played_since,
    sit,
    state,
    wait_drawn,
    wait_synced,
)

BOTS = ["human", "random", "random", "random"]


def card_to_play(data: dict[str, Any]) -> bool:
    return my_turn(data) and any(CARD.match(a["code"]) for a in data["legal"])


def test_refusal_stale_timer_hint_last_trick_record(open_page: Any) -> None:
    page = open_page("/", lang="fr")
    page.wait_for_selector("#create-timer")
    page.fill("#create-timer", "60")
    # a long partie: the positions awaited below (Anne to lead after a trick, Anne to follow) come in
    # the first hands, but a short one can end before Anne ever leads after a trick
    create_table(page, "whist", BOTS, "Anne", {"game_points": "10"})
    # the last trick, on demand, while the table lets one look at it again; a hint
    play_until(page, lambda d: my_turn(d) and d["obs"]["last_trick"] is not None)
    page.click("button.show-last-trick")
    page.wait_for_selector(".last-trick-box .card")
    assert page.locator(".last-trick-box .card").count() == 4
    page.click(".last-trick-box button.close-last")
    page.click("button.ask-hint")
    page.wait_for_selector(".hinted")
    # a card to follow: some cards in hand are not allowed
    play_until(page, lambda d: card_to_play(d) and bool(d["obs"]["trick"])
            and len([a for a in d["legal"] if CARD.match(a["code"])]) < len(d["obs"]["hand"]))
    page.wait_for_selector(".seat.me .mark.timer")
    assert "s restantes" in page.inner_text(".seat.me .mark.timer")
    data = state(page)
    legal = [a["code"] for a in data["legal"] if CARD.match(a["code"])]
    wrong = next(c for c in data["obs"]["hand"] if c not in legal)
    # the engine's reason, in the page's language
    page.evaluate("(c) => window.atoutTable.socket.act(c, window.atoutTable.state.viewEvent)", wrong)
    page.wait_for_selector('.notice[data-code="illegal"]')
    assert page.inner_text(".notice").startswith("Refusé : ")
    assert wrong in hand_on_page(page)
    # the record as this seat may know it
    with page.expect_download() as download:
        page.click("button.get-record")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert text.startswith('[Game "whist"]'), text[:80]
    # a stale choice: the table moved on since the player looked; refused, refreshed, chosen again
    page.evaluate("() => { window.atoutTable.state.viewEvent -= 1; }")
    before = state(page)["event"]
    page.locator(f'.hand button.card[data-card="{legal[0]}"]').click()
    page.wait_for_function("() => window.atoutTable.state.notice && window.atoutTable.state.viewEvent === "
                           "window.atoutTable.socket.lastEvent")
    assert state(page)["event"] == before, "a stale action changes nothing"
    assert legal[0] in hand_on_page(page)
    act(page, legal[0])
    assert played_since(page, before)[0] == [0, legal[0]]


def test_host_replaces_a_seat_with_a_bot(open_page: Any) -> None:
    page = open_page("/")
    create_table(page, "whist", ["human", "human", "random", "random"], "Anne")
    assert state(page)["status"] == "waiting"
    assert page.locator('.seat[data-seat="1"] button.sit').count() == 0, "the host is seated already"
    page.click('.seat[data-seat="1"] .host-menu summary')
    page.select_option('.seat[data-seat="1"] .host-menu select', "random")
    page.click('.seat[data-seat="1"] .host-menu button.replace-bot')
    page.wait_for_function("() => window.atoutTable.state.status === 'playing'")
    wait_drawn(page)
    page.wait_for_function(   # named as the log names it (on a loaded machine, drawn a moment after the status)
        """() => document.querySelector('.seat[data-seat="1"] .seat-name').innerText.startsWith('Bot 1')""")
    assert page.evaluate("() => window.atoutTable.state.seats[1].bot") == "random"


def test_absent_player_countdown_standin_and_return(open_page: Any) -> None:
    host = open_page("/")
    host.wait_for_selector("#create-grace")
    host.fill("#create-grace", "5")
    table = create_table(host, "whist", ["human", "human", "random", "random"], "Anne")
    guest = open_page("/")   # the lobby lists the table with a seat to take
    guest.click(f'.table-entry[data-table="{table}"] a.join')
    guest.wait_for_url(f"**/t/{table}")
    sit(guest, 1, "Bruno")
    host.wait_for_function("() => window.atoutTable.state.status === 'playing'")
    context = guest.context
    guest.close()
    host.wait_for_selector('.seat[data-seat="1"] .mark.away')
    assert "s" in host.inner_text('.seat[data-seat="1"] .mark.away')
    host.wait_for_selector('.seat[data-seat="1"] .mark.standin', timeout=20000)
    back = context.new_page()
    back.goto(f"/t/{table}")
    wait_synced(back)
    assert state(back)["seat"] == 1, "the stored token brings him back to his seat"
    host.wait_for_function("() => !document.querySelector('.seat[data-seat=\"1\"] .mark.standin')")
    back.close()


def test_visitor_sits_then_leaves_before_the_start(open_page: Any) -> None:
    host = open_page("/")
    table = create_table(host, "whist", ["human", "human", "human", "random"], "Anne")
    guest = open_page(f"/t/{table}")
    wait_synced(guest)
    assert guest.locator(".seat button.sit").count() == 2, "a visitor sees the open seats"
    sit(guest, 1, "Bruno")
    host.wait_for_function("() => window.atoutTable.state.seats[1].name === 'Bruno'")
    guest.click("button.leave")
    assert "open" in guest.inner_text(".confirm-box .confirm-cost"), "leaving says what it costs"
    guest.click(".confirm-box button.confirm-yes")
    host.wait_for_function("() => window.atoutTable.state.seats[1].kind === 'open'")
    guest.wait_for_function("() => window.atoutTable.state.you.seat === null")
    guest.wait_for_selector('.seat[data-seat="1"] button.sit')


def test_spectators_watch_only_where_the_table_admits_them(open_page: Any) -> None:
    host = open_page("/")
    table = create_table(host, "whist", BOTS, "Anne")
    watcher = open_page(f"/t/{table}")
    wait_synced(watcher)
    watcher.wait_for_selector(".status-line .watching")
    assert watcher.locator(".felt .seat").count() == 4
    assert watcher.locator(".hand .card").count() == 0, "a spectator sees no hand"
    assert state(watcher)["legal"] == []
    closed = open_page("/")
    closed.wait_for_selector("#create-spectators")
    closed.uncheck("#create-spectators")
    private = create_table(closed, "whist", BOTS, "Bruno")
    visitor = open_page(f"/t/{private}")
    wait_synced(visitor)
    visitor.wait_for_selector(".notice")
    assert state(visitor)["obs"] is None
    assert visitor.locator(".felt .trick-card, .hand .card").count() == 0

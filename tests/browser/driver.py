"""How the browser tests drive the page: like a person, by clicking what the page shows.

A test reads the page's own picture of the table (``window.atoutTable.state``: what the server
sent it) to decide what to do, then does it through the page's controls: a card in the hand, the
buttons of the choices (``data-path`` steps down ``ask`` → ``ask 2`` → … and ``data-code`` is the
action), a drop-down list where there are many choices.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from atout.games import game_names
from tests.server.harness import skip_unported

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")
CARD = re.compile(r"^(10|[2-9JQKA])[SHDC](#[1-4])?$|^JK[1-4]$")
MAX_STEPS = 600         # actions a test may take before it gives up
WAIT_MS = 60000         # how long a page may wait for the table (the machine may be busy)

Page = Any


def needs_game(name: str) -> None:
    """Skip when ``name`` is not registered yet (a game still being written) or not yet ported to
    the engine's two-part observation, saying so."""
    if name not in game_names():
        pytest.skip(f"{name} is not registered yet (atout.games.REGISTERED): its browser test waits for it")
    skip_unported(name)


def state(page: Page) -> dict[str, Any]:
    """What the page knows: event, seat, status, what it draws (``obs``: the position with the
    hand's log entries and the score sheet, read from the log) and legal actions, the partie's log
    entries it holds (``entries``); ``settled`` when its view is the table after its latest event
    (not in the middle of a burst) and is drawn."""
    data: dict[str, Any] = page.evaluate("""() => {
        const S = window.atoutTable && window.atoutTable.state;
        if (!S) return {};
        const view = S.view;
        const event = window.atoutTable.socket.lastEvent;
        return {event, settled: S.viewEvent === event && S.drawn === event, seat: S.you.seat, status: S.status, conn: S.conn,
                obs: S.obs, legal: view ? view.legal : [], entries: S.entries, partie: S.entriesPartie,
                notice: S.notice ? S.notice.text : null};
    }""")
    return data


def wait_for_table(page: Page, event: int | None) -> None:
    """Wait until the table moves on from ``event``, the person is to move, or the partie is over."""
    page.wait_for_function("""(e) => {
        const S = window.atoutTable.state, last = window.atoutTable.socket.lastEvent;
        const obs = S.obs;
        return last !== e || (S.viewEvent === last && S.drawn === last && obs && (obs.to_move === S.you.seat || obs.outcome));
    }""", arg=event, timeout=WAIT_MS)


class PartieOver(AssertionError):
    """The partie ended before the position :func:`play_until` waited for."""


def play_until(page: Page, done: Any, choose: Any = None) -> set[str]:
    """Play the person's turns (``choose(state)`` or a plain move) until ``done(state)``; the
    phases the page went through."""
    phases: set[str] = set()
    for _ in range(MAX_STEPS):
        data = state(page)
        while not done(data) and not my_turn(data):
            if data.get("obs") and data["obs"].get("outcome") is not None:
                raise PartieOver(f"the partie ended before the awaited position; phases {sorted(phases)}")
            wait_for_table(page, data["event"])
            data = state(page)
        if data.get("obs"):
            phases.add(data["obs"]["phase"])
        if done(data):
            return phases
        code = (choose(data) if choose else None) or first_move(data["legal"])
        act(page, code)
        assert state(page)["notice"] is None, state(page)["notice"]
    raise AssertionError(f"not done after {MAX_STEPS} actions; phases {sorted(phases)}")


def legal_codes(page: Page) -> list[str]:
    return [a["code"] for a in state(page).get("legal", [])]


def my_turn(data: dict[str, Any]) -> bool:
    """Whether the person is to move in ``data`` (one reading of :func:`state`)."""
    obs = data.get("obs")
    return bool(data.get("settled")) and obs is not None and obs["to_move"] == data["seat"] and bool(data["legal"])


def create_table(page: Page, game: str, seats: list[str], name: str, options: dict[str, str] | None = None,
                 sit: int | None = 0) -> str:
    """Fill the lobby's form and create the table; returns the table id (the page is at the table)."""
    page.wait_for_selector("#create-game")
    page.select_option("#create-game", game)
    if options:
        page.click(".options-box summary")
        for option, value in options.items():
            field = page.locator(f'.option[data-option="{option}"] input, .option[data-option="{option}"] select').first
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
                field.dispatch_event("change")
    # the seats follow the options once the server's setup route has answered
    page.wait_for_function("(n) => document.querySelectorAll('.seat-kind select').length === n", arg=len(seats),
                           timeout=WAIT_MS)
    for number, kind in enumerate(seats):
        page.select_option(f"#create-seat-{number}", kind)
    page.select_option("#create-sit", "watch" if sit is None else str(sit))
    page.fill("#create-name", name)
    page.click(".create-button")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9]+$"))
    wait_synced(page)
    table_id: str = page.url.rsplit("/", 1)[1]
    return table_id


def wait_synced(page: Page) -> None:
    """Wait until the page has its table (a ``sync``), is connected, and has drawn it."""
    page.wait_for_function("""() => {
        const S = window.atoutTable && window.atoutTable.state;
        return S && S.sync && S.conn === 'open' && S.drawn === S.viewEvent;
    }""")


def wait_drawn(page: Page) -> None:
    """Wait until the page has drawn its latest view (it draws once a frame)."""
    page.wait_for_function("() => window.atoutTable.state.drawn === window.atoutTable.state.viewEvent")


def sit(page: Page, seat: int, name: str) -> None:
    """A visitor at the invite link gives a name and sits at ``seat``."""
    wait_synced(page)
    page.fill(".name-input", name)
    page.click(f'.seat[data-seat="{seat}"] button.sit')
    page.wait_for_function(f"() => window.atoutTable.state.you.seat === {seat}")


def click_action(page: Page, code: str) -> None:
    """Do ``code`` through the page: click the card, or step down the choices to it."""
    if CARD.match(code):
        page.locator(f'button.card[data-card="{code}"]').first.click()
        return
    card_step = [w for w in code.split() if CARD.match(w)]
    if len(code.split()) == 2 and len(card_step) == 1 and page.locator(f'button.card[data-card="{card_step[0]}"]').count():
        page.locator(f'button.card[data-card="{card_step[0]}"]').first.click()
        menu = page.locator(f'.pick-menu button[data-code="{code}"]')
        if menu.count():
            menu.first.click()
        return
    words = code.split()
    for depth in range(1, len(words) + 1):
        step = page.locator(f'.actions button.group[data-path="{" ".join(words[:depth])}"]')
        if step.count():
            step.first.click()
    leaf = page.locator(f'.actions button[data-code="{code}"]')
    if leaf.count():
        leaf.first.click()
        return
    select = page.locator(f'.actions select.action-select:has(option[value="{code}"])')
    assert select.count(), f"the page offers no control for {code!r}"
    select.first.select_option(code)
    select.first.locator("xpath=following-sibling::button").click()


def act(page: Page, code: str) -> None:
    """Do ``code`` and wait until the table has answered (a new event, or a refusal)."""
    before = state(page)["event"]
    click_action(page, code)
    page.wait_for_function("""(before) => {
        const S = window.atoutTable.state, last = window.atoutTable.socket.lastEvent;
        return (last > before && S.viewEvent === last && S.drawn === last) || S.notice;
    }""", arg=before, timeout=WAIT_MS)


def first_move(legal: list[dict[str, Any]]) -> str:
    """A plain choice to keep the game going: a card if one is legal, else the first move, else
    the first claim (an answer); never a table action (abandon)."""
    for kind in ("move", "claim", "talk"):
        for action in legal:
            if action["kind"] == kind and CARD.match(action["code"]):
                return str(action["code"])
        for action in legal:
            if action["kind"] == kind and not action["template"]:
                return str(action["code"])
    raise AssertionError(f"nothing to play in {legal}")


def hand_on_page(page: Page) -> list[str]:
    """The cards the page shows in the hand, in order."""
    return [str(c) for c in page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")]


def played_since(page: Page, event: int) -> list[list[Any]]:
    """The actions (``[seat, code]``) the page heard of after ``event``, in order."""
    done: list[list[Any]] = page.evaluate(
        "(b) => window.atoutTable.state.log.filter(e => e.event > b && e.what === 'action')"
        ".map(e => [e.seat, e.action.code])", event)
    return done


def results_count(page: Page) -> int:
    obs = state(page).get("obs") or {}
    return len(obs.get("results") or [])

"""The page itself: a reload in the middle of a trick, a lost connection and the events missed
meanwhile, French and English, a phone-sized screen, the end of a partie (summary, replay
viewer, rematch)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import (
    CARD,
    MAX_STEPS,
    act,
    create_table,
    first_move,
    hand_on_page,
    my_turn,
    needs_game,
    play_until,
    played_since,
    sit,
    state,
    wait_drawn,
    wait_for_table,
    wait_synced,
)

BOTS = ["human", "random", "random", "random"]


def mid_trick(data: dict[str, Any]) -> bool:
    """The person is to play a card to a trick already begun."""
    obs = data.get("obs")
    cards = [a for a in data.get("legal", []) if CARD.match(a["code"])]
    return obs is not None and bool(obs["trick"]) and my_turn(data) and bool(cards)


def test_reload_in_the_middle_of_a_trick(open_page: Any) -> None:
    page = open_page("/")
    create_table(page, "whist", BOTS, "Anne")
    play_until(page, mid_trick)
    hand = hand_on_page(page)
    trick = page.locator(".trick .trick-card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    legal = page.locator(".hand button.card.legal").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert hand and trick and legal, (hand, trick, legal, state(page)["legal"])
    page.reload()
    wait_synced(page)
    page.wait_for_selector(".hand .card")
    assert hand_on_page(page) == hand
    assert page.locator(".trick .trick-card").evaluate_all("cs => cs.map(c => c.dataset.card)") == trick
    assert page.locator(".hand button.card.legal").evaluate_all("cs => cs.map(c => c.dataset.card)") == legal
    assert page.locator(".event-log li").count() > 0, "the history comes back with the resync"
    # the network fails: the page says so, reconnects with the last event and the log entries it
    # holds, gets none of them again, and goes on
    before = state(page)
    page.evaluate("() => { window.atoutTable.seen = []; const s = window.atoutTable.socket;"
                  " const open = s.open.bind(s); s.open = (e, f) => { open(e, f);"
                  " s.ws.addEventListener('message', (m) => window.atoutTable.seen.push(JSON.parse(m.data))); }; }")
    page.evaluate("() => window.atoutTable.socket.drop()")
    page.wait_for_selector(".conn.lost")
    page.wait_for_function("() => window.atoutTable.state.conn === 'open'")
    after = state(page)
    assert after["event"] == before["event"] and after["entries"] == before["entries"]
    sync = page.evaluate("() => window.atoutTable.seen.filter(m => m.type === 'sync')[0]")
    assert sync["view"]["log_from"] == len(before["entries"]) and sync["view"]["log"] == []
    assert hand_on_page(page) == hand
    before = before["event"]
    act(page, legal[0])
    assert played_since(page, before)[0] == [0, legal[0]]


def test_french_and_english(open_page: Any) -> None:
    page = open_page("/")
    assert page.evaluate("async () => (await import('/static/i18n.js')).missing()") == []
    page.wait_for_selector(".create-form h2")
    page.click(".lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.querySelector('.create-form h2').textContent === 'Create a table'")
    page.click(".lang-switch button[data-lang=fr]")
    page.wait_for_function("() => document.querySelector('.create-form h2').textContent === 'Créer une table'")
    page.reload()
    page.wait_for_selector(".create-form h2")
    assert page.inner_text(".create-form h2") == "Créer une table", "the language is remembered"
    assert page.evaluate("document.documentElement.lang") == "fr"
    create_table(page, "whist", BOTS, "Anne")
    play_until(page, my_turn)   # Anne's first choice: a cut (a list) or a card (from her hand)
    assert page.inner_text(".event-log h2") == "Ce qui s'est passé"
    legal = state(page)["legal"]
    assert legal and all(a["text"] != a["code"] for a in legal), legal   # coupe 12; RC, 10P…
    if page.locator(".actions .action-kind h3").count():
        assert page.locator(".actions .action-kind h3").first.inner_text() in ("Jouer", "Parler", "La table")
    else:
        assert page.inner_text(".hand-area h2") == "Votre main"
    page.click(".lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.querySelector('.event-log h2').textContent === 'What happened'")
    page.wait_for_function("() => window.atoutTable.state.conn === 'open'")
    page.wait_for_function("() => window.atoutTable.state.view.legal.some(a => /^(captain|cut|[0-9JQKA])/.test(a.text))")
    english = [a["text"] for a in state(page)["legal"] if a["kind"] == "move"]
    assert english and not any(t.startswith(("capitaine", "coupe")) for t in english), english


def expected_bubbles(obs: dict[str, Any]) -> dict[int, str]:
    """The bubbles the page should draw, read from its log of the hand in progress as the page
    reads it: each seat's last words since its last card (a chance step clears them)."""
    out: dict[int, str] = {}
    for entry in obs["log"]:
        if entry["kind"] == "event":
            continue
        if entry["seat"] < 0:
            if entry["kind"] == "chance":
                out.clear()
            continue
        if "card" in entry or CARD.match(entry["text"]):
            out.pop(entry["seat"], None)
        else:
            out[entry["seat"]] = entry["words"]
    return out


def test_log_and_bubbles_in_french_at_whist(open_page: Any) -> None:
    """The log (the hand in progress, the tricks won included) and the speech bubbles are in the
    page's language, from the words of the log entries the page holds."""
    page = open_page("/", lang="fr")
    create_table(page, "whist", BOTS, "Anne")
    play_until(page, lambda d: bool(d.get("obs")) and any(e["type"] == "trick" for e in d["obs"]["log"])
               and any(e["type"] == "cut" for e in d["obs"]["log"]))
    wait_drawn(page)
    data = state(page)
    log = page.locator(".event-log li").all_inner_texts()
    hand = data["obs"]["log"]
    assert len(log) == min(40, len(hand))
    assert log == [e["words"] for e in hand][-40:]   # each entry's words: a whole sentence naming who acted
    assert any("remporte la levée" in line for line in log) and any("coupe" in line for line in log), log
    assert data["entries"][:len(data["entries"]) - len(hand)] == [e for e in data["entries"] if e["i"] < hand[0]["i"]]
    for seat, words in expected_bubbles(data["obs"]).items():
        assert page.locator(f'.seat[data-seat="{seat}"] .bubble').inner_text() == words
    assert page.locator(".bubble").count() == len(expected_bubbles(data["obs"]))
    page.click(".lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.querySelector('.event-log h2').textContent === 'What happened'")
    page.wait_for_function("() => [...document.querySelectorAll('.event-log li')].some(li => li.textContent.includes('wins trick'))")
    assert not any("remporte" in line for line in page.locator(".event-log li").all_inner_texts())


def test_log_and_bubbles_in_french(open_page: Any) -> None:
    """The log and the speech bubbles are in the page's language (the entries' ``words``), the
    opponent's hidden discards too."""
    needs_game("piquet")
    page = open_page("/")
    page.wait_for_selector(".create-form h2")
    page.click(".lang-switch button[data-lang=fr]")
    page.wait_for_function("() => document.querySelector('.create-form h2').textContent === 'Créer une table'")
    create_table(page, "piquet", ["human", "random"], "Anne")
    # both exchanges done (Anne discards when she may: elder or younger, the deal's cut says)
    play_until(page, lambda d: bool(d.get("obs")) and any(e["type"] == "hidden" for e in d["obs"]["log"])
               and {(e["type"], e["seat"]) for e in d["obs"]["log"]} >= {("discard", 0), ("take", 0), ("take", 1)},
               choose=lambda d: next((a["code"] for a in d["legal"] if a["code"].startswith("discard")), None))
    page.wait_for_function("() => document.querySelectorAll('.event-log li').length > 0")
    log = " | ".join(page.locator(".event-log li").all_inner_texts())
    assert "Robot 1 écarte une carte." in log and "Anne écarte l" in log and " prend " in log, log
    assert "hidden" not in log and "discard" not in log and "take" not in log, log
    # the opponent's last words since the deal: its bubble, in French, once the robot waits for
    # Anne (it may have declared, or led a card when neither had anything to declare: a card ends
    # a seat's bubble)
    data = state(page)
    while not my_turn(data) and not data["obs"].get("outcome"):
        wait_for_table(page, data["event"])
        data = state(page)
    obs = page.evaluate("() => window.atoutTable.state.obs")
    last, said = [(i, e) for i, e in enumerate(obs["log"]) if e["seat"] == 1 and e["kind"] != "event"][-1]
    bubble = page.locator('.seat[data-seat="1"] .bubble')
    if "card" in said:
        assert bubble.count() == 0
    else:
        french = said["words"]
        assert bubble.inner_text() == french
    page.click(".lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.querySelector('.event-log h2').textContent === 'What happened'")
    page.wait_for_function("() => [...document.querySelectorAll('.event-log li')].some(li => li.textContent.includes('Bot 1 discards a card'))")
    if "card" not in said:
        english = page.evaluate("() => window.atoutTable.state.obs")["log"][last]["words"]
        assert english != french and bubble.inner_text() == english
    assert "écarte" not in " ".join(page.locator(".event-log li").all_inner_texts())


@pytest.mark.parametrize("game, seats", [("sizette", 6), ("mort", 3)])
def test_phone_viewport(open_page: Any, game: str, seats: int) -> None:
    needs_game(game)
    page = open_page("/", width=390, height=844)
    page.wait_for_selector("#create-game")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    create_table(page, game, ["human"] + ["random"] * (seats - 1), "Anne")
    play_until(page, mid_trick)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing sticks out sideways"
    for seat in range(page.locator(".felt .seat").count()):
        box = page.locator(f'.seat[data-seat="{seat}"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (seat, box)
    cards = page.locator(".hand .card")
    assert cards.count() > 0
    for number in range(cards.count()):
        box = cards.nth(number).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    legal = page.locator(".hand button.card.legal").first
    code = legal.get_attribute("data-card")
    before = state(page)["event"]
    legal.click()
    page.wait_for_function("(b) => window.atoutTable.socket.lastEvent > b", arg=before)
    assert played_since(page, before)[0] == [0, code]


def test_end_of_partie_replay_and_rematch(open_page: Any) -> None:
    page = open_page("/")
    table = create_table(page, "whist", BOTS, "Anne", options={"game_points": "5"})
    play_until(page, lambda data: data.get("status") == "finished")
    page.wait_for_selector(".summary-partie")
    assert page.locator(".summary-partie .winners").count() == 1
    viewer = open_page(f"/t/{table}#replay=1")
    viewer.wait_for_selector(".replay-controls")
    total = viewer.evaluate("() => document.querySelectorAll('.replay-felt .seat').length")
    assert total == 4
    # the seats named as the table and the log's words name them: a person by name and seat, a bot « Bot 2 »
    labels = [viewer.inner_text(f'.replay-felt .seat[data-seat="{n}"] .seat-name').split() for n in range(4)]
    assert labels[0] == ["Anne", "(seat", "0)"] and labels[1:] == [["Bot", str(n)] for n in (1, 2, 3)]
    first = viewer.inner_text(".step-count")
    viewer.click(".replay-controls button.next")
    assert viewer.inner_text(".step-count") != first
    viewer.click(".replay-controls button.last")
    results = len([e for e in state(page)["entries"] if e["type"] == "scored"])
    assert results >= 1 and viewer.locator(".sheet-results tbody tr").count() == results
    assert viewer.locator(".replay-felt .seat .card").count() == 0   # the last step: every hand played out
    # the double-dummy analysis, asked for: each seat's totals, the card of a step judged
    viewer.click(".analysis-box button.analyse")
    viewer.wait_for_selector(".analysis-table tr", timeout=60_000)
    assert viewer.locator(".analysis-table tr").count() == 4
    assert viewer.locator(".analysis-places tr").count() == 4   # the lead, the second, third and fourth card
    assert viewer.locator(".analysis-places tr th").first.inner_text() == "the lead"
    viewer.click(".replay-controls button.first")
    costly = viewer.locator(".analysis-box button.next-error")
    if costly.count():
        costly.click()
        assert viewer.locator(".analysis-box .verdict.costly").count() == 1
    page.click(".summary-partie button.rematch")
    page.wait_for_function("() => window.atoutTable.state.partie === 2 && window.atoutTable.state.status === 'playing'")


def test_missed_events_come_back_on_reconnection(open_page: Any) -> None:
    host = open_page("/")
    table = create_table(host, "whist", ["human", "human", "random", "random"], "Anne")
    guest = open_page(f"/t/{table}")
    sit(guest, 1, "Bruno")
    for _ in range(MAX_STEPS):   # both play until it is the host's turn
        if my_turn(state(host)):
            break
        if my_turn(state(guest)):
            act(guest, first_move(state(guest)["legal"]))
        else:
            host.wait_for_timeout(30)
    # the guest's network fails and stays down while the host plays
    guest.evaluate("""() => {
        const socket = window.atoutTable.socket;
        socket.retry = function () { this.status({ state: "lost", retryIn: 1 }); };
        socket.drop();
    }""")
    guest.wait_for_selector(".conn.lost")
    seen = state(guest)["event"]
    act(host, first_move(state(host)["legal"]))
    moved_to = state(host)["event"]
    assert moved_to > seen
    # back: hello with the last event seen brings the missed ones, in order, then a sync
    guest.evaluate("() => { const s = window.atoutTable.socket; s.open(s.lastEvent, false); }")
    guest.wait_for_function("(e) => window.atoutTable.state.conn === 'open' && window.atoutTable.socket.lastEvent >= e",
                            arg=moved_to)
    numbers = guest.evaluate("() => window.atoutTable.state.log.map(e => e.event)")
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers)), numbers
    assert [n for n in numbers if n > seen] == list(range(seen + 1, numbers[-1] + 1))
    assert guest.evaluate("(s) => window.atoutTable.state.log.filter(e => e.event > s).every(e => e.replay)", seen)


def test_a_rematch_says_who_asked_for_it(open_page: Any) -> None:
    host = open_page("/")
    table = create_table(host, "quadrette", ["human", "human", "random", "random"], "Anne", options={"target_points": "1"})
    guest = open_page(f"/t/{table}")
    sit(guest, 1, "Bruno")
    for _ in range(MAX_STEPS):   # both play the rubber out
        if state(host).get("status") == "finished" and state(guest).get("status") == "finished":
            break
        for page in (host, guest):
            data = state(page)
            if data.get("status") != "finished" and my_turn(data):
                act(page, first_move(data["legal"]))
                break
        else:
            host.wait_for_timeout(30)
    guest.wait_for_selector(".summary-partie button.rematch")
    guest.click(".summary-partie button.rematch")
    host.wait_for_selector(".rematch-asked")
    assert "Bruno" in host.inner_text(".rematch-asked") and "object" not in host.inner_text(".rematch-asked")
    guest.wait_for_function("() => document.querySelector('.summary-partie button.rematch').disabled")
    assert not host.locator(".summary-partie button.rematch").is_disabled()
    host.click(".summary-partie button.rematch")   # both asked: the next partie starts
    host.wait_for_function("() => window.atoutTable.state.partie === 2 && window.atoutTable.state.status === 'playing'")

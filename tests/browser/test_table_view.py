"""The table as card players expect it (issue 16): a click is not lost while the table is busy, the
log follows play and keeps its scroll, a won trick stays with its winner and each card's player,
what ends a partie asks first and says what it costs, the top seat's bubble and the score panels
keep to their place, six seats on a phone keep their speech, the trick's cards and their boxes apart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import (
    CARD,
    MAX_STEPS,
    act,
    create_table,
    first_move,
    my_turn,
    needs_game,
    play_until,
    played_since,
    state,
    wait_for_table,
)

BOTS = ["human", "random", "random", "random"]

# The table keeps telling the page things (as the seats' presence and the bots' moves do on a
# busy table): each message makes the page draw itself again.
CHATTER = """() => {
    const socket = window.atoutTable.socket;
    window.chatter = setInterval(() => {
        const seats = window.atoutTable.state.seats;
        socket.ws.dispatchEvent(new MessageEvent('message', {data: JSON.stringify({type: 'presence', seats})}));
    }, 4);
}"""


# The side panel's boxes wider than their column (each must fit: a wide table scrolls inside its box).
WIDE_PANELS = """() => [...document.querySelectorAll('.side-panel section')]
    .filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.className)"""


# The sheets wider than their box, and whether each shows a shadow where it scrolls (a gradient
# that stays on the box's edge, under covers that move with the table).
WIDE_SHEETS = """() => [...document.querySelectorAll('.sheet-scroll')]
    .filter(s => s.scrollWidth > s.clientWidth + 1).map(s => {
        const style = getComputedStyle(s);
        return [s.parentElement.className, style.overflowX, style.backgroundImage.includes('radial-gradient')
                && style.backgroundAttachment.includes('local') && style.backgroundAttachment.includes('scroll')];
    })"""


def card_to_play(data: dict[str, Any]) -> bool:
    return my_turn(data) and any(CARD.match(a["code"]) for a in data["legal"])


def test_a_click_while_the_table_redraws_is_not_lost(open_page: Any) -> None:
    page = open_page("/")
    create_table(page, "whist", BOTS, "Anne")
    play_until(page, card_to_play)
    card = page.locator(".hand button.card.legal").first
    code = card.get_attribute("data-card")
    box = card.bounding_box()
    assert box is not None and code
    before = state(page)["event"]
    page.evaluate(CHATTER)
    # a person's click: the finger goes down on the card, comes up a moment later (the page
    # drew itself many times meanwhile)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(120)
    page.mouse.up()
    page.wait_for_function("(b) => window.atoutTable.socket.lastEvent > b", arg=before, timeout=10000)
    page.evaluate("() => clearInterval(window.chatter)")
    assert played_since(page, before)[0] == [0, code]


def log_at_end(page: Any) -> bool:
    return bool(page.evaluate("""() => {
        const list = document.querySelector('.event-log ol');
        return list.scrollHeight > list.clientHeight && list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    }"""))


def test_the_log_follows_play_and_keeps_its_scroll(open_page: Any) -> None:
    page = open_page("/")
    create_table(page, "whist", BOTS, "Anne")

    def long_log(data: dict[str, Any]) -> bool:
        obs = data.get("obs")
        return card_to_play(data) and obs is not None and len(obs["log"]) >= 24

    play_until(page, long_log)
    page.wait_for_function("() => window.atoutTable.state.drawn === window.atoutTable.state.viewEvent")
    assert log_at_end(page), "the newest lines are in view"
    newest = page.locator(".event-log li").last.inner_text()
    assert newest.endswith(state(page)["obs"]["log"][-1]["words"]), newest
    # the player scrolls up to read: the list stays where he put it while play goes on
    page.evaluate("() => { const l = document.querySelector('.event-log ol'); l.scrollTop = 40; l._mine = 'yes'; }")
    lines = page.locator(".event-log li").count()
    act(page, first_move(state(page)["legal"]))
    page.wait_for_function("(n) => document.querySelectorAll('.event-log li').length > n", arg=lines)
    assert page.evaluate("() => document.querySelector('.event-log ol')._mine") == "yes", "the same list"
    assert page.evaluate("() => document.querySelector('.event-log ol').scrollTop") == 40
    # back at the end, it follows play again
    page.evaluate("() => { const l = document.querySelector('.event-log ol'); l.scrollTop = l.scrollHeight; }")
    lines = page.locator(".event-log li").count()
    act(page, first_move(state(page)["legal"]))
    page.wait_for_function("(n) => document.querySelectorAll('.event-log li').length > n", arg=lines)
    page.wait_for_function("() => window.atoutTable.state.drawn === window.atoutTable.state.viewEvent")
    assert log_at_end(page)


def test_a_won_trick_stays_with_its_winner(open_page: Any) -> None:
    page = open_page("/", trick_pause=3000)
    create_table(page, "whist", BOTS, "Anne")
    assert page.locator(".trick-pause-choice").input_value() == "3000"
    names = {seat: page.locator(f'.seat[data-seat="{seat}"] .seat-name').inner_text().replace(" (vous)", "")
             .replace(" (you)", "") for seat in range(4)}

    def last_card(data: dict[str, Any]) -> bool:
        obs = data.get("obs")
        return card_to_play(data) and obs is not None and len(obs["trick"]) == 3

    play_until(page, last_card)
    trick = state(page)["obs"]["trick"]
    code = page.locator(".hand button.card.legal").first.get_attribute("data-card")
    act(page, str(code))
    # the fourth card is on the felt with the three others, each by its player's name
    page.wait_for_selector(".trick.finished")
    cards = page.locator(".trick.finished .trick-card").evaluate_all(
        "cs => cs.map(c => [Number(c.dataset.seat), c.dataset.card, c.querySelector('.who').textContent])")
    assert [c[1] for c in cards] == [e["card"] for e in trick] + [code], cards
    assert all(names[seat].startswith(who.removeprefix("★ ")) for seat, _, who in cards), (cards, names)
    winner = page.evaluate("() => window.atoutTable.state.entries.filter(e => e.type === 'trick').pop().seat")
    assert page.locator(".trick.finished .trick-card.winner").count() == 1
    assert int(page.locator(".trick.finished .trick-card.winner").get_attribute("data-seat") or -1) == winner
    assert names[winner] in page.inner_text(".trick-winner")
    # a moment later the table goes on: the trick in progress
    page.wait_for_selector(".trick.finished", state="detached", timeout=8000)
    assert page.locator(".trick .trick-card").count() == len(state(page)["obs"]["trick"])
    # the setting is the browser's: off, the finished trick does not stay
    page.select_option(".trick-pause-choice", "0")
    assert page.evaluate("() => localStorage.getItem('atout.trickPause')") == "0"


def test_abandon_is_apart_and_asks_first(open_page: Any) -> None:
    needs_game("sizette")
    page = open_page("/", lang="fr")
    create_table(page, "sizette", ["human"] + ["random"] * 5, "Anne")
    page.wait_for_function("() => (window.atoutTable.state.view || {legal: []}).legal.some(a => a.ends)")
    page.wait_for_function("() => window.atoutTable.state.drawn === window.atoutTable.state.viewEvent")
    ends = [a for a in state(page)["legal"] if a.get("ends")]
    assert len(ends) == 1 and ends[0]["kind"] == "table", ends
    code = ends[0]["code"]
    # kept apart from the play: not among the choices, in the partie's own box below
    assert page.locator(f'.play-area > .actions button[data-code="{code}"]').count() == 0
    button = page.locator(f'.partie-actions button[data-code="{code}"]')
    assert button.count() == 1
    before = state(page)["event"]
    button.click()
    page.wait_for_selector(".confirm-box")
    assert "perd" in page.inner_text(".confirm-box .confirm-cost"), "it says what it costs"
    page.click(".confirm-box button.confirm-no")
    page.wait_for_selector(".confirm-box", state="detached")
    page.wait_for_timeout(300)
    assert state(page)["status"] == "playing" and all(c != code for _, c in played_since(page, before))
    page.locator(f'.partie-actions button[data-code="{code}"]').click()
    page.click(".confirm-box button.confirm-yes")
    page.wait_for_function("() => window.atoutTable.state.status === 'finished'")
    page.wait_for_selector(".summary-partie")


def test_the_top_bubble_and_the_scores_keep_to_their_place(open_page: Any) -> None:
    needs_game("piquet")
    page = open_page("/", width=390, height=844)
    create_table(page, "piquet", ["human", "random"], "Anne")
    for _ in range(MAX_STEPS):
        if page.locator('.seat[data-seat="1"] .bubble').count():
            break
        data = state(page)
        if my_turn(data):
            choice = next((a["code"] for a in data["legal"] if a["code"].startswith("discard")), None)
            act(page, choice or first_move(data["legal"]))
        else:
            wait_for_table(page, data["event"])
    bubble = page.locator('.seat[data-seat="1"] .bubble').bounding_box()
    line = page.locator(".status-line").bounding_box()
    assert bubble is not None and line is not None
    felt = page.locator(".felt").bounding_box()
    assert felt is not None
    assert bubble["y"] >= line["y"] + line["height"], ("the bubble covers the status line", bubble, line)
    assert bubble["y"] >= felt["y"], ("the top seat speaks on the felt, below the status line and the trump", bubble, felt)
    assert bubble["x"] >= 0 and bubble["x"] + bubble["width"] <= 390, bubble
    for other in page.locator(".seat .bubble").all():   # no bubble sticks out of the screen
        box = other.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate(WIDE_PANELS) == []


def test_a_won_trick_at_whist_with_the_mort_shows_each_hand_at_its_place(open_page: Any) -> None:
    """The declarer plays the mort's cards (the log names his seat): the trick still lies by the
    four places, the mort's card at the mort's."""
    page = open_page("/", trick_pause=3000)
    create_table(page, "mort", ["human", "random", "random"], "Anne", options={"rubbers": "1"})
    play_until(page, lambda data: page.locator(".trick.finished").count() > 0)
    seats = page.locator(".trick.finished .trick-card").evaluate_all("cs => cs.map(c => Number(c.dataset.seat))")
    assert sorted(seats) == [0, 1, 2, 3], seats


# Every word of the side panel's tables on one line: a word the table broke across two lines
# (« car-tes éca-rtées ») has two boxes.
BROKEN_WORDS = """() => {
    const broken = [];
    for (const cell of document.querySelectorAll('.side-panel table th, .side-panel table td')) {
        for (const node of cell.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            const text = node.textContent;
            for (const match of text.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                if (range.getClientRects().length > 1) broken.push(match[0]);
            }
        }
    }
    return broken;
}"""


def test_the_scores_have_a_column_per_side_and_read_whole(open_page: Any) -> None:
    needs_game("piquet")
    for width, height in ((1280, 900), (390, 844)):
        page = open_page("/", width=width, height=height, lang="fr")
        create_table(page, "piquet", ["human", "random"], "Anne")
        page.wait_for_selector(".sheet-categories .row-head")
        sides = page.locator(".scores .score-table tr").first.locator("th.side-names").all_inner_texts()
        assert len(sides) == 2 and sides[0].startswith("Anne"), sides
        assert page.locator(".sheet-categories .row-head").all_inner_texts() == sides
        counts = page.locator(".scores .score-table th.count-name").all_inner_texts()
        assert "cartes écartées" in counts and "marque" in [c.lower() for c in counts], counts
        assert page.evaluate(BROKEN_WORDS) == [], width
        assert page.evaluate(WIDE_PANELS) == []
        wide = page.evaluate(WIDE_SHEETS)
        if width < 600:   # on a phone a sheet scrolls sideways inside its box, and shows it does
            assert wide and all(scrolls == "auto" and cued for _, scrolls, cued in wide), wide


def test_the_deal_summary_stays_until_the_player_moves_on(open_page: Any) -> None:
    # on a phone the summary of the last deal sits above the table: it must not keep the hand of
    # the next deal below the fold once the person plays on
    page = open_page("/", width=390, height=844, lang="fr")
    create_table(page, "quadrette", BOTS, "Anne")
    play_until(page, lambda d: my_turn(d) and len(d["obs"].get("results") or []) >= 1)
    summary = page.locator(".summary-deal")
    assert summary.count() == 1 and "Fin de la donne" in summary.inner_text()
    assert summary.locator("button.close-summary").count() == 1
    act(page, first_move(state(page)["legal"]))
    assert page.locator(".summary-deal").count() == 0   # the result stays in the score sheet


FELT_PARTS = ".felt .seat, .felt .trick-card, .felt .centre-info"
FELT_OVERLAPS = """(parts) => {
    const boxes = [...document.querySelectorAll(parts)]
        .map(e => [`${e.className.split(' ')[0]} ${e.dataset.seat ?? ''}`, e.getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, r] = boxes[i], [b, s] = boxes[j];
        if (Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1) out.push([a, b]);
    }
    return out;
}"""


@pytest.mark.parametrize(("width", "height", "sideways"), [(844, 390, True), (1366, 657, False)])   # a phone, a laptop
def test_the_felt_and_the_hand_show_without_scrolling(width: int, height: int, sideways: bool, open_page: Any) -> None:
    page = open_page("/", width=width, height=height, lang="fr")
    create_table(page, "sizette", ["human"] + ["random"] * 5, "Anne")
    play_until(page, card_to_play)
    page.evaluate("window.scrollTo(0, 0)")
    felt = page.locator(".felt").bounding_box()
    cards = [c.bounding_box() for c in page.locator(".hand button.card").all()]
    assert felt is not None and cards and all(c is not None for c in cards)
    assert felt["y"] + felt["height"] <= height
    assert all(c["y"] + c["height"] <= height for c in cards if c)
    if sideways:   # the hand beside the felt, the top bar on one line
        assert all(c["x"] >= felt["x"] + felt["width"] for c in cards if c)
        bar = page.locator(".topbar").bounding_box()
        assert bar is not None and bar["height"] < 50
    for _ in range(8):   # at each of the next turns: no seat, trick card or turned card over another
        assert page.evaluate(FELT_OVERLAPS, FELT_PARTS) == [], page.evaluate("document.querySelectorAll('.felt .trick-card').length")
        act(page, next(a["code"] for a in state(page)["legal"] if CARD.match(a["code"])))
        play_until(page, card_to_play)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_six_seats_on_a_phone_keep_speech_cards_and_seats_apart(width: int, height: int, open_page: Any) -> None:
    """Six round a phone's felt: no speech bubble over a card of the trick (the viewer speaks beside
    his box, not over the bottom cards) or over another seat's box (a bubble goes where it covers
    nothing), no trick card over a seat's box or another card, through several tricks with the
    viewer speaking while cards lie on the felt."""
    needs_game("sizette")
    page = open_page("/", width=width, height=height)
    # captains that ask: the viewer answers; a long partie, so that a captain's questions come while cards lie
    create_table(page, "sizette", ["human"] + ["heuristic"] * 5, "Anne", options={"target_points": "15"})
    overlaps: set[tuple[str, str]] = set()
    seen = {"viewer speaking by the trick": 0, "positions": 0}

    def measure(data: dict[str, Any]) -> bool:
        seen["positions"] += 1
        if page.evaluate("() => !!(document.querySelector('.felt .trick-card') && document.querySelector('.felt .seat[data-seat=\"0\"] .bubble'))"):
            seen["viewer speaking by the trick"] += 1
        overlaps.update((a, b) for a, b in page.evaluate(FELT_OVERLAPS, FELT_PARTS + ", .felt .bubble")
                        if a.startswith("trick-card") or b.startswith("trick-card")
                        or ("bubble" in (a[:6], b[:6]) and a.split()[1:] != b.split()[1:]))   # speech over another seat
        return (seen["viewer speaking by the trick"] >= 3 or seen["positions"] >= 200
                or (data.get("obs") or {}).get("outcome") is not None)

    play_until(page, measure)
    assert seen["viewer speaking by the trick"] >= 1, seen
    assert overlaps == set(), overlaps   # no trick card under a bubble, over a seat's box or another card



LONG_SPEECH = ["The king, the queen, the ten, the nine and the six of hearts",   # the longest answer
               "Le roi, la dame, le dix, le neuf et le six de cœur",
               ("Partenaire, gardons nos atouts pour la fin et laissons nos adversaires s'épuiser "
                "sur les couleurs qu'ils ont annoncées tout à l'heure")]   # a remark, as long as anyone writes
SPEAK_AT_EVERY_SEAT = """async (texts) => {
    const { placeBubbles } = await import('/static/table-felt.js');
    const area = document.querySelector('.felt');
    const out = [];
    for (const seat of area.querySelectorAll('.seat')) for (const text of texts) {
        for (const old of area.querySelectorAll('.bubble')) old.remove();
        const bubble = document.createElement('div');   // as the felt draws a seat's speech
        Object.assign(bubble, { className: 'bubble', textContent: text });
        Object.assign(bubble.dataset, { seat: seat.dataset.seat, place: '' });
        seat.append(bubble);
        placeBubbles(area);
        const r = bubble.getBoundingClientRect();
        for (const part of area.querySelectorAll('.seat, .trick-card, .centre-info')) {
            const s = part.getBoundingClientRect();
            if (part !== seat && Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1
                && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1) out.push([seat.dataset.seat, text.length, part.className]);
        }
        if ((bubble.title || bubble.textContent) !== text) out.push([seat.dataset.seat, text.length, 'text lost']);
        bubble.remove();
    }
    return out;
}"""


@pytest.mark.parametrize(("width", "height"), [(844, 390), (390, 844)])
def test_long_speech_finds_room_on_a_crowded_felt(width: int, height: int, open_page: Any) -> None:
    """Six seats on a phone, five or six cards of the trick on the felt: the longest answer and a
    long remark, said by each seat in turn, cover no seat, no card and not the middle. Where no
    place has room it is set small and cut short, the whole of it in its tooltip (and in the table
    talk, as every remark)."""
    needs_game("sizette")
    page = open_page("/", width=width, height=height)
    create_table(page, "sizette", ["human"] + ["heuristic"] * 5, "Anne")
    play_until(page, lambda d: page.locator(".felt .trick-card").count() >= 5)
    assert page.evaluate(SPEAK_AT_EVERY_SEAT, LONG_SPEECH) == []

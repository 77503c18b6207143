"""Nothing given to one player names a card he may not know, in the exchange and in the
dialogue: observations (JSON and every field), the actions as he sees them, refusals, the record
view. And what the dialogue itself tells is only what was spoken: the value of a point is never
revealed when the lengths differ; a beaten holding is never shown; the discards and unseen
talon cards stay hidden."""

from __future__ import annotations

import json
import re

from atout.cards import CardSet
from atout.errors import ActionError
from atout.record import record_view
from tests.games.piquet.scenarios import ELDER, YOUNGER, after_exchange, say, views

CARD = re.compile(r"(?<![A-Za-z0-9#])(?:10|[2-9JQKA])[SHDC](?![A-Za-z0-9#])")
ELDER_HAND = "AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C"
YOUNGER_HAND = "QS JS 10S KH QH JH 10H AD KD QD AC KC"


def codes(text: str) -> set[str]:
    return set(CARD.findall(text))


def allowed(state: object, seat: int) -> set[str]:
    """What ``seat`` may know in the deal of :func:`after_exchange`: the cards he held, what he
    looked at, and what was made public (played, shown)."""
    st = state
    own = {str(c) for c in CardSet(st.dealt[seat] | st.after_exchange[seat] | st.discards[seat])}  # type: ignore[attr-defined]
    obs = st.observation(seat)  # type: ignore[attr-defined]
    public = {str(c) for t in obs.tricks for c in t[1:3]} | {str(c) for _, c in obs.trick}
    public |= {str(c) for s in obs.shown for c in s} | {str(c) for c in obs.carte_blanche_cards}
    return own | {str(c) for c in obs.known_cards} | public | {str(c) for c in obs.left_cards}


def assert_no_leak(st: object) -> None:
    for seat in (ELDER, YOUNGER):
        obs = st.observation(seat)  # type: ignore[attr-defined]
        text = json.dumps({k: v for k, v in obs.to_json().items() if k != "legal"})
        leak = codes(text) - allowed(st, seat)
        assert not leak, f"seat {seat} is shown {leak}"
        shown = " ".join(str(st.visible_action(a, s, seat)) for s, a in st.history)  # type: ignore[attr-defined]
        assert not codes(shown) - allowed(st, seat)
        log = json.dumps(obs.log.to_json())
        assert not codes(log) - allowed(st, seat), f"seat {seat}'s log shows {codes(log) - allowed(st, seat)}"
        assert not codes(record_view(st, seat)) - allowed(st, seat)
    public = st.observation(None)  # type: ignore[attr-defined]
    spectator = json.dumps(public.to_json()) + json.dumps(public.log.to_json())
    assert not codes(spectator) - (allowed(st, ELDER) & allowed(st, YOUNGER))


def test_the_value_of_a_point_is_never_told_when_the_lengths_differ() -> None:
    # The elder's five spades are worth 45; the younger holds four-card suits only.
    st = after_exchange(ELDER_HAND, YOUNGER_HAND)
    say(st, "point 5", "good", "no sequence", "no set", "AS", "no sequence", "no set")
    for text in views(st).values():
        assert '"told": -1' in text and "45" not in text and "value" not in text
    assert_no_leak(st)


def test_a_beaten_holding_is_never_shown() -> None:
    # Equal lengths: the elder tells 45, the younger's 48 stays unspoken; his "not good" and his
    # later "point 5" name no card and no value.
    st = after_exchange(ELDER_HAND, "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    say(st, "point 5", "equal", "value 45", "not good", "no sequence", "no set", "AS", "point 5", "no sequence",
        "no set")
    for seat, text in views(st).items():
        assert "48" not in text, seat
    assert_no_leak(st)
    # Asked to show, the younger shows his five hearts — and only then are they public.
    say(st, "0: show me")
    assert st.to_move == YOUNGER and [a.cards for a in st.moves()] == [CardSet.parse("KH QH JH 10H 8H")]
    say(st, st.moves()[0].text())
    assert st.observation(ELDER).shown[YOUNGER] == CardSet.parse("KH QH JH 10H 8H")
    assert_no_leak(st)


def test_discards_and_unseen_talon_cards_stay_hidden() -> None:
    st = after_exchange(ELDER_HAND, YOUNGER_HAND, exchange=False)
    say(st, "discard 8H", "discard 9C", "take look")   # the elder sees the three he leaves
    assert CardSet(st.observation(ELDER).known_cards) and not st.observation(YOUNGER).known_cards
    for seat in (YOUNGER, None):
        text = json.dumps(st.observation(seat).to_json())
        assert "8H" not in text and "9C" not in text
        assert str(st.visible_action(st.history[-2][1], ELDER, seat)) == "hidden discard 1"
    say(st, "discard QS", "take")
    assert_no_leak(st)


def test_refusals_name_only_the_refused_players_own_cards() -> None:
    st = after_exchange(ELDER_HAND, YOUNGER_HAND)
    say(st, "point 5")
    for text in ("not good", "equal", "point 5", "AD", "show me", "value 48"):
        try:
            say(st, text)
        except ActionError as err:
            for lang in ("en", "fr"):
                assert not codes(err.text(lang)) - allowed(st, YOUNGER), (text, err.text(lang))
        else:
            raise AssertionError(f"{text} was accepted")


def test_the_cards_left_by_the_younger() -> None:
    # He looks: he knows them; the elder only after naming the suit he will lead.
    st = after_exchange(ELDER_HAND, YOUNGER_HAND, exchange=False)
    say(st, "discard 8H", "take", "discard QS", "take look")
    left = st.observation(YOUNGER).known_cards
    assert len(left) == 6 and not st.observation(ELDER).known_cards & left
    say(st, "point 5", "good", "no sequence", "no set")
    assert "name spades" in [str(a) for a in st.moves()]
    say(st, "name spades")
    assert st.observation(ELDER).known_cards & left == left
    assert all(str(m).endswith("S") for m in st.moves())
    assert_no_leak(st)


def test_exposed_cards_are_public() -> None:
    st = after_exchange(ELDER_HAND, YOUNGER_HAND, {"left_cards": "expose"}, exchange=False)
    say(st, "discard 8H", "take", "discard QS", "take expose")
    assert len(st.observation(None).left_cards) == 6
    assert_no_leak(st)


def test_the_log_shows_the_exchange_and_the_dialogue_as_each_seat_may_see_them() -> None:
    # The elder discards two and looks at the three he leaves; the younger discards one and looks
    # at the five left: each sees his own cards taken and looked at, the other only how many.
    st = after_exchange(ELDER_HAND, YOUNGER_HAND, exchange=False)
    say(st, "discard 8H", "discard 9C", "take look", "discard QS", "take look")
    texts = {v: [str(e.item) for e in st.observation(v).log][1:] for v in (ELDER, YOUNGER, None)}
    assert texts[ELDER] == ["discard 8H", "discard 9C", "take look", "takes 7S 10S", "sees 10D JD 8C",
                            "hidden discard 1", "take look", "takes 1", "sees 5"]
    assert texts[YOUNGER] == ["hidden discard 1", "hidden discard 1", "take look", "takes 2", "sees 3",
                              "discard QS", "take look", "takes 10D", "sees JD 8C 10C JC QC"]
    assert texts[None] == ["hidden discard 1", "hidden discard 1", "take look", "takes 2", "sees 3",
                           "hidden discard 1", "take look", "takes 1", "sees 5"]
    assert_no_leak(st)
    # The dialogue is in the log as spoken; once the younger has declared after the first lead,
    # what each declaration scored follows, for everybody.
    say(st, "point 6", "good", "no sequence", "no set", "AS", "quart", "no other sequence", "trio", "no other set")
    log = st.observation(YOUNGER).log
    entries = log.to_json(len(log) - 12)
    assert [(e["seat"], e["type"], e["text"]) for e in entries] == [
        (ELDER, "declare", "point 6"), (YOUNGER, "answer", "good"), (ELDER, "declare", "no sequence"),
        (ELDER, "declare", "no set"), (ELDER, "card", "AS"), (YOUNGER, "declare", "quart"),
        (YOUNGER, "also", "no other sequence"), (YOUNGER, "declare", "trio"), (YOUNGER, "also", "no other set"),
        (ELDER, "declared", "scores 6 for point"), (YOUNGER, "declared", "scores 4 for sequences"),
        (YOUNGER, "declared", "scores 3 for sets")]
    assert entries[1]["answer"] == "good" and entries[5]["class"] == "sequences" and entries[5]["size"] == 4
    assert entries[-1]["category"] == "sets" and entries[-1]["points"] == 3
    assert log.to_json(len(log) - 12) == st.observation(None).log.to_json(len(log) - 12)
    assert_no_leak(st)

"""Piquet's notation in both languages, and bad input: every listed action writes and reads back
in English and in French; text that is no action, numbers that are not ASCII digits, actions out
of turn or out of place are refused with the documented errors and change nothing."""

from __future__ import annotations

import random

import pytest

from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.piquet.actions import Also, Answer, CarteBlanche, Cut, Declare, NameSuit, Take, Tell
from atout.games.piquet.notation import parse_action
from tests.games.piquet.scenarios import ELDER, YOUNGER, after_exchange, say

HAND_E = "AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C"
HAND_Y = "QS JS 10S KH QH JH 10H AD KD QD AC KC"


@pytest.mark.parametrize("text, lang, action", [
    ("point 5", "en", Declare(0, 5)), ("quinte", "fr", Declare(1, 5)), ("quint", "en", Declare(1, 5)),
    ("dix-septième", "fr", Declare(1, 7)), ("DIX-SEPTIEME", "fr", Declare(1, 7)), ("brelan", "fr", Declare(2, 3)),
    ("trio", "en", Declare(2, 3)), ("quatorze", None, Declare(2, 4)), ("pas de séquence", "fr", Declare(1, 0)),
    ("no set", "en", Declare(2, 0)), ("valeur 48", "fr", Tell(0, 48)), ("tête R", "fr", Tell(1, 6)),
    ("top K", "en", Tell(1, 6)), ("rank 10", "en", Tell(2, 3)), ("rang A", "fr", Tell(2, 7)),
    ("égal", "fr", Answer("equal")), ("egal", "fr", Answer("equal")), ("pas bon", None, Answer("not_good")),
    ("also quart tierce", "en", Also(1, (4, 3))), ("aussi brelan brelan", "fr", Also(2, (3, 3))),
    ("pas d'autre séquence", "fr", Also(1, ())), ("prends regarde", "fr", Take("look")),
    ("take expose", "en", Take("expose")), ("carte blanche 3", None, CarteBlanche(3)),
    ("carte blanche", "fr", CarteBlanche(0)), ("coupe 12", "fr", Cut(12)), ("nomme cœur", "fr", NameSuit(1)),
    ("name clubs", "en", NameSuit(3)),
])
def test_reads_both_languages(text: str, lang: str | None, action: object) -> None:
    assert parse_action(text, lang) == action


@pytest.mark.parametrize("text", ["", "point", "point ٣", "point ²", "point 13", "value 4²", "top Z", "also",
                                  "also tierce trio", "carte blanche 6", "cut 0", "cut 32", "prends look",
                                  "show XX", "tierce tierce", "name", "name rouge", "quatorze 3"])
def test_refuses_what_is_no_action(text: str) -> None:
    with pytest.raises((InvalidActionError, AmbiguousActionError)):
        parse_action(text, None)


def test_ambiguous_codes_ask_for_a_language() -> None:
    assert parse_action("name c", None) == NameSuit(3) and parse_action("nomme c", None) == NameSuit(1)
    with pytest.raises(AmbiguousActionError):
        parse_action("AC", None)


def test_every_listed_action_reads_back_in_both_languages() -> None:
    seen = 0
    for seed in range(6):
        state, rng = make_game("piquet", {"left_cards": ("look", "expose")[seed % 2]}).new_state(), random.Random(seed)
        while state.outcome() is None and len(state.results) < 2:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for seat in (0, 1):
                for action in state.legal_actions(seat):
                    for lang in ("en", "fr"):
                        assert state.parse_action(state.action_text(action, lang), lang) == action
                        seen += 1
            state.apply(rng.choice(state.moves()))
    assert seen > 1000


def snapshot(state: object) -> tuple[object, ...]:
    st = state
    return (list(st.history), st.to_move, [st.observation(v).to_json() for v in (0, 1, None)])  # type: ignore[attr-defined]


@pytest.mark.parametrize("seat, text", [
    (YOUNGER, "point 5"), (ELDER, "good"), (ELDER, "value 45"), (YOUNGER, "AS"), (ELDER, "KH"),
    (ELDER, "also tierce"), (ELDER, "show me"), (ELDER, "show 7S 8S 9S"), (2, "point 5"), (-1, "point 5"),
    (ELDER, "point 6"), (ELDER, "discard 7S"), (ELDER, "take"), (ELDER, "cut 3"), (ELDER, "name spades"),
])
def test_refusals_change_nothing(seat: int, text: str) -> None:
    st = after_exchange(HAND_E, HAND_Y)
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as err:
        st.apply(st.parse_action(text, "en"), seat)
    assert err.value.text("fr") and err.value.code
    assert snapshot(st) == before


def test_the_exchange_limits() -> None:
    st = after_exchange(HAND_E, HAND_Y, exchange=False)
    with pytest.raises(IllegalActionError, match="at least 1"):
        say(st, "take")
    say(st, *(f"discard {c}" for c in ["8H", "9C", "7C", "9D", "7D"]))
    with pytest.raises(IllegalActionError, match="5 cards"):
        say(st, "discard 7H")
    with pytest.raises(IllegalActionError):
        say(st, "take look")  # he took all five: nothing left to look at
    say(st, "take")
    assert st.to_move == YOUNGER and "take" not in [str(a) for a in st.moves()]  # at least one card first
    with pytest.raises(IllegalActionError):
        say(st, "take")


def test_the_younger_may_exchange_nothing_by_option() -> None:
    st = after_exchange(HAND_E, HAND_Y, {"younger_min_exchange": 0}, exchange=False)
    say(st, "discard 8H", "take")
    assert "take" in [str(a) for a in st.moves()]
    say(st, "take look")
    assert len(st.observation(YOUNGER).known_cards) == 7


def test_bad_options_are_refused() -> None:
    from atout.errors import OptionError

    for options in ({"partie": "rubicon5"}, {"target": "200"}, {"younger_min_exchange": "2"},
                    {"younger_min_exchange": "١"}, {"left_cards": "peek"}, {"liee": "maybe"}, {"nope": "1"}):
        with pytest.raises(OptionError):
            make_game("piquet", options)
    assert make_game("piquet", {"preset": "au_cent"}).options["partie"] == "points"

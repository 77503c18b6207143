"""Bésigue notation in English and French, bad input refused with the documented errors (fuzzed
with Hypothesis), and bad options."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cards import Card, CardSet
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError, OptionError
from atout.games import find_game, make_game
from atout.games.besigue.actions import PASS, Cut, Exchange
from atout.games.besigue.declarations import WORDS, Declaration
from atout.games.besigue.notation import action_text, parse
from atout.games.besigue.spec import BesigueGame
from tests.games.besigue.helpers import play, start

REFUSALS = (InvalidActionError, IllegalActionError, AmbiguousActionError)
RULES = BesigueGame().rules


@pytest.mark.parametrize("action, en, fr", [
    (PASS, "pass", "passe"),
    (Cut(40), "cut 40", "coupe 40"),
    (Exchange(Card("7H#2")), "exchange 7H#2", "échange 7C#2"),
    (Card("10S#3"), "10S#3", "10P#3"),
    (Card("JK2"), "JK2", "JO2"),
    (Declaration("trump-marriage", CardSet.parse("KS QS"), 40), "trump-marriage KS QS 40", "mariage-atout RP DP 40"),
    (Declaration("kings", CardSet.parse("KH KD KC JK1"), 80), "kings KH KD KC JK1 80", "carré-rois RC RK RT JO1 80"),
    (Declaration("besigue", CardSet.parse("QS JD"), 40), "besigue QS JD 40", "bésigue DP VK 40"),
    (Declaration("quinte", CardSet.parse("AS 10S KS QS JS"), 250), "quinte AS 10S KS QS JS 250",
     "quinte AP 10P RP DP VP 250"),
])
def test_both_languages_round_trip(action: object, en: str, fr: str) -> None:
    assert action_text(action, "en") == en and action_text(action, "fr") == fr
    assert parse(en, "en", RULES) == action and parse(fr, "fr", RULES) == action
    assert parse(fr, None, RULES) == action


def test_points_may_be_left_out_and_accents_too() -> None:
    assert parse("carre-rois RC RK RT JO1", "fr", RULES) == Declaration("kings", CardSet.parse("KH KD KC JK1"), 80)
    assert parse("besigue DP VK", "fr", RULES).points == 40
    assert parse("echange 7C", "fr", RULES) == Exchange(Card("7H"))


@pytest.mark.parametrize("text", ["", "   ", "pass now", "cut", "cut ²", "cut 12345678", "exchange",
                                  "kings KH KH", "kings KH 8²", "marriage ZZ", "trump-marriage KS QS ٣",
                                  "kings KH KD KC JK1 99999999999", "hello world", "AC"])
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(REFUSALS):
        parse(text, None, RULES)


def test_bad_actions_change_nothing() -> None:
    state = start({"trump_mode": "turned_card"}, ["9H KH QH", "7H"], top="9H#2", turned="8S#2")
    before = state.observation(None).to_json(), state.observation(0).to_json()
    for action, seat, code in [(Card("KD"), 0, "not_held"), (Card("7H"), 0, "not_held"), (Card("9H"), 1, "not_your_turn"),
                               (PASS, 0, "not_declare_time"), (Cut(3), 0, "not_now"),
                               (Declaration("marriage", CardSet.parse("KH QH"), 20), 0, "not_declare_time"),
                               (Card("9H"), 5, "no_seat")]:
        with pytest.raises(IllegalActionError) as err:
            state.apply(action, seat)
        assert err.value.code == code and err.value.text("fr") != err.value.text("en")
    assert (state.observation(None).to_json(), state.observation(0).to_json()) == before
    play(state, "9H", "7H")
    with pytest.raises(IllegalActionError) as err:
        state.apply(Declaration("marriage", CardSet.parse("KH QH"), 100))   # wrong points
    assert err.value.code == "bad_declaration"
    with pytest.raises(IllegalActionError):
        state.apply(Exchange(Card("7S")))


@pytest.mark.parametrize("options", [
    {"players": 3, "partnerships": True}, {"players": 3, "pack": "classic"}, {"players": 5}, {"pack": "rubicon"},
    {"target": "1000²"}, {"brisques": "sometimes"}, {"preset": "rubicon"}, {"match_games": 0},
])
def test_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        make_game("besigue", options)


def test_names_and_aliases() -> None:
    assert find_game("Bésigue") is find_game("bezique") is find_game("BEZIGUE")


WORDS_ALL = sorted({w for lang in WORDS.values() for w in lang.values()} | {"pass", "passe", "cut", "coupe",
                                                                            "exchange", "échange", "draw", "deal"})
TOKENS = st.one_of(
    st.sampled_from(WORDS_ALL),
    st.sampled_from([c.text("en") for c in RULES.pack_cards] + [c.text("fr") for c in RULES.pack_cards]),
    st.sampled_from(["²", "٣", "３", "-1", "+2", "40", "250", "99999999999999999999", "#", "#9", "KH#5", "0=KH"]),
    st.text(max_size=5),
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(TOKENS, max_size=7).map(" ".join), st.sampled_from([None, "en", "fr"]))
@example("kings KH KD KC JK1 80", "en")
@example("carré-rois RC RK RT JO1", "fr")
def test_fuzzed_text_reads_back_or_is_refused(text: str, lang: str | None) -> None:
    state = start({"trump_mode": "turned_card"}, ["9H KH QH", "7H"], top="9H#2", turned="8S#2")
    try:
        action = state.parse_action(text, lang)
    except REFUSALS:
        return
    for out_lang in ("en", "fr"):
        assert state.parse_action(state.action_text(action, out_lang), out_lang) == action
    if action not in state.legal_actions(0):
        with pytest.raises(REFUSALS):
            state.apply(action, 0)


def test_a_card_named_without_its_copy_is_one_the_player_may_play() -> None:
    import random

    from atout.game import CHANCE
    game = make_game("besigue")
    state, rng = game.new_state(), random.Random(2)
    while state.to_move == CHANCE or state.phase_name != "play":
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    copies = [m for m in state.moves() if isinstance(m, Card) and m.copy > 1]
    assert copies, "the seeded hand holds a second or later copy"
    card = copies[0]
    bare = str(card).split("#")[0]                      # "AS#2" -> "AS": the first copy, not held
    assert state.parse_action(bare) in state.moves()
    assert state.parse_action(bare).suit == card.suit and state.parse_action(bare).rank == card.rank
    assert state.parse_action(str(card)) == card       # a copy named is that copy

"""The notation of Whist in both languages, and bad input: ``parse_action`` reads back every
action's text, and refuses anything else with the documented errors (fuzzed with Hypothesis);
refused actions change nothing; options are checked."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS, Card
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError, OptionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.actions import ANSWER_NO, ANSWER_YES, CALL, EXPOSE, PASS, SHOW, Cut
from atout.games.whist.notation import action_text, parse_action

REFUSALS = (InvalidActionError, IllegalActionError, AmbiguousActionError)
ACTIONS = [*CARDS, Cut(2), Cut(50), SHOW, PASS, CALL, ANSWER_YES, ANSWER_NO, EXPOSE]
WORDS = ["cut", "coupe", "show", "montre", "pass", "passe", "call", "appel", "answer", "réponse", "reponse",
         "yes", "no", "oui", "non", "expose", "étale", "etale", "draw", "deal"]
TOKENS = st.one_of(
    st.sampled_from(WORDS), st.sampled_from(WORDS).map(str.upper),
    st.sampled_from([c.text("en") for c in CARDS] + [c.text("fr") for c in CARDS] + [c.pretty() for c in CARDS]),
    st.integers(min_value=-3, max_value=60).map(str),
    st.sampled_from(["²", "٣", "３", "①", "1²", "+2", "99999999999999999999999", "0=KH", "turn=9C", "0=?6"]),
    st.text(max_size=5),
)


@pytest.mark.parametrize("action", ACTIONS, ids=str)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_action_reads_back(action: object, lang: str) -> None:
    text = action_text(action, lang)
    assert parse_action(text, lang) == action
    if not isinstance(action, Card):               # a card code may name two cards (AC)
        assert parse_action(text, None) == action


def test_french_words_and_accents() -> None:
    assert parse_action("RÉPONSE NON", "fr") == ANSWER_NO and parse_action("reponse oui") == ANSWER_YES
    assert parse_action("Coupe 17", "fr") == Cut(17) and parse_action("étale", "fr") == EXPOSE
    with pytest.raises(AmbiguousActionError):
        parse_action("AC")                         # ace of clubs, or as de cœur
    for text in ("coupe 1²", "cut ٣", "cut -2", "cut +2", "show me", "answer maybe", "", "  ", "call call"):
        with pytest.raises(REFUSALS):
            parse_action(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(TOKENS, max_size=5).map(" ".join), st.sampled_from([None, "en", "fr", "de"]))
@example("deal 0=KH 1=?13", "en")
@example("draw 0=ZZ", None)
def test_fuzzed_text_reads_back_or_is_refused(text: str, lang: str | None) -> None:
    try:
        action = parse_action(text, lang)
    except REFUSALS:
        return
    for tongue in ("en", "fr"):
        assert parse_action(action_text(action, tongue), tongue) == action


@settings(max_examples=120, deadline=None)
@given(st.lists(TOKENS, max_size=4).map(" ".join), st.integers(0, 400))
def test_fuzzed_input_to_a_state_changes_nothing_when_refused(text: str, steps: int) -> None:
    state, rng = make_game("whist").new_state(), random.Random(steps)
    for _ in range(steps):
        if state.outcome() is not None:
            break
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    before = (len(state.history), json.dumps(state.observation(None).to_json(), sort_keys=True))
    try:
        action = state.parse_action(text)
        state.apply(action)
    except REFUSALS:
        assert (len(state.history), json.dumps(state.observation(None).to_json(), sort_keys=True)) == before


def test_refusals_in_both_languages_and_nothing_changes() -> None:
    state, rng = make_game("mort", {"rubbers": 1}).new_state(), random.Random(1)
    while state.observation(None).phase != "play":
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else state.moves()[0])
    before = len(state.history)
    other = (state.to_move + 1) % 3
    for seat, action in ((other, state.moves()[0]), (state.to_move, SHOW), (state.to_move, Cut(3)), (7, PASS),
                         (CHANCE, state.moves()[0])):
        with pytest.raises(REFUSALS) as err:
            state.apply(action, seat)
        assert err.value.text("fr") and err.value.text("en") and err.value.text("fr") != err.value.text("en")
    assert len(state.history) == before


@pytest.mark.parametrize("options", [{"game_points": "4"}, {"game_points": "11"}, {"partnerships": "random"},
                                     {"rubber_bonus": "-1"}, {"honours": "maybe"}, {"rubbers": "2"},
                                     {"game_points": "٥"}, {"preset": "bridge"}])
def test_bad_options_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(OptionError):
        make_game("whist", options)


def test_presets_and_mort_options() -> None:
    assert dict(make_game("whist", {"preset": "short"}).options.changed()) == {"game_points": 5}
    assert not make_game("whist", {"preset": "short"}).table.calling
    assert make_game("mort", {"exposure": "after_lead", "rubbers": "6"}).options["rubbers"] == 6
    with pytest.raises(OptionError):
        make_game("mort", {"partnerships": "cut"})


def test_bad_setup_is_refused() -> None:
    game = make_game("whist")
    deal = next(a for s, a in _first_deal().history if s == CHANCE and hasattr(a, "hands"))
    for setup in ({"dealer": "7"}, {"game_scores": "10-0"}, {"games": "2-0"}, {"scores": "1"}, {"colour": "red"},
                  {"game_scores": "٣-0"}):
        with pytest.raises(REFUSALS):
            game.state_from_deal(deal, setup)


def _first_deal() -> Any:
    state, rng = make_game("whist").new_state(), random.Random(2)
    while not any(s == CHANCE and hasattr(a, "hands") for s, a in state.history):
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state

"""Fuzzing Piquet's notation reader: whatever a person types, ``parse_action`` returns an action
that writes and reads back to itself in both languages, or refuses with InvalidActionError,
IllegalActionError or AmbiguousActionError — never another exception. And a position refuses,
changing nothing, whatever it reads that it does not list."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.piquet.notation import action_text, parse_action
from atout.games.piquet.vocabulary import ANSWERS, NO_OTHER, NOTHING, SEQUENCE_NAMES, SET_NAMES, SUIT_WORDS, WORDS

REFUSALS = (InvalidActionError, IllegalActionError, AmbiguousActionError)
ANY_CHAR = st.one_of(st.characters(exclude_categories=()), st.characters(categories=["Cs", "Cc", "Nd", "No", "Cf"]))
LANGS = st.sampled_from([None, "en", "fr"])
VOCABULARY = sorted(
    {w for lang in ("en", "fr") for table in (WORDS,) for v in table.values() for w in v[lang].split()}
    | {w for lang in ("en", "fr") for v in (*NOTHING[lang], *NO_OTHER[lang], *ANSWERS[lang].values(),
                                              *SEQUENCE_NAMES[lang].values(), *SET_NAMES[lang].values(),
                                              *SUIT_WORDS[lang]) for w in v.split()})
TOKENS = st.one_of(
    st.sampled_from(VOCABULARY), st.sampled_from(VOCABULARY).map(str.upper),
    st.sampled_from([c.text("en") for c in CARDS] + [c.text("fr") for c in CARDS] + [c.pretty() for c in CARDS]),
    st.sampled_from(list("AKQJRDVT") + ["10", "9", "7"]),
    st.integers(min_value=-3, max_value=60).map(str),
    st.sampled_from(["²", "٣", "３", "①", "1²", "+2", "1e3", "0x1", "99999999999999999999999", "d'autre", "égal"]),
    st.text(ANY_CHAR, max_size=6),
)
PHRASES = st.lists(TOKENS, max_size=6).map(" ".join)


def check(text: str, lang: str | None) -> None:
    try:
        action = parse_action(text, lang)
    except REFUSALS as refused:
        assert str(refused) and refused.text("fr")
        return
    for written_in in ("en", "fr"):
        assert parse_action(action_text(action, written_in), written_in) == action


@settings(max_examples=400, deadline=None)
@given(st.text(ANY_CHAR, max_size=60), LANGS)
@example("point ²", None)
@example("valeur ٣", "fr")
@example("carte blanche ３", None)
@example("also " + "tierce " * 5000, "en")
def test_arbitrary_text(text: str, lang: str | None) -> None:
    check(text, lang)


@settings(max_examples=2000, deadline=None)
@given(PHRASES, LANGS)
def test_phrases_of_notation_words(text: str, lang: str | None) -> None:
    check(text, lang)


def positions() -> list[Any]:
    out: list[Any] = []
    for seed in range(3):
        state, rng = make_game("piquet").new_state(), random.Random(seed)
        while state.outcome() is None and len(out) < 40 * (seed + 1):
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                out.append(state.clone())
            state.apply(rng.choice(state.moves()))
    return out


POSITIONS = positions()


@settings(max_examples=600, deadline=None)
@given(st.integers(min_value=0, max_value=len(POSITIONS) - 1), PHRASES, st.sampled_from([0, 1]))
def test_positions_refuse_what_they_do_not_list(index: int, text: str, seat: int) -> None:
    state = POSITIONS[index]
    try:
        action = state.parse_action(text, None)
    except REFUSALS:
        return
    if action in state.legal_actions(seat):
        return
    before = (len(state.history), state.to_move, str(state.observation(seat).to_json()))
    try:
        state.apply(action, seat)
    except REFUSALS as refused:
        assert refused.text("fr")
    else:
        raise AssertionError(f"{text!r} read as {action!r} was applied though not listed")
    assert (len(state.history), state.to_move, str(state.observation(seat).to_json())) == before

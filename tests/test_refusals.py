"""One table of the refusals games share (``atout/refusals.py``): a game's own table adds codes
but never words a shared one again, and the shared codes read in both languages."""

from __future__ import annotations

import importlib
import random
import string

import pytest

from atout.cards import Card
from atout.chance import Deal, Draw
from atout.errors import IllegalActionError
from atout.game import CHANCE, State
from atout.games import find_game, game_names, make_game
from atout.refusals import CORE_MESSAGES, refuse


def game_tables() -> list[tuple[str, dict[str, dict[str, str]]]]:
    out = []
    for name in game_names():
        package = find_game(name).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(f"{package}.refusals")
        except ImportError:
            continue
        out.append((name, module.MESSAGES))
    return out


@pytest.mark.parametrize(("name", "messages"), game_tables())
def test_a_game_never_rewords_a_shared_refusal(name: str, messages: dict[str, dict[str, str]]) -> None:
    for code, texts in CORE_MESSAGES.items():
        if code in messages:
            assert messages[code] == texts, f"{name} words the shared refusal {code!r} again"
    own = set(messages) - set(CORE_MESSAGES)
    for code in own:
        assert set(messages[code]) >= {"en", "fr"}, f"{name}: {code} lacks a language"


def test_every_shared_refusal_reads_in_both_languages() -> None:
    for code, texts in CORE_MESSAGES.items():
        assert set(texts) == {"en", "fr"}, code
        fields = {f for _, f, _, _ in string.Formatter().parse(texts["en"]) if f}
        assert fields == {f for _, f, _, _ in string.Formatter().parse(texts["fr"]) if f}, code
        err = refuse(code, **{f.split("!")[0]: "x" for f in fields})
        assert err.code == code and err.text("fr") != err.text("en")


def _deal_due(name: str, seed: int = 1) -> State:
    """A state of ``name`` where the table is to deal (the first dealer chosen)."""
    state = make_game(name).new_state()
    rng = random.Random(seed)
    while state.to_move != CHANCE or type(state.sample_chance(rng)) is not Deal:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state


@pytest.mark.parametrize("name", game_names())
def test_the_table_offering_a_players_action_is_told_it_only_draws_and_deals(name: str) -> None:
    state = _deal_due(name)
    before = state.observation(None).to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Card("KH"), CHANCE)
    assert refused.value.code == "table_not_player"
    assert "tirer et donner" in refused.value.text("fr")
    assert state.observation(None).to_json() == before


@pytest.mark.parametrize("name", ["whist", "mort"])
def test_a_draw_where_a_deal_is_due_is_refused_as_not_now(name: str) -> None:
    state = _deal_due(name)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Draw(((0, Card("KH")),)), CHANCE)
    assert refused.value.code == "not_chance"


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("given", [Card("KH"), "deal", None, Draw(((0, Card("KH")),))])
def test_a_hand_started_from_what_is_not_a_deal_is_refused_as_such(name: str, given: object) -> None:
    with pytest.raises(IllegalActionError) as refused:
        make_game(name).state_from_deal(given)  # type: ignore[arg-type]
    assert refused.value.code == "not_a_deal"
    assert "n'est pas une donne" in refused.value.text("fr")

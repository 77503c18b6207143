"""Every game's view (``games/<game>/view.py``) labels every field its positions show and every
key of the records they hold (the score sheet's too), in English and French: the page, which
knows no game by name, never shows an engine's name for a field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.game import CHANCE, OBSERVATION_KEYS
from atout.games import game_names, make_game
from tests.server.harness import skip_unported


def keys_shown(value: Any, into: set[str], fields: dict[str, Any]) -> None:
    """The keys of the records ``value`` holds (lists of flat records: a sheet's columns), not
    looking into a field the page leaves out or shows as the log said it."""
    if isinstance(value, dict):
        for key, inner in value.items():
            into.add(key)
            if not (key in fields and (fields[key].get("hidden") or fields[key].get("said"))):
                keys_shown(inner, into, fields)
    elif isinstance(value, list):
        for inner in value:
            keys_shown(inner, into, fields)


@pytest.mark.parametrize("name", game_names())
def test_every_field_shown_has_a_label_in_both_languages(name: str) -> None:
    skip_unported(name)
    game = make_game(name)
    fields = game.view_json()["fields"]
    assert isinstance(fields, dict)
    state, rng = game.new_state(), random.Random(3)
    seen: set[str] = set()
    for _ in range(400):
        if state.outcome() is not None:
            break
        position = state.observation(0).to_json()
        keys_shown({k: v for k, v in position.items() if k not in OBSERVATION_KEYS}, seen, fields)
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    for result in state.results:
        keys_shown(result.to_json(), seen, fields)
    missing = sorted(key for key in seen if key not in fields
                     or not (fields[key].get("hidden") or (fields[key]["label"]["en"] and fields[key]["label"]["fr"])))
    assert not missing, f"{name}: fields without a label in its view: {missing}"
    phases = game.view_json()["phases"]
    assert isinstance(phases, dict)

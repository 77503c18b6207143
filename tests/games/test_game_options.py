"""Game registry and named options: defaults (RULES.md decision points), parsing, and OptionError."""

from __future__ import annotations

import random

import pytest

from atout.errors import OptionError
from atout.game import CHANCE, parse_option_pairs
from atout.games import find_game, game_names
from atout.games.quadrette import QuadretteGame
from atout.games.sizette.actions import Cut
from atout.games.sizette.spec import SizetteGame
from tests.games.helpers import make

SIZETTE_DEFAULTS = {
    "target_points": 5, "first_dealer_choice": "left_neighbour", "draw_rank": "game",
    "play_out_all_tricks": False, "table_law_mode": False, "penalty_overflow": "split",
    "volunteer_allowed": True, "strict_encyclopedie": False, "free_remarks": True,
    "command_grammar": "extended", "max_failed_commands": 3, "allow_last_trick_review": True,
    "min_cut_packet": 2,
}


def test_registry() -> None:
    assert {"sizette", "quadrette"} <= set(game_names())
    assert find_game("sizette") is SizetteGame and find_game("Quadrette") is QuadretteGame
    with pytest.raises(OptionError, match="unknown game 'bridge'; games are: sizette, quadrette, "):
        make("bridge")


def test_sizette_defaults_are_the_rules_defaults() -> None:
    game = make("sizette")
    assert dict(game.options) == SIZETTE_DEFAULTS
    assert game.num_seats == 6 and len(game.pack) == 36
    assert game.options.changed() == {} and game.options.text() == ""
    assert game.win_rule == "first_to_3"


def test_quadrette_defaults() -> None:
    game = make("quadrette")
    assert dict(game.options) == {**SIZETTE_DEFAULTS, "win_rule": "first_to_3", "deal_packets": "3+3"}
    assert game.num_seats == 4 and len(game.pack) == 32 and game.talon_size == 8
    assert make("quadrette", {"win_rule": "four_needed"}).win_rule == "four_needed"


def test_values_are_converted_from_text() -> None:
    game = make("sizette", {"target_points": "7", "table_law_mode": "yes", "draw_rank": "ACE_HIGH",
                                 "volunteer_allowed": "off", "max_failed_commands": 1})
    assert game.options["target_points"] == 7
    assert game.options["table_law_mode"] is True
    assert game.options["draw_rank"] == "ace_high"
    assert game.options["volunteer_allowed"] is False
    assert game.options["max_failed_commands"] == 1
    assert game.options.changed() == {"target_points": 7, "draw_rank": "ace_high", "table_law_mode": True,
                                      "volunteer_allowed": False, "max_failed_commands": 1}
    assert game.options.text() == ("target_points=7 draw_rank=ace_high table_law_mode=true "
                                   "volunteer_allowed=false max_failed_commands=1")
    assert make("sizette", {"table_law_mode": True}).options["table_law_mode"] is True
    assert make("sizette", {"table_law_mode": "0"}).options["table_law_mode"] is False


@pytest.mark.parametrize("game_name, options, message", [
    ("sizette", {"nope": 1}, "unknown option 'nope'; options are: target_points, "),
    ("sizette", {"win_rule": "four_needed"}, "unknown option 'win_rule'"),       # Quadrette only
    ("sizette", {"target_points": 0}, "option target_points: 0 is outside 1..99"),
    ("sizette", {"target_points": 100}, "option target_points: 100 is outside 1..99"),
    ("sizette", {"target_points": "x"}, "option target_points: 'x' is not a whole number"),
    ("sizette", {"target_points": "5.5"}, "is not a whole number"),
    ("sizette", {"table_law_mode": "maybe"}, "option table_law_mode: 'maybe' is not true or false"),
    ("sizette", {"draw_rank": "low"}, "option draw_rank: 'low' is not one of game, ace_high"),
    ("sizette", {"penalty_overflow": "nothing"}, "is not one of split, all_to_opponents, negative_allowed"),
    ("sizette", {"first_dealer_choice": "me"}, "is not one of left_neighbour, any_opponent"),
    ("sizette", {"command_grammar": "free"}, "is not one of extended, exact_only"),
    ("sizette", {"max_failed_commands": 0}, "outside 1..9"),
    ("sizette", {"min_cut_packet": 11}, "outside 1..10"),
    ("quadrette", {"win_rule": "five"}, "option win_rule: 'five' is not one of first_to_3, four_needed"),
    ("quadrette", {"deal_packets": "6"}, "is not one of 3+3, 2+2+2"),
])
def test_bad_options_raise_option_error(game_name: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError) as err:
        make(game_name, options)
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_options_are_read_only() -> None:
    options = make("sizette").options
    with pytest.raises(TypeError):
        options["target_points"] = 9  # type: ignore[index]
    assert len(options) == len(SIZETTE_DEFAULTS)


def test_parse_option_pairs() -> None:
    assert parse_option_pairs("target_points=7 draw_rank=ace_high") == {"target_points": "7",
                                                                        "draw_rank": "ace_high"}
    assert parse_option_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    assert make("sizette", parse_option_pairs("target_points=7")).options["target_points"] == 7
    for bad in (["a"], ["=1"], "x"):
        with pytest.raises(OptionError, match="an option is written name=value"):
            parse_option_pairs(bad)


def test_option_specs_have_help_in_both_languages_and_a_source() -> None:
    for game_name in game_names():
        for spec in make(game_name).option_specs:
            assert spec.help_en and spec.help_fr and spec.source, spec.name
            assert spec.allowed()


def test_min_cut_packet_changes_the_cut_positions() -> None:
    state = make("sizette", {"min_cut_packet": 5}).new_state()
    rng = random.Random(0)
    while state.phase_name != "cut":
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.moves()[0])
    assert list(state.moves()) == [Cut(p) for p in range(5, 32)]


def test_target_option_reaches_the_state_and_observation() -> None:
    state = make("sizette", {"target_points": 7}).new_state()
    obs = state.observation(0)
    assert obs.target == 7 and obs.options == {"target_points": 7}
    assert state.observation(0).to_json()["options"] == {"target_points": 7}

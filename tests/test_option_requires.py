"""Options that would do nothing are refused: an option given at a value other than its default,
while the options it depends on (``OptionSpec.requires``) rule it out, raises an OptionError that
names what it depends on; at its default it is harmless; every preset and conformance set holds."""

from __future__ import annotations

from typing import Any

import pytest

from atout.errors import OptionError
from atout.game import Options, OptionSpec, requirement
from atout.games import find_game, game_names, make_game
from atout.record import read_record

# (game, options where the dependent option does nothing, what the error names, what makes it work)
DEPENDENT: tuple[tuple[str, dict[str, Any], str, dict[str, Any]], ...] = (
    ("piquet", {"target": "150"}, "partie=points", {"partie": "points"}),
    ("piquet", {"liee": True, "partie": "rubicon4"}, "partie=points", {"partie": "points"}),
    ("piquet", {"double_first_last": "always", "partie": "points"}, "partie=rubicon6|rubicon4", {"partie": "rubicon4"}),
    ("whist", {"honours_at_nine": True, "honours": False}, "honours=true", {"honours": True}),
    ("mort", {"honours_at_nine": True, "honours": False}, "honours=true", {"honours": True}),
    ("sizette", {"penalty_overflow": "negative_allowed"}, "table_law_mode=true", {"table_law_mode": True}),
    ("quadrette", {"penalty_overflow": "all_to_opponents"}, "table_law_mode=true", {"table_law_mode": True}),
    ("besigue", {"classic_sevens": True}, "trump_mode=turned_card", {"trump_mode": "turned_card"}),
    ("besigue", {"classic_sevens": True, "players": 3, "trump_mode": "first_marriage"}, "trump_mode=turned_card",
     {"trump_mode": "auto"}),
    ("besigue", {"joker_play": "free_anytime", "pack": "classic"}, "pack=haitian", {"pack": "haitian"}),
    ("besigue", {"brisque_min": 16, "brisques": "majority"}, "brisques=auto|min_count|count_and_score",
     {"brisques": "min_count"}),
    ("besigue", {"brisque_min_score": 50}, "brisques=min_score|count_and_score", {"players": 3}),
    ("besigue", {"brisque_min_score": 50, "brisques": "none"}, "brisques=min_score", {"brisques": "min_score"}),
    ("besigue", {"majority_deduction": 100}, "brisques=majority", {"brisques": "majority"}),
    ("besigue", {"bas_table_percent": 50, "players": 3}, "players=2 or partnerships=true", {"players": 2}),
    ("besigue", {"bas_table_percent": 50, "players": 4}, "players=2 or partnerships=true", {"partnerships": True}),
)


@pytest.mark.parametrize(("name", "given", "needed", "fix"), DEPENDENT)
def test_a_dependent_option_that_does_nothing_is_refused(name: str, given: dict[str, Any], needed: str,
                                                         fix: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as refused:
        make_game(name, given)
    specs = {s.name: s for s in find_game(name).option_specs}
    dependent = next(k for k in given if specs[k].requires)
    assert f"option {dependent}=" in str(refused.value) and needed in str(refused.value)
    game = make_game(name, {**given, **fix})   # with what it depends on, it is taken
    assert game.options[dependent] == specs[dependent].parse(given[dependent]) != specs[dependent].default


@pytest.mark.parametrize(("name", "given", "needed", "fix"), DEPENDENT)
def test_a_dependent_option_at_its_default_is_harmless(name: str, given: dict[str, Any], needed: str,
                                                       fix: dict[str, Any]) -> None:
    specs = {s.name: s for s in find_game(name).option_specs}
    at_default = {k: (specs[k].default if specs[k].requires else v) for k, v in given.items()}
    assert not any(specs[k].requires for k in make_game(name, at_default).options.changed())


def test_every_declared_requirement_reads_and_is_tested() -> None:
    tested = {(name, k) for name, given, _, _ in DEPENDENT for k in given}
    for name in game_names():
        cls = find_game(name)
        by_name = {s.name: s for s in cls.option_specs}
        for spec in cls.option_specs:
            if spec.requires:
                assert requirement(spec, by_name)   # names options and values that exist
                assert (name, spec.name) in tested, f"{name}: {spec.name} requires {spec.requires}: no test"


def test_presets_and_conformance_sets_stay_valid() -> None:
    for name in game_names():
        cls = find_game(name)
        for preset in cls.presets:
            cls({"preset": preset})
        for options in getattr(cls, "conformance_options", ()):
            cls(options)


def test_a_requirement_naming_no_option_is_a_mistake_of_the_game() -> None:
    spec = OptionSpec("x", 1, "", "", "", requires="nothing=1")
    with pytest.raises(ValueError, match="names no other option"):
        Options((spec,), {"x": 2})


def test_a_record_with_an_option_that_does_nothing_says_why() -> None:
    refused = read_record('[Game "piquet"]\n[Options "target=150"]\n\n')
    assert [line for line, message in refused.errors if "partie=points" in message] == [2]
    harmless = read_record('[Game "piquet"]\n[Options "target=100 liee=false"]\n\n')
    assert not [message for _, message in harmless.errors if "option" in message]

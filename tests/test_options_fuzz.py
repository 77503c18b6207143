"""Option parsing under arbitrary input: only :class:`OptionError`, and only valid values come out.

Keys and values are arbitrary text (odd Unicode, ``²``, ``٣``, control characters), huge or
negative numbers, floats, booleans and ``None``; the options of every registered game and a few
made-up specs are tried, through ``OptionSpec.parse``, ``Options``, ``parse_option_pairs`` and
``make_game``. The examples are derandomized, so that CI runs are reproducible.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.errors import OptionError
from atout.game import Options, OptionSpec, parse_int, parse_option_pairs, requirement
from atout.games import find_game, game_names, make_game

ASCII_NUMBER = re.compile(r"[+-]?[0-9]+")

MADE_UP = (
    OptionSpec("flag", False, "a flag", "un drapeau", "tests"),
    OptionSpec("count", 3, "a number", "un nombre", "tests", bounds=(1, 9)),
    OptionSpec("free", 0, "an unbounded number", "un nombre sans bornes", "tests"),
    OptionSpec("mode", "a", "a choice", "un choix", "tests", choices=("a", "b+c", "first_to_3")),
)
SPECS = MADE_UP + tuple(s for name in game_names() for s in find_game(name).option_specs)

odd_text = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(
    ["²", "٣", "१२", "１２", "5²", "+", "-", " 7 ", "+7", "-0", "1_000", "0x1F", "1e3", "true", "TRUE", "on",
     "yes", "no", "Off", "", "=", "==", "a=b=c", "\x00", "\u2003", "İ", "ǅ", "first_to_3", "3+3", "2+2+2"])
huge = st.integers(min_value=-(10**40), max_value=10**40)
values = odd_text | huge | st.booleans() | st.floats(allow_nan=True) | st.none()
names = odd_text | st.sampled_from([s.name for s in SPECS] + ["preset"])


def valid(spec: OptionSpec, value: Any) -> bool:
    if isinstance(spec.default, bool):
        return isinstance(value, bool)
    if isinstance(spec.default, int):
        lo, hi = spec.bounds or (-(10**9), 10**9)
        return type(value) is int and lo <= value <= hi
    return value in spec.choices


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from(SPECS), values)
def test_option_spec_parse(spec: OptionSpec, value: Any) -> None:
    try:
        parsed = spec.parse(value)
    except OptionError:
        return
    assert valid(spec, parsed), (spec.name, value, parsed)
    if isinstance(spec.default, int) and not isinstance(spec.default, bool) and isinstance(value, str):
        assert ASCII_NUMBER.fullmatch(value.strip()), f"{value!r} read as the number {parsed}"
    assert spec.parse(parsed) == parsed


@settings(max_examples=300, deadline=None, derandomize=True)
@given(values)
def test_parse_int_reads_ascii_digits_only(value: Any) -> None:
    number = parse_int(value)
    if number is not None and isinstance(value, str):
        assert ASCII_NUMBER.fullmatch(value.strip()) and int(value) == number


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.dictionaries(names, values, max_size=5))
def test_options_of_made_up_specs(given_values: dict[str, Any]) -> None:
    try:
        options = Options(MADE_UP, given_values, {"quick": {"count": 1}, "odd": {"mode": "b+c", "flag": "yes"}})
    except OptionError:
        return
    assert set(options) == {s.name for s in MADE_UP}
    assert all(valid(s, options[s.name]) for s in MADE_UP)
    assert Options(MADE_UP, parse_option_pairs(options.text())) == options


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(odd_text, max_size=6) | odd_text)
def test_parse_option_pairs(pairs: list[str] | str) -> None:
    try:
        parsed = parse_option_pairs(pairs)
    except OptionError:
        return
    assert all(isinstance(k, str) and k and k == k.strip() and isinstance(v, str) for k, v in parsed.items())


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(game_names()), st.dictionaries(names, values, max_size=4) | st.lists(odd_text, max_size=4))
def test_make_game(name: str, options: dict[str, Any] | list[str]) -> None:
    try:
        game = make_game(name, options if isinstance(options, dict) else parse_option_pairs(options))
    except OptionError:
        return
    assert all(valid(s, game.options[s.name]) for s in game.option_specs)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(odd_text)
def test_unknown_game_names(name: str) -> None:
    try:
        found = find_game(name)
    except OptionError:
        return
    assert found.name in game_names()


def values_of(spec: OptionSpec) -> st.SearchStrategy[Any]:
    """Values ``spec`` takes (a flag, a number within its bounds, one of its choices)."""
    if isinstance(spec.default, bool):
        return st.booleans()
    if isinstance(spec.default, int):
        lo, hi = spec.bounds or (-(10**9), 10**9)
        return st.integers(min_value=lo, max_value=hi)
    return st.sampled_from(spec.choices)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.sampled_from(game_names()), st.data())
def test_an_option_that_would_do_nothing_never_comes_out(name: str, data: st.DataObject) -> None:
    """Valid values mixed at random: a game is made only when each option away from its default
    has what it depends on (``OptionSpec.requires``); a refusal names the option."""
    cls = find_game(name)
    by_name = {s.name: s for s in cls.option_specs}
    keys = data.draw(st.lists(st.sampled_from(list(by_name)), max_size=6, unique=True))
    given_values = {key: data.draw(values_of(by_name[key])) for key in keys}
    try:
        game = cls(given_values)
    except OptionError as error:
        assert any(f"option {key}" in str(error) or key in str(error) for key in given_values) or "pack" in str(error)
        return
    for spec in cls.option_specs:
        if spec.requires and game.options[spec.name] != spec.default:
            assert any(all(game.options[other] in allowed for other, allowed in terms)
                       for terms in requirement(spec, by_name)), (spec.name, spec.requires, given_values)

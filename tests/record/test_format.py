"""The record grammar: tags, moves, the Result, Start and View tags; only ASCII digits are numbers."""

from __future__ import annotations

import pytest

from atout.record.format import (
    FormatError,
    ResultTag,
    format_move,
    format_result,
    format_start,
    format_tag,
    parse_move,
    parse_result,
    parse_scores,
    parse_start,
    parse_tag,
    parse_view,
    seat_of_tag,
)


@pytest.mark.parametrize("value", ['Jean "le Grand"', "back\\slash", "deux\nlignes", "", "é ü ♥ 🂡",
                                   "sep\u2028ar\u2029ated\u0085", "lone \ud800 surrogate", "[Game \"x\"]"])
def test_tag_values_round_trip_and_stay_on_one_utf8_line(value: str) -> None:
    line = format_tag("Event", value)
    assert "\n" not in line and "\u2028" not in line and "\u2029" not in line and "\u0085" not in line
    line.encode("utf-8")  # no lone surrogate is written raw
    assert parse_tag(line) == ("Event", value)


@pytest.mark.parametrize("line", ['[Game sizette]', '[Game "sizette"', '["Game" "x"]', '[Gäme "x"]',
                                  '[Game "bad \\q escape"]', '[Game "x" "y"]', '[1Game "x"]'])
def test_malformed_tags(line: str) -> None:
    with pytest.raises(FormatError, match="malformed tag"):
        parse_tag(line)


def test_tag_names_must_be_names() -> None:
    with pytest.raises(FormatError):
        format_tag("Two words", "x")


def test_moves() -> None:
    assert format_move(-1, "deal 0=KH") == "*: deal 0=KH"
    assert parse_move("  3:captain 3 \r") == (3, "captain 3")
    assert parse_move('2: remark "a: b"') == (2, 'remark "a: b"')
    assert parse_move("*: draw 0=KH", 4) == (-1, "draw 0=KH")
    with pytest.raises(FormatError, match="seats 0 to 3"):
        parse_move("4: KH", 4)
    with pytest.raises(FormatError, match="no action"):
        parse_move("2:  ")
    with pytest.raises(FormatError, match="not a tag, a comment or a move"):
        parse_move("KH")


@pytest.mark.parametrize("prefix", ["٣", "３", "²", "-1", "+1", "1.0", "1000", "x", "", "**", "1 2"])
def test_only_short_ascii_numbers_are_seats(prefix: str) -> None:
    with pytest.raises(FormatError, match="bad seat prefix"):
        parse_move(f"{prefix}: KH")


def test_seat_tags_are_ascii() -> None:
    assert [seat_of_tag(n) for n in ("Seat0", "Seat12", "Seat٣", "Seat", "Seat1x", "seat1")] == \
        [0, 12, None, None, None, None]


@pytest.mark.parametrize("winners, scores, reason, text", [
    ((0,), (5, 3), "target", "0 5-3 target"),
    ((1,), (0, 1), "abandon", "1 0-1 abandon"),
    ((), (3, 3), "deals", "= 3-3 deals"),
    ((0, 2), (5, 1, 5), "deals", "0,2 5-1-5 deals"),
    ((1,), (-2, 4), "target", "1 -2-4 target"),
    ((0,), (3, -1), "target", "0 3--1 target"),
])
def test_results_round_trip(winners: tuple[int, ...], scores: tuple[int, ...], reason: str, text: str) -> None:
    assert format_result(winners, scores, reason) == text
    assert parse_result(text) == ResultTag(winners, scores, reason)


def test_unfinished_result() -> None:
    assert format_result(None, (1, 2), "") == "*"
    assert parse_result(" * ") is None


@pytest.mark.parametrize("text", ["A 5-3 target", "0 5-3", "0 5:3 target", "0 5-3 Target", "0,0 5-3 target",
                                  "٠ 5-3 target", "0 ٥-3 target", "0 5-3 target extra", "", "0 5--3- deals",
                                  "0 " + "9" * 20 + "-1 target"])
def test_bad_results(text: str) -> None:
    with pytest.raises(FormatError, match="bad result"):
        parse_result(text)


def test_scores() -> None:
    assert parse_scores("5-3-2") == (5, 3, 2)
    assert parse_scores("--1") is None and parse_scores("") is None and parse_scores("1--") is None


@pytest.mark.parametrize("setup", [
    {"dealer": "3", "captains": "2,3", "scores": "0-1"},
    {},
    {"scores": "3 1", "note": 'a "quoted" = word', "empty": "", "odd": "x\u2028\ud800y", "tab": "a\tb"},
])
def test_start_tag_round_trips_any_setup(setup: dict[str, str]) -> None:
    text = format_start(setup)
    assert parse_start(text) == setup
    assert parse_tag(format_tag("Start", text)) == ("Start", text)
    assert format_start({"dealer": "3", "captains": "2,3"}) == "dealer=3 captains=2,3"


@pytest.mark.parametrize("text", ["dealer", "dealer=3 dealer=4", "=3", "a=b=c", "dé=3", 'a="x"b', 'a="x', 'a=x"',
                                  "a =3"])
def test_bad_start_tags(text: str) -> None:
    with pytest.raises(FormatError, match="bad start"):
        parse_start(text)


def test_setup_keys_must_be_names() -> None:
    with pytest.raises(FormatError):
        format_start({"two words": "x"})


def test_view_tag() -> None:
    assert parse_view("0", 4) == 0 and parse_view("spectator") is None
    for bad in ("٢", "-1", "Spectator", "", "1 2"):
        with pytest.raises(FormatError, match="bad view"):
            parse_view(bad)
    with pytest.raises(FormatError, match="seats 0 to 3"):
        parse_view("4", 4)


def test_messages_in_french() -> None:
    with pytest.raises(FormatError, match="préfixe de place invalide"):
        parse_move("x: KH", lang="fr")
    with pytest.raises(FormatError, match="résultat invalide"):
        parse_result("?", lang="fr")

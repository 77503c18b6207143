"""``atout`` arguments, variants and usage errors (exit code 2, one line, no traceback)."""

from __future__ import annotations

import json

import pytest

from atout.cli.main import main
from atout.games import make_game


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variants_lists_every_option_with_its_default(game_name: str, lang: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", game_name, "--lang", lang]) == 0
    out = capsys.readouterr().out
    for spec in make_game(game_name).option_specs:
        assert f"\n{spec.name}\n" in out
        default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        label = "défaut : " if lang == "fr" else "default: "
        assert f"{label}{default} " in out
        assert (spec.help_fr if lang == "fr" else spec.help_en) in out
        assert spec.source in out
        assert spec.allowed() in out


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "quadrette", "--json", "--lang", "fr"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_name = {d["name"]: d for d in data}
    assert by_name["win_rule"]["default"] == "first_to_3"
    assert by_name["win_rule"]["allowed"] == "first_to_3 | four_needed"
    assert by_name["target_points"]["help"] == "points qui gagnent la partie"
    assert by_name["play_out_all_tricks"]["default"] is False


@pytest.mark.parametrize("argv, message", [
    (["variants", "belote"], "unknown game 'belote'; games are: sizette, quadrette"),
    (["play", "whist"], "unknown game 'whist'"),
    (["play", "sizette", "-o", "target_points=0"], "option target_points: 0 is outside 1..99"),
    (["play", "sizette", "-o", "no_such=1"], "unknown option 'no_such'"),
    (["play", "sizette", "-o", "target_points"], "an option is written name=value"),
    (["play", "quadrette", "--seat", "4"], "seat 4 does not exist: quadrette has seats 0..3"),
    (["play", "sizette", "--lang", "de"], "invalid choice: 'de'"),
    (["play", "sizette", "--seed", "x"], "invalid int value: 'x'"),
    (["simulate", "sizette", "-o", "win_rule=four_needed"], "unknown option 'win_rule'"),
    (["bench", "engine", "--seconds", "0"], "--seconds must be positive"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    ([], "required: COMMAND"),
])
def test_usage_errors_exit_2_with_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert "Traceback" not in captured.err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "simulate", "variants", "bench", "validate", "replay"):
        assert command in out
    assert main(["play", "--help"]) == 0
    assert "--record" in capsys.readouterr().out


def test_unreadable_file_is_a_usage_error(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("atout.record")
    missing = tmp_path / "nope.rec"
    assert main(["validate", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"cannot read {missing}" in err and "Traceback" not in err
    binary = tmp_path / "bin.rec"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    assert main(["replay", str(binary)]) == 2
    assert "cannot read" in capsys.readouterr().err

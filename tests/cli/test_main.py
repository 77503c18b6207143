"""``atout`` arguments, variants and usage errors (exit code 2, one line, no traceback)."""

from __future__ import annotations

import json

import pytest

from atout.cli.main import main
from atout.game import option_value_text
from atout.games import make_game


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variants_lists_every_option_with_its_default(game_name: str, lang: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", game_name, "--lang", lang]) == 0
    out = capsys.readouterr().out
    for spec in make_game(game_name).option_specs:
        assert f"\n{spec.name}\n" in out
        default = option_value_text(spec.default, lang)   # a flag: vrai or faux in French
        label = "défaut : " if lang == "fr" else "default: "
        assert f"{label}{default} " in out
        assert (spec.help_fr if lang == "fr" else spec.help_en) in out
        assert spec.source in out
        assert spec.allowed(lang) in out
        assert ("vrai | faux" in spec.allowed(lang)) == (lang == "fr" and isinstance(spec.default, bool))


def test_variants_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "quadrette", "--json", "--lang", "fr"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "quadrette" and data["title"] == "Quadrette"
    game = make_game("quadrette")
    assert [p["name"] for p in data["presets"]] == list(game.presets)
    for preset in data["presets"]:
        assert preset["options"] == {k: v for k, v in game.presets[preset["name"]].items()}
    by_name = {d["name"]: d for d in data["options"]}
    assert by_name["win_rule"]["default"] == "first_to_3"
    assert by_name["win_rule"]["allowed"] == "first_to_3 | four_needed"
    assert by_name["target_points"]["help"] == "points qui gagnent la partie"
    assert by_name["play_out_all_tricks"]["default"] is False


@pytest.mark.parametrize("argv, message", [
    (["variants", "belote"], "unknown game 'belote'; games are: sizette, quadrette"),
    (["play", "bridge"], "unknown game 'bridge'"),
    (["play", "sizette", "-o", "target_points=0"], "option target_points: 0 is outside 1..99"),
    (["play", "sizette", "-o", "no_such=1"], "unknown option 'no_such'"),
    (["play", "sizette", "-o", "target_points"], "an option is written name=value"),
    (["play", "quadrette", "--seat", "4"], "seat 4 does not exist: quadrette has seats 0..3"),
    (["play", "sizette", "--lang", "de"], "invalid choice: 'de'"),
    (["play", "sizette", "--seed", "x"], "'x' is not a whole number (ASCII digits)"),
    (["play", "sizette", "--seat", "٣"], "'٣' is not a whole number (ASCII digits)"),
    (["play", "sizette", "--seat", "²", "--lang", "fr"], "'²' n'est pas un nombre entier (chiffres ASCII)"),
    (["simulate", "quadrette", "--games", "１"], "'１' is not a whole number"),
    (["play", "sizette", "-o", "preset=nonesuch"], "unknown preset 'nonesuch'"),
    (["simulate", "sizette", "-o", "win_rule=four_needed"], "unknown option 'win_rule'"),
    (["bench", "engine", "--seconds", "0"], "--seconds must be positive"),
    (["bench", "engine", "--games", "belote"], "unknown game 'belote'"),
    (["bench", "engine", "--games", "piquet", "-o", "partie=one"], "option partie: 'one' is not one of"),
    (["bench", "engine", "-o", "target_points"], "an option is written name=value"),
    (["bench", "engine", "--games", "whist", "--presets", "-o", "preset=nonesuch"], "unknown preset 'nonesuch'"),
    (["bench", "engine", "--tables", "3"], "--tables: not read by atout bench engine, which reads --baseline"),
    (["bench", "search", "-o", "a=1", "--runs", "2"], "--runs, -o: not read by atout bench search"),
    (["bench", "search", "--games", "belote"], "unknown game 'belote'"),
    (["bench", "search", "--positions", "0"], "--positions at least 1"),
    (["bench", "server", "--games", "whist,piquet"], "atout bench server runs one game"),
    (["bench", "server", "--presets", "--lang", "fr"], "--presets : sans effet sur atout bench server"),
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


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variants_lists_the_presets_and_cites_sources_by_title(game_name: str, lang: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", game_name, "--lang", lang]) == 0
    out = capsys.readouterr().out
    game = make_game(game_name)
    assert ("Préréglages (-o preset=NOM) :" if lang == "fr" else "Presets (-o preset=NAME):") in out
    assert game.presets, "the game has presets to list"
    for name, values in game.presets.items():
        shown = " ".join(f"{k}={option_value_text(v, lang)}" for k, v in values.items())
        assert f"  {name}: {shown}" in out
    for forbidden in ("../shared", "RULES.md", "DP-", "seed 000", "seed 001"):
        assert forbidden not in out, forbidden


def test_play_with_a_preset_shows_its_options(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import io

    game = make_game("sizette")
    name = next(iter(game.presets))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "sizette", "--seed", "1", "--bots", "random", "-o", f"preset={name}"]) == 0
    out = capsys.readouterr().out
    expected = make_game("sizette", {"preset": name}).options.text()
    assert (f"Options: {expected}." in out) if expected else ("Options:" not in out)


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

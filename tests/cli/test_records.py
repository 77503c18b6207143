"""``atout validate``, ``replay``, ``simulate`` and ``bench``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from atout.chance import Deal
from atout.cli.main import main
from atout.cli.render import make_renderer
from atout.cli.render.seats import score_text
from atout.game import CHANCE
from atout.games import make_game


def random_partie(game_name: str = "quadrette", seed: int = 5, target: int = 2) -> Any:
    state = make_game(game_name, {"target_points": target}).new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.moves())))
    return state


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, Any]:
    from atout.record import write_record

    state = random_partie()
    path = tmp_path / "partie.rec"
    path.write_text(write_record(state, {"Seat0": "Alice"}), encoding="utf-8")
    return path, state


def test_validate_ok(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    outcome = state.outcome()
    winner = state.game.sides.name(outcome.winners[0])
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: ")
    assert f"result: team {winner} wins {score_text(outcome.scores)} (target reached)" in out
    assert main(["validate", str(path), "--lang", "fr"]) == 0
    assert f"l'équipe {winner} gagne {score_text(outcome.scores)} (objectif atteint)" in capsys.readouterr().out


def corrupt(path: Path) -> int:
    """Replace the first card play by a card its seat cannot hold; return that line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        seat, _, action = line.partition(": ")
        if seat.isdigit() and len(action) <= 3 and action[-1:] in ("S", "H", "D", "C"):
            lines[i] = f"{seat}: 2C"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            return i + 1
    raise AssertionError("no card play found")


def test_validate_reports_file_line_message(record_file: tuple[Path, Any],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = record_file
    line = corrupt(path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:{line}: ")
    assert "Traceback" not in out


def test_replay_shows_every_deal_in_full(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Quadrette (target_points=2)")
    renderer = make_renderer(state.game, "en", None)
    deals = [action for seat, action in state.history if isinstance(action, Deal)]
    assert deals and out.count("deals. Atout (trump):") == len(deals)
    for deal in deals:
        for seat, hand in enumerate(deal.hands):
            assert f"  seat {seat}: {renderer.hand_text(hand)}" in out
        assert f"  talon: {' '.join(c.pretty('en') for c in deal.talon)}" in out
    assert "Levée 1 to seat" in out and "Score: " in out
    assert "wins the partie" in out


def test_replay_in_french(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    renderer = make_renderer(state.game, "fr", None)
    first = next(action for seat, action in state.history if isinstance(action, Deal))
    assert "Coup 1 : le joueur" in out and " donne. Atout : " in out
    assert f"  joueur 0 : {renderer.hand_text(first.hands[0])}" in out
    assert "gagne la partie" in out


def test_replay_json(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "quadrette"
    assert list(data["result"]["scores"]) == list(state.outcome().scores)


def test_replay_of_a_bad_record_exits_1(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = record_file
    line = corrupt(path)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{line}: " in err


def test_simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "quadrette", "--games", "2", "--seed", "1", "-o", "target_points=1", "--bots",
            "heuristic,random"]
    assert main(argv) == 0
    assert "quadrette, 2 parties: heuristic v random" in capsys.readouterr().out
    records = tmp_path / "recs"
    assert main([*argv, "--json", "--records", str(records)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2
    assert len(list(records.iterdir())) == 2
    assert main(["simulate", "quadrette", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


@pytest.mark.parametrize("lang, message", [("en", "is a file, not a directory"),
                                           ("fr", "est un fichier, pas un dossier")])
def test_simulate_records_into_a_file_is_a_usage_error(tmp_path: Path, lang: str, message: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# notes\n", encoding="utf-8")
    argv = ["simulate", "quadrette", "--games", "1", "--records", str(readme), "--lang", lang]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{readme} {message}" in captured.err
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err
    assert readme.read_text(encoding="utf-8") == "# notes\n"


def test_simulate_progress_goes_to_stderr_and_json_stays_clean(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "quadrette", "--games", "2", "--seed", "1", "-o", "target_points=1", "--json"]
    assert main([*argv, "--progress"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 2
    assert "2/2 parties" in captured.err
    assert main([*argv, "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_bench(capsys: pytest.CaptureFixture[str]) -> None:
    from atout.games import game_names

    quick = ["--seconds", "0.05", "--runs", "2", "--positions", "12", "--rounds", "1"]   # the command, not its figures
    assert main(["bench", "engine", *quick, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["games"]) == set(game_names())   # every registered game, through the contract alone
    assert main(["bench", "engine", "--games", "quadrette", *quick, "--lang", "fr"]) == 0
    assert "Banc d'essai du moteur" in capsys.readouterr().out
    assert main(["bench", "search", "--games", "quadrette", "--positions", "2", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "quadrette : 4 décisions de carte" in out and "solveur, chaque carte permise : moyenne" in out

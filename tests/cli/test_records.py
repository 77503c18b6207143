"""``atout validate``, ``replay``, ``simulate`` and ``bench`` (skipped while their layer is missing)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from atout.cli.main import main
from atout.game import CHANCE
from atout.games import make_game


def random_partie(game_name: str = "quadrette", seed: int = 5, target: int = 2) -> Any:
    state = make_game(game_name, {"target_points": target}).new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.fixture
def record_file(tmp_path: Path) -> tuple[Path, Any]:
    record = pytest.importorskip("atout.record")
    state = random_partie()
    path = tmp_path / "partie.rec"
    path.write_text(record.write_record(state, {"Seat0": "Alice"}), encoding="utf-8")
    return path, state


def test_validate_ok(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    winner = "AB"[state.winner_team]
    assert out.startswith("ok: ")
    assert f"result: team {winner} wins A {state.scores[0]} – B {state.scores[1]} (target reached)" in out
    assert main(["validate", str(path), "--lang", "fr"]) == 0
    assert f"l'équipe {winner} gagne" in capsys.readouterr().out


def corrupt(path: Path) -> int:
    """Replace the first card play by a card its seat cannot hold; return that line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        seat, _, action = line.partition(": ")
        if seat.isdigit() and len(action) <= 3 and action[-1] in "SHDC":
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


def test_replay_account_and_json(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Quadrette (target_points=2)")
    assert "Coup 1 — dealer seat" in out and "  levée 1: seat" in out
    assert "wins the partie" in out
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Coup 1 — donneur joueur" in out and "gagne la partie" in out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "quadrette"
    assert list(data["result"]["scores"]) == list(state.scores)


def test_replay_of_a_bad_record_exits_1(record_file: tuple[Path, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = record_file
    line = corrupt(path)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{line}: " in err


def test_simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("atout.bots")
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


def test_bench(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("atout.bench")
    assert main(["bench", "engine", "--seconds", "0.1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["games"]) == {"sizette", "quadrette"}
    assert main(["bench", "engine", "--seconds", "0.1", "--lang", "fr"]) == 0
    assert "Banc d'essai du moteur" in capsys.readouterr().out

"""The simulator: the heuristic beats random clearly, runs are reproducible, figures are sound."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

from atout.bots import format_simulation, simulate
from atout.bots.simulate import wilson_interval


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_heuristic_beats_random_by_a_wide_margin(game_name: str) -> None:
    result = simulate(game_name, {}, games=200, seed=7)
    assert result["games"] == 200 and sum(result["wins"]) == 200
    assert result["win_rate_ci95"][0] > 0.6, format_simulation(result)
    assert result["margin_ci95"][0] > 0.1
    assert result["mean_points"][0] > result["mean_points"][1]
    json.dumps(result)  # JSON-ready


def _stable(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("elapsed_seconds", "machine")}


def test_simulation_is_deterministic_for_a_seed() -> None:
    a = simulate("quadrette", {"target_points": 3}, games=16, seed=11)
    b = simulate("quadrette", {"target_points": 3}, games=16, seed=11)
    c = simulate("quadrette", {"target_points": 3}, games=16, seed=12)
    assert _stable(a) == _stable(b)
    assert _stable(a) != _stable(c)


def test_result_fields() -> None:
    r = simulate("sizette", {"target_points": 2}, bots=("random", "random"), games=6, seed=1,
                 bot_options=({"talk_prob": 0.3}, {}))
    assert r["game"] == "sizette" and r["options"] == {"target_points": 2} and r["bots"] == ["random", "random"]
    assert r["seed"] == 1 and r["games"] == 6 and sum(r["wins"]) == 6
    lo, hi = r["win_rate_ci95"]
    assert lo <= r["win_rate"] <= hi
    assert r["margin"] == pytest.approx(r["win_rate"] - 0.5)
    assert r["margin_ci95"] == pytest.approx([lo - 0.5, hi - 0.5])
    assert r["mean_hands"] >= 2 and r["decisions"] > 0 and r["elapsed_seconds"] > 0
    assert set(r["machine"]) >= {"processor", "machine", "python", "cpu_count"}
    with pytest.raises(ValueError):
        simulate("sizette", {}, bots=("random",), games=2)


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(150, 200)
    assert lo == pytest.approx(0.6856, abs=1e-3) and hi == pytest.approx(0.8049, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_format_in_english_and_french() -> None:
    r = simulate("quadrette", {"target_points": 2}, games=4, seed=3)
    en, fr = format_simulation(r, "en"), format_simulation(r, "fr")
    assert "heuristic v random" in en and "win rate of heuristic" in en and "95% CI" in en
    assert "heuristic contre random" in fr and "taux de victoire" in fr and "IC à 95 %" in fr
    assert "target_points=2" in en
    with pytest.raises(ValueError):
        format_simulation(r, "de")


def test_records_one_file_per_partie_and_sides_alternate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[dict[str, str]] = []

    def write_record(state, tags=None):  # a stand-in for atout.record.write_record
        written.append(dict(tags or {}))
        return f"[Game \"{state.game.name}\"]\n"

    fake = types.ModuleType("atout.record")
    fake.write_record = write_record  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "atout.record", fake)
    simulate("quadrette", {"target_points": 1}, games=3, seed=5, records_dir=tmp_path / "recs")
    files = sorted(p.name for p in (tmp_path / "recs").iterdir())
    assert files == ["partie-0001.txt", "partie-0002.txt", "partie-0003.txt"]
    assert [w["Seat0"] for w in written] == ["heuristic", "random", "heuristic"]  # first bot: A, B, A
    assert [w["Seat1"] for w in written] == ["random", "heuristic", "random"]


def test_records_replay_with_the_record_layer(tmp_path: Path) -> None:
    record = pytest.importorskip("atout.record")
    simulate("quadrette", {"target_points": 2}, games=2, seed=5, records_dir=tmp_path)
    for name in ("partie-0001.txt", "partie-0002.txt"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert record.replay(record.read_record(text)).ok

"""The simulator: game-neutral sides, reproducible runs, sound figures, a clear error for a records
"folder" that is a file, and a progress line on terminals only."""

from __future__ import annotations

import io
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.bots import format_simulation, simulate
from atout.bots.progress import Progress
from atout.confidence import wilson_interval
from atout.tricks import trick_winner
from tests.toygame import ORDER, ToyGame


class Greedy:
    """A policy written for the toy, registered the way a real game's heuristic is (``BOTS`` in a
    module its game class names: ``bots_module``): it wins a trick as cheaply as it can, else plays its least
    card; it leads its best card (``lead="high"``) or its least (``"low"``)."""

    name = "greedy"

    def __init__(self, rng: Any = None, lead: str = "high"):
        if lead not in ("high", "low"):
            raise ValueError(f"lead must be high or low, got {lead!r}")
        self.lead = lead

    def act(self, obs: Any) -> Any:
        cards = [a for a in obs.legal if a.kind is ActionKind.MOVE]

        def worth(card: Any) -> tuple[bool, int]:
            return card.suit == obs.trump, ORDER.strength[card]

        if not obs.trick:
            return max(cards, key=worth) if self.lead == "high" else min(cards, key=worth)
        played = [c for _, c in obs.trick]
        winning = [c for c in cards if trick_winner([*played, c], obs.trump, ORDER.strength) == len(played)]
        return min(winning or cards, key=worth)


BOTS = {"greedy": Greedy}


@pytest.fixture
def toy_policies(toy: type[ToyGame], monkeypatch: pytest.MonkeyPatch) -> type[ToyGame]:
    """The toy game registered, with this module as its policies."""
    monkeypatch.setattr(toy, "bots_module", __name__)
    return toy


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_heuristic_beats_random(game_name: str) -> None:
    result = simulate(game_name, {}, games=120, seed=7)
    assert result["games"] == 120 and sum(result["wins"]) + result["ties"] == 120
    # 95% Wilson interval of the heuristic's win rate lies well above an even game
    assert result["win_rate_ci95"][0] > 0.65, format_simulation(result)
    assert result["margin_ci95"][0] > 0.15
    assert result["mean_points"][0] > result["mean_points"][1]
    json.dumps(result)  # JSON-ready


def _stable(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("elapsed_seconds", "machine")}


def test_simulation_is_deterministic_for_a_seed() -> None:
    a = simulate("quadrette", {"target_points": 3}, games=12, seed=11)
    b = simulate("quadrette", {"target_points": 3}, games=12, seed=11)
    c = simulate("quadrette", {"target_points": 3}, games=12, seed=12)
    assert _stable(a) == _stable(b)
    assert _stable(a) != _stable(c)


def test_result_fields() -> None:
    r = simulate("sizette", {"target_points": 2}, bots=("random", "random"), games=6, seed=1,
                 bot_options=({"talk_prob": 0.3}, {}))
    assert r["game"] == "sizette" and r["options"] == {"target_points": 2} and r["bots"] == ["random", "random"]
    assert r["seed"] == 1 and r["games"] == 6 and sum(r["wins"]) == 6 and r["ties"] == 0 and r["sides"] == 2
    lo, hi = r["win_rate_ci95"]
    assert lo <= r["win_rate"] <= hi
    assert r["margin"] == pytest.approx(r["win_rate"] - 0.5)
    assert r["margin_ci95"] == pytest.approx([lo - 0.5, hi - 0.5])
    assert r["mean_hands"] >= 2 and r["decisions"] > 0 and r["elapsed_seconds"] > 0
    assert set(r["machine"]) >= {"processor", "machine", "python", "cpus"}
    with pytest.raises(ValueError):
        simulate("sizette", {}, bots=("random",), games=2)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("sizette", {}, bots=("random", "genius"), games=2)
    with pytest.raises(ValueError):
        simulate("sizette", {}, bot_options=({"talk_prob": 2}, {}), games=2)


def test_any_number_of_sides_and_ties(toy_policies: type[ToyGame]) -> None:
    # three players alone: the first bot plays one side, the second bot the two others
    r = simulate("toy", {"seats": "3", "target": "6"}, bots=("random", "random"), games=30, seed=2)
    assert r["sides"] == 3 and r["even_rate"] == pytest.approx(1 / 3)
    assert sum(r["wins"]) + r["ties"] == 30 and r["ties"] == 0  # a toy partie to a target never ends tied
    assert r["margin"] == pytest.approx(r["win_rate"] - 1 / 3)
    # one deal of six tricks between two: a tie when they share them three and three
    ties = simulate("toy", {"seats": "2", "deals": "1"}, bots=("random", "random"), games=20, seed=1)
    tied = 20 - sum(ties["wins"])
    assert ties["ties"] == tied > 0 and ties["win_rate"] == ties["wins"][0] / 20
    assert f"ties: {tied}" in format_simulation(ties) and f"parties nulles : {tied}" in format_simulation(ties, "fr")
    with pytest.raises(ValueError, match="unknown bot 'heuristic' for toy; bots are: random, greedy"):
        simulate("toy", {}, games=2)  # no heuristic was written for the toy game


def test_each_bot_plays_each_side_in_turn(toy_policies: type[ToyGame], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[dict[str, str]] = []

    def write_record(state, tags=None):  # a stand-in for atout.record.write_record
        written.append(dict(tags or {}))
        return f"[Game \"{state.game.name}\"]\n"

    fake = types.ModuleType("atout.record")
    fake.write_record = write_record  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "atout.record", fake)
    r = simulate("toy", {"seats": "3"}, bots=("greedy", "random"), games=4, seed=5, records_dir=tmp_path / "recs")
    files = sorted(p.name for p in (tmp_path / "recs").iterdir())
    assert files == ["partie-0001.txt", "partie-0002.txt", "partie-0003.txt", "partie-0004.txt"]
    # the measured bot holds side 0, 1, 2, then 0 again; the other bot every other side
    assert [[w[f"Seat{s}"] for s in range(3)] for w in written] == [
        ["greedy", "random", "random"], ["random", "greedy", "random"],
        ["random", "random", "greedy"], ["greedy", "random", "random"]]
    assert r["bots"] == ["greedy", "random"]


def test_a_game_policy_registered_by_name_is_found(toy_policies: type[ToyGame]) -> None:
    r = simulate("toy", {"seats": "2", "target": "20"}, bots=("greedy", "random"), games=200, seed=3)
    assert r["win_rate_ci95"][0] > 0.5, format_simulation(r)
    with pytest.raises(ValueError, match="lead"):
        simulate("toy", {}, bots=("greedy", "random"), bot_options=({"lead": "middle"}, {}), games=1)
    with pytest.raises(ValueError, match="unexpected keyword"):
        simulate("toy", {}, bots=("greedy", "random"), bot_options=({"detail": "high"}, {}), games=1)


def test_records_into_a_file_is_a_clear_error(tmp_path: Path) -> None:
    existing = tmp_path / "README.md"
    existing.write_text("not a folder", encoding="utf-8")
    with pytest.raises(NotADirectoryError) as caught:
        simulate("quadrette", {}, games=2000, seed=1, records_dir=existing)  # fails before playing
    assert caught.value.filename == str(existing)
    assert "file, not a folder" in str(caught.value)
    assert existing.read_text(encoding="utf-8") == "not a folder"


def test_records_replay_with_the_record_layer(tmp_path: Path) -> None:
    record = pytest.importorskip("atout.record")
    simulate("quadrette", {"target_points": 2}, games=2, seed=5, records_dir=tmp_path)
    for name in ("partie-0001.txt", "partie-0002.txt"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert record.replay(record.read_record(text)).ok


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(150, 200)
    assert lo == pytest.approx(0.6856, abs=1e-3) and hi == pytest.approx(0.8049, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_format_in_english_and_french() -> None:
    r = simulate("quadrette", {"target_points": 2}, games=4, seed=3)
    en, fr = format_simulation(r, "en"), format_simulation(r, "fr")
    assert "heuristic v random" in en and "win rate of heuristic" in en and "95% CI" in en
    assert "heuristic contre random" in fr and "taux de victoire" in fr and "IC à 95 %" in fr
    assert "target_points=2" in en and "\nties:" not in en
    with pytest.raises(ValueError):
        format_simulation(r, "de")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal(toy: type[ToyGame], monkeypatch: pytest.MonkeyPatch) -> None:
    quiet = io.StringIO()
    bar = Progress(10, "toy", stream=quiet, every=0.0)
    for i in range(1, 11):
        bar.update(i)
    bar.close()
    assert quiet.getvalue() == ""  # not a terminal: nothing
    tty = Terminal()
    bar = Progress(10, "toy", stream=tty, every=0.0, lang="fr")
    for i in range(1, 11):
        bar.update(i)
    bar.close()
    lines = tty.getvalue().split("\r")
    assert "toy : 1/10 parties" in lines[1] and lines[-1].strip() == "toy : 10/10 parties, terminé"
    # simulate shows it on standard error when that is a terminal, and never on standard output
    err, out = Terminal(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", out)
    simulate("toy", {"seats": "2"}, bots=("random", "random"), games=3)
    assert "toy: 3/3 parties, done" in err.getvalue() and out.getvalue() == ""
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    simulate("toy", {"seats": "2"}, bots=("random", "random"), games=3)
    assert pipe.getvalue() == ""

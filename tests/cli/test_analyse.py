"""``atout analyse RECORD``: every card played valued with all cards in view, against the best card."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from atout.bots import make_bot, play_partie
from atout.cards import Card
from atout.cli.main import main
from atout.games import make_game
from atout.record import record_view, write_record

pytest.importorskip("endplay")


def _whist_partie(oracle_seat: int | None, seed: int) -> object:
    """Two hands of whist: heuristics, and the oracle at ``oracle_seat``."""
    game = make_game("whist")
    bots = [make_bot("oracle" if s == oracle_seat else "heuristic", game, random.Random(seed + s)) for s in range(4)]
    return play_partie(game, bots, random.Random(seed), hands=2)


def test_every_card_is_valued_and_the_oracle_never_loses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = _whist_partie(oracle_seat=0, seed=11)
    path = tmp_path / "whist.txt"
    path.write_text(write_record(state), encoding="utf-8")
    assert main(["analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    played = [(n, seat, a) for n, (seat, a) in enumerate(state.history) if type(a) is Card]
    assert [(v["step"], v["seat"], v["card"]) for v in data["verdicts"]] == [(n, s, str(c)) for n, s, c in played]
    for v in data["verdicts"]:
        assert v["best"] >= v["value"] and (v["loss"] == 0) == (v["card"] in v["best_cards"])
    seats = {row["seat"]: row for row in data["seats"]}
    assert seats[0]["loss"] == 0 and seats[0]["errors"] == 0       # the oracle plays a best card every time
    assert sum(row["errors"] for row in data["seats"]) > 0         # the heuristics do not


def test_text_in_french_names_the_costly_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = _whist_partie(oracle_seat=None, seed=12)
    path = tmp_path / "whist.txt"
    path.write_text(write_record(state), encoding="utf-8")
    assert main(["analyse", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("whist : ") and "Donne 2" in out and "a coûté" not in out.splitlines()[0]
    assert "de moins que" in out and "place 0 : " in out


def test_a_view_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = _whist_partie(oracle_seat=None, seed=13)
    path = tmp_path / "view.txt"
    path.write_text(record_view(state, 1), encoding="utf-8")
    assert main(["analyse", str(path)]) == 1
    assert "seat 1's view of the partie" in capsys.readouterr().err


def test_a_broken_record_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Game "whist"]\n\n0: KH\n', encoding="utf-8")
    assert main(["analyse", str(path)]) == 1
    assert "bad.txt:3:" in capsys.readouterr().err


def test_several_records_are_summed_by_seat_and_by_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for seed in (14, 15):
        path = tmp_path / f"whist-{seed}.txt"
        path.write_text(write_record(_whist_partie(oracle_seat=None, seed=seed)), encoding="utf-8")
        paths.append(str(path))
    assert main(["analyse", *paths, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    verdicts = data["verdicts"]
    assert {v["record"] for v in verdicts} == {0, 1}
    places = {row["place"]: row for row in data["places"]}
    assert sorted(places) == [0, 1, 2, 3]                        # four cards to a trick
    assert sum(row["cards"] for row in places.values()) == len(verdicts)
    for place, row in places.items():
        mine = [v for v in verdicts if v["place"] == place]
        assert row["cards"] == len(mine) and row["errors"] == sum(v["loss"] > 0 for v in mine)
        assert row["loss"] == pytest.approx(sum(v["loss"] for v in mine))
    assert places[0]["cards"] == 2 * 2 * 13                      # two records of two hands: 13 leads each
    assert sum(row["loss"] for row in data["seats"]) == pytest.approx(sum(row["loss"] for row in places.values()))
    assert main(["analyse", *paths, "--summary", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "en 2 enregistrements" in out and "l'entame : cartes jouées 52," in out and "Donne 1" not in out
    assert re.search(r"\(\d+,\d+ par carte\)", out) and not re.search(r"\d\.\d", out)   # 0,08: French decimals


def test_records_of_two_games_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whist = tmp_path / "whist.txt"
    whist.write_text(write_record(_whist_partie(oracle_seat=None, seed=16)), encoding="utf-8")
    game = make_game("piquet")
    piquet = tmp_path / "piquet.txt"
    state = play_partie(game, [make_bot("heuristic", game, random.Random(s)) for s in range(2)], random.Random(3), hands=1)
    piquet.write_text(write_record(state), encoding="utf-8")
    assert main(["analyse", str(whist), str(piquet)]) == 1
    assert "analyse one game at a time" in capsys.readouterr().err

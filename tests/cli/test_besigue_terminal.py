"""Bésigue at the terminal as players see it: no copy numbers anywhere (the record keeps them),
declarations and the exchange typed without them, a combination's name alone, the card you drew
and the seven of trumps told after the trick, the last trick and the brisques told apart."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from atout.cli.main import main
from atout.cli.play import TerminalGame
from atout.games import make_game
from atout.games.besigue.state import BesigueState
from tests.games.besigue.helpers import last_tricks, play, start

COPY = re.compile(r"#[1-4]|\b(?:JK|JO)[1-4]\b")
VU = {"trump_mode": "turned_card"}
SEAT1 = "7H 7H#2 7H#3 7H#4 8H 8H#2 8H#3 8H#4"
LEADS = "9H#2 8S 9H#3 8S#3 9D 8D"


def run(state: BesigueState, lines: list[str], lang: str = "en") -> str:
    """Seat 0 at the terminal from ``state`` (random bots), typing ``lines`` then ``quit``."""
    typed = iter([*lines, "quit"])
    out = io.StringIO()
    tg = TerminalGame(state.game, seat=0, lang=lang, seed=1, bots="random", input_fn=lambda prompt: next(typed),
                      out=out)
    tg.state = state
    tg.run()
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_copy_number_is_shown_but_the_record_keeps_them(lang: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "partie.txt"
    typed = iter(["?", *["hint", "1"] * 400, "quit"])
    out = io.StringIO()
    game = make_game("besigue", {**VU, "target": 400})
    TerminalGame(game, seat=0, lang=lang, seed=4, bots="heuristic", record_path=str(record),
                 input_fn=lambda prompt: next(typed), out=out).run()
    shown = out.getvalue()
    assert "heuristic bot would play" in shown or "robot heuristique jouerait" in shown
    assert "JK" in shown or "JO" in shown or "♥" in shown
    assert not COPY.findall(shown), COPY.findall(shown)[:5]
    assert "#" in record.read_text(encoding="utf-8")          # the record stays exact
    capsys.readouterr()
    assert main(["replay", str(record), "--lang", lang]) == 0
    replayed = capsys.readouterr().out
    assert replayed and not COPY.findall(replayed)
    assert main(["analyse", str(record), "--all", "--lang", lang]) == 0
    analysed = capsys.readouterr().out
    assert "♥" in analysed and not COPY.findall(analysed)


def won(cards: str, options: dict[str, Any] | None = None) -> BesigueState:
    """Trump spades (the turned 8S#2); seat 0 holds 9H and ``cards``, wins the first trick, declares."""
    state = start({**VU, **(options or {})}, [f"9H {cards}", SEAT1], top=LEADS, turned="8S#2")
    play(state, "9H", "7H")
    return state


def test_a_declaration_and_the_exchange_typed_without_copies() -> None:
    shown = run(won("KH#2 QH#3 7S#3"), ["exchange 7S", "marriage KH QH"])
    assert "Refused" not in shown
    assert "exchanges the seven of spades for the turned card" in shown
    assert "declares a marriage (the king and the queen of hearts): 20 points" in shown
    french = run(won("KH#2 QH#3 7S#3"), ["échange 7P", "mariage RC DC"], "fr")
    assert "Refusé" not in french and "déclare un mariage simple" in french


def test_a_combination_name_alone_offers_the_choices() -> None:
    shown = run(won("KH#2 QH#3 KD QD#2"), ["mariage"], "fr")
    assert "Refusé : quel mariage ? tapez l'un de : mariage RC DC 20, mariage RK DK 20" in shown
    one = run(won("QS#2 JD#4"), ["besigue"])
    assert "declares a bésigue (the queen of spades, the jack of diamonds): 40 points" in one


def test_the_card_drawn_and_the_seven_of_trumps_after_the_trick() -> None:
    state = start(VU, ["7S 9H", SEAT1], top="AD#4 8S", turned="8S#2")
    shown = run(state, ["7S", "pass"])
    assert "Seat 0 (you) scores 10: a seven of trumps played." in shown
    assert "Seat 0 (you) draws the ace of diamonds." in shown
    assert "draws the eight of spades" not in shown          # the other's card stays hidden


def test_the_end_of_a_hand_tells_the_last_trick_and_the_brisques_apart() -> None:
    state = start({}, ["", ""])
    last_tricks(state, ["AH", "7H"], [], leader=0, trump=0, brisques=[15, 16], scores=[0, 0])
    shown = run(state, ["AH"])
    assert "Seat 0 (you) scores 10: the last trick." in shown
    assert "Seat 0 (you) scores 160: the brisques." in shown
    assert "Seat 1 (opponent) scores 160: the brisques." in shown
    assert "Brisques taken this hand: seat 0 16 – seat 1 16." in shown

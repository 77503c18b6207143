"""``atout play piquet`` driven through its input: the dialogue on screen with the French terms,
the running score by category, the ``hint`` command (the heuristic bot's advice, generic in the
play loop), a whole partie to la marque, in both languages."""

from __future__ import annotations

import builtins
import io

import pytest

from atout.cli.main import main
from atout.cli.play import TerminalGame
from atout.games import make_game


def required(prompt: str) -> bool:
    return "[1–" in prompt


def run(monkeypatch: pytest.MonkeyPatch, argv: list[str], first: tuple[str, ...] = ()) -> None:
    queue = list(first)
    count = [0]

    def fake_input(prompt: str) -> str:
        count[0] += 1
        if count[0] > 5000:
            raise EOFError
        if queue and required(prompt):
            return queue.pop(0)
        return "1" if required(prompt) else ""

    monkeypatch.setattr(builtins, "input", fake_input)
    assert main(argv) == 0


def test_a_whole_partie_in_english(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run(monkeypatch, ["play", "piquet", "--seed", "4", "-o", "partie=rubicon4"], ("hint",))
    out = capsys.readouterr().out
    assert "The heuristic bot would play:" in out
    assert "elder (aîné, non-dealer)" in out or "younger (cadet, dealer)" in out
    assert "Declarations (annonces):" in out and "This deal —" in out and "écart" in out
    assert "Rubicon partie: deal 1 of 4 (counts double)." in out
    assert "La marque (settlement):" not in out or "gains" in out
    assert ("You win!" in out) != ("You lose." in out) or "drawn" in out


def test_french_screen(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run(monkeypatch, ["play", "piquet", "--seed", "2", "--lang", "fr", "-o", "partie=points"], ("conseil",))
    out = capsys.readouterr().out
    assert "Le robot heuristique jouerait :" in out
    assert "Annonces :" in out and "Cette donne —" in out and "Partie en 100 points, sèche" in out


def test_hint_is_generic_and_reads_only_the_observation() -> None:
    tg = TerminalGame(make_game("piquet"), seat=0, seed=1, bots="random", input_fn=lambda p: "quit",
                      out=io.StringIO(), err=io.StringIO())
    while tg.state.to_move != 0:
        tg.state.apply(tg.state.sample_chance(tg.rng) if tg.state.to_move < 0 else tg.state.moves()[0])
    hint = tg.hint()
    assert hint.startswith("The heuristic bot would play: ")
    action = tg.state.parse_action(hint.split(": ", 1)[1], "en")
    assert action in tg.state.moves()
    tg.state.apply(tg.state.moves()[0])
    if tg.state.to_move != 0:
        assert tg.hint().startswith("No hint")

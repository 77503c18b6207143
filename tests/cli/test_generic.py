"""A game with no renderer of its own plays through the contract alone: numbers, notation, help,
refusals in the page language, odd input, sides, presets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from atout.cli.main import main
from atout.cli.render import Renderer, renderer_class
from tests.toygame import PACK


def required(prompt: str) -> bool:
    return "[1–" in prompt


def test_the_generic_renderer_plays_a_game_by_numbers(toy: Any, script: Callable[..., Any],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert renderer_class("toy") is Renderer
    s = script(lambda tg, prompt: "1" if required(prompt) else "")
    assert main(["play", "toy", "--seed", "3", "--bots", "random", "-o", "deals=2"]) == 0
    out = capsys.readouterr().out
    assert "Toy tricks — you are seat 0." in out
    assert "Around the table, in the order of play: seat 1 (opponent), seat 2 (opponent)." in out
    assert "Seat 0 (you) plays" in out and "Your hand:" in out
    assert "Hand 1: points" in out and "Hand 2: points" in out
    assert ("wins the partie" in out) != ("The partie is a tie" in out)
    assert all(p.startswith("Your move [1–") for p in s.prompts)  # no optional prompt: one shows in one's turn


def test_refusals_in_french_with_french_card_codes(toy: Any, script: Callable[..., Any],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    typed: dict[str, Any] = {}

    def answer(tg: Any, prompt: str) -> str:
        if not required(prompt):
            return ""
        if "absent" not in typed:
            absent = next(c for c in PACK if c not in tg.view().hand and c.text("fr") != c.text("en"))
            typed["absent"] = absent
            typed["before"] = len(tg.state.history)
            return absent.text("fr")
        typed.setdefault("after", len(tg.state.history))
        return "1"

    script(answer)
    assert main(["play", "toy", "--seed", "1", "--lang", "fr", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    code = typed["absent"].text("fr")
    assert f"Refusé : la place 0 n'a pas {code}" in out
    assert typed["after"] == typed["before"]  # the refused input changed nothing
    assert "gagne la partie" in out or "La partie est nulle" in out


@pytest.mark.parametrize("text", ["²", "٣", "１", "\u202e", "😀", "\x00", "A" * 5000, "ask 2 count H", "-1", "99"])
def test_odd_input_is_refused_never_a_crash_nor_a_number(text: str, toy: Any, script: Callable[..., Any],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    sent: list[str] = []

    def answer(tg: Any, prompt: str) -> str:
        if not required(prompt):
            return ""
        if not sent:
            sent.append(text)
            return text
        return "quit"

    script(answer)
    assert main(["play", "toy", "--seed", "2", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    if text in ("-1", "99"):
        assert f"No move numbered {text}: choose 1–" in captured.out
    else:
        assert "No move numbered" not in captured.out  # only ASCII digits are numbers
        assert "Refused: " in captured.out or "cannot be read" in captured.out
    assert "You leave the table." in captured.out


def test_help_says_what_may_be_typed_and_done_now(toy: Any, script: Callable[..., Any],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    hands: list[Any] = []

    def answer(tg: Any, prompt: str) -> str:
        if not required(prompt):
            return ""
        hands.append(tg.view().hand)
        return ["?", "moves", f"montre {min(hands[0]).text('fr')}", "quit"][len(hands) - 1]

    script(answer)
    assert main(["play", "toy", "--seed", "1", "--bots", "random", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Ce que vous pouvez taper :" in out and "Maintenant :" in out
    assert "c'est à vous : choisissez l'un des coups numérotés" in out
    shows = ", ".join(f"montre {card.text('fr')}" for card in list(hands[0])[:3])
    assert f"paroles : {len(hands[0])} — par ex. {shows}" in out  # each card held may be shown
    assert "actions de table : 1 — par ex. abandonne" in out
    assert f"Le joueur 0 (vous) : montre {min(hands[0]).text('fr')}" in out


def test_sides_come_from_the_game(toy: Any, script: Callable[..., Any], capsys: pytest.CaptureFixture[str]) -> None:
    script(lambda tg, prompt: "1" if required(prompt) else "")
    assert main(["play", "toy", "--seed", "5", "--bots", "random", "-o", "preset=pairs", "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "Toy tricks — you are seat 1, team B (with seat 3 (partner))." in out
    assert "Hand 1: points A +" in out and ", B +" in out


def test_abandon_is_told_with_the_winning_side(toy: Any, script: Callable[..., Any],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    script(lambda tg, prompt: "abandon" if required(prompt) else "")
    assert main(["play", "toy", "--seed", "5", "--bots", "random", "-o", "preset=pairs"]) == 0
    out = capsys.readouterr().out
    assert "Team B wins the partie: the other team abandoned (A 0 – B 0)." in out
    assert "You lose." in out


def test_presets_are_listed_and_usable(toy: Any, script: Callable[..., Any],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "toy", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Préréglages (-o preset=NOM) :" in out and "  long: deals=3" in out
    script(lambda tg, prompt: "1" if required(prompt) else "")
    assert main(["play", "toy", "--seed", "5", "--bots", "random", "-o", "preset=long"]) == 0
    out = capsys.readouterr().out
    assert "Options: deals=3." in out and "Hand 3: points" in out


def test_a_bot_that_does_not_play_the_game_is_a_usage_error(toy: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--bots", "heuristic"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'heuristic'" in err and len(err.strip().splitlines()) == 1

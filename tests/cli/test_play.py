"""``atout play`` driven through its input: numbers, card codes in both languages, talk, refusals, EOF."""

from __future__ import annotations

import builtins
import io
from collections.abc import Callable
from typing import Any

import pytest

from atout.cards import CARDS, Card
from atout.cli.main import main
from atout.cli.play import TerminalGame
from atout.games import make_game


def required(prompt: str) -> bool:
    """A prompt that needs a move (as opposed to an optional chance to speak)."""
    return "[1–" in prompt or "Your move" in prompt or "Votre choix" in prompt


def test_short_partie_by_numbers_through_input(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    answers: list[str] = []

    def fake_input(prompt: str) -> str:
        answers.append("1" if required(prompt) else "")
        if len(answers) > 3000:
            raise EOFError
        return answers[-1]

    monkeypatch.setattr(builtins, "input", fake_input)
    assert main(["play", "quadrette", "--seed", "3", "-o", "target_points=1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Quadrette — you are seat 0, team A (with seat 2 (partner))" in out
    assert "Atout (trump):" in out and "retourne" in out
    assert "wins the partie" in out
    assert ("You win!" in out) != ("You lose." in out)
    assert "Seat 0 (you) plays" in out


def test_eof_on_a_fake_stdin_leaves_cleanly(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "sizette", "--seed", "1", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Fin de l'entrée : vous quittez la table." in out
    assert "Partie inachevée (abandonnée)" in out
    assert "Traceback" not in out


def test_illegal_input_is_refused_with_the_engine_reason(script: Callable[..., Any],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    checks: dict[str, Any] = {}

    def answer(tg: TerminalGame, prompt: str) -> str:
        state = tg.state
        if not required(prompt):
            return ""
        legal = state.moves()
        if not (legal and isinstance(legal[0], Card)):
            return "1"
        if "zz" not in checks:
            checks["zz"] = len(state.history)
            return "zz"
        if "absent" not in checks:
            assert len(state.history) == checks["zz"]  # the refused input changed nothing
            hand = state.observation(tg.seat).hand
            absent = next(c for c in CARDS if c in state.game.pack and c not in hand)
            checks["absent"] = (len(state.history), absent)
            return str(absent)
        if "after" not in checks:
            checks["after"] = len(state.history)
        return "1"

    script(answer)
    assert main(["play", "quadrette", "--seed", "4", "-o", "target_points=1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Refused: 'zz' is not a card code" in out
    n, absent = checks["absent"]
    assert checks["after"] == n  # the game went on from the same position
    assert f"Refused: you do not hold {absent}" in out
    assert "wins the partie" in out


def test_french_card_codes_with_lang_fr(script: Callable[..., Any], capsys: pytest.CaptureFixture[str]) -> None:
    typed: list[tuple[str, Card]] = []

    def answer(tg: TerminalGame, prompt: str) -> str:
        state = tg.state
        if not required(prompt):
            return ""
        legal = state.moves()
        if legal and isinstance(legal[0], Card):
            card = legal[-1]
            typed.append((card.text("fr"), card))
            return card.text("fr")  # RC, 10P, VT…
        return "1"

    script(answer)
    assert main(["play", "quadrette", "--seed", "2", "--lang", "fr", "-o", "target_points=1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert typed
    assert "Refusé" not in out
    for code, card in typed:
        assert f"Le joueur 0 (vous) joue {code[:-1]}{'♠♥♦♣'[card.suit]}." in out
    assert "Atout :" in out and "gagne la partie" in out


def test_help_and_moves(script: Callable[..., Any], capsys: pytest.CaptureFixture[str]) -> None:
    lines = iter(["?", "moves", "quit"])
    script(lambda tg, prompt: next(lines) if required(prompt) else "")
    assert main(["play", "quadrette", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "What you can type:" in out and "ask 2 count H" in out and "Now:" in out
    assert "You leave the table." in out


def terminal(state: Any, seat: int, lines: list[str], lang: str = "en") -> tuple[TerminalGame, io.StringIO]:
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    tg = TerminalGame(state.game, seat=seat, lang=lang, seed=7, bots="random", input_fn=read, out=out,
                      err=io.StringIO())
    tg.state = state
    return tg, out


def test_captain_asks_remarks_and_commands(fixed_state: Any) -> None:
    # seat 2 is team A's capitaine; the first hand, seat 0, is his left partner
    tg, out = terminal(fixed_state, 2, ["ask 0 hold RP", 'remark "à toi"', "command 8H", "command low H",
                                        "quit"])
    assert tg.run() == 0
    text = out.getvalue()
    assert "Seat 2 (you) asks seat 0 (left partner): do you hold the king of spades?" in text
    assert "Seat 2 (you) remarks: “à toi”" in text
    assert "Refused: you hold 8H yourself" in text
    assert "Seat 2 (you) commands seat 0 (left partner): lead your lowest trump" in text
    assert "Seat 0 (left partner) plays 7♥." in text


def test_answering_a_question(fixed_state: Any) -> None:
    fixed_state.apply(fixed_state.parse_action("ask 0 count H"), 2)
    tg, out = terminal(fixed_state, 0, ["answer count H 3", "2", "quit"], lang="fr")
    assert tg.run() == 0
    text = out.getvalue()
    assert "Répondez au joueur 2 (partenaire de droite)" in text
    assert "Refusé : « répond nombre C 3 » n'est pas une réponse vraie à « nombre C »" in text
    assert "Le joueur 0 (vous) : deux atouts, le roi en tête" in text


def test_abandon(fixed_state: Any) -> None:
    tg, out = terminal(fixed_state, 2, ["abandon"])
    assert tg.run() == 0
    text = out.getvalue()
    assert "Seat 2 (you) abandons: team A (your team) loses the partie." in text
    assert "Team B wins the partie: the other team abandoned" in text and "You lose." in text
    assert tg.state.is_terminal()


def test_ambiguous_card_codes_follow_the_language() -> None:
    game = make_game("sizette")
    en = TerminalGame(game, seat=0, lang="en", seed=1, bots="random", out=io.StringIO(), err=io.StringIO())
    fr = TerminalGame(game, seat=0, lang="fr", seed=1, bots="random", out=io.StringIO(), err=io.StringIO())
    assert en.parse("AC") == Card("AC") and fr.parse("AC") == Card("AH")
    assert en.parse("RC") == Card("KH") == fr.parse("K♥")
    assert str(fr.parse("ask 2 hold RP")) == "ask 2 hold KS"
    assert str(fr.parse("command 10C")) == "command 10H"


def test_record_is_written_on_quit(tmp_path: Any, script: Callable[..., Any],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("atout.record")
    count = iter(range(10_000))
    script(lambda tg, prompt: ("1" if next(count) < 5 else "quit") if required(prompt) else "")
    path = tmp_path / "partie.rec"
    assert main(["play", "sizette", "--seed", "9", "--bots", "random", "--record", str(path)]) == 0
    assert "Record written to" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert '[Game "sizette"]' in text and '[Seat0 "human (atout play)"]' in text
    assert main(["validate", str(path)]) == 0
    assert "ok:" in capsys.readouterr().out


def test_without_a_seed_the_deals_come_from_the_secure_source(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import atout.dealing

    class Spy(random.Random):
        calls = 0

        def randrange(self, *args: Any, **kw: Any) -> int:
            Spy.calls += 1
            return super().randrange(*args, **kw)

    monkeypatch.setattr(atout.dealing, "_SYSTEM", Spy(0))
    out = io.StringIO()
    game = TerminalGame(make_game("sizette"), seat=0, seed=None, input_fn=lambda prompt: "quit", out=out)
    assert game.rng is None
    game.run()
    assert Spy.calls >= 1  # the draw for the first dealer was shuffled by the system source
    assert "secure random source" in out.getvalue()


def test_french_table_refuses_in_french_with_french_codes(script: Callable[..., Any],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    checks: dict[str, Any] = {}

    def answer(tg: TerminalGame, prompt: str) -> str:
        if not required(prompt):
            return ""
        moves = tg.state.moves()
        if moves and isinstance(moves[0], Card) and "absent" not in checks:
            hand = tg.view().hand
            checks["absent"] = next(c for c in tg.state.game.pack if c not in hand)
            checks["before"] = len(tg.state.history)
            return checks["absent"].text("fr")
        if "absent" in checks:
            checks.setdefault("after", len(tg.state.history))
        return "1"

    script(answer)
    assert main(["play", "quadrette", "--seed", "4", "--lang", "fr", "-o", "target_points=1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    code = checks["absent"].text("fr")
    refusals = [line for line in out.splitlines() if "Refusé : " in line]
    assert refusals and code in refusals[0]
    assert checks["after"] == checks["before"]
    assert "Refused" not in out and " does not " not in out


@pytest.mark.parametrize("odd", ["²", "٣", "１２", "\u202e1", "🂡"])
def test_unicode_digits_are_not_numbers(odd: str, script: Callable[..., Any],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    sent: list[str] = []

    def answer(tg: TerminalGame, prompt: str) -> str:
        if not required(prompt):
            return ""
        if not sent:
            sent.append(odd)
            return odd
        return "quit"

    script(answer)
    assert main(["play", "sizette", "--seed", "3", "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert sent and "Traceback" not in captured.out + captured.err
    assert "No move numbered" not in captured.out
    assert "Refused: " in captured.out or "cannot be read" in captured.out


@pytest.mark.parametrize("typed", ["\udcff\udcfez", "\ud800z"])   # bytes not UTF-8, as the terminal decodes them
def test_bytes_that_are_not_text_are_refused_as_a_person_sees_them(typed: str, fixed_state: Any) -> None:
    tg, out = terminal(fixed_state, 2, [typed, "quit"])
    assert tg.run() == 0
    text = out.getvalue()
    assert "Refused: '\ufffd" in text and "\\udc" not in text and "\\ud8" not in text


def test_help_in_french_shows_the_french_notation(fixed_state: Any) -> None:
    tg, out = terminal(fixed_state, 2, ["?", "quit"], lang="fr")
    assert tg.run() == 0
    text = out.getvalue()
    assert "Ce que vous pouvez taper :" in text and "Maintenant :" in text
    assert fixed_state.action_text(fixed_state.parse_action("ask 0 count H"), "fr").split()[0] in text
    assert "questions" in text  # the capitaine may ask

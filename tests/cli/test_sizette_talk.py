"""Sizette at the terminal: a question put to the player must be answered with ``answer …``; the
refusal of ``say …`` says so, in the player's language, and changes nothing."""

from __future__ import annotations

import io

import pytest

from atout.cli.play import TerminalGame
from atout.games import make_game


@pytest.mark.parametrize("lang, say, answer, refused", [
    ("en", "say nothing", "answer nothing",
     "Refused: 'say nothing': you are answering seat 2's question 'count H': write 'answer nothing'"),
    ("fr", "dit rien", "répond rien",
     "« dit rien » : vous répondez à la question « nombre C » de la place 2 : écrivez « répond rien »"),
])
def test_an_answer_typed_with_say_is_refused_with_the_right_words(lang: str, say: str, answer: str,
                                                                  refused: str) -> None:
    typed: list[str] = []

    def read(prompt: str) -> str:
        state = game.state
        pending = state.pending if state.phase_name == "play" else None
        if pending is not None and pending[1] == 0 and answer not in typed:
            typed.append(say if say not in typed else answer)
            if typed[-1] == answer:
                assert len(state.history) == history   # the refused line changed nothing
            return typed[-1]
        if answer in typed or len(typed) > 300:
            return "quit"
        typed.append("")
        return "1" if "[1–" in prompt else ""

    out = io.StringIO()
    game = TerminalGame(make_game("sizette"), seat=0, lang=lang, seed=2, bots="heuristic", input_fn=read,
                        out=out, err=out)
    history = -1

    def mark(prompt: str) -> str:
        nonlocal history
        history = len(game.state.history)
        return read(prompt)

    game.input_fn = mark
    game.run()
    text = out.getvalue()
    assert answer in typed, "the heuristic captain (seat 2) asks seat 0 about trumps with seed 2"
    assert refused in text
    assert "not a true answer" not in text and "pas une réponse vraie" not in text

"""Shared helpers for the command-line tests: a fixed Sizette deal, a scripted terminal, and the toy
game (no renderer of its own) registered for the length of a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.games import make_game

# dealer 5, first hand 0; atout hearts (the 9♥ turned, in the dealer's hand); captains 2 and 5
HANDS = [
    "KH 7H AS 10S 9D 6C",
    "QH 6H KS 8D 7C 8C",
    "JH 8H QS 7S 6D 9C",
    "AH 10H JS 9S 7D 10C",
    "6S 8S KD QD JC QC",
    "9H AD JD 10D KC AC",
]


@pytest.fixture
def fixed_state() -> Any:
    """A Sizette coup at its first lead: window C1 of team A is open, captain 2 to speak."""
    deal = Deal(tuple(CardSet.parse(hand) for hand in HANDS), turned=(Card("9H"),))
    return make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "2,5"})


class Script:
    """Answers prompts with a function of (terminal game, prompt) and records every prompt."""

    def __init__(self, answer: Callable[[Any, str], str]):
        self.answer = answer
        self.prompts: list[str] = []

    def __call__(self, game: Any, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 3000:
            raise EOFError  # a runaway script ends like a closed terminal
        return self.answer(game, prompt)


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[Any, str], str]], Script]:
    """Install a scripted reader on :class:`TerminalGame` (``main([...])`` then reads from it)."""
    from atout.cli.play import TerminalGame

    def install(answer: Callable[[Any, str], str]) -> Script:
        s = Script(answer)
        monkeypatch.setattr(TerminalGame, "read", lambda self, prompt: s(self, prompt))
        return s

    return install


@pytest.fixture
def toy() -> Iterator[Any]:
    """The toy game of :mod:`tests.toygame` (no renderer of its own), registered for one test."""
    from tests.toygame import registered

    with registered() as game:
        yield game

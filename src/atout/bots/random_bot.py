"""The random bot: a uniform choice among the moves, and now and then some random talk.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> game = make_game("quadrette")
>>> state = play_partie(game, [RandomBot(random.Random(s)) for s in range(4)], random.Random(0))
>>> state.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Uniform among ``moves``; when ``talk`` is offered, with probability ``talk_prob`` a
    random talk action instead (a question or a true statement; never a free remark).
    Asked a question, it picks one of the offered true answers (or "nothing") at random."""

    name = "random"

    def __init__(self, rng: random.Random | None = None, talk_prob: float = 0.1):
        if not 0.0 <= talk_prob < 1.0:  # at 1 a captain would ask questions for ever
            raise ValueError(f"talk_prob must be at least 0 and below 1, got {talk_prob}")
        self.rng = rng if rng is not None else random.Random()
        self.talk_prob = talk_prob

    def act(self, obs: Any, moves: Sequence[Any], talk: Sequence[Any]) -> Any:
        rng = self.rng
        if talk and (not moves or rng.random() < self.talk_prob):
            return talk[int(rng.random() * len(talk))]
        return moves[int(rng.random() * len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot(talk_prob={self.talk_prob})"

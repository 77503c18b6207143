"""The random bot: a uniform choice among the moves, and now and then some random talk.

It reads nothing but ``obs.legal`` and the kinds of its actions, so it plays every game. It
never makes a claim of its own, never abandons and never acts out of turn; when the game waits
for its answer to a claim (no ``MOVE`` listed), it picks one of the ``CLAIM`` answers listed.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> game = make_game("quadrette")
>>> state = play_partie(game, [RandomBot(random.Random(s)) for s in range(4)], random.Random(0))
>>> state.outcome() is not None
True
"""

from __future__ import annotations

import random

from atout.actions import Action, ActionKind, is_template
from atout.bots.base import of_kind
from atout.game import Observation


class RandomBot:
    """Uniform among the ``MOVE`` actions; when ``TALK`` actions are listed, with probability
    ``talk_prob`` a random one of them instead (a question, a true statement: whatever the
    game lists). Asked a question, it picks one of the listed answers at random."""

    name = "random"

    def __init__(self, rng: random.Random | None = None, talk_prob: float = 0.1):
        if not 0.0 <= talk_prob < 1.0:  # at 1 it would never move while talk is open
            raise ValueError(f"talk_prob must be at least 0 and below 1, got {talk_prob}")
        self.rng = rng if rng is not None else random.Random()
        self.talk_prob = talk_prob

    def act(self, obs: Observation) -> Action:
        rng = self.rng
        legal = obs.legal
        move = ActionKind.MOVE
        moves = [a for a in legal if a.kind is move]
        if not moves or rng.random() < self.talk_prob:
            speech = ActionKind.TALK
            talk = [a for a in legal if a.kind is speech and not is_template(a)]
            if talk:
                return talk[int(rng.random() * len(talk))]
        if not moves:
            moves = list(of_kind(obs, ActionKind.CLAIM))  # an answer the game waits for
            if not moves:
                raise ValueError(f"seat {obs.seat} has nothing to choose from")
        return moves[int(rng.random() * len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot(talk_prob={self.talk_prob})"

"""The heuristic bot: partner-aware card play, a captain who asks and commands, true answers.

Play: :mod:`atout.bots.heuristic_play`; talk, commands and the vole:
:mod:`atout.bots.heuristic_talk`; what it deduces from the observation:
:mod:`atout.bots.knowledge`. It decides from the observation alone and is deterministic
except for the cut (a random legal cut).

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> bots = [HeuristicBot(random.Random(s), detail="high") for s in range(4)]
>>> state = play_partie(make_game("quadrette"), bots, random.Random(2))
>>> state.is_terminal(), any(str(e.action).startswith("ask") for r in state.results for e in r.talk)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from atout.cards import Card
from atout.bots.base import setup_move
from atout.bots.heuristic_play import choose_card
from atout.bots.heuristic_talk import DETAILS, choose_command, next_question, pick_answer, vole_decision
from atout.bots.knowledge import Knowledge

VOLE_POLICIES = ("plausible", "always")


class HeuristicBot:
    """A sensible player. ``detail``: how much it says when asked ("none", "low", "medium",
    "high"); ``vole``: "plausible" (go on only with the top trumps) or "always"."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None, detail: str = "medium", vole: str = "plausible"):
        if detail not in DETAILS:
            raise ValueError(f"detail must be one of {', '.join(DETAILS)}, got {detail!r}")
        if vole not in VOLE_POLICIES:
            raise ValueError(f"vole must be one of {', '.join(VOLE_POLICIES)}, got {vole!r}")
        self.rng = rng if rng is not None else random.Random()
        self.detail = detail
        self.vole = vole

    def act(self, obs: Any, moves: Sequence[Any], talk: Sequence[Any]) -> Any:
        if not moves:
            if talk:
                return talk[0]
            raise ValueError("nothing to choose from")
        setup = setup_move(obs, moves, self.rng)
        if setup is not None:
            return setup
        if obs.phase == "vole":
            return vole_decision(Knowledge(obs), moves, self.vole)
        pending = obs.pending_question
        if pending is not None and pending[1] == obs.seat:
            return pick_answer(moves, self.detail)
        if type(moves[0]) is Card:
            return choose_card(Knowledge(obs), moves)
        window = obs.window
        if window == "C1" or window == "C3":
            k = Knowledge(obs)
            if window == "C1":
                question = next_question(k, talk)
                if question is not None:
                    return question
            return choose_command(k, moves)
        return moves[0]  # C2: "close"

    def __repr__(self) -> str:
        return f"HeuristicBot(detail={self.detail!r}, vole={self.vole!r})"

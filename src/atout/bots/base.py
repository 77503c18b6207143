"""The bot interface and the registry of bots.

A bot sees only what a player sees: the observation of its seat, the moves it must choose
from and the optional talk open to it. It never sees the state.

>>> import random
>>> bot = make_bot("random", random.Random(1))
>>> bot.name, sorted(BOT_NAMES)
('random', ['heuristic', 'random'])
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A player program: ``act`` returns one of ``moves`` or one of ``talk``."""

    name: str

    def act(self, obs: Any, moves: Sequence[Any], talk: Sequence[Any]) -> Any:
        """Choose an action given the seat's observation, its moves and its optional talk."""
        ...


# name -> (module, class); imported on first use
BOT_NAMES: dict[str, tuple[str, str]] = {
    "random": ("atout.bots.random_bot", "RandomBot"),
    "heuristic": ("atout.bots.heuristic", "HeuristicBot"),
}


def make_bot(name: str, rng: random.Random | None = None, **kw: Any) -> Bot:
    """Build the bot called ``name`` with its own random generator and options.

    ``random``: ``talk_prob`` (default 0.1). ``heuristic``: ``detail`` ("none", "low",
    "medium", "high"; default "medium"), ``vole`` ("plausible" or "always").
    """
    try:
        module, cls = BOT_NAMES[name.lower()]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(BOT_NAMES)}") from None
    factory = getattr(importlib.import_module(module), cls)
    bot: Bot = factory(rng if rng is not None else random.Random(), **kw)
    return bot


def setup_move(obs: Any, moves: Sequence[Any], rng: random.Random) -> Any | None:
    """A sensible choice for the steps around the play (captain, cut, dealer), else ``None``.

    Captain: the seat asked proposes itself (or the first seat listed). Cut and choice of the
    dealer: any legal one, at random.
    """
    phase = obs.phase
    if phase == "captains":
        for m in moves:
            if getattr(m, "seat", None) == obs.seat:
                return m
        return moves[0]
    if phase in ("cut", "choose_dealer"):
        return rng.choice(moves)
    return None

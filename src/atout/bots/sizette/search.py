"""The Sizette and Quadrette search bots: Perfect Information Monte Carlo (:mod:`atout.bots.pimc`)
over the worlds consistent with everything the seat saw and heard (:mod:`atout.bots.sizette.sampler`:
every statement of the talk a hard constraint), valued on the hand's true objective by the
double-dummy solver (:mod:`atout.bots.sizette.solver`).

``search`` plays every card and makes the vole decision by search; the talk (questions, answers,
commands), the captains, the cut and the claims are its heuristic's
(:class:`~atout.bots.sizette.heuristic.HeuristicBot`, whose ``detail`` it takes). The heuristic's
card is listed first, so cards of equal value go its way. ``oracle`` is the same search handed the
true world by the arena. Options: ``worlds`` (default 24), ``seconds`` (process time per decision
before the search stops early, default 0.5), ``detail``.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> from atout.bots.sizette.heuristic import HeuristicBot
>>> game = make_game("quadrette", {"target_points": 1})
>>> bots = [search_bot(random.Random(s), worlds=2) if s % 2 == 0 else HeuristicBot(random.Random(s)) for s in range(4)]
>>> play_partie(game, bots, random.Random(4)).outcome() is not None
True
"""

from __future__ import annotations

import random

from atout.actions import Action
from atout.bots.pimc import SECONDS, WORLDS, OracleBot, SearchBot, fallback_first
from atout.bots.sizette.heuristic import HeuristicBot
from atout.bots.sizette.sampler import sample
from atout.bots.sizette.solver import value, world_of
from atout.cards import Card
from atout.games.sizette.actions import Vole


def searchable(move: Action) -> bool:
    """What the solver values: a card, or the captain's vole decision."""
    return type(move) is Card or isinstance(move, Vole)


def search_bot(rng: random.Random, worlds: int = WORLDS, seconds: float = SECONDS, detail: str = "medium") -> SearchBot:
    """The ``search`` bot (see the module doc)."""
    heuristic = HeuristicBot(rng, detail=detail)
    return SearchBot(rng, sample=sample, value=value, searched=fallback_first(heuristic, searchable),
                     fallback=heuristic, worlds=worlds, seconds=seconds)


def oracle_bot(rng: random.Random, worlds: int = 1, seconds: float = SECONDS, detail: str = "medium") -> OracleBot:
    """The ``oracle``: the search given the true world (a yardstick for the arena)."""
    heuristic = HeuristicBot(rng, detail=detail)
    return OracleBot(rng, world_of=world_of, sample=sample, value=value, searched=fallback_first(heuristic, searchable),
                     fallback=heuristic, worlds=worlds, seconds=seconds)


__all__ = ["oracle_bot", "search_bot", "searchable"]

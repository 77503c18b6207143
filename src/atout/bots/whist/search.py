"""The Whist search bots: Perfect Information Monte Carlo (:mod:`atout.bots.pimc`) over the
seat's worlds (:mod:`atout.bots.whist.sampler`) valued by DDS (:mod:`atout.bots.whist.solver`).

``search`` plays every card by search and leaves the rest (the cut, the mort's exposure,
showing, calling and answering at eight) to the :class:`~atout.bots.whist.heuristic.HeuristicBot`;
``oracle`` is the same search handed the true world by the arena. Both need ``endplay`` (the
``search`` extra). Options: ``worlds`` (worlds per card, default 24) and ``seconds`` (process time
per card before the search stops early, default 0.5). The heuristic's card is listed first, so
cards of equal mean value go its way (:func:`~atout.bots.pimc.fallback_first`).

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> from atout.bots.whist.heuristic import HeuristicBot
>>> game = make_game("mort", {"rubbers": 1})
>>> bots = [search_bot(random.Random(1), worlds=2), HeuristicBot(random.Random(2)), HeuristicBot(random.Random(3))]
>>> play_partie(game, bots, random.Random(4)).outcome() is not None
True
"""

from __future__ import annotations

import random

from atout.bots.pimc import SECONDS, WORLDS, OracleBot, SearchBot, fallback_first
from atout.bots.whist.heuristic import HeuristicBot
from atout.bots.whist.sampler import sample
from atout.bots.whist.solver import World, require_dds, value, world_of
from atout.cards import Card
from atout.games.whist.observation import WhistObservation
from atout.games.whist.state import WhistState


def search_bot(rng: random.Random, worlds: int = WORLDS, seconds: float = SECONDS) -> SearchBot[WhistObservation, World, Card]:
    """The ``search`` bot (see the module doc)."""
    require_dds()
    heuristic = HeuristicBot(rng)
    return SearchBot(rng, sample=sample, value=value, searched=fallback_first(heuristic), fallback=heuristic,
                     worlds=worlds, seconds=seconds)


def oracle_bot(rng: random.Random, worlds: int = 1, seconds: float = SECONDS
               ) -> OracleBot[WhistObservation, World, Card, WhistState]:
    """The ``oracle``: the search given the true world (a yardstick for the arena)."""
    require_dds()
    heuristic = HeuristicBot(rng)
    return OracleBot(rng, world_of=world_of, sample=sample, value=value, searched=fallback_first(heuristic),
                     fallback=heuristic, worlds=worlds, seconds=seconds)


__all__ = ["oracle_bot", "search_bot"]

"""Bots written for Bésigue (registered in :data:`atout.bots.registry.GAME_POLICIES`): the
``search`` bot (:mod:`~atout.bots.besigue.search`), its ``oracle`` (the arena's yardstick, seeing
every card), and the ``heuristic`` (last: the lobby's bot for now).

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from atout.bots.besigue.heuristic import HeuristicBot
from atout.bots.besigue.search import make_oracle, make_search
from atout.bots.registry import BotFactory

BOTS: dict[str, BotFactory] = {"search": make_search, "oracle": make_oracle, "heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]

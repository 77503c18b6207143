"""Bots written for Bésigue (registered in :data:`atout.bots.registry.GAME_POLICIES`): the
``heuristic``.

>>> sorted(BOTS)
['heuristic']
"""

from atout.bots.besigue.heuristic import HeuristicBot
from atout.bots.registry import BotFactory

BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]

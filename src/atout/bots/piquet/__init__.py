"""Bots written for Piquet (registered in :data:`atout.bots.registry.GAME_POLICIES`): the
``heuristic``.

>>> sorted(BOTS)
['heuristic']
"""

from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.registry import BotFactory

BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]

"""Bots written for Sizette and Quadrette (registered for both in
:data:`atout.bots.registry.GAME_POLICIES`): the ``heuristic``.

The only bots module besides :mod:`atout.bots.registry`'s table that knows these games: it
reads their typed talk (``Ask``, ``Say``, ``Command``, ``NoCard``) and phases.

>>> sorted(BOTS)
['heuristic']
"""

from atout.bots.registry import BotFactory
from atout.bots.sizette.heuristic import HeuristicBot

BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]

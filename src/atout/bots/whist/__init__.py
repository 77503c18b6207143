"""The bots written for Whist and Whist with a mort (the generic ``random`` bot plays them too):
``search`` and ``oracle`` (:mod:`atout.bots.whist.search`, with the ``search`` extra), then the
``heuristic`` (last: the lobby's default).

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from atout.bots.registry import BotFactory
from atout.bots.whist.heuristic import HeuristicBot
from atout.bots.whist.search import oracle_bot, search_bot

BOTS: dict[str, BotFactory] = {"search": search_bot, "oracle": oracle_bot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]

"""The bots written for Whist and Whist with a mort (the generic ``random`` bot plays them too):
``search`` and ``oracle`` (:mod:`atout.bots.whist.search`, with the ``search`` extra, which the
online table's ``server`` extra installs), then the ``heuristic``. The lobby offers ``search``.

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from atout.bots.registry import GameBotFactory
from atout.bots.whist.heuristic import HeuristicBot
from atout.bots.whist.search import oracle_bot, search_bot
from atout.games.whist.observation import WhistObservation

BOTS: dict[str, GameBotFactory[WhistObservation]] = {"search": search_bot, "oracle": oracle_bot, "heuristic": HeuristicBot}
LOBBY_BOT = "search"   # thinks off the event loop at the online table (median well under a second a move)

__all__ = ["BOTS", "HeuristicBot"]

"""Bots written for Piquet (registered in :data:`atout.bots.registry.GAME_POLICIES`): the
``search`` player (PIMC over consistent worlds and a double-dummy solver of the card play), the
``oracle`` (the same search on the true hands: a yardstick for the arena, never a player) and the
``heuristic``. The lobby offers ``search``.

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.search import oracle_bot, search_bot
from atout.bots.registry import BotFactory

BOTS: dict[str, BotFactory] = {"search": search_bot, "oracle": oracle_bot, "heuristic": HeuristicBot}
LOBBY_BOT = "search"   # thinks off the event loop at the online table (p95 a few tenths of a second a move)

__all__ = ["BOTS", "HeuristicBot"]

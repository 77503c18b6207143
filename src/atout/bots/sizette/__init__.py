"""Bots written for Sizette and Quadrette (registered for both in
the game class (``bots_module``)): ``search``, ``oracle`` and ``side_oracle``
(:mod:`atout.bots.sizette.search`), then the ``heuristic``.

These modules read the games' typed talk (``Ask``, ``Say``, ``Command``, ``NoCard``) and phases,
never its text.

>>> list(BOTS)
['search', 'oracle', 'side_oracle', 'heuristic']
"""

from atout.bots.registry import GameBotFactory
from atout.bots.sizette.heuristic import HeuristicBot
from atout.bots.sizette.search import oracle_bot, search_bot, side_oracle_bot
from atout.games.sizette.observation import SizetteObservation

BOTS: dict[str, GameBotFactory[SizetteObservation]] = {"search": search_bot, "oracle": oracle_bot, "side_oracle": side_oracle_bot,
                               "heuristic": HeuristicBot}
YARDSTICKS = ("side_oracle",)        # measures, never plays (with every game's oracle)
BENCH_PLAYERS = {"detail": "high"}   # `atout bench search` times positions of talkative heuristics
LOBBY_BOT = "search"   # thinks off the event loop at the online table (median well under a second a move)

__all__ = ["BOTS", "HeuristicBot"]

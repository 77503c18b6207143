"""Bots for every game, the partie runner and the simulator that measures one bot against another.

A bot sees only its seat's observation and answers with one of ``obs.legal``
(:mod:`atout.bots.base`). ``random`` plays every game; a game's own policies (``heuristic``
for Sizette and Quadrette) live in that game's module, found by :func:`make_bot` through
:attr:`Game.bots_module <atout.game.Game.bots_module>`.

>>> import random
>>> make_bot("heuristic", "sizette", random.Random(0), detail="low").detail
'low'
>>> bot_names("quadrette")
['random', 'search', 'oracle', 'side_oracle', 'heuristic']
"""

from atout.bots.base import Bot, InterjectingBot, moves_of
from atout.bots.registry import GENERIC_BOTS, bot_names, make_bot
from atout.bots.runner import RunawayPartie, play_partie
from atout.bots.simulate import format_simulation, records_folder, simulate

__all__ = [
           "GENERIC_BOTS",
           "Bot",
           "InterjectingBot",
           "RunawayPartie",
           "bot_names",
           "format_simulation",
           "make_bot",
           "moves_of",
           "play_partie",
           "records_folder",
           "simulate",
]

"""Bots for Sizette and Quadrette: a random player and a heuristic one, the partie runner and
the simulator that measures one bot against another.

>>> import random
>>> make_bot("heuristic", random.Random(0), detail="low").detail
'low'
"""

from atout.bots.base import BOT_NAMES, Bot, make_bot
from atout.bots.runner import play_partie
from atout.bots.simulate import format_simulation, simulate

__all__ = ["BOT_NAMES", "Bot", "make_bot", "play_partie", "simulate", "format_simulation"]

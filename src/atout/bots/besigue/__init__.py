"""Bots written for Bésigue (named by the game class: ``bots_module``): the
``search`` bot (:mod:`~atout.bots.besigue.search`), its ``oracle`` (the arena's yardstick, seeing
every card), and the ``heuristic``. The lobby offers ``search``.

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.bots.besigue.heuristic import HeuristicBot
from atout.bots.besigue.search import make_oracle, make_search
from atout.bots.registry import GameBotFactory

if TYPE_CHECKING:
    from atout.games.besigue.observation import BesigueObservation

BOTS: dict[str, GameBotFactory[BesigueObservation]] = {
    "search": make_search, "oracle": make_oracle, "heuristic": HeuristicBot}
LOBBY_BOT = "search"   # thinks off the event loop at the online table (milliseconds a move, at most a second or two)

__all__ = ["BOTS", "HeuristicBot"]

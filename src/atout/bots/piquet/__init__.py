"""Bots written for Piquet (named by the game class: ``bots_module``): the
``search`` player (PIMC over consistent worlds and a double-dummy solver of the card play), the
``oracle`` (the same search on the true hands: a yardstick for the arena, never a player) and the
``heuristic``. The lobby offers ``search``.

>>> list(BOTS)
['search', 'oracle', 'heuristic']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.search import oracle_bot, search_bot
from atout.bots.registry import GameBotFactory

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation

BOTS: dict[str, GameBotFactory[PiquetObservation]] = {
    "search": search_bot, "oracle": oracle_bot, "heuristic": HeuristicBot}
LOBBY_BOT = "search"   # thinks off the event loop at the online table (p95 a few tenths of a second a move)

# what others measured, printed by `atout arena` beside a match of these bots (A, B)
ARENA_REFERENCES: dict[tuple[str, str], dict[str, str]] = {
    ("search", "heuristic"): {
        "en": "abartnof/piquet's exact endgame solver over its best heuristic: +5.0 to +6.4 points a mirrored "
              "pair (its heuristic, not ours: a reference, not a ranking)",
        "fr": "le solveur exact de fin de coup d'abartnof/piquet contre sa meilleure heuristique : +5,0 à +6,4 "
              "points par paire en miroir (son heuristique, pas la nôtre : un repère, pas un classement)",
    },
}

__all__ = ["BOTS", "HeuristicBot"]

"""Piquet: two players, 32 cards — the exchange, the carte blanche, the declaration dialogue,
pic and repic, the play, and every partie format (docs/rules/piquet.md).

>>> [g.name for g in GAMES]
['piquet']
"""

from atout.games.piquet.spec import PiquetGame

GAMES = (PiquetGame,)

__all__ = ["GAMES", "PiquetGame"]

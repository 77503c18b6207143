"""The registry of games: find a game by name and build it with options.

>>> make_game("quadrette", {"win_rule": "four_needed"}).options["win_rule"]
'four_needed'
"""

from __future__ import annotations

from collections.abc import Mapping

from atout.errors import OptionError
from atout.game import Game
from atout.games.quadrette import QuadretteGame
from atout.games.sizette.spec import SizetteGame

GAMES: dict[str, type[Game]] = {"sizette": SizetteGame, "quadrette": QuadretteGame}


def find_game(name: str) -> type[Game]:
    try:
        return GAMES[name.lower()]
    except KeyError:
        raise OptionError(f"unknown game {name!r}; games are: {', '.join(GAMES)}") from None


def make_game(name: str, options: Mapping[str, object] | None = None) -> Game:
    return find_game(name)(options)

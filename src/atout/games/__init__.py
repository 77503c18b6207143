"""The registry of games: find a game by name or alias and build it with options.

Each game registers itself in its own package (``atout/games/<name>/__init__.py`` defines
``GAMES``); :data:`REGISTERED` lists those packages. Adding a game is a new folder and one line
here. Names are compared without case or accents, so ``Bésigue``, ``besigue`` and an alias such
as ``bezique`` find the same game (as python-chess finds its variants).

>>> make_game("quadrette", {"win_rule": "four_needed"}).options["win_rule"]
'four_needed'
>>> find_game("SIZETTE").name, game_names()[:2]
('sizette', ['sizette', 'quadrette'])
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from atout.errors import OptionError
from atout.game import Game, fold_name

REGISTERED: tuple[str, ...] = ("atout.games.sizette", "atout.games.quadrette", "atout.games.besigue",
                              "atout.games.whist", "atout.games.piquet")

_GAMES: dict[str, type[Game]] = {}
_NAMES: dict[str, str] = {}
_loaded = False


def register(game: type[Game]) -> type[Game]:
    """Add ``game`` (and its aliases) to the registry; returns it, so it can decorate a class."""
    for name in (game.name, *game.aliases):
        key = fold_name(name)
        owner = _NAMES.get(key)
        if owner is not None and owner != game.name:
            raise ValueError(f"the name {name!r} is already taken by {owner}")
        _NAMES[key] = game.name
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (tests register throwaway games for a while)."""
    _load()
    game = _GAMES.pop(name)
    for alias in (game.name, *game.aliases):
        _NAMES.pop(fold_name(alias), None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in REGISTERED:
        for game in importlib.import_module(module).GAMES:
            register(game)


def game_names() -> list[str]:
    """The registered games, by their canonical names."""
    _load()
    return list(_GAMES)


def find_game(name: str) -> type[Game]:
    _load()
    found = _NAMES.get(fold_name(name))
    if found is None:
        raise OptionError(f"unknown game {name!r}; games are: {', '.join(_GAMES)}",
                          f"jeu inconnu {name!r} ; jeux : {', '.join(_GAMES)}")
    return _GAMES[found]


def make_game(name: str, options: Mapping[str, object] | None = None) -> Game:
    return find_game(name)(options)

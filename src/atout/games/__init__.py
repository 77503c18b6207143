"""The registry of games: find a game by name or alias and build it with options.

Each game registers itself in its own package (``atout/games/<name>/__init__.py`` defines
``GAMES``); :data:`REGISTERED` lists atout's own. Another installed package adds its games through
the entry points :data:`ENTRY_POINTS`, with no change here: its game class names its bots and its
terminal renderer (``bots_module``, ``renderer_module``), and the command line, the arena, the
online table and the page then serve it as they serve atout's. Names are compared without case
or accents, so ``Bésigue``, ``besigue`` and an alias such as ``bezique`` find the same game (as
python-chess finds its variants).

>>> make_game("quadrette", {"win_rule": "four_needed"}).options["win_rule"]
'four_needed'
>>> find_game("SIZETTE").name, game_names()[:2]
('sizette', ['sizette', 'quadrette'])
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING

from atout.errors import OptionError
from atout.game import Game, fold_name

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

REGISTERED: tuple[str, ...] = ("atout.games.sizette", "atout.games.quadrette", "atout.games.besigue",
                              "atout.games.whist", "atout.games.piquet")
ENTRY_POINTS = "atout.games"
"""The entry-point group through which another installed package adds games: each entry point
names a module that defines ``GAMES`` (as a game's package here does) or one :class:`Game` class.
In its ``pyproject.toml``: ``[project.entry-points."atout.games"]``, then ``tarot = "tarot.game"``.
A package whose games cannot be loaded, or whose names are taken, is left out with a warning:
atout's own games always play."""

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
    from importlib.metadata import entry_points  # here: importing it costs some 20 ms, paid once

    for point in entry_points(group=ENTRY_POINTS):
        _register_point(point)


def _register_point(point: EntryPoint) -> None:
    """Register the games an entry point names (see :data:`ENTRY_POINTS`), or warn why not."""
    try:
        found = point.load()
        games = (found,) if isinstance(found, type) else tuple(found.GAMES)
        for game in games:
            if not (isinstance(game, type) and issubclass(game, Game)):
                raise TypeError(f"{game!r} is not a Game class")
        taken = dict(_NAMES)
        for game in games:   # every name checked before any is taken
            for name in (game.name, *game.aliases):
                owner = taken.setdefault(fold_name(name), game.name)
                if owner != game.name:
                    raise ValueError(f"the name {name!r} is already taken by {owner}")
    except Exception as error:  # noqa: BLE001 - importing another package may raise anything: warn, play on
        warnings.warn(f"the games of {point.value!r} (entry point {point.name!r} of {ENTRY_POINTS!r}) are left out: "
                      f"{type(error).__name__}: {error}", RuntimeWarning, stacklevel=3)
        return
    for game in games:
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

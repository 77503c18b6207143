"""Which bots exist, for which game: generic bots for every game, and per-game policies.

A generic bot (``random``) uses only the contract, so it plays every registered game. A policy
that knows a game's strategy lives in that game's own module of :mod:`atout.bots`, which
holds ``BOTS``, a table from policy names to factories; the game's class names that module
(:attr:`~atout.game.Game.bots_module`). Adding a game's heuristic is one new module, named there.

>>> import random
>>> make_bot("heuristic", "Quadrette", random.Random(0)).name, bot_names("sizette"), table_bots("sizette")
('heuristic', ['random', 'search', 'oracle', 'side_oracle', 'heuristic'], ['random', 'heuristic', 'search'])
>>> make_bot("genius", "sizette")
Traceback (most recent call last):
...
ValueError: unknown bot 'genius' for sizette; bots are: random, search, oracle, side_oracle, heuristic
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TypeVar

from atout.bots.base import Bot, GameBot
from atout.game import Game
from atout.games import find_game

O = TypeVar("O")
T = TypeVar("T")

BotFactory = Callable[..., Bot]  # factory(rng, **options) -> Bot
GameBotFactory = Callable[..., GameBot[O]]  # a game's factory(rng, **options) -> a bot reading that game's observations

# generic bots: name -> "module:attribute"
GENERIC_BOTS: dict[str, str] = {
    "random": "atout.bots.random_bot:RandomBot",
}


def game_name_of(game: str | Game) -> str:
    """The canonical name of ``game`` (a :class:`Game`, or a name or alias of a registered game)."""
    if isinstance(game, Game):
        return game.name
    if not isinstance(game, str):
        raise TypeError(f"a game or a game name is needed, got {type(game).__name__}")
    return find_game(game).name


def bots_module(game: str | Game) -> str:
    """The module of the bots written for ``game`` (``""``: none), as its class names it."""
    return game.bots_module if isinstance(game, Game) else find_game(game_name_of(game)).bots_module


def game_policies(game: str | Game) -> Mapping[str, BotFactory]:
    """The policies written for ``game`` (empty when it has none)."""
    module = bots_module(game)
    if not module:
        return {}
    # a game's bots read that game's observations, the only ones they are handed: they play as Bots
    policies: Mapping[str, BotFactory] = importlib.import_module(module).BOTS
    return policies


def bot_names(game: str | Game) -> list[str]:
    """Every bot that can play ``game``: the generic ones, then the game's own."""
    return list(GENERIC_BOTS) + [n for n in game_policies(game) if n not in GENERIC_BOTS]


YARDSTICKS = frozenset({"oracle"})
"""Bots that measure, never play, in every game: the oracle sees every card (the arena hands it the
true state). A game's bots module may name more of its own (``YARDSTICKS``): :func:`yardsticks`."""


def _declared(game: str | Game, name: str, default: T) -> T:
    """What ``game``'s bots module declares as ``name`` (``default``: it has no bots module, or
    declares nothing so named), taken to be of ``default``'s type."""
    module = bots_module(game)
    found: T = getattr(importlib.import_module(module), name, default) if module else default
    return found


_NO_NAMES: tuple[str, ...] = ()
_NO_NAME: str | None = None


def yardsticks(game: str | Game) -> frozenset[str]:
    """The bots of ``game`` that measure, never play: :data:`YARDSTICKS` and its module's own.

    >>> sorted(yardsticks("quadrette")), sorted(yardsticks("piquet"))
    (['oracle', 'side_oracle'], ['oracle'])
    """
    return YARDSTICKS | frozenset(_declared(game, "YARDSTICKS", _NO_NAMES))


LADDER = ("random", "heuristic", "search")
"""The bots every game has, weakest first, as the arena measures them in every game (docs/bots.md):
the search beats the heuristic, which beats random play."""


def table_bots(game: str | Game) -> list[str]:
    """The bots a table may seat for ``game``, weakest first: :func:`bot_names` without the
    yardsticks, in the order of :data:`LADDER` (a bot it does not rank comes after)."""
    measuring = yardsticks(game)
    names = [n for n in bot_names(game) if n not in measuring]
    return sorted(names, key=lambda n: LADDER.index(n) if n in LADDER else len(LADDER))


def lobby_bot(game: str | Game) -> str:
    """The bot the lobby offers first for the empty seats of ``game``: the one its policies module
    names (``LOBBY_BOT``: its strongest whose move time fits a table), else the last of
    :func:`table_bots`."""
    named = _declared(game, "LOBBY_BOT", _NO_NAME)
    names = table_bots(game)
    return named if named in names else names[-1]


def bench_players(game: str | Game) -> Mapping[str, object]:
    """The heuristic's options for the parties whose positions ``atout bench search`` times: its
    bots module's ``BENCH_PLAYERS`` (Sizette's talkative players), else none.

    >>> bench_players("sizette"), bench_players("whist")
    ({'detail': 'high'}, {})
    """
    none: Mapping[str, object] = {}
    return _declared(game, "BENCH_PLAYERS", none)


def search_part(game: str | Game, part: str) -> ModuleType | None:
    """The module ``part`` of ``game``'s bots package (``"solver"``: its double-dummy solver,
    ``"sampler"``: its deal sampler), or ``None`` when the game's bots have none.

    >>> search_part("mort", "solver").__name__, search_part("piquet", "sampler").__name__
    ('atout.bots.whist.solver', 'atout.bots.piquet.sampler')
    >>> search_part("mort", "oracle") is None
    True
    """
    package = bots_module(game)
    if not package:
        return None
    name = f"{package}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def arena_references(game: str | Game, a: str, b: str) -> dict[str, str]:
    """What others measured for a match of ``a`` against ``b`` in ``game`` (by language: ``en``,
    ``fr``), as its policies module names it (``ARENA_REFERENCES``), else nothing.

    >>> arena_references("piquet", "search", "heuristic")["en"][:22], arena_references("whist", "search", "heuristic")
    ("abartnof/piquet's exac", {})
    """
    module = bots_module(game)
    found = getattr(importlib.import_module(module), "ARENA_REFERENCES", {}) if module else {}
    return dict(found.get((a, b), {}))


def _generic(name: str) -> BotFactory:
    module, _, attribute = GENERIC_BOTS[name].partition(":")
    factory: BotFactory = getattr(importlib.import_module(module), attribute)
    return factory


def make_bot(name: str, game: str | Game, rng: random.Random | None = None, **options: object) -> Bot:
    """The bot called ``name`` for ``game``, with its own random generator and options.

    Generic: ``random`` (``talk_prob``, default 0.1). Sizette and Quadrette: ``heuristic``
    (``detail``: "none", "low", "medium", "high"; ``vole``: "plausible" or "always").
    Unknown names and bad options raise ``ValueError``.
    """
    key = name.strip().lower()
    policies = game_policies(game)
    if key in GENERIC_BOTS:
        factory = _generic(key)
    elif key in policies:
        factory = policies[key]
    else:
        raise ValueError(f"unknown bot {name!r} for {game_name_of(game)}; bots are: {', '.join(bot_names(game))}")
    rng = rng if rng is not None else random.Random()
    try:
        inspect.signature(factory).bind(rng, **options)
    except TypeError as exc:
        raise ValueError(f"bot {key}: {exc}") from None
    return factory(rng, **options)


__all__ = [
    "GENERIC_BOTS",
    "YARDSTICKS",
    "BotFactory",
    "GameBotFactory",
    "arena_references",
    "bot_names",
    "bots_module",
    "game_policies",
    "lobby_bot",
    "make_bot",
    "search_part",
    "table_bots",
    "yardsticks",
]

"""Text rendering for the terminal: game-neutral pieces, and a renderer per game, registered by name.

A game's class names the module of its renderer (:attr:`~atout.game.Game.renderer_module`, a
module that defines ``RENDERER``, a subclass of :class:`~atout.cli.render.base.Renderer`). Only
those per-game modules know a game's own types; a game that names none plays with the generic
:class:`~atout.cli.render.base.Renderer`, which lists its moves in notation. Adding a game's
renderer is one module, named there.

>>> from atout.games import make_game
>>> type(make_renderer(make_game("quadrette"), "en", 0)).__name__
'SizetteRenderer'
>>> renderer_class("no_such_game").__name__
'Renderer'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from atout.actions import Action
from atout.cli.render.base import GameRenderer, Renderer
from atout.cli.render.cards import card_label, cards_text, render_hand, sort_cards
from atout.cli.render.seats import SeatNames, is_partnership, points_text, score_text
from atout.errors import OptionError
from atout.game import Game
from atout.games import find_game


def renderer_class(game_name: str) -> type[GameRenderer]:
    """The renderer of the game called ``game_name``, or the generic one (a game that names none, or
    no registered game)."""
    try:
        game = find_game(game_name)
    except OptionError:
        return Renderer
    return _named(game.renderer_module)


def _named(module: str) -> type[GameRenderer]:
    if not module:
        return Renderer
    found: type[GameRenderer] = importlib.import_module(module).RENDERER   # the game's own: fed its observations
    return found


def make_renderer(game: Game, lang: str, viewer: int | None,
                  notation: Callable[[Action], str] | None = None) -> GameRenderer:
    """A renderer of ``game`` for ``viewer`` (a seat, or ``None`` for a neutral account) in ``lang``.

    ``notation`` writes an action in the page language (usually ``state.action_text(a, lang)``).
    """
    return _named(game.renderer_module)(game, lang, viewer, notation)


__all__ = ["GameRenderer", "Renderer", "SeatNames", "card_label", "cards_text", "is_partnership", "make_renderer",
           "points_text", "render_hand", "renderer_class", "score_text", "sort_cards"]

"""Text rendering for the terminal: game-neutral pieces, and a renderer per game, registered by name.

:data:`RENDERERS` maps a game's canonical name to the module of its renderer (a module that
defines ``RENDERER``, a subclass of :class:`~atout.cli.render.base.Renderer`). Only those
per-game modules know a game's own types; a game with no entry plays with the generic
:class:`~atout.cli.render.base.Renderer`, which lists its moves in notation. Adding a game's
renderer is one module and one line here.

>>> from atout.games import make_game
>>> type(make_renderer(make_game("quadrette"), "en", 0)).__name__
'SizetteRenderer'
>>> renderer_class("no_such_game").__name__
'Renderer'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from atout.cli.render.base import Renderer
from atout.cli.render.cards import card_label, cards_text, render_hand, sort_cards
from atout.cli.render.seats import SeatNames, is_partnership, points_text, score_text
from atout.game import Game

RENDERERS: dict[str, str] = {
    "sizette": "atout.cli.render.sizette",
    "quadrette": "atout.cli.render.sizette",
    "besigue": "atout.cli.render.besigue",
    "piquet": "atout.cli.render.piquet",
    "whist": "atout.cli.render.whist",
    "mort": "atout.cli.render.whist",
}


def renderer_class(game_name: str) -> type[Renderer]:
    """The renderer of the game called ``game_name`` (canonical name), or the generic one."""
    module = RENDERERS.get(game_name)
    if module is None:
        return Renderer
    found: type[Renderer] = importlib.import_module(module).RENDERER
    return found


def make_renderer(game: Game, lang: str, viewer: int | None,
                  notation: Callable[[Any], str] | None = None) -> Renderer:
    """A renderer of ``game`` for ``viewer`` (a seat, or ``None`` for a neutral account) in ``lang``.

    ``notation`` writes an action in the page language (usually ``state.action_text(a, lang)``).
    """
    return renderer_class(game.name)(game, lang, viewer, notation)


__all__ = ["RENDERERS", "Renderer", "SeatNames", "card_label", "cards_text", "is_partnership", "make_renderer",
           "points_text", "render_hand", "renderer_class", "score_text", "sort_cards"]

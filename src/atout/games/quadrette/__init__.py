"""Quadrette: Sizette for four, two against two, 32 cards, the 25th card turned (docs/rules/quadrette.md).

Everything is Sizette's (:mod:`atout.games.sizette`) but the seats, the pack, the rank order, the
talon of eight whose first card is turned (it belongs to nobody), and the options of
:mod:`atout.games.quadrette.options`.

>>> game = QuadretteGame({"win_rule": "four_needed"})
>>> game.num_seats, len(game.pack), game.talon_size, game.win_rule
(4, 32, 8, 'four_needed')
"""

from __future__ import annotations

from typing import ClassVar

from atout.cards import CardSet
from atout.game import OptionSpec
from atout.games.quadrette.options import PRESETS, QUADRETTE_OPTIONS
from atout.games.sizette.spec import SizetteGame
from atout.packs import ACE_HIGH_32, PACK_32, QUADRETTE_ORDER, RankOrder


class QuadretteGame(SizetteGame):
    """Quadrette: four players, 2 v 2, 32 cards, talon of 8 whose first card is turned for trump."""

    name: ClassVar[str] = "quadrette"
    title: ClassVar[dict[str, str]] = {"en": "Quadrette", "fr": "Quadrette"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = QUADRETTE_OPTIONS
    presets: ClassVar[dict[str, dict[str, object]]] = PRESETS
    seats: ClassVar[int] = 4
    pack: ClassVar[CardSet] = PACK_32
    order: ClassVar[RankOrder] = QUADRETTE_ORDER
    ace_high_order: ClassVar[RankOrder] = ACE_HIGH_32
    talon_size: ClassVar[int] = 8

    @property
    def packets(self) -> tuple[int, ...]:
        return (3, 3) if self.options["deal_packets"] == "3+3" else (2, 2, 2)

    @property
    def win_rule(self) -> str:
        return str(self.options["win_rule"])


GAMES = (QuadretteGame,)

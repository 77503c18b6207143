"""Quadrette: Sizette for four, two against two, 32 cards, the 25th card turned (RULES.md §2)."""

from __future__ import annotations

from typing import ClassVar

from atout.cards import CardSet
from atout.game import OptionSpec
from atout.games.sizette.spec import COMMON_OPTIONS, SizetteGame
from atout.packs import ACE_HIGH_32, PACK_32, QUADRETTE_ORDER, RankOrder

QUADRETTE_OPTIONS: tuple[OptionSpec, ...] = COMMON_OPTIONS + (
    OptionSpec("win_rule", "first_to_3",
               "first side to three tricks wins the hand; or four tricks needed and 3–3 is a null hand",
               "le premier camp à trois levées gagne le coup ; ou il faut quatre levées et 3–3 est nul",
               "seed 000 (1785 dictionary; 1862 story); DP-QD1", choices=("first_to_3", "four_needed")),
    OptionSpec("deal_packets", "3+3", "packets of the deal", "paquets de la donne", "DP-QD3",
               choices=("3+3", "2+2+2")),
)


class QuadretteGame(SizetteGame):
    """Quadrette: four players, 2 v 2, 32 cards, talon of 8 whose first card is turned for trump."""

    name: ClassVar[str] = "quadrette"
    title: ClassVar[dict[str, str]] = {"en": "Quadrette", "fr": "Quadrette"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = QUADRETTE_OPTIONS
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

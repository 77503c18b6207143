"""The options of Quadrette: Sizette's, and two of its own (docs/rules/quadrette.md).

>>> [spec.name for spec in QUADRETTE_OPTIONS][-2:]
['win_rule', 'deal_packets']
"""

from __future__ import annotations

from atout.game import OptionSpec
from atout.games.sizette.options import COMMON_OPTIONS

QUADRETTE_OPTIONS: tuple[OptionSpec, ...] = COMMON_OPTIONS + (
    OptionSpec("win_rule", "first_to_3",
               "first side to three tricks wins the hand; or four tricks needed and 3–3 is a null hand",
               "le premier camp à trois levées gagne le coup ; ou il faut quatre levées et 3–3 est nul",
               "Dictionnaire de la Provence (1785); L'École normale (1862)", choices=("first_to_3", "four_needed"),
               decision="quadrette-win-rule"),
    OptionSpec("deal_packets", "3+3", "packets of the deal", "paquets de la donne", "Lalanne, La Sizette §3",
               choices=("3+3", "2+2+2"), decision="quadrette-deal-packets"),
)

PRESETS: dict[str, dict[str, object]] = {
    "lalanne": {},
    # the story in L'École normale (1862): four tricks win the hand, 3–3 is void
    "story_1862": {"win_rule": "four_needed"},
}

"""The options of a Piquet game digested once for play (shared by every state of that game).

>>> from atout.games.piquet.spec import PiquetGame
>>> rules = Rules(PiquetGame({"deal_by_threes": True, "partie": "rubicon4"}).options)
>>> rules.packet, rules.format.deals, rules.format.doubled, len(rules.cuts)
(3, 4, frozenset({1, 4}), 29)
"""

from __future__ import annotations

from collections.abc import Mapping

from atout.dealing import cut_range
from atout.game import Options, OptionValue
from atout.games.piquet.actions import Cut
from atout.games.piquet.deal import PACK_CARDS
from atout.games.piquet.partie import Format, format_of


class Rules:
    """``packet`` (2 or 3), ``younger_min`` (0 or 1), ``left_cards`` (look, expose, hidden),
    ``ten_rule`` (only tens and higher score in play), ``low_deals``, ``partial`` (part of a
    holding may be called), the partie ``format`` and
    the ``cuts`` the elder may make."""

    __slots__ = ("changed", "cuts", "format", "left_cards", "low_deals", "packet", "partial", "ten_rule",
                 "younger_min")

    def __init__(self, options: Mapping[str, OptionValue]):
        self.packet: int = 3 if options["deal_by_threes"] else 2
        self.younger_min: int = int(options["younger_min_exchange"])
        self.left_cards: str = str(options["left_cards"])
        self.ten_rule: bool = options["trick_points"] == "ten_or_higher"
        self.low_deals: bool = options["first_deal"] == "low_deals"
        self.partial: bool = options["sinking"] == "partial"
        self.format: Format = format_of(options)
        self.cuts: tuple[Cut, ...] = tuple(Cut(p) for p in cut_range(len(PACK_CARDS), int(options["min_cut_packet"])))
        # the options that differ from their defaults (what observations show; read only)
        self.changed: dict[str, OptionValue] = options.changed() if isinstance(options, Options) else {}

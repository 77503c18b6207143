"""The Piquet game spec: two players, 32 cards, each for himself (docs/rules/piquet.md).

>>> game = PiquetGame({"partie": "points", "target": "150"})
>>> game.num_seats, len(game.pack), game.options["target"], game.sides.members(1)
(2, 32, '150', (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from atout.actions import Action, Hidden
from atout.cards import CardSet
from atout.game import Game, JSONObject, OptionSpec
from atout.games.piquet.actions import Discard
from atout.games.piquet.options import CONFORMANCE, OPTIONS, PRESETS
from atout.games.piquet.rules import Rules
from atout.games.piquet.view import VIEW
from atout.games.piquet.words import phrase
from atout.log import LogEntry
from atout.packs import PACK_32, PIQUET_ORDER, RankOrder
from atout.refusals import as_deal
from atout.seats import Sides
from atout.view import GameView
from atout.words import SeatWords

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState

_SIDES = Sides.independent(2)
HIDDEN_DISCARD = Hidden("discard", 1)


class PiquetGame(Game):
    """Piquet: two players, 32 cards; the Rubicon partie of six deals by default."""

    name: ClassVar[str] = "piquet"
    bots_module: ClassVar[str] = "atout.bots.piquet"
    renderer_module: ClassVar[str] = "atout.cli.render.piquet"
    view: ClassVar[GameView] = VIEW
    title: ClassVar[dict[str, str]] = {"en": "Piquet", "fr": "Piquet"}
    aliases: ClassVar[tuple[str, ...]] = ("picquet", "cent")
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    presets: ClassVar[dict[str, dict[str, object]]] = PRESETS
    conformance_options: ClassVar[tuple[dict[str, object], ...]] = CONFORMANCE
    order: ClassVar[RankOrder] = PIQUET_ORDER

    @property
    def num_seats(self) -> int:
        return 2

    @property
    def sides(self) -> Sides:
        return _SIDES

    @property
    def pack(self) -> CardSet:
        return PACK_32

    @cached_property
    def rules(self) -> Rules:
        """The options digested for play (shared by every state of this game)."""
        return Rules(self.options)

    def visible_action(self, item: Action, actor: int, viewer: int | None) -> Action:
        """A discard is face down: another viewer sees ``hidden discard 1``; the deal shows each
        seat its own hand, the events taken and looked at show another viewer how many cards."""
        if type(item) is Discard and actor != viewer:
            return HIDDEN_DISCARD
        seen_by: Callable[[int | None], Action] | None = getattr(item, "seen_by", None)
        return item if seen_by is None else seen_by(viewer)

    def phrase(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        return phrase(entry, lang, names)

    def entry_json(self, entry: LogEntry) -> JSONObject:
        from atout.games.piquet.observation import entry_json

        return entry_json(entry)

    def new_state(self) -> PiquetState:
        from atout.games.piquet.state import PiquetState

        return PiquetState(self)

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> PiquetState:
        """A state right after ``deal`` (a :class:`~atout.chance.Deal`), before the elder's exchange.

        ``setup`` (text, as a record stores it): ``dealer`` (default ``1``, so seat 0 is the elder),
        ``scores`` (``"0-0"``), ``hand`` (the deal's number in the partie, default ``1``) and
        ``manches`` (won in a game liée, ``"0-0"``); ``state.setup`` gives them back in full.

        >>> from atout.games.piquet.deal import deal_from_pack, PACK_CARDS
        >>> state = PiquetGame().state_from_deal(deal_from_pack(PACK_CARDS, 1, 2), {"scores": "20-3"})
        >>> state.setup, state.to_move, state.phase_name
        ({'dealer': '1', 'scores': '20-3', 'hand': '1', 'manches': '0-0'}, 0, 'exchange_elder')
        """
        from atout.games.piquet.state import PiquetState

        return PiquetState.from_deal(self, as_deal(deal), setup or {})

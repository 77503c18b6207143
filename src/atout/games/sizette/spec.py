"""The Sizette game spec: six players, three against three, 36 cards (docs/rules/sizette.md).

>>> game = SizetteGame({"target_points": 7})
>>> game.num_seats, len(game.pack), game.options["target_points"], game.sides.members(1)
(6, 36, 7, (1, 3, 5))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from atout.actions import Action
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.game import Game, JSONObject, OptionSpec
from atout.games.sizette.options import COMMON_OPTIONS, PRESETS
from atout.games.sizette.rules import Rules
from atout.games.sizette.view import VIEW
from atout.games.sizette.words import phrase, speech
from atout.log import LogEntry
from atout.packs import ACE_HIGH_36, PACK_36, SIZETTE_ORDER, RankOrder
from atout.refusals import as_deal
from atout.seats import Direction, Sides
from atout.view import GameView

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState
    from atout.words import SeatWords

__all__ = ["COMMON_OPTIONS", "SizetteGame"]


class SizetteGame(Game):
    """Sizette: six players, three against three, 36 cards, à la parlante."""

    name: ClassVar[str] = "sizette"
    bots_module: ClassVar[str] = "atout.bots.sizette"
    renderer_module: ClassVar[str] = "atout.cli.render.sizette"
    title: ClassVar[dict[str, str]] = {"en": "Sizette", "fr": "Sizette"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = COMMON_OPTIONS
    presets: ClassVar[dict[str, dict[str, object]]] = PRESETS
    seats: ClassVar[int] = 6
    pack: ClassVar[CardSet] = PACK_36
    order: ClassVar[RankOrder] = SIZETTE_ORDER
    ace_high_order: ClassVar[RankOrder] = ACE_HIGH_36
    direction: ClassVar[Direction] = Direction.COUNTER_CLOCKWISE
    talon_size: ClassVar[int] = 0
    view: ClassVar[GameView] = VIEW

    def phrase(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        """The talk and the steps of Sizette in words (``games/sizette/words.py``)."""
        return phrase(entry, lang, names, self.sides.seats)

    def speech(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        """The talk as the speaker says it (``games/sizette/words.py``)."""
        return speech(entry, lang, names)

    @property
    def pack_cards(self) -> tuple[Card, ...]:
        return tuple(self.pack)

    @property
    def num_seats(self) -> int:
        return self.seats

    @cached_property
    def sides(self) -> Sides:
        """Three against three (two against two in Quadrette), partners seated alternately."""
        return Sides.alternating(self.seats, 2)

    @property
    def packets(self) -> tuple[int, ...]:
        """The deal: how many cards each seat receives in each round (docs/rules/decisions.md#six-cards)."""
        return (3, 3)

    @property
    def win_rule(self) -> str:
        return "first_to_3"

    @cached_property
    def rules(self) -> Rules:
        """The options digested for play (shared by every state of this game)."""
        return Rules(self)

    def deal_from_pack(self, pack: Sequence[Card], dealer: int) -> Deal:
        """The deal ``dealer`` makes from ``pack`` (its order after the cut, top first): by packets
        from the seat on his right, the last card dealt turned (Sizette) or the talon's first
        card turned (Quadrette). The :class:`~atout.chance.Deal` keeps the pack, so it can be
        checked card by card.

        >>> game = SizetteGame()
        >>> deal = game.deal_from_pack(list(game.pack), dealer=5)
        >>> str(deal.hands[0]), deal.turned
        ('6S 7S 8S 6D 7D 8D', (Card('AC'),))
        """
        from atout.games.sizette.deal import deal_from_pack

        return deal_from_pack(self.rules, tuple(pack), dealer)

    def new_state(self) -> SizetteState:
        from atout.games.sizette.state import SizetteState

        return SizetteState(self)

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> SizetteState:
        """A state at the start of play of one hand, from an explicit :class:`~atout.chance.Deal`.

        ``setup`` (text, as a record stores it): ``dealer`` (default: the last seat, so seat 0
        leads), ``captains`` (``"2,3"``; default: docs/rules/decisions.md#quadrette-captains), ``scores`` (``"0-0"``) and
        ``hand`` (the hand's number, default ``1``). ``state.setup`` gives them back in full.

        >>> game = SizetteGame()
        >>> deal = game.deal_from_pack(list(game.pack), dealer=5)
        >>> state = game.state_from_deal(deal, {"captains": "0,1", "scores": "2-1"})
        >>> state.setup
        {'dealer': '5', 'captains': '0,1', 'scores': '2-1', 'hand': '1'}
        """
        from atout.games.sizette.state import SizetteState

        return SizetteState.from_deal(self, as_deal(deal), setup or {})

    def entry_json(self, entry: LogEntry) -> JSONObject:
        from atout.games.sizette.observation import entry_json

        return entry_json(entry)

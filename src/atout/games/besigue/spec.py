"""The Bésigue game spec and its options digested for play (:class:`Rules`).

Formats (docs/rules/decisions.md#besigue-formats): two players; three or four independent
players; four players in two partnerships (seats 0 and 2 against 1 and 3, partners facing). The
Haitian pack by default (four 32-card packs and four jokers, 132 cards, 9 cards each by threes),
the classic two-pack game as an option (64 cards, 8 each 3-2-3).

>>> game = BesigueGame()
>>> game.num_seats, len(game.pack), game.rules.talon_size, game.rules.trumps_by_marriage, game.rules.target
(2, 132, 114, True, 1000)
>>> four = BesigueGame({"players": 4})
>>> four.rules.talon_size, four.rules.trumps_by_marriage, four.rules.target, four.sides.members(2)
(96, False, 600, (2,))
>>> BesigueGame({"partnerships": True}).sides.members(0), BesigueGame({"preset": "classic"}).rules.packets
((0, 2), (3, 2, 3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from atout.actions import Action
from atout.cards import Card, CardSet, Rank
from atout.errors import OptionError
from atout.game import Game, JSONObject, OptionSpec, OptionValue
from atout.games.besigue.actions import Cut
from atout.games.besigue.declarations import Values
from atout.games.besigue.options import OPTIONS, PRESETS
from atout.games.besigue.view import VIEW
from atout.games.besigue.words import phrase
from atout.packs import BESIGUE_ORDER, PACK_BESIGUE, PACK_BEZIQUE_64
from atout.refusals import as_deal
from atout.seats import Sides
from atout.tricks import FollowRule
from atout.view import GameView
from atout.words import SeatWords

if TYPE_CHECKING:
    from atout.chance import Deal
    from atout.games.besigue.state import BesigueState
    from atout.log import LogEntry

MIN_CUT_PACKET = 2
BRISQUE_POINTS = 10
LAST_TRICK_POINTS = 10
SEVEN_POINTS = 10
HUNDRED_STREAK = 4      # consecutive wins that "give a hundred"
HEAD_START = 100


class Rules:
    """The options of one game digested for play; shared by every state of that game."""

    def __init__(self, game: BesigueGame):
        o = game.options
        self.n = n = game.num_seats
        self.partnerships = bool(o["partnerships"])
        self.independents = n > 2 and not self.partnerships
        self.sides = game.sides
        self.num_sides = len(self.sides)
        self.side_of = self.sides.side_of
        classic = o["pack"] == "classic"
        self.pack = PACK_BEZIQUE_64 if classic else PACK_BESIGUE
        self.pack_cards = tuple(self.pack)
        self.hand_size = 8 if classic else 9
        self.packets: tuple[int, ...] = (3, 2, 3) if classic else (3, 3, 3)
        self.dealt = n * self.hand_size
        self.talon_size = len(self.pack) - self.dealt
        mode = o["trump_mode"]
        if mode == "auto":
            mode = "turned_card" if self.independents else "first_marriage"
        self.trumps_by_marriage = mode == "first_marriage"
        self.unlimited = o["declarations"] == "unlimited"
        self.values = Values(int(o["trump_marriage_value"]), int(o["besigue_value"]), int(o["double_besigue"]))
        self.quinte_needs_marriage = bool(o["quinte_requires_marriage"])
        self.seven_to_winner = o["seven_scores_to"] == "trick_winner"
        self.exchange_points = SEVEN_POINTS if o["classic_sevens"] else 0
        self.dealer_seven_points = SEVEN_POINTS if o["classic_sevens"] else 0
        self.phase2_rule = FollowRule(must_follow=True, trump_if_void=True, overtrump=True,
                                      undertrump=bool(o["undertrump"]), head_trick=True,
                                      jokers_discard_only=o["joker_play"] == "blank_card")
        self.last_trick_phase1 = o["last_trick"] == "phase1"
        rule = o["brisques"]
        if rule == "auto":
            rule = "count_and_score" if self.independents else "min_count"
        self.brisque_rule: str = str(rule)
        self.brisque_min = int(o["brisque_min"]) or (8 if self.independents else 14)
        self.brisque_min_score = int(o["brisque_min_score"])
        self.majority_deduction = int(o["majority_deduction"])
        self.brisques_in_pack = sum(1 for c in self.pack_cards if c.rank in (Rank.ACE, Rank.TEN))
        self.target = int(o["target"]) or (600 if self.independents else 1000)
        self.immediate = o["win_check"] == "immediate"
        self.bas_table = not self.independents     # en bas table and the hundred: two sides only
        self.bas_table_below = self.target * int(o["bas_table_percent"]) // 100
        self.match_games = int(o["match_games"])
        self.match_hundreds = int(o["match_hundreds"])
        self.strength = BESIGUE_ORDER.strength
        self.cuts = tuple(Cut(p) for p in range(MIN_CUT_PACKET, len(self.pack) - MIN_CUT_PACKET + 1))
        self.changed_options: Mapping[str, OptionValue] = MappingProxyType(o.changed())


class BesigueGame(Game):
    """Bésigue for two, three or four players, or two partnerships (docs/rules/besigue.md)."""

    name: ClassVar[str] = "besigue"
    bots_module: ClassVar[str] = "atout.bots.besigue"
    renderer_module: ClassVar[str] = "atout.cli.render.besigue"
    view: ClassVar[GameView] = VIEW
    title: ClassVar[dict[str, str]] = {"en": "Bésigue", "fr": "Bésigue"}
    aliases: ClassVar[tuple[str, ...]] = ("bezique", "bezigue", "besique")
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    presets: ClassVar[dict[str, dict[str, object]]] = PRESETS
    conformance_options: ClassVar[tuple[dict[str, object], ...]] = (
        {"players": 3},
        {"players": 4},
        {"players": 4, "partnerships": True, "target": 500},
        {"players": 3, "trump_mode": "first_marriage", "brisques": "majority", "declarations": "unlimited"},
        {"match_games": 3, "target": 300, "bas_table_percent": 90},
        {"preset": "classic", "target": 400, "match_games": 2},
        {"players": 4, "pack": "classic", "win_check": "end_of_hand", "target": 300},
    )

    def __init__(self, options: Mapping[str, object] | None = None):
        super().__init__(options)
        o = self.options
        if o["partnerships"] and o["players"] == 3:
            raise OptionError("partnerships are two against two: players=4 (or leave players out)",
                              "les associés jouent deux contre deux : players=4 (ou ne donnez pas players)")
        n = self.num_seats
        if o["match_hundreds"]:
            if n > 2 and not o["partnerships"]:
                raise OptionError("match_hundreds: hundreds are given between two sides only (two players or "
                                  "partnerships)", "match_hundreds : les centaines ne se donnent qu'entre deux "
                                  "camps (deux joueurs, ou en associés)")
            if "match_games" in o.changed():
                raise OptionError("match_hundreds and match_games: a match is counted in hundreds or in games, "
                                  "not both", "match_hundreds et match_games : un match se compte en centaines ou "
                                  "en parties, pas les deux")
        hand = 8 if o["pack"] == "classic" else 9
        talon = len(PACK_BEZIQUE_64 if o["pack"] == "classic" else PACK_BESIGUE) - n * hand
        if talon % n:
            raise OptionError(f"the {o['pack']} pack does not deal evenly to {n} players "
                              f"(a talon of {talon} cards): choose pack=haitian",
                              f"le jeu {o['pack']} ne se donne pas également à {n} joueurs "
                              f"(un talon de {talon} cartes) : choisissez pack=haitian")

    @property
    def num_seats(self) -> int:
        return 4 if self.options["partnerships"] else int(self.options["players"])

    @cached_property
    def sides(self) -> Sides:
        if self.options["partnerships"]:
            return Sides.alternating(4, 2)
        return Sides.independent(self.num_seats)

    @property
    def pack(self) -> CardSet:
        return self.rules.pack

    @cached_property
    def rules(self) -> Rules:
        return Rules(self)

    def new_state(self) -> BesigueState:
        from atout.games.besigue.state import BesigueState

        return BesigueState(self)

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> BesigueState:
        """A state at the start of play of one hand, from an explicit :class:`~atout.chance.Deal`.

        ``setup`` (text): ``dealer`` (default: the last seat, so seat 0 leads), ``scores`` per side
        (``"0-0"``), ``hand`` (default 1), ``hundred`` (the side that received a hundred and starts
        each game at 100, default none: ``-``), ``streak`` (``"side:count"``), ``wins`` per side,
        ``hundreds`` given per side (``"1-0"``).
        """
        from atout.games.besigue.state import BesigueState

        return BesigueState.from_deal(self, as_deal(deal), dict(setup or {}))

    def phrase(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        return phrase(entry, lang, names, self.sides.seats)

    def entry_json(self, entry: LogEntry) -> JSONObject:
        """One log entry in JSON (``docs/observation.md``, section Bésigue)."""
        from atout.games.besigue.observation import entry_json

        return entry_json(entry)

    def deal_from_pack(self, pack: Sequence[Card], dealer: int) -> Deal:
        """The deal ``dealer`` makes from ``pack`` (top first, after the cut)."""
        from atout.games.besigue.deal import deal_from_pack

        return deal_from_pack(self.rules, pack, dealer)

"""The Whist game specs: :class:`WhistGame` (four players, two against two) and
:class:`MortGame` (three players, one of whom plays the mort's hand too), and :class:`Table`, the
options digested once for play and shared by every state of a game.

The table has four places, numbered clockwise (play goes to the left): ``0 1 2 3``; partners sit
opposite (places 0 and 2 against 1 and 3). In Whist, seat *s* sits at place *s*. With a mort, the
player who has the mort for the rubber (D) sits at place 0, the mort opposite him at place 2, and
the two others at places 1 and 3; the mort passes round every rubber, so the places change.

>>> game = WhistGame()
>>> game.num_seats, len(game.pack), game.sides.members(1), game.options["game_points"]
(4, 52, (1, 3), 10)
>>> mort = MortGame({"rubbers": 1})
>>> mort.num_seats, mort.sides.members(2), mort.table.seating(1).owner
(3, (2,), (1, 2, 1, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from operator import itemgetter
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from atout.actions import Action
from atout.cards import Card, CardSet, Rank, card_of
from atout.chance import Deal
from atout.dealing import DealPlan, cut_range
from atout.game import Game, JSONObject, OptionSpec, OptionValue
from atout.games.whist.actions import Cut
from atout.games.whist.options import MORT_OPTIONS, PRESETS, WHIST_OPTIONS
from atout.games.whist.scoring import ScoringRules
from atout.games.whist.view import MORT_VIEW, VIEW
from atout.games.whist.words import phrase
from atout.log import LogEntry
from atout.packs import PACK_52, WHIST_ORDER, pack_without, rank_order
from atout.refusals import as_deal
from atout.seats import Direction, Sides
from atout.tricks import trick_keys
from atout.view import GameView
from atout.words import SeatWords

if TYPE_CHECKING:
    from atout.games.whist.state import WhistState

PLACES = 4
MORT = 3                                    # the mort's hand, where seats are named (tricks, partners)
PARTNERSHIP_OF_PLACE = (0, 1, 0, 1)         # partners sit opposite
NEXT_PLACE = (1, 2, 3, 0)                   # clockwise: the next player sits on the left
HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
PACKS = {"52": PACK_52, "48": pack_without({Rank.TWO})}
"""The packs of ``pack``: the full pack, and Cotton's without the twos."""
SHORT_GAME = 5                              # short whist's game: no calling unless asked for
CUT_ORDER = rank_order("whist_cut", "K Q J 10 9 8 7 6 5 4 3 2 A")
"""The order of the cut for partners and deal: the ace is low."""


class Seating(NamedTuple):
    """Who sits where for a rubber: ``owner[place]`` is the seat that plays the hand at that place,
    ``hand_seat[place]`` whose hand it is (:data:`MORT` for the mort), ``place_of[seat]`` the
    seat's own place, ``partners`` the two partnerships (seats, the mort as :data:`MORT`) and
    ``declarer`` the seat that has the mort (``-1`` in Whist)."""

    owner: tuple[int, ...]
    hand_seat: tuple[int, ...]
    place_of: tuple[int, ...]
    partners: tuple[tuple[int, ...], tuple[int, ...]]
    declarer: int


class Table:
    """The options of one game digested for play: tables computed once, shared by its states."""

    def __init__(self, game: WhistGame):
        options = game.options
        self.game = game
        self.name = game.name
        self.n = game.num_seats
        self.mort = game.num_seats == 3
        self.sides = game.sides
        self.members = game.sides.seats
        # each seat's score from its side's (a seat of Whist scores what its partnership scores)
        self.seat_scores: Callable[[tuple[int, ...]], tuple[int, ...]] = itemgetter(
            *(game.sides.of(s) for s in range(self.n)))
        self.options_view: Mapping[str, OptionValue] = game.options.changed()
        pack = PACKS[str(options["pack"])]
        self.pack = int(pack)
        self.pack_cards: tuple[Card, ...] = tuple(pack)
        self.pack_size = len(self.pack_cards)
        self.strength = WHIST_ORDER.strength
        self.cut_strength = CUT_ORDER.strength
        self.scoring = ScoringRules(int(options["game_points"]), bool(options["honours"]), bool(options["honours_at_nine"]))
        self.calling = calling(options)
        self.rubber_bonus = int(options["rubber_bonus"])
        self.rubbers = int(options["rubbers"]) if self.mort else 1
        self.by_cut = not self.mort and options["partnerships"] == "cut"
        self.after_lead = self.mort and options["exposure"] == "after_lead"
        self.cut_moves = tuple(Cut(p) for p in cut_range(len(self.pack_cards), int(options["min_cut_packet"])))
        self.keys = tuple(tuple(trick_keys(self.strength, trump, led) for led in range(4)) for trump in range(4))
        self.honour_mask = tuple(sum(1 << card_of(r, s) for r in HONOUR_RANKS) for s in range(4))
        # place of each card of the pack in the deal: card k goes to the k-th place after the dealer
        self.takers = tuple(tuple(tuple(k for k in range(len(self.pack_cards)) if (dealer + 1 + k) % PLACES == place)
                                  for place in range(PLACES)) for dealer in range(PLACES))
        self.seatings = tuple(_seating(self.n, d) for d in (range(self.n) if self.mort else (-1,)))
        self.plans = {seating.declarer: _plan(self, seating) for seating in self.seatings}

    def seating(self, declarer: int) -> Seating:
        """The seating of a rubber (``declarer``: who has the mort; ``-1`` in Whist)."""
        return self.seatings[declarer if self.mort else 0]

    def plan(self, seating: Seating) -> DealPlan:
        """How the cards are dealt with this seating, by the dealer's place (see :func:`deal_from_pack`)."""
        return self.plans[seating.declarer]


def calling(options: Mapping[str, OptionValue]) -> bool:
    """Whether honours may be shown or called two short of the game: ``calling_at_eight=auto``
    plays it in long whist but not in short whist (games of five), whose laws have no calling;
    ``true`` or ``false`` say so whatever the game's length. Never without honours.

    >>> calling({"calling_at_eight": "auto", "game_points": 5, "honours": True})
    False
    >>> calling({"calling_at_eight": "true", "game_points": 5, "honours": True})
    True
    """
    if not options["honours"]:
        return False
    choice = str(options["calling_at_eight"])
    return choice == "true" or (choice == "auto" and int(options["game_points"]) > SHORT_GAME)


def _plan(table: Table, seating: Seating) -> DealPlan:
    """One card at a time clockwise from the dealer's left, the last card the dealer's, turned; the
    hands by seat, the mort's (with a mort) as the talon, in the order dealt."""
    hands = [[table.takers[dealer][seating.place_of[seat]] for seat in range(table.n)] for dealer in range(PLACES)]
    talon = [table.takers[dealer][2] if table.mort else () for dealer in range(PLACES)]
    slots = [-1 if table.mort and dealer == 2 else seating.hand_seat[dealer] for dealer in range(PLACES)]
    return DealPlan(table.pack_cards, hands, talon, "dealer_last", slots)


def _seating(n: int, declarer: int) -> Seating:
    if declarer < 0:
        return Seating((0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2, 3), ((0, 2), (1, 3)), -1)
    left, right = (declarer + 1) % n, (declarer + 2) % n
    place_of = [0] * n
    place_of[declarer], place_of[left], place_of[right] = 0, 1, 3
    return Seating((declarer, left, declarer, right), (declarer, left, MORT, right), tuple(place_of),
                   ((declarer, MORT), (left, right)), declarer)


def deal_from_pack(table: Table, pack: Sequence[int], dealer: int, seating: Seating) -> Deal:
    """The deal ``dealer`` (a place) makes from ``pack`` (its order after the cut, top first): one
    card at a time clockwise from his left, the last card his and turned. The :class:`Deal` holds
    each seat's hand; with a mort, the mort's thirteen cards, in the order dealt, are its talon.

    >>> from atout.cards import CARDS
    >>> game = WhistGame()
    >>> deal = deal_from_pack(game.table, CARDS, 3, game.table.seating(-1))
    >>> str(deal.hands[0])[:11], deal.turned
    ('2S 6S 10S A', (Card('AC'),))
    """
    return table.plan(seating).deal(pack, dealer)


class WhistGame(Game):
    """Whist (long whist by default): four players, two against two, 52 cards (or 48), one rubber."""

    name: ClassVar[str] = "whist"
    bots_module: ClassVar[str] = "atout.bots.whist"
    renderer_module: ClassVar[str] = "atout.cli.render.whist"
    commands_module: ClassVar[str] = "atout.cli.whist_pbn"
    view: ClassVar[GameView] = VIEW
    title: ClassVar[dict[str, str]] = {"en": "Whist", "fr": "Whist"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = WHIST_OPTIONS
    presets: ClassVar[dict[str, dict[str, object]]] = PRESETS
    seats: ClassVar[int] = 4
    order = WHIST_ORDER
    direction: ClassVar[Direction] = Direction.CLOCKWISE

    @property
    def num_seats(self) -> int:
        return self.seats

    @cached_property
    def sides(self) -> Sides:
        """Partners facing: seats 0 and 2 against 1 and 3."""
        return Sides.alternating(4, 2)

    @cached_property
    def table(self) -> Table:
        return Table(self)

    @property
    def pack(self) -> CardSet:
        """52 cards, or 48 without the twos (``pack=48``, Cotton's game)."""
        return PACKS[str(self.options["pack"])]

    def new_state(self) -> WhistState:
        from atout.games.whist.state import WhistState

        return WhistState(self)

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> WhistState:
        """A state at the start of play of one hand, from an explicit :class:`~atout.chance.Deal`.

        ``setup`` (text, as a record stores it): ``dealer`` (a seat; default the last, so seat 0
        leads), ``game_scores`` (``"8-3"``), ``games`` (games won, ``"1-0"``), ``scores``
        (settlement points per side, ``"2-(-2)"`` written ``2,-2``), ``hand`` (its number) and,
        with a mort, ``declarer`` (who has the mort; default 0) and ``rubber``. ``state.setup``
        gives them back in full.

        >>> from atout.cards import CARDS
        >>> game = WhistGame()
        >>> deal = deal_from_pack(game.table, CARDS, 3, game.table.seating(-1))
        >>> game.state_from_deal(deal, {"game_scores": "8-3"}).setup["game_scores"]
        '8-3'
        """
        from atout.games.whist.state import WhistState

        return WhistState.from_deal(self, as_deal(deal), setup or {})

    def phrase(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        return phrase(entry, lang, names)

    def entry_json(self, entry: LogEntry) -> JSONObject:
        from atout.games.whist.observation import entry_json

        return entry_json(entry)


class MortGame(WhistGame):
    """Whist with a mort: three players; the one who has the mort plays it too, against the two
    others; the mort passes round every rubber."""

    name: ClassVar[str] = "mort"
    view: ClassVar[GameView] = MORT_VIEW
    title: ClassVar[dict[str, str]] = {"en": "Whist with a mort (dummy)", "fr": "Whist à trois, avec un mort"}
    aliases: ClassVar[tuple[str, ...]] = ("whist_mort", "dummy")
    option_specs: ClassVar[tuple[OptionSpec, ...]] = MORT_OPTIONS
    seats: ClassVar[int] = 3

    def entry_words(self, entry: LogEntry, lang: str, names: Sequence[str] = ()) -> str:
        """As every game's, the mort's place (seat 3) named « le mort » / "the mort"."""
        named = list(names)[:self.seats] + [""] * (self.seats - len(names))
        return super().entry_words(entry, lang, (*named, "le mort" if lang == "fr" else "the mort"))

    @cached_property
    def sides(self) -> Sides:
        """Each player for himself over the partie (partnerships change with every rubber)."""
        return Sides.independent(3)


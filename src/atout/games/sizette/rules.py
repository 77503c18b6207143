"""The rules in force for one game: its options digested into the plain facts the engine reads on
every move (seat count, sides, rank strengths, packets, limits), computed once per game object and
shared by all its states.

>>> from atout.games.sizette.spec import SizetteGame
>>> rules = SizetteGame({"target_points": 7}).rules
>>> rules.n, rules.target, rules.side_of, rules.hand_size
(6, 7, (0, 1, 0, 1, 0, 1), 6)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from atout.cards import JOKER_MASK, cards_of
from atout.dealing import DealPlan, cut_range, deal_by_packets
from atout.fields import setter
from atout.games.sizette.actions import Cut
from atout.tricks import trick_keys

if TYPE_CHECKING:
    from atout.games.sizette.spec import SizetteGame

MAX_REMARKS_PER_WINDOW = 3
"""Free remarks one seat may make in one speech window (liveness: every window closes)."""
MAX_CAPTAIN_CHANGES = 2
"""Captain changes one side may make in one window C0 (liveness: the cut always comes)."""
SLOW_HAND = ("talon", "turned_bit", "talon_turned", "cut_position", "captain_queue", "first_to_win", "revokes",
             "offsuit", "revoke_claims", "disputed", "claimed")
"""The fields of the hand in progress that change a few times a hand at most: kept in the state's
slow record (:class:`~atout.games.sizette.state.SizetteSlow`), whose last fields they are."""
HAND_FIELDS = ("turned", "trump", "keys", "leader", "player", "led", "trick_no", "played", "tricks_won", "done_tricks",
               "vole_team", "window", "window_team", "pending", "command", "failed_commands", "talk", "remarks", "claims",
               "hands", "trick")
"""The other fields of the hand in progress: the state's own (:attr:`Rules.reset_hand` sets them)."""


_CUT: dict[int, Cut] = {}


def _cut(position: int) -> Cut:
    """One shared ``Cut`` object per position (the engine lists the very objects it accepts)."""
    found = _CUT.get(position)
    if found is None:
        found = _CUT[position] = Cut(position)
    return found


class Rules:
    """What a :class:`~atout.games.sizette.spec.SizetteGame` and its options mean for play."""

    def __init__(self, game: SizetteGame):
        o = game.options
        self.game = game
        self.n = n = game.num_seats
        sides = game.sides
        self.sides = sides
        self.side_of: tuple[int, ...] = sides.side_of
        self.members: tuple[tuple[int, ...], ...] = sides.seats
        self.strength: tuple[int, ...] = game.order.strength
        self.draw_strength = (game.order if o["draw_rank"] == "game" else game.ace_high_order).strength
        self.pack = int(game.pack)
        assert not self.pack & JOKER_MASK, "no jokers: every trick is led by a real card (follow.py)"
        self.pack_cards = tuple(cards_of(self.pack))
        self.pack_ids = tuple(map(int, self.pack_cards))   # plain ints shuffle and index faster than cards
        self.packets: tuple[int, ...] = game.packets
        self.hand_size = sum(self.packets)
        self.talon_size: int = game.talon_size
        self.target = int(o["target_points"])
        self.table_law = bool(o["table_law_mode"])
        self.overflow = str(o["penalty_overflow"])
        self.win_rule: str = game.win_rule
        self.need = 4 if self.win_rule == "four_needed" else 3
        self.plain_reason = "four" if self.need == 4 else "three"
        self.play_out = bool(o["play_out_all_tricks"])
        self.volunteer = bool(o["volunteer_allowed"]) and not o["strict_encyclopedie"]
        self.extended: bool = o["command_grammar"] == "extended"
        self.grammar = str(o["command_grammar"])
        self.max_failed = int(o["max_failed_commands"])
        self.free_remarks = bool(o["free_remarks"])
        self.last_trick_review = bool(o["allow_last_trick_review"])
        self.dealer_choice = str(o["first_dealer_choice"])
        self.cut_positions = cut_range(len(self.pack_cards), int(o["min_cut_packet"]))
        self.cuts = tuple(_cut(p) for p in self.cut_positions)
        # per dealer: the seats in dealing order, and per seat its positions in the pack
        self.deal_order = tuple(tuple((dealer + 1 + i) % n for i in range(n)) for dealer in range(n))
        self.positions: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(p) for p in deal_by_packets(range(len(self.pack_cards)), order, self.packets))
            for order in self.deal_order)
        self.dealt = n * self.hand_size
        self.deal_plan: DealPlan | None = None
        """How these rules deal (:func:`atout.games.sizette.deal.plan` makes it when first asked)."""
        self.keys_by_trump = tuple(tuple(trick_keys(self.strength, trump, led) for led in range(4)) for trump in range(4))
        self.hand_sizes = hand_sizes_table(n, self.hand_size)
        self.no_remarks = (0,) * n
        self.fresh_hand: dict[str, object] = {
            "talon": (), "turned": None, "turned_bit": 0, "talon_turned": 0, "trump": None, "keys": (),
            "cut_position": 0, "captain_queue": (), "leader": -1, "player": -1, "led": None, "trick_no": 0,
            "played": 0, "tricks_won": (0, 0), "done_tricks": (), "first_to_win": None, "vole_team": None,
            "window": 0, "window_team": -1, "pending": None, "command": None, "failed_commands": 0, "talk": (),
            "remarks": self.no_remarks, "revokes": (), "offsuit": 0, "revoke_claims": (-1,) * n,
            "claims": (None, None), "disputed": (), "claimed": frozenset(), "hands": (0,) * n, "trick": (),
        }
        """The per-hand fields of a state before a deal (every one an immutable value)."""
        assert sorted(self.fresh_hand) == sorted(HAND_FIELDS + SLOW_HAND)
        self.fresh_values = tuple(self.fresh_hand[name] for name in HAND_FIELDS)
        self.reset_hand = setter(HAND_FIELDS)
        """``reset_hand(state, fresh_values)``: the per-hand fields set, in :data:`HAND_FIELDS`'s order, in one
        generated assignment (those of the state's slow record apart: :attr:`fresh_slow_values`, in
        :data:`SLOW_HAND`'s order)."""
        self.fresh_slow_values = tuple(self.fresh_hand[name] for name in SLOW_HAND)
        self.seats_from = tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
        self.options_view = MappingProxyType(dict(o.changed()))


def hand_sizes_table(n: int, hand_size: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """``table[tricks done][leader][cards in the trick]``: how many cards each seat holds during play."""
    table = []
    for done in range(hand_size + 1):
        per_leader = []
        for leader in range(n):
            rows = []
            for played in range(n + 1):
                sizes = [hand_size - done] * n
                for i in range(played):
                    sizes[(leader + i) % n] -= 1
                rows.append(tuple(sizes))
            per_leader.append(tuple(rows))
        table.append(tuple(per_leader))
    return tuple(table)

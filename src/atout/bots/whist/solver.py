"""Double-dummy values of Whist card play: every card visible, how many tricks the side to move
takes from here with best play on both sides, for each card it may play.

Two solvers give the same numbers: :func:`dds_tricks`, Bo Haglund's DDS through ``endplay``
(the ``search`` extra; its wheel bundles DDS 2.9), which values a full thirteen-card deal in
milliseconds; and :func:`reference_tricks`, a plain minimax in Python with alpha-beta inside each
trick and exact values memoised at trick starts, for small endings (the tests check that the two
agree on random endings of three to five cards a hand).

A *world* is one placing of the cards still to play: a hand (a card bitmask) per hand seat, in
the observation's naming (the seats; with a mort, seat ``3`` is the mort's hand). The table's
*places* (``obs.places``: the hands in the order of play, partners opposite) are DDS's North,
East, South and West.

:func:`value` (the search's valuer) turns the tricks into the game's points: what the hand adds
to the mover's partnership's game score minus what it adds to the other's, each counted only up
to the game (the surplus of a game is lost), through the engine's own
:func:`~atout.games.whist.scoring.score_hand` with the honours each partnership was dealt in the
world (so a side at eight values the two tricks over its book that win the game, not a third).
The hand's points are monotone in the tricks a side takes, so the card best in tricks is best in
points in every world: only the mean over worlds changes.

>>> from atout.cards import CardSet
>>> hands = [int(CardSet.parse(h)) for h in ("AS 2H", "KH QS", "3S 4S", "2S 3H")]
>>> reference_tricks(hands, 0, (), 1)     # North to lead, hearts trumps: one trick each way
{Card('AS'): 1, Card('2H'): 1}
>>> reference_tricks(hands, 0, (), 0)     # spades trumps: South ruffs the king of hearts
{Card('AS'): 2, Card('2H'): 2}
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from atout.cards import RANK_INDEX, SUIT_INDEX, SUIT_MASK, Card, card_of, cards_of
from atout.game import Observation, OptionValue
from atout.games import make_game
from atout.games.whist.scoring import ScoringRules, score_hand
from atout.games.whist.spec import PARTNERSHIP_OF_PLACE, Table, WhistGame
from atout.tricks import fast_trick_winner, follow_suit_mask

if TYPE_CHECKING:
    import ctypes

    from endplay.types import Card as EndplayCard

    from atout.games.whist.observation import WhistObservation
    from atout.games.whist.state import WhistState

World = tuple[int, int, int, int]
"""The cards each hand still holds, by hand seat (seat ``3``: the mort's hand)."""

HAND_SIZE = 13
HANDS = 4            # hand seats 0…3 (with a mort, 3 is the mort's hand)
_PLACES = 4
_DDS_LOCK = threading.Lock()
_SIDE = PARTNERSHIP_OF_PLACE       # the partnership of each place (0: places 0 and 2)


class Position(NamedTuple):
    """The card play as an observation shows it, by place: ``order[p]`` is the hand seat at
    place ``p`` (play goes from place ``p`` to ``p + 1``), ``leader`` the place that led the
    trick in progress, ``trick`` its cards, ``mover`` the place to play, ``side`` each place's
    partnership (index into ``obs.partners``), ``trump`` the suit index."""

    order: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    mover: int
    side: tuple[int, ...]
    trump: int


def position_of(obs: WhistObservation) -> Position:
    """The card play of ``obs`` by place (see :class:`Position`)."""
    order = tuple(obs.places)
    trick = tuple(card for _, card in obs.trick)
    leader = order.index(obs.trick[0][0] if obs.trick else obs.leader)
    side = tuple(0 if hand in obs.partners[0] else 1 for hand in order)
    trump = int(obs.trump) if obs.trump is not None else -1
    return Position(order, leader, trick, (leader + len(trick)) % _PLACES, side, trump)


@lru_cache(maxsize=32)
def _table(game: str, options: tuple[tuple[str, OptionValue], ...]) -> Table:
    spec = make_game(game, dict(options))
    if not isinstance(spec, WhistGame):
        raise TypeError(f"{game} is not Whist")
    return spec.table


def table_of(obs: Observation) -> Table:
    """The game's digested options (trick keys, honours, scoring) for ``obs``'s game, made once."""
    return _table(obs.game, tuple(sorted(obs.options.items())))


# ---------------------------------------------------------------------- the reference solver


def reference_tricks(hands: Sequence[int], leader: int, trick: Sequence[Card], trump: int,
                     keys: Sequence[Sequence[Sequence[int]]] | None = None) -> dict[Card, int]:
    """For each card the place to move may play, the tricks its partnership takes from here
    (the trick in progress included) with every card visible: ``hands`` by place (the cards of
    ``trick`` no longer in them), ``leader`` the place that led ``trick``, ``trump`` a suit.
    ``keys`` are the table's trick keys (``Table.keys``: by trump, then suit led), Whist's by
    default. Exhaustive, for endings of a few cards a hand."""
    if keys is None:
        keys = _whist_keys()
    by_led = keys[trump]
    memo: dict[tuple[int, int, int, int, int], int] = {}

    def from_lead(h: tuple[int, int, int, int], first: int) -> int:
        """Tricks of partnership 0 (places 0 and 2) from a trick start."""
        if not h[first]:
            return 0
        key = (h[0], h[1], h[2], h[3], first)
        found = memo.get(key)
        if found is None:
            found = memo[key] = in_trick(h, first, (), -1, HAND_SIZE + 1)
        return found

    def in_trick(h: tuple[int, int, int, int], first: int, cards: tuple[Card, ...], alpha: int, beta: int) -> int:
        place = (first + len(cards)) % _PLACES
        hand = h[place]
        playable = follow_suit_mask(hand, SUIT_INDEX[cards[0]]) if cards else hand
        maximise = _SIDE[place] == 0
        best = -1 if maximise else HAND_SIZE + 1
        for card in cards_of(playable):
            rest = list(h)
            rest[place] = hand & ~(1 << card)
            after = (rest[0], rest[1], rest[2], rest[3])
            played = (*cards, card)
            if len(played) == _PLACES:
                winner = (first + fast_trick_winner(played, by_led[SUIT_INDEX[played[0]]])) % _PLACES
                v = (_SIDE[winner] == 0) + from_lead(after, winner)
            else:
                v = in_trick(after, first, played, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    start = (hands[0], hands[1], hands[2], hands[3])
    first = leader
    cards = tuple(trick)
    mover = (first + len(cards)) % _PLACES
    left = (sum(h.bit_count() for h in start) + len(cards)) // _PLACES
    hand = start[mover]
    out: dict[Card, int] = {}
    for card in cards_of(follow_suit_mask(hand, SUIT_INDEX[cards[0]]) if cards else hand):
        rest = list(start)
        rest[mover] = hand & ~(1 << card)
        after = (rest[0], rest[1], rest[2], rest[3])
        played = (*cards, card)
        if len(played) == _PLACES:
            winner = (first + fast_trick_winner(played, by_led[SUIT_INDEX[played[0]]])) % _PLACES
            ours = (_SIDE[winner] == 0) + from_lead(after, winner)
        else:
            ours = in_trick(after, first, played, -1, HAND_SIZE + 1)
        out[card] = ours if _SIDE[mover] == 0 else left - ours
    return out


def _whist_keys() -> tuple[tuple[tuple[int, ...], ...], ...]:
    keys: tuple[tuple[tuple[int, ...], ...], ...] = _table("whist", ()).keys
    return keys


# ---------------------------------------------------------------------- DDS through endplay


def require_dds() -> None:
    """Raise a clear ``ImportError`` when ``endplay`` (the ``search`` extra) is not installed."""
    from importlib.util import find_spec

    if find_spec("endplay") is None:
        raise ImportError("the Whist search bots need endplay (DDS): pip install 'atout[search]'")


def dds_tricks(hands: Sequence[int], leader: int, trick: Sequence[Card], trump: int) -> dict[Card, int]:
    """:func:`reference_tricks` by DDS (``endplay``), for any number of cards: places are North,
    East, South, West; DDS values the trick in progress too."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Hand, Player

    deal = Deal(first=Player(leader), trump=Denom(trump))
    for place, cards in enumerate(hands):
        holdings = [sum(4 << RANK_INDEX[c] for c in cards_of(cards & SUIT_MASK[suit])) for suit in range(4)]
        deal[Player(place)] = Hand(_holding_array(holdings))
    for card in trick:
        deal.play(_endplay_card(card), from_hand=False)
    with _DDS_LOCK:          # DDS's memory for thread 0 is one per process: one solve at a time
        solved = list(solve_board(deal))
    return {card_of(c.rank.value.bit_length() - 3, int(c.suit)): tricks for c, tricks in solved}


def _holding_array(holdings: list[int]) -> ctypes.Array[ctypes.c_uint]:
    import ctypes

    return (ctypes.c_uint * 4)(*holdings)


def _endplay_card(card: Card) -> EndplayCard:
    from endplay.types import Card as EndplayCard
    from endplay.types import Denom, Rank

    return EndplayCard(suit=Denom(SUIT_INDEX[card]), rank=Rank(4 << RANK_INDEX[card]))


# ---------------------------------------------------------------------- the valuer


def hands_by_place(world: World, position: Position) -> list[int]:
    """The world's hands in the order of the table's places."""
    return [world[hand] for hand in position.order]


def dealt_honours(obs: WhistObservation, world: World, position: Position, honour_mask: int) -> tuple[int, int]:
    """Honours (A K Q J of trumps) each partnership was dealt in ``world``: those still held and
    those its hands played this hand."""
    held = [0, 0]
    for place, hand in enumerate(position.order):
        held[position.side[place]] += (world[hand] & honour_mask).bit_count()
    side_of = dict(zip(position.order, position.side, strict=True))
    for record in obs.tricks:
        _count_played(record.leader, record.cards, position, side_of, honour_mask, held)
    if obs.trick:
        _count_played(obs.trick[0][0], [c for _, c in obs.trick], position, side_of, honour_mask, held)
    return held[0], held[1]


def _count_played(leader: int, cards: Sequence[Card], position: Position, side_of: Mapping[int, int],
                  honour_mask: int, held: list[int]) -> None:
    first = position.order.index(leader)
    for k, card in enumerate(cards):
        if honour_mask >> card & 1:
            held[side_of[position.order[(first + k) % _PLACES]]] += 1


def points_of(obs: WhistObservation, world: World, position: Position, table: Table) -> Callable[[int], int]:
    """The mover's partnership's points for ``tricks`` taken from here: its gain on the game score
    minus the other's, each up to the game (see the module doc)."""
    us = position.side[position.mover]
    won: tuple[int, int] = obs.tricks_won
    start: tuple[int, int] = obs.game_scores
    rules: ScoringRules = table.scoring
    honours = dealt_honours(obs, world, position, table.honour_mask[position.trump])
    left = table.pack_size // HANDS - won[0] - won[1]
    game = rules.game_points

    def points(tricks: int) -> int:
        ours = won[us] + tricks
        theirs = won[1 - us] + left - tricks
        taken = (ours, theirs) if us == 0 else (theirs, ours)
        after = score_hand(start, taken, honours, rules).game_scores
        return (min(after[us], game) - start[us]) - (min(after[1 - us], game) - start[1 - us])

    return points


def value(obs: WhistObservation, world: World, moves: Sequence[Card]) -> list[float]:
    """Each card of ``moves``' double-dummy value in ``world`` for the mover's partnership, in
    points (see the module doc): the search's valuer."""
    position = position_of(obs)
    table = table_of(obs)
    tricks = dds_tricks(hands_by_place(world, position), position.leader, position.trick, position.trump)
    points = points_of(obs, world, position, table)
    return [float(points(tricks[move])) for move in moves]


def trick_value(obs: WhistObservation, world: World, moves: Sequence[Card]) -> list[float]:
    """Each card's double-dummy tricks from here in ``world`` (for the mover's partnership)."""
    position = position_of(obs)
    tricks = dds_tricks(hands_by_place(world, position), position.leader, position.trick, position.trump)
    return [float(tricks[move]) for move in moves]


def world_of(state: WhistState, seat: int) -> World:
    """The real world of ``state`` (for the oracle): every hand's cards by hand seat."""
    hands = [0] * HANDS
    for place, hand in enumerate(state.hands):
        hands[state.seat_of_place(place)] = hand
    return hands[0], hands[1], hands[2], hands[3]


__all__ = [
    "Position",
    "World",
    "dds_tricks",
    "position_of",
    "reference_tricks",
    "require_dds",
    "table_of",
    "trick_value",
    "value",
    "world_of",
]

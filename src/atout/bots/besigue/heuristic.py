"""The Bésigue ``heuristic`` bot: it plays from its seat's observation only.

- Declaring: it exchanges the seven of trumps for the turned card when it may, then declares the
  most valuable legal combination (ties: the one that shows fewest new cards), else passes.
- First phase: it keeps marriage, bésigue, carré and quinte material (kings, queens, jacks,
  aces, the queen of spades, the jack of diamonds, trumps, jokers) and gives up the small cards;
  it plays a seven of trumps when it can (10 points); following, it wins the trick with its
  cheapest winning card when the trick holds brisques or when it has a combination ready to
  declare, and otherwise throws its least useful card (never a brisque onto an opponent's trick
  when it can help it); it does not overtake its partner.
- Last tricks: with two players and at most six cards each, both hands are known and it plays
  exactly (:mod:`~atout.bots.besigue.solver`); otherwise it counts the trumps still out (from the
  cards played and tabled);
  leading, it cashes a card no unseen card can beat, else leads its least useful card; following,
  it wins with the cheapest winning card when the trick is worth it (or it must), and otherwise
  plays its least useful legal card.

>>> import random
>>> from atout.bots.runner import play_partie
>>> from atout.games import make_game
>>> game = make_game("besigue", {"target": "400"})
>>> state = play_partie(game, [HeuristicBot(random.Random(s)) for s in range(2)], random.Random(0))
>>> state.outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from atout.actions import Action
from atout.bots.base import moves_of
from atout.bots.besigue.solver import best_card, position_of
from atout.cards import JOKER_MASK, RANK_INDEX, SUIT_INDEX, SUIT_MASK_ALL, Card, CardSet, Rank, Suit
from atout.games.besigue.actions import Exchange
from atout.games.besigue.declarations import Declaration
from atout.games.besigue.spec import BesigueGame
from atout.packs import BESIGUE_ORDER
from atout.tricks import trick_winner

if TYPE_CHECKING:
    from atout.game import OptionValue
    from atout.games.besigue.observation import BesigueObservation

STRENGTH = BESIGUE_ORDER.strength
BRISQUE_RANKS = (Rank.ACE, Rank.TEN)
KEEP_BY_RANK = {Rank.ACE: 6.0, Rank.TEN: 5.0, Rank.KING: 4.0, Rank.QUEEN: 4.0, Rank.JACK: 3.0,
                Rank.NINE: 0.5, Rank.EIGHT: 0.3, Rank.SEVEN: 0.0}
JOKER_KEEP = 3.5
MAX_CARDS = 6   # search the last tricks exactly when each hand holds at most this many cards


@lru_cache(maxsize=64)
def _pack(options: tuple[tuple[str, OptionValue], ...]) -> int:
    return int(BesigueGame(dict(options)).pack)


class HeuristicBot:
    """See the module doc."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random()

    def act(self, obs: BesigueObservation) -> Action:
        moves = moves_of(obs)
        if len(moves) == 1:
            return moves[0]
        phase = obs.phase
        if phase == "declare":
            return self.declare(obs, moves)
        if phase == "play":
            return self.first_phase(obs, cast("tuple[Card, ...]", moves))   # in play, every move is a card
        if phase == "last_tricks":
            return self.last_tricks(obs, cast("tuple[Card, ...]", moves))
        return moves[int(self.rng.random() * len(moves))]

    # ------------------------------------------------------------------ declaring

    def declare(self, obs: BesigueObservation, moves: Sequence[Action]) -> Action:
        for m in moves:
            if isinstance(m, Exchange):
                return m
        declarations = [m for m in moves if isinstance(m, Declaration)]
        if declarations:
            tabled = int(obs.tabled[cast(int, obs.seat)])   # a seat's observation
            return max(declarations, key=lambda d: (d.points, -(int(d.cards) & ~tabled).bit_count()))
        return moves[-1]   # pass

    # ------------------------------------------------------------------ the first phase

    def keep(self, card: Card, trump: int | None, tabled: int) -> float:
        """How much the bot wants to keep ``card`` (higher: keep)."""
        if card.is_joker:
            return JOKER_KEEP
        rank = RANK_INDEX[card]
        value = KEEP_BY_RANK.get(Rank(rank), 0.0)
        suit = SUIT_INDEX[card]
        if trump is not None and suit == trump:
            value = -1.0 if rank == Rank.SEVEN else value + 1.5
        if (rank == Rank.QUEEN and suit == Suit.SPADES) or (rank == Rank.JACK and suit == Suit.DIAMONDS):
            value += 1.5
        if tabled >> card & 1:
            value *= 0.6
        return value

    def first_phase(self, obs: BesigueObservation, moves: Sequence[Card]) -> Card:
        trump, seat = obs.trump, cast(int, obs.seat)   # a seat's observation
        tabled = int(obs.tabled[seat])
        cards = list(moves)
        trick = [c for _, c in obs.trick]
        sevens = [c for c in cards if trump is not None and SUIT_INDEX[c] == trump and RANK_INDEX[c] == Rank.SEVEN]
        if not trick:
            if sevens:
                return sevens[0]
            return min(cards, key=lambda c: (self.keep(c, trump, tabled), c))
        best = trick[trick_winner(trick, trump, STRENGTH)]
        best_seat = obs.trick[trick_winner(trick, trump, STRENGTH)][0]
        partner_wins = best_seat != seat and obs.sides[_side(obs, best_seat)] == obs.sides[_side(obs, seat)]
        winners = [c for c in cards if _beats(c, best, trick, trump)]
        worth = sum(1 for c in trick if RANK_INDEX[c] in BRISQUE_RANKS)
        ready = _has_combination(int(cast(CardSet, obs.hand)) | tabled, trump)
        if winners and not partner_wins and (worth or ready or sevens):
            return min(winners, key=lambda c: (self.keep(c, trump, tabled) - (3.0 if c in sevens else 0.0), c))
        if sevens and not winners:
            return sevens[0]
        safe = [c for c in cards if RANK_INDEX[c] not in BRISQUE_RANKS] or cards
        if partner_wins and len(trick) == obs.num_seats - 1:
            safe = cards   # the partner takes it: a brisque is welcome there
        return min(safe, key=lambda c: (self.keep(c, trump, tabled) - (2.0 if partner_wins and
                                                                        RANK_INDEX[c] in BRISQUE_RANKS else 0.0), c))

    # ------------------------------------------------------------------ the last tricks

    def last_tricks(self, obs: BesigueObservation, moves: Sequence[Card]) -> Card:
        trump, seat = obs.trump, cast(int, obs.seat)   # a seat's observation
        cards = list(moves)
        trick = [c for _, c in obs.trick]
        hand = int(cast(CardSet, obs.hand))
        seen = hand | int(obs.played)
        for t in obs.tabled:
            seen |= int(t)
        options = tuple(sorted(obs.options.items()))
        unknown = _pack(options) & ~seen
        if obs.num_seats == 2 and 0 < len(cards) and hand.bit_count() <= MAX_CARDS \
                and unknown.bit_count() == obs.hand_sizes[1 - seat]:
            hands = (hand, unknown) if seat == 0 else (unknown, hand)
            return best_card(position_of(obs, hands))   # both hands known: search
        unseen = unknown & ~JOKER_MASK
        if not trick:
            masters = [c for c in cards if _master(c, unseen, trump)]
            if masters:
                return max(masters, key=lambda c: (RANK_INDEX[c] in BRISQUE_RANKS, STRENGTH[c], -c))
            return min(cards, key=lambda c: (_cost(c, trump), c))
        index = trick_winner(trick, trump, STRENGTH)
        best, best_seat = trick[index], obs.trick[index][0]
        partner_wins = obs.sides[_side(obs, best_seat)] == obs.sides[_side(obs, seat)]
        winners = [c for c in cards if _beats(c, best, trick, trump)]
        last = len(trick) == obs.num_seats - 1
        if winners and not partner_wins:
            cheapest = min(winners, key=lambda c: (_cost(c, trump), c))
            if last or _master(cheapest, unseen, trump) or any(RANK_INDEX[c] in BRISQUE_RANKS for c in trick):
                return cheapest
        if partner_wins and last:
            brisques = [c for c in cards if RANK_INDEX[c] in BRISQUE_RANKS]
            if brisques:
                return min(brisques, key=lambda c: (STRENGTH[c], c))
        return min(cards, key=lambda c: (_cost(c, trump), c))


def _side(obs: BesigueObservation, seat: int) -> int:
    for i, side in enumerate(obs.sides):
        if seat in side:
            return i
    return -1


def _beats(card: Card, best: Card, trick: Sequence[Card], trump: int | None) -> bool:
    """Whether ``card`` played now would take the trick from ``best``."""
    if card.is_joker:
        return False
    return trick_winner([*trick, card], trump, STRENGTH) == len(trick)


def _master(card: Card, unseen: int, trump: int | None) -> bool:
    """No unseen card can beat ``card`` (its suit's higher cards and, off trumps, every trump are out)."""
    if card.is_joker:
        return False
    suit = SUIT_INDEX[card]
    for other in _cards(unseen & SUIT_MASK_ALL[suit]):
        if STRENGTH[other] >= STRENGTH[card] and other != card:
            return False
    return suit == trump or trump is None or not unseen & SUIT_MASK_ALL[trump]


def _cost(card: Card, trump: int | None) -> float:
    """What playing ``card`` gives up in the last tricks: brisques and trumps most."""
    if card.is_joker:
        return -1.0
    value = STRENGTH[card] + (10.0 if RANK_INDEX[card] in BRISQUE_RANKS else 0.0)
    return value + (8.0 if SUIT_INDEX[card] == trump else 0.0)


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _has_combination(cards: int, trump: int | None) -> bool:
    """A rough test: a marriage, a bésigue or three of a rank (a carré within reach) among ``cards``."""
    ranks = [0] * 14
    suits_k, suits_q = set(), set()
    qs = jd = False
    for c in _cards(cards):
        r, s = RANK_INDEX[c], SUIT_INDEX[c]
        ranks[r] += 1
        if r == Rank.KING:
            suits_k.add(s)
        elif r == Rank.QUEEN:
            suits_q.add(s)
            qs = qs or s == Suit.SPADES
        elif r == Rank.JACK:
            jd = jd or s == Suit.DIAMONDS
    del trump
    return bool(suits_k & suits_q) or (qs and jd) or any(ranks[r] >= 4 for r in (9, 10, 11, 12))

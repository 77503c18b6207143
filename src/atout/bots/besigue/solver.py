"""Exact play of Bésigue's last tricks (the talon out) with every hand in view: a double-dummy solver.

Every rule fact is the engine's: the legal cards are :func:`~atout.tricks.legal_mask` under
``rules.phase2_rule`` (follow, head the trick, trump, over-trump, jokers as blank cards), the
trick's winner :func:`~atout.tricks.trick_winner`, and the count at the end of the hand
:func:`~atout.games.besigue.brisques.brisque_points` (the brisque rule of the table: a threshold, a
majority…) after the 10 of the last trick (unless the table scores it before the last tricks). No
declaration and no seven of trumps scores once the talon is out (the engine scores sevens in the
first phase only), so the last tricks are worth only their brisques and the last trick.

The value of a position is in the game's points, for the side of the seat to move at the root:
what it scores from here to the end of the hand minus what the other side scores. With three or
four independent players the others are searched as one coalition minimising the mover's points
minus the mean of theirs (a *paranoid* search: exact for that objective, cautious for the real one).

:func:`solve` values every legal card of the seat to move: alpha-beta with bounds kept in a table
of positions at trick starts (hands keyed with copies alike), equivalent cards searched once (the
copies of a card; cards of one suit in sequence once the cards out between them are counted, with
the same brisque value), winning cards tried first. :func:`minimax` is the brute-force reference
(every card, no table, no pruning), for tests on small positions.

>>> from atout.cards import Card, CardSet, Suit
>>> from atout.games import make_game
>>> rules = make_game("besigue", {"brisques": "none"}).rules
>>> me, him = int(CardSet.parse("AH 7S")), int(CardSet.parse("10H 8S"))
>>> p = Position(rules, (me, him), (), 0, Suit.SPADES, (0, 0), (0, 0))
>>> [(str(c), v) for c, v in solve(p).items()]   # give the spade trick: then the ace takes the ten and the last
[('7S', 30), ('AH', 10)]
>>> minimax(p) == max(solve(p).values())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from atout.bots.besigue.sampler import World, rules_of, world_of
from atout.cards import BASE_OF, COPIES_MASK, RANK_INDEX, SUIT_INDEX, SUIT_MASK_ALL, Card, Rank, cards_of
from atout.games.besigue.brisques import brisque_points
from atout.games.besigue.spec import LAST_TRICK_POINTS, Rules
from atout.tricks import legal_mask, trick_winner

if TYPE_CHECKING:
    from atout.games.besigue.observation import BesigueObservation

BRISQUE = tuple(RANK_INDEX[c] in (Rank.ACE, Rank.TEN) for c in range(len(BASE_OF)))
"""Whether each card id is a brisque (an ace or a ten)."""
INFINITY = 10 ** 6
SOLVED_CARDS = 16
"""With three or four players, the solver values the last tricks from this many cards left in all
hands (a few milliseconds; 20 cards: up to 0.7 s)."""


@dataclass(frozen=True)
class Position:
    """A last-tricks position with every hand in view.

    ``hands``: each seat's cards (bitmasks); ``trick``: the cards played to the trick in progress,
    led by ``leader``; ``brisques``: each side's brisques taken so far this hand; ``marque``: each
    side's live score (what a brisque rule on the score reads).
    """

    rules: Rules
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    trump: int | None
    brisques: tuple[int, ...]
    marque: tuple[int, ...]

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.n

    def legal(self) -> int:
        """The cards the seat to move may play (a bitmask)."""
        rules = self.rules
        return legal_mask(self.hands[self.to_move], self.trick, self.trump, rules.phase2_rule, rules.strength)


def position_of(obs: BesigueObservation, hands: Sequence[int]) -> Position:
    """The position of the observation ``obs`` (its trick, trump, brisques and scores) with the
    hands ``hands`` (every seat's cards, a world of the sampler or the true state)."""
    rules = rules_of(obs)
    trick = tuple(c for _, c in obs.trick)
    return Position(rules, tuple(hands), trick, obs.leader, None if obs.trump is None else int(obs.trump),
                    tuple(obs.brisques), tuple(obs.marque))


@dataclass
class _Search:
    """One search: the fixed facts of a position and the table of bounds."""

    rules: Rules
    trump: int | None
    root_side: int
    marque: tuple[int, ...]
    table: dict[tuple[tuple[int, ...], int, tuple[int, ...]], tuple[float, float]] = field(default_factory=dict)
    ends: dict[tuple[tuple[int, ...], int], float] = field(default_factory=dict)
    nodes: int = 0

    # ------------------------------------------------------------------ the count

    def end(self, counts: tuple[int, ...], last_winner: int) -> float:
        """The root side's value of the hand's end: the last trick, then the brisques."""
        key = (counts, last_winner)
        found = self.ends.get(key)
        if found is not None:
            return found
        rules = self.rules
        last_side = rules.side_of[last_winner]
        points = []
        for side in range(rules.num_sides):
            last = LAST_TRICK_POINTS if side == last_side and not rules.last_trick_phase1 else 0
            points.append(last + brisque_points(rules, side, counts, self.marque[side] + last))
        mine = points[self.root_side]
        others = [p for side, p in enumerate(points) if side != self.root_side]
        value = mine - others[0] if len(others) == 1 else mine - sum(others) / len(others)
        self.ends[key] = value
        return value

    # ------------------------------------------------------------------ the search

    def value(self, hands: tuple[int, ...], trick: tuple[int, ...], leader: int, counts: tuple[int, ...],
              alpha: float, beta: float) -> float:
        """The root side's value of the position, exact if it lies within (alpha, beta), else a bound
        on the side it falls (fail-soft)."""
        self.nodes += 1
        key = None
        if not trick:
            key = (tuple(_canonical(h) for h in hands), leader, counts)
            bounds = self.table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        rules = self.rules
        n = rules.n
        mover = (leader + len(trick)) % n
        maximising = rules.side_of[mover] == self.root_side
        cards = _representatives(self, hands, trick, mover)
        best: float = -INFINITY if maximising else INFINITY
        a, b = alpha, beta
        for card in cards:
            v = self.after(hands, trick, leader, counts, mover, card, a, b)
            if maximising:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        if key is not None:
            low, high = self.table.get(key, (-INFINITY, INFINITY))
            if best <= alpha:
                self.table[key] = (low, best)
            elif best >= beta:
                self.table[key] = (best, high)
            else:
                self.table[key] = (best, best)
        return best

    def after(self, hands: tuple[int, ...], trick: tuple[int, ...], leader: int, counts: tuple[int, ...],
              mover: int, card: int, alpha: float, beta: float) -> float:
        """The value once ``mover`` has played ``card``."""
        rules = self.rules
        hands = (*hands[:mover], hands[mover] ^ (1 << card), *hands[mover + 1:])
        trick = (*trick, card)
        if len(trick) < rules.n:
            return self.value(hands, trick, leader, counts, alpha, beta)
        winner = (leader + trick_winner(trick, self.trump, rules.strength)) % rules.n
        taken = sum(1 for c in trick if BRISQUE[c])
        if taken:
            side = rules.side_of[winner]
            counts = (*counts[:side], counts[side] + taken, *counts[side + 1:])
        if not hands[winner]:
            return self.end(counts, winner)
        return self.value(hands, (), winner, counts, alpha, beta)


def _canonical(hand: int) -> int:
    """``hand`` with each card's copies renumbered from the first (copies are alike in play)."""
    out = 0
    while hand:
        low = hand & -hand
        free = COPIES_MASK[low.bit_length() - 1] & ~out
        out |= free & -free
        hand ^= low
    return out


def _representatives(search: _Search, hands: tuple[int, ...], trick: tuple[int, ...], mover: int) -> list[int]:
    """One legal card of each class of equivalent cards, the likeliest best first: cards that take
    the trick (cheapest first), then the others (lowest first); leading, the strongest first."""
    rules = search.rules
    strength = rules.strength
    legal = legal_mask(hands[mover], trick, search.trump, rules.phase2_rule, strength)
    out_cards = 0          # every card the mover does not hold that is still in play or in the trick
    for seat, h in enumerate(hands):
        if seat != mover:
            out_cards |= h
    for c in trick:
        out_cards |= 1 << c
    by_suit: dict[int, list[int]] = {}
    for c in cards_of(legal):
        by_suit.setdefault(SUIT_INDEX[c], []).append(c)
    reps: list[int] = []
    for suit, cards in by_suit.items():
        if not suit < 4:
            reps.append(cards[0])            # the jokers: all alike
            continue
        cards.sort(key=lambda c: strength[c])
        others = sorted({strength[c] for c in cards_of(out_cards & SUIT_MASK_ALL[suit])})
        previous = -1
        for c in cards:
            if previous >= 0 and BRISQUE[previous] == BRISQUE[c] \
                    and not any(strength[previous] <= s <= strength[c] for s in others):
                continue                     # in sequence with the previous one: the same card
            reps.append(c)
            previous = c
    if trick:
        def order(c: int) -> tuple[int, int]:
            wins = trick_winner((*trick, c), search.trump, strength) == len(trick)
            return (0 if wins else 1, strength[c] + (10 if BRISQUE[c] else 0) * (1 if wins else -1))
        reps.sort(key=order)
    else:
        reps.sort(key=lambda c: -strength[c] - (20 if SUIT_INDEX[c] == search.trump else 0))
    return reps


def solve(position: Position) -> dict[Card, float]:
    """The exact value of every legal card of the seat to move (see the module doc), in the order
    of the cards; equivalent cards get their class's value."""
    rules = position.rules
    mover = position.to_move
    search = _Search(rules, position.trump, rules.side_of[mover], position.marque)
    legal = position.legal()
    values: dict[int, float] = {}
    for card in _representatives(search, position.hands, position.trick, mover):
        values[card] = search.after(position.hands, position.trick, position.leader, position.brisques, mover,
                                    card, -INFINITY, INFINITY)
    out: dict[Card, float] = {}
    for card in cards_of(legal):
        out[card] = values[card] if card in values else values[_class_of(search, position, card, values)]
    return out


def _class_of(search: _Search, position: Position, card: int, values: dict[int, float]) -> int:
    """The searched card equivalent to ``card``: a copy, or a card in sequence with it."""
    for rep in values:
        if BASE_OF[rep] == BASE_OF[card] or (SUIT_INDEX[rep] == SUIT_INDEX[card] == 4):
            return rep
    strength = search.rules.strength
    suit = SUIT_INDEX[card]
    nearest = [rep for rep in values if SUIT_INDEX[rep] == suit and BRISQUE[rep] == BRISQUE[card]
               and strength[rep] <= strength[card]]
    return max(nearest, key=lambda rep: strength[rep])


def minimax(position: Position) -> float:
    """The brute-force value of ``position`` for the side to move: every legal card tried, no table,
    no pruning, no equivalence (the reference :func:`solve` is checked against)."""
    rules = position.rules
    search = _Search(rules, position.trump, rules.side_of[position.to_move], position.marque)

    def value(hands: tuple[int, ...], trick: tuple[int, ...], leader: int, counts: tuple[int, ...]) -> float:
        mover = (leader + len(trick)) % rules.n
        results = []
        for card in cards_of(legal_mask(hands[mover], trick, position.trump, rules.phase2_rule, rules.strength)):
            after = (*hands[:mover], hands[mover] ^ (1 << card), *hands[mover + 1:])
            played = (*trick, card)
            if len(played) < rules.n:
                results.append(value(after, played, leader, counts))
                continue
            winner = (leader + trick_winner(played, position.trump, rules.strength)) % rules.n
            side = rules.side_of[winner]
            won = (*counts[:side], counts[side] + sum(1 for c in played if BRISQUE[c]), *counts[side + 1:])
            results.append(search.end(won, winner) if not after[winner] else value(after, (), winner, won))
        mine = rules.side_of[mover] == search.root_side
        return max(results) if mine else min(results)

    return value(position.hands, position.trick, position.leader, position.brisques)


def solvable(obs: BesigueObservation) -> bool:
    """Whether the solver values the observation's position: the last tricks only (the first phase,
    with its draws and declarations, is the evaluator's: :mod:`~atout.bots.besigue.search`), and
    with three or four players once at most :data:`SOLVED_CARDS` cards are left in the hands (a
    search of every card of three or four full hands takes seconds in pure Python)."""
    return bool(obs.phase == "last_tricks" and (obs.num_seats == 2 or sum(obs.hand_sizes) <= SOLVED_CARDS))


@lru_cache(maxsize=16)
def _solved(position: Position) -> dict[Card, float]:
    return solve(position)


def value(obs: BesigueObservation, world: World, moves: Sequence[Card]) -> list[float]:
    """Each move's exact value in ``world`` for the side of the seat to move (the PIMC valuer of the
    last tricks; a world seen twice is solved once)."""
    values = _solved(position_of(obs, world.hands))
    return [values[m] for m in moves]


def best_card(position: Position) -> Card:
    """The card of best value for the seat to move (ties: the lowest card id)."""
    values = solve(position)
    return max(values, key=lambda c: (values[c], -c))


__all__ = ["BRISQUE", "Position", "best_card", "minimax", "position_of", "solvable", "solve", "value", "world_of"]

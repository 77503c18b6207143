"""The Piquet heuristic's exchange: what a card is worth keeping, and so which to discard.

A card is worth its rank, more in a long suit (the point), in a run (sequences) or with others
of its rank among the aces to tens (sets); a low singleton is worth least. The elder exchanges
all five cards unless he has fewer poor cards; the younger takes what remains, keeping what is
good. The talon's odds are weighed simply: each card taken is worth an average card, so a card
is thrown only when it is worth less than that.

>>> from atout.cards import CardSet
>>> hand = int(CardSet.parse("AS KS QS JS 7H AD AC 9C 8D 7D 10C 9H"))
>>> [str(c) for c in worst_cards(hand, 3)]
['7H', '7D', '8D']
"""

from __future__ import annotations

from atout.cards import Card
from atout.games.piquet.holdings import (
    PATTERN_LENGTH,
    PATTERN_RUNS,
    RANK_OF_CARD,
    SET_RANKS,
    SHIFT,
    SUIT_OF,
    cards_tuple,
)

AVERAGE = 9  # what a card drawn from the talon is worth keeping, on average (the threshold)


def keep_value(hand: int, card: int) -> int:
    """How much ``card`` is worth keeping in ``hand`` (which holds it)."""
    suit = SUIT_OF[card]
    rank = RANK_OF_CARD[card]
    pattern = hand >> SHIFT[suit] & 255
    length = PATTERN_LENGTH[pattern]
    value = 2 * rank + (4 if rank == 7 else 0)
    if length >= 4:
        value += 3 * (length - 3)
    elif length == 1 and rank < 6:
        value -= 3
    for n, top in PATTERN_RUNS[pattern]:
        if top - n < rank <= top:
            value += 5 + n
    if pattern >> (rank + 1) & 1 or (rank and pattern >> (rank - 1) & 1):
        value += 1
    if rank in SET_RANKS:
        same = sum(1 for s in range(4) if hand >> (SHIFT[s] + rank) & 1)
        value += 8 if same >= 3 else 3 if same == 2 else 0
    return value


def worst_cards(hand: int, count: int) -> list[Card]:
    """The ``count`` cards least worth keeping, worst first."""
    ranked = sorted(cards_tuple(hand), key=lambda c: (keep_value(hand, c), c))
    return ranked[:count]


def wanted_discards(hand: int, least: int, most: int) -> int:
    """How many cards to exchange: every card worth less than an average draw, within the limits."""
    poor = sum(1 for c in cards_tuple(hand) if keep_value(hand, c) < AVERAGE)
    return max(least, min(most, poor))

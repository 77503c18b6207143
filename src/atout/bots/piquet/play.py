"""The Piquet heuristic's card play, from what it has seen: the cards played, its own hand and
discard, the cards it looked at.

- A card is a **master** when no higher card of its suit can still be in the opponent's hand.
- Leading: a master, from the longest suit (each lead scores, and a master wins the trick);
  else the lowest card of the longest suit (the suit it will make good), never breaking a guard.
- Following: win with the cheapest card that beats the lead (a point for the capture, and the
  trick toward the cards); else the lowest card of the suit. Void: throw the lowest card of the
  weakest suit, keeping the guards of kings and queens and the masters.

>>> from atout.cards import CardSet, Card
>>> hand = int(CardSet.parse("AS 7S KH 8H"))
>>> str(choose_lead(hand, 0)), str(choose_follow(hand, 0, Card("QH")))
('AS', 'KH')
"""

from __future__ import annotations

from atout.cards import Card
from atout.games.piquet.holdings import (
    PATTERN_CARDS,
    PATTERN_LENGTH,
    RANK_OF_CARD,
    SHIFT,
    STRENGTH,
    SUIT_BITS,
    SUIT_OF,
    cards_tuple,
)


def is_master(card: int, gone: int) -> bool:
    """No higher card of ``card``'s suit outside ``gone`` (the cards the opponent cannot hold)."""
    suit = SUIT_OF[card]
    higher = PATTERN_CARDS[suit][255 & ~((2 << RANK_OF_CARD[card]) - 1)]
    return all(gone >> c & 1 for c in higher)


def choose_lead(hand: int, gone: int, suit: int = -1) -> Card:
    """The lead from ``hand``; ``gone``: cards known not to be in the opponent's hand (besides
    ``hand``); ``suit``: the suit named for this lead, if any."""
    known = gone | hand
    cards = cards_tuple(hand & SUIT_BITS[suit] if suit >= 0 else hand)
    masters = [c for c in cards if is_master(c, known)]
    if masters:
        return max(masters, key=lambda c: (_length(hand, c), STRENGTH[c]))
    longest = max(cards, key=lambda c: (_length(hand, c), -STRENGTH[c]))
    low = [c for c in cards if SUIT_OF[c] == SUIT_OF[longest]]
    return min(low, key=lambda c: STRENGTH[c])


def choose_follow(hand: int, gone: int, lead: Card) -> Card:
    """The answer to ``lead`` from ``hand``."""
    suit = SUIT_OF[lead]
    follow = hand & SUIT_BITS[suit]
    if follow:
        cards = PATTERN_CARDS[suit][follow >> SHIFT[suit] & 255]
        beating = [c for c in cards if STRENGTH[c] > STRENGTH[lead]]
        return beating[0] if beating else cards[0]
    return discard(hand, gone | hand | 1 << lead)


def discard(hand: int, known: int) -> Card:
    """The card to throw when void: the lowest of the weakest suit, no master, no guard."""
    def cost(c: Card) -> tuple[int, int, int]:
        guard = _length(hand, c) <= 2 and any(RANK_OF_CARD[x] >= 5 for x in _suit_cards(hand, c)) and \
            RANK_OF_CARD[c] < 5
        return (1 if is_master(c, known) else 0, 1 if guard else 0, STRENGTH[c])

    return min(cards_tuple(hand), key=cost)


def _length(hand: int, card: int) -> int:
    suit = SUIT_OF[card]
    return PATTERN_LENGTH[hand >> SHIFT[suit] & 255]


def _suit_cards(hand: int, card: int) -> tuple[Card, ...]:
    suit = SUIT_OF[card]
    return PATTERN_CARDS[suit][hand >> SHIFT[suit] & 255]

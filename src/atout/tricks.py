"""The trick-play machine shared by every game (RULES.md §0.4).

Hot-path functions take raw int bitmasks and a per-card ``strength`` table.

>>> from atout.cards import Card, Suit
>>> from atout.packs import SIZETTE_ORDER
>>> trick = [Card("AH"), Card("KH"), Card("6S")]
>>> trick_winner(trick, None, SIZETTE_ORDER.strength), trick_winner(trick, Suit.SPADES, SIZETTE_ORDER.strength)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cards import SUIT_MASK


def follow_mask(hand: int, led_suit: int | None) -> int:
    """Cards a player may play: those of the suit led if he has any, else his whole hand."""
    if led_suit is None:
        return hand
    same = hand & SUIT_MASK[led_suit]
    return same if same else hand


def trick_winner(cards: Sequence[int], trump: int | None, strength: Sequence[int]) -> int:
    """Index (in play order) of the winning card: highest trump, else highest of the suit led.

    Among equal cards (multi-pack games) the one played first wins.
    """
    led = cards[0] // 13
    best = 0
    best_key = (cards[0] // 13 == trump, strength[cards[0]])
    for i in range(1, len(cards)):
        c = cards[i]
        suit = c // 13
        if suit != led and suit != trump:
            continue
        key = (suit == trump, strength[c])
        if key > best_key:
            best, best_key = i, key
    return best

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


_KEYS: dict[tuple[int, int | None, int], tuple[int, ...]] = {}


def trick_keys(strength: Sequence[int], trump: int | None, led: int) -> tuple[int, ...]:
    """Per-card sort key for a trick: trumps above the suit led above everything else."""
    key = (id(strength), trump, led)
    table = _KEYS.get(key)
    if table is None:
        table = tuple(strength[c] + (64 if c // 13 == trump else 32 if c // 13 == led else 0) for c in range(52))
        _KEYS[key] = table
    return table


def fast_trick_winner(cards: Sequence[int], keys: Sequence[int]) -> int:
    """``trick_winner`` with a precomputed :func:`trick_keys` table (first of equals wins)."""
    best = 0
    best_key = keys[cards[0]]
    for i in range(1, len(cards)):
        k = keys[cards[i]]
        if k > best_key:
            best, best_key = i, k
    return best


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

"""Cards on screen, for any game: a card with a suit symbol, a hand grouped by suit in the game's
order, a list of cards.

>>> from atout.cards import Card, CardSet
>>> card_label(Card("KH"), "en"), card_label(Card("KH"), "fr")
('K♥', 'R♥')
>>> render_hand(CardSet.parse("AH KH 10S 6S JH"), "en")
'♠ 10 6   ♥ A K J'
"""

from __future__ import annotations

from collections.abc import Iterable

from atout.cards import RANK_CODES, SUIT_SYMBOLS, Card
from atout.packs import RankOrder


def card_label(card: int, lang: str) -> str:
    """A card with its rank in ``lang`` and a suit symbol: ``K♥`` / ``R♥``. It can be typed back."""
    return Card(card).pretty(lang)


def cards_text(cards: Iterable[int], lang: str) -> str:
    """``K♥ 7♠``; ``—`` for none."""
    return " ".join(card_label(c, lang) for c in cards) or "—"


def sort_cards(cards: Iterable[int], order: RankOrder | None = None) -> list[Card]:
    """Cards grouped by suit (♠ ♥ ♦ ♣), highest first: in ``order``, else ace high; jokers last."""
    found = [Card(c) for c in cards]
    if order is not None:
        return order.sorted(found)
    return sorted(found, key=lambda c: (c.suit is None, c.suit or 0, -(c.rank or 0), c.copy))


def render_hand(hand: Iterable[int], lang: str, order: RankOrder | None = None, trump: int | None = None,
                trump_word: str = "atout") -> str:
    """The hand grouped by suit, highest first in the game's ``order``; the trump suit is marked.

    >>> from atout.cards import CardSet
    >>> from atout.packs import SIZETTE_ORDER
    >>> render_hand(CardSet.parse("AH KH 10S 6S JH"), "fr", SIZETTE_ORDER, trump=1)
    '♠ 10 6   ♥ R V A (atout)'
    """
    groups: dict[int, list[str]] = {}
    jokers: list[str] = []
    for c in sort_cards(hand, order):
        if c.suit is None or c.rank is None:
            jokers.append(c.text(lang))
            continue
        suffix = f"#{c.copy}" if c.copy > 1 else ""
        groups.setdefault(int(c.suit), []).append(RANK_CODES[lang][c.rank] + suffix)
    parts = []
    for suit, ranks in groups.items():
        text = f"{SUIT_SYMBOLS[suit]} {' '.join(ranks)}"
        if suit == trump:
            text += f" ({trump_word})"
        parts.append(text)
    if jokers:
        parts.append(" ".join(jokers))
    return "   ".join(parts) if parts else "—"

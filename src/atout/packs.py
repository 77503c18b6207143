"""Packs and per-game rank orders.

A pack is a :class:`~atout.cards.CardSet`: the 52-, 36- and 32-card packs of single-pack games
use the first copy of each card (ids ``0 … 51``); multi-pack games use distinct copies (and
jokers), so every physical card has its own identity.

>>> len(PACK_36), len(PACK_32), len(PACK_52), len(PACK_BESIGUE), len(PACK_BEZIQUE_64)
(36, 32, 52, 132, 64)
>>> SIZETTE_ORDER.beats(Card("JH"), Card("AH"))
True
>>> BESIGUE_ORDER.beats(Card("10S#3"), Card("KS")), BESIGUE_ORDER.strength[Card("JK1")]
(True, -1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from atout.cards import (
    ALL_CARDS,
    JOKERS,
    NUM_COPIES,
    NUM_JOKERS,
    RANK_INDEX,
    SUIT_INDEX,
    Card,
    CardSet,
    Rank,
    Suit,
    card_of,
    parse_card,
)

RANKS_32 = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
RANKS_36 = (Rank.SIX, *RANKS_32)
RANKS_52 = tuple(Rank)


def pack_of(ranks: Iterable[Rank], copies: int = 1, jokers: int = 0) -> CardSet:
    """The cards of ``ranks`` in the four suits, in ``copies`` copies (1 … 4), plus ``jokers`` jokers.

    >>> len(pack_of(RANKS_32, copies=4, jokers=4)), str(pack_of([Rank.ACE], copies=2))
    (132, 'AS AH AD AC AS#2 AH#2 AD#2 AC#2')
    """
    if not 1 <= copies <= NUM_COPIES or not 0 <= jokers <= NUM_JOKERS:
        raise ValueError(f"a pack has 1 … {NUM_COPIES} copies and 0 … {NUM_JOKERS} jokers")
    ranks = tuple(ranks)
    cards = [card_of(r, s, k) for k in range(1, copies + 1) for s in Suit for r in ranks]
    return CardSet.of(cards + list(JOKERS[:jokers]))


def pack_without(ranks: set[Rank]) -> CardSet:
    """One copy of every card whose rank is not in ``ranks``."""
    return pack_of(r for r in Rank if r not in ranks)


PACK_52 = pack_of(RANKS_52)
PACK_36 = pack_of(RANKS_36)
PACK_32 = pack_of(RANKS_32)
PACK_BESIGUE = pack_of(RANKS_32, copies=4, jokers=4)
"""Bésigue as played in Haiti: four 32-card packs and four jokers, 132 cards."""
PACK_BEZIQUE_64 = pack_of(RANKS_32, copies=2)
"""Classic two-pack Bézique: 64 cards, no joker."""


@dataclass(frozen=True)
class RankOrder:
    """The order of ranks within a suit, highest first, and a per-card strength table."""

    name: str
    ranks: tuple[Rank, ...]

    @property
    def strength(self) -> tuple[int, ...]:
        """``strength[card]`` for every card id: higher wins; copies of a card share its strength;
        cards whose rank is not in the order, and jokers, get -1."""
        return _strength_table(self.ranks)

    def beats(self, a: Card, b: Card) -> bool:
        s = self.strength
        return s[a] > s[b]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """Cards grouped by suit (♠ ♥ ♦ ♣, jokers last), highest first within a suit, copies together.

        >>> [str(c) for c in BESIGUE_ORDER.sorted(CardSet.parse("JK1 KH#2 10H AS KH"))]
        ['AS', '10H', 'KH', 'KH#2', 'JK1']
        """
        s = self.strength
        return sorted(cards, key=lambda c: (SUIT_INDEX[c], -s[c], c))

    def __str__(self) -> str:
        return " ".join(r.code for r in self.ranks)


_TABLES: dict[tuple[Rank, ...], tuple[int, ...]] = {}


def _strength_table(ranks: tuple[Rank, ...]) -> tuple[int, ...]:
    table = _TABLES.get(ranks)
    if table is None:
        pos = {int(r): len(ranks) - i for i, r in enumerate(ranks)}
        table = tuple(pos.get(RANK_INDEX[c], -1) for c in ALL_CARDS)  # a joker's JOKER_RANK: -1
        _TABLES[ranks] = table
    return table


def rank_order(name: str, text: str) -> RankOrder:
    """A rank order from its English rank codes, highest first.

    >>> str(rank_order("x", "A 10 K"))
    'A 10 K'
    """
    return RankOrder(name, tuple(Rank(RANK_INDEX[parse_card(code + "S", "en")]) for code in text.split()))


SIZETTE_ORDER = rank_order("sizette", "K Q J A 10 9 8 7 6")
QUADRETTE_ORDER = rank_order("quadrette", "K Q J A 10 9 8 7")
ACE_HIGH_36 = rank_order("ace_high", "A K Q J 10 9 8 7 6")
ACE_HIGH_32 = rank_order("ace_high", "A K Q J 10 9 8 7")
PIQUET_ORDER = rank_order("piquet", "A K Q J 10 9 8 7")
BESIGUE_ORDER = rank_order("besigue", "A 10 K Q J 9 8 7")
WHIST_ORDER = rank_order("whist", "A K Q J 10 9 8 7 6 5 4 3 2")

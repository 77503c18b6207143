"""Packs and per-game rank orders.

>>> len(PACK_36), len(PACK_32), len(PACK_52)
(36, 32, 52)
>>> SIZETTE_ORDER.beats(Card("JH"), Card("AH"))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.cards import CARDS, Card, CardSet, Rank, parse_card


def pack_without(ranks: set[Rank]) -> CardSet:
    return CardSet.of(c for c in CARDS if c.rank not in ranks)


PACK_52 = CardSet.of(CARDS)
PACK_36 = pack_without({Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE})
PACK_32 = pack_without({Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX})


@dataclass(frozen=True)
class RankOrder:
    """The order of ranks within a suit, highest first, and a per-card strength table."""

    name: str
    ranks: tuple[Rank, ...]

    @property
    def strength(self) -> tuple[int, ...]:
        """``strength[card]``: higher wins; cards whose rank is not in the order get -1."""
        return _strength_table(self.ranks)

    def beats(self, a: Card, b: Card) -> bool:
        s = self.strength
        return s[a] > s[b]

    def sorted(self, cards: CardSet | list[Card]) -> list[Card]:
        """Cards grouped by suit (♠ ♥ ♦ ♣), highest first within a suit."""
        s = self.strength
        return sorted(cards, key=lambda c: (c.suit, -s[c]))

    def __str__(self) -> str:
        return " ".join(r.code for r in self.ranks)


_TABLES: dict[tuple[Rank, ...], tuple[int, ...]] = {}


def _strength_table(ranks: tuple[Rank, ...]) -> tuple[int, ...]:
    table = _TABLES.get(ranks)
    if table is None:
        pos = {r: len(ranks) - i for i, r in enumerate(ranks)}
        table = tuple(pos.get(c.rank, -1) for c in CARDS)
        _TABLES[ranks] = table
    return table


def rank_order(name: str, text: str) -> RankOrder:
    return RankOrder(name, tuple(parse_card(code + "S", "en").rank for code in text.split()))


SIZETTE_ORDER = rank_order("sizette", "K Q J A 10 9 8 7 6")
QUADRETTE_ORDER = rank_order("quadrette", "K Q J A 10 9 8 7")
ACE_HIGH_36 = rank_order("ace_high", "A K Q J 10 9 8 7 6")
ACE_HIGH_32 = rank_order("ace_high", "A K Q J 10 9 8 7")
PIQUET_ORDER = rank_order("piquet", "A K Q J 10 9 8 7")
BESIGUE_ORDER = rank_order("besigue", "A 10 K Q J 9 8 7")
WHIST_ORDER = rank_order("whist", "A K Q J 10 9 8 7 6 5 4 3 2")

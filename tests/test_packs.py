"""Packs and rank orders (RULES.md §0.2, §0.4, §4.1, §4.11): single packs keep the first copy's
ids, multi-pack games get distinct copies (and jokers), strength tables cover every card id."""

from __future__ import annotations

import pytest

from atout.cards import (
    ALL_CARDS,
    CARDS,
    JOKER_MASK,
    JOKER_SUIT,
    JOKERS,
    NUM_CARDS,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_MASK_ALL,
    Card,
    CardSet,
    Rank,
    Suit,
    base_of,
    copies_of,
)
from atout.packs import (
    ACE_HIGH_32,
    ACE_HIGH_36,
    BESIGUE_ORDER,
    PACK_32,
    PACK_36,
    PACK_52,
    PACK_BESIGUE,
    PACK_BEZIQUE_64,
    PIQUET_ORDER,
    QUADRETTE_ORDER,
    RANKS_32,
    RANKS_36,
    SIZETTE_ORDER,
    WHIST_ORDER,
    RankOrder,
    pack_of,
    pack_without,
    rank_order,
)

PACKS = {"52": PACK_52, "36": PACK_36, "32": PACK_32, "besigue": PACK_BESIGUE, "bezique64": PACK_BEZIQUE_64}
ORDERS = [SIZETTE_ORDER, QUADRETTE_ORDER, ACE_HIGH_36, ACE_HIGH_32, PIQUET_ORDER, BESIGUE_ORDER, WHIST_ORDER]


def test_pack_arithmetic() -> None:
    assert len(PACK_52) == 52 and len(PACK_36) == 36 and len(PACK_32) == 32
    assert len(PACK_BESIGUE) == 132 == 4 * 32 + 4
    assert len(PACK_BEZIQUE_64) == 64 == 2 * 32
    assert PACK_BESIGUE & JOKER_MASK == CardSet.of(JOKERS)
    assert not PACK_BEZIQUE_64 & JOKER_MASK


def test_single_packs_are_the_first_copy_unchanged() -> None:
    assert PACK_52 == CardSet.of(CARDS) == (1 << 52) - 1
    assert PACK_36 == CardSet.of(c for c in CARDS if c.rank not in (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE))
    assert PACK_32 == PACK_36 - CardSet.of(c for c in CARDS if c.rank == Rank.SIX)
    assert PACK_32 == pack_without({Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX})
    assert str(PACK_32).split()[:3] == ["7S", "8S", "9S"]


def test_multi_packs_are_copies_of_the_32_card_pack() -> None:
    for pack, copies in ((PACK_BESIGUE, 4), (PACK_BEZIQUE_64, 2)):
        bases = {base_of(c) for c in pack if not c.is_joker}
        assert CardSet.of(bases) == PACK_32
        for base in bases:
            assert len(pack & copies_of(base)) == copies
            assert {c.copy for c in pack & copies_of(base)} == set(range(1, copies + 1))
    assert PACK_BEZIQUE_64.issubset(PACK_BESIGUE) and PACK_32.issubset(PACK_BEZIQUE_64)
    assert Card("AS#2") in PACK_BEZIQUE_64 and Card("AS#3") not in PACK_BEZIQUE_64
    assert Card("AS#4") in PACK_BESIGUE and Card("6S#2") not in PACK_BESIGUE


@pytest.mark.parametrize("name", PACKS)
def test_suit_masks_partition_each_pack(name: str) -> None:
    pack = PACKS[name]
    parts = [pack & m for m in SUIT_MASK_ALL] + [pack & JOKER_MASK]
    assert sum(len(p) for p in parts) == len(pack)
    union = CardSet(0)
    for part in parts:
        assert not union & part
        union |= part
    assert union == pack
    per_suit = len(pack - JOKER_MASK) // 4
    assert all(len(pack.of_suit(s)) == per_suit for s in Suit)
    for s in Suit:
        assert all(SUIT_INDEX[c] == s for c in pack.of_suit(s))
        if name in ("52", "36", "32"):
            assert pack & SUIT_MASK[s] == pack.of_suit(s)       # first-copy masks suffice


def test_pack_of() -> None:
    assert pack_of(Rank) == PACK_52 and pack_of(RANKS_36) == PACK_36 and pack_of(RANKS_32) == PACK_32
    assert pack_of(RANKS_32, copies=4, jokers=4) == PACK_BESIGUE
    assert str(pack_of([Rank.ACE], copies=3, jokers=2)) == "AS AH AD AC AS#2 AH#2 AD#2 AC#2 AS#3 AH#3 AD#3 AC#3 JK1 JK2"
    for bad in ({"copies": 0}, {"copies": 5}, {"jokers": 5}, {"jokers": -1}):
        with pytest.raises(ValueError, match="copies"):
            pack_of(RANKS_32, **bad)


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: o.name + str(len(o.ranks)))
def test_strength_tables_cover_every_card(order: RankOrder) -> None:
    s = order.strength
    assert len(s) == NUM_CARDS
    for card in ALL_CARDS:
        if card.is_joker:
            assert s[card] == -1
        elif card.rank in order.ranks:
            assert s[card] == len(order.ranks) - order.ranks.index(card.rank) == s[base_of(card)]
        else:
            assert s[card] == -1
    assert order.strength is s                               # cached


def test_rank_orders() -> None:
    assert str(BESIGUE_ORDER) == "A 10 K Q J 9 8 7"
    assert BESIGUE_ORDER.beats(Card("10H"), Card("KH")) and BESIGUE_ORDER.beats(Card("AH#4"), Card("10H#2"))
    assert not BESIGUE_ORDER.beats(Card("AH#2"), Card("AH")) and not BESIGUE_ORDER.beats(Card("AH"), Card("AH#2"))
    assert BESIGUE_ORDER.beats(Card("7H"), Card("JK1")) and not BESIGUE_ORDER.beats(Card("JK1"), Card("7H"))
    assert PIQUET_ORDER.beats(Card("KS"), Card("10S")) and not PIQUET_ORDER.beats(Card("10S"), Card("KS"))
    assert WHIST_ORDER.beats(Card("3D"), Card("2D")) and WHIST_ORDER.strength[Card("AD")] == 13
    assert rank_order("x", "Q 7").ranks == (Rank.QUEEN, Rank.SEVEN)
    assert rank_order("x", "T 9").ranks == (Rank.TEN, Rank.NINE)


def test_sorted_groups_suits_jokers_last_and_copies_together() -> None:
    hand = CardSet.parse("JK2 7C KH#3 AS 10H KH JK1 AS#2 9D")
    assert [str(c) for c in BESIGUE_ORDER.sorted(hand)] == [
        "AS", "AS#2", "10H", "KH", "KH#3", "9D", "7C", "JK1", "JK2"]
    assert [str(c) for c in SIZETTE_ORDER.sorted(CardSet.parse("AH 10H KS JH 6H"))] == ["KS", "JH", "AH", "10H", "6H"]
    assert SUIT_INDEX[BESIGUE_ORDER.sorted(hand)[-1]] == JOKER_SUIT

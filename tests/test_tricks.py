"""Trick resolution (RULES.md §0.4, §1.5): highest trump, else highest of the suit led, with the
Sizette order K Q J A 10 9 8 7 6 (the ace between the jack and the ten)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import SUIT_MASK, Card, CardSet, Suit
from atout.packs import ACE_HIGH_36, PACK_32, PACK_36, QUADRETTE_ORDER, SIZETTE_ORDER, WHIST_ORDER
from atout.tricks import fast_trick_winner, follow_mask, trick_keys, trick_winner

S = SIZETTE_ORDER.strength


def cards(text: str) -> list[Card]:
    return [Card(t, "en") for t in text.split()]


def test_rank_orders() -> None:
    assert str(SIZETTE_ORDER) == "K Q J A 10 9 8 7 6"
    assert str(QUADRETTE_ORDER) == "K Q J A 10 9 8 7"
    assert str(ACE_HIGH_36) == "A K Q J 10 9 8 7 6"
    assert SIZETTE_ORDER.beats(Card("JH"), Card("AH"))
    assert SIZETTE_ORDER.beats(Card("AH"), Card("10H"))
    assert not SIZETTE_ORDER.beats(Card("AH"), Card("JH"))
    assert QUADRETTE_ORDER.beats(Card("JS"), Card("AS"))
    assert ACE_HIGH_36.beats(Card("AS"), Card("KS"))
    assert SIZETTE_ORDER.sorted(cards("AH 10H KS JH 6H")) == cards("KS JH AH 10H 6H")
    assert S[Card("5H")] == -1                          # not in the Sizette pack
    assert len(PACK_36) == 36 and len(PACK_32) == 32


@pytest.mark.parametrize("trick, trump, winner", [
    ("AH 10H JH 6H 7H 8H", None, 2),      # J beats A
    ("AH 10H 9H 8H 7H 6H", None, 0),      # A beats 10
    ("10H AH", None, 1),
    ("QH JH KH", None, 2),
    ("JH QH", None, 1),
    ("6H KD KC KS", None, 0),             # off-suit cards never win without trumps
    ("6H KD KC KS", "S", 3),              # a trump wins
    ("KH 6S 7S AS", "S", 3),              # highest trump: A above 7 and 6
    ("KH 6S JS AS", "S", 2),              # J of trumps above A of trumps
    ("7S KS AH", "S", 1),                 # trumps led
    ("9D 6C QD", "C", 1),                 # a lone small trump beats higher cards of the suit led
    ("9D QD 6C 7C", "C", 3),
    ("KD 6H 6C", "S", 0),                 # discards of non-trump suits don't win
])
def test_trick_winner(trick: str, trump: str | None, winner: int) -> None:
    suit = None if trump is None else Suit("SHDC".index(trump))
    played = cards(trick)
    assert trick_winner(played, suit, S) == winner
    led = played[0] // 13
    assert fast_trick_winner(played, trick_keys(S, suit, led)) == winner


def test_quadrette_order_in_tricks() -> None:
    q = QUADRETTE_ORDER.strength
    assert trick_winner(cards("AD 10D JD 7D"), Suit.HEARTS, q) == 2
    assert trick_winner(cards("AD 7H"), Suit.HEARTS, q) == 1


def test_whist_order_differs() -> None:
    assert trick_winner(cards("JH AH"), None, WHIST_ORDER.strength) == 1
    assert trick_winner(cards("JH AH"), None, S) == 0


def test_first_of_equal_cards_wins() -> None:
    assert trick_winner(cards("KH KH"), None, S) == 0


def test_follow_mask() -> None:
    hand = int(CardSet.parse("KH 7H 9S 6D", "en"))
    assert follow_mask(hand, Suit.HEARTS) == int(CardSet.parse("KH 7H", "en"))
    assert follow_mask(hand, Suit.CLUBS) == hand         # void: anything, trumping not forced
    assert follow_mask(hand, None) == hand               # leading: anything


@given(st.lists(st.sampled_from(list(PACK_36)), min_size=1, max_size=6, unique=True),
       st.sampled_from([None, *Suit]))
def test_fast_winner_agrees_with_reference(trick: list[Card], trump: Suit | None) -> None:
    led = trick[0] // 13
    expected = trick_winner(trick, trump, S)
    assert fast_trick_winner(trick, trick_keys(S, trump, led)) == expected
    # reference by hand: trumps if any, else the suit led; then strength
    pool = [c for c in trick if trump is not None and c.suit == trump] or [c for c in trick if c.suit == led]
    assert trick[expected] == max(pool, key=lambda c: S[c])
    assert int(SUIT_MASK[led]) >> trick[0] & 1

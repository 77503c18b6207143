"""The trick machine (RULES.md §0.4, §1.5, §4.7, §4.8): who wins a trick, and which cards may be
played to it under each follow rule — worked cases, then property tests against references
written from the rule text."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import SUIT_INDEX, Card, CardSet, Suit, cards_of
from atout.packs import (
    ACE_HIGH_36,
    BESIGUE_ORDER,
    PACK_32,
    PACK_36,
    PACK_52,
    PACK_BESIGUE,
    QUADRETTE_ORDER,
    SIZETTE_ORDER,
    WHIST_ORDER,
)
from atout.tricks import (
    FOLLOW_SUIT,
    FREE_PLAY,
    FollowRule,
    TrickPosition,
    fast_trick_winner,
    led_suit,
    legal_mask,
    trick_keys,
    trick_winner,
)

S = SIZETTE_ORDER.strength
B = BESIGUE_ORDER.strength
H, SP, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS
# Bésigue's last tricks (RULES.md §4.8): follow and head the trick, else trump and over-trump
LAST_TRICKS = FollowRule(trump_if_void=True, overtrump=True, head_trick=True, jokers_discard_only=True)


def cards(text: str) -> list[Card]:
    return [Card(t, "en") for t in text.split()]


def legal(hand: str, trick: str, trump: Suit | None, rule: FollowRule, strength: tuple[int, ...] = B) -> str:
    return str(CardSet(legal_mask(int(CardSet.parse(hand)), cards(trick), trump, rule, strength)))


# --------------------------------------------------------------------------- the winner


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
    assert fast_trick_winner(played, trick_keys(S, suit, led_suit(played))) == winner


@pytest.mark.parametrize("trick, trump, winner", [
    ("KH KH#2", None, 0),                 # identical cards: the first played wins
    ("KH#3 KH#2 KH", None, 0),
    ("QH KH#2 KH", None, 1),
    ("7S 7S#4 AH", "S", 0),               # identical trumps too
    ("AH 7S 7S#2", "S", 1),
    ("AD JK1 JK2", None, 0),              # jokers never win …
    ("JK1 7D AD", None, 2),               # … even when led: the first real card fixes the suit
    ("JK3 9C AD 10C", "H", 3),            # clubs fixed by the 9 after the led joker
    ("JK1 JK2 7H", "S", 2),
    ("JK2 JK1 JK4", None, 0),             # jokers only: the first card wins
    ("JK4 JK3", "H", 0),
    ("10H AH#2 AH KH", None, 1),          # Bésigue order: A 10 K …
])
def test_trick_winner_with_copies_and_jokers(trick: str, trump: str | None, winner: int) -> None:
    suit = None if trump is None else Suit("SHDC".index(trump))
    played = cards(trick)
    assert trick_winner(played, suit, B) == winner
    assert fast_trick_winner(played, trick_keys(B, suit, led_suit(played))) == winner


def test_led_suit() -> None:
    assert led_suit(cards("KH 7S")) == H
    assert led_suit(cards("JK2 JK1 9C#3")) == C
    assert led_suit(cards("JK2")) is None and led_suit([]) is None


def test_quadrette_and_whist_orders_in_tricks() -> None:
    q = QUADRETTE_ORDER.strength
    assert trick_winner(cards("AD 10D JD 7D"), H, q) == 2
    assert trick_winner(cards("AD 7H"), H, q) == 1
    assert trick_winner(cards("JH AH"), None, WHIST_ORDER.strength) == 1
    assert trick_winner(cards("JH AH"), None, S) == 0


def test_trick_keys_are_cached_per_table() -> None:
    assert trick_keys(S, H, SP) is trick_keys(S, H, SP)
    assert trick_keys(list(S), H, SP) == trick_keys(S, H, SP)        # any sequence, by identity
    assert len(trick_keys(B, None, D)) == len(B)


# --------------------------------------------------------------------------- legal cards, worked cases


def test_leading_is_free_under_every_rule() -> None:
    for rule in (FOLLOW_SUIT, FREE_PLAY, LAST_TRICKS):
        assert legal("KH 7H 9S JK1", "", SP, rule) == "9S 7H KH JK1"


def test_must_follow() -> None:
    assert legal("KH 7H 9S 6D", "AH", None, FOLLOW_SUIT, S) == "7H KH"
    assert legal("KH 7H 9S 6D", "AC", SP, FOLLOW_SUIT, S) == "9S 7H KH 6D"     # void: anything, trumping not forced
    assert legal("KH 7H#2 9S", "AH#3", None, FOLLOW_SUIT) == "KH 7H#2"          # every copy follows
    assert legal("KH 7H 9S", "AH", None, FREE_PLAY) == "9S 7H KH"              # free play: anything


def test_may_or_must_trump_when_void() -> None:
    may = FollowRule()
    must = FollowRule(trump_if_void=True)
    assert legal("9S 7S QD", "KH", SP, may) == "7S 9S QD"
    assert legal("9S 7S QD", "KH", SP, must) == "7S 9S"
    assert legal("9S 7S QD", "KH", None, must) == "7S 9S QD"                  # no trump suit: nothing to force
    assert legal("QD 8C", "KH", SP, must) == "QD 8C"                          # no trump held: discard
    assert legal("9S 7S QD KH#2", "KH", SP, must) == "KH#2"                    # following comes first


def test_overtrump() -> None:
    over = FollowRule(trump_if_void=True, overtrump=True)
    assert legal("AS 9S 7S QD", "KH 10S", SP, over) == "AS"                   # must beat the 10 of trumps
    assert legal("AS 9S 7S QD", "KH 10S", SP, FollowRule(trump_if_void=True)) == "7S 9S AS"
    assert legal("AS 9S 7S QD", "KH QH", SP, over) == "7S 9S AS"              # no trump yet: any trump
    assert legal("AS 9S 7S QD", "10S", SP, over) == "AS"                      # trumps led: beat when following
    assert legal("9S 7S QD", "10S", SP, over) == "7S 9S"                      # unable: any trump (must follow)
    assert legal("10S#2 9S", "KH 10S", SP, over) == "9S 10S#2"                # an identical 10 does not beat


def test_undertrump_on_and_off() -> None:
    must_under = FollowRule(trump_if_void=True, overtrump=True, undertrump=True)
    may_discard = FollowRule(trump_if_void=True, overtrump=True, undertrump=False)
    assert legal("9S 7S QD", "KH AS", SP, must_under) == "7S 9S"              # only under-trumps: still trump
    assert legal("9S 7S QD", "KH AS", SP, may_discard) == "7S 9S QD"          # … or discard instead
    assert legal("9S 7S QD JK1", "KH AS", SP, may_discard) == "7S 9S QD JK1"
    assert legal("10S 7S QD", "KH KS", SP, may_discard) == "10S"              # can over-trump: must
    assert legal("9S 7S QD", "KH AS", SP, FollowRule(trump_if_void=True, undertrump=False)) == "7S 9S QD"


def test_head_the_trick() -> None:
    head = FollowRule(head_trick=True)
    assert legal("AH 10H 7H 9S", "KH", None, head) == "10H AH"                # beat the king if able
    assert legal("QH 7H 9S", "KH", None, head) == "7H QH"                     # unable: any card of the suit
    assert legal("AH 7H", "KH 10H#2", None, head) == "AH"                     # beat the best so far
    assert legal("AH 7H", "KH AH#2", None, head) == "7H AH"                   # an identical ace does not beat
    assert legal("AH 7H", "KH 7S", SP, head) == "7H AH"                       # trumped: no need to head
    assert legal("AH 7H 9S", "KH 8D", SP, head) == "AH"                       # a discard does not stop it
    assert legal("AS 7S", "KS", SP, head) == "AS"                             # trumps led: beat in trumps
    assert legal("AH 7H 9S", "KH", None, FOLLOW_SUIT) == "7H AH"


def test_besigue_last_tricks() -> None:
    assert legal("AH 7H 9S", "KH", SP, LAST_TRICKS) == "AH"
    assert legal("9S 7S QD", "KH", SP, LAST_TRICKS) == "7S 9S"
    assert legal("AS 9S QD", "KH 10S", SP, LAST_TRICKS) == "AS"
    assert legal("9S 7S QD", "KH AS", SP, LAST_TRICKS) == "7S 9S"             # under-trump rather than discard
    assert legal("QD 8C", "KH 7S", SP, LAST_TRICKS) == "QD 8C"


def test_led_joker_then_a_real_card_fixes_the_suit() -> None:
    assert legal("KH 7H 9S", "JK1", None, FOLLOW_SUIT) == "9S 7H KH"          # a led joker: nothing to follow
    assert legal("KH 7H 9S", "JK1 JK3", SP, LAST_TRICKS) == "9S 7H KH"
    assert legal("KH 7H 9S", "JK1 10H", None, FOLLOW_SUIT) == "7H KH"         # the 10 fixed hearts
    assert legal("AH 7H 9S", "JK1 10H", SP, LAST_TRICKS) == "AH"              # … and it must be headed
    assert legal("KH 7H 9S", "JK1 10H", SP, LAST_TRICKS) == "7H KH"           # (a K does not beat a 10)
    assert legal("QD 9S 7S", "JK2 10H", SP, LAST_TRICKS) == "7S 9S"


def test_jokers_discard_only() -> None:
    discard_only = FollowRule(jokers_discard_only=True)
    assert legal("KH 9S JK1", "AH", None, FOLLOW_SUIT) == "KH JK1"            # jokers may be played any time
    assert legal("KH 9S JK1", "AH", None, discard_only) == "KH"               # not while able to follow
    assert legal("9S QD JK1", "AH", None, discard_only) == "9S QD JK1"        # void: a free discard
    assert legal("9S QD JK1", "AH", SP, LAST_TRICKS) == "9S"                  # bound to trump: no joker
    assert legal("QD JK1 JK2", "AH", SP, LAST_TRICKS) == "QD JK1 JK2"         # no trump either: free
    assert legal("JK1 JK2", "AH", SP, LAST_TRICKS) == "JK1 JK2"               # jokers only
    assert legal("KH JK1", "", SP, LAST_TRICKS) == "KH JK1"                   # a joker may be led
    assert legal("KH 9S JK1", "JK2", SP, LAST_TRICKS) == "9S KH JK1"          # after a led joker: anything
    assert legal("KH 9S JK1", "AH", None, FREE_PLAY) == "9S KH JK1"


def test_legal_mask_takes_any_sequence_of_card_ids() -> None:
    hand = int(CardSet.parse("KH 7H 9S"))
    expected = int(CardSet.parse("KH 7H"))
    assert legal_mask(hand, (Card("AH"),), None, FOLLOW_SUIT, S) == expected
    assert legal_mask(hand, [int(Card("AH"))], None, FOLLOW_SUIT, S) == expected
    assert legal_mask(0, cards("AH"), None, FOLLOW_SUIT, S) == 0


# --------------------------------------------------------------------------- property tests


def reference_legal(hand: list[Card], trick: list[Card], trump: Suit | None, rule: FollowRule,
                    strength: tuple[int, ...]) -> set[Card]:
    """Which cards of ``hand`` may be played, from the text of each rule, card by card."""
    real_trick = [c for c in trick if not c.is_joker]
    if not rule.must_follow or not real_trick:
        return set(hand)                                           # lead, free play, or only jokers so far
    led = real_trick[0].suit
    mine = [c for c in hand if not c.is_joker]
    of_led = [c for c in mine if c.suit == led]
    my_trumps = [c for c in mine if trump is not None and c.suit == trump]
    trumps_played = [strength[c] for c in real_trick if trump is not None and c.suit == trump]
    led_played = [strength[c] for c in real_trick if c.suit == led]
    headed_by_led = led == trump or not trumps_played

    def may(card: Card) -> bool:
        if card.is_joker:
            return False
        if of_led:                                                 # must follow …
            if card.suit != led:
                return False
            beat = (led == trump and rule.overtrump) or (rule.head_trick and headed_by_led)
            if beat and any(strength[c] > max(led_played) for c in of_led):
                return strength[card] > max(led_played)        # … and beat when bound to and able
            return True
        if rule.trump_if_void and my_trumps:                       # must trump …
            def over(c: Card) -> bool:
                return not trumps_played or strength[c] > max(trumps_played)
            if any(over(c) for c in my_trumps):
                return card in my_trumps and (over(card) or not rule.overtrump)
            return card in my_trumps                               # … only under-trumps left
        return True

    free = not of_led and not (rule.trump_if_void and my_trumps and
                               (rule.undertrump or any(not trumps_played or strength[c] > max(trumps_played)
                                                       for c in my_trumps)))
    if free:
        return set(hand)                                           # a free discard, jokers included
    return {c for c in hand if may(c) or (c.is_joker and not rule.jokers_discard_only)}


rules = st.builds(FollowRule, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
                  st.booleans())
trumps = st.sampled_from([None, *Suit])


@st.composite
def deals(draw: st.DrawFn, pack: CardSet) -> tuple[list[Card], list[Card], Suit | None]:
    """A hand, a trick in progress (disjoint) and a trump. The cards come from two or three suits
    (and the jokers) and the hand is often void in the suit led, so that trumping, over- and
    under-trumping are frequent. (Leading is free: see the worked cases.)"""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=2, max_size=3, unique=True))
    pool = [c for c in pack if c.suit is None or c.suit in suits]
    trick = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5, unique=True))
    void = draw(st.booleans())                  # void in the suit led
    rest = [c for c in pool if c not in trick and not (void and c.suit == led_suit(trick))]
    hand = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=10, unique=True))
    return hand, trick, draw(st.sampled_from([None, *suits]))


@settings(max_examples=1000)
@given(deals(PACK_BESIGUE), rules, st.sampled_from([B, S]))
def test_legal_mask_agrees_with_the_rule_text(deal: tuple[list[Card], list[Card], Suit | None], rule: FollowRule,
                                              strength: tuple[int, ...]) -> None:
    hand, trick, trump = deal
    mask = legal_mask(int(CardSet.of(hand)), trick, trump, rule, strength)
    assert set(cards_of(mask)) == reference_legal(hand, trick, trump, rule, strength)
    assert mask and CardSet(mask).issubset(CardSet.of(hand))


@given(deals(PACK_52), st.sampled_from([S, B, WHIST_ORDER.strength]))
def test_follow_suit_fast_path_is_the_general_rule(deal: tuple[list[Card], list[Card], Suit | None],
                                                   strength: tuple[int, ...]) -> None:
    hand, trick, trump = deal
    bits = int(CardSet.of(hand))
    fast = legal_mask(bits, trick, trump, FOLLOW_SUIT, strength)
    assert fast == legal_mask(bits, trick, trump, FollowRule(), strength)      # an equal rule takes the slow path
    assert fast == (bits & sum(1 << c for c in PACK_52 if trick and c.suit == trick[0].suit) or bits)


@given(deals(PACK_BESIGUE))
def test_follow_suit_with_copies_and_jokers(deal: tuple[list[Card], list[Card], Suit | None]) -> None:
    hand, trick, trump = deal
    bits = int(CardSet.of(hand))
    assert legal_mask(bits, trick, trump, FOLLOW_SUIT, B) == legal_mask(bits, trick, trump, FollowRule(), B)


def reference_winner(trick: list[Card], trump: Suit | None, strength: tuple[int, ...]) -> int:
    """RULES.md §0.4 read literally."""
    led = next((c.suit for c in trick if not c.is_joker), None)
    if led is None:
        return 0
    candidates = [i for i, c in enumerate(trick) if trump is not None and c.suit == trump]
    if not candidates:
        candidates = [i for i, c in enumerate(trick) if c.suit == led]
    best = max(strength[trick[i]] for i in candidates)
    return min(i for i in candidates if strength[trick[i]] == best)


@given(st.lists(st.sampled_from(list(PACK_BESIGUE)), min_size=1, max_size=6, unique=True), trumps,
       st.sampled_from([B, S]))
def test_trick_winner_agrees_with_the_rule_text(trick: list[Card], trump: Suit | None,
                                                strength: tuple[int, ...]) -> None:
    expected = reference_winner(trick, trump, strength)
    assert trick_winner(trick, trump, strength) == expected
    assert fast_trick_winner(trick, trick_keys(strength, trump, led_suit(trick))) == expected


@given(st.lists(st.sampled_from(list(PACK_36)), min_size=1, max_size=6, unique=True), trumps)
def test_fast_winner_agrees_with_reference_in_sizette(trick: list[Card], trump: Suit | None) -> None:
    led = SUIT_INDEX[trick[0]]
    expected = trick_winner(trick, trump, S)
    assert fast_trick_winner(trick, trick_keys(S, trump, led)) == expected == reference_winner(trick, trump, S)


# --------------------------------------------------------------------------- positions


def test_trick_position_plays_out_a_deal_by_the_rules() -> None:
    rng = random.Random(5)
    for seed, (pack, n, rule, strength) in enumerate(itertools.product(
            (PACK_32, PACK_BESIGUE), (2, 4), (FOLLOW_SUIT, LAST_TRICKS), (B, WHIST_ORDER.strength))):
        dealt = rng.sample(list(pack), 8 * n)
        hands = tuple(int(CardSet.of(dealt[i::n])) for i in range(n))
        pos = TrickPosition(hands, (), seed % n, rng.choice([None, *Suit]))
        tricks = 0
        while not pos.is_over:
            seat = pos.to_move
            assert seat == (pos.leader + len(pos.trick)) % n
            options = pos.legal_cards(rule, strength)
            assert CardSet.of(options) == pos.legal(rule, strength) == legal_mask(
                pos.hands[seat], pos.trick, pos.trump, rule, strength)
            card = rng.choice(options)
            before = pos
            pos = pos.play(card, strength)
            assert not pos.hands[seat] >> card & 1 and sum(map(int.bit_count, pos.hands)) == \
                sum(map(int.bit_count, before.hands)) - 1
            if not pos.trick:
                tricks += 1
                played = (*before.trick, card)
                assert pos.leader == (before.leader + trick_winner(played, pos.trump, strength)) % n
        assert tricks == 8


def test_trick_position_refuses_a_card_not_held() -> None:
    pos = TrickPosition((int(CardSet.parse("AS")), int(CardSet.parse("KS"))), (), 0, None)
    with pytest.raises(ValueError, match="does not hold"):
        pos.play(Card("KS"), B)
    assert pos.play(Card("AS"), B) == TrickPosition((0, int(CardSet.parse("KS"))), (Card("AS"),), 0, None)

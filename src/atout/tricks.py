"""The trick-play machine shared by every game (see docs/rules/decisions.md#legal-play).

One function says which cards a player may play (:func:`legal_mask`, parameterised by a
:class:`FollowRule`), one says who wins a trick (:func:`trick_winner`); every game uses them both
to list its moves and to check a card it is given. Hot-path functions take raw int bitmasks and a
per-card ``strength`` table (:attr:`atout.packs.RankOrder.strength`, covering every card id).

Trick resolution: the highest trump wins, else the highest card of the suit led. Copies of the
same card are equal and the one played first wins. Jokers have no suit and never win, except that
a trick of jokers only is won by the first card; a led joker does not fix the suit led: the first
real card does (:func:`led_suit`).

>>> from atout.cards import Card, CardSet, Suit
>>> from atout.packs import SIZETTE_ORDER
>>> trick = [Card("AH"), Card("KH"), Card("6S")]
>>> trick_winner(trick, None, SIZETTE_ORDER.strength), trick_winner(trick, Suit.SPADES, SIZETTE_ORDER.strength)
(1, 2)
>>> hand = int(CardSet.parse("KH 7H 9S"))
>>> str(CardSet(legal_mask(hand, trick, None, FOLLOW_SUIT, SIZETTE_ORDER.strength)))
'7H KH'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from atout.cards import FIRST_JOKER, JOKER_MASK, JOKER_SUIT, SUIT_INDEX, SUIT_MASK_ALL, Card, cards_of


@dataclass(frozen=True)
class FollowRule:
    """What a player must play to a trick already led (leading is always free).

    - ``must_follow``: follow the suit led if able (``False``: any card, e.g. Bésigue's first
      phase).
    - ``trump_if_void``: void in the suit led, play a trump if able.
    - ``overtrump``: when playing a trump (following in trumps, or trumping), beat the best trump
      already in the trick if able.
    - ``undertrump``: void, bound to trump, but every trump held is lower than the best trump in
      the trick: ``True`` = a trump must still be played; ``False`` = any card may be played.
    - ``head_trick``: following, beat the best card of the suit led if able, as long as the trick
      is headed by a card of that suit (once a plain-suit trick is trumped, any card of the suit
      led will do).
    - ``jokers_discard_only``: a joker may be played to a trick only when the player is free to
      discard (nothing to follow, no trump he must play); it may always be led. Without it, jokers
      may be played at any time.

    >>> FOLLOW_SUIT.must_follow, FOLLOW_SUIT.trump_if_void, FREE_PLAY.must_follow
    (True, False, False)
    """

    must_follow: bool = True
    trump_if_void: bool = False
    overtrump: bool = False
    undertrump: bool = True
    head_trick: bool = False
    jokers_discard_only: bool = False


FOLLOW_SUIT = FollowRule()
"""Sizette, Quadrette, Whist, Piquet: follow suit if able, never forced to trump or to beat."""
FREE_PLAY = FollowRule(must_follow=False)
"""Any card at any time (Bésigue's first phase; the table-law mode where revokes are possible)."""

_NO_JOKER_BELOW = 1 << FIRST_JOKER   # jokers have the highest ids: a smaller hand holds none


def led_suit(cards: Sequence[int]) -> int | None:
    """The suit led: that of the first card that is not a joker (``None`` if there is none).

    >>> from atout.cards import Card
    >>> led_suit([Card("JK2"), Card("9D"), Card("KS")]), led_suit([Card("JK1")]), led_suit([])
    (2, None, None)
    """
    for c in cards:
        suit = SUIT_INDEX[c]
        if suit != JOKER_SUIT:
            return suit
    return None


def legal_mask(hand: int, trick: Sequence[int], trump: int | None, rule: FollowRule,
               strength: Sequence[int]) -> int:
    """The cards of ``hand`` (a bitmask) that may be played to ``trick`` (the cards played so far,
    in order) under ``rule``; ``strength`` orders the cards within a suit.

    With :data:`FOLLOW_SUIT` this is a fast path: the cards of the suit led, else the whole hand.

    >>> from atout.cards import Card, CardSet, Suit
    >>> from atout.packs import BESIGUE_ORDER
    >>> last_tricks = FollowRule(trump_if_void=True, overtrump=True, head_trick=True)
    >>> hand = int(CardSet.parse("AS 9S KH 7H"))
    >>> str(CardSet(legal_mask(hand, [Card("10S")], Suit.HEARTS, last_tricks, BESIGUE_ORDER.strength)))
    'AS'
    >>> str(CardSet(legal_mask(hand, [Card("QD"), Card("JH")], Suit.HEARTS, last_tricks, BESIGUE_ORDER.strength)))
    'KH'
    """
    if trick:
        if rule is FOLLOW_SUIT:
            led = SUIT_INDEX[trick[0]]
            if led != JOKER_SUIT:
                return follow_suit_mask(hand, led)
        elif rule is FREE_PLAY:
            return hand
        return _legal(hand, trick, trump, rule, strength)
    return hand


def follow_suit_mask(hand: int, led: int) -> int:
    """:func:`legal_mask` under :data:`FOLLOW_SUIT` to a trick whose suit led (:func:`led_suit`)
    is ``led``: the cards of that suit and the jokers if ``hand`` holds that suit, else the whole
    hand. :func:`legal_mask` itself uses it, so it is the same rule, for callers that know their
    rule is :data:`FOLLOW_SUIT` and keep the suit led.

    >>> from atout.cards import Card, CardSet, Suit
    >>> hand = int(CardSet.parse("KH 7H 9S JK1"))
    >>> str(CardSet(follow_suit_mask(hand, Suit.HEARTS))), str(CardSet(follow_suit_mask(hand, Suit.DIAMONDS)))
    ('7H KH JK1', '9S 7H KH JK1')
    """
    follow = hand & SUIT_MASK_ALL[led]
    if not follow:
        return hand
    return follow if hand < _NO_JOKER_BELOW else follow | hand & JOKER_MASK


def _legal(hand: int, trick: Sequence[int], trump: int | None, rule: FollowRule, strength: Sequence[int]) -> int:
    """:func:`legal_mask` to a trick already led, any rule."""
    if not rule.must_follow:
        return hand
    led = led_suit(trick)
    if led is None:                     # only jokers so far: nothing to follow yet
        return hand
    jokers = hand & JOKER_MASK
    real = hand ^ jokers
    trumped = trump is not None and trump != led and any(SUIT_INDEX[c] == trump for c in trick)
    follow = real & SUIT_MASK_ALL[led]
    if follow:
        if (led == trump and (rule.overtrump or rule.head_trick)) or (rule.head_trick and not trumped):
            follow = _beating(follow, _best(trick, led, strength), strength) or follow
        allowed = follow
    else:
        trumps = real & SUIT_MASK_ALL[trump] if trump is not None and rule.trump_if_void else 0
        if not trumps:
            return hand                 # free discard, jokers included
        higher = _beating(trumps, _best(trick, trump, strength), strength) if trumped else trumps
        if higher:
            allowed = higher if rule.overtrump else trumps
        elif rule.undertrump:
            allowed = trumps
        else:
            return hand                 # may discard rather than under-trump
    return allowed if rule.jokers_discard_only else allowed | jokers


def _best(trick: Sequence[int], suit: int | None, strength: Sequence[int]) -> int:
    """The highest strength among the cards of ``suit`` in ``trick`` (-2 if none)."""
    return max((strength[c] for c in trick if SUIT_INDEX[c] == suit), default=-2)


def _beating(cards: int, best: int, strength: Sequence[int]) -> int:
    """The cards of the bitmask ``cards`` stronger than ``best``."""
    out = 0
    for c in cards_of(cards):
        if strength[c] > best:
            out |= 1 << c
    return out


def trick_winner(cards: Sequence[int], trump: int | None, strength: Sequence[int]) -> int:
    """Index (in play order) of the winning card: highest trump, else highest of the suit led.

    Among equal cards (copies, in multi-pack games) the one played first wins. Jokers never win,
    but a trick of jokers only goes to the first.

    >>> from atout.cards import Card
    >>> from atout.packs import BESIGUE_ORDER
    >>> s = BESIGUE_ORDER.strength
    >>> trick_winner([Card("JK1"), Card("9D"), Card("AD#2"), Card("AD")], None, s)
    2
    """
    led = led_suit(cards)
    best = 0
    best_key = -1
    for i, c in enumerate(cards):
        suit = SUIT_INDEX[c]
        if suit == trump:
            key = 64 + strength[c]
        elif suit == led:
            key = 32 + strength[c]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


_KEYS: dict[tuple[int, int | None, int | None], tuple[Sequence[int], tuple[int, ...]]] = {}


def trick_keys(strength: Sequence[int], trump: int | None, led: int | None) -> tuple[int, ...]:
    """Per-card sort key for a trick whose suit led is ``led`` (see :func:`led_suit`): trumps
    above the suit led above everything else (-1: other suits and jokers). Cached per table.

    >>> from atout.cards import Card
    >>> from atout.packs import SIZETTE_ORDER
    >>> keys = trick_keys(SIZETTE_ORDER.strength, 0, 1)
    >>> keys[Card("6S")] > keys[Card("KH")] > keys[Card("AH")] > keys[Card("KD")]
    True
    """
    key = (id(strength), trump, led)
    entry = _KEYS.get(key)
    if entry is not None and entry[0] is strength:
        return entry[1]
    table = tuple(
        64 + strength[c] if SUIT_INDEX[c] == trump else 32 + strength[c] if SUIT_INDEX[c] == led else -1
        for c in range(len(strength))
    )
    _KEYS[key] = (strength, table)      # holding the table keeps its id from being reused
    return table


def fast_trick_winner(cards: Sequence[int], keys: Sequence[int]) -> int:
    """:func:`trick_winner` with a precomputed :func:`trick_keys` table (first of equals wins).

    >>> from atout.cards import Card
    >>> from atout.packs import SIZETTE_ORDER
    >>> fast_trick_winner([Card("AH"), Card("KH"), Card("6S")], trick_keys(SIZETTE_ORDER.strength, None, 1))
    1
    """
    best = 0
    best_key = keys[cards[0]]
    for i in range(1, len(cards)):
        k = keys[cards[i]]
        if k > best_key:
            best, best_key = i, k
    return best


class TrickPosition(NamedTuple):
    """A compact trick-play position: every hand (bitmasks by seat), the trick in progress, the
    seat that led it, the trump suit. Seats play in order ``leader, leader + 1, …`` (mod the
    number of hands). Meant for searches (a double-dummy solver): values, no history.

    >>> from atout.cards import CardSet
    >>> from atout.packs import WHIST_ORDER
    >>> p = TrickPosition((int(CardSet.parse("AS 2H")), int(CardSet.parse("KS 3H"))), (), 1, None)
    >>> p = p.play(Card("3H"), WHIST_ORDER.strength)
    >>> p.to_move, [str(c) for c in p.legal_cards(FOLLOW_SUIT, WHIST_ORDER.strength)]
    (0, ['2H'])
    >>> p = p.play(Card("2H"), WHIST_ORDER.strength)
    >>> p.trick, p.leader, p.is_over
    ((), 1, False)
    """

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    trump: int | None

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def is_over(self) -> bool:
        """No card left to play."""
        return not self.trick and not any(self.hands)

    def legal(self, rule: FollowRule, strength: Sequence[int]) -> int:
        """The bitmask of the cards the seat to move may play."""
        return legal_mask(self.hands[self.to_move], self.trick, self.trump, rule, strength)

    def legal_cards(self, rule: FollowRule, strength: Sequence[int]) -> list[Card]:
        """The cards the seat to move may play, lowest id first."""
        return cards_of(self.legal(rule, strength))

    def play(self, card: int, strength: Sequence[int]) -> TrickPosition:
        """The position after the seat to move plays ``card`` (which it must hold; legality is the
        caller's affair). Completing a trick empties it and makes its winner the leader."""
        seat = self.to_move
        bit = 1 << card
        hand = self.hands[seat]
        if not hand & bit:
            raise ValueError(f"seat {seat} does not hold card {card}")
        hands = self.hands[:seat] + (hand ^ bit,) + self.hands[seat + 1:]
        trick = self.trick + (card,)
        if len(trick) < len(hands):
            return TrickPosition(hands, trick, self.leader, self.trump)
        winner = (self.leader + trick_winner(trick, self.trump, strength)) % len(hands)
        return TrickPosition(hands, (), winner, self.trump)

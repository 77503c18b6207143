"""Exact play of the last tricks of two-player Bésigue once both hands are known.

When the talon is out, a player who has followed the play knows the other hand exactly: it is
every card neither played nor his own. The last tricks are then a game of perfect information;
:func:`best_card` searches it (minimax with alpha-beta and a table of positions) for the card
that maximises the brisques taken by the player minus his opponent's, the last trick counting
one brisque (10 points).

>>> from atout.cards import Card, CardSet, Suit
>>> from atout.games import make_game
>>> rule = make_game("besigue").rules.phase2_rule
>>> me, him = int(CardSet.parse("AH 7S")), int(CardSet.parse("10H 8S"))
>>> best_card(me, him, (), Suit.SPADES, rule)   # give the spade trick: the ten must fall under the ace last
Card('7S')
"""

from __future__ import annotations

from atout.cards import ALL_CARDS, RANK_INDEX, Card, Rank, cards_of
from atout.packs import BESIGUE_ORDER
from atout.tricks import FollowRule, legal_mask, trick_winner

STRENGTH = BESIGUE_ORDER.strength
BRISQUE = tuple(1 if RANK_INDEX[c] in (Rank.ACE, Rank.TEN) else 0 for c in range(len(ALL_CARDS)))
MAX_CARDS = 6   # search when each hand holds at most this many cards (a few milliseconds)


def best_card(mine: int, theirs: int, trick: tuple[int, ...], trump: int | None, rule: FollowRule) -> Card:
    """The card to play now: ``mine`` and ``theirs`` are the two hands (bitmasks), ``trick`` the card
    the opponent led (or ``()`` when leading)."""
    table: dict[tuple[int, int, tuple[int, ...]], int] = {}
    best, best_value = None, -10**9
    for card in cards_of(legal_mask(mine, list(trick), trump, rule, STRENGTH)):
        value = _after(mine ^ (1 << card), theirs, (*trick, card), trump, rule, table)
        if value > best_value:
            best, best_value = card, value
    assert best is not None
    return best


def _after(me: int, him: int, trick: tuple[int, ...], trump: int | None, rule: FollowRule,
           table: dict[tuple[int, int, tuple[int, ...]], int]) -> int:
    """Value for "me" once I have added my card to ``trick`` (it is then the opponent's turn, or the
    trick is complete: I led if it holds one card)."""
    if len(trick) == 1:     # I led: the opponent answers
        return -_value(him, me, trick, trump, rule, table)
    # the trick is complete: trick[0] is the opponent's, trick[1] mine
    points = BRISQUE[trick[0]] + BRISQUE[trick[1]]
    i_win = trick_winner(list(trick), trump, STRENGTH) == 1
    last = not me and not him
    gain = points + (1 if last else 0)
    if last:
        return gain if i_win else -gain
    if i_win:
        return gain + _value(me, him, (), trump, rule, table)
    return -gain - _value(him, me, (), trump, rule, table)


def _value(me: int, him: int, trick: tuple[int, ...], trump: int | None, rule: FollowRule,
           table: dict[tuple[int, int, tuple[int, ...]], int]) -> int:
    """The best value for the player to move (holding ``me``) before his card."""
    key = (me, him, trick)
    found = table.get(key)
    if found is not None:
        return found
    best = -10**9
    for card in cards_of(legal_mask(me, list(trick), trump, rule, STRENGTH)):
        if len(trick) == 1:
            # I follow the opponent's lead: the trick completes with (his card, my card)
            value = _after(me ^ (1 << card), him, (trick[0], card), trump, rule, table)
        else:
            value = _after(me ^ (1 << card), him, (card,), trump, rule, table)
        best = max(best, value)
    table[key] = best
    return best

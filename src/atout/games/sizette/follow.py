"""Which cards a seat may play: the follow rule of the shared trick machine (:mod:`atout.tricks`),
and, on the lead, the captain's command (docs/rules/decisions.md#legal-play, #lead-commands).

The follow rule is data: :data:`~atout.tricks.FOLLOW_SUIT` (follow suit if able, never forced to
trump or to beat), or :data:`~atout.tricks.FREE_PLAY` in table-law mode, where a revoke can be
played and is claimed afterwards (:mod:`atout.games.sizette.table_law`). :func:`card_mask` is the
one rule: listing the moves and checking a card both call it. Sizette packs hold no jokers, so the
suit led is that of the first card (``st.led``) and, under :data:`~atout.tricks.FOLLOW_SUIT`, the
shared rule is :func:`~atout.tricks.follow_suit_mask` of that suit (the fast path of
:func:`~atout.tricks.legal_mask` itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import SUIT_MASK, Card, cards_of
from atout.tricks import FOLLOW_SUIT, FREE_PLAY, FollowRule, follow_suit_mask, legal_mask

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

def follow_rule(table_law: bool) -> FollowRule:
    """:data:`~atout.tricks.FOLLOW_SUIT`, or :data:`~atout.tricks.FREE_PLAY` in table-law mode."""
    return FREE_PLAY if table_law else FOLLOW_SUIT


_LISTS: dict[int, tuple[Card, ...]] = {0: ()}   # the cards of a subset of one suit (a small, hot table)
_S0, _S1, _S2, _S3 = SUIT_MASK


def card_list(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` (first copy of a 52-card pack), lowest first: a cached tuple when they
    are of one suit, else one joined from the four suits' cached tuples.

    >>> [str(c) for c in card_list(0b101 | 1 << 51)]
    ['2S', '4S', 'AC']
    """
    found = _LISTS.get(mask)
    return found if found is not None else joined_list(mask)


def joined_list(mask: int) -> tuple[Card, ...]:
    """:func:`card_list` of cards of several suits: the four suits' cached tuples joined."""
    lists = _LISTS
    try:
        return lists[mask & _S0] + lists[mask & _S1] + lists[mask & _S2] + lists[mask & _S3]
    except KeyError:
        for suit_mask in SUIT_MASK:
            part = mask & suit_mask
            if part not in lists:
                lists[part] = tuple(cards_of(part))
        return joined_list(mask)


def card_mask(st: SizetteState, seat: int) -> int:
    """The cards ``seat`` may play if it were his turn: the follow rule (one place), or, on the
    lead, the cards that obey the captain's command in force."""
    hand = st.hands[seat]
    trick = st.trick
    if trick:
        rule = st.follow_rule
        if rule is FOLLOW_SUIT:
            return follow_suit_mask(hand, st.led)  # type: ignore[arg-type]  # set while a trick is played
        return legal_mask(hand, trick, st.trump, rule, st.strength)
    command = st.command
    if command is not None and seat == st.leader:
        return command.matching(hand, st.strength)
    return hand



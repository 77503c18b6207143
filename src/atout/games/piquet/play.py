"""The play of the cards: twelve tricks, no trumps, follow suit if able (never bound to win); the
higher card of the suit led wins and leads next. Trick points: one for each card led, one for
winning the opponent's lead, one more for the last trick (option ``trick_points=ten_or_higher``:
only cards of ten or higher score when led or when winning). The cards (more tricks) and the
capot are scored at the end by :func:`atout.games.piquet.pic.score_hand`.

Before his first lead the elder may name the suit he will lead, when the younger looked at the
cards he left: he then sees them, and must lead that suit.

Sources: *Le Piquet* (loisirs.savoir.fr); Cavendish, *The Laws of Piquet* (1882)
(docs/rules/decisions.md#piquet-trick-points, #piquet-left-cards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from atout.cards import Card, CardSet
from atout.compiled import speedups
from atout.games.piquet.actions import NAME_SUITS, NameSuit, PlayMove
from atout.games.piquet.declarations import next_step, younger_has_part
from atout.games.piquet.events import Seen
from atout.games.piquet.holdings import PATTERN_CARDS, SHIFT, STRENGTH, SUIT_BITS, SUIT_OF, TEN_OR_HIGHER, cards_tuple
from atout.games.piquet.phases import PLAY, YOUNGER_DECLARES
from atout.games.piquet.pic import HandScore, score_hand
from atout.games.piquet.refusals import refuse
from atout.games.piquet.vocabulary import SUIT_WORDS

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState


def playable(st: PiquetState, seat: int) -> int:
    """The mask of the cards ``seat`` (the one to play) may play now."""
    hand = st.hands[seat]
    lead = st.lead_card
    if lead >= 0:
        follow = hand & SUIT_BITS[SUIT_OF[lead]]
        return follow or hand
    if st.named_suit >= 0:
        return hand & SUIT_BITS[st.named_suit] or hand
    return hand


def may_name(st: PiquetState, seat: int) -> bool:
    """The elder, about to make the first lead, may name his suit to see the cards the younger looked at."""
    return (st.left_mode == "look" and seat == st.elder and not st.tricks and st.lead_card < 0
            and st.named_suit < 0 and st.phase == PLAY)


def play_moves(st: PiquetState, seat: int) -> tuple[PlayMove, ...]:
    mask = playable(st, seat)
    if st.lead_card >= 0:
        suit = SUIT_OF[st.lead_card]
        if mask & SUIT_BITS[suit]:
            cards = PATTERN_CARDS[suit][mask >> SHIFT[suit] & 255]
            return cards
    cards = cards_tuple(mask)
    if may_name(st, seat):
        hand = st.hands[seat]
        return cards + tuple(NAME_SUITS[s] for s in range(4) if hand & SUIT_BITS[s])
    return cards


def check_card(st: PiquetState, card: Card, seat: int) -> None:
    """Refuse a card that may not be played now, with the reason."""
    if st.phase != PLAY:
        raise refuse("not_now", action=card, phase=st.phase_name)
    if not st.hands[seat] >> card & 1:
        raise refuse("not_held", card=card)
    mask = playable(st, seat)
    if not mask >> card & 1:
        cards = CardSet(mask)
        if st.lead_card >= 0:
            raise refuse("must_follow", cards=cards)
        raise refuse("named_suit", suit=SuitWord(st.named_suit), cards=cards)


class SuitWord:
    """A suit named in a refusal, in the refusal's language (:func:`atout.errors.localize`)."""

    def __init__(self, suit: int):
        self.suit = suit

    def text(self, lang: str) -> str:
        return SUIT_WORDS[lang][self.suit]

    def __str__(self) -> str:
        return self.text("en")


def apply_name(st: PiquetState, action: NameSuit) -> None:
    st.named_suit = action.suit
    st.elder_saw_left = True
    st.announce(st.elder, Seen(st.elder, CardSet(st.left)))


def apply_card(st: PiquetState, card: int, seat: int) -> None:
    """Play ``card`` (checked) for ``seat``: lead, or follow and settle the trick."""
    hands = st.hands
    st.hands = (hands[0] ^ 1 << card, hands[1]) if seat == 0 else (hands[0], hands[1] ^ 1 << card)
    lead = st.lead_card
    if lead < 0:
        st.lead_card = card
        st.to_move = st.younger if seat == st.elder else st.elder
        if not st.tricks and not st.complete and younger_has_part(st):
            st.phase = YOUNGER_DECLARES
            next_step(st)
        return
    leader = st.leader
    if SUIT_OF[card] == SUIT_OF[lead] and STRENGTH[card] > STRENGTH[lead]:
        winner = seat
    else:
        winner = leader
    st.end_trick((leader, lead, card, winner))


def trick_points(rule_ten: bool, leader: int, lead: int, follow: int, winner: int) -> tuple[int, int, int, int]:
    """A finished trick as :func:`~atout.games.piquet.pic.score_hand` reads it."""
    scoring = TEN_OR_HIGHER if rule_ten else -1   # the cards that score: every bit set when every card does
    return leader, scoring >> lead & 1, winner, scoring >> follow & 1 if winner != leader else 0


def tricks_points(rule_ten: bool, tricks: Iterable[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Finished tricks ``(leader, lead, follow, winner)`` as :func:`trick_points` gives each, in one pass."""
    scoring = TEN_OR_HIGHER if rule_ten else -1
    return [(leader, scoring >> lead & 1, winner, scoring >> follow & 1 if winner != leader else 0)
            for leader, lead, follow, winner in tricks]


def lead_points(rule_ten: bool, lead: int) -> int:
    return (1 if TEN_OR_HIGHER >> lead & 1 else 0) if rule_ten else 1


def pure_deal_score(elder: int, declared: Sequence[tuple[int, int, int]], tricks: Sequence[tuple[int, int, int, int]],
                    rule_ten: bool, lead: tuple[int, int] | None, complete: bool) -> HandScore:
    """The deal's score (:func:`~atout.games.piquet.pic.score_hand`) from its declarations and its finished
    tricks as the table keeps them, ``(leader, lead, follow, winner)``: the reference of :data:`deal_score`."""
    return score_hand(elder, declared, tricks_points(rule_ten, tricks), lead, complete)


deal_score: Callable[[int, Sequence[tuple[int, int, int]], Sequence[tuple[int, int, int, int]], bool,
                      tuple[int, int] | None, bool], HandScore] = pure_deal_score
"""A deal's score: :func:`pure_deal_score`, compiled when built (``piquet_score``: the same count, the
twelfth trick's last card scored in one call)."""
if speedups is not None:
    speedups.set_piquet_score(HandScore, TEN_OR_HIGHER, pure_deal_score)
    deal_score = speedups.piquet_score

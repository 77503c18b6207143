"""A Whist player of the old books' maxims, seeing only its observation: lead from strength,
draw trumps when long in them, return the partner's lead, second hand low, third hand high,
cover an honour with an honour, win as cheaply as possible, never trump the partner's winner;
show honours at eight and call when it may win the game; with a mort, the player who has it
plays both hands as one side (each sees the other).

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> game = make_game("mort", {"rubbers": 1})
>>> state = play_partie(game, [HeuristicBot(random.Random(s)) for s in range(3)], random.Random(2))
>>> state.outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from atout.actions import Action, ActionKind
from atout.bots.base import Offered
from atout.cards import RANK_INDEX, SUIT_INDEX, SUIT_MASK, Card, cards_of

if TYPE_CHECKING:
    from atout.games.whist.observation import WhistObservation

MORT = 3
HONOUR_RANK = 9   # RANK_INDEX of the jack: jacks and above are honours


class HeuristicBot:
    """The maxims above; a random generator only breaks ties and chooses the cut."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random()

    def act(self, offered: Offered) -> Action:
        obs = cast("WhistObservation", offered)     # the runner hands a bot its own game's observations
        legal = obs.legal
        kinds = {str(a): a for a in legal}
        for word in ("show", "expose", "call"):
            if word in kinds:
                return kinds[word]     # showing or calling at eight can only win the game
        moves = [a for a in legal if a.kind is ActionKind.MOVE]
        if not moves:
            raise ValueError(f"seat {obs.seat} has nothing to choose from")
        cards = [a for a in moves if type(a) is Card]
        if not cards:
            return moves[self.rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        return self.play(obs, cards)

    # ------------------------------------------------------------------ card play

    def play(self, obs: WhistObservation, cards: Sequence[Card]) -> Card:
        assert obs.hand is not None, "a seat's observation (a spectator holds no hand)"
        trump = int(obs.trump) if obs.trump is not None else -1
        mort = int(obs.mort_hand) if obs.mort_hand is not None else 0
        playing_mort = bool(mort >> cards[0] & 1)
        me = MORT if playing_mort else obs.seat
        hand = mort if playing_mort else int(obs.hand)
        partner_hand = int(obs.hand) if playing_mort else (mort if obs.seat == obs.declarer and mort else 0)
        partner = next((s for side in obs.partners if me in side for s in side if s != me), -1)
        gone = int(obs.played) | hand | partner_hand     # cards no opponent can hold
        trick = list(obs.trick)
        if not trick:
            return self.lead(obs, hand, partner, partner_hand, gone, trump)
        led = SUIT_INDEX[trick[0][1]]
        best_seat, best_card = winning(trick, trump)
        partner_wins = best_seat == partner
        following = [c for c in cards if SUIT_INDEX[c] == led]
        position = len(trick)
        if following:
            beaters = [c for c in following if beats(c, best_card, led, trump)]
            if partner_wins and (position == 3 or is_top(best_card, gone | int(obs.played))):
                return lowest(following)
            if position == 1:                      # second hand low, but cover an honour with an honour
                lead_card = trick[0][1]
                if RANK_INDEX[lead_card] >= HONOUR_RANK and lead_card != best_card:
                    return lowest(following)
                covers = [c for c in beaters if RANK_INDEX[c] >= HONOUR_RANK]
                if RANK_INDEX[lead_card] >= HONOUR_RANK and covers:
                    return lowest(covers)
                return lowest(following)
            if beaters:                            # third hand high, fourth hand as cheaply as may be
                if position == 2:
                    top = [c for c in beaters if is_top(c, gone)]
                    return lowest(top) if top else highest(beaters)
                return lowest(beaters)
            return lowest(following)
        trumps = [c for c in cards if SUIT_INDEX[c] == trump]
        if trumps and not partner_wins:
            ruffs = [c for c in trumps if beats(c, best_card, led, trump)]
            if ruffs:
                return lowest(ruffs)
        return self.discard(cards, trump)

    def lead(self, obs: WhistObservation, hand: int, partner: int, partner_hand: int, gone: int, trump: int) -> Card:
        cards = cards_of(hand)
        if trump >= 0:
            mine = hand & SUIT_MASK[trump]
            ours = mine | partner_hand & SUIT_MASK[trump]
            out = SUIT_MASK[trump] & ~(gone | int(obs.played))   # trumps the opponents may hold
            if out and mine.bit_count() >= 4 and ours.bit_count() >= 5:
                return self.from_suit(mine, gone, high_first=True)
        for trick in obs.tricks:                   # return the partner's first lead
            if trick.leader == partner:
                suit = SUIT_INDEX[trick.cards[0]]
                held = hand & SUIT_MASK[suit]
                if held and suit != trump:
                    return self.from_suit(held, gone, high_first=False)
                break
        plain = [s for s in range(4) if s != trump and hand & SUIT_MASK[s]]
        if not plain:
            return highest(cards)
        suit = max(plain, key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), strength(hand & SUIT_MASK[s]),
                                         self.rng.random()))
        return self.from_suit(hand & SUIT_MASK[suit], gone, high_first=False)

    def from_suit(self, held: int, gone: int, high_first: bool) -> Card:
        """The top card of ``held`` if it is the best left in its suit, else (or not ``high_first``
        and no sure winner) the lowest."""
        cards = cards_of(held)
        top = highest(cards)
        if is_top(top, gone):
            return top
        return top if high_first and len(cards) >= 5 else lowest(cards)

    def discard(self, cards: Sequence[Card], trump: int) -> Card:
        plain = [c for c in cards if SUIT_INDEX[c] != trump] or list(cards)
        by_suit: dict[int, list[Card]] = {}
        for c in plain:
            by_suit.setdefault(SUIT_INDEX[c], []).append(c)
        shortest = min(by_suit.values(), key=lambda group: (len(group), -max(RANK_INDEX[c] for c in group)))
        return lowest(shortest)


def winning(trick: Sequence[tuple[int, Card]], trump: int) -> tuple[int, Card]:
    """The seat and card winning the trick so far."""
    led = SUIT_INDEX[trick[0][1]]
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if beats(card, best, led, trump):
            best_seat, best = seat, card
    return best_seat, best


def beats(card: int, best: int, led: int, trump: int) -> bool:
    suit, other = SUIT_INDEX[card], SUIT_INDEX[best]
    if suit == other:
        return RANK_INDEX[card] > RANK_INDEX[best]
    return suit == trump or (suit == led and other != trump)


def is_top(card: int, gone: int) -> bool:
    """Whether every higher card of the suit is accounted for (played, or held by our side)."""
    suit = SUIT_MASK[SUIT_INDEX[card]]
    higher = suit & ~((1 << (card + 1)) - 1)
    return not higher & ~gone


def strength(held: int) -> int:
    return sum(RANK_INDEX[c] for c in cards_of(held) if RANK_INDEX[c] >= HONOUR_RANK)


def lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: RANK_INDEX[c])


def highest(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: RANK_INDEX[c])

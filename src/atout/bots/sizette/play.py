"""Card play of the Sizette and Quadrette heuristic: partner-aware following and leading winners.

Following: if a team-mate wins the trick so far, play low (lowest card of the suit led, or,
void, the lowest non-trump); otherwise win as cheaply as possible (lowest card that beats
the winner, trumping low when void and it wins — trumping is never compulsory); else play
low. Leading: a master trump while opponents may still hold trumps; else a side-suit master
(those no opponent may ruff first); else a low card towards a team-mate's known master;
else the lowest card of the longest side suit.

>>> from atout.games import make_game
>>> from atout.bots.sizette.knowledge import Knowledge
>>> from atout.cards import Card, CardSet
>>> from atout.chance import Deal
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> deal = Deal(tuple(hands), turned=(Card("9C"),))
>>> state = make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "0,1"})
>>> str(choose_card(Knowledge(state.observation(0)), state.moves()))
'KH'
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.actions import Action
from atout.bots.sizette.knowledge import STRENGTH, STRONGER, Knowledge, card_list, highest, lowest, trick_winner
from atout.cards import SUIT_INDEX, SUIT_MASK, Card


def choose_card(k: Knowledge, moves: Sequence[Action]) -> Card:
    """The heuristic's card among ``moves`` (all cards)."""
    cards = [m for m in moves if isinstance(m, Card)]
    if not cards:
        raise ValueError("no card among the moves")
    trick = k.obs.trick
    if not trick:
        return lead(k, cards)
    led = SUIT_INDEX[trick[0][1]]
    follow = [c for c in cards if SUIT_INDEX[c] == led]
    if follow:
        cards = follow  # table-law mode lists every card: never revoke on purpose
    return follow_card(k, cards, trick, led)


def follow_card(k: Knowledge, cards: list[Card], trick: tuple[tuple[int, Card], ...], led: int) -> Card:
    """Partner low, else cheapest winner, else low. ``trick``: ``(seat, card)`` in play order."""
    trump = k.trump
    index = trick_winner([c for _, c in trick], trump)
    winner_seat, win_card = trick[index]
    if winner_seat in k.mates:
        return discard(k, cards, led)
    beaters = [c for c in cards if beats(c, win_card, led, trump)]
    if beaters:
        return lowest(beaters)
    return discard(k, cards, led)


def beats(card: int, best: int, led: int, trump: int | None) -> bool:
    """Whether ``card`` played now would beat ``best``, the card winning the trick."""
    suit, best_suit = SUIT_INDEX[card], SUIT_INDEX[best]
    if suit == best_suit:
        return STRENGTH[card] > STRENGTH[best]
    return suit == trump


def discard(k: Knowledge, cards: list[Card], led: int | None) -> Card:
    """The cheapest card: lowest of the suit led, else the lowest non-trump (from the shortest
    suit on ties), else the lowest trump."""
    if led is not None:
        same = [c for c in cards if SUIT_INDEX[c] == led]
        if same:
            return lowest(same)
    side = [c for c in cards if SUIT_INDEX[c] != k.trump]
    if side:
        hand = k.mine
        return min(side, key=lambda c: (STRENGTH[c], (hand & SUIT_MASK[SUIT_INDEX[c]]).bit_count(), SUIT_INDEX[c]))
    return lowest(cards)


def lead(k: Knowledge, cards: list[Card]) -> Card:
    """The heuristic's opening card among ``cards`` (maybe narrowed by a command)."""
    trump = k.trump
    trumps = [c for c in cards if SUIT_INDEX[c] == trump]
    side = [c for c in cards if SUIT_INDEX[c] != trump]
    opp_trumps = k.trumps_out()
    if trumps and opp_trumps:
        masters = [c for c in trumps if k.is_master(c)]
        if masters:
            return highest(masters)  # pull the opponents' trumps with a sure winner
    side_masters = [c for c in side if k.is_master(c) and k.opponents_may_hold(SUIT_MASK[SUIT_INDEX[c]])]
    safe = [c for c in side_masters if not any(k.may_ruff(s, SUIT_INDEX[c]) for s in k.opponents)]
    if safe:
        return highest(safe)
    if side_masters:
        return highest(side_masters)
    towards = _towards_partner(k, cards)
    if towards is not None:
        return towards
    if trumps and not opp_trumps and not side:
        return highest(trumps)
    if side:
        return _low_from_longest(k, side)
    return lowest(trumps)


def _towards_partner(k: Knowledge, cards: list[Card]) -> Card | None:
    """A low card in a suit where a team-mate is known to hold the master."""
    team_cards = 0
    for s in k.partners:
        team_cards |= k.known[s]
    if not team_cards:
        return None
    best: Card | None = None
    for c in card_list(team_cards):
        if STRONGER[c] & k.live & ~k.team_known():
            continue  # not a master
        suit = SUIT_INDEX[c]
        mine = [d for d in cards if SUIT_INDEX[d] == suit and STRENGTH[d] < STRENGTH[c]]
        if not mine:
            continue
        if suit != k.trump and any(k.may_ruff(s, suit) for s in k.opponents) and k.trumps_out():
            continue
        low = lowest(mine)
        if best is None or (suit == k.trump) > (SUIT_INDEX[best] == k.trump):
            best = low
    return best


def _low_from_longest(k: Knowledge, side: list[Card]) -> Card:
    by_suit: dict[int, list[Card]] = {}
    for c in side:
        by_suit.setdefault(SUIT_INDEX[c], []).append(c)
    suit = max(by_suit, key=lambda s: (len(by_suit[s]), -STRENGTH[lowest(by_suit[s])], -s))
    return lowest(by_suit[suit])


__all__ = ["beats", "choose_card", "discard", "follow_card", "lead"]

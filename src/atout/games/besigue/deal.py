"""The table's chance steps in Bésigue: the draw for the first dealer and the deal
(docs/rules/decisions.md#besigue-deal), and the checks a deal given from outside must pass.

The dealer deals counter-clockwise from the player on his right, by threes (9 cards each; the
classic game: 3-2-3, 8 each); the rest is the talon, top first. Playing *atout vu*, the top card
of the talon is turned and put face up at its bottom, to be drawn last (a joker is not turned: it
stays on the talon and the next card is turned). The deal keeps the pack in its order after the
cut, so a record can be checked card by card.

>>> from atout.games.besigue.spec import BesigueGame
>>> rules = BesigueGame({"players": 3}).rules
>>> deal = deal_from_pack(rules, rules.pack_cards, 0)
>>> [len(h) for h in deal.hands], len(deal.talon), deal.turned == deal.talon[-1:]
([9, 9, 9], 105, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import itemgetter

from atout.cards import ALL_CARDS, BIT, JOKER_MASK, Card, CardSet
from atout.chance import Deal, Draw
from atout.dealing import cut, deal_with_fixed, default_rng, shuffled
from atout.games.besigue.refusals import refuse
from atout.games.besigue.spec import Rules


def positions(rules: Rules, dealer: int) -> list[list[int]]:
    """For each seat, the places in the pack (top first) of the cards it is dealt."""
    n = rules.n
    out: list[list[int]] = [[] for _ in range(n)]
    k = 0
    for size in rules.packets:
        for i in range(n):
            seat = (dealer + 1 + i) % n
            out[seat].extend(range(k, k + size))
            k += size
    return out


def deal_from_pack(rules: Rules, pack: Sequence[Card], dealer: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (top first, after the cut)."""
    pack = tuple(pack)
    bits = itemgetter(*pack)(BIT)   # one C call for the whole pack (132 or 64 cards)
    hands = tuple(CardSet(sum([bits[p] for p in places])) for places in positions(rules, dealer))
    talon = pack[rules.dealt:]
    if rules.trumps_by_marriage:
        return Deal(hands, talon, (), pack)
    k = next(i for i, c in enumerate(talon) if not BIT[c] & JOKER_MASK)
    turned = talon[k]
    talon = talon[:k] + talon[k + 1:] + (turned,)
    return Deal(hands, talon, (turned,), pack)


def sample_draw(rules: Rules, rng: random.Random | None) -> Draw:
    """Each seat draws one card of the shuffled pack, for the first deal."""
    drawn = shuffled(rules.pack_cards, rng or default_rng())
    return Draw(tuple(enumerate(drawn[: rules.n])))


def sample_deal(rules: Rules, dealer: int, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, int] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` and deal; ``fixed`` maps seats to cards they must receive
    (the rest is dealt uniformly)."""
    rng = rng or default_rng()
    if not fixed:
        return deal_from_pack(rules, cut(shuffled(rules.pack_cards, rng), cut_position), dealer)
    sizes = [rules.hand_size] * rules.n + [rules.talon_size]
    slots = deal_with_fixed(int(rules.pack), sizes, {s: int(c) for s, c in fixed.items()}, rng)
    places = positions(rules, dealer)
    pack: list[Card] = [ALL_CARDS[0]] * len(rules.pack_cards)
    for seat in range(rules.n):
        for place, card in zip(places[seat], shuffled(slots[seat], rng), strict=True):
            pack[place] = card
    for place, card in zip(range(rules.dealt, len(pack)), shuffled(slots[rules.n], rng), strict=True):
        pack[place] = card
    return deal_from_pack(rules, pack, dealer)


def check_deal(rules: Rules, deal: Deal, dealer: int) -> None:
    """Refuse a deal that does not fit this game and this dealer."""
    if not isinstance(deal, Deal) or deal.is_view:
        raise refuse("bad_deal", size=rules.hand_size, n=rules.n)
    every = 0
    count = 0
    for hand in deal.hands:
        every |= int(hand)
        count += len(hand)
    for card in deal.talon:
        every |= BIT[card]
    count += len(deal.talon)
    fits = (len(deal.hands) == rules.n and all(len(h) == rules.hand_size for h in deal.hands)
            and len(deal.talon) == rules.talon_size and count == len(rules.pack) and every == int(rules.pack))
    if fits:
        if rules.trumps_by_marriage:
            fits = deal.turned == ()
        else:
            fits = deal.turned == deal.talon[-1:] and not BIT[deal.turned[0]] & JOKER_MASK
    if fits and deal.pack:
        fits = len(deal.pack) == len(rules.pack) and CardSet.of(deal.pack) == rules.pack \
            and deal_from_pack(rules, deal.pack, dealer) == deal
    if not fits:
        raise refuse("bad_deal", size=rules.hand_size, n=rules.n)


def check_draw(rules: Rules, draw: Draw) -> None:
    cards = [c for _, c in draw.cards]
    if [s for s, _ in draw.cards] != list(range(rules.n)) or len(set(cards)) != rules.n \
            or not all(c in rules.pack for c in cards):
        raise refuse("bad_draw", seats=" ".join(str(s) for s in range(rules.n)))


def first_dealer(rules: Rules, draw: Draw) -> int:
    """The seat that deals first after ``draw``: the lowest card (ace high … seven low); ``-1`` if
    a joker was drawn or the lowest is shared (the table draws again)."""
    strength = rules.strength
    cards = [c for _, c in draw.cards]
    if any(c.is_joker for c in cards):
        return -1
    ranks = [strength[c] for c in cards]
    low = min(ranks)
    return ranks.index(low) if ranks.count(low) == 1 else -1

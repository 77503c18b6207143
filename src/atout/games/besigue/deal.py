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

from atout.cards import Card
from atout.chance import Deal, Draw
from atout.dealing import DealPlan, default_rng, shuffled
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


def plan(rules: Rules) -> DealPlan:
    """The deal of ``rules``'s game (the core's one definition of a deal: made, sampled, checked):
    each seat's places, the talon after them, the turned card put at its bottom unless trumps come
    from the first marriage. Made once per kind of game."""
    key = (rules.n, rules.pack_cards, rules.packets, rules.trumps_by_marriage)
    found = _PLANS.get(key)
    if found is None:
        talon = range(rules.dealt, len(rules.pack_cards))
        found = _PLANS[key] = DealPlan(rules.pack_cards, [positions(rules, d) for d in range(rules.n)],
                                       [talon] * rules.n, "none" if rules.trumps_by_marriage else "talon_last")
    return found


_PLANS: dict[tuple[object, ...], DealPlan] = {}


def deal_from_pack(rules: Rules, pack: Sequence[Card], dealer: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (top first, after the cut)."""
    return plan(rules).deal(tuple(pack), dealer)


def sample_draw(rules: Rules, rng: random.Random | None) -> Draw:
    """Each seat draws one card of the shuffled pack, for the first deal."""
    drawn = shuffled(rules.pack_cards, rng or default_rng())
    return Draw(tuple(enumerate(drawn[: rules.n])))


def sample_deal(rules: Rules, dealer: int, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, int] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` and deal; ``fixed`` maps seats to cards they must receive
    (the rest is dealt uniformly)."""
    return plan(rules).sample(dealer, cut_position, rng, fixed)


def check_deal(rules: Rules, deal: Deal, dealer: int) -> None:
    """Refuse a deal that does not fit this game and this dealer."""
    plan(rules).check(deal, dealer)


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

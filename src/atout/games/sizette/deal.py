"""The table's chance steps in Sizette and Quadrette: the draw for the first dealer, and the deal
(docs/rules/decisions.md#first-dealer, #six-cards, #quadrette-turned-card), with the checks a deal given from outside (a record, a test) must pass.

The engine's deals keep the pack in its order after the cut (:attr:`atout.chance.Deal.pack`):
:func:`deal_from_pack` is the one definition of how a dealer deals it — by packets from the seat on
his right (:func:`atout.dealing.deal_by_packets`), the last card dealt turned in Sizette (it stays
in the dealer's hand), the first card of the talon turned in Quadrette (it stays on the talon). A
deal that carries its pack is checked card by card against it.

>>> from atout.games.sizette.spec import SizetteGame
>>> rules = SizetteGame().rules
>>> deal = deal_from_pack(rules, tuple(rules.pack_cards), 5)
>>> [len(h) for h in deal.hands], deal.turned, deal.talon
([6, 6, 6, 6, 6, 6], (Card('AC'),), ())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from atout.cards import CardSet
from atout.chance import Deal, Draw
from atout.dealing import DealPlan, default_rng, shuffled
from atout.games.sizette.refusals import refuse
from atout.games.sizette.rules import Rules


def plan(rules: Rules) -> DealPlan:
    """The deal of ``rules``'s game (the core's one definition of a deal: made, sampled, checked):
    each seat's places in the pack by dealer (:attr:`Rules.positions`), then Quadrette's talon with
    its first card turned, or Sizette's last card dealt turned (the dealer's). Made once per kind
    of game, kept on the rules."""
    found = rules.deal_plan
    if found is not None:
        return found
    key = (rules.pack_cards, rules.positions, rules.talon_size)
    found = _PLANS.get(key)
    if found is None:
        talon = range(rules.dealt, len(rules.pack_cards))
        found = _PLANS[key] = DealPlan(rules.pack_cards, rules.positions, [talon] * rules.n,
                                       "talon_first" if rules.talon_size else "dealer_last")
    rules.deal_plan = found
    return found


_PLANS: dict[tuple[object, ...], DealPlan] = {}


def deal_from_pack(rules: Rules, pack: Sequence[int], dealer: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (card ids, top first, after the cut)."""
    return plan(rules).deal(pack, dealer)


def sample_draw(rules: Rules, drawers: tuple[int, ...], rng: random.Random | None) -> Draw:
    """Each seat of ``drawers`` draws one card of the shuffled pack."""
    drawn = shuffled(rules.pack_cards, rng or default_rng())
    return Draw(tuple(zip(drawers, drawn[: len(drawers)], strict=True)))


def sample_deal(rules: Rules, dealer: int, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, CardSet] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` (no cut position yet: one card) and deal; ``fixed`` maps
    seats to cards they must receive (placed at random among that seat's positions), the rest is
    dealt uniformly."""
    return (rules.deal_plan or plan(rules)).sample(dealer, cut_position or 1, rng, fixed)


def check_draw(rules: Rules, drawers: tuple[int, ...], draw: Draw) -> None:
    seats = tuple(s for s, _ in draw.cards)
    cards = [c for _, c in draw.cards]
    if sorted(seats) != sorted(drawers) or len(set(cards)) != len(cards) \
            or any(not rules.pack >> c & 1 for c in cards):
        raise refuse("bad_draw", seats=str(drawers))


def check_deal(rules: Rules, dealer: int, deal: Deal) -> None:
    """Refuse a deal that the dealer could not have made (sizes, cards, turned card, pack)."""
    plan(rules).check(deal, dealer)

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
from operator import itemgetter

from atout.cards import ALL_CARDS, BIT, Card, CardSet
from atout.chance import Deal, Draw
from atout.dealing import cut, default_rng, shuffled
from atout.games.sizette.refusals import refuse
from atout.games.sizette.rules import Rules

_card_set = int.__new__   # CardSet(bits) without its Python-level __new__


def deal_from_pack(rules: Rules, pack: Sequence[int], dealer: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (card ids, top first, after the cut)."""
    take_all = itemgetter(*pack)   # one C call looks up a whole pack (packs hold 32 cards or more)
    bits = take_all(BIT)
    hands = tuple([_card_set(CardSet, sum(take(bits))) for take in rules.takers[dealer]])
    cards = take_all(ALL_CARDS)
    if rules.talon_size:
        talon = cards[rules.dealt:]
        return _deal(hands, talon, (talon[0],), cards)
    return _deal(hands, (), (cards[rules.dealt - 1],), cards)


def _deal(hands: tuple[CardSet, ...], talon: tuple[Card, ...], turned: tuple[Card, ...],
          pack: tuple[Card, ...]) -> Deal:
    """``Deal(hands, talon, turned, pack)``, made without the frozen dataclass's slow ``__init__``
    (once per hand, on the engine's hot path); equal to it in every way."""
    deal = object.__new__(Deal)
    deal.__dict__.update(hands=hands, talon=talon, turned=turned, pack=pack, hidden=(), hidden_talon=0)
    return deal


def sample_draw(rules: Rules, drawers: tuple[int, ...], rng: random.Random | None) -> Draw:
    """Each seat of ``drawers`` draws one card of the shuffled pack."""
    drawn = shuffled(rules.pack_cards, rng or default_rng())
    return Draw(tuple(zip(drawers, drawn[: len(drawers)], strict=True)))


def sample_deal(rules: Rules, dealer: int, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, CardSet] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` and deal; ``fixed`` maps seats to cards they must receive
    (placed at random among that seat's positions), the rest is dealt uniformly."""
    rng = rng or default_rng()
    if not fixed:
        return deal_from_pack(rules, cut(shuffled(rules.pack_ids, rng), cut_position or 1), dealer)
    positions = rules.positions[dealer]
    pack: list[Card | None] = [None] * len(rules.pack_cards)
    taken = 0
    for seat, cards in fixed.items():
        mine = list(cards)
        if len(mine) > len(positions[seat]) or int(cards) & taken or int(cards) & ~rules.pack:
            raise ValueError(f"seat {seat} cannot receive {cards}")
        taken |= int(cards)
        for position, card in zip(shuffled(positions[seat], rng), mine, strict=False):
            pack[position] = card
    rest = iter(shuffled([c for c in rules.pack_cards if not taken >> c & 1], rng))
    full = tuple(card if card is not None else next(rest) for card in pack)
    return deal_from_pack(rules, full, dealer)


def check_draw(rules: Rules, drawers: tuple[int, ...], draw: Draw) -> None:
    seats = tuple(s for s, _ in draw.cards)
    cards = [c for _, c in draw.cards]
    if sorted(seats) != sorted(drawers) or len(set(cards)) != len(cards) \
            or any(not rules.pack >> c & 1 for c in cards):
        raise refuse("bad_draw", seats=str(drawers))


def check_deal(rules: Rules, dealer: int, deal: Deal) -> None:
    """Refuse a deal that the dealer could not have made (sizes, cards, turned card, pack)."""
    hands = deal.hands
    if deal.is_view:
        raise refuse("deal_hidden")
    if len(hands) != rules.n or any(len(h) != rules.hand_size for h in hands):
        raise refuse("deal_sizes", size=rules.hand_size, seats=rules.n, talon=rules.talon_size)
    union = 0
    for h in hands:
        if union & h:
            raise refuse("dealt_twice")
        union |= h
    talon = sum(BIT[c] for c in deal.talon)
    if union & talon or len(set(deal.talon)) != len(deal.talon) or (union | talon) != rules.pack:
        raise refuse("deal_not_pack")
    if len(deal.turned) != 1:
        raise refuse("one_turned")
    turned = deal.turned[0]
    if rules.talon_size:
        if not deal.talon or deal.talon[0] != turned:
            raise refuse("turned_talon")
    elif not hands[dealer] >> turned & 1:
        raise refuse("turned_dealer")
    if deal.pack:
        _check_pack(rules, dealer, deal)


def _check_pack(rules: Rules, dealer: int, deal: Deal) -> None:
    pack = deal.pack
    if len(pack) != len(rules.pack_cards) or sum(BIT[c] for c in set(pack)) != rules.pack:
        raise refuse("pack_not_pack")
    made = deal_from_pack(rules, tuple(pack), dealer)
    if made != deal:
        raise refuse("pack_mismatch", dealer=dealer)


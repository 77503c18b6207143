"""The table's chance steps in Piquet: the draw for the first deal, and the deal itself — twelve
cards each by twos (option threes) starting with the elder, the eight left forming the talon (the
top five for the elder, the last three for the younger) — with the checks a deal given from
outside (a record, a test) must pass. The engine's deals keep the pack in its order after the
cut, and a deal that carries its pack is checked card by card against it.

Sources: Cavendish, *The Laws of Piquet* (1882) (docs/rules/decisions.md#piquet-deal).

>>> from atout.packs import PACK_32
>>> deal = deal_from_pack(tuple(PACK_32), dealer=1, packet=2)
>>> str(deal.hands[0]), [str(c) for c in deal.talon[:2]]
('7S 8S JS QS 7H 8H JH QH 7D 8D JD QD', ['7C', '8C'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from atout.cards import Card, CardSet
from atout.chance import Deal, Draw
from atout.dealing import DealPlan, default_rng, shuffled
from atout.games.piquet.holdings import STRENGTH
from atout.games.piquet.refusals import refuse
from atout.packs import PACK_32

PACK_CARDS: tuple[Card, ...] = tuple(PACK_32)
HAND_SIZE = 12
TALON_SIZE = 8
ELDER_SHARE = 5


def _positions(dealer: int, packet: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pack positions each seat receives when ``dealer`` deals by ``packet`` (elder first)."""
    elder = 1 if dealer == 0 else 0
    out: dict[int, list[int]] = {0: [], 1: []}
    k = 0
    for _ in range(HAND_SIZE // packet):
        for seat in (elder, dealer):
            out[seat].extend(range(k, k + packet))
            k += packet
    return tuple(out[0]), tuple(out[1])


POSITIONS = {(dealer, packet): _positions(dealer, packet) for dealer in (0, 1) for packet in (2, 3)}
PLANS = {packet: DealPlan(PACK_CARDS, [POSITIONS[0, packet], POSITIONS[1, packet]],
                          [range(2 * HAND_SIZE, 2 * HAND_SIZE + TALON_SIZE)] * 2, "none") for packet in (2, 3)}
"""The deal by twos and by threes (the core's one definition of a deal: made, sampled, checked)."""


def deal_from_pack(pack: tuple[Card, ...], dealer: int, packet: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (top first, after the cut) by packets of ``packet``."""
    return PLANS[packet].deal(pack, dealer)


def sample_draw(rng: random.Random | None) -> Draw:
    """Each seat draws a card of the shuffled pack, face up."""
    drawn = shuffled(PACK_CARDS, rng or default_rng())
    return Draw(((0, drawn[0]), (1, drawn[1])))


def draw_dealer(draw: Draw, low_deals: bool) -> int:
    """Who deals first after ``draw`` (-1: equal ranks, draw again)."""
    (_, a), (_, b) = draw.cards
    if STRENGTH[a] == STRENGTH[b]:
        return -1
    high = 0 if STRENGTH[a] > STRENGTH[b] else 1
    return (1 if high == 0 else 0) if low_deals else high


def sample_deal(dealer: int, packet: int, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, CardSet] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` and deal; ``fixed`` maps seats to cards they must receive
    (placed at random among that seat's positions), the rest dealt uniformly."""
    return PLANS[packet].sample(dealer, cut_position, rng, {s: int(c) for s, c in fixed.items()} if fixed else None)


def check_draw(draw: Draw) -> None:
    seats = [s for s, _ in draw.cards]
    cards = [c for _, c in draw.cards]
    if seats != [0, 1] or cards[0] == cards[1] or any(not PACK_32 >> c & 1 for c in cards):
        raise refuse("bad_draw")


def check_deal(deal: Deal, dealer: int, packet: int) -> None:
    """Refuse a deal the dealer could not have made (sizes, cards, pack order)."""
    PLANS[packet].check(deal, dealer)

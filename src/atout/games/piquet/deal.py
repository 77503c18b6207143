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

from atout.cards import BIT, Card, CardSet
from atout.chance import Deal, Draw
from atout.dealing import cut, default_rng, shuffled
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


def deal_from_pack(pack: tuple[Card, ...], dealer: int, packet: int) -> Deal:
    """The deal ``dealer`` makes from ``pack`` (top first, after the cut) by packets of ``packet``."""
    bit = BIT
    hands = tuple(CardSet(sum(bit[pack[i]] for i in where)) for where in POSITIONS[dealer, packet])
    deal = object.__new__(Deal)  # the frozen dataclass without its slow __init__: equal in every way
    deal.__dict__.update(hands=hands, talon=pack[2 * HAND_SIZE:], turned=(), pack=pack, hidden=(), hidden_talon=0)
    return deal


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
    rng = rng or default_rng()
    if not fixed:
        return deal_from_pack(tuple(cut(shuffled(PACK_CARDS, rng), cut_position)), dealer, packet)
    positions = POSITIONS[dealer, packet]
    pack: list[Card | None] = [None] * len(PACK_CARDS)
    taken = 0
    for seat, cards in fixed.items():
        mine = list(cards)
        if seat not in (0, 1) or len(mine) > HAND_SIZE or int(cards) & taken or int(cards) & ~int(PACK_32):
            raise ValueError(f"seat {seat} cannot receive {cards}")
        taken |= int(cards)
        for position, card in zip(shuffled(positions[seat], rng), mine, strict=False):
            pack[position] = card
    rest = iter(shuffled([c for c in PACK_CARDS if not taken >> c & 1], rng))
    return deal_from_pack(tuple(card if card is not None else next(rest) for card in pack), dealer, packet)


def check_draw(draw: Draw) -> None:
    seats = [s for s, _ in draw.cards]
    cards = [c for _, c in draw.cards]
    if seats != [0, 1] or cards[0] == cards[1] or any(not PACK_32 >> c & 1 for c in cards):
        raise refuse("bad_draw")


def check_deal(deal: Deal, dealer: int, packet: int) -> None:
    """Refuse a deal the dealer could not have made (sizes, cards, pack order)."""
    if deal.is_view:
        raise refuse("deal_hidden")
    hands = deal.hands
    if len(hands) != 2 or any(len(h) != HAND_SIZE for h in hands) or len(deal.talon) != TALON_SIZE or deal.turned:
        raise refuse("bad_deal")
    talon = sum(BIT[c] for c in set(deal.talon))
    if hands[0] & hands[1] or (hands[0] | hands[1]) & talon or len(set(deal.talon)) != TALON_SIZE \
            or hands[0] | hands[1] | talon != PACK_32:
        raise refuse("bad_deal")
    if deal.pack:
        pack = tuple(deal.pack)
        if len(pack) != len(PACK_CARDS) or sum(BIT[c] for c in set(pack)) != PACK_32 \
                or deal_from_pack(pack, dealer, packet) != deal:
            raise refuse("pack_mismatch", dealer=dealer)

"""The table's chance steps in Whist: the cut for partners and the first dealer (the ace low),
and the deal (docs/rules/decisions.md#whist-partnerships, #records-store-deals), with the checks
a draw or deal given from outside (a record, a test) must pass.

With partners by the cut, the four players cut *before* they sit down and then sit by their
cards: the two lowest opposite each other. The engine's :class:`~atout.chance.Draw` names each
card by the seat its player then takes, so every draw it accepts has the two lowest cards at
seats facing each other.

>>> import random
>>> from atout.games.whist.spec import WhistGame
>>> table = WhistGame().table
>>> draw = sample_draw(table, (0, 1, 2, 3), True, random.Random(4))
>>> check_draw(table, (0, 1, 2, 3), True, draw); lowest_drawers(table, draw)
(2,)
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from atout.actions import Action
from atout.cards import CardSet
from atout.chance import Deal, Draw
from atout.dealing import default_rng, shuffled
from atout.games.whist.refusals import refuse
from atout.games.whist.spec import PARTNERSHIP_OF_PLACE, PLACES, Seating, Table

HAND_SIZE = 13


def sample_draw(table: Table, drawers: tuple[int, ...], seat_by_cut: bool, rng: random.Random | None) -> Draw:
    """Each seat of ``drawers`` draws a card; with ``seat_by_cut`` the players sit by their cards
    (the two lowest opposite each other, at places chosen at random)."""
    rng = rng or default_rng()
    drawn = shuffled(table.pack_cards, rng)[: len(drawers)]
    if not seat_by_cut:
        return Draw(tuple(zip(drawers, drawn, strict=True)))
    strength = table.cut_strength
    ranked = sorted(drawn, key=lambda c: strength[c])
    low = rng.randrange(2)
    lows = [p for p in range(PLACES) if PARTNERSHIP_OF_PLACE[p] == low]
    highs = [p for p in range(PLACES) if PARTNERSHIP_OF_PLACE[p] != low]
    places = shuffled(lows, rng) + shuffled(highs, rng)
    return Draw(tuple(sorted(zip(places, ranked, strict=True))))


def check_draw(table: Table, drawers: tuple[int, ...], seat_by_cut: bool, draw: Action) -> None:
    """Refuse a draw that is not one card of the pack for each drawer (and, with ``seat_by_cut``,
    one where the two lowest cards are not at seats facing each other)."""
    if not isinstance(draw, Draw):
        raise refuse("not_chance", action=draw)
    seats = sorted(s for s, _ in draw.cards)
    cards = [c for _, c in draw.cards]
    if seats != sorted(drawers) or len(set(cards)) != len(cards) or any(not table.pack >> c & 1 for c in cards):
        raise refuse("bad_draw", seats=" ".join(map(str, drawers)))
    if seat_by_cut:
        strength = table.cut_strength
        by = [[strength[c] for s, c in draw.cards if PARTNERSHIP_OF_PLACE[s] == p] for p in (0, 1)]
        if not (max(by[0]) <= min(by[1]) or max(by[1]) <= min(by[0])):
            raise refuse("bad_cut_draw")


def lowest_drawers(table: Table, draw: Draw) -> tuple[int, ...]:
    """The seats that cut the lowest card (the ace low); more than one means they cut again."""
    strength = table.cut_strength
    low = min(strength[c] for _, c in draw.cards)
    return tuple(s for s, c in draw.cards if strength[c] == low)


def sample_deal(table: Table, dealer: int, seating: Seating, cut_position: int, rng: random.Random | None,
                fixed: Mapping[int, CardSet] | None = None) -> Deal:
    """Shuffle, cut at ``cut_position`` and deal; ``fixed`` maps seats to cards they must receive
    (placed at random among that seat's places in the pack), the rest is dealt uniformly."""
    return table.plan(seating).sample(dealer, cut_position or 1, rng, fixed)


def check_deal(table: Table, dealer: int, seating: Seating, deal: Action) -> None:
    """Refuse a deal ``dealer`` (a place) could not have made (or anything else that is not a deal)."""
    table.plan(seating).check(deal, dealer)

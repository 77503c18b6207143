"""A deal kept in the history as bytes (:func:`atout.history.pack_deal`) comes back equal, in both
layouts: any deal, and deals made from their pack as the games make them (the zoned layout)."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout import CHANCE, game_names, make_game
from atout.cards import ALL_CARDS, BIT, CardSet
from atout.chance import Deal
from atout.history import ZONED, pack_deal, unpack_deal


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """Any deal: cards anywhere (hands may overlap the talon, the pack may miss cards or repeat
    them), or a pack dealt out to hands and a talon in the pack's order, packet by packet."""
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=140))
    n_hands = draw(st.integers(1, 15))
    if draw(st.booleans()):   # dealt from its pack, as a game deals
        pack = tuple(dict.fromkeys(cards))
        packet = draw(st.integers(1, 4))
        dealt = draw(st.integers(0, len(pack)))
        hands = [0] * n_hands
        for i, card in enumerate(pack[:dealt]):
            hands[i // packet % n_hands] |= BIT[card]
        talon = pack[dealt:dealt + draw(st.integers(0, len(pack) - dealt))]
        turned = tuple(draw(st.lists(st.sampled_from(pack), max_size=2))) if pack else ()
        return Deal(tuple(CardSet(h) for h in hands), talon, turned, pack)
    hands = tuple(CardSet(sum({BIT[c] for c in draw(st.lists(st.sampled_from(ALL_CARDS), max_size=13))}))
                  for _ in range(n_hands))
    talon = tuple(draw(st.lists(st.sampled_from(ALL_CARDS), max_size=20)))
    turned = tuple(draw(st.lists(st.sampled_from(ALL_CARDS), max_size=2)))
    return Deal(hands, talon, turned, tuple(cards) if draw(st.booleans()) else ())


@settings(max_examples=400, deadline=None)
@given(deals())
def test_any_deal_comes_back_equal(deal: Deal) -> None:
    assert unpack_deal(pack_deal(deal)) == deal


def test_every_game_s_deals_are_zoned_and_come_back_equal() -> None:
    """The engine's dealer notes where each card went: the packing it allows is the one read from
    the hands (byte for byte), for every game, dealer and preset."""
    for name in game_names():
        for preset in (None, *type(make_game(name, {})).presets):
            game = make_game(name, {"preset": preset} if preset else {})
            rng = random.Random(7)
            noted = 0
            for _ in range(30):
                state = game.new_state()
                while True:   # to the first deal: draws, cuts…
                    action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves())
                    if type(action) is Deal:
                        break
                    state.apply(action)
                packed = pack_deal(action)
                assert unpack_deal(packed) == action, name
                assert packed == pack_deal(dataclasses.replace(action)), name   # without the note
                if action.zones is not None:
                    noted += 1
                    assert packed[0] & ZONED and len(packed) < 2 * len(action.pack), name
            # every dealer notes, but a talon whose turned card is put last (Bésigue's atout vu)
            assert noted == (0 if "trump_mode=turned_card" in game.options.text() else 30), (name, preset)

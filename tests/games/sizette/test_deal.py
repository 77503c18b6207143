"""Shuffle, cut and deal through the Sizette and Quadrette state: the cut by the dealer's left
neighbour, the deal following the cut pack, Sizette's turned card (the dealer's last card) and
Quadrette's (the 25th card, first of the talon)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import atout.dealing as deal_module  # Sizette deals through the core DealPlan: its shuffle is the core's
from atout.cards import CardSet
from atout.chance import Deal
from atout.dealing import cut
from atout.game import CHANCE
from atout.games.sizette.actions import Cut
from atout.packs import PACK_32, PACK_36
from tests.games.helpers import make
from tests.test_dealing import expected_seat


def to_deal(game_name: str, seed: int = 0, options: dict[str, Any] | None = None) -> Any:
    """A fresh partie advanced (draw, captains) to the cut of hand 1."""
    state = make(game_name, options or {}).new_state()
    rng = random.Random(seed)
    while state.phase_name != "cut":
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.moves()[0])
    return state


@pytest.mark.parametrize("game_name, size", [("sizette", 36), ("quadrette", 32)])
def test_the_cut_is_made_by_the_dealers_left_neighbour(game_name: str, size: int) -> None:
    state = to_deal(game_name)
    n = state.game.num_seats
    assert state.to_move == (state.dealer - 1) % n
    assert list(state.moves()) == [Cut(p) for p in range(2, size - 1)]
    state.apply(Cut(5))
    assert state.phase_name == "deal" and state.to_move == CHANCE


@pytest.mark.parametrize("position", [2, 17, 34])
def test_sizette_deal_follows_the_cut_pack(monkeypatch: pytest.MonkeyPatch, position: int) -> None:
    """With the shuffle made the identity, the deal is exactly: rotate at the cut, then 3+3."""
    monkeypatch.setattr(deal_module, "shuffled", lambda items, rng=None: list(items))
    state = to_deal("sizette")
    dealer = state.dealer
    state.apply(Cut(position))
    deal = state.sample_chance(random.Random(1))
    pack = cut(list(PACK_36), position)
    expected = [CardSet.of(pack[k - 1] for k in range(1, 37) if expected_seat(k, dealer, 6) == s) for s in range(6)]
    assert list(deal.hands) == expected
    assert deal.turned == (pack[35],)                    # the 36th card: the dealer's last
    assert deal.turned[0] in deal.hands[dealer]
    assert deal.talon == () and deal.pack == tuple(pack)


@pytest.mark.parametrize("position", [2, 11, 30])
def test_quadrette_deal_turns_the_25th_card(monkeypatch: pytest.MonkeyPatch, position: int) -> None:
    monkeypatch.setattr(deal_module, "shuffled", lambda items, rng=None: list(items))
    state = to_deal("quadrette")
    dealer = state.dealer
    state.apply(Cut(position))
    deal = state.sample_chance(random.Random(1))
    pack = cut(list(PACK_32), position)
    expected = [CardSet.of(pack[k - 1] for k in range(1, 25) if expected_seat(k, dealer, 4) == s) for s in range(4)]
    assert list(deal.hands) == expected
    assert deal.talon == tuple(pack[24:])                # in order, top first
    assert deal.turned == (pack[24],)                    # the 25th card, first of the talon
    assert deal.pack == tuple(pack)


@pytest.mark.parametrize("seed", range(20))
def test_sizette_sampled_deal_shape(seed: int) -> None:
    state = to_deal("sizette", seed)
    state.apply(Cut(2 + seed))
    deal = state.sample_chance(random.Random(seed))
    assert isinstance(deal, Deal)
    assert [len(h) for h in deal.hands] == [6] * 6
    union = CardSet(0)
    for h in deal.hands:
        assert not union & h
        union |= h
    assert union == PACK_36
    (turned,) = deal.turned
    assert turned in deal.hands[state.dealer]
    state.apply(deal)
    assert state.trump == turned.suit
    assert state.observation(0).turned == turned
    assert state.observation(0).turned_in_hand_of == state.dealer


@pytest.mark.parametrize("seed", range(20))
def test_quadrette_sampled_deal_shape(seed: int) -> None:
    state = to_deal("quadrette", seed)
    state.apply(Cut(2 + seed))
    deal = state.sample_chance(random.Random(seed))
    assert [len(h) for h in deal.hands] == [6] * 4
    union = CardSet(0)
    for h in deal.hands:
        assert not union & h
        union |= h
    assert len(union) == 24
    talon = CardSet.of(deal.talon)
    assert not union & talon and (union | talon) == PACK_32
    (turned,) = deal.turned
    assert len(deal.talon) == 8 and turned == deal.talon[0]
    state.apply(deal)
    assert state.trump == turned.suit
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.turned == turned and obs.turned_in_hand_of is None
        assert obs.hand == deal.hands[seat]


def test_quadrette_2_2_2_packets_option() -> None:
    game = make("quadrette", {"deal_packets": "2+2+2"})
    assert game.packets == (2, 2, 2)
    assert make("quadrette").packets == (3, 3)
    assert make("sizette").packets == (3, 3)


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_seeded_play_is_deterministic(game_name: str) -> None:
    def run(seed: int) -> list[str]:
        state = make(game_name).new_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        return [f"{s} {a}" for s, a in state.history]

    first = run(11)
    assert first == run(11)
    assert first != run(12)
    assert first[0].startswith("-1 draw ")


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    a, b, c = to_deal("sizette", 3), to_deal("sizette", 3), to_deal("sizette", 3)
    for s in (a, b, c):
        s.apply(Cut(10))
    da = a.sample_chance(random.Random(42))
    db = b.sample_chance(random.Random(42))
    dc = c.sample_chance(random.Random(43))
    assert da == db and str(da) == str(db)
    assert da != dc


def test_sample_chance_outside_a_chance_step_is_refused() -> None:
    from atout.errors import IllegalActionError

    state = to_deal("sizette")
    with pytest.raises(IllegalActionError, match="no chance event"):
        state.sample_chance(random.Random(0))

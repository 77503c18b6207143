"""The Whist double-dummy solvers: DDS (through endplay) against the pure-Python reference on
random small endings, both against the engine itself, and the points the valuer gives."""

from __future__ import annotations

import ctypes
import random

import pytest

from atout.actions import Action
from atout.cards import SUIT_INDEX, Card, cards_of
from atout.games.whist.actions import CALL, SHOW
from atout.games.whist.events import HandResult
from atout.games.whist.spec import PARTNERSHIP_OF_PLACE
from atout.games.whist.state import WhistState
from atout.tricks import follow_suit_mask

pytest.importorskip("endplay")

from atout.bots.whist.solver import (
    dds_tricks,
    hands_by_place,
    position_of,
    reference_tricks,
    trick_value,
    value,
    world_of,
)
from tests.bots.whist.helpers import from_deal, play_until


def random_ending(rng: random.Random) -> tuple[list[int], int, tuple[Card, ...], int]:
    """Three to five cards a hand (one fewer for those who played to the trick in progress)."""
    n = rng.randint(3, 5)
    cards = rng.sample(range(52), 4 * n)
    hands = [sum(1 << c for c in cards[p * n:(p + 1) * n]) for p in range(4)]
    leader = rng.randrange(4)
    trick: list[Card] = []
    for k in range(rng.randint(0, 3)):
        place = (leader + k) % 4
        playable = follow_suit_mask(hands[place], SUIT_INDEX[trick[0]]) if trick else hands[place]
        card = rng.choice(cards_of(playable))
        hands[place] &= ~(1 << card)
        trick.append(card)
    return hands, leader, tuple(trick), rng.randrange(4)


def test_dds_agrees_with_the_reference_on_random_endings() -> None:
    rng = random.Random(17)
    for _ in range(1000):
        hands, leader, trick, trump = random_ending(rng)
        assert dds_tricks(hands, leader, trick, trump) == reference_tricks(hands, leader, trick, trump), \
            (hands, leader, trick, trump)


def test_endplay_bundles_dds_2_9() -> None:
    """DDS 3.0 is several times slower: the pinned endplay must bundle 2.9 (the info struct is
    read into a buffer larger than any version's)."""
    from endplay import _dds

    buffer = ctypes.create_string_buffer(8192)
    _dds._dll.GetDDSInfo(buffer)
    major, minor = ctypes.c_int.from_buffer(buffer, 0).value, ctypes.c_int.from_buffer(buffer, 4).value
    assert (major, minor) == (2, 9)


def engine_tricks(state: WhistState, side: int) -> int:
    """The tricks ``side`` (a partnership) takes in the hand with best play on both sides from
    here, by the engine's own moves and score sheet (an exhaustive minimax over apply and undo)."""
    if state.phase_name != "play":
        return state.results[-1].tricks[side]
    results = []
    for card in state.moves():
        state.apply(card)
        results.append(engine_tricks(state, side))
        state.undo()
    return max(results) if PARTNERSHIP_OF_PLACE[state.place] == side else min(results)


@pytest.mark.parametrize(("game", "seed", "place"), [("whist", 1, 0), ("whist", 2, 3), ("mort", 3, 0), ("mort", 4, 2),
                                                     ("mort", 5, 2), ("mort", 6, 1)])
def test_values_match_the_engine_at_the_end_of_a_hand(game: str, seed: int, place: int) -> None:
    """With three cards a hand left (a trick in progress or not), each card's value in the true
    world for the hand at ``place`` is what the engine's minimax gives (place 2 with a mort: the
    mort's hand, played by the declarer)."""
    state, _ = play_until(game, seed, lambda s: 39 <= s.ncards <= 43 and s.place == place,
                          {"rubbers": 1} if game == "mort" else {})
    obs = state.observation(state.to_move)
    moves = [a for a in obs.legal if type(a) is Card]
    tricks = trick_value(obs, world_of(state, state.to_move), moves)
    side = PARTNERSHIP_OF_PLACE[state.place]
    before = state.tricks_won[side]
    for card, got in zip(moves, tricks, strict=True):
        state.apply(card)
        assert got == engine_tricks(state, side) - before
        state.undo()


def engine_line(state: WhistState, side: int) -> HandResult:
    """The hand's result on the engine's score sheet after the line of best play in tricks for
    ``side`` (the first of equals)."""
    if state.phase_name != "play":
        return state.results[-1]
    best: HandResult | None = None
    for card in state.moves():
        state.apply(card)
        result = engine_line(state, side)
        state.undo()
        if best is None or (result.tricks[side] > best.tricks[side] if PARTNERSHIP_OF_PLACE[state.place] == side
                            else result.tricks[side] < best.tricks[side]):
            best = result
    assert best is not None
    return best


def no_honours_shown(state: WhistState, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice([a for a in legal if a not in (SHOW, CALL)])


@pytest.mark.parametrize(("scores", "seed"), [("8-3", 31), ("8-3", 32), ("3-8", 33), ("0-0", 34), ("9-6", 35)])
def test_values_are_the_game_score_points_the_engine_writes(scores: str, seed: int) -> None:
    """Each card's value is what the hand adds to the mover's partnership's game score minus
    what it adds to the other's, each up to the game, as the engine's score sheet says after
    the line of best play (at eight, a third trick over the book is worth nothing)."""
    setup = {"game_scores": scores}
    state, _, _ = from_deal("whist", seed, setup, lambda s: s.ncards == 40 and len(s.moves()) > 1, no_honours_shown)
    obs = state.observation(state.to_move)
    moves = [a for a in obs.legal if type(a) is Card]
    points = value(obs, world_of(state, state.to_move), moves)
    us = PARTNERSHIP_OF_PLACE[state.place]
    start = state.game_scores
    for card, got in zip(moves, points, strict=True):
        state.apply(card)
        after = engine_line(state, us).game_scores
        state.undo()
        assert got == (min(after[us], 10) - start[us]) - (min(after[1 - us], 10) - start[1 - us])
    position = position_of(obs)
    world = world_of(state, state.to_move)
    assert set(dds_tricks(hands_by_place(world, position), position.leader, position.trick, position.trump)) == set(moves)

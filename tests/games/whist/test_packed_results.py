"""Whist hand results kept packed: an equal HandResult back, the same objects in the state and in
the log's scored events, undo and clone across a scored hand."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.actions import Action
from atout.cards import ALL_CARDS, Suit
from atout.events import Scored
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.events import HandResult, HandResults, PackedHandResult

ints = st.integers(-(10**12), 10**12)
small = st.integers(-3, 400)
pairs = st.tuples(small, small)
cards = st.sampled_from(ALL_CARDS)
results = st.builds(
    HandResult, small, small, small, st.integers(-1, 3), st.none() | st.sampled_from(list(Suit)), st.none() | cards,
    st.tuples(st.tuples(*[st.integers(0, 3)] * 2), st.lists(st.integers(0, 3), max_size=3).map(tuple)),
    pairs, pairs, pairs, pairs, st.integers(-1, 1), small, st.integers(-1, 1), ints,
    st.lists(ints, max_size=4).map(tuple), st.lists(ints, max_size=4).map(tuple),
    st.sampled_from(["played", "shown", "called"]) | st.text(max_size=12), st.lists(cards, max_size=4).map(tuple))


@settings(max_examples=300, deadline=None)
@given(results)
def test_packed_round_trip(result: HandResult) -> None:
    packed = PackedHandResult.of(result)
    back = packed.unpack()
    assert back == result and type(back.trump) is type(result.trump) and type(back.turned) is type(result.turned)
    assert all(type(a) is type(b) for a, b in zip(back.shown, result.shown, strict=True))
    assert packed.to_json() == result.to_json() and packed.points == result.points


@settings(max_examples=50, deadline=None)
@given(st.lists(results, max_size=5))
def test_hand_results_is_a_sequence_of_equal_records(many: list[HandResult]) -> None:
    sheet = HandResults() + tuple(many)
    assert sheet == tuple(many) and list(sheet) == many and len(sheet) == len(many)
    assert sheet[1:] == tuple(many[1:]) and hash(sheet) == hash(tuple(many))
    assert pickle.loads(pickle.dumps(sheet)) == sheet
    if many:
        assert sheet[-1] == many[-1] and sheet.plus(PackedHandResult.of(many[0]))[-1] == many[0]


def _partie(name: str, seed: int) -> list[tuple[int, Action]]:
    game = make_game(name)
    rng = random.Random(seed)
    state = game.new_state()
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return list(state.history)


def test_state_and_log_share_the_packed_results_and_undo_clone_keep_them() -> None:
    for name in ("mort", "whist"):
        game = make_game(name)
        history = _partie(name, 11)
        state = game.new_state()
        seen: list[tuple[object, ...]] = []
        for seat, action in history:
            hands = len(state.results)
            state.apply(action, seat)
            if len(state.results) > hands:      # a hand scored: undo and clone across it
                copy = state.clone()
                before = tuple(state.results)
                state.undo()
                assert tuple(state.results) == before[:-1]
                state.apply(action, seat)
                assert state.results == before == copy.results
                seen.append(before)
        assert seen and state.results == seen[-1]
        scored = [e.item for e in state.full_log() if type(e.item) is Scored]
        packed = state.results.packed  # type: ignore[attr-defined]                                     # the same objects, not copies
        assert len(scored) == len(packed) and all(s.result is p for s, p in zip(scored, packed, strict=True))
        assert [s.result.unpack() for s in scored] == list(state.results)  # type: ignore[attr-defined]
        assert all(type(r) is HandResult for r in state.results)


def test_both_packings() -> None:
    """Numbers in a signed byte and a usual reason: one byte each; else varints (and the text)."""
    small = HandResult(2, 1, 1, 0, Suit.CLUBS, ALL_CARDS[5], ((0, 2), (1, 3)), (8, 5), (2, 0), (0, 2), (2, 2),
                       -1, 0, -1, 0, (-4, 2, 2), (-4, 2, 2), "shown", (ALL_CARDS[1],))
    wide = small._replace(scores=(-400, 200, 200), reason="a penalty")
    packed, other = PackedHandResult.of(small), PackedHandResult.of(wide)
    assert packed[0] == 0 and len(packed) == 1 + 6 + 6 + 8 + 4 + 8 + 1 + 2
    assert other[0] == 3 and other.unpack() == wide and packed.unpack() == small

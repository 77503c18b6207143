"""The Piquet double-dummy solver against plain minimax: the engine itself played out to the end of
the deal (every card of every line), and a minimax scored by the engine's tally with the pic open."""

from __future__ import annotations

import copy
import random

import pytest

from atout.bots.piquet.solver import Position, Solver, groups, move_values, position_of, value, world_of
from atout.cards import Card
from atout.games.piquet.holdings import STRENGTH, SUIT_BITS, SUIT_OF
from atout.games.piquet.pic import POINT, Tally
from atout.games.piquet.play import trick_points
from atout.games.piquet.state import PiquetState
from atout.packs import PACK_32
from tests.bots.piquet.positions import card_play_position


def engine_minimax(state: PiquetState, seat: int, deals: int) -> int:
    """The deal's final score for ``seat`` less the opponent's, both playing perfectly: the engine
    applies every card of every line and scores the deal."""
    if len(state.results) != deals:
        result = state.results[-1]
        return (result.points[seat] - result.points[1 - seat]) // result.multiplier
    mover = state.to_move
    outcomes = []
    for move in state.moves():
        state.apply(move)
        outcomes.append(engine_minimax(state, seat, deals))
        state.undo()
    return max(outcomes) if mover == seat else min(outcomes)


@pytest.mark.parametrize("rule", ["every_card", "ten_or_higher"])
def test_every_card_valued_as_the_engine_scores_it(rule: str) -> None:
    checked = 0
    for seed in range(40):
        state = card_play_position(seed, 3 + seed % 2, {"trick_points": rule})   # three or four tricks left
        seat = state.to_move
        now = state.hand_score().totals
        cards = [m for m in state.moves() if isinstance(m, Card)]
        values = value(state.observation(seat), world_of(state, seat), cards)
        for card, v in zip(cards, values, strict=True):
            state.apply(card)
            final = engine_minimax(state, seat, len(state.results))
            state.undo()
            assert v == final - (now[seat] - now[1 - seat]), (seed, card)
            checked += 1
    assert checked > 100


def tally_minimax(tally: Tally, hands: list[int], leader: int, lead: int, seat: int, ten: bool) -> int:
    """Plain minimax scored by the engine's tally: ``seat``'s points less the opponent's at the end."""
    if not hands[0] and not hands[1] and lead < 0:
        totals = tally.result().totals
        return totals[seat] - totals[1 - seat]
    mover = leader if lead < 0 else 1 - leader
    hand = hands[mover]
    if lead >= 0 and hand & SUIT_BITS[SUIT_OF[lead]]:
        hand &= SUIT_BITS[SUIT_OF[lead]]
    outcomes = []
    for card in (c for c in PACK_32 if hand >> c & 1):
        rest = list(hands)
        rest[mover] ^= 1 << card
        if lead < 0:
            outcomes.append(tally_minimax(tally, rest, leader, card, seat, ten))
            continue
        wins = SUIT_OF[card] == SUIT_OF[lead] and STRENGTH[card] > STRENGTH[lead]
        winner = mover if wins else leader
        after = copy.deepcopy(tally)
        after.trick(*trick_points(ten, leader, lead, card, winner))
        outcomes.append(tally_minimax(after, rest, winner, -1, seat, ten))
    return max(outcomes) if mover == seat else min(outcomes)


@pytest.mark.parametrize("ten", [False, True])
def test_random_positions_with_the_pic_open_agree_with_minimax(ten: bool) -> None:
    rng = random.Random(7 + ten)
    for _ in range(120):
        n = rng.randint(3, 5)
        cards = rng.sample(list(PACK_32), 2 * n)
        hands = [sum(1 << c for c in cards[:n]), sum(1 << c for c in cards[n:])]
        elder, leader = rng.randrange(2), rng.randrange(2)
        won0 = rng.randint(0, 12 - n)
        won = (won0, 12 - n - won0) if rng.random() < 0.7 else ((12 - n, 0) if rng.random() < 0.5 else (0, 12 - n))
        declared = rng.choice([0, 22, 26, 27, 29])
        tally = Tally(elder, [(POINT, elder, declared)] if declared else [], True)
        tally.won = list(won)
        tally.tricks = 12 - n
        need = 30 - tally.total[elder] if tally.pic_open else 0
        pos = Position((hands[0], hands[1]), leader, -1, won, elder, need, ten)
        moves = [c for c in PACK_32 if hands[leader] >> c & 1]
        now = tally.total[leader] - tally.total[1 - leader]
        expected = []
        for card in moves:
            rest = list(hands)
            rest[leader] ^= 1 << card
            expected.append(tally_minimax(tally, rest, leader, card, leader, ten) - now)
        assert move_values(pos, moves) == expected, (pos, moves)


def test_one_solver_keeps_its_table_right_across_positions() -> None:
    solver = Solver()
    for seed in range(20):
        state = card_play_position(seed, 6)
        seat = state.to_move
        obs = state.observation(seat)
        pos = position_of(obs, world_of(state, seat))
        cards = [m for m in state.moves() if isinstance(m, Card)]
        assert solver.values(pos, cards) == move_values(pos, cards)


def test_equivalent_cards_and_the_ten_line() -> None:
    # spades held: A, Q, J against the K: the ace alone, the queen and jack together
    assert groups(0b1011_0000, 0b0100_0000, False) == (7, 4)
    # the ten and the nine touch, but only the ten scores by the ten rule
    assert groups(0b0000_1100, 0, False) == (2,)
    assert groups(0b0000_1100, 0, True) == (3, 2)


def test_a_full_deal_is_solved_from_the_first_trick() -> None:
    state = card_play_position(3, 12)
    seat = state.to_move
    obs = state.observation(seat)
    cards = [m for m in state.moves() if isinstance(m, Card)]
    values = value(obs, world_of(state, seat), cards)
    assert len(values) == len(cards) and all(-120 <= v <= 120 for v in values)

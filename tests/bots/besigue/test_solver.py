"""The double-dummy solver of Bésigue's last tricks: against brute force, and against the engine's count."""

from __future__ import annotations

import random

import pytest

from atout.bots.besigue.solver import BRISQUE, Position, best_card, minimax, position_of, solve
from atout.games import make_game
from atout.tricks import trick_winner
from tests.bots.besigue.helpers import play_until


def random_position(rng: random.Random, options: dict[str, object], cards: int) -> Position:
    """``cards`` cards a seat (the trick in progress taken from the next seats' hands), drawn from
    the table's pack with repeats of copies likely (a few suits and ranks)."""
    rules = make_game("besigue", options).rules
    n = rules.n
    suits = rng.sample(range(4), 2)
    pool = [c for c in rules.pack_cards if c.is_joker or (c.suit in suits and c.rank.value >= 7)]
    drawn = rng.sample(pool, n * cards)
    hands = [sum(1 << c for c in drawn[s * cards:(s + 1) * cards]) for s in range(n)]
    leader = rng.randrange(n)
    trump = rng.choice([*suits, rng.randrange(4)])
    position = Position(rules, tuple(hands), (), leader, trump, tuple(rng.randrange(20) for _ in range(rules.num_sides)),
                        tuple(rng.randrange(300) for _ in range(rules.num_sides)))
    for _ in range(rng.randrange(n)):           # a trick in progress: play random legal cards
        legal = [c for c in range(position.legal().bit_length()) if position.legal() >> c & 1]
        card = rng.choice(legal)
        mover = position.to_move
        hands[mover] ^= 1 << card
        position = Position(rules, tuple(hands), (*position.trick, card), leader, trump, position.brisques,
                            position.marque)
    return position


def after(position: Position, card: int) -> Position:
    """The position once the seat to move has played ``card`` (the trick complete: its winner leads)."""
    rules = position.rules
    hands = list(position.hands)
    hands[position.to_move] ^= 1 << card
    trick = (*position.trick, card)
    if len(trick) < rules.n:
        return Position(rules, tuple(hands), trick, position.leader, position.trump, position.brisques,
                        position.marque)
    winner = (position.leader + trick_winner(trick, position.trump, rules.strength)) % rules.n
    side = rules.side_of[winner]
    counts = list(position.brisques)
    counts[side] += sum(1 for c in trick if BRISQUE[c])
    return Position(rules, tuple(hands), (), winner, position.trump, tuple(counts), position.marque)


CASES = [({}, 3), ({"brisques": "none"}, 4), ({"brisques": "majority"}, 3), ({"last_trick": "phase1"}, 3),
         ({"pack": "classic", "preset": "classic"}, 4), ({"players": 4, "partnerships": True}, 2),
         ({"joker_play": "free_anytime", "undertrump": False}, 4)]


@pytest.mark.parametrize(("options", "cards"), CASES)
def test_every_card_valued_as_brute_force_does(options: dict[str, object], cards: int) -> None:
    rng = random.Random(repr(options))
    for _ in range(25):
        position = random_position(rng, options, cards)
        values = solve(position)
        assert max(values.values()) == minimax(position)
        rules = position.rules
        for card, value in values.items():
            nxt = after(position, card)
            if not any(nxt.hands):
                continue
            same = rules.side_of[nxt.to_move] == rules.side_of[position.to_move]
            # two sides: what one side gains the other loses
            assert value == (minimax(nxt) if same else -minimax(nxt)), (str(card), position)


def test_three_independents_searched_as_a_coalition() -> None:
    rng = random.Random(3)
    for _ in range(20):
        position = random_position(rng, {"players": 3}, 3)
        assert max(solve(position).values()) == minimax(position)


def test_the_solved_value_is_what_the_engine_counts() -> None:
    """Both seats play the solver's card from the first of the last tricks: the points the hand then
    scores, one side less the other, are the value the solver gave."""
    checked = 0
    for seed in range(8):
        state = play_until(seed, lambda s: s.phase_name == "last_tricks")
        assert state is not None
        mover = state.to_move
        obs = state.observation(mover)
        before = [m - s for m, s in zip(obs.marque, obs.scores, strict=True)]
        best = max(solve(position_of(obs, state.hands)).values())
        while not state.results:
            seat = state.to_move
            state.apply(best_card(position_of(state.observation(seat), state.hands)), seat)
        points = [p - b for p, b in zip(state.results[0].points, before, strict=True)]
        assert points[mover] - points[1 - mover] == best
        checked += 1
    assert checked == 8

"""The Sizette and Quadrette double-dummy solver (bots/sizette/solver.py): agreement with a plain
minimax on the engine's own rules over thousands of small positions, and with the real engine
on whole deals played along the solver's line.

Run as a script, it measures the solver on fresh deals at trick 1 (process time, not a test):
``PYTHONPATH=src python -m tests.bots.test_sizette_solver [deals] [game]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

import pytest

from atout.bots.sizette import solver
from atout.bots.sizette.solver import Position, card_values, position_of, revoked_sides, solve, value, world_of
from atout.cards import SUIT_INDEX, Card, CardSet, cards_of
from atout.chance import Deal
from atout.games import make_game
from atout.games.sizette import scoring
from atout.games.sizette.actions import Close, Command, Vole
from atout.games.sizette.rules import Rules
from atout.tricks import fast_trick_winner, follow_suit_mask

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("sizette", {}),
    ("sizette", {"play_out_all_tricks": True}),
    ("quadrette", {}),
    ("quadrette", {"win_rule": "four_needed"}),
    ("quadrette", {"win_rule": "four_needed", "play_out_all_tricks": True}),
]


# ---------------------------------------------------------------------------------- the reference


def minimax(rules: Rules, hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...],
            won: tuple[int, int], vole: int | None, first: int | None) -> dict[int, int]:
    """Side 0's value after each card the seat to move may play: every line searched, no pruning,
    no table, the engine's follow rule, trick winner and verdicts (the vole decision: max node)."""
    n = rules.n
    seat = (leader + len(trick)) % n
    hand = hands[seat]
    out = {}
    for c in cards_of(follow_suit_mask(hand, SUIT_INDEX[trick[0]]) if trick else hand):
        after = (*hands[:seat], hand ^ 1 << c, *hands[seat + 1:])
        cards = (*trick, c)
        if len(cards) < n:
            out[c] = best(rules, minimax(rules, after, trump, leader, cards, won, vole, first), cards, leader)
            continue
        winner = (leader + fast_trick_winner(cards, rules.keys_by_trump[trump][SUIT_INDEX[cards[0]]])) % n
        side = rules.side_of[winner]
        now = (won[0] + 1, won[1]) if side == 0 else (won[0], won[1] + 1)
        reached = scoring.first_to_reach(rules, now, side, first) if rules.play_out else first
        verdict = scoring.after_trick(rules, now, side, now[0] + now[1], vole, reached)
        if verdict is None:
            out[c] = best(rules, minimax(rules, after, trump, winner, (), now, vole, reached), (), winner)
        elif verdict == scoring.VOLE_DECISION:
            points = scoring.vole_stopped(rules, side)[0]
            go_on = best(rules, minimax(rules, after, trump, winner, (), now, side, reached), (), winner)
            out[c] = (max if side == 0 else min)(points[0] - points[1], go_on)
        else:
            assert isinstance(verdict, tuple)
            out[c] = verdict[0][0] - verdict[0][1]
    return out


def best(rules: Rules, values: dict[int, int], trick: tuple[int, ...], leader: int) -> int:
    """The value of the position whose moves are ``values``, for the side of its mover."""
    mover = (leader + len(trick)) % rules.n
    return (max if rules.side_of[mover] == 0 else min)(values.values())


def random_position(rules: Rules, rng: random.Random, cards: int) -> Position:
    """``cards`` cards a hand; earlier tricks' winners drawn at random through the engine's
    verdicts (a vole going on when the captain may decide); a random part of the trick played."""
    while True:
        won, vole, first = (0, 0), None, None
        for _ in range(rules.hand_size - cards):
            side = rng.randrange(2)
            won = (won[0] + 1, won[1]) if side == 0 else (won[0], won[1] + 1)
            if rules.play_out:
                first = scoring.first_to_reach(rules, won, side, first)
            verdict = scoring.after_trick(rules, won, side, won[0] + won[1], vole, first)
            if verdict == scoring.VOLE_DECISION:
                vole = side
            elif verdict is not None:
                break
        else:
            break
    pack = list(rules.pack_cards)
    rng.shuffle(pack)
    hands = [sum(1 << c for c in pack[s * cards:(s + 1) * cards]) for s in range(rules.n)]
    pos = Position(tuple(hands), rng.randrange(4), rng.randrange(rules.n), (), won, vole, first)
    for _ in range(rng.randrange(rules.n)):
        mover = pos.to_move
        legal = follow_suit_mask(hands[mover], SUIT_INDEX[pos.trick[0]]) if pos.trick else hands[mover]
        card = rng.choice(cards_of(legal))
        hands[mover] ^= 1 << card
        pos = pos._replace(hands=tuple(hands), trick=(*pos.trick, card))
    return pos


# ---------------------------------------------------------------------------------- the tests


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_agrees_with_plain_minimax_on_small_positions(game: str, options: dict[str, Any]) -> None:
    rules = make_game(game, options).rules
    rng = random.Random(17)
    seen_values: set[int] = set()
    for _ in range(700):
        pos = random_position(rules, rng, rng.choice((1, 2)) if rules.n == 6 else rng.choice((1, 2, 3)))
        expected = minimax(rules, pos.hands, pos.trump, pos.leader, pos.trick, pos.tricks_won, pos.vole_team,
                           pos.first_to_win)
        sign = 1 if rules.side_of[pos.to_move] == 0 else -1
        assert card_values(rules, pos) == {c: sign * v for c, v in expected.items()}, pos
        seen_values.update(expected.values())
    assert seen_values >= {-2, -1, 1, 2}          # votes and plain wins both ways were met
    assert (0 in seen_values) == (rules.need == 4)


def test_sizette_positions_of_three_cards_agree() -> None:
    rules = make_game("sizette").rules
    rng = random.Random(5)
    for _ in range(150):
        pos = random_position(rules, rng, 3)
        expected = minimax(rules, pos.hands, pos.trump, pos.leader, pos.trick, pos.tricks_won, pos.vole_team,
                           pos.first_to_win)
        sign = 1 if rules.side_of[pos.to_move] == 0 else -1
        assert card_values(rules, pos) == {c: sign * v for c, v in expected.items()}, pos


def hands_of(*texts: str) -> tuple[int, ...]:
    return tuple(int(CardSet.parse(t, "en")) for t in texts)


def test_a_vole_needs_every_trick() -> None:
    rules = make_game("sizette").rules
    # side 0 won the first three tricks and went on; seat 0 leads; spades are trumps. Seat 1, void
    # in hearts, would ruff a heart with its one trump: the vole needs the trump lead first.
    hands = hands_of("KS KH QH", "7S 6D 7D", "QS JH AH", "6H 7H 8D", "JS 10H 9H", "8H 9D 10D")
    pos = Position(hands, trump=0, leader=0, tricks_won=(3, 0), vole_team=0)
    assert {str(c): v for c, v in card_values(rules, pos).items()} == {"KS": 2, "QH": 1, "KH": 1}
    assert solve(rules, pos) == 2
    stopped = pos._replace(vole_team=None, tricks_won=(2, 1))
    assert solve(rules, stopped) == 1                   # one more trick is the hand


def test_the_vole_decision_is_valued_for_the_captain() -> None:
    game = make_game("sizette")
    rng = random.Random(3)
    state = deal_state(game, rng)
    while state.phase_name != "vole":              # play on until some side leads 3–0 and must decide
        step(state, lambda obs, moves: moves[0])
        if state.phase_name not in ("play", "vole"):
            state = deal_state(game, rng)
    seat = state.to_move
    obs = state.observation(seat)
    moves = [m for m in obs.legal if isinstance(m, Vole)]
    values = value(obs, world_of(state, seat), moves)
    stop = values[[m.go_on for m in moves].index(False)]
    go_on = values[[m.go_on for m in moves].index(True)]
    assert stop == 1 and go_on in (1, 2)           # going on never costs the side anything


def test_revokes_in_table_law_mode_cost_two() -> None:
    game = make_game("sizette", {"table_law_mode": True})
    hands = hands_of("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD",
                     "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")
    state = game.state_from_deal(Deal(tuple(CardSet(h) for h in hands), turned=(Card("9C"),)),
                                 {"dealer": "5", "captains": "0,1"})
    state.apply(Card("KH"), 0)
    obs = state.observation(1)
    moves = [m for m in obs.legal if isinstance(m, Card)]
    values = dict(zip(moves, value(obs, world_of(state, 1), moves), strict=True))
    assert values[Card("JS")] == -2 and values[Card("QH")] in (-2, -1, 1, 2)
    # seat 1 revokes; the world shows it still holds a heart: every card now is worth the charge
    state.apply(Card("JS"), 1)
    obs = state.observation(2)
    assert revoked_sides(solver.rules_of(obs), obs.tricks, obs.trick, world_of(state, 2)) == {1}
    moves = [m for m in obs.legal if isinstance(m, Card)]
    assert set(value(obs, world_of(state, 2), moves)) == {2.0, 0.0}   # 0: if seat 2 revokes too


def deal_state(game: Any, rng: random.Random) -> Any:
    pack = list(game.pack)
    rng.shuffle(pack)
    return game.state_from_deal(game.deal_from_pack(pack, game.num_seats - 1), {"captains": "0,1"})


def step(state: Any, choose: Any) -> None:
    """One step of a hand: a card or the vole decision chosen by ``choose(obs, moves)``; speech
    windows closed, the leader left free (``command any``)."""
    if state.phase_name == "play" and state.trick is not None:
        seat = state.player
        obs = state.observation(seat)
        cards = [m for m in obs.legal if isinstance(m, Card)]
        if cards:
            state.apply(choose(obs, cards), seat)
            return
    moves = state.moves()
    if state.phase_name == "vole":
        state.apply(choose(state.observation(state.to_move), list(moves)))
        return
    free = [m for m in moves if isinstance(m, Close) or (isinstance(m, Command) and str(m) == "command any")]
    state.apply(free[0])


@pytest.mark.parametrize(("game", "options", "deals"), [
    ("sizette", {}, 3), ("sizette", {"play_out_all_tricks": True}, 2), ("quadrette", {}, 3),
    ("quadrette", {"win_rule": "four_needed"}, 3), ("quadrette", {"win_rule": "four_needed", "play_out_all_tricks": True}, 2),
    ("sizette", {"table_law_mode": True}, 2)])
def test_the_solver_line_played_in_the_engine_scores_what_it_predicted(game: str, options: dict[str, Any],
                                                                       deals: int) -> None:
    g = make_game(game, options)
    rng = random.Random(11)
    for _ in range(deals):
        predicted, scored = play_best_line(deal_state(g, rng))
        assert scored == predicted


def play_best_line(state: Any) -> tuple[float, int]:
    """Play a hand in the engine, every card and the vole decision the solver's best: the value
    it predicted at the first card for the side that leads, and what that side scored."""
    side_of = state.rules.side_of
    first_side = side_of[state.player]
    hand_no = state.hand_no
    predicted: list[float] = []

    def choose(obs: Any, moves: list[Any]) -> Any:
        seat = state.to_move if state.phase_name == "vole" else state.player
        values = value(obs, world_of(state, seat), moves)
        best_value = max(values)
        predicted.append(best_value if side_of[seat] == first_side else -best_value)
        assert predicted[-1] == predicted[0], "the value changed along the best line"
        return moves[values.index(best_value)]

    while state.hand_no == hand_no and state.phase_name in ("play", "vole"):
        step(state, choose)
    points = state.results[-1].points
    return predicted[0], points[first_side] - points[1 - first_side]


@pytest.mark.parametrize(("game", "options"), [CONFIGS[0], CONFIGS[1], CONFIGS[3]])
def test_the_cut_offs_change_no_value_on_whole_deals(game: str, options: dict[str, Any]) -> None:
    g = make_game(game, options)
    rng = random.Random(23)
    plain = solver.Solver(g.rules, cutoffs=False)
    checked = 0
    while checked < 20:
        state = deal_state(g, rng)
        for _ in range(rng.randrange(2 * g.num_seats)):        # somewhere in the first tricks
            step(state, lambda obs, moves: rng.choice(moves))
        if state.phase_name != "play":
            continue
        seat = state.player
        pos = position_of(state.observation(seat), world_of(state, seat))
        assert solver.solver_for(g.rules).values(pos) == plain.values(pos)
        checked += 1


def test_position_of_an_observation_and_the_oracle_world() -> None:
    game = make_game("quadrette")
    state = deal_state(game, random.Random(2))
    step(state, lambda obs, moves: moves[0])
    step(state, lambda obs, moves: moves[0])
    seat = state.player
    obs = state.observation(seat)
    pos = position_of(obs, world_of(state, seat))
    assert pos.to_move == seat and pos.trick == state.trick and pos.hands[seat] == int(obs.hand)
    assert sum(map(int.bit_count, pos.hands)) == 6 * 4 - len(state.trick)     # the talon is out of play
    with pytest.raises(ValueError, match="not the seat to play"):
        value(state.observation((seat + 1) % 4), world_of(state, seat), [])


# ---------------------------------------------------------------------------------- the measure


def measure(deals: int, game_name: str = "sizette") -> None:
    """Every legal card of the leader valued at trick 1 of fresh deals, through :func:`value` (as
    the search bot calls it): process time per world, with the tables kept, and emptied first."""
    game = make_game(game_name)
    rng = random.Random(2026)
    states = [deal_state(game, rng) for _ in range(deals)]
    for fresh in (True, False):
        times = []
        for state in states:
            seat = state.player
            obs = state.observation(seat)
            moves = [m for m in obs.legal if isinstance(m, Card)]
            if fresh:
                solver.solver_for(solver.rules_of(obs)).table.clear()
            start = time.process_time()
            value(obs, world_of(state, seat), moves)
            times.append(time.process_time() - start)
        times.sort()
        print(f"{game_name}, {deals} deals, tables {'emptied before each' if fresh else 'kept'}: "
              f"mean {1000 * statistics.fmean(times):.1f} ms, median {1000 * times[len(times) // 2]:.1f} ms, "
              f"95th percentile {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms")


if __name__ == "__main__":
    measure(int(sys.argv[1]) if len(sys.argv) > 1 else 200, sys.argv[2] if len(sys.argv) > 2 else "sizette")

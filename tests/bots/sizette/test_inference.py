"""What the card play tells the Sizette and Quadrette search (:mod:`atout.bots.sizette.inference`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.sizette.inference import COSTLY, UNLIKELY, play_tests, weighed, weight
from atout.bots.sizette.sampler import sample
from atout.bots.sizette.solver import world_of
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.games import make_game

HANDS = ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD",
         "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")


def after(cards: str) -> Any:
    """The example hand (clubs trumps, seat 0 leads; sides 0-2-4 and 1-3-5) after ``cards``."""
    hands = [CardSet.parse(h, "en") for h in HANDS]
    state = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
                                                 {"dealer": "5", "captains": "0,1"})
    for card in cards.split():
        state.apply(Card(card))
    return state


def test_the_maxims_read_in_a_trick() -> None:
    """7H (seat 0 leads), QH (seat 1 wins cheaply? the 8H to JH were his to choose), JH (seat 2
    follows low? seat 4 of his side plays after him), 10H (his side wins: low?), 8H (seat 4, the
    last of his side, under the queen: low? and could he win?), KC (a trump over his side-mate)."""
    state = after("7H QH JH 10H 8H KC")
    read = [(t.seat, str(CardSet(t.better)), t.factor) for t in play_tests(state.observation(1))]
    assert read == [(2, "6H 7H 8H 9H 10H AH", COSTLY), (3, "6H 7H 8H 9H", COSTLY), (4, "6H 7H", COSTLY),
                    (4, "KH 6C 7C 8C 9C 10C JC QC KC AC", UNLIKELY)]   # the ace between the ten and the jack
    read = [(t.seat, str(CardSet(t.better))) for t in play_tests(state.observation(4))]
    assert read == [(1, "8H 9H 10H JH AH"), (2, "6H 7H 8H 9H 10H AH"), (3, "6H 7H 8H 9H")]   # not its own


def test_a_later_trick_gives_back_the_cards_played_since() -> None:
    state = after("7H QH JH 10H 8H KC")
    state.apply(next(m for m in state.moves() if str(m) == "command any"))   # seat 1, the captain
    state.apply(Card("10C"))                    # trick 2: seat 5 leads the ten of clubs
    tests = [t for t in play_tests(state.observation(1)) if t.factor == UNLIKELY]
    assert [(t.seat, str(CardSet(t.held))) for t in tests] == [(4, "8H")]
    world = [0] * 6
    assert weight(world, tests) == 1.0
    world[4] = int(CardSet.parse("KH", "en"))
    assert weight(world, tests) == UNLIKELY


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_the_true_world_of_sensible_players_breaks_no_maxim(game_name: str) -> None:
    """Heuristic players win what an opponent is winning whenever they can: at every card
    decision of their parties, the true hands weigh 1 for every seat."""
    game = make_game(game_name, {"target_points": 3})
    read = 0
    for seed in range(3):
        rng = random.Random(seed)
        bots = [make_bot("heuristic", game, random.Random(seed * 10 + s)) for s in range(game.num_seats)]
        state = game.new_state()
        while state.outcome() is None:
            seat = state.to_move
            if seat < 0:
                state.apply(state.sample_chance(rng))
                continue
            obs = state.observation(seat)
            tests = play_tests(obs)
            read += len(tests)
            assert weight(world_of(state, seat), tests) == 1.0
            state.apply(bots[seat].act(obs), seat)
    assert read > 20


def test_weighed_worlds_lean_away_from_a_broken_maxim() -> None:
    """Seat 1 sees seat 4 play under its queen: worlds where seat 4 held the king are rarer."""
    obs = after("7H QH JH 10H 8H").observation(1)

    def share(worlds: Any, n: int = 2400) -> float:
        return sum(Card("KH") in next(worlds)[4] for _ in range(n)) / n

    uniform, leaning = share(sample(obs, random.Random(1))), share(weighed(sample)(obs, random.Random(1)))
    assert uniform > 0.15 and leaning < uniform / 2


def test_the_infer_option() -> None:
    with pytest.raises(ValueError, match="infer"):
        make_bot("search", "sizette", random.Random(1), infer="yes")
    bot = make_bot("search", "sizette", random.Random(1), infer=True, worlds=2)
    obs = after("7H QH JH 10H 8H").observation(5)
    assert bot.act(obs) in obs.legal

"""Whist as Cotton described it (1674): 48 cards without the twos, twelve each, the last turned;
nine points; calling at eight, where honours therefore still count. And the bots on it: the
heuristic, and the search, whose worlds and double-dummy values hold twelve-card hands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Rank
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.actions import PASS, SHOW
from tests.games.whist.helpers import cs, deal, lowest_first

# A 48-card deal, dealer W (place 3) with the 3C turned: N holds the four club honours.
COTTON = [cs("AC KC QC JC 3S 4S 5S 6S 7S 8S 9S 10S"), cs("JS QS KS AS 3H 4H 5H 6H 7H 8H 9H 10H"),
          cs("JH QH KH AH 3D 4D 5D 6D 7D 8D 9D 10D"), cs("JD QD KD AD 3C 4C 5C 6C 7C 8C 9C 10C")]


def cotton(name: str = "whist", **options: Any) -> Any:
    return make_game(name, {"preset": "cotton1674", **options})


def finished(game: Any, seed: int) -> Any:
    state, rng = game.new_state(), random.Random(seed)
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state


def test_the_preset_48_cards_twelve_each_nine_points() -> None:
    game = cotton()
    assert len(game.pack) == 48 and not any(c.rank is Rank.TWO for c in game.pack)
    assert game.options["game_points"] == 9 and game.table.calling and game.table.scoring.calling_score == 8
    state = game.new_state()
    rng = random.Random(2)
    while state.phase_name != "play":
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else state.moves()[0])
    assert [len(state.hand_of(s)) for s in range(4)] == [12] * 4
    obs = state.observation(None)
    assert obs.turned is not None and state.hand_of(obs.turned_in_hand_of) >> obs.turned & 1
    assert len(state.table.cut_moves) == 48 - 3


def test_a_partie_plays_twelve_tricks_a_hand() -> None:
    for name, options in (("whist", {}), ("mort", {"rubbers": 1})):
        state = finished(cotton(name, **options), 4)
        played = [r for r in state.results if r.reason == "played"]
        assert played and all(sum(r.tricks) == 12 for r in played)
        assert state.outcome() is not None


def test_honours_count_at_eight_and_may_be_shown() -> None:
    """At eight (one short of nine) N shows his four honours and wins at once; passing, the hand
    is played and the honours still count after the tricks."""
    state = cotton().state_from_deal(deal(COTTON, "3C"), {"dealer": "3", "game_scores": "8-0"})
    assert state.to_move == 0 and state.legal_actions(0) == (SHOW, PASS)
    state.apply(SHOW)
    r = state.results[-1]
    assert (r.reason, r.honour_points, r.game_scores, r.game_value) == ("shown", (4, 0), (12, 0), 3)
    state = cotton().state_from_deal(deal(COTTON, "3C"), {"dealer": "3", "game_scores": "8-4"})
    state.apply(PASS)
    state.apply(PASS)
    lowest_first(state)
    r = state.results[-1]
    assert sum(r.tricks) == 12 and r.game_winner >= 0
    if r.game_winner == 0 and r.trick_points[0] == 0:
        assert r.honour_points == (4, 0)


def test_a_slam_is_twelve_tricks_worth_six() -> None:
    """W (the dealer) holds every club but the honours... N holds them: N–S take what clubs win."""
    state = cotton().state_from_deal(deal(COTTON, "3C"), {"dealer": "3"})
    lowest_first(state)
    r = state.results[-1]
    assert sum(r.tricks) == 12 and max(r.trick_points) <= 6


def test_the_heuristic_plays_the_48_card_game() -> None:
    from atout.bots.runner import play_partie
    from atout.bots.whist.heuristic import HeuristicBot

    state = play_partie(cotton(), [HeuristicBot(random.Random(s)) for s in range(4)], random.Random(9))
    assert state.outcome() is not None and all(sum(r.tricks) == 12 for r in state.results if r.reason == "played")


def test_the_search_holds_twelve_card_hands() -> None:
    """Worlds of the 48-card game hold what is left of twelve cards a hand; DDS's values agree with
    the pure-Python solver on its endings; the search bot plays a whole partie legally."""
    pytest.importorskip("endplay")
    from atout.bots.runner import play_partie
    from atout.bots.whist.heuristic import HeuristicBot
    from atout.bots.whist.sampler import sample
    from atout.bots.whist.search import search_bot
    from atout.bots.whist.solver import dds_tricks, hands_by_place, position_of, reference_tricks

    game = cotton()
    checked = 0
    for seed in range(6):
        state, rng = game.new_state(), random.Random(seed)
        while not (state.phase_name == "play" and state.ncards in (4 * 8 + 1, 4 * 9 + 2)):
            if state.outcome() is not None:
                break
            state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
        if state.outcome() is not None:
            continue
        obs = state.observation(state.to_move)
        worlds = sample(obs, random.Random(seed))
        for _ in range(3):
            world = next(worlds)
            assert sum(h.bit_count() for h in world) + len(obs.trick) + 4 * len(obs.tricks) == 48
            position = position_of(obs)
            hands = hands_by_place(world, position)
            assert dds_tricks(hands, position.leader, position.trick, position.trump) == \
                reference_tricks(hands, position.leader, position.trick, position.trump, game.table.keys)
            checked += 1
    assert checked >= 6
    bots = [search_bot(random.Random(1), worlds=3), HeuristicBot(random.Random(2)),
            search_bot(random.Random(3), worlds=3), HeuristicBot(random.Random(4))]
    state = play_partie(game, bots, random.Random(5))
    assert state.outcome() is not None

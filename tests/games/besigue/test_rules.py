"""Worked tests of Bésigue beyond the declarations: the pack arithmetic of each format, the last
tricks' obligations, the brisques with every option, the count and the immediate win, the match
(en bas table, the hundred, the 100 head start), and what each seat sees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Card, CardSet, Suit
from atout.errors import IllegalActionError
from atout.game import CHANCE, EndReason
from atout.games.besigue.actions import PASS
from atout.games.besigue.brisques import brisque_points, counting_order
from atout.games.besigue.match import Match
from atout.games.besigue.spec import BesigueGame
from tests.games.besigue.helpers import last_tricks, play, start

# ------------------------------------------------------------------------------ the pack arithmetic


@pytest.mark.parametrize("options, first, last", [
    ({}, 57, 9), ({"players": 3}, 35, 9), ({"players": 4}, 24, 9), ({"partnerships": True}, 24, 9),
    ({"preset": "classic"}, 24, 8), ({"players": 4, "pack": "classic"}, 8, 8),
])
def test_tricks_of_each_format(options: dict[str, Any], first: int, last: int) -> None:
    game = BesigueGame({**options, "target": 10000})
    state, rng = game.new_state(), random.Random(4)
    tricks = {"play": 0, "last_tricks": 0}
    n = game.num_seats
    while state.hand_no < 2:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        phase = state.phase_name
        move = rng.choice(state.moves())
        state.apply(move)
        if isinstance(move, Card) and phase in tricks and not state.trick:
            tricks[phase] += 1
    assert tricks == {"play": first, "last_tricks": last}
    assert len(game.pack) == (132 if options.get("pack", "") != "classic" and "preset" not in options else 64)
    assert first * n + n * game.rules.hand_size == len(game.pack)


# ------------------------------------------------------------------------------ the last tricks


def position(hands: list[str], trick: list[str], trump: int | None = Suit.HEARTS, **options: Any) -> Any:
    state = start(options, ["", ""] if not options.get("players") else [""] * options["players"])
    last_tricks(state, hands, trick, leader=1 if len(hands) == 2 and trick else 0, trump=trump)
    return state


def legal(state: Any) -> str:
    return str(CardSet.of(state.moves()))


def refused(state: Any, card: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        state.apply(Card(card))
    assert err.value.text("fr")
    return err.value.code


def test_follow_and_head_the_trick() -> None:
    state = position(["AS 9S KH 7H", "8D"], ["10S"])
    assert legal(state) == "AS"
    assert refused(state, "9S") == "must_head" and refused(state, "KH") == "must_follow"
    state = position(["10S 9S KH", "8D"], ["AS"])
    assert legal(state) == "9S 10S"          # cannot beat: any spade


def test_trump_when_void_over_and_under_trump() -> None:
    state = position(["KH 7H 9C", "8D"], ["QD"])
    assert legal(state) == "7H KH"
    assert refused(state, "9C") == "must_trump"
    three = start({"players": 3}, ["", "", ""], turned="10C#4")
    last_tricks(three, ["KH 7H 9C", "8D", "9D"], ["QD", "JH"], leader=1, trump=Suit.HEARTS)
    three.to_move = 0
    three.leader = 1
    three.trick = (Card("QD"), Card("JH"))
    three._mkey = -1
    assert legal(three) == "KH"              # over-trump
    assert refused(three, "7H") == "must_overtrump"
    three.trick = (Card("QD"), Card("AH"))
    three._mkey = -1
    assert legal(three) == "7H KH"           # cannot over-trump: must still trump (under-trump)
    lenient = start({"players": 3, "undertrump": False}, ["", "", ""], turned="10C#4")
    last_tricks(lenient, ["KH 7H 9C", "8D", "9D"], ["QD", "AH"], leader=1, trump=Suit.HEARTS)
    lenient.to_move = 0
    lenient._mkey = -1
    assert legal(lenient) == "7H KH 9C"


def test_a_joker_only_as_a_discard() -> None:
    state = position(["9D JK1", "8D"], ["QD"])
    assert legal(state) == "9D"
    assert refused(state, "JK1") == "joker_discard"
    state = position(["9C JK1", "8D"], ["QD"])
    assert legal(state) == "9C JK1"          # no diamond, no trump: free
    state = position(["9D JK1", "8D"], ["JK2"])
    assert legal(state) == "9D JK1"          # a led joker: the next card is free
    free = position(["9D JK1", "8D"], ["QD"], joker_play="free_anytime")
    assert legal(free) == "9D JK1"


def test_no_trump_ever_declared_means_no_trump_in_the_last_tricks() -> None:
    state = position(["KH 7H 9C", "8D"], ["QD"], trump=None)
    assert legal(state) == "7H KH 9C"


# ------------------------------------------------------------------------------ the brisques


def rules(**options: Any) -> Any:
    return BesigueGame(options).rules


def test_each_brisque_rule() -> None:
    two = rules()
    assert [brisque_points(two, s, [14, 18], 0) for s in (0, 1)] == [140, 180]
    assert [brisque_points(two, s, [13, 19], 0) for s in (0, 1)] == [0, 190]
    seize = rules(preset="seize")
    assert [brisque_points(seize, s, [15, 17], 0) for s in (0, 1)] == [0, 170]
    majority = rules(preset="majorite")
    assert [brisque_points(majority, s, [17, 15], 0) for s in (0, 1)] == [320, -200]
    assert [brisque_points(majority, s, [16, 16], 0) for s in (0, 1)] == [0, 0]
    assert brisque_points(rules(preset="majorite", majority_deduction=100), 1, [20, 12], 0) == -100
    marque = rules(preset="marque")
    assert brisque_points(marque, 0, [10, 22], 90) == 0 and brisque_points(marque, 0, [10, 22], 100) == 100
    none = rules(brisques="none")
    assert brisque_points(none, 0, [3, 29], 0) == 30
    three = rules(players=3)
    assert [brisque_points(three, s, [8, 12, 12], m) for s, m in enumerate([100, 50, 300])] == [80, 0, 120]
    assert brisque_points(three, 0, [7, 12, 13], 500) == 0
    classic = rules(preset="classic")
    assert brisque_points(classic, 0, [3, 13], 0) == 30 and classic.brisques_in_pack == 16
    assert counting_order(rules(players=4), 2) == [2, 3, 0, 1]


def end_of_hand(options: dict[str, Any], scores: list[int], brisques: list[int]) -> Any:
    """Seat 0 leads AH, seat 1 plays 7H: seat 0 wins the last trick (and one more brisque)."""
    state = start(options, ["", ""])
    last_tricks(state, ["AH", "7H"], [], leader=0, trump=Suit.SPADES, brisques=brisques, scores=scores)
    play(state, "AH", "7H")
    return state


def test_the_count_last_trick_first_then_in_turn() -> None:
    state = end_of_hand({}, [500, 600], [15, 16])
    r = state.results[-1]
    assert r.points == (170, 160) and r.scores == (670, 760) and r.reason == "hand"
    assert state.phase_name == "cut" and state.dealer == 0


def test_the_immediate_win_during_the_count() -> None:
    state = end_of_hand({}, [850, 990], [15, 16])
    r = state.results[-1]
    # seat 0: last trick 10 and 16 brisques 160 → 1020: won before seat 1 counts its 160
    assert r.points == (170, 0) and r.scores == (1020, 990) and r.reason == "target"
    assert state.outcome() is not None and state.outcome().winners == (0,)
    later = end_of_hand({"win_check": "end_of_hand"}, [850, 990], [15, 16])
    assert later.results[-1].scores == (1020, 1150) and later.outcome().winners == (1,)


def test_the_majority_rule_in_the_count() -> None:
    state = end_of_hand({"preset": "majorite"}, [300, 300], [16, 15])
    assert state.results[-1].points == (330, -200)   # 17 against 15: 10 + 320, and 200 deducted
    tie = end_of_hand({"preset": "majorite"}, [300, 300], [15, 16])
    assert tie.results[-1].points == (10, 0)         # 16 each: nobody scores or deducts


def test_the_last_trick_of_the_first_phase_as_an_option() -> None:
    state = end_of_hand({"last_trick": "phase1"}, [0, 0], [15, 16])
    assert state.results[-1].points == (160, 160)


# ------------------------------------------------------------------------------ the match


def test_en_bas_table_counts_two_and_ends_a_match_of_two() -> None:
    state = end_of_hand({"match_games": 2}, [990, 700], [0, 0])
    assert state.results[-1].scores == (1000, 700)
    assert state.games[-1].worth == 2 and state.match.wins == (2, 0)
    assert state.outcome().reason is EndReason.TARGET and state.outcome().winners == (0,)


def test_a_new_game_resets_the_scores() -> None:
    state = end_of_hand({"match_games": 3}, [990, 760], [0, 0])
    assert state.games[-1].worth == 1 and state.outcome() is None
    assert [r.reason for r in state.results[-2:]] == ["target", "new_game"]
    assert state.results[-1].points == (-1000, -760) and state.scores == (0, 0)


def test_four_wins_give_a_hundred_and_the_head_start() -> None:
    state = start({"match_games": 9}, ["", ""], setup={"streak": "0:3", "wins": "3-0"})
    last_tricks(state, ["AH", "7H"], [], leader=0, trump=Suit.SPADES, brisques=[0, 0], scores=[990, 800])
    play(state, "AH", "7H")
    assert state.match.hundreds == (1, 0) and state.match.receiver == 1 and state.match.streak == (-1, 0)
    assert state.scores == (0, 100)          # seat 1 received a hundred: it starts at 100
    assert state.results[-1].reason == "new_game" and state.results[-1].points == (-1000, -700)


def test_the_head_start_from_the_setup() -> None:
    state = start({}, ["", ""], setup={"hundred": "1"})
    assert state.scores == (0, 100) and state.observation(None).head_start == 1


def test_match_rules_alone() -> None:
    m, first = Match.start(rules()).won(0, 700)
    m, second = m.won(0, 740)
    assert [first, second] == [2, 2] and m.hundreds == (1, 0) and m.receiver == 1
    assert m.start_scores() == (0, 100)
    for _ in range(4):
        m = m.won(1, 800)[0]
    assert m.hundreds == (1, 1) and m.receiver == 0 and m.start_scores() == (100, 0)
    assert Match.start(rules(players=3)).won(0, 10)[1] == 1    # no en bas table for independents
    assert rules(target=600).bas_table_below == 450


# ------------------------------------------------------------------------------ what each seat sees


def test_a_drawn_card_is_seen_by_its_drawer_only_but_the_last_turned_card() -> None:
    state = start({"trump_mode": "turned_card"}, ["9H", "7H"], top="AD#4 AC#4", turned="KS#4")
    play(state, "9H", "7H")
    state.apply(PASS)
    assert Card("AD#4") in (state.observation(0).hand or ()) and Card("AC#4") in (state.observation(1).hand or ())
    for viewer in (1, None):
        assert "AD#4" not in str(state.observation(viewer).to_json())
    assert state.observation(None).retourne == Card("KS#4") and state.observation(None).talon == 112

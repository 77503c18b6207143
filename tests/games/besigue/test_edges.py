"""Bésigue's rules at their edges: the quinte from one trump marriage still on the table, the
double bésigue's cards never in a single one, the hundreds in a setup and as the match length,
the majority of brisques with two packs, a tie at the top counted in turn, the classic quinte."""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import CardSet, Suit
from atout.errors import OptionError
from atout.games import make_game
from atout.games.besigue.actions import PASS
from atout.games.besigue.brisques import brisque_points
from atout.games.besigue.declarations import NO_USE, Declaration, Values, legal
from atout.games.besigue.state import BesigueState
from tests.games.besigue.helpers import last_tricks, play, start

VU = {"trump_mode": "turned_card"}
SEAT1 = "7H 7H#2 7H#3 7H#4 8H 8H#2 8H#3 8H#4"
LEADS = "9H#2 8S 9H#3 8S#3 9H#4 8S#4 9D 8D"   # the talon's top: seat 0 draws 9H#2, seat 1 8S, …


def names(state: BesigueState) -> list[str]:
    return [m.name for m in state.moves() if isinstance(m, Declaration)]


def declare(state: BesigueState, name: str) -> None:
    state.apply(next(m for m in state.moves() if isinstance(m, Declaration) and m.name == name))


def win_with(state: BesigueState, lead: str, follow: str) -> None:
    """Pass if asked (both draw), then seat 0 leads ``lead``, seat 1 follows ``follow``: seat 0 wins."""
    if state.phase_name == "declare":
        state.apply(PASS)
    play(state, lead, follow)
    assert state.phase_name == "declare" and state.to_move == 0


def two_trump_marriages() -> BesigueState:
    """Seat 0 declares two trump marriages (KS QS, then KS#2 QS#2), holding AS 10S JS for a quinte."""
    state = start(VU, ["9H KS QS KS#2 QS#2 AS 10S JS", SEAT1], top=LEADS, turned="8S#2")
    play(state, "9H", "7H")
    declare(state, "trump-marriage")
    win_with(state, "9H#2", "7H#2")
    declare(state, "trump-marriage")
    assert state.tabled[0] == int(CardSet.parse("KS QS KS#2 QS#2"))
    return state


def test_a_quinte_needs_one_marriage_whole_on_the_table_not_halves_of_two() -> None:
    halves = two_trump_marriages()
    win_with(halves, "KS", "7H#3")           # the king of the first marriage goes
    win_with(halves, "QS#2", "7H#4")         # and the queen of the second: two halves remain
    assert int(CardSet.parse("QS KS#2")) == halves.tabled[0]
    assert "quinte" not in names(halves)
    whole = two_trump_marriages()
    win_with(whole, "KS", "7H#3")            # the first marriage is broken, the second is whole
    assert "quinte" in names(whole)
    quinte = next(m for m in whole.moves() if isinstance(m, Declaration) and m.name == "quinte")
    assert quinte.cards == CardSet.parse("AS 10S KS#2 QS#2 JS")


def test_without_the_marriage_rule_halves_may_serve() -> None:
    trump, hand = int(Suit.SPADES), CardSet.parse("QS KS#2 AS 10S JS")
    tabled = int(CardSet.parse("QS KS#2"))
    used = NO_USE.record("trump-marriage", int(CardSet.parse("KS QS"))).record(
        "trump-marriage", int(CardSet.parse("KS#2 QS#2")))
    found = [d.name for d in legal(Values(40, 40, 0), trump, int(hand), tabled, used, False)]
    assert "quinte" in found
    assert "quinte" not in [d.name for d in legal(Values(40, 40, 0), trump, int(hand), tabled, used, True)]


def test_after_a_double_besigue_no_single_besigue_reuses_its_cards() -> None:
    state = start({**VU, "double_besigue": 500}, ["9H QS QS#2 QS#3 JD JD#2", SEAT1], top=LEADS, turned="8S#2")
    play(state, "9H", "7H")
    declare(state, "double-besigue")
    assert state.marque == (500, 0)
    win_with(state, "9H#2", "7H#2")
    assert "besigue" not in names(state)     # QS#3 from the hand, but every jack served in the double
    # the other way round is allowed: a single bésigue, then the double with a new pair
    single = start({**VU, "double_besigue": 500}, ["9H QS QS#2 JD JD#2", SEAT1], top=LEADS, turned="8S#2")
    play(single, "9H", "7H")
    declare(single, "besigue")
    win_with(single, "9H#2", "7H#2")
    assert "double-besigue" in names(single)


def test_the_setup_says_how_many_hundreds_were_given() -> None:
    state = start({}, ["", ""], setup={"hundreds": "2-1", "hundred": "0"})
    assert state.match.hundreds == (2, 1) and state.setup["hundreds"] == "2-1"
    assert state.observation(None).hundreds == (2, 1)
    with pytest.raises(ValueError):
        start({}, ["", ""], setup={"hundreds": "2"})


def hundred_game(options: dict[str, Any], setup: dict[str, str]) -> BesigueState:
    """Seat 0 (with three wins running) takes the last trick and wins a game at 990 against 800."""
    state = start(options, ["", ""], setup=setup)
    last_tricks(state, ["AH", "7H"], [], leader=0, trump=Suit.SPADES, brisques=[0, 0], scores=[990, 800])
    play(state, "AH", "7H")
    return state


def test_a_match_counted_in_hundreds() -> None:
    over = hundred_game({"match_hundreds": 2}, {"streak": "0:3", "wins": "7-0", "hundreds": "1-0"})
    assert over.match.hundreds == (2, 0) and over.outcome() is not None and over.outcome().winners == (0,)
    going = hundred_game({"match_hundreds": 3}, {"streak": "0:3", "wins": "7-0", "hundreds": "1-0"})
    assert going.match.hundreds == (2, 0) and going.outcome() is None and going.scores == (0, 100)
    with pytest.raises(OptionError):
        make_game("besigue", {"match_hundreds": 2, "match_games": 3})   # one length or the other
    with pytest.raises(OptionError):
        make_game("besigue", {"match_hundreds": 2, "players": 3})       # hundreds are for two sides


def test_the_majority_with_two_packs_takes_the_brisques_of_the_pack() -> None:
    rules = make_game("besigue", {"preset": "classic", "brisques": "majority"}).rules
    assert [brisque_points(rules, s, [9, 7], 0) for s in (0, 1)] == [160, -200]


def test_a_tie_at_the_top_at_the_end_of_the_hand_goes_to_the_first_counter() -> None:
    # seat 0 takes the last trick (10) and one more brisque: 840 + 10 + 160 = 1010; seat 1: 850 + 160 = 1010
    state = start({"win_check": "end_of_hand"}, ["", ""])
    last_tricks(state, ["AH", "7H"], [], leader=0, trump=Suit.SPADES, brisques=[15, 16], scores=[840, 850])
    play(state, "AH", "7H")
    assert state.results[-1].scores == (1010, 1010)
    assert state.outcome() is not None and state.outcome().winners == (0,)
    # seat 1 counts first when it takes the last trick
    other = start({"win_check": "end_of_hand"}, ["", ""])
    last_tricks(other, ["7H", "AH"], [], leader=0, trump=Suit.SPADES, brisques=[16, 15], scores=[850, 840])
    play(other, "7H", "AH")
    assert other.results[-1].scores == (1010, 1010) and other.outcome().winners == (1,)


def test_the_classic_quinte_needs_no_marriage() -> None:
    rules = make_game("besigue", {"preset": "classic"}).rules
    assert rules.quinte_needs_marriage is False
    hand = int(CardSet.parse("AS 10S KS QS JS"))
    found = legal(rules.values, int(Suit.SPADES), hand, 0, NO_USE, rules.quinte_needs_marriage)
    assert "quinte" in [d.name for d in found]

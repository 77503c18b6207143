"""Worked rule cases of Sizette with explicit deals and exact expected tricks and scores
(docs/rules/sizette.md, decisions.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Suit
from atout.errors import IllegalActionError
from atout.game import CHANCE, TERMINAL
from atout.games.sizette.actions import ABANDON, VOLE_GO_ON, VOLE_STOP, ChooseDealer, Draw, Vole
from atout.games.sizette.state import TrickRecord
from tests.games.helpers import (
    DEAL_V,
    TURNED_V,
    VOLE_LINE_FIRST_THREE,
    VOLE_LINE_LAST_THREE,
    card,
    cards,
    cs,
    make,
    open_windows,
    parse,
    play,
    sizette,
    table_actions,
    texts,
)

# Deal H, 3–1 for team A (see tests/games/helpers.py for the hands)
LINE_3_1 = "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC"
TRICKS_3_1 = (
    TrickRecord(0, cards("KH QH JH AH 10H 9H"), 0),
    TrickRecord(0, cards("QD KD JD AD 10D 9D"), 1),
    TrickRecord(1, cards("JS KS AS 10S 9S QS"), 2),
    TrickRecord(2, cards("AC 10C KC 9C QC JC"), 4),
)
# Deal H, 3–2 for team A: seat 3 trumps a heart with 8C while seat 4, void too, discards 7S.
LINE_3_2 = "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  7H 6H 8C 7S 6S 8H  AS 10S 9S QS JS KS  AC 10C KC 9C QC JC"
TRICKS_3_2 = (
    TrickRecord(0, cards("KH QH JH AH 10H 9H"), 0),
    TrickRecord(0, cards("QD KD JD AD 10D 9D"), 1),
    TrickRecord(1, cards("7H 6H 8C 7S 6S 8H"), 3),
    TrickRecord(3, cards("AS 10S 9S QS JS KS"), 2),
    TrickRecord(2, cards("AC 10C KC 9C QC JC"), 4),
)
# Deal H, 2–3: team B wins the hand.
LINE_B_2_3 = "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  7H 6H 8C 7S 6S 8H  8S 10S 9S QS JS KS  6D 10C 7C 6C 8D 7D"
# Deal H, 3–0 for team A after three tricks.
LINE_3_0 = "KH QH JH AH 10H 9H  QS JS KS AS 10S 9S  AC 8C KC 9C QC JC"


def vole_state(**options: Any) -> Any:
    return sizette(DEAL_V, TURNED_V, **options)


# --------------------------------------------------------------------------- play of the cards


def test_first_hand_is_the_dealers_right_and_leads() -> None:
    state = sizette()
    assert state.dealer == 5 and state.first_hand == 0
    assert state.phase_name == "play" and state.window_name == "C1"
    assert state.trump == Suit.CLUBS and state.turned == card("9C")
    # seat 0 is his team's captain: he leads himself, any card
    assert state.to_move == 0
    assert sorted(state.moves()) == sorted(cs("KH QD QS QC 8H 8D"))


def test_must_follow_suit() -> None:
    state = sizette()
    play(state, "KH")
    open_windows(state)
    assert state.to_move == 1
    assert list(state.moves()) == list(cs("QH 7H"))          # only his hearts
    with pytest.raises(IllegalActionError, match="you must follow suit: play one of 7H QH"):
        state.apply(card("KD"))
    assert state.history[-1] == (0, card("KH"))


def test_a_void_player_may_discard_instead_of_trumping() -> None:
    state = sizette()
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  7H 6H")     # seat 1 leads 7H in trick 3
    assert state.to_move == 3                                        # void in hearts
    assert sorted(state.moves()) == sorted(cs("AS 10C 8S 8C"))
    play(state, "8C")
    assert state.to_move == 4                                        # void in hearts, holds trumps KC 7C
    assert sorted(state.moves()) == sorted(cs("10S KC 7S 7C"))
    play(state, "7S")                                                # a discard: allowed
    assert state.observation(0).trick == tuple(zip((1, 2, 3, 4), cards("7H 6H 8C 7S")))


def test_not_forced_to_overtake() -> None:
    state = sizette()
    play(state, "QS")                                                # seat 0 leads the queen of spades
    open_windows(state)
    # seat 1 holds JS only; seat 2 holds KS but need not beat the queen
    play(state, "JS")
    assert list(state.moves()) == [card("KS")]               # seat 2: KS is his only spade
    state.apply(card("KS"))
    assert sorted(state.moves()) == sorted(cs("AS 8S"))      # seat 3 may under-play with 8S
    play(state, "8S 7S 6S")
    assert state.observation(0).tricks[-1] == (0, cards("QS JS KS 8S 7S 6S"), 2)


def test_trick_winner_with_ranks_k_q_j_a_10() -> None:
    state = sizette()
    play(state, "KH QH JH AH 10H 9H")
    assert state.observation(0).tricks[0] == (0, cards("KH QH JH AH 10H 9H"), 0)
    play(state, "QD KD JD AD 10D 9D")
    assert state.observation(0).tricks[1][2] == 1                    # K beats Q, J, A, 10


def test_jack_beats_ace_in_play() -> None:
    # seat 0 leads 8H; KH, QH absent from the trick: seat 2's JH beats seat 3's AH
    hands = ("8H KH QD QS QC 8D", "7H QH KD JS JC 7D", "JH JD KS AC 6H 6D",
             "AH AD AS 10C 8S 8C", "10H 10D 10S KC 7S 7C", "9H 9D 9S 9C 6S 6C")
    state = sizette(hands)
    play(state, "8H 7H JH AH 10H 9H")
    assert state.observation(0).tricks[0] == (0, cards("8H 7H JH AH 10H 9H"), 2)


def test_trumps_win_the_trick() -> None:
    state = sizette()
    play(state, " ".join(LINE_3_2.split()[:18]))
    assert state.observation(0).tricks[2] == (1, cards("7H 6H 8C 7S 6S 8H"), 3)
    assert state.observation(0).tricks_won == (1, 2)


# --------------------------------------------------------------------------- end of a hand, scoring


def test_hand_ends_at_three_one() -> None:
    state = sizette()
    play(state, LINE_3_1)
    assert len(state.results) == 1
    result = state.results[0]
    assert result.plays == TRICKS_3_1
    assert result.tricks == (3, 1) and result.points == (1, 0) and result.reason == "three"
    assert result.scores == (1, 0) and state.scores == (1, 0)
    assert result.number == 1 and result.dealer == 5 and result.trump == Suit.CLUBS
    assert result.turned == card("9C") and result.captains == (0, 1)
    # the two unplayed cards of each seat are thrown in; the next hand is on its way
    assert state.phase_name == "cut" and state.hand_no == 2


def test_hand_ends_at_three_two() -> None:
    state = sizette()
    play(state, LINE_3_2)
    result = state.results[0]
    assert result.plays == TRICKS_3_2
    assert result.tricks == (3, 2) and result.points == (1, 0) and result.reason == "three"
    assert state.scores == (1, 0)


def test_team_b_can_win_the_hand() -> None:
    # Deal H: B takes tricks 2 and 3; seat 3 wins trick 5 with the highest of three trumps
    state = sizette()
    play(state, LINE_B_2_3)
    result = state.results[0]
    assert result.plays[3] == TrickRecord(3, cards("8S 10S 9S QS JS KS"), 2)
    assert result.plays[4] == TrickRecord(2, cards("6D 10C 7C 6C 8D 7D"), 3)
    assert result.tricks == (2, 3) and result.points == (0, 1) and result.reason == "three"
    assert state.scores == (0, 1)


def test_vole_decision_after_three_nil_belongs_to_the_captain() -> None:
    state = sizette()
    play(state, LINE_3_0)
    assert state.phase_name == "vole"
    assert state.observation(0).tricks_won == (3, 0)
    assert state.to_move == 0                                        # captain of team A
    assert list(state.moves()) == [VOLE_GO_ON, VOLE_STOP]
    with pytest.raises(IllegalActionError):
        state.apply(VOLE_GO_ON, seat=2)                              # not the captain
    assert state.results == ()


def test_vole_stop_scores_one() -> None:
    state = sizette()
    play(state, LINE_3_0)
    state.apply(VOLE_STOP)
    result = state.results[0]
    assert result.tricks == (3, 0) and result.points == (1, 0) and result.reason == "three"
    assert len(result.plays) == 3 and state.scores == (1, 0)


def test_vole_continue_and_lose_trick_four_scores_one_and_stops() -> None:
    state = sizette()
    play(state, LINE_3_0)
    state.apply(Vole(True))
    assert state.phase_name == "play" and state.observation(0).vole_team == 0
    play(state, "10D 9D QD KD 6D AD")                                # seat 1's KD takes trick 4
    result = state.results[0]
    assert result.plays[-1] == TrickRecord(4, cards("10D 9D QD KD 6D AD"), 1)
    assert result.tricks == (3, 1) and result.points == (1, 0) and result.reason == "vole_failed"
    assert len(result.plays) == 4                                    # stopped at once
    assert state.scores == (1, 0) and state.phase_name == "cut"


def test_vole_continue_and_win_all_six_scores_two() -> None:
    state = vole_state()
    play(state, VOLE_LINE_FIRST_THREE)
    assert state.phase_name == "vole" and state.to_move == 0
    state.apply(VOLE_GO_ON)
    play(state, VOLE_LINE_LAST_THREE)
    result = state.results[0]
    assert [t.winner for t in result.plays] == [0, 4, 2, 2, 0, 0]
    assert result.tricks == (6, 0) and result.points == (2, 0) and result.reason == "vole"
    assert state.scores == (2, 0)


def test_play_out_all_tricks_six_nil_scores_two_without_decision() -> None:
    state = vole_state(play_out_all_tricks=True)
    play(state, VOLE_LINE_FIRST_THREE)
    assert state.phase_name == "play"                                # no vole decision
    play(state, VOLE_LINE_LAST_THREE)
    result = state.results[0]
    assert result.tricks == (6, 0) and result.points == (2, 0) and result.reason == "vole"
    assert len(result.plays) == 6


def test_play_out_all_tricks_first_to_three_scores_one_even_at_three_three() -> None:
    state = sizette(play_out_all_tricks=True)
    play(state, LINE_3_1)
    assert state.results == () and state.observation(0).tricks_won == (3, 1)
    play(state, "7S 6S 8H 7H 6H 8S  8C 7C 6C 8D 7D 6D")
    result = state.results[0]
    assert result.plays[4] == TrickRecord(4, cards("7S 6S 8H 7H 6H 8S"), 3)
    assert result.plays[5] == TrickRecord(3, cards("8C 7C 6C 8D 7D 6D"), 3)
    assert result.tricks == (3, 3) and result.points == (1, 0) and result.reason == "three"


def test_turned_card_is_public_until_the_dealer_plays_it() -> None:
    state = sizette()
    for seat in range(6):
        obs = state.observation(seat)
        assert obs.turned == card("9C") and obs.turned_in_hand_of == 5 and obs.trump == Suit.CLUBS
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC")
    assert state.observation(1).turned_in_hand_of == 5
    play(state, "9C")                                                # the dealer plays it
    for seat in range(6):
        assert state.observation(seat).turned_in_hand_of is None
        assert state.observation(seat).turned == card("9C")          # trump stays known


def test_deal_passes_to_the_right() -> None:
    state = sizette()
    play(state, LINE_3_1)
    assert state.dealer == 0                                         # next(5)
    assert state.phase_name == "cut" and state.to_move == 5          # cut by prev(new dealer)
    assert state.first_hand == 1


# --------------------------------------------------------------------------- end of the partie


def test_partie_ends_at_the_default_target_of_five() -> None:
    state = sizette(scores=(4, 3))
    play(state, LINE_3_1)
    assert state.scores == (5, 3)
    assert state.is_terminal() and state.to_move == TERMINAL
    assert state.winner_team == 0 and state.end_reason == "target"
    assert state.returns() == [1.0, -1.0, 1.0, -1.0, 1.0, -1.0]
    assert state.phase_name == "over" and list(state.moves()) == []
    assert list(table_actions(state, 0)) == []


def test_partie_target_option_seven() -> None:
    state = sizette(scores=(5, 0), target_points=7)
    play(state, LINE_3_1)
    assert state.scores == (6, 0) and not state.is_terminal()
    state7 = sizette(scores=(6, 0), target_points=7)
    play(state7, LINE_3_1)
    assert state7.scores == (7, 0) and state7.is_terminal() and state7.winner_team == 0


def test_a_vole_may_overshoot_the_target() -> None:
    state = vole_state(scores=(4, 4))
    play(state, VOLE_LINE_FIRST_THREE)
    state.apply(VOLE_GO_ON)
    play(state, VOLE_LINE_LAST_THREE)
    assert state.scores == (6, 4) and state.is_terminal() and state.winner_team == 0
    assert state.results[-1].scores == (6, 4)


def test_team_b_reaching_the_target_wins() -> None:
    state = sizette(scores=(2, 4))
    play(state, LINE_B_2_3)
    assert state.scores == (2, 5) and state.winner_team == 1
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]


@pytest.mark.parametrize("table_law", [False, True])
@pytest.mark.parametrize("when", ["draw", "play", "vole"])
def test_abandon_loses_the_partie(table_law: bool, when: str) -> None:
    if when == "draw":
        state = make("sizette", {"table_law_mode": table_law}).new_state()
    else:
        state = sizette(table_law_mode=table_law, scores=(3, 0))
        if when == "vole":
            play(state, LINE_3_0)
    assert ABANDON in table_actions(state, 2)
    state.apply(ABANDON, seat=2)                                    # a member of team A leaves
    assert state.is_terminal() and state.winner_team == 1 and state.end_reason == "abandon"
    assert state.returns()[0] == -1.0 and state.returns()[1] == 1.0
    assert state.history[-1] == (2, ABANDON)


# --------------------------------------------------------------------------- first dealer


def draw(state: Any, text: str) -> None:
    state.apply(Draw(tuple((int(k), card(v)) for k, v in (p.split("=") for p in text.split()))))


def test_draw_high_card_by_game_order_ace_loses_to_jack() -> None:
    state = make("sizette").new_state()
    assert state.phase_name == "draw" and state.to_move == CHANCE
    draw(state, "0=AS 1=JH 2=10D 3=9C 4=8S 5=7H")
    assert state.dealer == 0                                        # prev(1): the high drawer is first hand
    assert state.first_hand == 1
    assert state.phase_name == "captains"
    assert state.observation(3).draws == (((0, card("AS")), (1, card("JH")), (2, card("10D")),
                                           (3, card("9C")), (4, card("8S")), (5, card("7H"))),)


def test_draw_rank_ace_high_option() -> None:
    state = make("sizette", {"draw_rank": "ace_high"}).new_state()
    draw(state, "0=AS 1=JH 2=10D 3=9C 4=8S 5=7H")
    assert state.dealer == 5                                        # AS is high: dealer prev(0)
    state = make("sizette", {"draw_rank": "ace_high"}).new_state()
    draw(state, "0=KS 1=JH 2=10D 3=9C 4=8S 5=AH")
    assert state.dealer == 4


def test_draw_ties_redraw_among_the_tied_only() -> None:
    state = make("sizette").new_state()
    draw(state, "0=KH 1=JH 2=10D 3=KS 4=8S 5=7H")
    assert state.dealer == -1 and state.phase_name == "draw" and state.to_move == CHANCE
    redraw = state.sample_chance(random.Random(5))
    assert [seat for seat, _ in redraw.cards] == [0, 3]
    with pytest.raises(IllegalActionError, match=r"seats \(0, 3\)"):
        draw(state, "0=QH 1=7S 3=9S")
    draw(state, "0=9H 3=QD")
    assert state.dealer == 2                                        # seat 3 high: prev(3)
    assert len(state.observation(0).draws) == 2


def test_draw_must_give_distinct_cards_of_the_pack() -> None:
    state = make("sizette").new_state()
    with pytest.raises(IllegalActionError):
        draw(state, "0=KH 1=KH 2=10D 3=KS 4=8S 5=7H")
    with pytest.raises(IllegalActionError):
        draw(state, "0=2H 1=QH 2=10D 3=KS 4=8S 5=7H")               # the 2 is not in the pack
    assert state.history == []


def test_first_dealer_choice_any_opponent() -> None:
    state = make("sizette", {"first_dealer_choice": "any_opponent"}).new_state()
    draw(state, "0=9H 1=JH 2=10D 3=9C 4=QS 5=7H")                   # seat 4 high
    assert state.phase_name == "choose_dealer" and state.to_move == 4
    assert list(state.moves()) == [ChooseDealer(1), ChooseDealer(3), ChooseDealer(5)]
    with pytest.raises(IllegalActionError):
        state.apply(ChooseDealer(2))                                 # a team-mate may not be named
    state.apply(ChooseDealer(1))
    assert state.dealer == 1 and state.first_hand == 2 and state.phase_name == "captains"


def test_captains_are_named_first_hand_team_first_then_the_hand_is_cut() -> None:
    state = make("sizette").new_state()
    draw(state, "0=AS 1=JH 2=10D 3=9C 4=8S 5=7H")                   # dealer 0, first hand 1
    assert state.phase_name == "captains"
    assert texts(state.moves()) == ["captain 1", "captain 3", "captain 5"]
    state.apply(state.parse_action("captain 5"))
    assert texts(state.moves()) == ["captain 0", "captain 2", "captain 4"]
    state.apply(state.parse_action("captain 2"))
    assert state.captains == (2, 5) and state.phase_name == "cut" and state.to_move == 5


def test_a_team_may_change_its_captain_before_the_deal() -> None:
    state = sizette()
    play(state, LINE_3_1)                                            # hand 2 at the cut, captains (0, 1)
    assert state.phase_name == "cut"
    assert texts(table_actions(state, 3)) == ["change captain 3", "change captain 5", "abandon"]
    state.apply(parse(state, "change captain 3"), seat=3)
    assert state.captains == (0, 3)
    assert state.observation(4).captains == (0, 3)


def test_what_a_seat_may_do_at_the_cut_is_one_listing_kept_from_one_deal_to_the_next() -> None:
    """At the cut (table-law mode aside): the cutter's cuts, a new captain for its side, abandon; another
    seat's, the captain changes and abandon. The same tuple at the next deal with the same captains (its
    JSON kept with it), another once a captain changed."""
    state = sizette()
    play(state, LINE_3_1)                                            # hand 2 at the cut, captains (0, 1)
    cutter = state.to_move
    first = {seat: state.legal_actions(seat) for seat in range(6)}
    assert first[cutter] == (*state.moves(), *table_actions(state, cutter))
    assert texts(first[3]) == ["change captain 3", "change captain 5", "abandon"]
    rng = random.Random(3)
    state.apply(state.moves()[0])
    while state.phase_name != "cut":                                 # the next deal, the same captains
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    again = {seat: state.legal_actions(seat) for seat in range(6)}
    assert all(again[seat] is first[seat] for seat in range(6) if seat not in (cutter, state.to_move))
    assert again[state.to_move] == (*state.moves(), *table_actions(state, state.to_move))
    state.apply(parse(state, "change captain 3"), seat=3)
    assert texts(state.legal_actions(5)) == ["change captain 1", "change captain 5", "abandon"]
    assert all(state.legal_actions(seat) is again[seat] for seat in (0, 2, 4))   # the other side's unchanged


# --------------------------------------------------------------------------- reviewing tricks (decisions.md#memory-and-review)


def test_the_last_trick_may_be_reviewed_until_the_next_lead() -> None:
    state = sizette()
    assert state.observation(3).last_trick is None
    play(state, "KH QH JH AH 10H 9H")
    expected = (0, cards("KH QH JH AH 10H 9H"), 0)
    for seat in range(6):
        assert state.observation(seat).last_trick == expected
    assert state.observation(2).to_json()["last_trick"] == {
        "leader": 0, "cards": ["KH", "QH", "JH", "AH", "10H", "9H"], "winner": 0}
    play(state, "QD")                                                # the next lead hides it
    assert state.observation(3).last_trick is None
    assert state.observation(3).tricks == (expected,)                # the seat's own memory of the hand


def test_last_trick_review_can_be_switched_off() -> None:
    state = sizette(allow_last_trick_review=False)
    play(state, "KH QH JH AH 10H 9H")
    assert state.observation(1).last_trick is None
    assert state.observation(1).to_json()["last_trick"] is None

"""Worked rule cases of Quadrette (docs/rules/quadrette.md): 4 players, 32 cards, the 25th card turned,
first_to_3 by default, and the win_rule=four_needed variant (decisions.md#quadrette-win-rule)."""

from __future__ import annotations

import pytest

from atout.cards import Suit
from atout.chance import Deal
from atout.errors import IllegalActionError
from atout.games.sizette.actions import ABANDON, VOLE_GO_ON, VOLE_STOP
from atout.games.sizette.state import TrickRecord
from atout.packs import PACK_32
from tests.games.helpers import (
    DEAL_Q,
    TALON_Q,
    card,
    cards,
    cs,
    make,
    play,
    quadrette,
    talk_actions,
    texts,
)

# Kings win for A (seat 0), the queens win for B (seat 1) when no king is in the trick: 3–3.
LINE_3_3 = "KH 8H 7H 10H  9D QD 7D 10D  8S 7S 10S KS  9H QH JH AH  8D JD AD KD  9S QS JS AS"
WINNERS_3_3 = [0, 1, 0, 1, 0, 1]
# A: KH wins, then JH beats AH (the jack above the ace), then the kings of diamonds: 4–0 after four tricks.
LINE_4_0 = "KH QH 7H 10H  9H 8H JH AH  7D AD KD QD  9D 8D JD 10D"
# A 4–1
LINE_4_1 = "KH QH 7H 10H  9H 8H JH AH  7D AD 9D QD  8D JD 10D KD  KS 8S 7S 10S"


def test_quadrette_shape_and_turned_card() -> None:
    state = quadrette()
    assert state.game.num_seats == 4 and state.game.pack == PACK_32
    assert state.first_hand == 0 and state.trump == Suit.CLUBS
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.turned == card("7C") and obs.turned_in_hand_of is None    # it belongs to nobody
        assert obs.hand == cs(DEAL_Q[seat])
    assert state.game.talon_size == 8


def test_quadrette_deal_must_turn_a_talon_card() -> None:
    game = make("quadrette")
    deal = Deal(tuple(cs(h) for h in DEAL_Q), talon=cards(TALON_Q), turned=(card("KH"),))
    with pytest.raises(IllegalActionError, match="first card of the talon"):
        game.state_from_deal(deal, {"dealer": "3"})
    with pytest.raises(IllegalActionError, match="first card of the talon"):
        game.state_from_deal(Deal(deal.hands, talon=cards("8C 7C 9C 10C JC QC KC AC"), turned=(card("7C"),)))


def test_quadrette_rank_jack_above_ace() -> None:
    state = quadrette()
    play(state, "KH QH 7H 10H  9H 8H JH AH")
    assert state.observation(0).tricks[1] == (0, cards("9H 8H JH AH"), 2)


def test_quadrette_default_captains_dp_qd2() -> None:
    state = quadrette(captains=None)
    # leading side: the first hand's partner; other side: the dealer
    assert state.captains == (2, 3)
    assert state.window_name == "C1" and state.to_move == 2


def test_first_to_3_by_default() -> None:
    state = quadrette()
    play(state, " ".join(LINE_3_3.split()[:20]))                     # five tricks: A wins the 5th for 3–2
    result = state.results[0]
    assert [t.winner for t in result.plays] == WINNERS_3_3[:5]
    assert result.tricks == (3, 2) and result.points == (1, 0) and result.reason == "three"
    assert state.scores == (1, 0) and state.dealer == 0


def test_first_to_3_vole_decision_at_three_nil() -> None:
    state = quadrette()
    play(state, "KH QH 7H 10H  9H 8H JH AH  7D AD KD QD")
    assert state.phase_name == "vole" and state.to_move == 0
    state.apply(VOLE_STOP)
    assert state.results[0].tricks == (3, 0) and state.results[0].points == (1, 0)


def test_four_needed_three_three_is_a_null_hand() -> None:
    state = quadrette(win_rule="four_needed")
    play(state, LINE_3_3)
    result = state.results[0]
    assert [t.winner for t in result.plays] == WINNERS_3_3
    assert result.plays[0] == TrickRecord(0, cards("KH 8H 7H 10H"), 0)
    assert result.tricks == (3, 3) and result.points == (0, 0) and result.reason == "null"
    assert state.scores == (0, 0)
    assert state.dealer == 0 and state.hand_no == 2                   # the deal still passes on


def test_four_needed_four_one_scores_one() -> None:
    state = quadrette(win_rule="four_needed")
    play(state, LINE_4_1)
    result = state.results[0]
    assert [t.winner for t in result.plays] == [0, 2, 1, 0, 0]
    assert result.tricks == (4, 1) and result.points == (1, 0) and result.reason == "four"


def test_four_needed_no_decision_at_three_nil_but_at_four_nil() -> None:
    state = quadrette(win_rule="four_needed")
    play(state, " ".join(LINE_4_0.split()[:12]))
    assert state.observation(0).tricks_won == (3, 0)
    assert state.phase_name == "play"                                # play simply continues
    play(state, " ".join(LINE_4_0.split()[12:]))
    assert state.observation(0).tricks_won == (4, 0)
    assert state.phase_name == "vole" and state.to_move == 0
    assert list(state.moves()) == [VOLE_GO_ON, VOLE_STOP]


def test_four_needed_vole_stop_scores_one() -> None:
    state = quadrette(win_rule="four_needed")
    play(state, LINE_4_0)
    state.apply(VOLE_STOP)
    result = state.results[0]
    assert result.tricks == (4, 0) and result.points == (1, 0) and result.reason == "four"


def test_four_needed_vole_lost_at_trick_six_scores_one() -> None:
    state = quadrette(win_rule="four_needed")
    play(state, LINE_4_0)
    state.apply(VOLE_GO_ON)
    play(state, "JS AS KS QS  9S 8S 7S 10S")
    result = state.results[0]
    assert [t.winner for t in result.plays] == [0, 2, 0, 2, 0, 3]
    # the 10S of seat 3 beats 9S: the vole fails at trick 6
    assert result.tricks == (5, 1) and result.points == (1, 0) and result.reason == "vole_failed"


def test_four_needed_full_vole() -> None:
    hands = ("KH 9H KD 9D KS QS", "QH 8H QD 8D 9S 8S", "JH 7H JD 7D JS 7S", "AH 10H AD 10D AS 10S")
    state = quadrette(hands, win_rule="four_needed")
    play(state, LINE_4_0)
    state.apply(VOLE_GO_ON)
    play(state, "JS 10S KS 9S  QS 8S 7S AS")
    result = state.results[0]
    assert result.tricks == (6, 0) and result.points == (2, 0) and result.reason == "vole"


def test_quadrette_talk_windows_are_for_two_player_teams() -> None:
    state = quadrette(captains=(2, 3))
    assert state.window_name == "C1" and state.to_move == 2
    assert {a.target for a in talk_actions(state, 2) if hasattr(a, "target")} == {0}
    assert list(talk_actions(state, 1)) == [] and list(state.legal_actions(1)) == [ABANDON]
    # commands never name the turned card, which lies face up on the talon
    assert "command 7C" not in texts(state.moves())
    state.apply(state.parse_action("command high H"))
    assert list(state.moves()) == [card("KH")]
    state.apply(card("KH"))
    assert state.window_name == "C2" and state.to_move == 3            # B's captain
    assert texts(state.moves()) == ["close"]

"""Table-law mode (decisions.md: legal-play, table-penalties, penalty-claims, both-teams-revoke): revokes may be played and
claimed; the Encyclopédie's penalties are claimed by the side wronged, when the fault could have
happened, charged when the side at fault accepts (else settled when the hand ends:
test_claim_settlement.py); penalty overflow variants; refused in default mode. Every score change is a result entry.

Deal H (tests/games/helpers.py): dealer 5 (team B), first hand 0, captains 0 (A) and 1 (B).
After KH QH JH seat 3 (team B), who holds AH, may revoke with 8S.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.errors import IllegalActionError
from atout.games.sizette.actions import ACCEPT, CLAIM_REVOKE, DISPUTE, VOLE_STOP, Penalty
from tests.games.helpers import card, cards, play, sizette, snapshot, table_actions, texts

REVOKE = "KH QH JH 8S"            # seat 3 plays 8S holding AH


def law(scores: tuple[int, int] = (0, 0), **options: Any) -> Any:
    return sizette(scores=scores, table_law_mode=True, **options)


def talk_of(state: Any, seat: int = 0) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["trick"], e["text"]) for e in state.observation(seat).to_json()["talk"]]


def summed(state: Any, start: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """The scores as the starting scores plus the points of every result entry."""
    return (start[0] + sum(r.points[0] for r in state.results), start[1] + sum(r.points[1] for r in state.results))


def claim(state: Any, text: str, seat: int) -> None:
    state.apply(state.parse_action(text, "en"), seat)


# --------------------------------------------------------------------------- revokes (P6)


def test_a_revoke_can_be_played_in_table_law_mode_only() -> None:
    strict = sizette()
    play(strict, "KH QH JH")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        strict.apply(card("8S"))
    state = law()
    play(state, "KH QH JH")
    assert sorted(state.moves()) == sorted(cards("AH AD AS 10C 8S 8C"))
    state.apply(card("8S"))
    assert state.observation(0).trick == tuple(zip((0, 1, 2, 3), cards("KH QH JH 8S")))
    assert state.results == () and state.scores == (0, 0)           # nothing happens until claimed or the end


def test_a_revoke_claim_is_offered_once_the_other_side_has_left_the_suit_led() -> None:
    state = law()
    play(state, "KH QH JH")
    assert all(CLAIM_REVOKE not in state.legal_actions(s) for s in range(6))
    play(state, "8S")                                                 # seat 3 (B) plays off the suit led
    assert [s for s in range(6) if CLAIM_REVOKE in state.legal_actions(s)] == [0, 2, 4]
    with pytest.raises(IllegalActionError, match="'claim revoke' is not possible now"):
        state.apply(CLAIM_REVOKE, seat=5)                             # a team cannot claim its own revoke


@pytest.mark.parametrize("overflow, before, after, points", [
    ("split", (0, 1), (1, 0), (1, -1)),               # deduct what exists, remainder to the opponents
    ("split", (0, 3), (0, 1), (0, -2)),
    ("split", (2, 0), (4, 0), (2, 0)),
    ("all_to_opponents", (0, 1), (2, 1), (2, 0)),     # cannot pay it all: the opponents mark it all
    ("all_to_opponents", (0, 2), (0, 0), (0, -2)),
    ("negative_allowed", (0, 1), (0, -1), (0, -2)),
])
def test_claimed_revoke_costs_the_revoking_team_two_points(overflow: str, before: tuple[int, int],
                                                           after: tuple[int, int], points: tuple[int, int]) -> None:
    state = law(before, penalty_overflow=overflow)
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=0)
    assert state.scores == after
    result = state.results[0]
    assert result.reason == "revoke" and result.points == points and result.scores == after
    assert result.plays == ((0, cards("KH QH JH 8S"), -1),)         # the unfinished trick is kept
    # play stops and the deal passes on as if the hand had been played
    assert state.phase_name == "cut" and state.dealer == 0 and state.hand_no == 2


def test_claim_after_more_tricks_and_by_any_opponent() -> None:
    state = law((1, 1))
    play(state, "KH QH JH 8S 10H 9H  QD KD")
    state.apply(CLAIM_REVOKE, seat=4)
    assert state.scores == (2, 0) and state.results[0].points == (1, -1)
    assert [t.winner for t in state.results[0].plays] == [0, -1]


def test_a_groundless_claim_changes_nothing_but_is_logged_and_waits_for_another_card() -> None:
    state = law((1, 2))
    # trick 3: seat 3 (B) trumps with 8C and seat 4 (A) discards 7S: both void in hearts, no revoke
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  7H 6H 8C 7S")
    before = state.observation(0).to_json()
    assert CLAIM_REVOKE in state.legal_actions(1)
    state.apply(CLAIM_REVOKE, seat=1)
    assert state.scores == (1, 2) and state.results == () and state.phase_name == "play"
    assert talk_of(state)[-1] == (1, 3, "claim_rejected")
    after = state.observation(0).to_json()
    changed = {k for k in after if after[k] != before[k]}
    assert changed == {"talk", "log_length"}
    assert [(e.seat, str(e.item)) for e in state.observation(0).log[-2:]] == [(1, "claim revoke"), (1, "claim_rejected")]
    assert state.history[-1] == (1, CLAIM_REVOKE)
    assert CLAIM_REVOKE not in state.legal_actions(1)                 # not again before another card
    with pytest.raises(IllegalActionError, match="no card of the other side has left the suit led since"):
        state.apply(CLAIM_REVOKE, seat=1)
    play(state, "6S")
    assert CLAIM_REVOKE in state.legal_actions(1)


def test_an_unclaimed_revoke_is_penalised_at_the_end_of_the_hand() -> None:
    state = law((0, 0))
    # A wins 3–1, but seat 3 (team B) revoked in trick 1: B pays 2 (split: all to A) instead of A's 1
    play(state, "KH QH JH 8S 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    result = state.results[0]
    assert result.tricks == (3, 1)
    assert result.reason == "revoke" and result.points == (2, 0) and state.scores == (2, 0)
    assert state.phase_name == "cut" and state.dealer == 0


def test_an_unclaimed_revoke_by_the_winning_team_costs_it_the_hand() -> None:
    state = law((3, 0))
    # seat 2 (team A) discards KS on the heart lead while holding JH and 6H; A then wins 3–1
    play(state, "KH QH KS AH 10H 9H  QD KD JD AD 10D 9D  JS 6H AS 10S 9S QS  QC JC AC 10C KC 9C")
    result = state.results[0]
    assert [t.winner for t in result.plays] == [0, 1, 0, 4]
    assert result.tricks == (3, 1)
    assert result.reason == "revoke" and result.points == (-2, 0) and state.scores == (1, 0)
    assert not state.is_terminal()


def test_when_both_sides_revoke_both_are_charged() -> None:
    """Seed 001: « Celui qui renonce perd deux jeux » — each side that revoked pays 2, once."""
    state = law((3, 3))
    # trick 1: seat 3 (B) revokes with 8S holding AH; trick 2: seat 4 (A) revokes with 7S holding 10D
    play(state, "KH QH JH 8S 10H 9H  QD KD JD AD 7S")
    state.apply(CLAIM_REVOKE, seat=0)
    result = state.results[0]
    assert result.reason == "revoke" and result.points == (-2, -2) and state.scores == (1, 1)
    # unclaimed, both are charged at the end of the hand, in the order of the revokes: B pays 2 of
    # its 3 points, then A, with nothing to pay, gives its 2 to B (split)
    state = law((0, 3))
    play(state, "KH QH JH 8S 10H 9H  QD KD JD AD 7S 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    result = state.results[0]
    assert result.reason == "revoke" and result.tricks == (3, 1)
    assert result.points == (0, 0) and state.scores == (0, 3) == summed(state, (0, 3))


def test_claim_during_the_vole_decision() -> None:
    state = law((0, 0))
    play(state, "KH QH JH 8S 10H 9H  QS JS KS AS 10S 9S  AC 8C KC 9C QC JC")
    assert state.phase_name == "vole"
    assert CLAIM_REVOKE in table_actions(state, 0)
    state.apply(CLAIM_REVOKE, seat=0)
    assert state.scores == (2, 0) and state.results[0].reason == "revoke"


def test_a_revoke_claim_can_end_the_partie() -> None:
    state = law((3, 3))
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == (3, 1) and not state.is_terminal()
    state = law((4, 1))                                               # split: B pays 1, A marks 1
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == (5, 0) and state.is_terminal() and state.winner_team == 0
    state = law((3, 1), penalty_overflow="all_to_opponents")
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == (5, 1) and state.is_terminal() and state.winner_team == 0


# --------------------------------------------------------------------------- claims, accept, dispute


@pytest.mark.parametrize("fault", ["misdeal", "trump_not_turned", "exposed_card"])
def test_dealing_faults_are_claimed_by_the_dealers_opponents_and_accepted_by_his_side(fault: str) -> None:
    state = law((0, 2))
    for seat in (0, 2, 4):
        assert Penalty(fault) in state.legal_actions(seat)
    for seat in (1, 3, 5):                                            # the dealer's own side
        assert Penalty(fault) not in state.legal_actions(seat)
    with pytest.raises(IllegalActionError, match="only the side wronged claims a penalty"):
        state.apply(Penalty(fault), seat=3)
    state.apply(Penalty(fault), seat=0)
    # the claim is open against B until its captain (seat 1) answers; play does not wait
    assert state.to_move == 0 and state.moves() == state.legal_actions(0)[:6]
    assert state.observation(4).pending_claims == ((0, Penalty(fault), 1),)
    assert ACCEPT in state.legal_actions(1) and DISPUTE in state.legal_actions(1)
    assert all(ACCEPT not in state.legal_actions(s) for s in (0, 2, 3, 4, 5))
    with pytest.raises(IllegalActionError, match="the captain of the side, seat 1, answers the claim"):
        state.apply(ACCEPT, 3)
    with pytest.raises(IllegalActionError, match="there is no claim to answer"):
        state.apply(ACCEPT, 0)
    state.apply(ACCEPT, 1)
    assert state.scores == (0, 1) == summed(state, (0, 2))           # dealer 5 is team B
    assert state.phase_name == "cut" and state.dealer == 5 and state.to_move == 4
    assert state.results[-1].reason == "redeal" and state.results[-1].points == (0, -1)
    assert state.results[-1].penalty == fault
    assert len(state.observation(0).hand) == 0 and state.observation(0).turned is None


def test_a_disputed_claim_is_recorded_and_changes_no_score() -> None:
    state = law((1, 1))
    state.apply(Penalty("misdeal"), seat=2)
    assert Penalty("trump_not_turned") not in state.legal_actions(0)  # one open claim against a side
    with pytest.raises(IllegalActionError, match="a claim against that side waits for its answer: seat 1"):
        state.apply(Penalty("trump_not_turned"), seat=0)
    state.apply(DISPUTE, seat=1)
    assert state.scores == (1, 1) and state.results == () and state.phase_name == "play"
    assert talk_of(state, 5) == [(2, 1, "penalty misdeal"), (1, 1, "dispute")]
    assert Penalty("misdeal") not in state.legal_actions(0)           # claimed once
    with pytest.raises(IllegalActionError, match="'penalty misdeal' has already been claimed"):
        state.apply(Penalty("misdeal"), seat=4)
    state.apply(card("KH"), 0)                                        # play goes on


def test_dealing_fault_with_nothing_to_pay_gives_the_point_to_the_opponents() -> None:
    state = law((0, 0))
    state.apply(Penalty("misdeal"), seat=2)
    state.apply(ACCEPT, 1)
    assert state.scores == (1, 0) and state.dealer == 5 and state.phase_name == "cut"


def test_card_turned_in_the_pack_redeals_without_penalty() -> None:
    state = law((1, 1))
    assert all(Penalty("card_turned") in state.legal_actions(s) for s in range(6))
    state.apply(Penalty("card_turned"), seat=3)
    assert ACCEPT in state.legal_actions(0)                            # the other side's captain answers
    state.apply(ACCEPT, 0)
    assert state.scores == (1, 1) and state.phase_name == "cut" and state.dealer == 5
    assert state.results[-1].reason == "redeal" and state.results[-1].points == (0, 0)


def test_a_misdeal_is_claimed_only_before_the_first_card() -> None:
    """Bug fix: an opponent could charge the dealer a misdeal whenever he liked."""
    state = law()
    play(state, "KH")
    assert Penalty("misdeal") not in table_actions(state, 2)
    with pytest.raises(IllegalActionError, match="'penalty misdeal': that fault cannot have happened now"):
        state.apply(Penalty("misdeal"), seat=2)


def test_the_winning_side_cannot_void_a_hand_alone() -> None:
    """Bug fix: a player of the side leading 3–0 voided the hand with ``penalty wrong_pack``."""
    state = law((0, 0))
    play(state, "KH QH JH AH 10H 9H  QS JS KS AS 10S 9S  AC 8C KC 9C QC JC")
    assert state.phase_name == "vole" and state.observation(0).tricks_won == (3, 0)
    state.apply(Penalty("wrong_pack"), seat=2)
    assert ACCEPT in state.legal_actions(1)                            # the other side must agree
    state.apply(DISPUTE, 1)
    assert state.results == () and state.phase_name == "vole" and state.to_move == 0
    state.apply(VOLE_STOP)
    assert state.scores == (1, 0) and state.results[0].reason == "three"
    # agreed, the hand is void and the same dealer deals again
    state = law((2, 1))
    play(state, "KH QH JH AH 10H 9H  QD")
    state.apply(Penalty("wrong_pack"), seat=1)
    state.apply(ACCEPT, 0)
    assert state.scores == (2, 1) and state.results[-1].points == (0, 0) and state.results[-1].reason == "redeal"
    assert state.phase_name == "cut" and state.dealer == 5


@pytest.mark.parametrize("fault", ["out_of_turn", "looked_at_tricks"])
def test_seat_faults_cost_that_seats_team_one_and_play_continues(fault: str) -> None:
    state = law((2, 2))
    play(state, "KH QH JH AH 10H 9H  QD")                              # A won trick 1; trick 2 led
    state.apply(Penalty(fault, 3), seat=0)
    state.apply(ACCEPT, 1)                                             # B's captain answers
    assert state.scores == (2, 1) == summed(state, (2, 2))
    result = state.results[-1]
    assert result.reason == "penalty" and result.penalty == fault and result.points == (0, -1)
    assert result.number == 1 and result.scores == (2, 1)
    assert state.phase_name == "play" and state.to_move == 1
    assert state.observation(0).trick == ((0, card("QD")),)
    assert talk_of(state)[-2:] == [(0, 2, f"penalty {fault} 3"), (1, 2, "accept")]


def test_seat_faults_only_against_an_opponent_and_when_they_could_happen() -> None:
    state = law()
    # before any trick: nobody has tricks to look at, and no trick is led
    assert [a for a in table_actions(state, 0) if isinstance(a, Penalty) and a.seat is not None] == []
    with pytest.raises(IllegalActionError, match="that fault cannot have happened now"):
        state.apply(Penalty("looked_at_tricks", 1), seat=0)
    play(state, "KH QH")
    # out of turn: an opponent who has not yet played to this trick and is not the player due (seat 2)
    assert texts(a for a in table_actions(state, 1) if isinstance(a, Penalty) and a.seat is not None) == [
        "penalty out_of_turn 4"]
    assert texts(a for a in table_actions(state, 0) if isinstance(a, Penalty) and a.seat is not None) == [
        "penalty out_of_turn 3", "penalty out_of_turn 5"]
    with pytest.raises(IllegalActionError, match="only the side wronged claims a penalty"):
        state.apply(Penalty("out_of_turn", 4), seat=2)


def test_five_claims_by_one_seat_cannot_win_the_partie() -> None:
    """Bug fix: five ``penalty looked_at_tricks 1`` by seat 0 won the partie."""
    state = law((0, 4))
    play(state, "KH QH JH AH 10H 9H")                                  # A won trick 1: its tricks exist
    state.apply(Penalty("looked_at_tricks", 1), seat=0)
    state.apply(DISPUTE, 1)                                            # B disputes: nothing happens
    for _ in range(4):
        with pytest.raises(IllegalActionError):
            state.apply(Penalty("looked_at_tricks", 1), seat=0)
    assert state.scores == (0, 4) and state.results == () and not state.is_terminal()


def test_a_penalty_that_brings_the_opponents_to_the_target_ends_the_partie() -> None:
    state = law((0, 4))
    play(state, "KH QH")
    state.apply(Penalty("out_of_turn", 4), seat=1)                     # team A cannot pay: B marks it
    state.apply(ACCEPT, 0)
    assert state.scores == (0, 5) == summed(state, (0, 4))
    assert state.is_terminal() and state.winner_team == 1 and state.end_reason == "target"


def test_a_dealing_fault_can_end_the_partie() -> None:
    state = law((4, 0))
    state.apply(Penalty("misdeal"), seat=0)                           # dealer 5's team B cannot pay
    state.apply(ACCEPT, 1)
    assert state.scores == (5, 0) and state.is_terminal() and state.winner_team == 0


def test_an_unanswered_claim_is_settled_at_the_end_of_the_hand() -> None:
    state = law((0, 0))
    play(state, "KH QH JH AH 10H 9H  QD")
    state.apply(Penalty("looked_at_tricks", 1), seat=0)
    play(state, "KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    assert state.phase_name == "cut" and state.observation(0).pending_claims == ()
    assert [r.reason for r in state.results] == ["three"] and state.scores == (1, 0)
    assert str(state.results[0].talk[-1].action) == "claim_refused looked_at_tricks 1"   # refused: no such fault
    with pytest.raises(IllegalActionError, match="there is no claim to answer"):
        state.apply(ACCEPT, 1)


def test_scores_are_always_the_sum_of_the_results() -> None:
    state = law((0, 0))
    play(state, "KH QH JH AH 10H 9H  QD")
    state.apply(Penalty("looked_at_tricks", 1), seat=0)
    state.apply(ACCEPT, 1)
    play(state, "KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    assert [r.reason for r in state.results] == ["penalty", "three"]
    assert state.scores == summed(state) == (2, 0)
    assert [r.scores for r in state.results] == [(1, 0), (2, 0)]


@pytest.mark.parametrize("action", [CLAIM_REVOKE, Penalty("misdeal"), Penalty("out_of_turn", 3),
                                    Penalty("wrong_pack"), ACCEPT, DISPUTE])
def test_default_mode_refuses_claims_and_penalties(action: object) -> None:
    state = sizette(scores=(1, 1))
    play(state, "KH QH")
    before = snapshot(state)
    assert action not in table_actions(state, 0)
    assert texts(table_actions(state, 0)) == ["abandon"]
    with pytest.raises(IllegalActionError, match=r"exists only in table-law mode \(table_law_mode=true\)"):
        state.apply(action, seat=0)
    assert snapshot(state) == before

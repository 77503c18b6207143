"""Table-law mode (RULES.md DP-G1, §1.10, DP-SZ9, DP-SZ10): revokes may be played and claimed,
the Encyclopédie's penalties are recorded, penalty overflow variants; refused in default mode.

Deal H (tests/games/helpers.py): dealer 5 (team B), first hand 0. After KH QH JH seat 3 (team B),
who holds AH, may revoke with 8S.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.errors import IllegalActionError
from atout.games.sizette.actions import CLAIM_REVOKE, Penalty
from tests.games.helpers import card, cards, play, sizette, snapshot, texts

REVOKE = "KH QH JH 8S"            # seat 3 plays 8S holding AH


def law(scores: tuple[int, int] = (0, 0), **options: Any) -> Any:
    return sizette(scores=scores, table_law_mode=True, **options)


def talk_of(state: Any, seat: int = 0) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["trick"], e["text"]) for e in state.observation(seat).to_json()["talk"]]


def test_a_revoke_can_be_played_in_table_law_mode_only() -> None:
    strict = sizette()
    play(strict, "KH QH JH")
    with pytest.raises(IllegalActionError, match="must follow suit"):
        strict.apply(card("8S"))
    state = law()
    play(state, "KH QH JH")
    assert sorted(state.legal_actions()) == sorted(cards("AH AD AS 10C 8S 8C"))
    state.apply(card("8S"))
    assert state.observation(0).trick == cards("KH QH JH 8S")
    assert state.results == [] and state.scores == [0, 0]           # nothing happens until claimed or the end


def test_claim_is_offered_to_every_seat_during_play() -> None:
    state = law()
    for seat in range(6):
        assert CLAIM_REVOKE in state.table_actions(seat)
        assert Penalty("out_of_turn", seat) in state.table_actions(0)


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
    assert state.scores == list(after)
    result = state.results[0]
    assert result.reason == "revoke" and result.points == points and result.scores == after
    assert result.plays == ((0, cards("KH QH JH 8S"), -1),)         # the unfinished trick is kept
    # play stops and the deal passes on as if the hand had been played
    assert state.phase_name == "cut" and state.dealer == 0 and state.hand_no == 2


def test_claim_after_more_tricks_and_by_any_opponent() -> None:
    state = law((1, 1))
    play(state, "KH QH JH 8S 10H 9H  QD KD")
    state.apply(CLAIM_REVOKE, seat=4)
    assert state.scores == [2, 0] and state.results[0].points == (1, -1)
    assert [t.winner for t in state.results[0].plays] == [0, -1]


def test_a_false_claim_changes_nothing_but_is_logged() -> None:
    state = law((1, 2))
    play(state, "KH QH JH AH")
    before = state.observation(0).to_json()
    state.apply(CLAIM_REVOKE, seat=1)
    assert state.scores == [1, 2] and state.results == [] and state.phase_name == "play"
    assert talk_of(state) == [(1, 1, "claim_rejected")]
    after = state.observation(0).to_json()
    assert {k: v for k, v in after.items() if k != "talk"} == {k: v for k, v in before.items() if k != "talk"}
    assert state.history[-1] == (1, CLAIM_REVOKE)


def test_a_team_cannot_claim_its_own_revoke() -> None:
    state = law((1, 2))
    play(state, REVOKE)                                               # seat 3 (team B) revoked
    state.apply(CLAIM_REVOKE, seat=5)                                 # team B claims: rejected
    assert state.scores == [1, 2] and state.results == []
    assert talk_of(state)[-1] == (5, 1, "claim_rejected")


def test_an_unclaimed_revoke_is_penalised_at_the_end_of_the_hand() -> None:
    state = law((0, 0))
    # A wins 3–1, but seat 3 (team B) revoked in trick 1: B pays 2 (split: all to A) instead of A's 1
    play(state, "KH QH JH 8S 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    result = state.results[0]
    assert result.tricks == (3, 1)
    assert result.reason == "revoke" and result.points == (2, 0) and state.scores == [2, 0]
    assert state.phase_name == "cut" and state.dealer == 0


def test_an_unclaimed_revoke_by_the_winning_team_costs_it_the_hand() -> None:
    state = law((3, 0))
    # seat 2 (team A) discards KS on the heart lead while holding JH and 6H; A then wins 3–1
    play(state, "KH QH KS AH 10H 9H  QD KD JD AD 10D 9D  JS 6H AS 10S 9S QS  QC JC AC 10C KC 9C")
    result = state.results[0]
    assert [t.winner for t in result.plays] == [0, 1, 0, 4]
    assert result.tricks == (3, 1)
    assert result.reason == "revoke" and result.points == (-2, 0) and state.scores == [1, 0]
    assert not state.is_terminal()


@pytest.mark.parametrize("kind", ["misdeal", "trump_not_turned", "exposed_card"])
def test_dealing_faults_cost_the_dealers_team_one_and_the_same_dealer_redeals(kind: str) -> None:
    state = law((0, 2))
    assert Penalty(kind) in state.table_actions(1)
    state.apply(Penalty(kind), seat=0)
    assert state.scores == [0, 1]                                     # dealer 5 is team B
    assert state.phase_name == "cut" and state.dealer == 5 and state.to_move == 4
    assert state.results[-1].reason == "redeal" and state.results[-1].points == (0, -1)
    assert len(state.observation(0).hand) == 0 and state.observation(0).turned is None


def test_dealing_fault_with_nothing_to_pay_gives_the_point_to_the_opponents() -> None:
    state = law((0, 0))
    state.apply(Penalty("misdeal"), seat=2)
    assert state.scores == [1, 0] and state.dealer == 5 and state.phase_name == "cut"


def test_card_turned_in_the_pack_redeals_without_penalty() -> None:
    state = law((1, 1))
    state.apply(Penalty("card_turned"), seat=3)
    assert state.scores == [1, 1] and state.phase_name == "cut" and state.dealer == 5
    assert state.results[-1].reason == "redeal" and state.results[-1].points == (0, 0)


def test_wrong_pack_voids_the_hand_and_the_same_dealer_redeals() -> None:
    state = law((2, 1))
    play(state, "KH QH JH AH 10H 9H  QD")
    state.apply(Penalty("wrong_pack"), seat=1)
    assert state.scores == [2, 1] and state.results[-1].points == (0, 0)
    assert state.phase_name == "cut" and state.dealer == 5


def test_dealing_faults_only_before_the_first_card() -> None:
    state = law()
    play(state, "KH")
    assert Penalty("misdeal") not in state.table_actions(0)
    with pytest.raises(IllegalActionError, match="'penalty misdeal' is not possible now"):
        state.apply(Penalty("misdeal"), seat=0)


@pytest.mark.parametrize("kind", ["out_of_turn", "looked_at_tricks"])
def test_seat_faults_cost_that_seats_team_one_and_play_continues(kind: str) -> None:
    state = law((2, 2))
    play(state, "KH QH")
    state.apply(Penalty(kind, 3), seat=0)
    assert state.scores == [2, 1]
    assert state.phase_name == "play" and state.to_move == 2 and state.observation(0).trick == cards("KH QH")
    assert talk_of(state)[-1] == (3, 1, f"penalty {kind}")
    state.apply(Penalty(kind, 4), seat=1)
    assert state.scores == [1, 1]


def test_a_penalty_that_brings_the_opponents_to_the_target_ends_the_partie() -> None:
    state = law((0, 4))
    state.apply(Penalty("out_of_turn", 2), seat=1)                     # team A cannot pay: B marks it
    assert state.scores == [0, 5]
    assert state.is_terminal() and state.winner_team == 1 and state.end_reason == "target"


def test_a_dealing_fault_can_end_the_partie() -> None:
    state = law((4, 0))
    state.apply(Penalty("misdeal"), seat=0)                           # dealer 5's team B cannot pay
    assert state.scores == [5, 0] and state.is_terminal() and state.winner_team == 0


def test_a_revoke_claim_can_end_the_partie() -> None:
    state = law((3, 3))
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == [3, 1] and not state.is_terminal()
    state = law((4, 1))                                               # split: B pays 1, A marks 1
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == [5, 0] and state.is_terminal() and state.winner_team == 0
    state = law((3, 1), penalty_overflow="all_to_opponents")
    play(state, REVOKE)
    state.apply(CLAIM_REVOKE, seat=2)
    assert state.scores == [5, 1] and state.is_terminal() and state.winner_team == 0


def test_claim_during_the_vole_decision() -> None:
    state = law((0, 0))
    play(state, "KH QH JH 8S 10H 9H  QS JS KS AS 10S 9S  AC 8C KC 9C QC JC")
    assert state.phase_name == "vole"
    assert CLAIM_REVOKE in state.table_actions(0)
    state.apply(CLAIM_REVOKE, seat=0)
    assert state.scores == [2, 0] and state.results[0].reason == "revoke"


@pytest.mark.parametrize("action", [CLAIM_REVOKE, Penalty("misdeal"), Penalty("out_of_turn", 3),
                                    Penalty("wrong_pack")])
def test_default_mode_refuses_claims_and_penalties(action: object) -> None:
    state = sizette(scores=(1, 1))
    play(state, "KH QH")
    before = snapshot(state)
    assert action not in state.table_actions(0)
    assert texts(state.table_actions(0)) == ["abandon"]
    with pytest.raises(IllegalActionError, match=r"exists only in table-law mode \(table_law_mode=true\)"):
        state.apply(action, seat=0)
    assert snapshot(state) == before

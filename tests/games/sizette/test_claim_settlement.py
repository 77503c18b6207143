"""Penalty claims settled as at a real table (decisions.md: penalty-claims): a claim disputed, or
left unanswered, waits for the end of the hand and is then settled by what the engine saw of it;
the faults of P1–P5, P11 and P12 are never in the engine's record, so such a claim is refused
and costs nothing. The revoke, the one fault that can be in it, is judged when it is claimed,
whatever the side at fault says.

Deal H (tests/games/helpers.py): dealer 5 (team B), first hand 0, captains 0 (A) and 1 (B).
"""

from __future__ import annotations

from typing import Any

from atout.games.sizette.actions import ACCEPT, CLAIM_REVOKE, DISPUTE, Penalty
from atout.games.sizette.events import ClaimRefused
from atout.games.sizette.words import phrase, speech
from atout.log import LogEntry
from atout.words import SeatWords
from tests.games.helpers import play, quadrette, sizette

REST_OF_HAND = "KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC"   # after trick 1 and QD: A wins 3–0


def law(scores: tuple[int, int] = (0, 0), **options: Any) -> Any:
    return sizette(scores=scores, table_law_mode=True, **options)


def refusals(talk: Any) -> list[tuple[int, int, str]]:
    return [(e.seat, e.trick, str(e.action)) for e in talk if isinstance(e.action, ClaimRefused)]


def test_a_disputed_claim_waits_for_the_end_of_the_hand_and_is_refused_then() -> None:
    state = law((1, 1))
    state.apply(Penalty("misdeal"), seat=2)
    state.apply(DISPUTE, seat=1)
    assert refusals(state.observation(0).talk) == []                  # not yet: the tricks are examined at the end
    assert state.observation(3).pending_claims == ()
    play(state, "KH QH JH AH 10H 9H  QD " + REST_OF_HAND)
    hand = state.results[0]
    assert [r.reason for r in state.results] == ["three"] and state.scores == (2, 1)   # A wins 3–1
    assert refusals(hand.talk) == [(2, 4, "claim_refused misdeal")]
    logged = [(e.seat, str(e.item)) for e in state.log_view(0, 0) if isinstance(e.item, ClaimRefused)]
    assert logged == [(2, "claim_refused misdeal")]


def test_a_claim_left_unanswered_is_settled_too_not_dropped() -> None:
    state = law()
    play(state, "KH QH JH AH 10H 9H  QD")
    state.apply(Penalty("looked_at_tricks", 1), seat=0)
    play(state, REST_OF_HAND)
    assert state.scores == (1, 0) and [r.reason for r in state.results] == ["three"]
    assert refusals(state.results[0].talk) == [(0, 4, "claim_refused looked_at_tricks 1")]


def test_claims_against_both_sides_are_settled_in_the_order_made() -> None:
    state = law()
    play(state, "KH QH")
    state.apply(Penalty("out_of_turn", 4), seat=1)
    state.apply(Penalty("out_of_turn", 3), seat=0)
    state.apply(DISPUTE, 1)
    play(state, "JH AH 10H 9H  QD " + REST_OF_HAND)
    assert refusals(state.results[0].talk) == [(1, 4, "claim_refused out_of_turn 4"),
                                               (0, 4, "claim_refused out_of_turn 3")]


def test_an_accepted_claim_still_applies_and_voids_the_hand_with_the_others_settled() -> None:
    state = law((1, 1))
    state.apply(Penalty("card_turned"), seat=1)                      # against A: A's captain answers
    state.apply(Penalty("misdeal"), seat=0)                          # against B, the dealer's side
    state.apply(ACCEPT, 1)                                           # B concedes the misdeal
    assert state.scores == (1, 0) and state.results[-1].reason == "redeal"
    assert refusals(state.results[-1].talk) == [(1, 1, "claim_refused card_turned")]
    assert state.phase_name == "cut" and state.observation(0).pending_claims == ()


def test_a_revoke_claim_needs_no_answer_from_the_side_at_fault() -> None:
    state = law((1, 1))
    state.apply(Penalty("misdeal"), seat=2)
    state.apply(DISPUTE, 1)
    play(state, "KH QH JH 8S")                                       # seat 3 (B) revokes: he holds AH
    assert ACCEPT not in state.legal_actions(1) and DISPUTE not in state.legal_actions(1)
    state.apply(CLAIM_REVOKE, seat=0)
    assert state.results[-1].reason == "revoke" and state.scores == (2, 0)   # B pays 1, A marks the other
    assert refusals(state.results[-1].talk) == [(2, 1, "claim_refused misdeal")]


def test_the_refusal_is_told_in_both_languages() -> None:
    names = SeatWords(["Anne", "", "", "", "", ""], "en")
    entry = LogEntry(40, 0, ClaimRefused("out_of_turn", 3))
    assert phrase(entry, "en", names, ((0, 2, 4), (1, 3, 5))) == (
        "Anne claimed out_of_turn, seat 3: refused, the coup shows no such fault.")
    names = SeatWords(["Anne", "", "", "", "", ""], "fr")
    assert phrase(entry, "fr", names, ((0, 2, 4), (1, 3, 5))) == (
        "Anne a réclamé hors_tour, joueur 3 : refusé, le coup ne montre pas cette faute.")
    assert speech(entry, "fr", names) == "Ma réclamation (hors_tour, joueur 3) est refusée."


def test_quadrette_settles_claims_the_same_way() -> None:
    state = quadrette(table_law_mode=True)                           # dealer 3 (side B)
    state.apply(Penalty("exposed_card"), seat=0)
    state.apply(DISPUTE, state.captains[1])
    while not state.results:
        state.apply(state.moves()[0])
    assert state.results[0].reason in ("three", "vole", "vole_failed")
    assert refusals(state.results[0].talk)[0][::2] == (0, "claim_refused exposed_card")

"""Talk at its edges (decisions.md: questions, volunteering, speech-windows): refusals that say
the real reason, remarks that wait for a pending answer, and every true statement a player may
volunteer.

Deal H (tests/games/helpers.py): dealer 5, first hand 0 (team A = 0, 2, 4), captains 2 and 5.
Seat 0 holds KH QD QS QC 8H 8D; seat 4 holds 10H 10D 10S KC 7S 7C.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.errors import IllegalActionError
from atout.games.sizette.actions import Remark
from tests.games.helpers import can_remark, play, quadrette, sizette, talk_actions, texts


def act(state: Any, text: str, seat: int | None = None) -> None:
    state.apply(state.parse_action(text, "en"), seat)


def refusal(state: Any, text: str, seat: int) -> tuple[str, str, str]:
    with pytest.raises(IllegalActionError) as err:
        act(state, text, seat)
    return err.value.code, str(err.value), err.value.text("fr")


# --------------------------------------------------------------------------- a question pending


def test_a_true_answer_written_with_say_is_refused_as_such_not_as_untrue() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    code, en, fr = refusal(state, "say count H 2", 0)
    assert code == "answer_with_answer"
    assert "'answer count H 2'" in en and "not a true answer" not in en
    assert "« répond nombre C 2 »" in fr
    code, en, _ = refusal(state, "say nothing", 0)
    assert code == "answer_with_answer" and "'answer nothing'" in en
    act(state, "answer count H 2", 0)


def test_the_seat_asked_must_answer_before_saying_anything_else() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    code, en, fr = refusal(state, "say count D 2", 0)          # true, but not an answer to the question
    assert code == "answer_first" and "answer 'count H' first" in en and "answer count H 2" in en
    assert "répondez d'abord à « nombre C »" in fr
    code, en, _ = refusal(state, "answer count H 1", 0)         # an answer, but not true
    assert code == "false_answer"


def test_a_remark_waits_until_the_pending_question_is_answered() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    for seat in (0, 2, 4):
        assert not can_remark(state, seat)
    with pytest.raises(IllegalActionError, match="seat 0 must first answer 'count H'"):
        state.apply(Remark("vite"), 4)
    with pytest.raises(IllegalActionError, match="answer 'count H' first"):
        state.apply(Remark("euh"), 0)
    assert len(state.observation(1).talk) == 1
    act(state, "answer count H 2", 0)
    assert can_remark(state, 0) and can_remark(state, 4)
    state.apply(Remark("bien"), 4)
    assert [e.action for e in state.observation(1).talk][-1] == Remark("bien")


# --------------------------------------------------------------------------- not your turn


@pytest.mark.parametrize("seat, text", [(4, "10D"), (1, "JS"), (2, "JD")])
def test_in_c3_a_card_from_a_seat_that_does_not_lead_is_not_its_turn(seat: int, text: str) -> None:
    state = sizette(captains=(2, 5))
    act(state, "command KH")
    play(state, "KH QH JH AH 10H 9H")                           # seat 0 wins; C3, captain 2 commands
    assert state.window_name == "C3"
    code, en, fr = refusal(state, text, seat)
    assert code == "not_your_turn_play" and en == "not your turn: seat 0 is to play"
    assert fr.startswith("ce n'est pas votre tour")
    code, en, _ = refusal(state, "QD", 0)                        # the leader himself waits for the command
    assert code == "wait_command"


def test_in_c3_the_other_side_is_told_it_is_not_its_turn() -> None:
    state = sizette(captains=(2, 5))
    act(state, "command KH")
    play(state, "KH QH JH AH 10H 9H")
    code, en, _ = refusal(state, "command QD", 5)
    assert code == "not_your_turn" and en == "not your turn: seat 2 is to act"


def test_in_c1_a_card_from_another_seat_is_not_its_turn() -> None:
    state = sizette(captains=(2, 5))
    code, en, _ = refusal(state, "10D", 4)
    assert code == "not_your_turn_play" and en == "not your turn: seat 0 is to play"


# --------------------------------------------------------------------------- volunteered statements


@pytest.mark.parametrize("text", [
    "say hold KS no", "say void H no", "say highest H KH", "say cards C QC", "say highest S QS",
    "say count S 1", "say hold 9S no",
])
def test_every_true_statement_may_be_volunteered(text: str) -> None:
    state = sizette(captains=(2, 5))
    assert text in texts(talk_actions(state, 0))
    act(state, text, 0)
    assert texts(e.action for e in state.observation(3).talk) == [text]


def test_a_void_suit_may_be_stated_every_true_way() -> None:
    state = sizette(captains=(0, 1), hands=("KH QD QS QH 8H 8D", "QC KD JS JC 7H 7D", "JH JD KS AC 6H 6D",
                                             "AH AD AS 10C 8S 8C", "10H 10D 10S KC 7S 7C", "9H 9D 9S 9C 6S 6C"))
    offered = texts(talk_actions(state, 0))                     # seat 0 has no club
    for text in ("say void C yes", "say count C 0", "say highest C none", "say cards C -"):
        assert text in offered
    act(state, "say highest C none", 0)


def test_statements_about_cards_stay_about_cards_unseen() -> None:
    state = sizette(captains=(2, 5))
    offered = texts(talk_actions(state, 0))
    assert "say hold KH yes" in offered and "say hold KH no" not in offered
    assert "say hold 9C no" not in offered                      # the retourne: everybody knows the dealer holds it
    assert "say nothing" not in offered                         # « I won't say » answers a question
    with pytest.raises(IllegalActionError, match="not true"):
        act(state, "say hold KS yes", 0)


def test_quadrette_mates_volunteer_the_same_way() -> None:
    state = quadrette()
    seat = next(s for s in state.game.rules.members[state.side_of[state.to_move]] if s != state.to_move)
    offered = texts(talk_actions(state, seat))
    assert any(t.startswith("say hold ") and t.endswith(" no") for t in offered)
    assert any(t.startswith("say highest ") for t in offered)


def test_the_captain_commands_only_once_his_question_is_answered() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    code, en, _ = refusal(state, "command any", 2)                # not « not a command allowed here »
    assert code == "must_answer" and en == "seat 0 must first answer 'count H'"
    code, en, _ = refusal(state, "KH", 0)                         # the seat asked: answer first
    assert code == "answer_first" and en.startswith("answer 'count H' first (seat 2 asked it): answer count H 2")


# --------------------------------------------------------------------------- what was said


def test_a_talk_said_again_after_an_undo_lists_what_was_said_this_time() -> None:
    """The talk before an undo and the talk after it may end with the same entry (the captain's
    question, asked again) and differ before it (another statement of the mate's this time):
    what the mate may still say follows this time's talk."""
    state = sizette(captains=(2, 5))
    act(state, "say count S 1", 0)
    act(state, "say count H 2", 0)
    act(state, "ask 4 count D", 2)
    act(state, "answer count D 1", 4)
    listed = texts(talk_actions(state, 0))
    assert "say count H 2" not in listed and "say count D 2" in listed
    for _ in range(3):
        state.undo()
    act(state, "say count D 2", 0)
    act(state, "ask 4 count D", 2)
    act(state, "answer count D 1", 4)
    listed = texts(talk_actions(state, 0))
    assert "say count H 2" in listed and "say count D 2" not in listed

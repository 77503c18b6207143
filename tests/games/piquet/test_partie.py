"""Every partie format and its settlement (la marque), with the numbers of the French source text
(116, 290, 235, 225), the Rubicon boundary at exactly 100, the doubled deals and the tie deals;
then the same through whole deals played in a state: the highest deal (170) scored by the elder
as the last deal of a partie whose scores the setup gives."""

from __future__ import annotations

import pytest

from atout.game import EndReason
from atout.games.piquet.partie import after_deal, format_of, settle_points, settle_rubicon
from tests.games.piquet.scenarios import after_exchange, play_out, say

SIX = {"partie": "rubicon6", "double_first_last": "auto", "target": "100", "liee": False}
TOP_ELDER = "AS KS QS AH KH QH AD KD QD AC KC QC"
TOP_YOUNGER = "JS 10S 9S JH 10H 8H JD 9D 8D 10C 9C 8C"
TOP_DIALOGUE = ("point 3", "equal", "value 31", "good", "tierce", "equal", "top A", "good",
                "also tierce tierce tierce", "quatorze", "good", "also quatorze quatorze")


def test_the_source_texts_examples() -> None:
    assert settle_rubicon(118, 102) == 116   # both over 100: 118 - 102 + 100
    assert settle_rubicon(118, 72) == 290    # the loser rubiconed: 118 + 72 + 100
    assert settle_rubicon(75, 60) == 235     # both under 100: 75 + 60 + 100
    assert settle_points(175, 125) == 225    # a game of 150: 175 + (175 - 125)


def test_rubicon_boundary_is_exactly_100() -> None:
    assert settle_rubicon(120, 100) == 120 - 100 + 100
    assert settle_rubicon(120, 99) == 120 + 99 + 100


def test_rubicon_verdicts_and_tie_deals() -> None:
    fmt = format_of(SIX)
    assert after_deal(fmt, 5, (200, 10), (0, 0)).over is False
    assert after_deal(fmt, 6, (118, 102), (0, 0)) == (0, True, False, 116)
    assert after_deal(fmt, 6, (72, 118), (0, 0)) == (1, True, False, 290)
    assert after_deal(fmt, 6, (90, 90), (0, 0)).over is False       # tie: one more deal each
    assert after_deal(fmt, 7, (95, 90), (0, 0)).over is False       # both extra deals are played
    assert after_deal(fmt, 8, (95, 90), (0, 0)) == (0, True, False, 285)
    assert after_deal(fmt, 8, (95, 95), (0, 0)) == (-1, True, False, 0)  # still tied: drawn


def test_four_deals_double_the_first_and_last() -> None:
    four = format_of({**SIX, "partie": "rubicon4"})
    assert [four.multiplier(d) for d in range(1, 7)] == [2, 1, 1, 2, 1, 1]
    assert format_of(SIX).multiplier(1) == 1
    assert format_of({**SIX, "double_first_last": "always"}).multiplier(6) == 2
    assert format_of({**SIX, "partie": "rubicon4", "double_first_last": "never"}).multiplier(1) == 1


def test_points_sèche_and_liée() -> None:
    seche = format_of({**SIX, "partie": "points", "target": "150"})
    assert after_deal(seche, 9, (149, 120), (0, 0)).over is False
    assert after_deal(seche, 9, (175, 125), (0, 0)) == (0, True, False, 225)
    assert after_deal(seche, 9, (160, 160), (0, 0)).over is False   # both over, equal: another deal
    assert after_deal(seche, 9, (151, 160), (0, 0)) == (1, True, False, 169)
    liee = format_of({**SIX, "partie": "points", "target": "100", "liee": True})
    assert after_deal(liee, 3, (120, 20), (0, 0)) == (0, False, True, 220)
    assert after_deal(liee, 9, (30, 104), (1, 1)) == (1, True, True, 178)


def deal_170(options: dict[str, object], setup: dict[str, str]):  # type: ignore[no-untyped-def]
    st = after_exchange(TOP_ELDER, TOP_YOUNGER, options, setup)
    say(st, *TOP_DIALOGUE)
    return play_out(st)


@pytest.mark.parametrize("younger, gains", [(100, 170 - 100 + 100), (99, 170 + 99 + 100)])
def test_a_rubicon_partie_settled_after_its_sixth_deal(younger: int, gains: int) -> None:
    st = deal_170({}, {"hand": "6", "scores": f"0-{younger}"})
    outcome = st.outcome()
    assert outcome is not None and outcome.reason is EndReason.DEALS and outcome.winners == (0,)
    assert outcome.scores == (170, younger) and st.observation(None).settlement == (gains, -gains)


def test_a_tie_after_six_deals_plays_on() -> None:
    st = deal_170({}, {"hand": "6", "scores": "0-170"})
    assert st.outcome() is None and st.phase_name == "cut" and st.observation(None).scores == (170, 170)
    assert st.partie_deal == 6


def test_the_fourth_deal_of_four_counts_double() -> None:
    st = deal_170({"partie": "rubicon4"}, {"hand": "4", "scores": "0-250"})
    assert st.results[-1].points == (340, 0) and st.results[-1].multiplier == 2
    assert st.outcome() is not None and st.observation(None).settlement == (340 - 250 + 100, -(340 - 250 + 100))


def test_a_game_of_150_sèche() -> None:
    st = deal_170({"partie": "points", "target": "150"}, {"scores": "0-125"})
    outcome = st.outcome()
    assert outcome is not None and outcome.reason is EndReason.TARGET and outcome.winners == (0,)
    assert st.observation(None).settlement == (2 * 170 - 125, -(2 * 170 - 125))


def test_a_manche_won_in_a_game_liée_starts_the_next_from_nothing() -> None:
    st = deal_170({"partie": "points", "target": "100", "liee": True}, {"scores": "0-60"})
    assert st.outcome() is None and st.observation(None).manches == (1, 0)
    assert [r.reason for r in st.results] == ["deal", "manche"] and st.observation(None).scores == (0, 0)
    assert st.results[-1].points == (-170, -60) and st.observation(None).settlement == (280, -280)
    again = deal_170({"partie": "points", "target": "100", "liee": True}, {"scores": "0-60", "manches": "1-1"})
    outcome = again.outcome()
    assert outcome is not None and outcome.winners == (0,) and again.observation(None).manches == (2, 1)


def test_each_trick_and_each_change_of_the_score_sheet_is_in_the_log() -> None:
    st = deal_170({"partie": "points", "target": "100", "liee": True}, {"scores": "0-60"})
    log = st.observation(None).log.to_json()
    tricks = [e for e in log if e["type"] == "trick"]
    assert [e["number"] for e in tricks] == list(range(1, 13)) and all(e["kind"] == "event" for e in tricks)
    scored = [e["result"] for e in log if e["type"] == "scored"]
    assert [r["reason"] for r in scored] == ["deal", "manche"] and scored[0]["points"] == [170, 0]
    assert [r.to_json() for r in st.results] == scored
    assert "results" not in st.observation(None).to_json()   # the score sheet is the log's
    assert st.observation(0).log.hand_start == len(st.observation(0).log) == st.log_length()   # the next deal's

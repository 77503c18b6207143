"""Whist's options at their edges: short whist has no calling unless it is asked for, the partie's
winners are the side that collects when the rubber bonus is too small to outweigh the games, the
show at eight is a choice, and with the mort laid out after the lead D may still show its honours.

Seats clockwise N = 0, E = 1, S = 2, W = 3; partnership 0 is N–S.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import CardSet
from atout.game import EndReason
from atout.games.whist.actions import CALL, EXPOSE, PASS, SHOW
from tests.games.whist.helpers import cs, deal, dealer_slam, leader_slam, lowest_first, mort, start, whist

# N holds the A K Q of clubs (three honours in one hand), E the jack: N–S may show at eight.
THREE = [cs("AC KC QC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"), cs("JC QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H 10H"),
         cs("2C 3C 4C 5C 6C 7C 8C 9C 10C JH QH KH AH"), cs("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")]


def test_short_whist_alone_has_no_calling() -> None:
    """``game_points=5`` without a word about calling: no show, no call (short whist's laws)."""
    state = start(whist(game_points=5), THREE, "2C", dealer="2", game_scores="3-0")
    assert state.observation(None).phase == "play" and SHOW not in state.legal_actions(state.to_move)
    assert not state.table.calling


def test_short_whist_with_calling_asked_for_explicitly() -> None:
    """Both set explicitly: a side two short of five (three) may show."""
    state = start(whist(game_points=5, calling_at_eight=True), THREE, "2C", dealer="2", game_scores="3-0")
    assert state.observation(None).phase == "honours"
    assert state.legal_actions(state.to_move) in ((SHOW, PASS), (PASS,))


def test_the_option_text_says_short_whist_has_no_calling() -> None:
    spec = next(s for s in whist().option_specs if s.name == "calling_at_eight")
    assert "game_points=5" in spec.help_en and "game_points=5" in spec.help_fr
    assert whist(game_points=5, calling_at_eight=False).options.changed() == {"game_points": 5,
                                                                               "calling_at_eight": "false"}


def test_the_show_at_eight_is_a_choice_the_hand_is_then_played() -> None:
    """N holds three honours at eight: he may pass, and the hand is played out; the honours then
    count after the tricks as usual."""
    state = start(whist(), THREE, "2C", dealer="2", game_scores="8-0")
    assert state.to_move == 0 and state.legal_actions(0) == (SHOW, PASS)
    state.apply(PASS)
    state.apply(PASS)                                   # S, with nothing to show, passes too
    assert state.observation(None).phase == "play"
    lowest_first(state)
    r = state.results[-1]
    assert r.reason == "played" and r.honour_points[1] == 0 and r.tricks[0] + r.tricks[1] == 13


def _belle(bonus: int) -> Any:
    """The belle: N–S won game 1 worth 1, E–W game 2 worth 3 (net −2 for N–S); N–S at 9 against
    5 now win the belle (worth 1) and the rubber with a slam."""
    state = start(whist(rubber_bonus=bonus), dealer_slam(0), "2C", dealer="0", game_scores="9-5",
                  games="1-1", scores="-2,2")
    lowest_first(state)
    return state


@pytest.mark.parametrize(("bonus", "scores", "winners"), [(0, (-1, 1), (1,)), (1, (0, 0), ()), (2, (1, -1), (0,))])
def test_the_partie_is_won_by_the_side_that_collects(bonus: int, scores: tuple[int, int],
                                                     winners: tuple[int, ...]) -> None:
    state = _belle(bonus)
    outcome = state.outcome()
    assert state.results[-1].rubber_winner == 0 and outcome.reason is EndReason.RUBBER
    assert outcome.scores == scores and outcome.winners == winners


def test_with_one_rubber_of_mort_the_side_that_collects_wins() -> None:
    """D's side wins the rubber but loses on the games (rubber bonus 0): the two others collect."""
    game = mort(rubbers=1, rubber_bonus=0)
    places = dealer_slam(2)
    state = game.state_from_deal(deal([places[0], places[1], places[3]], "2C", places[2]),
                                 {"declarer": "0", "dealer": "3", "game_scores": "9-5", "games": "1-1",
                                  "scores": "-4,2,2"})
    lowest_first(state)
    assert state.results[-1].rubber_winner == 0
    assert state.outcome().scores == (-2, 1, 1) and state.outcome().winners == (1, 2)


def _after_lead(scores: str) -> Any:
    """``exposure=after_lead``, D (place 0) holds the ace of clubs, the mort (place 2) the king
    and queen: D's side at eight. The mort deals; the opponent at place 3 leads."""
    places = [cs("AC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), cs("AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
              cs("KC QC 2C 3C 4C 5C 6C 7C 8C 9C 10C AH AD"), cs("JC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")]
    game = mort(rubbers=1, exposure="after_lead")
    return game.state_from_deal(deal([places[0], places[1], places[3]], "2C", places[2]),
                                {"declarer": "0", "dealer": "3", "game_scores": scores})


def test_d_may_show_at_eight_once_the_mort_is_laid_out_after_the_lead() -> None:
    state = _after_lead("8-3")
    assert state.observation(None).phase == "honours" and state.legal_actions(0) == (PASS,)
    state.apply(PASS)                                   # before the lead D sees only his own ace
    state.apply(state.moves()[0])                       # the opening lead
    assert state.legal_actions(0) == (EXPOSE,)
    state.apply(EXPOSE)
    obs = state.observation(None)
    assert obs.mort_hand is not None and obs.phase == "honours" and obs.calling == (0,)
    assert state.legal_actions(0) == (SHOW, PASS)
    state.apply(SHOW)
    r = state.results[-1]
    assert (r.reason, r.honour_points, r.game_scores) == ("shown", (2, 0), (10, 3))
    assert [str(c) for c in r.shown] == ["QC", "KC", "AC"]


def test_d_who_passes_after_the_lead_plays_on_from_the_mort() -> None:
    state = _after_lead("8-3")
    state.apply(PASS)
    state.apply(state.moves()[0])
    state.apply(EXPOSE)
    state.apply(PASS)
    assert state.observation(None).phase == "play" and state.to_move == 0
    assert set(state.moves()) <= set(CardSet(state.hands[0]))   # D's own hand is next after the lead
    assert CALL not in state.legal_actions(0)


def test_not_at_eight_no_show_after_the_lead() -> None:
    state = _after_lead("7-3")
    state.apply(state.moves()[0])
    state.apply(EXPOSE)
    assert state.observation(None).phase == "play"


def test_leader_slam_still_plays_with_short_whist_preset() -> None:
    state = start(whist(preset="short"), leader_slam(0), "2C", dealer="0", game_scores="3-0")
    assert state.observation(None).phase == "play"

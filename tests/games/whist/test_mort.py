"""Whist with a mort, worked: the seating, D asked for both hands, the mort face up for everyone,
honours at eight held by D and the mort together, the settlement (D +2n, each opponent −n), the
mort passing round every rubber and dealing first in each.

Places clockwise: D (who has the mort) 0, his left-hand opponent 1, the mort 2, the other
opponent 3. With ``declarer=0``: seat 0 at place 0, seat 1 at place 1, seat 2 at place 3.
"""

from __future__ import annotations

from typing import Any

from atout.cards import CardSet
from atout.game import CHANCE, EndReason
from atout.games.whist.actions import EXPOSE, PASS, SHOW
from tests.games.whist.helpers import cs, deal, dealer_slam, leader_slam, lowest_first, mort


def start_mort(places: list[CardSet], turned: str, **setup: str) -> Any:
    """A mort state (declarer 0) from hands by place; the mort (place 2) deals unless told."""
    game = mort(**{k: v for k, v in setup.items() if k in ("rubbers", "exposure")})
    facts = {k: v for k, v in setup.items() if k not in ("rubbers", "exposure")}
    seats = [places[0], places[1], places[3]]
    return game.state_from_deal(deal(seats, turned, places[2]), {"declarer": "0", "dealer": "3", **facts})


def test_seating_exposure_and_d_plays_both_hands() -> None:
    state = start_mort(dealer_slam(2), "2C", rubbers="1")      # the mort deals and holds every club
    assert state.to_move == 0 and state.legal_actions(0) == (EXPOSE,)
    assert state.observation(None).mort_hand is None
    state.apply(EXPOSE)
    for viewer in (None, 0, 1, 2):
        assert str(state.observation(viewer).mort_hand) == str(cs("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"))
    assert state.to_move == 2                                    # place 3 (seat 2) leads, on the mort's left
    state.apply(state.moves()[0])
    state.apply(state.moves()[0])                                # D's own card, at place 0
    assert state.to_move == 1
    state.apply(state.moves()[0])
    assert state.to_move == 0 and all(c in state.observation(0).mort_hand for c in state.moves())
    assert state.observation(0).hand is not None and state.moves()[0] not in state.observation(0).hand


def test_mort_exposed_after_the_opening_lead_as_an_option() -> None:
    state = start_mort(dealer_slam(2), "2C", rubbers="1", exposure="after_lead")
    assert state.to_move == 2 and state.observation(None).mort_hand is None
    state.apply(state.moves()[0])
    assert state.to_move == 0 and state.legal_actions(0) == (EXPOSE,)
    state.apply(EXPOSE)
    assert state.observation(1).mort_hand is not None and state.to_move == 0


def test_a_rubber_won_by_d_and_the_settlement_with_each_opponent() -> None:
    """D's side takes two slams with four honours against nothing: 3 + 3 + 2 = 8: D +16, each −8."""
    state = start_mort(dealer_slam(2), "2C", rubbers="1")
    lowest_first(state)
    r = state.results[-1]
    assert (r.partners, r.tricks, r.game_scores, r.game_value, r.points) == (((0, 3), (1, 2)), (13, 0), (11, 0), 3,
                                                                            (6, -3, -3))
    state.apply(state.moves()[0])                               # the cut, by the mort's... D for place 2
    places = leader_slam(3)                                      # place 3 deals; D's side (place 0) leads
    state.apply(deal([places[0], places[1], places[3]], "2C", places[2]), CHANCE)
    lowest_first(state)
    outcome = state.outcome()
    assert outcome.reason is EndReason.RUBBER and outcome.winners == (0,)
    assert state.scores == (16, -8, -8)


def test_a_rubber_lost_by_d() -> None:
    state = start_mort(leader_slam(2), "2C", rubbers="1")       # the mort deals; place 3 takes every trick
    lowest_first(state)
    assert state.results[-1].points == (-6, 3, 3)
    state.apply(state.moves()[0])
    places = dealer_slam(3)                                      # place 3 (seat 2) deals and holds the clubs
    state.apply(deal([places[0], places[1], places[3]], "2C", places[2]), CHANCE)
    lowest_first(state)
    assert state.outcome().winners == (1, 2) and state.scores == (-16, 8, 8)


def test_d_shows_the_honours_of_both_hands_at_eight() -> None:
    """D's side at 8: D holds the ace of clubs, the mort the king and queen: D shows, 2 points."""
    places = [cs("AC") | cs("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), cs("AS") | cs("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
              cs("KC QC 2C 3C 4C 5C 6C 7C 8C 9C 10C AH AD"), cs("JC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")]
    state = start_mort(places, "2C", rubbers="1", game_scores="8-3")
    state.apply(EXPOSE)
    obs = state.observation(None)
    assert obs.phase == "honours" and obs.calling == (0,)       # D alone is asked for his side
    assert state.legal_actions(0) == (SHOW, PASS)
    state.apply(SHOW)
    r = state.results[-1]
    assert (r.reason, r.honour_points, r.game_scores, r.game_value, r.points) == ("shown", (2, 0), (10, 3), 2,
                                                                                 (4, -2, -2))
    assert [str(c) for c in r.shown] == ["QC", "KC", "AC"]


def test_the_mort_passes_round_and_deals_first_in_each_rubber() -> None:
    state = start_mort(dealer_slam(2), "2C", rubbers="2")
    lowest_first(state)
    state.apply(state.moves()[0])
    places = leader_slam(3)
    state.apply(deal([places[0], places[1], places[3]], "2C", places[2]), CHANCE)
    lowest_first(state)
    assert state.outcome() is None and state.rubber_no == 2
    assert state.declarer == 1 and state.seating.place_of == (3, 0, 1) and state.dealer == 2
    assert state.observation(None).dealer == 3                   # the mort deals first
    assert state.to_move == 2                                    # the cut, on the mort's right: place 1, seat 2
    assert not state.observation(0).played


def test_with_the_mort_face_down_d_shows_only_his_own_honours() -> None:
    """``exposure=after_lead``: at eight, before the lead, D sees only his hand: he shows his three
    honours (2 points), not the mort's jack."""
    places = [cs("AC KC QC JS 2S 3S 4S 5S 6S 7S 8S 9S 10S"), cs("AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"),
              cs("JC 2C 3C 4C 5C 6C 7C 8C 9C 10C QH KH AH"), cs("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")]
    state = start_mort(places, "2C", rubbers="1", exposure="after_lead", game_scores="8-3")
    assert state.observation(0).mort_hand is None and state.legal_actions(0) == (SHOW, PASS)
    state.apply(SHOW)
    r = state.results[-1]
    assert [str(c) for c in r.shown] == ["QC", "KC", "AC"] and r.honour_points == (2, 0) and r.points == (4, -2, -2)

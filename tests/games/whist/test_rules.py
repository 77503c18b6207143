"""Worked examples of Whist's rules with exact scores, through the engine: trick winners, legal
plays, honours held (not won), divided honours, slams, honours winning a game, showing and calling
at eight, rubbers in two and three games with the settlement per player, short whist.

Seats clockwise N = 0, E = 1, S = 2, W = 3; partnership 0 is N–S.
"""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import Card
from atout.errors import IllegalActionError
from atout.game import EndReason
from atout.games.whist.actions import CALL, PASS, SHOW, Answer
from tests.games.whist.helpers import cs, dealer_slam, leader_slam, lowest_first, next_deal, start, whist

# Trump hearts (W deals and turns the 2H). Honours: AH W, KH S, QH E, JH N: divided.
MIX = [cs("2S 5S 9S KS 3H 7H JH 4D 8D QD 2C 6C 10C"), cs("3S 6S 10S AS 4H 8H QH 5D 9D KD 3C 7C JC"),
       cs("4S 7S JS 5H 9H KH 2D 6D 10D AD 4C 8C QC"), cs("8S QS 2H 6H 10H AH 3D 7D JD 5C 9C KC AC")]
# The same but N–S hold three honours (JH N, QH KH S) and E the ace.
MIX2 = [cs("2S 5S 9S KS 3H 7H JH 4D 8D QD 2C 6C 10C"), cs("3S 6S 10S AS 4H 8H AH 5D 9D KD 3C 7C JC"),
        cs("4S 7S JS 5H QH KH 2D 6D 10D AD 4C 8C QC"), cs("8S QS 2H 6H 10H 9H 3D 7D JD 5C 9C KC AC")]


def play(state: Any, line: str) -> None:
    for code in line.split():
        state.apply(Card(code, "en"))


def test_trick_winners_with_and_without_trumps_and_a_discard_never_wins() -> None:
    state = start(whist(), MIX, "2H", dealer="3")
    assert state.to_move == 0 and state.observation(0).trump.letter == "H"
    play(state, "KS AS JS QS")                     # no trump: the ace of the suit led
    play(state, "10S 7S 8S 9S")
    play(state, "6S 4S AC 5S")                     # W discards the ace of clubs: it does not win
    play(state, "3S 5H 2H 2S")                     # S trumps; W under-trumps, as he may
    winners = [t.winner for t in state.observation(None).tricks]
    assert winners == [1, 1, 1, 2]
    assert state.observation(None).tricks_won == (1, 3)


def test_legal_plays_follow_suit_never_forced_to_trump_or_to_win() -> None:
    state = start(whist(), MIX, "2H", dealer="3")
    assert [str(c) for c in state.moves()] == [str(c) for c in cs(" ".join(map(str, MIX[0])))]  # the leader: anything
    play(state, "KS AS JS QS 10S")
    assert [str(c) for c in state.moves()] == ["4S", "7S"]        # S must follow suit
    play(state, "7S 8S")
    assert [str(c) for c in state.moves()] == ["2S", "5S", "9S"]  # N follows suit, need not win
    with pytest.raises(IllegalActionError) as err:
        state.apply(Card("4D"))
    assert err.value.code == "must_follow" and len(state.history) == 8
    play(state, "9S 6S 4S")
    assert len(state.moves()) == 11                                # W, void in spades: any card, no need to trump


def test_divided_honours_score_nothing() -> None:
    state = start(whist(), MIX, "2H", dealer="3")
    lowest_first(state)
    result = state.results[-1]
    assert result.honour_points == (0, 0) and sum(result.tricks) == 13
    assert result.game_scores == result.trick_points


def test_honours_held_not_won_and_to_the_side_that_lost_the_tricks() -> None:
    """N–S hold three honours; E's ace takes two of them in one trick, and E–W take nine tricks:
    E–W score 3 for the odd tricks, N–S 2 for their honours."""
    state = start(whist(), MIX2, "2H", dealer="3")
    play(state, "KS AS JS QS  10S 7S 8S 9S  6S 4S AC 5S  3S QH 2H 2S  KH 6H JH AH")
    last = state.observation(None).tricks[-1]
    assert last.winner == 1 and {str(c) for c in last.cards} >= {"KH", "JH"}
    lowest_first(state)
    r = state.results[-1]
    assert (r.tricks, r.trick_points, r.honour_points, r.game_scores, r.game_winner) == ((4, 9), (0, 3), (2, 0),
                                                                                         (2, 3), -1)


def test_slam_scores_seven_and_honours_then_win_the_game() -> None:
    """The dealer holds every trump: thirteen tricks, 7 points and no more; then four honours, 4:
    11, the game, worth 3 against nothing."""
    state = start(whist(), dealer_slam(0), "2C", dealer="0")
    lowest_first(state)
    r = state.results[-1]
    assert (r.tricks, r.trick_points, r.honour_points, r.game_scores) == ((13, 0), (7, 0), (4, 0), (11, 0))
    assert (r.game_winner, r.game_value, r.points, r.scores) == (0, 3, (3, -3), (3, -3))
    assert state.game_scores == (0, 0) and state.games_won == (1, 0)   # the surplus is lost


def test_tricks_are_scored_before_honours() -> None:
    """E–W at 3 take every trick: the slam's 7 bring them to 10, the game on tricks, and nothing
    more is scored; at 2, the slam leaves them at 9 and their four honours then win the game."""
    state = start(whist(), leader_slam(0), "2C", dealer="0", game_scores="4-3")
    lowest_first(state)
    r = state.results[-1]
    assert r.tricks == (0, 13) and r.trick_points == (0, 7) and r.honour_points == (0, 0)
    assert (r.game_scores, r.game_winner, r.game_value) == ((4, 10), 1, 2)
    state = start(whist(), leader_slam(0), "2C", dealer="0", game_scores="4-2")
    lowest_first(state)
    r = state.results[-1]
    assert r.trick_points == (0, 7) and r.honour_points == (0, 4) and r.game_scores == (4, 13)
    assert (r.game_winner, r.game_value) == (1, 2)


def test_honours_at_nine_do_not_count_unless_the_option_says_so() -> None:
    """MIX2 at 9–0: N–S's three honours do not count; with honours_at_nine they win the game."""
    script = "KS AS JS QS  10S 7S 8S 9S  6S 4S AC 5S  3S QH 2H 2S  KH 6H JH AH"
    state = start(whist(), MIX2, "2H", dealer="3", game_scores="9-0")
    play(state, script)
    lowest_first(state)
    r = state.results[-1]
    assert (r.trick_points, r.honour_points, r.game_scores, r.game_winner) == ((0, 3), (0, 0), (9, 3), -1)
    state = start(whist(honours_at_nine=True), MIX2, "2H", dealer="3", game_scores="9-0")
    play(state, script)
    lowest_first(state)
    r = state.results[-1]
    assert (r.trick_points, r.honour_points, r.game_scores, r.game_winner, r.game_value) == ((0, 3), (2, 0), (11, 3),
                                                                                             0, 2)


def test_three_honours_shown_at_eight_win_the_game_at_once() -> None:
    """N–S at 8, E–W at 3: N holds the four honours of clubs and shows them: 4 points, the game,
    worth 2 (E–W have less than five)."""
    hands = dealer_slam(0)
    state = start(whist(), hands, "2C", dealer="0", game_scores="8-3")
    obs = state.observation(None)
    assert obs.phase == "honours" and obs.calling == (2, 0)       # each N–S player is asked, in play order
    assert state.to_move == 2 and state.legal_actions(2) == (PASS,)
    state.apply(PASS)
    assert state.to_move == 0 and state.legal_actions(0) == (SHOW, PASS)
    state.apply(SHOW)
    r = state.results[-1]
    assert (r.reason, r.honour_points, r.game_scores, r.game_winner, r.game_value) == ("shown", (4, 0), (12, 3), 0, 2)
    assert [str(c) for c in r.shown] == ["JC", "QC", "KC", "AC"]


def test_show_at_eight_value_by_the_opponents_score() -> None:
    hands = dealer_slam(0)
    for theirs, value in (("0", 3), ("4", 2), ("5", 1)):
        state = start(whist(), hands, "2C", dealer="0", game_scores=f"8-{theirs}")
        state.apply(PASS)
        state.apply(SHOW)
        assert state.results[-1].game_value == value


def test_a_successful_call_at_eight() -> None:
    """E–W at 8: E (to lead) holds two honours (K, Q of clubs), W the ace: E calls, W answers yes:
    three honours, 2 points, the game."""
    hands = [cs("2C 3C 4C 5C 6C 7C 8C 9C 10C") | cs("2S 3S 4S 5S"), cs("KC QC") | cs("AS KS QS JS 10S 9S 8S 7S 6S 2H 3H"),
             cs("4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2D 3D"), cs("AC JC") | cs("4D 5D 6D 7D 8D 9D 10D JD QD KD AD")]
    state = start(whist(), hands, "2C", dealer="0", game_scores="2-8")
    assert state.observation(None).phase == "honours"               # E–W at 8; nobody has three in one hand
    state.apply(PASS)
    state.apply(PASS)
    assert state.to_move == 1 and CALL in state.legal_actions(1) and CALL not in state.moves()
    state.apply(CALL)
    assert state.to_move == 3 and state.legal_actions(3) == (Answer(True),)
    state.apply(Answer(True))
    r = state.results[-1]
    assert (r.reason, r.honour_points, r.game_scores, r.game_winner, r.game_value) == ("called", (0, 4), (2, 12), 1, 2)


def test_a_failed_call_at_eight() -> None:
    """E holds two honours, W none: W answers no and play goes on; E may not call again."""
    hands = [cs("AC JC 2C 3C 4C 5C 6C 7C 8C 9C 10C 2S 3S"), cs("KC QC") | cs("AS KS QS JS 10S 9S 8S 7S 6S 2H 3H"),
             cs("4H 5H 6H 7H 8H 9H 10H JH QH KH AH 4S 5S"), cs("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")]
    state = start(whist(), hands, "2C", dealer="0", game_scores="2-8")
    state.apply(PASS)
    state.apply(PASS)
    state.apply(CALL)
    assert state.legal_actions(3) == (Answer(False),)
    state.apply(Answer(False))
    assert state.to_move == 1 and CALL not in state.legal_actions(1) and not state.results
    assert state.observation(None).log[-1][1:] == (3, Answer(False))


def test_surplus_is_lost_and_the_next_game_starts_at_nothing() -> None:
    state = start(whist(), dealer_slam(0), "2C", dealer="0", game_scores="8-0")
    state.apply(PASS)
    state.apply(PASS)
    lowest_first(state)
    r = state.results[-1]
    assert r.game_scores == (15, 0) and r.game_value == 3
    assert state.game_scores == (0, 0)


def test_a_rubber_in_two_games_and_the_settlement_per_player() -> None:
    """N–S win two games worth 3 each (slams with four honours against nothing), and the rubber:
    3 + 3 + 2 = 8; each N–S player collects 8 from the E–W player on his left."""
    state = start(whist(), dealer_slam(0), "2C", dealer="0")
    lowest_first(state)
    next_deal(state, leader_slam(1), "2C")         # E deals; N–S take every trick
    lowest_first(state)
    assert state.outcome().reason is EndReason.RUBBER and state.outcome().winners == (0,)
    assert state.games == ((0, 3), (0, 3)) and state.results[-1].rubber_bonus == 2
    assert state.scores == (8, -8)
    assert state.observation(2).settlement == (8, -8, 8, -8)


def test_a_rubber_in_three_games() -> None:
    """N–S 3, E–W 3, then the belle to N–S 3 and the rubber: 3 + 3 + 2 against 3: net 5."""
    state = start(whist(), dealer_slam(0), "2C", dealer="0")
    lowest_first(state)
    next_deal(state, dealer_slam(1), "2C")          # E deals and holds the trumps
    lowest_first(state)
    assert state.games_won == (1, 1) and state.outcome() is None and state.game_no == 3
    next_deal(state, dealer_slam(2), "2C")
    lowest_first(state)
    assert state.outcome().winners == (0,) and state.scores == (5, -5)
    assert [r.points for r in state.results] == [(3, -3), (-3, 3), (5, -5)]


def test_rubber_bonus_option() -> None:
    state = start(whist(rubber_bonus=0), dealer_slam(0), "2C", dealer="0")
    lowest_first(state)
    next_deal(state, leader_slam(1), "2C")
    lowest_first(state)
    assert state.scores == (6, -6)


def test_short_whist_values_and_honours_not_counted_at_four() -> None:
    """Short whist (games of five): a slam is 7, the game; worth 3 against 0, 2 against 1–2, 1
    against 3–4. At four, honours do not count."""
    for theirs, value in (("0", 3), ("2", 2), ("3", 1)):
        state = start(whist(preset="short"), dealer_slam(0), "2C", dealer="0", game_scores=f"0-{theirs}")
        lowest_first(state)
        r = state.results[-1]
        assert r.game_scores[0] == 7 and r.game_value == value and r.honour_points == (0, 0)
    state = start(whist(preset="short"), leader_slam(0), "2C", dealer="0", game_scores="4-0")
    assert state.observation(None).phase == "play"                  # no calling in short whist


def test_the_cut_for_partners_and_deal() -> None:
    """Ace low; the two lowest sit facing each other; the lowest deals; a tie for the lowest cuts
    again among those tied; with partners fixed by seat any cut is accepted."""
    from atout.chance import Draw
    from atout.game import CHANCE

    game = whist()
    state = game.new_state()
    with pytest.raises(IllegalActionError):       # the two lowest (AS, 2H) are not facing each other
        state.apply(Draw(((0, Card("AS")), (1, Card("2H")), (2, Card("KD")), (3, Card("QC")))), CHANCE)
    state.apply(Draw(((0, Card("AS")), (1, Card("KD")), (2, Card("2H")), (3, Card("QC")))), CHANCE)
    assert state.dealer == 0 and state.to_move == 3        # N deals; W, on his right, cuts
    state = game.new_state()
    state.apply(Draw(((0, Card("3S")), (1, Card("KD")), (2, Card("3H")), (3, Card("QC")))), CHANCE)
    assert state.drawers == (0, 2) and state.to_move == CHANCE
    state.apply(Draw(((0, Card("9S")), (2, Card("4H")))), CHANCE)
    assert state.dealer == 2 and state.observation(None).draws[-1] == ((0, Card("9S")), (2, Card("4H")))
    fixed = whist(partnerships="fixed_by_seat").new_state()
    fixed.apply(Draw(((0, Card("AS")), (1, Card("2H")), (2, Card("KD")), (3, Card("QC")))), CHANCE)
    assert fixed.dealer == 0


def test_a_game_won_on_tricks_voids_the_opponents_honours() -> None:
    """MIX2: E–W take nine tricks (3), N–S hold three honours (2). E–W at 7 reach 10 on tricks:
    the game, worth 3, and N–S's honours are void; at 6, E–W reach 9 and N–S score their 2."""
    script = "KS AS JS QS  10S 7S 8S 9S  6S 4S AC 5S  3S QH 2H 2S  KH 6H JH AH"
    state = start(whist(), MIX2, "2H", dealer="3", game_scores="0-7")
    play(state, script)
    lowest_first(state)
    r = state.results[-1]
    assert (r.trick_points, r.honour_points, r.game_scores, r.game_winner, r.game_value) == ((0, 3), (0, 0), (0, 10),
                                                                                             1, 3)
    state = start(whist(), MIX2, "2H", dealer="3", game_scores="0-6")
    play(state, script)
    lowest_first(state)
    r = state.results[-1]
    assert (r.trick_points, r.honour_points, r.game_scores, r.game_winner) == ((0, 3), (2, 0), (2, 9), -1)

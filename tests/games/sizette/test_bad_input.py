"""Bad input: every refused action raises the right error type with a clear message and leaves
the state exactly as it was (history, scores, hands, every seat's observation, legal moves)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Card
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError, OptionError
from atout.game import CHANCE
from atout.games.sizette.actions import ABANDON, CLOSE, VOLE_GO_ON, Cut, Deal, Draw
from tests.games.helpers import DEAL_H, card, cs, make, open_windows, parse, play, sizette, snapshot


def refused(state: Any, action: Any, seat: int | None, error: type[Exception], match: str) -> None:
    before = snapshot(state)
    with pytest.raises(error, match=match):
        state.apply(action, seat)
    assert snapshot(state) == before


def refused_text(state: Any, text: str, seat: int | None, error: type[Exception], match: str,
                 lang: str | None = "en") -> None:
    """Parse then apply, as a user interface would: either step may refuse."""
    before = snapshot(state)
    with pytest.raises(error, match=match):
        state.apply(state.parse_action(text, lang), seat)
    assert snapshot(state) == before


def in_trick_one(captains: tuple[int, int] = (0, 5)) -> Any:
    state = sizette(captains=captains)
    play(state, "KH")
    open_windows(state)
    return state


def test_a_card_that_does_not_follow_suit() -> None:
    state = in_trick_one()
    assert state.to_move == 1
    refused(state, card("KD"), None, IllegalActionError, "you must follow suit: play one of 7H QH")


def test_a_card_not_held() -> None:
    state = sizette(captains=(0, 5))
    refused(state, card("9S"), None, IllegalActionError, "you do not hold 9S")
    refused(state, card("9S"), 0, IllegalActionError, "you do not hold 9S")
    state = in_trick_one()
    refused(state, card("KS"), None, IllegalActionError, "you do not hold KS")


def test_a_card_out_of_turn() -> None:
    state = in_trick_one()
    refused(state, card("JH"), 2, IllegalActionError, "seat 2 cannot play now: seat 1 is to play")
    state = sizette(captains=(0, 5))                                  # window C1 open, seat 0 to lead
    refused(state, card("QH"), 1, IllegalActionError, "not your turn: seat 0 is to play")


def test_a_card_while_a_window_is_open() -> None:
    state = sizette(captains=(2, 5))                                  # the captain must command first
    refused(state, card("KH"), 0, IllegalActionError, r"wait: window C1 is open; the captain \(seat 2\) commands the lead first")


def test_a_card_before_the_deal() -> None:
    state = make("sizette").new_state()
    refused(state, Card("KH"), 0, IllegalActionError, "no card is played now$")


def test_talk_outside_its_window() -> None:
    state = in_trick_one(captains=(0, 5))
    assert state.window_name is None
    refused_text(state, "ask 3 count H", 5, IllegalActionError, "talk is closed now: no speech window is open")
    refused_text(state, "say count S 1", 3, IllegalActionError, "talk is closed now")
    refused_text(state, 'remark "à toi"', 1, IllegalActionError, "talk is closed now")
    play(state, "QH JH AH 10H 9H  QD")                                # trick 2 under way
    refused_text(state, "say count S 1", 2, IllegalActionError,
                 "talk is closed: during tricks 2–6 only the captain's lead command is allowed")
    refused_text(state, "command KD", 5, IllegalActionError, "talk is closed")


def test_talk_by_the_wrong_team() -> None:
    state = sizette(captains=(2, 5))
    refused_text(state, "ask 1 count H", 5, IllegalActionError, "window C1 belongs to the other team")
    refused_text(state, "say count S 2", 3, IllegalActionError, "window C1 belongs to the other team")
    refused_text(state, "command KH", 5, IllegalActionError, "window C1 belongs to the other team")


def test_a_question_by_a_non_captain_and_a_question_to_an_opponent() -> None:
    state = sizette(captains=(2, 5))
    refused_text(state, "ask 2 count H", 4, IllegalActionError, r"only the captain \(seat 2\) asks questions")
    refused_text(state, "ask 1 count H", 2, IllegalActionError, "questions go to a team-mate")


def test_a_false_statement_and_a_false_answer() -> None:
    state = sizette(captains=(2, 5))
    refused_text(state, "say count H 3", 0, IllegalActionError, "'count H 3' is not true of seat 0's hand")
    state.apply(state.parse_action("ask 0 count H"), 2)
    refused(state, parse(state, "answer count H 1"), 0, IllegalActionError, "not a true answer to 'count H'")
    refused_text(state, "say nothing", 4, IllegalActionError, "seat 0 must first answer 'count H'")


def test_a_command_by_a_non_captain() -> None:
    state = sizette(captains=(2, 5))
    refused_text(state, "command QD", 4, IllegalActionError, r"only the captain \(seat 2\) may command the lead")
    refused_text(state, "command QD", 0, IllegalActionError, r"only the captain \(seat 2\) may command the lead")


def test_a_command_in_c2() -> None:
    state = sizette(captains=(2, 5))
    state.apply(state.parse_action("command KH"))
    state.apply(card("KH"))
    assert state.window_name == "C2"
    refused_text(state, "command QH", 5, IllegalActionError, "no command in window C2")
    refused_text(state, "command any", 5, IllegalActionError, "no command in window C2")


def test_a_command_the_grammar_does_not_allow() -> None:
    state = sizette(captains=(2, 5), command_grammar="exact_only")
    refused_text(state, "command low D", 2, IllegalActionError, r"grammar: exact_only")


def test_a_close_by_the_wrong_seat_or_outside_c2() -> None:
    state = sizette(captains=(2, 5))
    refused(state, CLOSE, 2, IllegalActionError, "'close' is not allowed now")
    state.apply(state.parse_action("command KH"))
    state.apply(card("KH"))
    refused(state, CLOSE, 3, IllegalActionError, "'close' is not allowed now")
    refused(state, CLOSE, 1, IllegalActionError, "you are due to play: play your card to close the window")


def test_a_vole_decision_when_none_is_due_or_by_the_wrong_seat() -> None:
    state = sizette(captains=(0, 5))
    refused(state, VOLE_GO_ON, 0, IllegalActionError, r"is not allowed now \(play\)")
    play(state, "KH QH JH AH 10H 9H  QS JS KS AS 10S 9S  AC 8C KC 9C QC JC")
    assert state.phase_name == "vole"
    refused(state, VOLE_GO_ON, 2, IllegalActionError, "not your turn: seat 0 is to act")
    refused(state, card("8H"), 0, IllegalActionError, "no card is played now$")


def test_a_wrong_cut() -> None:
    state = sizette(captains=(0, 5))
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    assert state.phase_name == "cut" and state.to_move == 5
    refused(state, Cut(10), 2, IllegalActionError, "not your turn: seat 5 is to act")
    refused(state, Cut(1), 5, IllegalActionError, r"'cut 1' is not allowed now \(cut\)")
    refused(state, Cut(35), 5, IllegalActionError, r"'cut 35' is not allowed now")


def test_chance_actions_at_the_wrong_time_or_malformed() -> None:
    state = sizette(captains=(0, 5))
    deal = Deal(tuple(cs(h) for h in DEAL_H), turned=(card("9C"),))
    refused(state, deal, CHANCE, IllegalActionError, "no deal is due now")
    refused(state, Draw(((0, card("KH")),)), CHANCE, IllegalActionError, "no draw is due now")
    # at the deal: hands of the wrong size, a card twice, a turned card the dealer lacks
    state = make("sizette").new_state()
    rng = random.Random(0)
    while state.phase_name != "deal":
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else state.moves()[0])
    short = Deal(tuple(cs(h) for h in DEAL_H[:5]) + (cs("9H 9D 9S 9C 6S"),), turned=(card("9C"),))
    refused(state, short, CHANCE, IllegalActionError, "a deal gives 6 cards to each of 6 seats")
    twice = Deal(tuple(cs(h) for h in DEAL_H[:5]) + (cs("9H 9D 9S 9C 6S KH"),), turned=(card("9C"),))
    refused(state, twice, CHANCE, IllegalActionError, "the hands and the talon must make up the pack, each card once")
    hands = list(DEAL_H)
    dealer = state.dealer
    wrong_turn = next(c for c in cs(hands[(dealer + 1) % 6]))
    refused(state, Deal(tuple(cs(h) for h in DEAL_H), turned=(wrong_turn,)), CHANCE, IllegalActionError,
            "the turned card must be the dealer's last card")
    # a deal that carries its pack is checked card by card: the hands must be the pack's
    good = state.sample_chance(random.Random(1))
    a, b = (dealer + 1) % 6, (dealer + 2) % 6
    hands = list(good.hands)
    hands[a], hands[b] = hands[b], hands[a]
    swapped = Deal(tuple(hands), turned=good.turned, pack=good.pack)
    refused(state, swapped, CHANCE, IllegalActionError, r"the hands are not those seat \d deals from this pack")
    refused(state, Deal(good.hands, turned=good.turned, pack=good.pack[1:] + good.pack[:1]), CHANCE,
            IllegalActionError, "the hands are not those")
    refused(state, good.seen_by(0), CHANCE, IllegalActionError, "a deal with hidden hands is a view")
    state.apply(Deal(good.hands, turned=good.turned, pack=good.pack))   # an equal deal, not the one sampled
    assert state.phase_name == "play"


def test_the_sampled_deal_is_the_tables_and_only_while_a_deal_is_due() -> None:
    state = make("sizette").new_state()
    rng = random.Random(0)
    while state.phase_name != "deal":
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else state.moves()[0])
    sampled = state.sample_chance(rng)
    refused(state, sampled, 0, IllegalActionError, "the table's chance step, not seat 0's")
    after = state.clone()
    after.apply(ABANDON, 1)
    refused(after, sampled, CHANCE, IllegalActionError, "no deal is due now")
    state.apply(sampled, CHANCE)
    assert state.phase_name == "play" and state.history[-1] == (CHANCE, sampled)


def test_actions_after_the_end_of_the_partie() -> None:
    state = sizette(captains=(0, 5), scores=(4, 0))
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    assert state.is_terminal()
    refused(state, card("8H"), 0, IllegalActionError, "the partie is over")
    refused(state, CLOSE, 0, IllegalActionError, "the partie is over")


def test_a_seat_that_does_not_exist() -> None:
    state = sizette(captains=(0, 5))
    refused(state, card("KH"), 7, IllegalActionError, "seat 7 cannot play now|no seat 7|not your turn")
    with pytest.raises(ValueError, match="no seat 9 at this table"):
        state.observation(9)


@pytest.mark.parametrize("text, match", [
    ("", "empty action"),
    ("ask", "missing words"),
    ("ask 0", "a question is"),
    ("ask x count H", "'x' is not a seat number"),
    ("ask 0 count X", "'X' is not a suit"),
    ("say count H many", "'many' is not a count"),
    ("say hold KH maybe", "expected yes or no"),
    ("say", "a statement is"),
    ("command", "a command is"),
    ("command high X", "'X' is not a suit"),
    ("command very high H", "a command is"),
    ("remark hello", 'a remark is written remark "text in quotes"'),
    ("vole maybe", "is not an action"),
    ("cut x", "is not an action"),
    ("fold now", "is not an action"),
    ("ZZ", "'ZZ' is not a card code"),
    ("1H", "is not a card code"),
    ("deal 0=KH", "a deal names every seat"),
    ("draw 0:KH", "expected key=value"),
])
def test_malformed_action_text(text: str, match: str) -> None:
    state = sizette(captains=(2, 5))
    refused_text(state, text, 2, InvalidActionError, match)


def test_apply_takes_objects_not_text() -> None:
    state = sizette(captains=(0, 5))
    refused(state, "KH", 0, InvalidActionError, r"'KH' is not an action of this game \(read text with parse_action\)")


@pytest.mark.parametrize("text", ["AC", "10C", "7C", "9C"])
def test_ambiguous_card_text(text: str) -> None:
    state = sizette(captains=(0, 5))
    refused_text(state, text, 0, AmbiguousActionError, f"'{text}' is ambiguous", lang=None)
    # the same text is fine once the language is given
    assert state.parse_action(text, "en") == card(text)
    assert state.parse_action(text, "fr") == Card(text, "fr")


def test_ambiguous_text_after_a_lead_then_french_card_plays() -> None:
    state = in_trick_one()
    refused_text(state, "7C", 1, AmbiguousActionError, "ambiguous", lang=None)
    # in French, 7C is the sept de cœur: a legal follow for seat 1 (he holds 7H)
    state.apply(state.parse_action("7C", "fr"))
    assert state.observation(0).trick == ((0, card("KH")), (1, card("7H")))
    # and DC (dame de cœur) reads without a language
    assert state.parse_action("DC") == card("QH")


@pytest.mark.parametrize("options, match", [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"target_points": "five"}, "option target_points: 'five' is not a whole number"),
    ({"target_points": -1}, "outside 1..99"),
    ({"play_out_all_tricks": "sometimes"}, "is not true or false"),
    ({"penalty_overflow": "forgive"}, "is not one of split, all_to_opponents, negative_allowed"),
])
def test_unknown_option_or_bad_value(options: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        make("sizette", options)

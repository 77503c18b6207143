"""Every action has a text notation that round-trips: parse(str(a)) == a."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import CARDS, Card, CardSet, Suit
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.sizette.actions import (
    Abandon,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Cut,
    Deal,
    Draw,
    Penalty,
    Remark,
    Say,
    Vole,
    parse_action,
)
from atout.games.sizette.talk import CommandSpec, Question, Statement

EXAMPLES = [
    Card("KH"), Card("10S"), Card("6C"),
    Draw(((0, Card("KH")), (3, Card("7S")))),
    Deal((CardSet.parse("KH QH"), CardSet.parse("7S 6S")), Card("QH")),
    Deal((CardSet.parse("KH"), CardSet.parse("7S")), Card("9D"), CardSet.parse("9D 8D")),
    ChooseDealer(3), Captain(4), Cut(17),
    Ask(2, Question("count", Suit.HEARTS)), Ask(4, Question("which", Suit.CLUBS)),
    Ask(2, Question("hold", card=Card("QS"))), Ask(0, Question("highest", Suit.DIAMONDS)),
    Ask(2, Question("void", Suit.SPADES)),
    Say(Statement("count", Suit.HEARTS, count=2)), Say(Statement("top", Suit.HEARTS, count=2, card=Card("KH"))),
    Say(Statement("cards", Suit.HEARTS, cards=CardSet.parse("KH 7H"))),
    Say(Statement("cards", Suit.HEARTS, cards=CardSet(0))),
    Say(Statement("hold", card=Card("AS"), yes=True)), Say(Statement("hold", card=Card("AS"), yes=False)),
    Say(Statement("highest", Suit.SPADES, card=Card("QS"))), Say(Statement("highest", Suit.SPADES, card=None)),
    Say(Statement("void", Suit.DIAMONDS, yes=True)), Say(Statement("nothing")),
    Remark("J'ai le roi, hélas !"), Remark('quotes " and \\ backslash'),
    Command(CommandSpec("card", card=Card("AH"))), Command(CommandSpec("high", Suit.SPADES)),
    Command(CommandSpec("low", Suit.CLUBS)), Command(CommandSpec("any", Suit.HEARTS)), Command(CommandSpec("any")),
    Close(), Vole(True), Vole(False), Abandon(), ClaimRevoke(), Penalty("misdeal"), Penalty("out_of_turn", 3),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_notation_round_trips(action: object) -> None:
    assert parse_action(str(action), lang="en") == action


def test_every_card_round_trips_in_both_languages() -> None:
    for card in CARDS:
        assert parse_action(str(card), lang="en") == card
        assert parse_action(card.text("fr"), lang="fr") == card
        assert parse_action(card.pretty()) == card


def test_trump_word_in_commands_needs_the_trump_suit() -> None:
    assert parse_action("command high trump", trump=Suit.DIAMONDS) == Command(CommandSpec("high", Suit.DIAMONDS))
    with pytest.raises(InvalidActionError):
        parse_action("command high trump")


@pytest.mark.parametrize("text", ["", "ask", "ask x count H", "say count H", "say count Z 2", "command high",
                                  "vole maybe", "cut x", "deal 0=KH", "remark no quotes", "penalty nap", "ZZ"])
def test_malformed_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse_action(text)


def test_ambiguous_card_text() -> None:
    with pytest.raises(AmbiguousActionError):
        parse_action("AC")
    assert parse_action("AC", lang="en") == Card("AC")
    assert parse_action("AC", lang="fr") == Card("AH")


@given(st.text(max_size=40))
def test_any_remark_round_trips(text: str) -> None:
    assert parse_action(str(Remark(text))) == Remark(text)


@given(st.integers(min_value=0, max_value=10_000))
def test_every_action_of_a_random_partie_round_trips(seed: int) -> None:
    rng = random.Random(seed)
    state = make_game(rng.choice(["sizette", "quadrette"])).new_state()
    for _ in range(80):
        if state.is_terminal():
            break
        if state.to_move == CHANCE:
            action = state.sample_chance(rng)
        else:
            options = list(state.legal_actions()) + state.talk_actions(state.to_move)
            action = rng.choice(options)
        assert state.parse_action(str(action), "en") == action
        state.apply(action)


def test_a_question_or_statement_is_offered_once_a_hand_so_windows_end() -> None:
    from atout.games.sizette.actions import Ask, Say

    game = make_game("sizette")
    state = game.state_from_deal(["KH QH JH AH 10H 9H", "KS QS JS AS 10S 9S", "KD QD JD AD 10D 9D",
                                  "KC QC JC AC 10C 9C", "8H 7H 6H 8S 7S 6S", "8D 7D 6D 8C 7C 6C"], "6C", 5)
    captain = state.to_move
    assert captain == 2  # DP-QD2 default: the first hand's partner captains the leading side
    ask = Ask(4, Question("count", Suit.HEARTS))
    assert ask in state.talk_actions(captain)
    state.apply(ask)
    state.apply(state.legal_actions()[0])  # seat 4 answers
    assert ask not in state.talk_actions(captain)
    with pytest.raises(IllegalActionError, match="already asked this hand"):
        state.apply(ask)
    with pytest.raises(IllegalActionError, match=r"captain \(seat 2\) commands the lead first"):
        state.apply(Card("KH"), 0)
    say = Say(Statement("count", Suit.HEARTS, count=6))
    assert say in state.talk_actions(0)
    state.apply(say, 0)
    assert say not in state.talk_actions(0)
    with pytest.raises(IllegalActionError, match="already said"):
        state.apply(say, 0)
    # talk alone cannot go on for ever: the menus only shrink
    steps = 0
    while state.talk_actions(captain) and steps < 1000:
        state.apply(state.talk_actions(captain)[0])
        while state.to_move != captain:
            state.apply(state.legal_actions()[0])
        steps += 1
    assert steps < 1000 and state.talk_actions(captain) == []

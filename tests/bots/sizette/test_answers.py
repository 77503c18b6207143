"""A team-mate's answer by search: always legal (the engine takes it), decided from the observation
alone, silent where the answer changes nothing for the lead, telling where the captain needs it;
and the search bot's ``answers`` option."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.sizette.answers import answer_decision, is_searched_answer
from atout.bots.sizette.sampler import sample
from atout.bots.sizette.solver import card_values, position_of, rules_of
from atout.bots.sizette.talk_search import BIT_COST
from atout.cards import Card, CardSet, Suit
from atout.chance import Deal
from atout.games import make_game
from atout.games.sizette.actions import Answer, Ask
from atout.games.sizette.talk import Question
from tests.bots.sizette.test_sampler import positions, replayed
from tests.bots.sizette.test_search import twins
from tests.bots.sizette.test_talk_search import opening

CLUBS = Card("9C").suit


def asked(hands: tuple[str, ...], question: Question, turned: str) -> Any:
    """The opening (seat 5 deals and holds ``turned``: seat 0 to lead, seat 2 its captain) after
    the captain asked seat 0 ``question``."""
    deal = Deal(tuple(CardSet.parse(h, "en") for h in hands), turned=(Card(turned),))
    state = make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "2,1"})
    state.apply(Ask(0, question), 2)
    return state


#          seat 0 holds the six top trumps: whatever he leads, his side takes every trick
SURE = ("KC QC JC AC 10C 9C", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD",
        "10H 9H KS QS AS 8C", "8H 6H KD AD 7H 7C", "6C KH 9S 6D 7D 8D")


def test_an_answer_that_changes_nothing_for_the_lead_is_not_given() -> None:
    """Seat 0 holds the six top trumps: every command wins every trick, so telling the captain he has
    no heart gains nothing and tells the opponents something; the bot that would say it (``high``)
    says « nothing »."""
    state = asked(SURE, Question("count", suit=Suit.HEARTS), turned="6C")
    obs = state.observation(0)
    assert is_searched_answer(obs)
    decision = answer_decision(obs, random.Random(2), detail="high", rounds=4, seconds=60)
    assert decision.answers[0].statement.kind != "nothing"          # the heuristic's: its fullest
    assert all(b > 0 for a, b in zip(decision.answers, decision.bits, strict=True) if a.statement.kind != "nothing")
    assert len({w + BIT_COST * b for w, b in zip(decision.worths, decision.bits, strict=True)}) == 1   # same lead
    assert decision.action.statement.kind == "nothing"
    assert decision.action in obs.legal


#          spades trumps (10S turned): seat 0's KS, his highest trump, is the one lead that wins
KING = ("8S KS 6H KH 7C AC", "9S 7H 10H JH 8D AD", "9H QH AH 7D 8C 9C",
        "JS KD 6C 10C JC QC", "AS 6D 9D 10D JD KC", "6S 7S 10S QS 8H QD")


def test_an_answer_the_captain_needs_for_the_one_winning_lead_is_given() -> None:
    """Seat 0 wins the hand only by leading KS. Made to see the whole deal (his worlds: the true
    one; the captain's, sampled as usual), the bot that would say nothing tells the captain his top
    trump, and that answer makes the captain order ``high S``; « nothing » does not."""
    state = asked(KING, Question("which", suit=Suit.SPADES), turned="10S")
    obs = state.observation(0)
    truth = tuple(int(CardSet.parse(h, "en")) for h in KING)
    values = card_values(rules_of(obs), position_of(obs, truth))
    assert [c for c, v in values.items() if v == max(values.values())] == [Card("KS")]

    def seeing(o: Any, rng: random.Random) -> Iterator[Any]:
        if o.seat == 0:
            return itertools.repeat(truth)
        return sample(o, rng)

    decision = answer_decision(obs, random.Random(3), detail="none", rounds=12, seconds=60, sampler=seeing)
    assert decision.answers[0].statement.kind == "nothing"
    told = decision.answers.index(decision.action)
    assert decision.action.statement.kind != "nothing" and decision.action in obs.legal
    assert decision.orders[told].spec.matching(truth[0], make_game("sizette").order.strength) == 1 << Card("KS")
    assert decision.orders[0].spec.matching(truth[0], make_game("sizette").order.strength) != 1 << Card("KS")
    assert decision.worths[told] > decision.worths[0] + 0.5


@pytest.mark.parametrize("game", ["sizette", "quadrette"])
def test_legal_answers_the_engine_takes(game: str) -> None:
    """At real questions of real parties: the answer is listed, and the engine applies it."""
    checked = 0
    for obs, truth in positions(game):
        if not is_searched_answer(obs):
            continue
        decision = answer_decision(obs, random.Random(checked), rounds=4, seconds=60)
        assert decision.action in obs.legal and isinstance(decision.action, Answer)
        assert decision.rounds == 4
        state = replayed(obs, truth)
        assert state is not None
        state.apply(decision.action, obs.seat)
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_poisoned_hidden_cards_change_no_answer() -> None:
    """At real questions, a second real state the answerer cannot tell apart: the same seed gives
    the same answer (the function, and the bot with ``answers="search"``)."""
    checked = 0
    for obs, other in twins("sizette", is_searched_answer):
        decisions = [answer_decision(o, random.Random(8), rounds=4, seconds=60) for o in (obs, other)]
        assert decisions[0] == decisions[1]
        if checked == 0:
            bots = [make_bot("search", "sizette", random.Random(8), answers="search", seconds=60) for _ in range(2)]
            assert bots[0].act(obs) == bots[1].act(other)
        checked += 1
        if checked >= 4:
            break
    assert checked >= 2


def test_the_answers_option() -> None:
    assert make_bot("search", "sizette", random.Random(1)).answers == "heuristic"
    assert make_bot("search", "sizette", random.Random(1), answers="search").answers == "search"
    # a yardstick deaf to the talk would not hear the answers it weighs: it answers as its heuristic
    assert make_bot("search", "sizette", random.Random(1), answers="search", talk=False).answers == "heuristic"
    with pytest.raises(ValueError, match="answers"):
        make_bot("search", "sizette", random.Random(1), answers="always")


def test_other_answers_are_the_heuristics() -> None:
    """A question the search does not weigh (none pending for the seat) is left to the heuristic:
    ``is_searched_answer`` is false before the question, true after."""
    state = opening()
    assert not is_searched_answer(state.observation(0))
    state.apply(Ask(0, Question("count", suit=CLUBS)), 2)
    assert is_searched_answer(state.observation(0))
    assert not is_searched_answer(state.observation(1))

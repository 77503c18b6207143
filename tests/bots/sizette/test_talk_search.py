"""The search bot's captain (questions by value, orders by search) and its yardstick without talk
inference: legal, decided from the observation alone, right where the answer is plain; and
``talk=False`` really ignores what was said."""

from __future__ import annotations

import itertools
import random
from typing import Any

from atout.bots import make_bot
from atout.bots.sizette.sampler import sample
from atout.bots.sizette.talk_search import captain_decision, is_captains_lead
from atout.cards import SUIT_MASK, Card, CardSet
from atout.chance import Deal
from atout.games import make_game
from atout.games.sizette.actions import Answer, Ask, Command
from atout.games.sizette.talk import Question
from tests.bots.clock import BIG_CLOCK
from tests.bots.sizette.test_search import twins

#          seat 0 (leads)              seat 1                seat 2 (A's captain)
HANDS = ("AC KC QC JC 10C 7H", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD",
         "10H 9H KS QS AS 8C", "8H 6H KD AD 6C 7C", "9C KH 9S 6D 7D 8D")
#          seat 3                      seat 4                seat 5 (dealer: 9C turned, clubs trumps)


def opening(hands: tuple[str, ...] = HANDS) -> Any:
    """Sizette, clubs trumps, seat 0 to lead and seat 2 the captain of its side, in window C1."""
    deal = Deal(tuple(CardSet.parse(h, "en") for h in hands), turned=(Card("9C"),))
    return make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "2,1"})


def answered(state: Any, mate: int, question: Question, detail: int = -1) -> Any:
    """``state`` after its captain asked ``mate`` and ``mate`` gave the answer at index ``detail``."""
    state.apply(Ask(mate, question), state.to_move)
    offered = [a for a in state.observation(mate).legal if isinstance(a, Answer)]
    true = [a for a in offered if a.statement.kind != "nothing"]
    state.apply(true[detail], mate)
    return state


def test_talk_false_ignores_every_statement() -> None:
    """Seat 0 said how many trumps it holds: an opponent's worlds all agree with it, and with
    ``talk=False`` some do not (the cards alone cannot tell)."""
    state = answered(opening(), 0, Question("count", suit=Card("9C").suit))
    obs = state.observation(1)
    trumps = SUIT_MASK[Card("9C").suit]
    heard = {(int(w[0]) & trumps).bit_count() for w in itertools.islice(sample(obs, random.Random(2)), 200)}
    deaf = {(int(w[0]) & trumps).bit_count() for w in itertools.islice(sample(obs, random.Random(2), talk=False), 200)}
    assert heard == {5}
    assert 5 in deaf and len(deaf) > 2


def test_the_search_bot_without_talk_samples_without_it() -> None:
    state = answered(opening(), 0, Question("count", suit=Card("9C").suit))
    obs = state.observation(1)
    bot: Any = make_bot("search", "sizette", random.Random(1), talk=False)
    trumps = SUIT_MASK[Card("9C").suit]
    counts = {(int(w[0]) & trumps).bit_count() for w in itertools.islice(bot.sample(obs, random.Random(2)), 100)}
    assert len(counts) > 2
    assert bot.captain == "heuristic"


def test_the_captain_orders_the_master_trumps_he_was_told_of() -> None:
    """Told that the leader holds the five top trumps, the captain orders a trump lead (the vole),
    never the leader's heart nor his free choice."""
    state = answered(opening(), 0, Question("which", suit=Card("9C").suit))
    obs = state.observation(2)
    assert is_captains_lead(obs)
    decision = captain_decision(obs, random.Random(4), worlds=12)
    best = max(decision.means)
    order = decision.action
    assert isinstance(order, Command), order
    led = order.spec.matching(int(CardSet.parse(HANDS[0], "en")), make_game("sizette").order.strength)
    assert led and led & ~SUIT_MASK[Card("9C").suit] == 0
    assert decision.means[decision.moves.index(order)] == best
    free = next(i for i, m in enumerate(decision.moves) if isinstance(m, Command) and m.spec.selector == "any"
                and m.spec.suit is None)
    assert decision.means[free] < best


def test_a_question_whose_answer_is_known_is_worth_nothing() -> None:
    """Once the leader said which trumps he holds, no question about his trumps has any worth (its
    answer is the same in every world), and each question weighed is legal."""
    state = answered(opening(), 0, Question("which", suit=Card("9C").suit))
    obs = state.observation(2)
    decision = captain_decision(obs, random.Random(3), worlds=16)
    trumps = Card("9C").suit
    weighed = [a for a in obs.legal if isinstance(a, Ask) and a.target == 0 and a.question.suit == trumps]
    assert weighed
    assert all(a not in decision.worths for a in weighed)
    assert all(a in obs.legal for a in decision.worths)


def test_poisoned_hidden_cards_change_no_question_nor_order() -> None:
    """At real captains' decisions (C1 questions and orders, C3 orders), a second real state the
    captain cannot tell apart: the same seed asks and orders the same, and legally."""
    checked = 0
    for obs, other in twins("sizette", is_captains_lead):
        choices = [make_bot("search", "sizette", random.Random(8), worlds=4, captain_worlds=6, captain="search",
                            seconds=BIG_CLOCK).act(o)
                   for o in (obs, other)]
        assert choices[0] == choices[1]
        assert choices[0] in obs.legal
        checked += 1
        if checked >= 8:
            break
    assert checked >= 4

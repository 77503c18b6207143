"""The Piquet heuristic: it beats random play clearly, and each of its choices is the sensible one
in a position built for it (the exchange keeps the long suit, the declarations are its best and
true, the play wins a lead cheaply and leads masters)."""

from __future__ import annotations

import random

from atout.bots.piquet.exchange import worst_cards
from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.play import choose_follow, choose_lead
from atout.bots.simulate import simulate
from atout.cards import Card, CardSet
from tests.games.piquet.scenarios import ELDER, YOUNGER, after_exchange, say


def test_heuristic_beats_random() -> None:
    result = simulate("piquet", {"partie": "rubicon4"}, games=40, seed=7)
    low, _ = result["win_rate_ci95"]
    assert result["bots"] == ["heuristic", "random"] and low > 0.8, result


def test_the_exchange_throws_low_singletons_and_keeps_the_long_suit() -> None:
    hand = int(CardSet.parse("AS KS QS JS 9S 7H AD 9C 8D 7D 10C AC"))
    worst = worst_cards(hand, 3)
    assert Card("7H") in worst and not {Card("AS"), Card("KS"), Card("QS"), Card("JS")} & set(worst)


def test_the_declarations_are_its_best_and_true() -> None:
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    bot = HeuristicBot(random.Random(1))
    assert str(bot.act(st.observation(ELDER))) == "point 5"
    say(st, "point 5")
    assert str(bot.act(st.observation(YOUNGER))) == "equal"
    say(st, "equal", "value 45")
    assert str(bot.act(st.observation(YOUNGER))) == "not good"  # his hearts are worth 48


def test_it_leads_masters_and_wins_cheaply() -> None:
    hand = int(CardSet.parse("AS KS 7H 8D"))
    assert choose_lead(hand, 0) in (Card("AS"), Card("KS"))
    assert choose_follow(int(CardSet.parse("AH QH 9H")), 0, Card("JH")) == Card("QH")
    assert choose_follow(int(CardSet.parse("10H 9H 8S")), 0, Card("JH")) == Card("9H")

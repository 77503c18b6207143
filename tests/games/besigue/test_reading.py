"""What a Bésigue player types, read without copy numbers: the engine picks the copies he holds for
a card, an exchange or a declaration; a combination's name alone; ``JK`` and ``joker``; a card
typed with an emoji variation selector. Written with copy numbers, the text stays exact."""

from __future__ import annotations

import pytest

from atout.cards import Card, CardSet, Suit
from atout.errors import ActionError
from atout.games.besigue.actions import Exchange
from atout.games.besigue.declarations import Declaration
from atout.games.besigue.state import BesigueState
from tests.games.besigue.helpers import last_tricks, play, start

VU = {"trump_mode": "turned_card"}
SEAT1 = "7H 7H#2 7H#3 7H#4 8H 8H#2 8H#3 8H#4"
LEADS = "9H#2 8S 9H#3 8S#3"


def won(cards: str) -> BesigueState:
    """Trump spades (the turned 8S#2); seat 0 holds ``cards`` and 9H, wins the first trick, declares."""
    state = start(VU, [f"9H {cards}", SEAT1], top=LEADS, turned="8S#2")
    play(state, "9H", "7H")
    assert state.phase_name == "declare" and state.to_move == 0
    return state


@pytest.mark.parametrize("text, lang", [("marriage KH QH", None), ("marriage KH QH 20", "en"),
                                        ("mariage RC DC", "fr"), ("mariage R♥ D♥", None)])
def test_a_declaration_typed_without_copies_takes_the_copies_held(text: str, lang: str | None) -> None:
    state = won("KH#2 QH#3 7S#3")
    action = state.parse_action(text, lang)
    assert action == Declaration("marriage", CardSet.parse("KH#2 QH#3"), 20)
    state.apply(action)
    assert state.marque == (20, 0)


def test_the_exchange_typed_without_copies() -> None:
    state = won("7S#3")
    for text, lang in [("exchange 7S", None), ("échange 7P", "fr"), ("echange 7♠", None)]:
        assert state.parse_action(text, lang) == Exchange(Card("7S#3"))
    state.apply(state.parse_action("exchange 7S"))
    assert state.retourne == Card("7S#3")


def test_copies_written_stay_exact() -> None:
    state = won("KH#2 QH#3")
    assert state.parse_action("marriage KH QH#3") == Declaration("marriage", CardSet.parse("KH QH#3"), 20)
    with pytest.raises(ActionError):
        state.apply(state.parse_action("marriage KH QH#3"))


def test_a_combination_name_alone() -> None:
    state = won("KH#2 QH#3 QS#2 JD#4")
    assert state.parse_action("besigue") == Declaration("besigue", CardSet.parse("QS#2 JD#4"), 40)
    assert state.parse_action("bésigue", "fr") == Declaration("besigue", CardSet.parse("QS#2 JD#4"), 40)
    assert state.parse_action("marriage") == Declaration("marriage", CardSet.parse("KH#2 QH#3"), 20)
    two = won("KH#2 QH#3 KD QD#2")
    with pytest.raises(ActionError) as refused:
        two.parse_action("mariage", "fr")
    assert refused.value.code == "which_declaration"
    text = refused.value.text("fr")
    assert "mariage RC DC 20" in text and "mariage RK DK 20" in text and "#" not in text
    with pytest.raises(ActionError) as none:
        two.parse_action("quinte")
    assert none.value.code == "bad_declaration" and "#" not in none.value.text("en")


def test_a_name_alone_out_of_the_declaration_time_is_refused_for_that() -> None:
    state = start(VU, ["9H QS JD", SEAT1], top=LEADS, turned="8S#2")
    with pytest.raises(ActionError) as refused:
        state.apply(state.parse_action("besigue"))
    assert refused.value.code == "not_declare_time"


def test_jk_and_joker_read_as_a_joker() -> None:
    state = start(VU, ["9H JK3", SEAT1], top=LEADS, turned="8S#2")
    for text, lang in [("JK", None), ("joker", "en"), ("JO", "fr"), ("Joker", None)]:
        assert state.parse_action(text, lang) == Card("JK3")
    carre = won("KS KH KD JK2")
    assert carre.parse_action("kings KS KH KD JK") == Declaration("kings", CardSet.parse("KS KH KD JK2"), 80)
    assert carre.parse_action("carré-rois RP RC RK joker", "fr").cards == CardSet.parse("KS KH KD JK2")


def test_a_card_with_an_emoji_variation_selector() -> None:
    state = start(VU, ["9H KH#2", SEAT1], top=LEADS, turned="8S#2")
    assert state.parse_action("K♥\ufe0f") == Card("KH#2")
    assert state.parse_action("K\u2665\ufe0e") == Card("KH#2")


def test_refusals_show_no_copy_numbers() -> None:
    state = won("KH#2 QH#3")
    with pytest.raises(ActionError) as refused:
        state.apply(Declaration("kings", CardSet.parse("KH#2 KH#3 KH#4 JK1"), 80))
    assert "#" not in refused.value.text("en") and "marriage KH QH 20" in refused.value.text("en")
    last = start({}, ["", ""])
    last_tricks(last, ["AH#2 AH#3 KH#4 9S", "7H#2"], ["7H#2"], leader=1, trump=int(Suit.SPADES))
    with pytest.raises(ActionError) as follow:
        last.apply(last.parse_action("9S"))
    assert follow.value.code == "must_head" or follow.value.code == "must_follow"
    assert follow.value.text("en").endswith("AH KH") and "#" not in follow.value.text("fr")

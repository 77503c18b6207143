"""The action classes of Sizette and Quadrette: their kinds, their English notation (what records
hold), the checks their constructors make, and the typed JSON of the talk pieces."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout import chance
from atout.actions import ActionKind
from atout.cards import Card, CardSet, Suit
from atout.errors import InvalidActionError
from atout.games.sizette.actions import (
    ABANDON,
    ACCEPT,
    CLAIM_REVOKE,
    CLOSE,
    DISPUTE,
    MAX_REMARK_LENGTH,
    PENALTY_KINDS,
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
    checked_remark,
)
from atout.games.sizette.talk import NOTHING, CommandSpec, Question, Statement

KINDS = [
    (Captain(2), ActionKind.MOVE), (ChooseDealer(3), ActionKind.MOVE), (Cut(12), ActionKind.MOVE),
    (Ask(2, Question("count", Suit.HEARTS)), ActionKind.TALK), (Say(NOTHING), ActionKind.TALK),
    (Remark("bonjour"), ActionKind.TALK), (Command(CommandSpec("any")), ActionKind.MOVE), (CLOSE, ActionKind.MOVE),
    (Vole(True), ActionKind.MOVE), (ABANDON, ActionKind.TABLE), (CLAIM_REVOKE, ActionKind.CLAIM),
    (Penalty("misdeal"), ActionKind.CLAIM), (ACCEPT, ActionKind.CLAIM), (DISPUTE, ActionKind.CLAIM),
    (Card("KH"), ActionKind.MOVE),
    (Draw(((0, Card("KH")),)), ActionKind.CHANCE), (Deal((CardSet.parse("KH"),), turned=(Card("KH"),)), ActionKind.CHANCE),
]


@pytest.mark.parametrize("action, kind", KINDS, ids=lambda a: str(a))
def test_every_action_has_its_kind(action: Any, kind: ActionKind) -> None:
    assert action.kind is kind


def test_draw_and_deal_are_the_shared_chance_steps() -> None:
    assert Draw is chance.Draw and Deal is chance.Deal


# English notation: exactly what the records have always held
ENGLISH = [
    (ChooseDealer(3), "dealer 3"), (Captain(4), "captain 4"), (Cut(17), "cut 17"),
    (Ask(2, Question("count", Suit.HEARTS)), "ask 2 count H"), (Ask(4, Question("which", Suit.CLUBS)), "ask 4 which C"),
    (Ask(2, Question("hold", card=Card("QS"))), "ask 2 hold QS"),
    (Ask(0, Question("highest", Suit.DIAMONDS)), "ask 0 highest D"), (Ask(2, Question("void", Suit.SPADES)), "ask 2 void S"),
    (Say(Statement("count", Suit.HEARTS, count=2)), "say count H 2"),
    (Say(Statement("top", Suit.HEARTS, count=2, card=Card("KH"))), "say top H 2 KH"),
    (Say(Statement("cards", Suit.HEARTS, cards=CardSet.parse("KH 7H"))), "say cards H 7H KH"),
    (Say(Statement("cards", Suit.HEARTS)), "say cards H -"),
    (Say(Statement("hold", card=Card("AS"), yes=True)), "say hold AS yes"),
    (Say(Statement("hold", card=Card("AS"), yes=False)), "say hold AS no"),
    (Say(Statement("highest", Suit.SPADES, card=Card("QS"))), "say highest S QS"),
    (Say(Statement("highest", Suit.SPADES)), "say highest S none"),
    (Say(Statement("void", Suit.DIAMONDS, yes=True)), "say void D yes"), (Say(NOTHING), "say nothing"),
    (Remark('quotes " and \\ backslash, été'), 'remark "quotes \\" and \\\\ backslash, été"'),
    (Command(CommandSpec("card", card=Card("AH"))), "command AH"), (Command(CommandSpec("high", Suit.SPADES)), "command high S"),
    (Command(CommandSpec("low", Suit.CLUBS)), "command low C"), (Command(CommandSpec("any", Suit.HEARTS)), "command any H"),
    (Command(CommandSpec("any")), "command any"), (Close(), "close"), (Vole(True), "vole continue"),
    (Vole(False), "vole stop"), (Abandon(), "abandon"), (ClaimRevoke(), "claim revoke"),
    (Penalty("misdeal"), "penalty misdeal"), (Penalty("out_of_turn", 3), "penalty out_of_turn 3"),
    (ACCEPT, "accept"), (DISPUTE, "dispute"),
]


@pytest.mark.parametrize("action, text", ENGLISH, ids=[t for _, t in ENGLISH])
def test_english_notation(action: object, text: str) -> None:
    assert str(action) == text
    if not isinstance(action, Remark):  # a remark's ``text`` is its words
        assert action.text("en") == text  # type: ignore[attr-defined]


def test_french_text_of_actions_and_talk_pieces() -> None:
    assert Ask(2, Question("count", Suit.HEARTS)).text("fr") == "demande 2 nombre C"
    assert Question("hold", card=Card("QS")).text("fr") == "tiens DP"
    assert Statement("top", Suit.HEARTS, count=2, card=Card("KH")).text("fr") == "par C 2 RC"
    assert Statement("void", Suit.DIAMONDS, yes=False).text("fr") == "renonce K non"
    assert CommandSpec("high", Suit.CLUBS).text("fr") == "haute T"
    assert CommandSpec("any").text("fr") == "libre"
    assert Penalty("looked_at_tricks", 1).text("fr") == "pénalité levées_regardées 1"
    assert Vole(False).text("fr") == "vole arrête"
    assert (ACCEPT.text("fr"), DISPUTE.text("fr")) == ("accepte", "conteste")
    with pytest.raises(InvalidActionError, match="unknown language 'de'"):
        Close().text("de")


def test_talk_pieces_to_json() -> None:
    assert Question("count", Suit.HEARTS).to_json() == {"kind": "count", "suit": "H"}
    assert Question("hold", card=Card("10S")).to_json() == {"kind": "hold", "card": "10S"}
    assert Statement("count", Suit.HEARTS, count=2).to_json() == {"kind": "count", "suit": "H", "count": 2}
    assert Statement("top", Suit.CLUBS, count=3, card=Card("AC")).to_json() == {
        "kind": "top", "suit": "C", "count": 3, "card": "AC"}
    assert Statement("cards", Suit.HEARTS, cards=CardSet.parse("KH 7H")).to_json() == {
        "kind": "cards", "suit": "H", "cards": ["7H", "KH"]}
    assert Statement("hold", card=Card("QD"), yes=False).to_json() == {"kind": "hold", "card": "QD", "yes": False}
    assert Statement("highest", Suit.SPADES).to_json() == {"kind": "highest", "suit": "S", "card": None}
    assert Statement("void", Suit.DIAMONDS, yes=True).to_json() == {"kind": "void", "suit": "D", "yes": True}
    assert NOTHING.to_json() == {"kind": "nothing"}
    assert CommandSpec("high", Suit.SPADES).to_json() == {"selector": "high", "suit": "S"}
    assert CommandSpec("card", card=Card("KH")).to_json() == {"selector": "card", "card": "KH"}
    assert CommandSpec("any").to_json() == {"selector": "any"}
    json.dumps([NOTHING.to_json(), CommandSpec("any", Suit.HEARTS).to_json()])  # JSON-ready


def test_a_penalty_names_a_known_fault() -> None:
    assert {Penalty(k).fault for k in PENALTY_KINDS} == set(PENALTY_KINDS)
    with pytest.raises(InvalidActionError, match="'nap' is not a fault"):
        Penalty("nap")


def test_a_remark_is_plain_nfc_text() -> None:
    assert Remark("e\u0301te\u0301").text == "été" and Remark("e\u0301te\u0301") == Remark("été")
    assert len(Remark("x" * MAX_REMARK_LENGTH).text) == MAX_REMARK_LENGTH
    assert Remark("😀 ok").text == "😀 ok"
    assert str(Remark("")) == 'remark ""'  # what legal_actions lists when a remark may be made


@pytest.mark.parametrize("text, match", [
    ("\ud800", r"U\+D800 \(a lone surrogate\)"),
    ("a\u0000b", r"U\+0000 \(a control character\)"),
    ("line\nbreak", r"U\+000A"),
    ("tab\there", r"U\+0009"),
    ("\x1b[31mred", r"U\+001B"),
    ("\u0085", r"U\+0085"),
    ("a\u2028b", r"U\+2028 \(a line or direction control\)"),
    ("\u202egauche", r"U\+202E"),
    ("x" * (MAX_REMARK_LENGTH + 1), f"at most {MAX_REMARK_LENGTH} characters"),
])
def test_a_remark_refuses_what_is_not_plain_text(text: str, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match) as refused:
        Remark(text)
    assert refused.value.text("fr") != str(refused.value)  # said in French too
    with pytest.raises(InvalidActionError):
        checked_remark(text)


@given(st.text(max_size=MAX_REMARK_LENGTH))
def test_a_remark_is_either_refused_or_written_as_one_json_string(text: str) -> None:
    try:
        remark = Remark(text)
    except InvalidActionError:
        return
    written = str(remark)
    assert written.startswith('remark "') and json.loads(written[len("remark "):]) == remark.text
    assert "\n" not in written and remark.text == checked_remark(remark.text)

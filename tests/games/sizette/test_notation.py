"""The notation of Sizette and Quadrette actions in English and French: every action round-trips
in both languages, English is ``str(action)``, input in an unknown language is refused when it
reads two ways, and malformed input gets a clear refusal (never a traceback)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.cards import CARDS, Card, CardSet, Suit
from atout.errors import ActionError, AmbiguousActionError, InvalidActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.sizette.actions import (
    ABANDON,
    ACCEPT,
    CLAIM_REVOKE,
    CLOSE,
    DISPUTE,
    MAX_REMARK_LENGTH,
    PENALTY_KINDS,
    VOLE_GO_ON,
    VOLE_STOP,
    Ask,
    Captain,
    ChooseDealer,
    Command,
    Cut,
    Deal,
    Draw,
    Penalty,
    Remark,
    Say,
)
from atout.games.sizette.notation import action_text, parse_action, symbol_text
from atout.games.sizette.talk import (
    NOTHING,
    QUESTION_KINDS,
    SELECTORS,
    SIZETTE_STRENGTH,
    CommandSpec,
    Question,
    Statement,
    answers,
    volunteer_statements,
)
from atout.packs import PACK_36

LANGS = ("en", "fr")


def every_talk_piece() -> Iterator[Any]:
    """Every question, every command, and the statements true of many hands."""
    for suit in Suit:
        for kind in QUESTION_KINDS:
            if kind != "hold":
                yield Ask(1, Question(kind, suit))
        for selector in SELECTORS:
            yield Command(CommandSpec(selector, suit))
        for count in range(14):
            yield Say(Statement("count", suit, count=count))
        yield Say(Statement("highest", suit))
        yield Say(Statement("cards", suit))
        for yes in (True, False):
            yield Say(Statement("void", suit, yes=yes))
    for card in CARDS:
        yield Ask(4, Question("hold", card=card))
        yield Command(CommandSpec("card", card=card))
        for yes in (True, False):
            yield Say(Statement("hold", card=card, yes=yes))
    yield Command(CommandSpec("any"))
    yield Say(NOTHING)
    rng = random.Random(7)
    pack = list(PACK_36)
    for _ in range(60):
        hand = CardSet.of(rng.sample(pack, rng.randint(0, 9)))
        for statement in volunteer_statements(int(hand), SIZETTE_STRENGTH):
            yield Say(statement)
        for suit in Suit:
            for kind in QUESTION_KINDS:
                question = Question(kind, suit) if kind != "hold" else Question("hold", card=rng.choice(pack))
                yield from (Say(s) for s in answers(question, int(hand), SIZETTE_STRENGTH))


def every_other_action() -> Iterator[Any]:
    yield from CARDS
    for seat in range(10):
        yield Captain(seat)
        yield ChooseDealer(seat)
        yield Ask(seat, Question("void", Suit.SPADES))
        for fault in PENALTY_KINDS:
            yield Penalty(fault, seat)
    yield from (Penalty(fault) for fault in PENALTY_KINDS)
    yield from (Cut(n) for n in (0, 1, 9, 17, 31, 35, 999))
    yield from (CLOSE, VOLE_GO_ON, VOLE_STOP, ABANDON, CLAIM_REVOKE, ACCEPT, DISPUTE)
    for text in ("", "à vous", 'il a dit "non"', "back\\slash", "😀", "x" * MAX_REMARK_LENGTH, " espaces ", "ask 2 count C"):
        yield Remark(text)
    hands = (CardSet.parse("KH 7S"), CardSet.parse("9D QC"))
    yield Draw(((0, Card("KH")), (3, Card("7S"))))
    yield Deal(hands, turned=(Card("9D"),))
    yield Deal(hands, talon=(Card("7C"), Card("8C")), turned=(Card("7C"),), pack=(Card("KH"), Card("7S")))
    yield Deal(hands, turned=(Card("9D"),)).seen_by(1)
    yield Deal(hands, talon=(Card("7C"),), turned=(Card("7C"),)).seen_by(None)


ALL = list(every_talk_piece()) + list(every_other_action())


def test_every_action_round_trips_in_both_languages() -> None:
    assert len(ALL) > 1000
    for trump in (None, Suit.DIAMONDS):
        for action in ALL:
            for lang in LANGS:
                text = action_text(action, lang)
                assert parse_action(text, trump, lang) == action, (lang, text)
            assert action_text(action, "en") == str(action)


def test_the_symbol_spelling_cannot_be_read_two_ways() -> None:
    for action in ALL:
        text = symbol_text(action)
        assert parse_action(text) == action, text
        assert parse_action(text, lang="en") == action, text


def test_without_a_language_french_text_reads_as_meant_or_is_refused_as_ambiguous() -> None:
    ambiguous = 0
    for action in ALL:
        for lang in LANGS:
            try:
                assert parse_action(action_text(action, lang)) == action
            except AmbiguousActionError:
                ambiguous += 1
    assert ambiguous > 0


@pytest.mark.parametrize("text, en, fr", [
    ("demande 2 nombre C", None, "ask 2 count H"),
    ("dit par C 2 RC", None, "say top H 2 KH"),
    ("dit cartes T AT 7T", None, "say cards C 7C AC"),
    ("dit tiens RP oui", None, "say hold KS yes"),
    ("dit haute K aucune", None, "say highest D none"),
    ("dit renonce P non", None, "say void S no"),
    ("dit rien", None, "say nothing"),
    ("commande haute C", None, "command high H"),
    ("commande basse T", None, "command low C"),
    ("commande libre K", None, "command any D"),
    ("commande libre", None, "command any"),
    ("commande DT", None, "command QC"),
    ("ferme", None, "close"),
    ("vole arrête", None, "vole stop"),
    ("réclame renonce", None, "claim revoke"),
    ("pénalité maldonne", None, "penalty misdeal"),
    ("pénalité hors_tour 3", None, "penalty out_of_turn 3"),
    ("capitaine 4", None, "captain 4"),
    ("donneur 2", None, "dealer 2"),
    ("coupe 12", None, "cut 12"),
    ("accepte", None, "accept"),
    ("conteste", None, "dispute"),
    ('remarque "à vous"', None, 'remark "à vous"'),
    # English keywords are read in French too, with French cards and suit letters
    ("ask 2 count P", None, "ask 2 count S"),
    ("say top C 2 RC", None, "say top H 2 KH"),
    ("command high K", None, "command high D"),
    # the same both ways
    ("vole continue", "vole continue", "vole continue"),
    ("abandon", "abandon", "abandon"),
    ("close", "close", "close"),
    ("penalty misdeal 3", "penalty misdeal 3", "penalty misdeal 3"),
    ("ask 2 count H", "ask 2 count H", None),
])
def test_french_and_english_readings(text: str, en: str | None, fr: str | None) -> None:
    for lang, expected in (("en", en), ("fr", fr)):
        if expected is None:
            with pytest.raises(InvalidActionError):
                parse_action(text, lang=lang)
        else:
            assert str(parse_action(text, lang=lang)) == expected
    assert str(parse_action(text)) == (en or fr)


@pytest.mark.parametrize("text", ["PÉNALITÉ MALDONNE", "penalite maldonne", "Pénalité Maldonne"])
def test_keywords_ignore_case_and_accents(text: str) -> None:
    assert parse_action(text) == Penalty("misdeal")
    assert parse_action("ASK 2 COUNT ♥", lang="en") == parse_action("Demande 2 Nombre cœur")
    assert parse_action("dit nombre coeur 2") == Say(Statement("count", Suit.HEARTS, count=2))
    assert parse_action("say count hearts 2") == Say(Statement("count", Suit.HEARTS, count=2))


@pytest.mark.parametrize("text, en, fr", [
    ("ask 2 count C", "ask 2 count ♣", "ask 2 count ♥"),
    ("ask 2 hold AC", "ask 2 hold A♣", "ask 2 hold A♥"),
    ("say count C 2", "say count ♣ 2", "say count ♥ 2"),
    ("say cards C AC 7C", "say cards ♣ 7♣ A♣", "say cards ♥ 7♥ A♥"),
    ("command high C", "command high ♣", "command high ♥"),
    ("command 10C", "command 10♣", "command 10♥"),
])
def test_text_that_reads_differently_in_each_language_is_ambiguous(text: str, en: str, fr: str) -> None:
    with pytest.raises(AmbiguousActionError) as refused:
        parse_action(text)
    message = str(refused.value)
    assert f"'{text}' is ambiguous" in message and f"'{en}' in English" in message and f"'{fr}' in French" in message
    assert "symbols" in message and "choose the language" in message
    assert "ambigu" in refused.value.text("fr") and "choisissez la langue" in refused.value.text("fr")
    # the advice works: the symbol spellings and the language read unambiguously
    assert parse_action(en) == parse_action(text, lang="en")
    assert parse_action(fr) == parse_action(text, lang="fr")


def test_ambiguous_card_codes() -> None:
    with pytest.raises(AmbiguousActionError, match="'AC' is ambiguous"):
        parse_action("AC")
    assert parse_action("AC", lang="en") == Card("AC")
    assert parse_action("AC", lang="fr") == Card("AH")
    assert parse_action("DC") == Card("QH") and parse_action("KH") == Card("KH")


def test_trump_in_commands() -> None:
    assert parse_action("command high trump", Suit.DIAMONDS, "en") == Command(CommandSpec("high", Suit.DIAMONDS))
    assert parse_action("commande basse atout", Suit.CLUBS, "fr") == Command(CommandSpec("low", Suit.CLUBS))
    assert parse_action("command any trump", Suit.HEARTS) == Command(CommandSpec("any", Suit.HEARTS))
    # written as the suit it stands for
    assert action_text(parse_action("command high trump", Suit.CLUBS), "en") == "command high C"
    assert action_text(parse_action("command high trump", Suit.CLUBS), "fr") == "commande haute T"
    for lang in (None, "en", "fr"):
        with pytest.raises(InvalidActionError, match="needs the trump suit, which is not known yet") as refused:
            parse_action("command high trump", None, lang)
        assert "atout" in refused.value.text("fr")


# ------------------------------------------------------------------------------ input bugs


@pytest.mark.parametrize("text", ["say count H ²", "cut ²", "captain ²", "captain ٣", "dealer ３", "cut ①",
                                  "ask ² count H", "say top H ³ KH", "penalty out_of_turn ٣", "cut 1²",
                                  "cut " + "9" * 5000, "say count H 99", "captain 10", "cut -1", "cut +3"])
@pytest.mark.parametrize("lang", [None, "en", "fr"])
def test_only_ascii_digits_are_numbers(text: str, lang: str | None) -> None:
    if lang == "fr" and " H " in text:
        text = text.replace(" H ", " C ")
    with pytest.raises(InvalidActionError, match="is not (a count|a cut position|a seat number)") as refused:
        parse_action(text, lang=lang)
    assert "ASCII digits" in str(refused.value) and "chiffres 0 à 9" in refused.value.text("fr")


def test_ascii_numbers_still_read() -> None:
    assert parse_action("captain 3") == Captain(3)
    assert parse_action("cut 007") == Cut(7)
    assert parse_action("say count H 13") == Say(Statement("count", Suit.HEARTS, count=13))


@pytest.mark.parametrize("text, match", [
    ('remark "\\ud800"', "lone surrogate"),
    ('remark "\\udfff tail"', "lone surrogate"),
    ('remark "\ud800"', "lone surrogate"),
    ('remark "' + "[" * 100_000 + '"', f"at most {MAX_REMARK_LENGTH} characters"),
    ("remark " + "[" * 100_000, "a remark is written"),
    ("remark [[[[[]]]]]", "a remark is written"),
    ('remark {"a": 1}', "a remark is written"),
    ("remark 12", "a remark is written"),
    ('remark "a" "b"', "a remark is written"),
    ('remark "open', "a remark is written"),
    ('remark "raw\ttab"', "a remark is written"),
    ('remark "\\u0007 bell"', "control character"),
    ('remark "line\\nbreak"', "control character"),
    ('remark "\\u202e reversed"', "direction control"),
    ('remark "' + "é" * (MAX_REMARK_LENGTH + 1) + '"', f"at most {MAX_REMARK_LENGTH} characters"),
    ("remark 'single quotes'", "a remark is written"),
    ("remark", "a remark is written"),
])
def test_a_remark_is_one_json_string_of_plain_text(text: str, match: str) -> None:
    for lang in (None, "en", "fr"):
        with pytest.raises(InvalidActionError, match=match):
            parse_action(text, lang=lang)


def test_remarks_are_normalised_to_nfc() -> None:
    assert parse_action('remark "e\u0301te\u0301"') == Remark("été")
    assert parse_action('remark "e\\u0301t\\u00e9"').text == "été"  # type: ignore[union-attr]
    assert parse_action('remarque "\\ud83d\\ude00"') == Remark("😀")  # a surrogate pair is one character


@pytest.mark.parametrize("text, match", [
    ("", "empty action"),
    ("   ", "empty action"),
    ("ask", "missing words"),
    ("ask 0", "a question is"),
    ("ask x count H", "'x' is not a seat number"),
    ("ask 0 count X", "'X' is not a suit"),
    ("ask 0 count H extra", "a question is"),
    ("say count H many", "'many' is not a count"),
    ("say hold KH maybe", "expected yes or no"),
    ("say", "a statement is"),
    ("say top H 2", "a statement is"),
    ("command", "a command is"),
    ("command high X", "'X' is not a suit"),
    ("command very high H", "a command is"),
    ("command ZZ", "'ZZ' is not a card code"),
    ("remark hello", 'a remark is written remark "text in quotes"'),
    ("vole maybe", r"is not an action \(write vole continue or vole stop\)"),
    ("close now", r"is not an action \(write close\)"),
    ("claim victory", r"write claim revoke"),
    ("penalty nap", "'nap' is not a fault"),
    ("penalty misdeal 3 4", "write penalty"),
    ("cut x", "is not an action"),
    ("cut", "write cut POSITION"),
    ("fold now", "is not an action"),
    ("ZZ", "'ZZ' is not a card code"),
    ("1H", "is not a card code"),
    ("deal 0=KH", "a deal names every seat"),
    ("deal 0=KH 1=7S", "the turned card"),
    ("draw 0:KH", "expected key=value"),
    ("draw", "is not a chance step"),
    ("draw 0=ZZ", "is not a card code"),
])
def test_malformed_text_is_refused_clearly(text: str, match: str) -> None:
    with pytest.raises(InvalidActionError, match=match):
        parse_action(text, lang="en")
    with pytest.raises((InvalidActionError, AmbiguousActionError)):
        parse_action(text)


def test_refusals_are_said_in_french_too() -> None:
    for text in ("ask", "ask 0", "say count H many", "command very high H", "remark hello", "vole maybe",
                 "cut ²", "ZZ", "penalty nap", 'remark "\\ud800"', "fold now", "", "deal 0=KH"):
        with pytest.raises(ActionError) as refused:
            parse_action(text, lang="en")
        assert refused.value.text("fr") != str(refused.value), text


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(InvalidActionError, match="unknown language 'de'"):
        parse_action("KH", lang="de")
    with pytest.raises(InvalidActionError, match="unknown language 'de'"):
        action_text(Card("KH"), "de")


def test_every_action_of_random_parties_round_trips_through_the_state() -> None:
    """What the state offers each seat (every kind) is written and read back by the state."""
    rng = random.Random(5)
    for name in ("sizette", "quadrette"):
        state = make_game(name).new_state()
        for _ in range(150):
            if state.is_terminal():
                break
            if state.to_move == CHANCE:
                action = state.sample_chance(rng)
                offered = [action]
            else:
                offered = [a for seat in range(state.game.num_seats) for a in state.legal_actions(seat)]
                action = rng.choice(list(state.moves()))
            for a in offered:
                for lang in LANGS:
                    assert state.parse_action(state.action_text(a, lang), lang) == a
            state.apply(action)

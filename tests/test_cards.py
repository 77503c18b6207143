"""Cards and card sets: notation round trips (English, French, symbols), ambiguity, bad codes,
and the CardSet set API (RULES.md §0.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import CARDS, Card, CardSet, Rank, Suit, card_of, parse_card
from atout.errors import AmbiguousActionError, InvalidActionError

ALL = list(CARDS)
# English codes that also read as a *different* French card: clubs (C = cœur in French) with a rank
# written the same in both languages (A, 2–10).
AMBIGUOUS = {c for c in ALL if c.suit == Suit.CLUBS and c.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING)}


def test_there_are_52_distinct_cards_indexed_suit_times_13_plus_rank() -> None:
    assert len(ALL) == 52 and len(set(ALL)) == 52
    assert [int(c) for c in ALL] == list(range(52))
    assert Card("KH") == 1 * 13 + Rank.KING
    assert Card("KH").suit is Suit.HEARTS and Card("KH").rank is Rank.KING
    assert card_of(Rank.TEN, Suit.SPADES) == Card("10S")


@pytest.mark.parametrize("card", ALL, ids=str)
def test_english_code_round_trips(card: Card) -> None:
    text = str(card)
    assert text == card.text("en")
    assert Card(text) == card                      # canonical English by default
    assert Card(text, lang="en") == card
    assert CardSet.parse(text) == CardSet.of([card])
    if card not in AMBIGUOUS:
        assert parse_card(text, None) == card       # either language: unambiguous codes read the same
        assert parse_card(text) == card


@pytest.mark.parametrize("card", ALL, ids=str)
def test_french_code_round_trips(card: Card) -> None:
    assert Card(card.text("fr"), lang="fr") == card


@pytest.mark.parametrize("card", ALL, ids=str)
def test_symbol_notation_round_trips_in_any_language(card: Card) -> None:
    pretty = card.pretty()
    assert pretty[-1] in "♠♥♦♣"
    assert Card(pretty) == card
    assert parse_card(pretty, None) == card
    if card.rank not in (Rank.JACK, Rank.QUEEN, Rank.KING):     # ranks written the same in French
        assert Card(pretty, lang="fr") == card


def test_known_codes_in_each_notation() -> None:
    king_of_hearts = Card("KH")
    assert Card("RC", lang="fr") == king_of_hearts       # roi de cœur
    assert parse_card("RC", None) == king_of_hearts       # unambiguous when both languages are tried
    assert parse_card("RC") == king_of_hearts
    assert Card("K♥") == king_of_hearts
    assert Card("K♡") == king_of_hearts                   # outline symbol accepted
    assert Card(" kh ") == king_of_hearts                 # case and spaces tolerated
    assert king_of_hearts.text("fr") == "RC"
    assert king_of_hearts.pretty() == "K♥"
    assert king_of_hearts.name_in("fr") == "roi de cœur"
    assert king_of_hearts.name_in("en") == "king of hearts"
    assert Card("VP", lang="fr") == Card("JS")            # valet de pique
    assert Card("DK", lang="fr") == Card("QD")            # dame de carreau
    assert Card("AT", lang="fr") == Card("A♣") == Card("AC")   # as de trèfle
    assert Card("TS") == Card("10S")                      # T for ten
    assert repr(Card("10S")) == "Card('10S')"
    assert Card(37) == CARDS[37]


def test_french_codes_are_not_read_as_english_by_default() -> None:
    with pytest.raises(InvalidActionError, match="'RC' is not a card code in en"):
        Card("RC")
    with pytest.raises(InvalidActionError):
        CardSet.parse("RC 7P")
    assert CardSet.parse("RC 7P", lang=None) == CardSet.parse("KH 7S")


@pytest.mark.parametrize("text, english, french", [
    ("AC", "A♣", "A♥"), ("10C", "10♣", "10♥"), ("6C", "6♣", "6♥"), ("9C", "9♣", "9♥"),
])
def test_ambiguous_codes_without_a_language(text: str, english: str, french: str) -> None:
    for read in (lambda: parse_card(text), lambda: parse_card(text, None),
                 lambda: CardSet.parse(f"KH {text}", lang=None)):
        with pytest.raises(AmbiguousActionError) as err:
            read()
        message = str(err.value)
        assert "ambiguous" in message and english in message and french in message
    assert Card(text) == Card(english)                    # canonical English by default
    assert Card(text, lang="en") == Card(english)
    assert Card(text, lang="fr") == Card(french)
    assert parse_card(text, "fr") == Card(french)


def test_exactly_the_clubs_with_shared_rank_codes_are_ambiguous() -> None:
    found = set()
    for card in ALL:
        try:
            parse_card(str(card))
        except AmbiguousActionError:
            found.add(card)
    assert found == AMBIGUOUS
    assert len(found) == 10


@pytest.mark.parametrize("text", ["ZZ", "1H", "", "KX", "11H", "K", "10", "H", "KHH", "♥K"])
def test_invalid_codes_are_refused(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not a card code"):
        Card(text)
    with pytest.raises(InvalidActionError, match="is not a card code"):
        parse_card(text)


def test_invalid_code_in_a_given_language_names_the_language() -> None:
    with pytest.raises(InvalidActionError, match="in fr"):
        Card("KH", lang="fr")       # K is not a French rank, H not a French suit
    with pytest.raises(InvalidActionError, match="in en"):
        Card("RC", lang="en")
    with pytest.raises(InvalidActionError, match="unknown language"):
        Card("KH", lang="de")


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_card_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidActionError, match="no card has index"):
        Card(index)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Card("ZZ")
    with pytest.raises(ValueError):
        parse_card("AC")


def test_parse_card_is_the_card_constructor() -> None:
    assert parse_card("QD") == Card("QD")
    assert parse_card("AC", "fr") == Card("AH")


# --------------------------------------------------------------------------- CardSet


def test_cardset_basic_set_api() -> None:
    s = CardSet.parse("KH QH 7S", "en")
    assert len(s) == 3 and bool(s)
    assert Card("QH") in s and Card("JH") not in s
    assert "KH" not in s                       # only cards are members
    assert list(s) == [Card("7S"), Card("QH"), Card("KH")]   # lowest index first
    assert str(s) == "7S QH KH"
    assert repr(s) == "CardSet.parse('7S QH KH')"
    assert s.text("fr") == "7P DC RC"
    other = CardSet.parse("KH 9D", "en")
    assert s | other == CardSet.parse("7S QH KH 9D", "en")
    assert s & other == CardSet.parse("KH", "en")
    assert s - other == CardSet.parse("7S QH", "en")
    assert s ^ other == CardSet.parse("7S QH 9D", "en")
    assert s.add(Card("9D")) == CardSet.parse("7S QH KH 9D", "en")
    assert s.remove(Card("QH")) == CardSet.parse("7S KH", "en")
    assert s == CardSet.parse("KH QH 7S", "en")            # immutable: operations return new sets
    with pytest.raises(KeyError):
        s.remove(Card("JH"))
    assert s.of_suit(Suit.HEARTS) == CardSet.parse("KH QH", "en")
    assert s.of_suit(Suit.CLUBS) == CardSet(0)
    assert CardSet.parse("KH", "en").issubset(s) and not other.issubset(s)
    assert isinstance(s | other, CardSet) and isinstance(s.add(Card("2C", "en")), CardSet)


def test_cardset_empty_forms() -> None:
    empty = CardSet()
    assert len(empty) == 0 and not empty and list(empty) == []
    assert str(empty) == "-"
    assert CardSet.parse("-") == empty and CardSet.parse("") == empty and CardSet.parse("  ") == empty


def test_cardset_of_parse_separators_and_hash() -> None:
    a = CardSet.of([Card("KH"), Card("7S")])
    assert CardSet.parse("KH,7S") == a == CardSet.parse("7S  KH") == CardSet.parse("K♥ 7♠")
    assert CardSet.parse("RC 7P", lang="fr") == a == CardSet.parse("RC 7S", lang=None)
    assert hash(a) == hash(CardSet.parse("7S KH"))
    assert {a: 1}[CardSet.parse("7S KH")] == 1
    assert CardSet.of([Card("KH"), Card("KH")]) == CardSet.parse("KH")


card_sets = st.sets(st.sampled_from(ALL)).map(CardSet.of)


@given(card_sets)
def test_cardset_parse_str_round_trip(s: CardSet) -> None:
    assert CardSet.parse(str(s)) == s
    assert CardSet.parse(str(s), "en") == s
    assert CardSet.parse(repr(s)[len("CardSet.parse('"):-2]) == s


@given(card_sets)
def test_cardset_round_trips_in_french(s: CardSet) -> None:
    assert CardSet.parse(s.text("fr") or "-", "fr") == s


@given(card_sets)
def test_cardset_round_trips_with_symbols_in_any_language(s: CardSet) -> None:
    assert CardSet.parse(" ".join(c.pretty() for c in s), lang=None) == s


@given(st.sets(st.sampled_from([c for c in ALL if c not in AMBIGUOUS])).map(CardSet.of))
def test_cardset_without_ambiguous_codes_reads_the_same_in_either_language(s: CardSet) -> None:
    assert CardSet.parse(str(s), lang=None) == s


@given(card_sets, card_sets)
def test_cardset_operations_match_python_sets(a: CardSet, b: CardSet) -> None:
    sa, sb = set(a), set(b)
    assert set(a | b) == sa | sb
    assert set(a & b) == sa & sb
    assert set(a - b) == sa - sb
    assert set(a ^ b) == sa ^ sb
    assert a.issubset(b) == sa.issubset(sb)
    assert len(a) == len(sa)
    assert list(a) == sorted(sa)

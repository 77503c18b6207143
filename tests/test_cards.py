"""Cards and card sets: notation round trips (English, French, symbols), ambiguity, bad codes,
copies and jokers (multi-pack games), lookup tables, and the CardSet set API (RULES.md §0.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import (
    ALL_CARDS,
    BASE_OF,
    CARDS,
    COPIES_MASK,
    COPY_INDEX,
    JOKER_MASK,
    JOKER_RANK,
    JOKER_SUIT,
    JOKERS,
    NUM_CARDS,
    RANK_CODES,
    RANK_INDEX,
    SUIT_INDEX,
    SUIT_MASK,
    SUIT_MASK_ALL,
    Card,
    CardSet,
    Rank,
    Suit,
    base_of,
    card_of,
    cards_of,
    copies_of,
    joker,
    parse_card,
)
from atout.errors import ActionError, AmbiguousActionError, InvalidActionError
from atout.packs import PACK_32, PACK_36, PACK_52, PACK_BESIGUE, PACK_BEZIQUE_64

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


@pytest.mark.parametrize("index", [-1, 212, 300])
def test_card_index_out_of_range(index: int) -> None:
    with pytest.raises(InvalidActionError, match="no card has index") as err:
        Card(index)
    assert err.value.code == "no_card_index" and err.value.text("fr") == f"aucune carte n'a l'indice {index}"


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


# --------------------------------------------------------------------------- copies and jokers

EVERY = list(ALL_CARDS)
PACKS = {"52": PACK_52, "36": PACK_36, "32": PACK_32, "besigue": PACK_BESIGUE, "bezique64": PACK_BEZIQUE_64}
SHARED_RANK_CODES = {r for r in Rank if RANK_CODES["en"][r] == RANK_CODES["fr"][r]}


def test_card_identities_copies_then_jokers() -> None:
    assert NUM_CARDS == 212 == len(EVERY) == len(set(EVERY))
    assert [int(c) for c in EVERY] == list(range(212))
    assert CARDS == tuple(EVERY[:52])                      # the first copy: ids unchanged
    assert Card("KH#2") == 52 + 1 * 13 + Rank.KING
    assert Card("7C#4") == 3 * 52 + 3 * 13 + Rank.SEVEN
    assert [int(j) for j in JOKERS] == [208, 209, 210, 211] == [int(joker(n)) for n in (1, 2, 3, 4)]
    assert Card(211) == Card("JK4")


@pytest.mark.parametrize("card", EVERY, ids=str)
def test_tables_and_properties_agree(card: Card) -> None:
    if card.is_joker:
        assert card.suit is None and card.rank is None
        assert SUIT_INDEX[card] == JOKER_SUIT and RANK_INDEX[card] == JOKER_RANK
        assert joker(card.copy) == card and COPY_INDEX[card] == card.copy - 1
        assert JOKER_MASK >> card & 1
    else:
        assert card.suit is not None and card.rank is not None
        assert SUIT_INDEX[card] == card.suit and RANK_INDEX[card] == card.rank
        assert card_of(card.rank, card.suit, card.copy) == card
        assert COPY_INDEX[card] == card.copy - 1 and 1 <= card.copy <= 4
        assert SUIT_MASK_ALL[card.suit] >> card & 1 and not JOKER_MASK >> card & 1
        assert bool(SUIT_MASK[card.suit] >> card & 1) == (card.copy == 1)
    assert card.bit == 1 << card and Card(int(card)) is card


def test_suit_masks_partition_every_card() -> None:
    assert sum(SUIT_MASK_ALL) + JOKER_MASK == (1 << NUM_CARDS) - 1
    for s in Suit:
        assert SUIT_MASK[s] == SUIT_MASK_ALL[s] & int(PACK_52)
        assert SUIT_MASK_ALL[s].bit_count() == 4 * 13 and SUIT_MASK[s].bit_count() == 13
        for t in Suit:
            assert s == t or not SUIT_MASK_ALL[s] & SUIT_MASK_ALL[t]
        assert not SUIT_MASK_ALL[s] & JOKER_MASK


def test_copies_group_by_base_card() -> None:
    groups: dict[Card, set[Card]] = {}
    for card in EVERY:
        base = base_of(card)
        assert base == BASE_OF[card] and base.copy == 1
        assert card in copies_of(card) and COPIES_MASK[card] == copies_of(card)
        groups.setdefault(base, set()).add(card)
    assert len(groups) == 53                                 # 52 cards and "the" joker
    for base, members in groups.items():
        assert len(members) == 4 and CardSet.of(members) == copies_of(base)
        assert {(m.suit, m.rank) for m in members} == {(base.suit, base.rank)}
    assert copies_of(Card("JK3")) == CardSet.of(JOKERS)
    assert base_of(Card("QS#3")) == Card("QS") and base_of(Card("QS")) == Card("QS")


def test_copy_and_joker_notation() -> None:
    assert str(Card("KH#2")) == "KH#2" and Card("KH#2").text("fr") == "RC#2"
    assert Card("KH#2").pretty() == "K♥#2" and Card("KH#2").pretty("fr") == "R♥#2"
    assert Card("KH#1") == Card("KH") and str(Card("KH#1")) == "KH"     # copy 1 is written plainly
    assert Card("RC#3", lang="fr") == Card("K♥#3") == Card("kh#3") == Card(" R♡#3 ", lang="fr")
    assert Card("TS#2") == Card("10S#2")
    assert str(Card("JK1")) == "JK1" and Card("JK1").text("fr") == "JO1" and Card("JK1").pretty() == "JK1"
    assert Card("JO2", lang="fr") == Card("JK2") == parse_card("JO2") == parse_card("jk2", None)
    assert repr(Card("JK4")) == "Card('JK4')" and repr(Card("AD#4")) == "Card('AD#4')"
    assert Card("KH#2").name_in("en") == "king of hearts (copy 2)"
    assert Card("KH#2").name_in("fr") == "roi de cœur (exemplaire 2)"
    assert Card("JK3").name_in("fr") == "joker 3"


@pytest.mark.parametrize("text", ["KH#0", "KH#5", "KH#", "KH#12", "KH#02", "KH #2", "KH#２", "#2", "JK", "JK0",
                                  "JK5", "JK12", "JK1#2", "JKH", "JO", "J1", "JK１", "K#2H"])
def test_bad_copy_and_joker_codes_are_refused(text: str) -> None:
    for lang in (None, "en", "fr"):
        with pytest.raises(InvalidActionError, match="is not a card code"):
            parse_card(text, lang)


def test_joker_codes_belong_to_their_language() -> None:
    with pytest.raises(InvalidActionError, match="in fr"):
        parse_card("JK1", "fr")
    with pytest.raises(InvalidActionError, match="in en"):
        parse_card("JO1", "en")


@pytest.mark.parametrize("pack", PACKS.values(), ids=PACKS.keys())
def test_every_card_of_every_pack_round_trips_in_both_languages(pack: CardSet) -> None:
    for card in pack:
        for lang in ("en", "fr"):
            assert parse_card(card.text(lang), lang) == card
            assert parse_card(card.text(lang).lower(), lang) == card
            try:
                assert parse_card(card.text(lang), None) == card
            except AmbiguousActionError:
                assert card.suit in (Suit.CLUBS, Suit.HEARTS) and card.rank in SHARED_RANK_CODES
            assert parse_card(card.pretty(lang), lang) == card
            if card.rank in SHARED_RANK_CODES:          # e.g. A♥#2: the same in both languages
                assert parse_card(card.pretty(lang), "fr" if lang == "en" else "en") == card
        assert parse_card(card.pretty(), None) == card      # a suit symbol is never ambiguous
        assert Card(str(card)) == card
    assert CardSet.parse(str(pack)) == pack
    assert CardSet.parse(pack.text("fr"), "fr") == pack
    assert CardSet.parse(" ".join(c.pretty() for c in pack), None) == pack


def test_exactly_the_clubs_with_shared_rank_codes_are_ambiguous_in_every_copy() -> None:
    found = set()
    for card in EVERY:
        try:
            parse_card(str(card))
        except AmbiguousActionError as err:
            found.add(card)
            assert err.code == "ambiguous_card"
            assert card.pretty() in str(err) and card.pretty() in err.text("fr")
    assert found == {c for c in EVERY if c.suit == Suit.CLUBS and c.rank in SHARED_RANK_CODES}
    assert len(found) == 40


def test_refusals_have_codes_and_french_text() -> None:
    with pytest.raises(InvalidActionError) as err:
        parse_card("ZZ")
    assert err.value.code == "not_card" and err.value.text("fr").startswith("'ZZ' n'est pas un code de carte")
    with pytest.raises(InvalidActionError) as err:
        parse_card("RC", "en")
    assert err.value.code == "not_card_in"
    assert str(err.value) == "'RC' is not a card code in en (e.g. KH for the king of hearts)"
    assert "en anglais" in err.value.text("fr")
    with pytest.raises(AmbiguousActionError) as amb:
        parse_card("AC")
    assert amb.value.text("fr") == ("'AC' est ambigu : as de trèfle en anglais, as de cœur en français ; "
                                    "écrivez A♣ ou A♥")
    assert str(amb.value) == "'AC' is ambiguous: ace of clubs in English, ace of hearts in French; write A♣ or A♥"
    with pytest.raises(InvalidActionError) as err:
        parse_card("KH", "de")
    assert err.value.code == "unknown_lang" and "langue inconnue" in err.value.text("fr")


CODE_CHARS = "0123456789AJKQRVDTSHCPO#♠♥♦♣♡♤♢♧ akhj\t１"


@given(st.one_of(st.text(alphabet=CODE_CHARS, max_size=6), st.text(max_size=8)),
       st.sampled_from([None, "en", "fr"]))
def test_parse_card_on_any_text_reads_a_card_or_refuses_cleanly(text: str, lang: str | None) -> None:
    try:
        card = parse_card(text, lang)
    except (InvalidActionError, AmbiguousActionError) as err:
        assert isinstance(err, ActionError) and err.code and err.text("fr")
        return
    assert card in ALL_CARDS
    spellings = {card.text(x) for x in ("en", "fr")} | {card.pretty(x) for x in ("en", "fr")}
    assert _canonical(text) in spellings


def _canonical(text: str) -> str:
    """The spelling a card's text() or pretty() would give: outline symbols filled, T for 10, #1 dropped."""
    t = text.strip().upper()
    for outline, full in zip("♡♤♢♧", "♥♠♦♣", strict=True):
        t = t.replace(outline, full)
    if t.startswith("T"):
        t = "10" + t[1:]
    return t.removesuffix("#1")


# --------------------------------------------------------------------------- CardSet beyond 64 cards

big_sets = st.sets(st.sampled_from(EVERY)).map(CardSet.of)


def test_cardset_holds_any_card_id() -> None:
    s = CardSet.parse("KH KH#2 KH#4 JK1 JK4 7S#3")
    assert len(s) == 6 and Card("JK4") in s and Card("KH#4") in s and Card("KH#3") not in s
    assert 211 in s and 300 not in s and -1 not in s
    assert str(s) == "KH KH#2 7S#3 KH#4 JK1 JK4"            # lowest id first
    assert s.text("fr") == "RC RC#2 7P#3 RC#4 JO1 JO4"
    assert s.remove(Card("JK4")) == CardSet.parse("KH KH#2 KH#4 JK1 7S#3")
    assert s.of_suit(Suit.HEARTS) == CardSet.parse("KH KH#2 KH#4")
    assert s.of_suit(JOKER_SUIT) == CardSet.parse("JK1 JK4")
    assert s & copies_of(Card("KH")) == CardSet.parse("KH KH#2 KH#4")
    with pytest.raises(KeyError, match="JK2"):
        s.remove(Card("JK2"))
    assert cards_of(int(s)) == list(s)


@given(big_sets)
def test_big_cardset_round_trips(s: CardSet) -> None:
    assert CardSet.parse(str(s)) == s
    assert CardSet.parse(s.text("fr") or "-", "fr") == s
    assert CardSet.parse(" ".join(c.pretty() for c in s), lang=None) == s


@given(big_sets, big_sets)
def test_big_cardset_operations_match_python_sets(a: CardSet, b: CardSet) -> None:
    sa, sb = set(a), set(b)
    assert set(a | b) == sa | sb and set(a & b) == sa & sb
    assert set(a - b) == sa - sb and set(a ^ b) == sa ^ sb
    assert a.issubset(b) == sa.issubset(sb) and len(a) == len(sa) and list(a) == sorted(sa)
    assert all(c in a for c in sa) and not any(c in a for c in sb - sa)
    assert all(isinstance(x, CardSet) for x in (a | b, a & b, a - b, a ^ b))
    for suit in (*Suit, JOKER_SUIT):
        assert set(a.of_suit(suit)) == {c for c in sa if SUIT_INDEX[c] == suit}

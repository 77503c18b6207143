"""Fuzzing the notation reader: whatever a person types, ``parse_action`` returns an action that
writes and reads back to itself, or refuses with InvalidActionError, IllegalActionError or
AmbiguousActionError — never another exception."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cards import CARDS, Suit
from atout.errors import AmbiguousActionError, IllegalActionError, InvalidActionError
from atout.games.sizette.actions import PENALTY_KINDS, Remark
from atout.games.sizette.notation import action_text, parse_action
from atout.games.sizette.vocabulary import KEYWORDS

REFUSALS = (InvalidActionError, IllegalActionError, AmbiguousActionError)

ANY_CHAR = st.one_of(
    st.characters(exclude_categories=()),  # every code point: control characters, surrogates…
    st.characters(categories=["Cs", "Cc", "Nd", "No", "Zl", "Zp", "Cf"]),  # … and more of the awkward ones
)
TRUMPS = st.sampled_from([None, *Suit])
LANGS = st.sampled_from([None, "en", "fr"])

WORDS = sorted({w for en, fr in KEYWORDS.values() for w in en + fr}) + ["draw", "deal", "-", "trump", "atout"]
TOKENS = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(WORDS).map(str.upper),
    st.sampled_from([c.text("en") for c in CARDS] + [c.text("fr") for c in CARDS] + [c.pretty() for c in CARDS]),
    st.sampled_from(list("SHDCPKT♠♥♦♣♤♡♢♧") + ["cœur", "pique", "hearts", "clubs", "trèfle"]),
    st.sampled_from(PENALTY_KINDS),
    st.integers(min_value=0, max_value=40).map(str),
    st.sampled_from(["²", "٣", "３", "①", "1²", "-1", "+2", "1e3", "0x1", "99999999999999999999999"]),
    st.sampled_from(['"', '""', '"a"', '"\\ud800"', '"[[["', "[[[", "{", "\\", "0=KH", "turn=9C", "0=?6", "talon=?3"]),
    st.text(ANY_CHAR, max_size=6),
)
PHRASES = st.lists(TOKENS, max_size=7).map(" ".join)


def forms(noisy: bool) -> st.SearchStrategy[str]:
    """Phrases shaped like the actions, word by word from each form's words; ``noisy``: any word
    may also be any token."""

    def slot(*choices: str) -> st.SearchStrategy[str]:
        chosen = st.sampled_from(choices)
        return st.one_of(chosen, chosen.map(str.upper), TOKENS) if noisy else st.one_of(chosen, chosen.map(str.title))

    suits = slot("S", "H", "D", "C", "P", "K", "T", "♥", "♣", "cœur", "spades")
    card = slot("KH", "AC", "7C", "10S", "RC", "DP", "VT", "A♥", "J♠", "10♣", "TS")
    number = slot("0", "2", "3", "13", "14", "5", "²", "٣")
    kind = slot("count", "which", "hold", "highest", "void", "top", "cards", "nothing",
                "nombre", "quelles", "tiens", "haute", "renonce", "par", "cartes", "rien")
    return st.one_of(
        st.tuples(slot("ask", "demande"), number, kind, st.one_of(suits, card)),
        st.tuples(slot("say", "dit"), kind, st.one_of(suits, card), st.one_of(number, card, slot("yes", "non", "none")),
                  st.lists(card, max_size=3).map(" ".join)),
        st.tuples(slot("say", "dit"), kind, suits, number),
        st.tuples(slot("command", "commande"), slot("high", "low", "any", "haute", "basse", "libre"),
                  st.one_of(suits, slot("trump", "atout", ""))),
        st.tuples(slot("command", "commande"), card),
        st.tuples(slot("captain", "dealer", "cut", "capitaine", "donneur", "coupe"), number),
        st.tuples(slot("vole", "claim", "réclame", "penalty", "pénalité", "close", "ferme", "abandon"),
                  slot("continue", "stop", "arrête", "revoke", "renonce", *PENALTY_KINDS, "maldonne", "hors_tour", ""),
                  slot("", "3", "٣")),
        st.tuples(slot("draw", "deal"), slot("0=KH", "1=7S", "0=KH,7S", "turn=9C", "talon=7C,8C", "pack=KH", "0=?6",
                                             "0=-", "9=KH", "x=KH", "0=ZZ"),
                  slot("1=QD", "turn=QD", "1=?2", "talon=?3")),
    ).map(lambda words: " ".join(w for w in words if w))


def check(text: str, trump: Suit | None, lang: str | None) -> None:
    try:
        action = parse_action(text, trump, lang)
    except REFUSALS as refused:
        assert str(refused) and refused.text("fr")  # a message in both languages
        return
    for written_in in ("en", "fr"):
        assert parse_action(action_text(action, written_in), trump, written_in) == action


@settings(max_examples=400)
@given(st.text(ANY_CHAR, max_size=60), TRUMPS, LANGS)
@example("say count H ²", None, None)
@example("cut ²", None, "en")
@example("captain ٣", None, "fr")
@example('remark "\\ud800"', None, None)
@example('remark "' + "[" * 50_000 + '"', None, "en")
@example("remark " + "[" * 50_000, None, "en")
def test_arbitrary_text(text: str, trump: Suit | None, lang: str | None) -> None:
    check(text, trump, lang)


@settings(max_examples=1500)
@given(PHRASES, TRUMPS, LANGS)
def test_phrases_of_notation_words(text: str, trump: Suit | None, lang: str | None) -> None:
    check(text, trump, lang)


@settings(max_examples=2000)
@given(st.one_of(forms(noisy=False), forms(noisy=True)), TRUMPS, LANGS)
def test_near_forms_of_every_action(text: str, trump: Suit | None, lang: str | None) -> None:
    check(text, trump, lang)


@settings(max_examples=300)
@given(st.text(ANY_CHAR, max_size=250), st.sampled_from(["remark", "remarque", "REMARK"]), LANGS)
def test_remarks_of_arbitrary_text(words: str, keyword: str, lang: str | None) -> None:
    text = f"{keyword} {json.dumps(words)}"
    try:
        action = parse_action(text, None, lang)
    except InvalidActionError:
        return
    assert isinstance(action, Remark)
    assert parse_action(str(action), None, "en") == action

"""Sizette and Quadrette table talk in words: questions, true statements and lead commands, in
English or French, with the trump suit called atout.

>>> from atout.cards import Suit
>>> from atout.games.sizette.talk import Question
>>> render_question(Question("count", Suit.HEARTS), "en", trump=Suit.HEARTS)
'how many trumps?'
>>> render_question(Question("count", Suit.CLUBS), "fr", trump=Suit.HEARTS)
'combien de trèfles ?'
"""

from __future__ import annotations

from atout.cards import Card
from atout.cli.i18n import (
    count_words,
    de_word,
    du_word,
    join_words,
    rank_with_article,
    suit_plural,
    suit_singular,
)
from atout.cli.render.sizette_words import WORDS
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.packs import SIZETTE_ORDER


def card_name(card: int, lang: str, trump: int | None = None) -> str:
    """``the king of hearts`` / ``le roi de cœur``; the trump suit is called atout."""
    c = Card(card)
    assert c.suit is not None and c.rank is not None
    is_trump = trump is not None and c.suit == trump
    rank = rank_with_article(c.rank, lang)
    if lang == "fr":
        return f"{rank} {de_word(suit_singular(c.suit, lang, is_trump))}"
    return f"{rank} of {suit_plural(c.suit, lang, is_trump)}"


def suit_words(suit: int, lang: str, trump: int | None) -> dict[str, str]:
    """The forms of a suit's name that the templates use (``plural``, ``de_suit``, ``du_suit``…)."""
    is_trump = trump is not None and suit == trump
    singular = suit_singular(suit, lang, is_trump)
    plural = suit_plural(suit, lang, is_trump)
    return {"singular": singular, "plural": plural, "de_plural": de_word(plural), "de_suit": de_word(singular),
            "du_suit": du_word(singular)}


def render_question(q: Question, lang: str, trump: int | None = None) -> str:
    """``how many trumps?`` / ``combien d'atouts ?``."""
    if q.kind == "hold":
        assert q.card is not None
        return WORDS.tr("q.hold", lang, card=card_name(q.card, lang, trump))
    assert q.suit is not None
    return WORDS.tr("q." + q.kind, lang, **suit_words(q.suit, lang, trump))


def render_statement(s: Statement, lang: str, trump: int | None = None) -> str:
    """``two trumps, the king highest`` / ``deux atouts, le roi en tête``.

    >>> from atout.cards import CardSet, Suit
    >>> render_statement(Statement("cards", Suit.HEARTS, cards=CardSet.parse("KH 7H")), "fr", trump=Suit.HEARTS)
    "le roi et le sept d'atout"
    """
    k = s.kind
    if k == "nothing":
        return WORDS.tr("s.nothing", lang)
    if k == "hold":
        assert s.card is not None
        return WORDS.tr("s.hold_yes" if s.yes else "s.hold_no", lang, card=card_name(s.card, lang, trump))
    assert s.suit is not None
    is_trump = trump is not None and s.suit == trump
    words = suit_words(s.suit, lang, trump)
    if k == "count":
        return count_words(s.count, s.suit, lang, is_trump)
    if k == "top":
        assert s.card is not None
        return WORDS.tr("s.top", lang, count=count_words(s.count, s.suit, lang, is_trump),
                        rank=_rank(s.card, lang))
    if k == "cards":
        if not s.cards:
            return count_words(0, s.suit, lang, is_trump)
        strength = SIZETTE_ORDER.strength
        names = [_rank(c, lang) for c in sorted(s.cards, key=lambda c: -strength[c])]
        return WORDS.tr("s.cards", lang, cards=join_words(names, lang), suit=words["plural"],
                        de_suit=words["de_suit"])
    if k == "highest":
        if s.card is None:
            return count_words(0, s.suit, lang, is_trump)
        return WORDS.tr("s.highest", lang, rank=_rank(s.card, lang), **words)
    if k == "void":
        return WORDS.tr("s.void_yes" if s.yes else "s.void_no", lang, **words)
    return str(s)


def _rank(card: int, lang: str) -> str:
    rank = Card(card).rank
    assert rank is not None
    return rank_with_article(rank, lang)


def render_command(spec: CommandSpec, lang: str, trump: int | None = None) -> str:
    """``lead your highest trump`` / ``jouez le roi de cœur``."""
    if spec.selector == "card":
        assert spec.card is not None
        return WORDS.tr("c.card", lang, card=card_name(spec.card, lang, trump))
    if spec.suit is None:
        return WORDS.tr("c.free", lang)
    if spec.selector == "any" and trump is not None and spec.suit == trump:
        return WORDS.tr("c.any_trump", lang)
    key = {"high": "c.high", "low": "c.low", "any": "c.any_suit"}[spec.selector]
    return WORDS.tr(key, lang, **suit_words(spec.suit, lang, trump))

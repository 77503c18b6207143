"""Cards and card sets.

A :class:`Card` is an ``int`` (``suit * 13 + rank``) with a readable, round-tripping
notation; a :class:`CardSet` is an ``int`` bitmask with a set API. Both are immutable.

>>> Card("KH"), str(Card("10S")), Card("RC", lang="fr") == Card("KH")
(Card('KH'), '10S', True)
>>> hand = CardSet.parse("KH QH 7S")
>>> len(hand), Card("QH") in hand, str(hand - CardSet.parse("QH"))
(3, True, '7S KH')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

from atout.actions import ActionKind
from atout.errors import AmbiguousActionError, InvalidActionError


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    def name_in(self, lang: str) -> str:
        return SUIT_NAMES[lang][self]


class Rank(IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def code(self) -> str:
        return RANK_CODES["en"][self]

    def name_in(self, lang: str) -> str:
        return RANK_NAMES[lang][self]


RANK_CODES = {
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "fr": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A"),
}
SUIT_CODES = {"en": "SHDC", "fr": "PCKT"}
RANK_NAMES = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "jack", "queen", "king", "ace"),
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
           "valet", "dame", "roi", "as"),
}
SUIT_NAMES = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}
SUIT_SYMBOLS = "♠♥♦♣"
LANGS = ("en", "fr")

_RANK_BY_CODE = {lang: {c: Rank(i) for i, c in enumerate(codes)} for lang, codes in RANK_CODES.items()}
for _lang in LANGS:
    _RANK_BY_CODE[_lang]["T"] = Rank.TEN
_SUIT_BY_CODE = {lang: {c: Suit(i) for i, c in enumerate(codes)} for lang, codes in SUIT_CODES.items()}


class Card(int):
    """One card of a standard pack. ``Card("KH")``, ``Card("K♥")``, ``Card("RC", lang="fr")``, ``Card(37)``.

    Text is read in the canonical English notation unless ``lang`` says otherwise.
    """

    __slots__ = ()
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __new__(cls, value: int | str, lang: str = "en") -> Card:
        if isinstance(value, str):
            return parse_card(value, lang)
        if not 0 <= value < 52:
            raise InvalidActionError(f"no card has index {value}")
        return CARDS[value]

    @property
    def suit(self) -> Suit:
        return SUIT_OF[self]

    @property
    def rank(self) -> Rank:
        return RANK_OF[self]

    @property
    def bit(self) -> int:
        return 1 << self

    def text(self, lang: str = "en") -> str:
        """Short code: ``KH`` in English, ``RC`` in French."""
        return RANK_CODES[lang][self % 13] + SUIT_CODES[lang][self // 13]

    def pretty(self) -> str:
        """Code with a suit symbol: ``K♥`` (English ranks)."""
        return RANK_CODES["en"][self % 13] + SUIT_SYMBOLS[self // 13]

    def name_in(self, lang: str) -> str:
        rank, suit = RANK_NAMES[lang][self % 13], SUIT_NAMES[lang][self // 13]
        return f"{rank} de {suit}" if lang == "fr" else f"{rank} of {suit}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self]}')"


def _make_card(i: int) -> Card:
    return int.__new__(Card, i)


CARDS: tuple[Card, ...] = tuple(_make_card(i) for i in range(52))
SUIT_OF: tuple[Suit, ...] = tuple(Suit(i // 13) for i in range(52))
RANK_OF: tuple[Rank, ...] = tuple(Rank(i % 13) for i in range(52))
_TEXT: tuple[str, ...] = tuple(RANK_CODES["en"][i % 13] + "SHDC"[i // 13] for i in range(52))
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def card_of(rank: Rank, suit: Suit) -> Card:
    return CARDS[suit * 13 + rank]


def _parse_in(text: str, lang: str) -> Card | None:
    if len(text) < 2:
        return None
    rank = _RANK_BY_CODE[lang].get(text[:-1])
    last = text[-1]
    suit = SUIT_SYMBOLS.index(last) if last in SUIT_SYMBOLS else _SUIT_BY_CODE[lang].get(last)
    if rank is None or suit is None:
        return None
    return CARDS[suit * 13 + rank]


def parse_card(text: str, lang: str | None = None) -> Card:
    """Read a card code in English (``KH``, ``10S``, ``TS``, ``K♥``) or French (``RC``, ``10P``).

    With ``lang=None`` both languages are tried; a code that names two different cards
    (``AC``: ace of clubs, or *as de cœur*) raises :class:`AmbiguousActionError`.
    """
    t = text.strip().upper().replace("♡", "♥").replace("♢", "♦").replace("♤", "♠").replace("♧", "♣")
    if lang is not None:
        if lang not in SUIT_CODES:
            raise InvalidActionError(f"unknown language {lang!r} (use en or fr)")
        found = _parse_in(t, lang)
        if found is None:
            raise InvalidActionError(f"{text!r} is not a card code in {lang} (e.g. {_example(lang)})")
        return found
    en, fr = _parse_in(t, "en"), _parse_in(t, "fr")
    if en is not None and fr is not None and en != fr:
        raise AmbiguousActionError(
            f"{text!r} is ambiguous: {en.name_in('en')} in English, {fr.name_in('fr')} in French; "
            f"write {en.pretty()} or {fr.pretty()}"
        )
    found = en if en is not None else fr
    if found is None:
        raise InvalidActionError(f"{text!r} is not a card code (e.g. KH or K♥ for the king of hearts, RC in French)")
    return found


def _example(lang: str) -> str:
    return "RC for roi de cœur" if lang == "fr" else "KH for the king of hearts"


class CardSet(int):
    """An immutable set of cards stored as an int bitmask (bit *i* = card *i*).

    >>> s = CardSet.of([Card("KH"), Card("7S")])
    >>> Card("KH") in s, len(s), list(s)
    (True, 2, [Card('7S'), Card('KH')])
    """

    __slots__ = ()

    def __new__(cls, bits: int = 0) -> CardSet:
        return int.__new__(cls, bits)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        bits = 0
        for c in cards:
            bits |= 1 << c
        return cls(bits)

    @classmethod
    def parse(cls, text: str, lang: str | None = "en") -> CardSet:
        """Cards separated by spaces or commas; ``-`` or an empty string is the empty set.

        Canonical English notation by default; ``lang=None`` accepts either language.
        """
        parts = [p for p in text.replace(",", " ").split() if p != "-"]
        return cls.of(parse_card(p, lang) for p in parts)

    def __iter__(self) -> Iterator[Card]:
        bits = int(self)
        while bits:
            low = bits & -bits
            yield CARDS[low.bit_length() - 1]
            bits ^= low

    def __len__(self) -> int:
        return int.bit_count(self)

    def __bool__(self) -> bool:
        return int(self) != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 64 and bool(int(self) >> card & 1)

    def __or__(self, other: int) -> CardSet:  # type: ignore[override]
        return CardSet(int(self) | int(other))

    def __and__(self, other: int) -> CardSet:  # type: ignore[override]
        return CardSet(int(self) & int(other))

    def __sub__(self, other: int) -> CardSet:  # type: ignore[override]
        return CardSet(int(self) & ~int(other))

    def __xor__(self, other: int) -> CardSet:  # type: ignore[override]
        return CardSet(int(self) ^ int(other))

    def add(self, card: int) -> CardSet:
        return CardSet(int(self) | 1 << card)

    def remove(self, card: int) -> CardSet:
        if not int(self) >> card & 1:
            raise KeyError(str(CARDS[card]))
        return CardSet(int(self) & ~(1 << card))

    def of_suit(self, suit: int) -> CardSet:
        return CardSet(int(self) & SUIT_MASK[suit])

    def issubset(self, other: int) -> bool:
        return int(self) & ~int(other) == 0

    def text(self, lang: str = "en") -> str:
        return " ".join(c.text(lang) for c in self)

    def __str__(self) -> str:
        return " ".join(_TEXT[c] for c in self) if self else "-"

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, int) and int(self) == int(other)

    __hash__ = int.__hash__


def cards_of(bits: int) -> list[Card]:
    """The cards of a raw bitmask, lowest index first (hot-path helper)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(CARDS[low.bit_length() - 1])
        bits ^= low
    return out

"""Cards and card sets.

A :class:`Card` is an ``int`` with a readable, round-tripping notation; a :class:`CardSet` is an
``int`` bitmask with a set API (bit *i* = card *i*). Both are immutable.

Card identities (the ``int`` value of a card):

- ``copy * 52 + suit * 13 + rank`` for the four copies of a 52-card pack (``copy`` 0 … 3), so the
  first copy is ``0 … 51`` (``suit * 13 + rank``: what every single-pack game uses) and the
  others are ``52 … 207``. Multi-pack games (Bésigue: 4 × 32 + 4 jokers; Bézique: 2 × 32) give
  every physical card its own identity; copies of one card are interchangeable for every rule.
- ``208 … 211`` for the four jokers. A joker has no suit and no rank (``.suit`` and ``.rank`` are
  ``None``; the plain-int tables say :data:`JOKER_SUIT` and :data:`JOKER_RANK`).

Notation (read back by :func:`parse_card`): rank then suit, ``KH`` / ``10S`` / ``K♥`` in English,
``RC`` / ``10P`` in French, for the first copy; ``KH#2`` … ``KH#4`` (``RC#2`` …) for the others;
jokers ``JK1`` … ``JK4`` in English, ``JO1`` … ``JO4`` in French.

Other modules never compute with the ids: they use the lookup tables :data:`SUIT_INDEX`,
:data:`RANK_INDEX`, :data:`COPY_INDEX`, :data:`SUIT_MASK` (first copy), :data:`SUIT_MASK_ALL`
(every copy), :data:`JOKER_MASK`, and :func:`base_of` / :func:`copies_of`.

>>> Card("KH"), str(Card("10S")), Card("RC", lang="fr") == Card("KH")
(Card('KH'), '10S', True)
>>> hand = CardSet.parse("KH QH 7S")
>>> len(hand), Card("QH") in hand, str(hand - CardSet.parse("QH"))
(3, True, '7S KH')
>>> Card("KH#2").copy, Card("KH#2").text("fr"), base_of(Card("KH#2")), Card("JK3").is_joker
(2, 'RC#2', Card('KH'), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from typing import ClassVar, final

from atout.actions import ActionKind
from atout.compiled import speedups
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
JOKER_CODES = {"en": "JK", "fr": "JO"}
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

PACK_SIZE = 52          # cards in one copy of the full pack
NUM_COPIES = 4          # copies of the full pack that have identities
NUM_JOKERS = 4
FIRST_JOKER = NUM_COPIES * PACK_SIZE     # 208: the id of JK1
NUM_CARDS = FIRST_JOKER + NUM_JOKERS     # 212 card identities
JOKER_SUIT = 4          # SUIT_INDEX of a joker (one past the four suits)
JOKER_RANK = 13         # RANK_INDEX of a joker (one past the thirteen ranks)

MESSAGES = {
    "no_card_index": {"en": "no card has index {index}", "fr": "aucune carte n'a l'indice {index}"},
    "unknown_lang": {"en": "unknown language {lang!r} (use en or fr)",
                     "fr": "langue inconnue {lang!r} (en ou fr)"},
    "not_card_in": {"en": "{text!r} is not a card code in {lang} (e.g. {example} for the king of hearts)",
                    "fr": "{text!r} n'est pas un code de carte en {language} (p. ex. {example} pour le roi de cœur)"},
    "not_card": {"en": "{text!r} is not a card code (e.g. KH or K♥ for the king of hearts, RC in French)",
                 "fr": "{text!r} n'est pas un code de carte (p. ex. RC ou R♥ pour le roi de cœur, KH en anglais)"},
    "ambiguous_card": {"en": "{text!r} is ambiguous: {as_en} in English, {as_fr} in French; write {en} or {fr}",
                       "fr": "{text!r} est ambigu : {as_en} en anglais, {as_fr} en français ; écrivez {en} ou {fr}"},
}
_EXAMPLE = {"en": "KH", "fr": "RC"}
_LANGUAGE_NAMES = {"en": {"en": "English", "fr": "anglais"}, "fr": {"en": "French", "fr": "français"}}


@final
class Card(int):
    """One card: ``Card("KH")``, ``Card("K♥")``, ``Card("RC", lang="fr")``, ``Card("KH#2")``,
    ``Card("JK1")``, ``Card(37)``.

    Text is read in the canonical English notation unless ``lang`` says otherwise.

    >>> c = Card("QS#3")
    >>> c.suit, c.rank, c.copy, c.is_joker, c.pretty(), c.name_in("fr")
    (<Suit.SPADES: 0>, <Rank.QUEEN: 10>, 3, False, 'Q♠#3', 'dame de pique (exemplaire 3)')
    >>> j = Card("JO2", lang="fr")
    >>> j, j.suit, j.rank, j.copy, j.name_in("en")
    (Card('JK2'), None, None, 2, 'joker 2')
    """

    __slots__ = ()
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __new__(cls, value: int | str, lang: str = "en") -> Card:
        if isinstance(value, str):
            return parse_card(value, lang)
        if not 0 <= value < NUM_CARDS:
            raise InvalidActionError.of(MESSAGES, "no_card_index", index=value)
        return ALL_CARDS[value]

    @property
    def suit(self) -> Suit | None:
        """The suit; ``None`` for a joker."""
        return SUIT_OF[self]

    @property
    def rank(self) -> Rank | None:
        """The rank; ``None`` for a joker."""
        return RANK_OF[self]

    @property
    def copy(self) -> int:
        """Which copy of the card (1 … 4; always 1 in a single pack); a joker's number."""
        return COPY_INDEX[self] + 1

    @property
    def is_joker(self) -> bool:
        return self >= FIRST_JOKER

    @property
    def bit(self) -> int:
        return 1 << self

    def text(self, lang: str = "en") -> str:
        """Short code: ``KH`` in English, ``RC`` in French; ``KH#2``; ``JK1`` / ``JO1``."""
        return _TEXTS[lang][self]

    def pretty(self, lang: str = "en") -> str:
        """Code with a suit symbol: ``K♥`` (``R♥`` in French), ``K♥#2``; a joker as its code."""
        return _PRETTY[lang][self]

    def name_in(self, lang: str) -> str:
        """``king of hearts``, ``roi de cœur (exemplaire 2)``, ``joker 1``."""
        return _NAMES[lang][self]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card('{_TEXT[self]}')"


def _copy_suffix(copy: int) -> str:
    return f"#{copy + 1}" if copy else ""


_IDS = range(NUM_CARDS)
ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in _IDS)
"""Every card identity, indexed by id (``ALL_CARDS[i] == i``)."""
BIT: tuple[int, ...] = tuple(1 << i for i in _IDS)
"""The bit of each card id in a :class:`CardSet` mask, by id (hot-path table)."""
SUIT_INDEX: tuple[int, ...] = tuple(JOKER_SUIT if i >= FIRST_JOKER else i % PACK_SIZE // 13 for i in _IDS)
"""``SUIT_INDEX[card]``: the suit as a plain int 0 … 3, :data:`JOKER_SUIT` (4) for a joker."""
RANK_INDEX: tuple[int, ...] = tuple(JOKER_RANK if i >= FIRST_JOKER else i % 13 for i in _IDS)
"""``RANK_INDEX[card]``: the rank as a plain int 0 … 12, :data:`JOKER_RANK` (13) for a joker."""
COPY_INDEX: tuple[int, ...] = tuple(i - FIRST_JOKER if i >= FIRST_JOKER else i // PACK_SIZE for i in _IDS)
"""``COPY_INDEX[card]``: 0 for the first copy … 3; a joker's number minus one."""
SUIT_OF: tuple[Suit | None, ...] = tuple(None if s == JOKER_SUIT else Suit(s) for s in SUIT_INDEX)
RANK_OF: tuple[Rank | None, ...] = tuple(None if r == JOKER_RANK else Rank(r) for r in RANK_INDEX)
BASE_OF: tuple[Card, ...] = tuple(ALL_CARDS[FIRST_JOKER if i >= FIRST_JOKER else i % PACK_SIZE] for i in _IDS)
"""``BASE_OF[card]``: the first copy of the same card (``JK1`` for a joker)."""
JOKER_MASK: int = ((1 << NUM_JOKERS) - 1) << FIRST_JOKER
COPIES_MASK: tuple[int, ...] = tuple(
    JOKER_MASK if i >= FIRST_JOKER else sum(1 << (i % PACK_SIZE + k * PACK_SIZE) for k in range(NUM_COPIES))
    for i in _IDS
)
"""``COPIES_MASK[card]``: bitmask of every copy of the same card (the four jokers for a joker)."""

CARDS: tuple[Card, ...] = ALL_CARDS[:PACK_SIZE]
"""The 52 cards of one pack (the first copy), ``CARDS[suit * 13 + rank]``."""
JOKERS: tuple[Card, ...] = ALL_CARDS[FIRST_JOKER:]
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""Bitmask of each suit's 13 cards, first copy only (what 52-card games use)."""
SUIT_MASK_ALL: tuple[int, ...] = tuple(sum(m << (PACK_SIZE * k) for k in range(NUM_COPIES)) for m in SUIT_MASK)
"""Bitmask of each suit's cards in every copy."""
_GROUP_MASK: tuple[int, ...] = SUIT_MASK_ALL + (JOKER_MASK,)   # indexed by SUIT_INDEX

_TEXTS: dict[str, tuple[str, ...]] = {
    lang: tuple(
        f"{JOKER_CODES[lang]}{i - FIRST_JOKER + 1}" if i >= FIRST_JOKER
        else RANK_CODES[lang][RANK_INDEX[i]] + SUIT_CODES[lang][SUIT_INDEX[i]] + _copy_suffix(COPY_INDEX[i])
        for i in range(NUM_CARDS)
    )
    for lang in LANGS
}
_TEXT = _TEXTS["en"]
_PRETTY: dict[str, tuple[str, ...]] = {
    lang: tuple(
        _TEXTS[lang][i] if i >= FIRST_JOKER
        else RANK_CODES[lang][RANK_INDEX[i]] + SUIT_SYMBOLS[SUIT_INDEX[i]] + _copy_suffix(COPY_INDEX[i])
        for i in range(NUM_CARDS)
    )
    for lang in LANGS
}
_COPY_WORD = {"en": "copy", "fr": "exemplaire"}
_NAMES: dict[str, tuple[str, ...]] = {
    lang: tuple(
        f"joker {i - FIRST_JOKER + 1}" if i >= FIRST_JOKER
        else (f"{RANK_NAMES[lang][RANK_INDEX[i]]} {'de' if lang == 'fr' else 'of'} {SUIT_NAMES[lang][SUIT_INDEX[i]]}"
              + (f" ({_COPY_WORD[lang]} {COPY_INDEX[i] + 1})" if COPY_INDEX[i] else ""))
        for i in range(NUM_CARDS)
    )
    for lang in LANGS
}


def _codes(lang: str) -> dict[str, Card]:
    """Every accepted spelling (upper case) in ``lang`` -> card: ranks (``T`` for ten too) with a
    suit letter or symbol, optionally ``#1`` … ``#4``; the jokers' codes."""
    ranks = list(enumerate(RANK_CODES[lang])) + [(Rank.TEN.value, "T")]
    table: dict[str, Card] = {}
    for copy in range(NUM_COPIES):
        suffixes = [f"#{copy + 1}"] + ([""] if copy == 0 else [])
        for rank, rank_code in ranks:
            for suit in range(4):
                card = ALL_CARDS[copy * PACK_SIZE + suit * 13 + rank]
                for suit_code in (SUIT_CODES[lang][suit], SUIT_SYMBOLS[suit]):
                    for suffix in suffixes:
                        table[rank_code + suit_code + suffix] = card
    for number, card in enumerate(JOKERS, start=1):
        table[f"{JOKER_CODES[lang]}{number}"] = card
    return table


_CODES: dict[str, dict[str, Card]] = {lang: _codes(lang) for lang in LANGS}
_NORMALIZE = str.maketrans({"♡": "♥", "♢": "♦", "♤": "♠", "♧": "♣"})


def card_of(rank: Rank | int, suit: Suit | int, copy: int = 1) -> Card:
    """The card of ``rank`` and ``suit``; ``copy`` 1 … 4 in multi-pack games.

    >>> card_of(Rank.KING, Suit.HEARTS), card_of(Rank.KING, Suit.HEARTS, copy=4)
    (Card('KH'), Card('KH#4'))
    """
    if not (0 <= rank < 13 and 0 <= suit < 4 and 1 <= copy <= NUM_COPIES):
        raise ValueError(f"no card of rank {rank}, suit {suit}, copy {copy}")
    return ALL_CARDS[(copy - 1) * PACK_SIZE + suit * 13 + rank]


def joker(number: int) -> Card:
    """The joker ``number`` (1 … 4).

    >>> joker(1), joker(4).text("fr")
    (Card('JK1'), 'JO4')
    """
    if not 1 <= number <= NUM_JOKERS:
        raise ValueError(f"no joker {number} (1 … {NUM_JOKERS})")
    return JOKERS[number - 1]


def base_of(card: int) -> Card:
    """The first copy of ``card`` (``JK1`` for any joker): the card "as printed".

    >>> base_of(Card("10D#3")), base_of(Card("10D")), base_of(Card("JK4"))
    (Card('10D'), Card('10D'), Card('JK1'))
    """
    return BASE_OF[card]


def copies_of(card: int) -> CardSet:
    """Every copy of ``card`` that has an identity (intersect with a pack for that game's copies).

    >>> str(copies_of(Card("AS#2"))), str(copies_of(Card("JK2")))
    ('AS AS#2 AS#3 AS#4', 'JK1 JK2 JK3 JK4')
    """
    return CardSet(COPIES_MASK[card])


def parse_card(text: str, lang: str | None = None) -> Card:
    """Read a card code in English (``KH``, ``10S``, ``TS``, ``K♥``, ``KH#2``, ``JK1``) or French
    (``RC``, ``10P``, ``RC#2``, ``JO1``).

    With ``lang=None`` both languages are tried; a code that names two different cards
    (``AC``: ace of clubs, or *as de cœur*) raises :class:`AmbiguousActionError`. Anything that is
    not a card code raises :class:`InvalidActionError`.

    >>> parse_card("RC"), parse_card("AP#2", "fr"), parse_card("jk1")
    (Card('KH'), Card('AS#2'), Card('JK1'))
    """
    t = text.strip().upper().translate(_NORMALIZE)
    if lang is not None:
        codes = _CODES.get(lang)
        if codes is None:
            raise InvalidActionError.of(MESSAGES, "unknown_lang", lang=lang)
        found = codes.get(t)
        if found is None:
            raise InvalidActionError.of(MESSAGES, "not_card_in", text=text, lang=lang, example=_EXAMPLE[lang],
                                        language=_Words(_LANGUAGE_NAMES[lang]))
        return found
    en, fr = _CODES["en"].get(t), _CODES["fr"].get(t)
    if en is not None and fr is not None and en != fr:
        raise AmbiguousActionError.of(MESSAGES, "ambiguous_card", text=text, as_en=_Words(_name(en)), as_fr=_Words(_name(fr)),
                                      en=en.pretty(), fr=fr.pretty())
    found = en if en is not None else fr
    if found is None:
        raise InvalidActionError.of(MESSAGES, "not_card", text=text)
    return found


class _Words:
    """An error parameter given in each language (``text(lang)``, as :func:`atout.errors.localize` reads it)."""

    def __init__(self, words: dict[str, str]):
        self.words = words

    def text(self, lang: str) -> str:
        return self.words.get(lang, self.words["en"])

    def __str__(self) -> str:
        return self.words["en"]


def _name(card: Card) -> dict[str, str]:
    return {lang: card.name_in(lang) for lang in LANGS}


_new = int.__new__
_int_or, _int_and, _int_xor = int.__or__, int.__and__, int.__xor__


@final
class CardSet(int):
    """An immutable set of cards stored as an int bitmask (bit *i* = card *i*); any card id.

    >>> s = CardSet.of([Card("KH"), Card("7S")])
    >>> Card("KH") in s, len(s), list(s)
    (True, 2, [Card('7S'), Card('KH')])
    >>> str(s | CardSet.parse("KH#2 JK1")), s.text("fr")
    ('7S KH KH#2 JK1', '7P RC')
    """

    __slots__ = ()

    def __new__(cls, bits: int = 0) -> CardSet:
        return _new(cls, bits)

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        bits = 0
        for c in cards:
            bits |= 1 << c
        return _new(cls, bits)

    @classmethod
    def parse(cls, text: str, lang: str | None = "en") -> CardSet:
        """Cards separated by spaces or commas; ``-`` or an empty string is the empty set.

        Canonical English notation by default; ``lang=None`` accepts either language.
        """
        parts = [p for p in text.replace(",", " ").split() if p != "-"]
        return cls.of(parse_card(p, lang) for p in parts)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(int(self)))

    def __len__(self) -> int:
        return int.bit_count(self)

    __bool__ = int.__bool__

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARDS and bool(self >> card & 1)

    def __or__(self, other: int) -> CardSet:
        bits = _int_or(self, other)
        return bits if bits is NotImplemented else _new(CardSet, bits)

    def __and__(self, other: int) -> CardSet:
        bits = _int_and(self, other)
        return bits if bits is NotImplemented else _new(CardSet, bits)

    def __sub__(self, other: int) -> CardSet:
        if not isinstance(other, int):
            return NotImplemented
        return _new(CardSet, _int_and(self, ~other))

    def __xor__(self, other: int) -> CardSet:
        bits = _int_xor(self, other)
        return bits if bits is NotImplemented else _new(CardSet, bits)

    def add(self, card: int) -> CardSet:
        return _new(CardSet, _int_or(self, 1 << card))

    def remove(self, card: int) -> CardSet:
        if not self >> card & 1:
            raise KeyError(str(ALL_CARDS[card]))
        return _new(CardSet, _int_and(self, ~(1 << card)))

    def of_suit(self, suit: int) -> CardSet:
        """The cards of ``suit`` in every copy (``JOKER_SUIT``: the jokers)."""
        return _new(CardSet, _int_and(self, _GROUP_MASK[suit]))

    def issubset(self, other: int) -> bool:
        return _int_and(self, ~other) == 0

    def text(self, lang: str = "en") -> str:
        texts = _TEXTS[lang]
        return " ".join(texts[c] for c in self)

    def __str__(self) -> str:
        return " ".join(_TEXT[c] for c in self) if self else "-"

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"


def pure_cards_of(bits: int) -> list[Card]:
    """The cards of a raw bitmask, lowest index first (a hot-path helper): :data:`cards_of` is this
    function, or its compiled twin (:mod:`atout.compiled`).

    >>> pure_cards_of(int(CardSet.parse("QS#2 7S"))), cards_of(int(CardSet.parse("KH 2S")))
    ([Card('7S'), Card('QS#2')], [Card('2S'), Card('KH')])
    """
    out = []
    cards = ALL_CARDS
    while bits:
        low = bits & -bits
        out.append(cards[low.bit_length() - 1])
        bits ^= low
    return out


CARD_CODES: tuple[str, ...] = _TEXT
"""Each card's canonical English code by id (``CARD_CODES[card]``): what JSON holds."""
_BYTES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(_TEXT[8 * index + i] for i in range(8) if byte >> i & 1 and 8 * index + i < NUM_CARDS)
          for byte in range(256))
    for index in range(-(-NUM_CARDS // 8)))
"""For each byte of a bitmask (by its place), the codes of its cards for each value of the byte."""


def pure_card_codes(bits: int) -> list[str]:
    """The canonical codes of a bitmask's cards, lowest id first (the JSON of hands and card
    sets): a byte at a time from a table of code tuples. :data:`card_codes` is this function, or
    its compiled twin (:mod:`atout.compiled`).

    >>> pure_card_codes(int(CardSet.parse("QS#2 7S KH"))), card_codes(int(CardSet.parse("KH AS JK1")))
    (['7S', 'KH', 'QS#2'], ['AS', 'KH', 'JK1'])
    """
    bits = int(bits)   # a CardSet's own & is slower than an int's
    b = _BYTES
    out = [*b[0][bits & 255], *b[1][bits >> 8 & 255], *b[2][bits >> 16 & 255], *b[3][bits >> 24 & 255],
           *b[4][bits >> 32 & 255], *b[5][bits >> 40 & 255], *b[6][bits >> 48 & 255]]
    bits >>= 56
    index = 7
    while bits:
        byte = bits & 255
        if byte:
            out += b[index][byte]
        bits >>= 8
        index += 1
    return out


card_codes: Callable[[int], list[str]] = pure_card_codes
"""The codes of a bitmask's cards, lowest id first: :func:`pure_card_codes`, compiled when built."""
cards_of: Callable[[int], list[Card]] = pure_cards_of
"""The cards of a bitmask, lowest id first: :func:`pure_cards_of`, compiled when built."""
if speedups is not None:
    speedups.set_cards(CARD_CODES, Card, ALL_CARDS, CardSet)
    card_codes = speedups.card_codes
    cards_of = speedups.cards_of

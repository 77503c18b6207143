"""The words of the Sizette and Quadrette notation in English and French, the readers of its small
pieces (keywords, suits, cards, numbers) and the messages of their refusals.

A :class:`Words` writes one language: its keywords, its card codes (``KH`` / ``RC``) and its suit
letters (``S H D C`` / ``P C K T``); ``SYMBOLS`` writes the English keywords with suit symbols
(``ask 2 count ♥``, cards ``K♥``), a spelling that cannot be read two ways.

Reading is lenient where it cannot mislead: keywords ignore case and accents (``penalite``), the
French reader also takes the English keywords, and suit symbols (``♠ ♥ ♦ ♣``) always work. Only
ASCII digits are numbers.

>>> FR.word("ask"), FR.suit(Suit.HEARTS), FR.card(Card("KH")), SYMBOLS.suit(Suit.HEARTS)
('demande', 'C', 'RC', '♥')
>>> read_suit("cœur", "fr"), read_number("12", "count", 13)
(<Suit.HEARTS: 1>, 12)
>>> read_number("²", "count", 13)
Traceback (most recent call last):
...
atout.errors.InvalidActionError: '²' is not a count (a number written in ASCII digits, 0 to 13)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from atout.cards import LANGS, SUIT_CODES, SUIT_NAMES, SUIT_SYMBOLS, Card, Suit, parse_card
from atout.errors import ActionError, AmbiguousActionError, InvalidActionError

T = TypeVar("T")

# key -> (English, French); the first spelling is the one written, the others are read too.
KEYWORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # the first word of an action
    "ask": (("ask",), ("demande",)),
    "say": (("say",), ("dit", "dis")),
    "answer": (("answer",), ("répond", "réponds")),
    "change": (("change",), ("change",)),
    "remark": (("remark",), ("remarque",)),
    "command": (("command",), ("commande",)),
    "close": (("close",), ("ferme",)),
    "vole": (("vole",), ("vole",)),
    "abandon": (("abandon",), ("abandon", "abandonne")),
    "claim": (("claim",), ("réclame",)),
    "penalty": (("penalty",), ("pénalité",)),
    "captain": (("captain",), ("capitaine",)),
    "dealer": (("dealer",), ("donneur",)),
    "cut": (("cut",), ("coupe",)),
    "accept": (("accept",), ("accepte",)),
    "dispute": (("dispute",), ("conteste",)),
    # questions and statements
    "count": (("count",), ("nombre",)),
    "which": (("which",), ("quelles",)),
    "hold": (("hold",), ("tiens",)),
    "highest": (("highest",), ("haute",)),
    "void": (("void",), ("renonce",)),
    "top": (("top",), ("par",)),
    "cards": (("cards",), ("cartes",)),
    "nothing": (("nothing",), ("rien",)),
    "yes": (("yes",), ("oui",)),
    "no": (("no",), ("non",)),
    "none": (("none",), ("aucune",)),
    # commands
    "high": (("high",), ("haute",)),
    "low": (("low",), ("basse",)),
    "any": (("any",), ("libre",)),
    "trump": (("trump",), ("atout",)),
    # the rest
    "continue": (("continue",), ("continue", "continuer")),
    "stop": (("stop",), ("arrête", "arrêter")),
    "revoke": (("revoke",), ("renonce",)),
    # table-law faults (PENALTY_KINDS)
    "wrong_pack": (("wrong_pack",), ("mauvais_jeu",)),
    "card_turned": (("card_turned",), ("carte_retournée",)),
    "trump_not_turned": (("trump_not_turned",), ("atout_non_tourné",)),
    "misdeal": (("misdeal",), ("maldonne",)),
    "exposed_card": (("exposed_card",), ("carte_exposée",)),
    "out_of_turn": (("out_of_turn",), ("hors_tour",)),
    "looked_at_tricks": (("looked_at_tricks",), ("levées_regardées",)),
}

ACTION_WORDS = ("ask", "say", "answer", "remark", "command", "close", "vole", "abandon", "claim", "penalty",
                "captain", "change", "dealer", "cut", "accept", "dispute")


def fold(word: str) -> str:
    """A keyword as the readers compare it: lower case, accents removed, ``œ`` as ``oe``.

    >>> fold("Pénalité"), fold("CŒUR")
    ('penalite', 'coeur')
    """
    decomposed = unicodedata.normalize("NFD", word.casefold().replace("œ", "oe"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# what each reader accepts: folded spelling -> key, per key
_READ: dict[str, dict[str, frozenset[str]]] = {
    "en": {key: frozenset(fold(w) for w in en) for key, (en, fr) in KEYWORDS.items()},
    "fr": {key: frozenset(fold(w) for w in en + fr) for key, (en, fr) in KEYWORDS.items()},
}

_SUIT_READ: dict[str, dict[str, Suit]] = {}
for _lang in LANGS:
    _names = {fold(name): Suit(i) for lang in ((_lang, "en") if _lang == "fr" else (_lang,))
              for i, name in enumerate(SUIT_NAMES[lang])}
    _letters = {code.casefold(): Suit(i) for i, code in enumerate(SUIT_CODES[_lang])}
    _SUIT_READ[_lang] = {**_names, **_letters}
_SYMBOL_SUIT = {s: Suit(i) for i, s in enumerate(SUIT_SYMBOLS)} | {"♤": Suit.SPADES, "♡": Suit.HEARTS,
                                                                    "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}


@dataclass(frozen=True)
class Words:
    """How one language writes the notation (``symbols``: suits as ♠♥♦♣, cards as ``K♥``)."""

    lang: str
    symbols: bool = False

    def word(self, key: str) -> str:
        return KEYWORDS[key][self.lang == "fr"][0]

    def suit(self, suit: Suit | None) -> str:
        if suit is None:
            return "?"
        return SUIT_SYMBOLS[suit] if self.symbols else SUIT_CODES[self.lang][suit]

    def card(self, card: Card) -> str:
        return card.pretty() if self.symbols else card.text(self.lang)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards) or "-"


EN = Words("en")
FR = Words("fr")
WORDS = {"en": EN, "fr": FR}
SYMBOLS = Words("en", symbols=True)


def words_for(lang: str) -> Words:
    """The :class:`Words` of ``lang`` (``en`` or ``fr``)."""
    found = WORDS.get(lang)
    if found is None:
        raise error("unknown_lang", lang=lang)
    return found


# ------------------------------------------------------------------------------ readers


def key_of(word: str, lang: str, keys: Iterable[str]) -> str | None:
    """Which of ``keys`` the keyword ``word`` is in ``lang`` (``None``: none of them)."""
    folded = fold(word)
    table = _READ[lang]
    return next((k for k in keys if folded in table[k]), None)


def read_suit(word: str, lang: str) -> Suit:
    """A suit: its letter in ``lang`` (``H`` / ``C`` for hearts), its name, or its symbol."""
    symbol = _SYMBOL_SUIT.get(word.strip())
    if symbol is not None:
        return symbol
    found = _SUIT_READ[lang].get(fold(word.strip()))
    if found is None:
        raise error("not_suit", word=word, letters=" ".join(SUIT_CODES[lang]))
    return found


def read_card(word: str, lang: str) -> Card:
    """A card code in ``lang`` (``KH`` / ``RC``) or with a suit symbol (``K♥``, ``R♥``)."""
    return parse_card(word, lang)


def read_number(word: str, what: str, largest: int) -> int:
    """A whole number from 0 to ``largest`` in ASCII digits (``²`` and ``٣`` are not numbers)."""
    if not (word.isascii() and word.isdigit()) or len(word) > len(str(largest)) or int(word) > largest:
        raise error("not_number", word=word, what=NUMBER_WHAT[what], largest=largest)
    return int(word)


def read_yes_no(word: str, lang: str) -> bool:
    found = key_of(word, lang, ("yes", "no"))
    if found is None:
        raise error("not_yes_no", word=word, yes=WORDS[lang].word("yes"), no=WORDS[lang].word("no"))
    return found == "yes"


# ------------------------------------------------------------------------------ messages


class Localized:
    """A message parameter with a text in each language (for :func:`atout.errors.localize`)."""

    def __init__(self, en: str, fr: str):
        self.en, self.fr = en, fr

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en

    def __str__(self) -> str:
        return self.en


NUMBER_WHAT = {
    "count": Localized("a count", "un nombre de cartes"),
    "seat": Localized("a seat number", "un numéro de place"),
    "cut": Localized("a cut position", "une position de coupe"),
}

MESSAGES: dict[str, dict[str, str]] = {
    "empty": {"en": "empty action", "fr": "action vide"},
    "unknown_lang": {"en": "unknown language {lang!r} (use en or fr)",
                     "fr": "langue inconnue « {lang} » (en ou fr)"},
    "not_action": {
        "en": "{text!r} is not an action ({hint})",
        "fr": "« {text} » n'est pas une action ({hint})",
    },
    "form": {"en": "write {form}", "fr": "écrivez {form}"},
    "missing_words": {"en": "{text!r}: missing words ({hint})", "fr": "« {text} » : il manque des mots ({hint})"},
    "not_suit": {"en": "{word!r} is not a suit ({letters} or ♠ ♥ ♦ ♣)",
                 "fr": "« {word} » n'est pas une couleur ({letters} ou ♠ ♥ ♦ ♣)"},
    "not_number": {"en": "{word!r} is not {what} (a number written in ASCII digits, 0 to {largest})",
                   "fr": "« {word} » n'est pas {what} (un nombre écrit avec les chiffres 0 à 9, entre 0 et {largest})"},
    "not_yes_no": {"en": "expected {yes} or {no}, got {word!r}", "fr": "{yes} ou {no} attendu, et non « {word} »"},
    "question": {"en": "a question is {forms}", "fr": "une question s'écrit {forms}"},
    "statement": {"en": "a statement is {forms}", "fr": "une déclaration s'écrit {forms}"},
    "command": {"en": "a command is {forms}", "fr": "une commande s'écrit {forms}"},
    "trump_unknown": {"en": "{word!r} needs the trump suit, which is not known yet: name the suit (e.g. {example})",
                      "fr": "« {word} » suppose l'atout connu, et il ne l'est pas encore : nommez la couleur "
                            "(par ex. {example})"},
    "remark_form": {"en": 'a remark is written remark "text in quotes" (a JSON string)',
                    "fr": 'une remarque s\'écrit remarque "texte entre guillemets" (une chaîne JSON)'},
    "remark_long": {"en": "a remark is at most {limit} characters (this one has {length})",
                    "fr": "une remarque a au plus {limit} caractères (celle-ci en a {length})"},
    "remark_char": {"en": "a remark is plain text: {char} ({what}) is not allowed",
                    "fr": "une remarque est du texte simple : {char} ({what}) n'y est pas permis"},
    "penalty_kind": {"en": "{word!r} is not a fault; the faults are: {kinds}",
                     "fr": "« {word} » n'est pas une faute ; les fautes sont : {kinds}"},
    "deal_turn": {"en": "a deal names every seat's hand (0=…, 1=…) and the turned card (turn=…)",
                  "fr": "une donne nomme la main de chaque place (0=…, 1=…) et la carte retournée (turn=…)"},
    "ambiguous": {
        "en": "{text!r} is ambiguous: it reads {en!r} in English and {fr!r} in French; write the suits as "
              "symbols (♠ ♥ ♦ ♣) or choose the language (en or fr)",
        "fr": "« {text} » est ambigu : en anglais, c'est « {en} », en français « {fr} » ; écrivez les couleurs "
              "en symboles (♠ ♥ ♦ ♣) ou choisissez la langue (en ou fr)",
    },
    "not_card_or_action": {
        "en": "{text!r} is not a card code (e.g. KH or K♥ for the king of hearts, RC in French) nor an action",
        "fr": "« {text} » n'est ni un code de carte (par ex. RC ou R♥ pour le roi de cœur, KH en anglais) "
              "ni une action",
    },
}


def error(code: str, **params: object) -> ActionError:
    """An :class:`~atout.errors.InvalidActionError` from :data:`MESSAGES`."""
    return InvalidActionError.of(MESSAGES, code, **params)


def ambiguity(code: str, **params: object) -> ActionError:
    """An :class:`~atout.errors.AmbiguousActionError` from :data:`MESSAGES`."""
    return AmbiguousActionError.of(MESSAGES, code, **params)


def read_either(read: Callable[[str], T], text: str, shown: Callable[[T], str], prefer: str = "en") -> T:
    """``read(lang)`` in both languages: the reading if only one works or both agree.

    Two different readings raise :class:`~atout.errors.AmbiguousActionError`, showing each one
    as ``shown`` writes it (with suit symbols, so that neither can be read two ways); when
    neither works, the refusal of the ``prefer`` language is raised.
    """
    found: dict[str, T] = {}
    refused: dict[str, ActionError] = {}
    for lang in LANGS:
        try:
            found[lang] = read(lang)
        except InvalidActionError as e:
            refused[lang] = e
    if len(found) == len(LANGS):
        if found["en"] != found["fr"]:
            raise ambiguity("ambiguous", text=text, en=shown(found["en"]), fr=shown(found["fr"]))
        return found["en"]
    if found:
        return next(iter(found.values()))
    raise refused[prefer]

"""The text of Bésigue actions in English and French, and reading it back.

- a card: ``KH``, ``10S#2``, ``JK1`` (French ``RC``, ``10P#2``, ``JO1``);
- ``pass`` / ``passe``: no (more) declaration, the players draw;
- ``exchange 7H`` / ``échange 7C``: the seven of trumps for the turned card;
- a declaration: its word, its cards, its points: ``marriage KH QH 20`` / ``mariage RC DC 20``,
  ``kings KS KH KD JK1 80`` / ``carré-rois RP RC RK JO1 80`` (the points may be left out: the
  position gives them; French words are read with or without accents); a declaration's word alone
  is a declaration without cards (the state reads it as the legal one of that name);
- ``cut 40`` / ``coupe 40``; the table's ``draw …`` and ``deal …`` (:mod:`atout.chance`).

>>> from atout.games.besigue.spec import BesigueGame
>>> rules = BesigueGame().rules
>>> str(parse("mariage RC DC", "fr", rules)), parse("passe", None, rules), parse("echange 7C#2", "fr", rules)
('marriage KH QH 20', Pass(), Exchange(card=Card('7H#2')))
"""

from __future__ import annotations

from atout.actions import Action
from atout.cards import LANGS, Card, CardSet, parse_card
from atout.chance import ChanceAction, parse_chance
from atout.errors import ActionError
from atout.game import fold_name
from atout.games.besigue.actions import ALSO, PASS, WORDS, Cut, Exchange, Pass
from atout.games.besigue.declarations import WORDS as DECLARATION_WORDS
from atout.games.besigue.declarations import Declaration
from atout.games.besigue.refusals import ambiguous, invalid
from atout.games.besigue.spec import Rules

_DECLARATIONS: dict[str, dict[str, str]] = {
    lang: {fold_name(word): name for name, word in DECLARATION_WORDS[lang].items()} for lang in LANGS
}
_ACTIONS: dict[str, dict[str, str]] = {
    lang: {fold_name(w): key for key, words in WORDS.items() for w in (words[lang], *ALSO[lang].get(key, ()))}
    for lang in LANGS
}
MAX_DIGITS = 5
BesigueAction = Card | Cut | Exchange | Pass | Declaration
"""Every action of a seat in Bésigue (the table's are :data:`atout.chance.ChanceAction`)."""


def action_text(action: Action, lang: str = "en") -> str:
    """The notation of ``action`` in ``lang``."""
    text = getattr(action, "text", None)
    return str(text(lang)) if callable(text) else str(action)


def parse(text: str, lang: str | None, rules: Rules) -> BesigueAction | ChanceAction:
    """Read one action (``lang=None``: either language)."""
    if lang is not None and lang not in LANGS:
        raise invalid("unknown", text=text)
    words = text.split()
    if not words:
        raise invalid("unknown", text=text)
    if words[0] in ("draw", "deal") and len(words) > 1:
        return parse_chance(text)
    if lang is not None:
        found = _parse_in(words, lang, rules)
    else:
        found = _either(words, rules)
    if found is not None:
        return found
    if len(words) == 1:
        return parse_card(words[0], lang)
    raise invalid("unknown", text=text)


def _either(words: list[str], rules: Rules) -> BesigueAction | None:
    """The action ``words`` name in English or in French; refused if they name two different ones."""
    read: dict[str, BesigueAction] = {}
    error: ActionError | None = None
    for lang in LANGS:
        try:
            found = _parse_in(words, lang, rules)
        except ActionError as err:
            error = error or err
            continue
        if found is not None:
            read[lang] = found
    if len(read) == 2 and read["en"] != read["fr"]:
        raise ambiguous(" ".join(words), read["en"], read["fr"])
    if read:
        return next(iter(read.values()))
    if error is not None:
        raise error
    return None


def _number(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return None


def _parse_in(words: list[str], lang: str, rules: Rules) -> BesigueAction | None:
    head = fold_name(words[0])
    key = _ACTIONS[lang].get(head)
    if key == "pass":
        return PASS if len(words) == 1 else None
    if key == "cut":
        number = _number(words[1]) if len(words) == 2 else None
        if number is None:
            raise invalid("unknown", text=" ".join(words))
        return Cut(number)
    if key == "exchange":
        if len(words) != 2:
            raise invalid("unknown", text=" ".join(words))
        return Exchange(parse_card(words[1], lang))
    name = _DECLARATIONS[lang].get(head)
    if name is None:
        return None
    rest = words[1:]
    points = _number(rest[-1]) if rest else None
    if points is not None:
        rest = rest[:-1]
    elif rest and rest[-1][:1].isdigit() and not _is_card(rest[-1], lang):
        raise invalid("bad_points", text=repr(" ".join(words)))
    cards = [parse_card(w, lang) for w in rest]
    if len(set(cards)) != len(cards):
        raise invalid("unknown", text=" ".join(words))
    return Declaration(name, CardSet.of(cards), rules.values.of(name) if points is None else points)


def _is_card(word: str, lang: str) -> bool:
    try:
        return isinstance(parse_card(word, lang), Card)
    except ValueError:
        return False

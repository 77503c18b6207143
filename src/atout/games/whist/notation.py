"""The notation of Whist actions, in English and in French, written and read back.

==========================  ===================  ====================
action                      English              French
==========================  ===================  ====================
a card                      ``KH``, ``10S``      ``RC``, ``10P``
the cut                     ``cut 12``           ``coupe 12``
show honours at eight       ``show``             ``montre``
let the chance go by        ``pass``             ``passe``
call (two honours)          ``call``             ``appel``
lay the mort face up        ``expose``           ``étale``
the answer to a call        ``answer yes``       ``réponse oui``
draw, deal (the table)      ``draw 0=KH …``,     the same (English card codes,
                            ``deal 0=… turn=9C``  as a record stores them)
==========================  ===================  ====================

Only ASCII digits are numbers; text that names no action raises
:class:`~atout.errors.InvalidActionError`, a card code that is a different card in each
language (``AC``) read in neither language in particular raises
:class:`~atout.errors.AmbiguousActionError`.

>>> action_text(Cut(12), "fr"), parse_action("coupe 12"), parse_action("RÉPONSE  oui", "fr")
('coupe 12', Cut(position=12), Answer(yes=True))
>>> action_text(Card("KH"), "fr"), parse_action("rc", "fr")
('RC', Card('KH'))
"""

from __future__ import annotations

import unicodedata

from atout.actions import Action
from atout.cards import Card, parse_card
from atout.chance import Deal, Draw, parse_chance
from atout.errors import ActionError
from atout.game import parse_int
from atout.games.whist.actions import (
    ANSWER_NO,
    ANSWER_YES,
    CALL,
    EXPOSE,
    PASS,
    SHOW,
    Answer,
    Call,
    Cut,
    Expose,
    Pass,
    Show,
)
from atout.games.whist.refusals import refuse

WORDS: dict[str, dict[str, str]] = {
    "en": {"cut": "cut", "show": "show", "pass": "pass", "call": "call", "answer": "answer", "yes": "yes",
           "no": "no", "expose": "expose"},
    "fr": {"cut": "coupe", "show": "montre", "pass": "passe", "call": "appel", "answer": "réponse", "yes": "oui",
           "no": "non", "expose": "étale"},
}
MAX_TEXT = 2000


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_READ: dict[str, dict[str, str]] = {lang: {_fold(w): key for key, w in words.items()} for lang, words in WORDS.items()}


def action_text(action: Action, lang: str = "en") -> str:
    """The notation of ``action`` in ``lang`` (``en`` or ``fr``). (``kind is X`` does not narrow
    ``action`` for the type checker: a field read after it is marked ``type: ignore``.)"""
    words = WORDS.get(lang, WORDS["en"])
    kind = type(action)
    if kind is Card:
        return str(action.text(lang if lang in WORDS else "en"))  # type: ignore[attr-defined]  # a Card
    if kind is Cut:
        return f"{words['cut']} {action.position}"  # type: ignore[attr-defined]  # a Cut
    if kind is Show:
        return words["show"]
    if kind is Pass:
        return words["pass"]
    if kind is Call:
        return words["call"]
    if kind is Expose:
        return words["expose"]
    if kind is Answer:
        return f"{words['answer']} {words['yes' if action.yes else 'no']}"  # type: ignore[attr-defined]  # an Answer
    if kind is Deal or kind is Draw:
        return str(action)
    return str(action)


def parse_action(text: str, lang: str | None = None) -> Action:
    """Read an action in ``lang`` (``None``: either language)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise refuse("unknown", text=str(text)[:40])
    words = text.split()
    if not words:
        raise refuse("unknown", text=text)
    if words[0].lower() in ("draw", "deal"):
        try:
            return parse_chance(text)
        except ActionError:
            raise
        except ValueError as err:  # a malformed card set inside a deal
            raise refuse("unknown", text=text) from err
    langs = (lang,) if lang in WORDS else ("en", "fr") if lang is None else ()
    if not langs:
        raise refuse("unknown", text=text)
    for tongue in langs:
        found = _read_words(words, _READ[tongue])
        if found is not None:
            return found
    if len(words) == 1:
        return parse_card(words[0], lang)
    raise refuse("unknown", text=text)


def _read_words(words: list[str], vocabulary: dict[str, str]) -> Action | None:
    keys = [vocabulary.get(_fold(w)) for w in words]   # numbers stay as typed: ² is not 2
    if len(words) == 1:
        single: dict[str, Action] = {"show": SHOW, "pass": PASS, "call": CALL, "expose": EXPOSE}
        return single.get(keys[0] or "")
    if len(words) == 2 and keys[0] == "cut":
        number = parse_int(words[1])
        if number is not None and 0 <= number <= 999 and words[1].isascii() and words[1].isdigit():
            return Cut(number)
        return None
    if len(words) == 2 and keys[0] == "answer" and keys[1] in ("yes", "no"):
        return ANSWER_YES if keys[1] == "yes" else ANSWER_NO
    return None

"""Piquet's notation in English and in French: writing an action (:func:`action_text`) and reading
it back (:func:`parse_action`). Words are compared without case or accents (``égal`` = ``egal``);
only ASCII digits are numbers. Text that is no action raises
:class:`~atout.errors.InvalidActionError`; text that names two actions (a card code read in both
languages, a suit letter) raises :class:`~atout.errors.AmbiguousActionError`.

>>> parse_action("pas bon"), parse_action("quinte", "fr"), parse_action("value 48")
(Answer(word='not_good'), Declare(cls=1, size=5), Tell(cls=0, value=48))
>>> str(parse_action("aussi tierce quatrième")), str(parse_action("écarte RC", "fr"))
('also quart tierce', 'discard KH')
>>> action_text(parse_action("take look"), "fr"), action_text(parse_action("montre 7P 8P 9P", "fr"), "en")
('prends regarde', 'show 7S 8S 9S')
"""

from __future__ import annotations

from atout.actions import Action, Hidden
from atout.cards import SUIT_CODES, Card, CardSet, parse_card
from atout.errors import AmbiguousActionError, InvalidActionError
from atout.game import parse_int
from atout.games.piquet.actions import (
    ANSWER_OF,
    ASK_SHOW,
    CARTES_BLANCHES,
    DECLARES,
    TAKES,
    Also,
    Cut,
    NameSuit,
    PiquetAction,
    Show,
    also_of,
    discard_of,
    tell_of,
)
from atout.games.piquet.holdings import rank_from_code
from atout.games.piquet.refusals import MESSAGES, unreadable
from atout.games.piquet.vocabulary import (
    ANSWERS,
    NO_OTHER,
    NOTHING,
    SEQUENCE_NAMES,
    SET_NAMES,
    SUIT_WORDS,
    WORDS,
    fold,
)

LANGS = ("en", "fr")
HIDDEN_FR = {"discard": "écart caché"}   # what a viewer sees of a step hidden from him, in French
MAX_TEXT = 400


def action_text(action: Action, lang: str = "en") -> str:
    """``action`` in ``lang``'s notation; an opponent's discard, which the viewer may not see, too.

    >>> action_text(Hidden("discard", 3), "fr"), action_text(Hidden("discard", 1), "en")
    ('écart caché de 3 cartes', 'hidden discard 1')
    """
    if isinstance(action, Hidden):
        if lang != "fr":
            return str(action)
        words = HIDDEN_FR.get(action.what, action.what)
        return f"{words} de {action.count} carte{'s' if action.count > 1 else ''}" if action.count else words
    text = getattr(action, "text", None)
    return str(text(lang)) if callable(text) else str(action)


def _phrases(lang: str) -> dict[str, PiquetAction]:
    """Every fixed phrase of ``lang`` (folded) and its action."""
    out: dict[str, PiquetAction] = {}
    for word, answer in ANSWERS[lang].items():
        out[fold(answer)] = ANSWER_OF[word]
    for cls in range(3):
        out[fold(NOTHING[lang][cls])] = DECLARES[cls, 0]
        if NO_OTHER[lang][cls]:
            out[fold(NO_OTHER[lang][cls])] = also_of(cls, ())
    for n, name in SEQUENCE_NAMES[lang].items():
        out[fold(name)] = DECLARES[1, n]
    for n, name in SET_NAMES[lang].items():
        out[fold(name)] = DECLARES[2, n]
    take = fold(WORDS["take"][lang])
    out[take] = TAKES[""]
    for see in ("look", "expose"):
        out[f"{take} {fold(WORDS[see][lang])}"] = TAKES[see]
    out[fold(WORDS["carte_blanche"][lang])] = CARTES_BLANCHES[0]
    out[fold(WORDS["ask_show"][lang])] = ASK_SHOW
    return out


PHRASES = {lang: _phrases(lang) for lang in LANGS}
EXTRA_NAMES = {lang: {**{fold(v): (1, n) for n, v in SEQUENCE_NAMES[lang].items()},
                      **{fold(v): (2, n) for n, v in SET_NAMES[lang].items()}} for lang in LANGS}
PREFIXES = {lang: {fold(WORDS[w][lang]): w for w in ("cut", "discard", "point", "value", "top", "rank", "also",
                                                        "show", "name")} for lang in LANGS}


def parse_action(text: str, lang: str | None = None) -> PiquetAction:
    """Read an action (not a chance step) in ``lang`` (``None``: either language)."""
    if len(text) > MAX_TEXT:
        raise unreadable("unknown", text=text[:40] + "…")
    langs = LANGS if lang is None else (lang,)
    if lang is not None and lang not in LANGS:
        raise unreadable("unknown", text=text)
    found: list[PiquetAction] = []
    errors: list[Exception] = []
    for one in langs:
        try:
            action = _parse_in(text, one)
        except (InvalidActionError, AmbiguousActionError) as err:
            errors.append(err)
            continue
        if action is not None and action not in found:
            found.append(action)
    if len(found) == 1:
        return found[0]
    words = text.split()
    if len(found) > 1:
        if len(words) == 1:
            parse_card(words[0], None)  # the card reader's own explanation of the two readings
        raise AmbiguousActionError.of(MESSAGES, "ambiguous", text=text, as_en=action_text(found[0], "en"),
                                      as_fr=action_text(found[1], "fr"))
    if len(words) == 1:
        return parse_card(words[0], lang)  # a card, or the card reader's own refusal
    for problem in errors:
        if isinstance(problem, AmbiguousActionError):
            raise problem
    raise unreadable("unknown", text=text)


def _parse_in(text: str, lang: str) -> PiquetAction | None:
    folded = fold(text)
    fixed = PHRASES[lang].get(folded)
    if fixed is not None:
        return fixed
    words = folded.split(" ")
    raw = text.split()
    if len(words) == 1 and len(raw) == 1:
        try:
            return parse_card(raw[0], lang)
        except (InvalidActionError, AmbiguousActionError):
            return None
    blanche = fold(WORDS["carte_blanche"][lang]).split(" ")
    if words[:2] == blanche and len(words) == 3:
        number = parse_int(raw[2])
        return CARTES_BLANCHES[number] if number is not None and 1 <= number <= 5 else None
    head = PREFIXES[lang].get(words[0])
    if head is None or len(words) < 2:
        return None
    rest = raw[1:]
    if head in ("cut", "point", "value"):
        number = parse_int(rest[0]) if len(rest) == 1 else None
        if number is None:
            return None
        if head == "cut":
            return Cut(number) if 1 <= number <= 31 else None
        if head == "point":
            return DECLARES[0, number] if 1 <= number <= 12 else None
        return tell_of(0, number) if 0 <= number <= 999 else None
    if head in ("top", "rank"):
        rank = rank_from_code(rest[0]) if len(rest) == 1 else None
        if rank is None:
            return None
        return tell_of(1 if head == "top" else 2, rank)
    if head == "discard":
        return discard_of(parse_card(rest[0], lang)) if len(rest) == 1 else None
    if head == "show":
        if fold(" ".join(rest)) == fold(WORDS["ask_show"][lang]).split(" ", 1)[-1]:
            return ASK_SHOW
        return Show(CardSet.of(_card(code, lang) for code in rest))
    if head == "also":
        named = [EXTRA_NAMES[lang].get(w) for w in words[1:]]
        if any(n is None for n in named) or len({c for c, _ in named if c}) != 1:  # type: ignore[misc]
            return None
        cls = named[0][0]  # type: ignore[index]
        sizes = tuple(sorted((n for _, n in named), reverse=True))  # type: ignore[misc]
        return also_of(cls, sizes) if len(sizes) <= 3 else Also(cls, sizes)   # the listed object; more: never listed
    if head == "name" and len(words) == 2:
        return _suit(words[1], lang)
    return None


def _card(code: str, lang: str) -> Card:
    return parse_card(code, lang)


def _suit(word: str, lang: str) -> NameSuit | None:
    names = [fold(w) for w in SUIT_WORDS[lang]]
    if word in names:
        return NameSuit(names.index(word))
    letters = SUIT_CODES[lang].lower()
    if len(word) == 1 and word in letters:
        return NameSuit(letters.index(word))
    return None

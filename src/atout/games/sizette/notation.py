"""The text notation of Sizette and Quadrette actions, in English and in French.

:func:`action_text` writes an action, :func:`parse_action` reads one back:
``parse_action(action_text(a, lang), trump, lang) == a`` for every action and both languages.
English is the canonical notation (records use it): ``action_text(a, "en") == str(a)``.

========================  ==============================  =====================================
action                    English                         French
========================  ==============================  =====================================
card                      ``KH``  ``10S``                 ``RC``  ``10P``
draw, deal (chance)       ``draw 0=KH 1=7S``,             the same: table records, in English
                          ``deal 0=… 1=… turn=9C``        card codes
first dealer              ``dealer 3``                    ``donneur 3``
captain                   ``captain 4``                   ``capitaine 4``
new captain (window C0)   ``change captain 4``            ``change capitaine 4``
cut                       ``cut 17``                      ``coupe 17``
question                  ``ask 2 count H``               ``demande 2 nombre C``
                          ``which`` ``hold KS``           ``quelles`` ``tiens RP``
                          ``highest`` ``void``            ``haute`` ``renonce``
statement                 ``say count H 2``               ``dit nombre C 2``
                          ``say top H 2 KH``              ``dit par C 2 RC``
                          ``say cards H 7H KH``           ``dit cartes C 7C RC``
                          ``say hold KS yes``             ``dit tiens RP oui``
                          ``say highest H none``          ``dit haute C aucune``
                          ``say void H no``               ``dit renonce C non``
                          ``say nothing``                 ``dit rien``
answer (to a question)    ``answer count H 2``, …         ``répond nombre C 2``, …
remark                    ``remark "à vous"``             ``remarque "à vous"``
command                   ``command KH``                  ``commande RC``
                          ``command high H`` ``low``      ``commande haute C`` ``basse``
                          ``command any H``, ``any``      ``commande libre C``, ``libre``
                          ``command high trump``          ``commande haute atout``
close (window C2)         ``close``                       ``ferme``
vole                      ``vole continue``/``stop``      ``vole continue``/``arrête``
abandon                   ``abandon``                     ``abandon``
revoke claim              ``claim revoke``                ``réclame renonce``
penalty                   ``penalty out_of_turn 3``       ``pénalité hors_tour 3``
penalty accepted          ``accept``                      ``accepte``
penalty disputed          ``dispute``                     ``conteste``
========================  ==============================  =====================================

Suits in speech are letters of the language (``S H D C``; French ``P C K T``: pique, cœur,
carreau, trèfle), their names, or the symbols ``♠ ♥ ♦ ♣``, which always work. ``trump`` (French
``atout``) in a command stands for the trump suit once it is known; it is written as that suit.
The French penalty faults are ``mauvais_jeu``, ``carte_retournée``, ``atout_non_tourné``,
``maldonne``, ``carte_exposée``, ``hors_tour`` and ``levées_regardées``.

Reading: keywords ignore case and accents (``penalite``); with ``lang="fr"`` the English keywords
are read too (but card codes and suit letters are French); with ``lang=None`` (a person typing,
language unknown) the text is read both ways and refused with
:class:`~atout.errors.AmbiguousActionError` when the two readings differ (``ask 2 count C``:
clubs in English, cœur in French), the message saying how to write it unambiguously. A remark is
a JSON string literal of plain text (:func:`atout.games.sizette.actions.checked_remark`). Only
ASCII digits are numbers. Whatever the text, a refusal is an ``InvalidActionError`` or an
``AmbiguousActionError`` with a message in both languages.

>>> from atout.cards import Suit
>>> parse_action("demande 2 nombre C") == parse_action("ask 2 count H", lang="en")
True
>>> action_text(parse_action("command high trump", Suit.HEARTS, "en"), "fr")
'commande haute C'
>>> parse_action("ask 2 count C")
Traceback (most recent call last):
...
atout.errors.AmbiguousActionError: 'ask 2 count C' is ambiguous: it reads 'ask 2 count ♣' in English and \
'ask 2 count ♥' in French; write the suits as symbols (♠ ♥ ♦ ♣) or choose the language (en or fr)
"""

from __future__ import annotations

import json

from atout.actions import Action
from atout.cards import Card, Suit, parse_card
from atout.chance import Deal, Draw, parse_chance
from atout.errors import InvalidActionError
from atout.games.sizette.actions import (
    ABANDON,
    ACCEPT,
    CLAIM_REVOKE,
    CLOSE,
    DISPUTE,
    PENALTY_KINDS,
    VOLE_GO_ON,
    VOLE_STOP,
    Answer,
    Ask,
    Captain,
    ChooseDealer,
    Command,
    Cut,
    NewCaptain,
    Penalty,
    Remark,
    Say,
)
from atout.games.sizette.actions import Action as SizetteAction
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.games.sizette.vocabulary import (
    ACTION_WORDS,
    SYMBOLS,
    Localized,
    error,
    fold,
    key_of,
    read_either,
    read_number,
    words_for,
)

LARGEST_SEAT = 9
LARGEST_CUT = 999

ACTION_HINT = Localized("a card such as KH, or ask/say/remark/command/close/vole/abandon/…",
                        "une carte comme RC, ou demande/dit/remarque/commande/ferme/vole/abandon/…")
_FORMS: dict[str, Localized] = {
    "close": Localized("close", "ferme"),
    "abandon": Localized("abandon", "abandon"),
    "accept": Localized("accept", "accepte"),
    "dispute": Localized("dispute", "conteste"),
    "vole": Localized("vole continue or vole stop", "vole continue ou vole arrête"),
    "claim": Localized("claim revoke", "réclame renonce"),
    "penalty": Localized("penalty FAULT [SEAT], e.g. penalty out_of_turn 3",
                         "pénalité FAUTE [PLACE], par ex. pénalité hors_tour 3"),
    "captain": Localized("captain SEAT, e.g. captain 4", "capitaine PLACE, par ex. capitaine 4"),
    "change": Localized("change captain SEAT, e.g. change captain 4",
                        "change capitaine PLACE, par ex. change capitaine 4"),
    "dealer": Localized("dealer SEAT, e.g. dealer 3", "donneur PLACE, par ex. donneur 3"),
    "cut": Localized("cut POSITION, e.g. cut 17", "coupe POSITION, par ex. coupe 17"),
    "ask": Localized("ask SEAT QUESTION, e.g. ask 2 count H", "demande PLACE QUESTION, par ex. demande 2 nombre C"),
}


def parse_action(text: str, trump: Suit | None = None, lang: str | None = None) -> SizetteAction:
    """Read one action. ``trump`` is the trump suit once known (for ``command high trump``);
    ``lang`` is ``"en"``, ``"fr"`` or ``None`` (either, refusing what reads differently in each).

    >>> parse_action("dit par C 2 RC", lang="fr") == parse_action("say top H 2 KH")
    True
    >>> parse_action("cut ²")
    Traceback (most recent call last):
    ...
    atout.errors.InvalidActionError: 'cut ²' is not an action ('²' is not a cut position (a number \
written in ASCII digits, 0 to 999))
    """
    t = text.strip()
    if not t:
        raise error("empty")
    if lang is not None:
        words_for(lang)  # refuses an unknown language
        return _parse(t, trump, lang)
    first = t.split(None, 1)[0]
    if len(t.split()) == 1 and key_of(first, "fr", ACTION_WORDS) is None:
        return _card(t, None)
    french = key_of(first, "en", ACTION_WORDS) is None and key_of(first, "fr", ACTION_WORDS) is not None
    action: SizetteAction = read_either(lambda la: _parse(t, trump, la), t, symbol_text, "fr" if french else "en")
    return action


def action_text(action: Action, lang: str = "en") -> str:
    """The notation of ``action`` in ``lang``; English is ``str(action)``.

    >>> action_text(Card("QS"), "fr"), action_text(Say(Statement("void", Suit.CLUBS, yes=True)), "fr")
    ('DP', 'dit renonce T oui')
    """
    words = words_for(lang)
    if isinstance(action, Card):
        return action.text(lang)
    written = getattr(action, "written", None)
    if written is not None:
        return str(written(words))
    return str(action)  # chance steps: always canonical English


def symbol_text(action: Action) -> str:
    """The English notation with suit symbols (``ask 2 count ♥``, ``command K♥``): a spelling that
    cannot be read two ways, so ``parse_action`` reads it back without a language.

    >>> symbol_text(Ask(2, Question("count", Suit.CLUBS)))
    'ask 2 count ♣'
    """
    if isinstance(action, Card):
        return action.pretty()
    written = getattr(action, "written", None)
    return str(written(SYMBOLS)) if written is not None else str(action)


def _card(text: str, lang: str | None) -> Card:
    try:
        return parse_card(text, lang)
    except InvalidActionError:
        if lang is not None and key_of(text, "fr", ACTION_WORDS) is not None:  # a keyword of the other language
            raise error("not_action", text=text, hint=ACTION_HINT) from None
        raise error("not_card_or_action", text=text) from None


def _parse(t: str, trump: Suit | None, lang: str) -> SizetteAction:
    first, _, rest = t.partition(" ")
    rest = rest.strip()
    folded = fold(first)
    if folded in ("draw", "deal"):
        return _chance(f"{folded} {rest}")
    key = key_of(first, lang, ACTION_WORDS)
    if key is None:
        if not rest:
            return _card(t, lang)
        raise error("not_action", text=t, hint=ACTION_HINT)
    args = rest.split()
    if key == "remark":
        return Remark(_remark_text(rest))
    if key == "ask":
        if not args:
            raise error("missing_words", text=t, hint=_FORMS["ask"])
        return Ask(read_number(args[0], "seat", LARGEST_SEAT), Question.parse(args[1:], lang))
    if key == "say":
        return Say(Statement.parse(args, lang))
    if key == "answer":
        return Answer(Statement.parse(args, lang))
    if key == "command":
        return Command(CommandSpec.parse(args, trump, lang))
    try:
        return _simple(key, args, lang)
    except InvalidActionError as e:
        raise error("not_action", text=t, hint=Localized(e.text("en"), e.text("fr"))) from None


def _simple(key: str, args: list[str], lang: str) -> SizetteAction:
    """The actions of one or two fixed words: close, abandon, vole, claim, penalty, captain, dealer, cut."""
    n = len(args)
    if key == "close" and n == 0:
        return CLOSE
    if key == "abandon" and n == 0:
        return ABANDON
    if key == "accept" and n == 0:
        return ACCEPT
    if key == "dispute" and n == 0:
        return DISPUTE
    if key == "vole" and n == 1 and (go := key_of(args[0], lang, ("continue", "stop"))) is not None:
        return VOLE_GO_ON if go == "continue" else VOLE_STOP
    if key == "claim" and n == 1 and key_of(args[0], lang, ("revoke",)) is not None:
        return CLAIM_REVOKE
    if key == "penalty" and n in (1, 2):
        fault = key_of(args[0], lang, PENALTY_KINDS)
        if fault is None:
            raise error("penalty_kind", word=args[0], kinds=", ".join(words_for(lang).word(k) for k in PENALTY_KINDS))
        return Penalty(fault, read_number(args[1], "seat", LARGEST_SEAT) if n == 2 else None)
    if key == "captain" and n == 1:
        return Captain(read_number(args[0], "seat", LARGEST_SEAT))
    if key == "change" and n == 2 and key_of(args[0], lang, ("captain",)) is not None:
        return NewCaptain(read_number(args[1], "seat", LARGEST_SEAT))
    if key == "dealer" and n == 1:
        return ChooseDealer(read_number(args[0], "seat", LARGEST_SEAT))
    if key == "cut" and n == 1:
        return Cut(read_number(args[0], "cut", LARGEST_CUT))
    raise error("form", form=_FORMS[key])


def _chance(text: str) -> Draw | Deal:
    chance = parse_chance(text)
    if isinstance(chance, Deal) and not chance.turned:
        raise error("deal_turn")
    return chance


def _remark_text(rest: str) -> str:
    """The text of ``remark "…"``: one JSON string literal, nothing else."""
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise error("remark_form")
    try:
        value = json.loads(rest)
    except ValueError:
        raise error("remark_form") from None
    if not isinstance(value, str):
        raise error("remark_form")
    return value

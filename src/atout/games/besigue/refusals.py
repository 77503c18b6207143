"""Why an action is refused, in English and French (the codes of :class:`~atout.errors.ActionError`).
The codes every game shares (a seat out of turn, a card not held, a deal that is not the pack…)
are the core's (:mod:`atout.refusals`), worded there; here are Bésigue's own.

>>> refuse("must_trump", suit="H").text("fr")
'il faut couper (atout H)'
>>> refuse("not_your_turn", seat=1).code
'not_your_turn'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.errors import ActionError, AmbiguousActionError, IllegalActionError, InvalidActionError
from atout.refusals import CORE_MESSAGES, Words

if TYPE_CHECKING:
    from atout.actions import Action

MESSAGES: dict[str, dict[str, str]] = {
    **CORE_MESSAGES,
    "must_head": {"en": "you must beat the trick: play {cards}", "fr": "il faut monter : jouez {cards}"},
    "must_trump": {"en": "you must trump (trumps {suit})", "fr": "il faut couper (atout {suit})"},
    "must_overtrump": {"en": "you must over-trump: play {cards}", "fr": "il faut surcouper : jouez {cards}"},
    "joker_discard": {"en": "a joker may only be discarded: play {cards}",
                      "fr": "un joker ne se joue qu'en défausse : jouez {cards}"},
    "bad_exchange": {"en": "no exchange of {card} now: the winner of a trick may give a seven of trumps for the "
                           "turned card, before declaring", "fr": "pas d'échange de {card} maintenant : le gagnant "
                           "d'un pli peut donner un sept d'atout pour la retourne, avant d'annoncer"},
    "bad_declaration": {"en": "{decl} cannot be declared now; legal: {legal}",
                        "fr": "{decl} ne peut pas s'annoncer maintenant ; possibles : {legal}"},
    "which_declaration": {"en": "which {name}? type one of: {choices}", "fr": "quel {name} ? tapez l'un de : {choices}"},
    "not_declare_time": {"en": "declarations are made only by a trick's winner, before drawing",
                         "fr": "seul le gagnant d'un pli annonce, avant de piocher"},
    "bad_points": {"en": "{text}: the points are written in ASCII digits", "fr": "{text} : les points s'écrivent en "
                   "chiffres ASCII"},
}
EXAMPLES = Words({"en": "a card, pass, exchange 7H, a declaration such as 'marriage KH QH 20', cut 40",
                  "fr": "une carte, passe, échange 7C, une annonce comme « mariage RC DC 20 », coupe 40"})


def refuse(code: str, **params: object) -> ActionError:
    """An :class:`IllegalActionError` with the message ``code``."""
    return IllegalActionError.of(MESSAGES, code, **params)


def invalid(code: str, **params: object) -> ActionError:
    """An :class:`InvalidActionError` (text that is no action) with the message ``code``."""
    if code == "unknown":
        params.setdefault("examples", EXAMPLES)
    return InvalidActionError.of(MESSAGES, code, **params)


def ambiguous(text: str, as_en: Action, as_fr: Action) -> ActionError:
    """An :class:`AmbiguousActionError`: ``text`` reads as ``as_en`` in English and ``as_fr`` in French."""
    return AmbiguousActionError.of(MESSAGES, "ambiguous", text=text, as_en=str(as_en), as_fr=str(as_fr))

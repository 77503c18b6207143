"""Why a Piquet action is refused, in English and in French: a code, its parameters and one
template per language. A refusal names only what the refused player may know (his own cards, the
public dialogue), never an opponent's holding.

>>> from atout.cards import Card
>>> e = refuse("not_held", card=Card("KH"))
>>> e.code, str(e), e.text("fr")
('not_held', 'you do not hold KH', "vous n'avez pas RC")
"""

from __future__ import annotations

from atout.errors import ActionError, IllegalActionError, InvalidActionError, Messages
from atout.refusals import CORE_MESSAGES, Words

MESSAGES: Messages = {
    **CORE_MESSAGES,
    "show_first": {"en": "seat {seat} must first show what he scored",
                   "fr": "la place {seat} doit d'abord montrer ce qu'elle a marqué"},
    "named_suit": {"en": "you named {suit}: lead one of {cards}", "fr": "vous avez nommé {suit} : entamez une de {cards}"},
    "discard_limit": {"en": "you may discard {limit} cards, no more", "fr": "vous pouvez écarter {limit} cartes, pas plus"},
    "discard_min": {"en": "discard at least {least} cards before you take", "fr": "écartez au moins {least} cartes avant de prendre"},
    "take_exact": {"en": "you announced {count} cards: discard exactly {count}",
                   "fr": "vous avez annoncé {count} cartes : écartez-en exactement {count}"},
    "no_left": {"en": "no card will be left to look at", "fr": "il ne restera aucune carte à regarder"},
    "left_rule": {"en": "the left cards may not be treated so ({mode})",
                  "fr": "les cartes laissées ne peuvent pas être traitées ainsi ({mode})"},
    "not_blanche": {"en": "not a carte blanche (a king, queen or jack in the hand as dealt), or too late",
                    "fr": "pas de carte blanche (roi, dame ou valet dans la main donnée), ou trop tard"},
    "not_holding": {"en": "you hold no such {what} that the dialogue allows",
                    "fr": "vous n'avez pas de {what} que le dialogue permette"},
    "answer_untrue": {"en": "'{answer}' does not fit your hand: you may say {allowed}",
                      "fr": "« {answer} » ne correspond pas à votre main : vous pouvez dire {allowed}"},
    "also_lower": {"en": "you may add only other holdings no higher than the one you declared: {allowed}",
                   "fr": "vous ne pouvez ajouter que d'autres combinaisons pas plus fortes que celle annoncée : {allowed}"},
    "no_ask": {"en": "nothing to ask to be shown now", "fr": "rien à se faire montrer maintenant"},
    "show_mismatch": {"en": "those cards are not what you scored", "fr": "ces cartes ne sont pas ce que vous avez marqué"},
    "not_now_in": {"en": "'{action}' is not allowed now ({phase})", "fr": "« {action} » n'est pas permis maintenant ({phase})"},
    "bad_setup": {"en": "bad setup facts: {facts} (dealer, scores, hand, manches)",
                  "fr": "faits de départ incorrects : {facts} (dealer, scores, hand, manches)"},
    "bad_number": {"en": "{text!r} is not a number written in ASCII digits",
                   "fr": "{text!r} n'est pas un nombre écrit en chiffres ASCII"},
}
"""The core's shared refusals (:mod:`atout.refusals`), and Piquet's own."""
EXAMPLES = Words({"en": "a card such as KH, discard 7S, take, point 5, good, show me",
                  "fr": "une carte comme RC, écarte 7P, prends, point 5, bon, montrez"})
SEATS = "0, 1"


PHASE_WORDS: dict[str, tuple[str, str]] = {
    "draw": ("the draw for the first deal", "le tirage de la première donne"), "cut": ("the cut", "la coupe"),
    "deal": ("the deal", "la donne"), "exchange_elder": ("the elder's écart", "l'écart de l'aîné"),
    "carte_blanche_discard": ("the younger's discard before the carte blanche is shown",
                              "l'écart du cadet avant que la carte blanche soit montrée"),
    "exchange_younger": ("the younger's écart", "l'écart du cadet"), "declarations": ("the declarations", "les annonces"),
    "play": ("the play of the cards", "le jeu de la carte"),
    "younger_declares": ("the younger's declarations", "les annonces du cadet"),
    "over": ("the end of the partie", "la fin de la partie"),
}
"""Each phase as a refusal names it (never the engine's name of the phase)."""


class PhaseWord:
    """A phase named in a refusal, in the refusal's language (:func:`atout.errors.localize`).

    >>> str(refuse("not_now", action="KH", phase="exchange_elder"))
    "'KH' is not allowed now (the elder's écart)"
    """

    def __init__(self, phase: str):
        self.phase = phase

    def text(self, lang: str) -> str:
        words = PHASE_WORDS.get(self.phase)
        return words[lang == "fr"] if words else self.phase

    def __str__(self) -> str:
        return self.text("en")


def refuse(code: str, **params: object) -> ActionError:
    """An :class:`~atout.errors.IllegalActionError` with the code's templates (``not_now`` with a
    ``phase`` says the phase in words: Piquet's ``not_now_in``)."""
    if code == "not_now" and "phase" in params:
        code = "not_now_in"
        params["phase"] = PhaseWord(str(params["phase"]))
    elif code == "bad_draw":
        params.setdefault("seats", SEATS)
    return IllegalActionError.of(MESSAGES, code, **params)


def unreadable(code: str, **params: object) -> ActionError:
    """An :class:`~atout.errors.InvalidActionError` (text that is no action)."""
    if code == "unknown":
        params.setdefault("examples", EXAMPLES)
    return InvalidActionError.of(MESSAGES, code, **params)

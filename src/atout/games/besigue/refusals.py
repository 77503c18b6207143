"""Why an action is refused, in English and French (the codes of :class:`~atout.errors.ActionError`).

>>> refuse("must_trump", suit="H").text("fr")
'il faut couper (atout H)'
"""

from __future__ import annotations

from typing import Any

from atout.errors import ActionError, AmbiguousActionError, IllegalActionError, InvalidActionError

MESSAGES: dict[str, dict[str, str]] = {
    "over": {"en": "the partie is over", "fr": "la partie est finie"},
    "chance_due": {"en": "the table must draw or deal first", "fr": "la table doit d'abord tirer ou donner"},
    "not_chance": {"en": "{action} is not the table's to make now", "fr": "{action} n'est pas à la table maintenant"},
    "no_seat": {"en": "there is no seat {seat}", "fr": "il n'y a pas de place {seat}"},
    "turn": {"en": "not your turn: seat {seat} is to act", "fr": "ce n'est pas votre tour : la place {seat} joue"},
    "not_held": {"en": "seat {seat} does not hold {card}", "fr": "la place {seat} n'a pas {card}"},
    "must_follow": {"en": "you must follow suit ({suit})", "fr": "il faut fournir ({suit})"},
    "must_head": {"en": "you must beat the trick: play {cards}", "fr": "il faut monter : jouez {cards}"},
    "must_trump": {"en": "you must trump (trumps {suit})", "fr": "il faut couper (atout {suit})"},
    "must_overtrump": {"en": "you must over-trump: play {cards}", "fr": "il faut surcouper : jouez {cards}"},
    "joker_discard": {"en": "a joker may only be discarded: play {cards}",
                      "fr": "un joker ne se joue qu'en défausse : jouez {cards}"},
    "not_card_now": {"en": "no card is played now ({phase})", "fr": "on ne joue pas de carte maintenant ({phase})"},
    "bad_cut": {"en": "cut between {low} and {high}", "fr": "coupez entre {low} et {high}"},
    "not_cutter": {"en": "seat {seat} cuts", "fr": "c'est la place {seat} qui coupe"},
    "bad_exchange": {"en": "no exchange of {card} now: the winner of a trick may give a seven of trumps for the "
                           "turned card, before declaring", "fr": "pas d'échange de {card} maintenant : le gagnant "
                           "d'un pli peut donner un sept d'atout pour la retourne, avant d'annoncer"},
    "bad_declaration": {"en": "{decl} cannot be declared now; legal: {legal}",
                        "fr": "{decl} ne peut pas s'annoncer maintenant ; possibles : {legal}"},
    "not_declare_time": {"en": "declarations are made only by a trick's winner, before drawing",
                         "fr": "seul le gagnant d'un pli annonce, avant de piocher"},
    "bad_deal": {"en": "a deal gives {size} cards to each of {n} seats from the pack, the rest in the talon",
                 "fr": "une donne donne {size} cartes à chacune des {n} places, le reste au talon"},
    "bad_draw": {"en": "a draw gives a card of the pack to each of {n} seats",
                 "fr": "un tirage donne une carte du jeu à chacune des {n} places"},
    "unknown": {"en": "{text} is not a bésigue action (a card, pass, exchange 7H, a declaration such as "
                      "'marriage KH QH 20', cut 40)",
                "fr": "{text} n'est pas une action du bésigue (une carte, passe, échange 7C, une annonce comme "
                      "« mariage RC DC 20 », coupe 40)"},
    "bad_points": {"en": "{text}: the points are written in ASCII digits", "fr": "{text} : les points s'écrivent en "
                   "chiffres ASCII"},
    "ambiguous": {"en": "{text!r} is ambiguous: {as_en} in English, {as_fr} in French",
                  "fr": "{text!r} est ambigu : {as_en} en anglais, {as_fr} en français"},
    "not_action": {"en": "{action} is not a bésigue action", "fr": "{action} n'est pas une action du bésigue"},
}


def refuse(code: str, **params: Any) -> ActionError:
    """An :class:`IllegalActionError` with the message ``code``."""
    return IllegalActionError.of(MESSAGES, code, **params)


def invalid(code: str, **params: Any) -> ActionError:
    """An :class:`InvalidActionError` (text that is no action) with the message ``code``."""
    return InvalidActionError.of(MESSAGES, code, **params)


def ambiguous(text: str, as_en: Any, as_fr: Any) -> ActionError:
    """An :class:`AmbiguousActionError`: ``text`` reads as ``as_en`` in English and ``as_fr`` in French."""
    return AmbiguousActionError.of(MESSAGES, "ambiguous", text=text, as_en=str(as_en), as_fr=str(as_fr))

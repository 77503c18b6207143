"""Why the engine refuses a Whist action: a code, its parameters, and its text in English and
French (:class:`~atout.errors.IllegalActionError` or :class:`~atout.errors.InvalidActionError`).

>>> err = refuse("must_follow", suit="♥")
>>> err.code, str(err), err.text("fr")
('must_follow', 'you must follow suit (♥)', 'vous devez fournir à la couleur (♥)')
"""

from __future__ import annotations

from typing import Any

from atout.errors import ActionError, IllegalActionError, InvalidActionError

MESSAGES: dict[str, dict[str, str]] = {
    "over": {"en": "the partie is over", "fr": "la partie est finie"},
    "not_your_turn": {"en": "it is seat {player}'s turn, not seat {seat}'s",
                      "fr": "c'est au joueur {player} de jouer, pas au joueur {seat}"},
    "no_seat": {"en": "there is no seat {seat} at this table", "fr": "il n'y a pas de place {seat} à cette table"},
    "card_not_now": {"en": "no card can be played now ({phase})", "fr": "on ne joue pas de carte maintenant ({phase})"},
    "not_held": {"en": "{card} is not in the hand to play", "fr": "{card} n'est pas dans la main qui doit jouer"},
    "must_follow": {"en": "you must follow suit ({suit})", "fr": "vous devez fournir à la couleur ({suit})"},
    "not_now": {"en": "{action} is not allowed now", "fr": "{action} n'est pas permis maintenant"},
    "no_chance_due": {"en": "no draw or deal is due now", "fr": "aucun tirage ni donne n'est dû maintenant"},
    "chance_by_table": {"en": "only the table draws and deals", "fr": "seule la table tire et donne"},
    "bad_draw": {"en": "the draw must give one card of the pack to each of seats {seats}",
                 "fr": "le tirage doit donner une carte du jeu à chacun des joueurs {seats}"},
    "bad_cut_draw": {"en": "with partners by the cut, the two lowest cards sit opposite each other",
                     "fr": "avec les partenaires à la coupe, les deux plus basses cartes sont face à face"},
    "deal_hidden": {"en": "a deal with hidden hands cannot be played", "fr": "une donne aux mains cachées ne se joue pas"},
    "deal_shape": {"en": "the deal must give 13 cards to each of the four hands",
                   "fr": "la donne doit donner 13 cartes à chacune des quatre mains"},
    "deal_not_pack": {"en": "the deal must give out the 52 cards once each",
                      "fr": "la donne doit distribuer les 52 cartes une fois chacune"},
    "turned_dealer": {"en": "the turned card is the dealer's last card",
                      "fr": "la retourne est la dernière carte du donneur"},
    "pack_mismatch": {"en": "the hands are not those the dealer deals from this pack",
                      "fr": "les mains ne sont pas celles que le donneur distribue de ce paquet"},
    "cut_range": {"en": "cut between {low} and {high}", "fr": "coupez entre {low} et {high}"},
    "bad_text": {"en": "{text!r} is not a Whist action (a card such as KH, cut 12, show, pass, call, answer yes)",
                 "fr": "{text!r} n'est pas une action du whist (une carte comme RC, coupe 12, montre, passe, "
                       "appel, réponse oui)"},
}


def refuse(code: str, **params: Any) -> ActionError:
    """The refusal ``code``: an :class:`InvalidActionError` for unreadable text, else an
    :class:`IllegalActionError`."""
    cls = InvalidActionError if code == "bad_text" else IllegalActionError
    return cls.of(MESSAGES, code, **params)

"""The refusals every game shares: one code, one wording in each language, for the same reason
whatever the game (a seat out of turn, a card not held, a deal that is not the pack…).

A game's own table (``games/<name>/refusals.py``) adds the codes only it has:
``MESSAGES = {**CORE_MESSAGES, …}``; it never words a core code again (a test checks). Refuse
with :func:`refuse` (an :class:`~atout.errors.IllegalActionError`) or :func:`invalid` (an
:class:`~atout.errors.InvalidActionError`, for what cannot be read at all).

>>> err = refuse("not_your_turn", seat=3)
>>> err.code, str(err), err.text("fr")
('not_your_turn', 'not your turn: seat 3 is to act', "ce n'est pas votre tour : la place 3 joue")
"""

from __future__ import annotations

from atout.chance import Deal
from atout.errors import ActionError, IllegalActionError, InvalidActionError, Messages

CORE_MESSAGES: dict[str, dict[str, str]] = {
    # the partie and the seats
    "over": {"en": "the partie is over", "fr": "la partie est finie"},
    "no_seat": {"en": "there is no seat {seat} at this table", "fr": "il n'y a pas de place {seat} à cette table"},
    "table_not_player": {"en": "the table only draws and deals; players act from their seats",
                         "fr": "la table ne fait que tirer et donner ; les joueurs agissent de leur place"},
    "not_your_turn": {"en": "not your turn: seat {seat} is to act", "fr": "ce n'est pas votre tour : la place {seat} joue"},
    "not_now": {"en": "'{action}' is not allowed now", "fr": "« {action} » n'est pas permis maintenant"},
    "not_an_action": {"en": "{action!r} is not an action of this game (read text with parse_action)",
                      "fr": "{action!r} n'est pas une action de ce jeu (lisez le texte avec parse_action)"},
    # chance: the draw and the deal
    "chance_due": {"en": "the table must first draw or deal", "fr": "la table doit d'abord tirer ou donner"},
    "not_chance": {"en": "'{action}' is the table's step (a draw or a deal), not a player's, and not now",
                   "fr": "« {action} » est un pas de la table (un tirage ou une donne), pas d'un joueur, ni maintenant"},
    "bad_draw": {"en": "a draw gives one card of the pack to each of seats {seats}",
                 "fr": "un tirage donne une carte du jeu à chacune des places {seats}"},
    "not_a_deal": {"en": "{action!r} is not a deal: a hand starts from a deal of every seat's cards",
                   "fr": "{action!r} n'est pas une donne : une main commence par la donne des cartes de chaque place"},
    "deal_hidden": {"en": "a deal with hidden hands is a view, not a deal",
                    "fr": "une donne aux mains cachées est une vue, pas une donne"},
    "deal_sizes": {"en": "a deal gives {size} cards to each of {seats} seats, and {talon} to the talon",
                   "fr": "une donne donne {size} cartes à chacune des {seats} places, et {talon} au talon"},
    "deal_not_pack": {"en": "the hands and the talon must make up the pack, each card once",
                      "fr": "les mains et le talon doivent faire le jeu, chaque carte une fois"},
    "turned_card": {"en": "the turned card must be {where}", "fr": "la retourne doit être {where}"},
    "pack_mismatch": {"en": "the hands are not those seat {dealer} deals from this pack",
                      "fr": "les mains ne sont pas celles que la place {dealer} donne de ce paquet"},
    "bad_cut": {"en": "cut between {low} and {high}", "fr": "coupez entre {low} et {high}"},
    # cards
    "card_not_now": {"en": "no card is played now", "fr": "on ne joue pas de carte maintenant"},
    "not_held": {"en": "you do not hold {card}", "fr": "vous n'avez pas {card}"},
    "must_follow": {"en": "you must follow suit: play one of {cards}", "fr": "vous devez fournir : jouez {cards}"},
    # reading text
    "unknown": {"en": "{text!r} is not an action of this game ({examples})",
                "fr": "{text!r} n'est pas une action de ce jeu ({examples})"},
    "ambiguous": {"en": "{text!r} is ambiguous: {as_en} in English, {as_fr} in French; choose a language",
                  "fr": "{text!r} est ambigu : {as_en} en anglais, {as_fr} en français ; choisissez une langue"},
}
"""The shared codes, with their text in English and French (``{…}``: the refusal's parameters)."""

WHERE_TURNED = {
    "dealer_last": {"en": "the dealer's last card", "fr": "la dernière carte du donneur"},
    "talon_first": {"en": "the first card of the talon", "fr": "la première carte du talon"},
    "talon_last": {"en": "the last card of the talon, not a joker", "fr": "la dernière carte du talon, pas un joker"},
    "none": {"en": "absent (no card is turned)", "fr": "absente (on ne retourne pas de carte)"},
}
"""Where the turned card lies, the ``where`` of ``turned_card`` (:class:`~atout.dealing.DealPlan`)."""


class Words:
    """A parameter that has its own text in each language (``text(lang)``)."""

    __slots__ = ("words",)

    def __init__(self, words: dict[str, str]):
        self.words = words

    def text(self, lang: str = "en") -> str:
        return self.words.get(lang, self.words["en"])

    def __str__(self) -> str:
        return self.words["en"]


def refuse(code: str, messages: Messages = CORE_MESSAGES, **params: object) -> ActionError:
    """The refusal ``code`` of ``messages`` (by default the core table): an illegal action."""
    return IllegalActionError.of(messages, code, **params)


def invalid(code: str, messages: Messages = CORE_MESSAGES, **params: object) -> ActionError:
    """The refusal ``code`` of ``messages`` for text or a value that is not an action at all."""
    return InvalidActionError.of(messages, code, **params)


def seat_refusal(seat: int) -> ActionError:
    """The refusal of a player's action by ``seat``, which has no place at the table: the table
    itself (seat ``-1``, chance) only draws and deals.

    >>> seat_refusal(-1).code, seat_refusal(7).code
    ('table_not_player', 'no_seat')
    """
    return refuse("table_not_player") if seat == -1 else refuse("no_seat", seat=seat)


def as_deal(deal: object) -> Deal:
    """``deal`` itself if it is a deal (what a game's ``state_from_deal`` starts from), else the
    refusal ``not_a_deal``.

    >>> try:
    ...     as_deal("7S")
    ... except IllegalActionError as err:
    ...     print(err.code, err.text("fr"))
    not_a_deal '7S' n'est pas une donne : une main commence par la donne des cartes de chaque place
    """
    if not isinstance(deal, Deal):
        raise refuse("not_a_deal", action=deal)
    return deal

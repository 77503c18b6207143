"""Why an action is refused, in English and in French: a code, its parameters, and one template
per language (cards and actions are written in each language's notation by
:func:`atout.errors.localize`).

The codes every game shares (a seat out of turn, a card not held, a deal that is not the pack…)
are the core's (:mod:`atout.refusals`), never worded again here; here are Sizette's own.

>>> from atout.cards import Card
>>> e = refuse("not_held", card=Card("KH"))
>>> e.code, str(e), e.text("fr")
('not_held', 'you do not hold KH', "vous n'avez pas RC")
"""

from __future__ import annotations

from atout.errors import IllegalActionError, Messages
from atout.refusals import CORE_MESSAGES

MESSAGES: Messages = {
    **CORE_MESSAGES,
    # the partie, seats, turns
    "over": {"en": "the partie is over", "fr": "la partie est finie"},
    "chance_step": {"en": "'{word}' is the table's chance step, not seat {seat}'s",
                    "fr": "« {word} » est une étape de hasard de la table, pas de la place {seat}"},
    "chance_to_act": {"en": "not your turn: the table (chance) is to act",
                      "fr": "ce n'est pas votre tour : c'est à la table (hasard) d'agir"},
    "not_allowed_phase": {"en": "'{action}' is not allowed now ({phase})",
                          "fr": "« {action} » n'est pas permis maintenant ({phase})"},
    "not_allowed": {"en": "'{action}' is not allowed now", "fr": "« {action} » n'est pas permis maintenant"},
    # cards
    "card_out_of_turn": {"en": "seat {seat} cannot play now: seat {player} is to play",
                         "fr": "la place {seat} ne peut pas jouer maintenant : c'est à la place {player} de jouer"},
    "not_your_turn_play": {"en": "not your turn: seat {player} is to play",
                           "fr": "ce n'est pas votre tour : c'est à la place {player} de jouer"},
    "wait_answer": {"en": "wait: seat {seat} must first answer '{question}'",
                    "fr": "attendez : la place {seat} doit d'abord répondre à « {question} »"},
    "wait_command": {"en": "wait: window {window} is open; the captain (seat {captain}) commands the lead first",
                     "fr": "attendez : le temps de parole {window} est ouvert ; le capitaine (place {captain}) "
                           "commande d'abord l'entame"},
    "must_obey": {"en": "the captain commanded '{command}': play a matching card",
                  "fr": "le capitaine a commandé « {command} » : jouez une carte qui y répond"},
    "card_not_allowed": {"en": "{card} cannot be played now", "fr": "{card} ne peut pas être jouée maintenant"},
    # talk
    "talk_closed": {"en": "talk is closed now: no speech window is open",
                    "fr": "on ne parle pas maintenant : aucun temps de parole n'est ouvert"},
    "talk_closed_tricks": {"en": "talk is closed: during tricks 2–6 only the captain's lead command is allowed, "
                                 "before the lead",
                           "fr": "on ne parle plus : pendant les levées 2 à 6 seul le commandement d'entame du "
                                 "capitaine est permis, avant l'entame"},
    "other_side_window": {"en": "window {window} belongs to the other team",
                          "fr": "le temps de parole {window} est à l'autre équipe"},
    "captain_commands": {"en": "only the captain (seat {captain}) may command the lead",
                         "fr": "seul le capitaine (place {captain}) commande l'entame"},
    "no_command_c2": {"en": "no command in window C2: the player due to play chooses his card himself",
                      "fr": "pas de commandement en C2 : le joueur qui doit jouer choisit sa carte lui-même"},
    "captain_leads": {"en": "the captain leads himself: he plays, no command",
                      "fr": "le capitaine a la main : il joue, sans commandement"},
    "own_card": {"en": "you hold {card} yourself: command a card you do not hold",
                 "fr": "vous avez {card} vous-même : commandez une carte que vous n'avez pas"},
    "card_played": {"en": "{card} has already been played", "fr": "{card} a déjà été jouée"},
    "bad_command": {"en": "'{action}' is not a command allowed here (grammar: {grammar})",
                    "fr": "« {action} » n'est pas un commandement permis ici (grammaire : {grammar})"},
    "c3_command_only": {"en": "in tricks 2–6 only the captain's lead command is allowed",
                        "fr": "pendant les levées 2 à 6 seul le commandement d'entame du capitaine est permis"},
    "must_answer": {"en": "seat {seat} must first answer '{question}'",
                    "fr": "la place {seat} doit d'abord répondre à « {question} »"},
    "false_answer": {"en": "'{action}' is not a true answer to '{question}' (the answers offered: {answers})",
                     "fr": "« {action} » n'est pas une réponse vraie à « {question} » (réponses possibles : {answers})"},
    "answer_with_answer": {"en": "'{action}': you are answering seat {asker}'s question '{question}': "
                                 "write '{answer}'",
                           "fr": "« {action} » : vous répondez à la question « {question} » de la place {asker} : "
                                 "écrivez « {answer} »"},
    "answer_first": {"en": "answer '{question}' first (seat {asker} asked it): {answers}",
                     "fr": "répondez d'abord à « {question} » (la place {asker} l'a demandé) : {answers}"},
    "remarks_off": {"en": "free remarks are switched off (free_remarks=false)",
                    "fr": "les remarques libres sont désactivées (free_remarks=false)"},
    "remarks_used": {"en": "seat {seat} has made its {limit} remarks in this window",
                     "fr": "la place {seat} a fait ses {limit} remarques dans ce temps de parole"},
    "captain_asks": {"en": "only the captain (seat {captain}) asks questions",
                     "fr": "seul le capitaine (place {captain}) pose des questions"},
    "asked_already": {"en": "'{action}' was already asked this hand: the answer is public",
                      "fr": "« {action} » a déjà été demandé dans ce coup : la réponse est publique"},
    "said_already": {"en": "seat {seat} already said '{statement}' this hand",
                     "fr": "la place {seat} a déjà dit « {statement} » dans ce coup"},
    "untrue": {"en": "'{statement}' is not true of seat {seat}'s hand: statements must be true",
               "fr": "« {statement} » n'est pas vrai du jeu de la place {seat} : on ne dit que le vrai"},
    "mates_answer_only": {"en": "team-mates speak only when asked (volunteer_allowed=false or strict_encyclopedie)",
                          "fr": "les équipiers ne parlent que si on les interroge (volunteer_allowed=false ou "
                                "strict_encyclopedie)"},
    "ask_a_mate": {"en": "questions go to a team-mate", "fr": "on n'interroge qu'un équipier"},
    "close_by_playing": {"en": "you are due to play: play your card to close the window",
                         "fr": "c'est à vous de jouer : jouez votre carte pour clore le temps de parole"},
    # captains
    "captain_changes_used": {"en": "a team changes its captain at most {limit} times before a deal",
                             "fr": "une équipe change de capitaine au plus {limit} fois avant une donne"},
    # chance
    "no_deal_due": {"en": "no deal is due now", "fr": "aucune donne n'est due maintenant"},
    "no_draw_due": {"en": "no draw is due now", "fr": "aucun tirage n'est dû maintenant"},
    "no_chance_due": {"en": "no chance event is due now", "fr": "aucune étape de hasard n'est due maintenant"},
    # table law
    "table_law_only": {"en": "'{action}' exists only in table-law mode (table_law_mode=true)",
                       "fr": "« {action} » n'existe qu'en mode loi de table (table_law_mode=true)"},
    "not_possible_now": {"en": "'{action}' is not possible now", "fr": "« {action} » n'est pas possible maintenant"},
    "claim_not_yours": {"en": "'{action}': only the side wronged claims a penalty",
                        "fr": "« {action} » : seule l'équipe lésée réclame une pénalité"},
    "claim_not_now": {"en": "'{action}': that fault cannot have happened now",
                      "fr": "« {action} » : cette faute n'a pas pu être commise maintenant"},
    "claimed_already": {"en": "'{action}' has already been claimed", "fr": "« {action} » a déjà été réclamé"},
    "claim_pending": {"en": "a claim against that side waits for its answer: seat {seat} accepts or disputes it",
                      "fr": "une réclamation contre cette équipe attend sa réponse : la place {seat} l'accepte "
                            "ou la conteste"},
    "claim_answered_by": {"en": "the captain of the side, seat {seat}, answers the claim",
                          "fr": "le capitaine de l'équipe, la place {seat}, répond à la réclamation"},
    "no_claim": {"en": "there is no claim to answer", "fr": "il n'y a pas de réclamation à laquelle répondre"},
    "revoke_claim_now": {"en": "no card of the other side has left the suit led since your last claim",
                         "fr": "aucune carte de l'autre équipe n'a renoncé à la couleur depuis votre dernière "
                               "réclamation"},
}

PHASE_WORDS = {
    "draw": "tirage", "choose_dealer": "choix du donneur", "captains": "capitaines", "cut": "coupe",
    "deal": "donne", "play": "jeu", "vole": "vole", "over": "fin",
}


class Phase:
    """A phase name as a message parameter: English or French."""

    def __init__(self, name: str):
        self.name = name

    def text(self, lang: str = "en") -> str:
        return PHASE_WORDS.get(self.name, self.name) if lang == "fr" else self.name

    def __str__(self) -> str:
        return self.name


def refuse(code: str, **params: object) -> IllegalActionError:
    """The :class:`~atout.errors.IllegalActionError` of ``code`` (raise it)."""
    if "phase" in params and isinstance(params["phase"], str):
        params["phase"] = Phase(params["phase"])
    error = IllegalActionError.of(MESSAGES, code, **params)
    assert isinstance(error, IllegalActionError)
    return error

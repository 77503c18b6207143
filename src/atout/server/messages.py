"""The server's own words, in English and French: the refusals of the protocol (``docs/protocol.md``).

A refusal of the engine keeps the engine's words (``err.text(lang)``); these are the refusals the
server makes itself, by code.

>>> say("seat_taken", "fr", seat=2)
'la place 2 est déjà prise'
>>> say("stale", "en", event=7)
'the table has moved on (event 7): look again and choose'
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "bad_json": ("the message is not JSON", "le message n'est pas du JSON"),
    "bad_message": ("bad message: {reason}", "message incorrect : {reason}"),
    "too_large": ("the message is too large (at most {limit} bytes)",
                  "le message est trop long ({limit} octets au plus)"),
    "rate_limited": ("too many messages: slow down", "trop de messages : ralentissez"),
    "too_many_sockets": ("too many connections from your address (at most {limit}): close some tabs",
                         "trop de connexions depuis votre adresse ({limit} au plus) : fermez des onglets"),
    "no_hello": ("say hello first", "commencez par hello"),
    "no_table": ("there is no such table", "cette table n'existe pas"),
    "bad_token": ("this token is not one of this table's: you watch as a visitor",
                  "ce jeton n'est pas de cette table : vous regardez en visiteur"),
    "not_seated": ("you have no seat at this table", "vous n'avez pas de place à cette table"),
    "already_seated": ("you already have a seat", "vous avez déjà une place"),
    "seat_taken": ("seat {seat} is already taken", "la place {seat} est déjà prise"),
    "no_seat": ("this table has no seat {seat}", "cette table n'a pas de place {seat}"),
    "bad_name": ("a name has 1 to {limit} characters, none a control character",
                 "un nom a de 1 à {limit} caractères, sans caractère de contrôle"),
    "not_host": ("only the host may do that", "seul l'hôte peut faire cela"),
    "bad_bot": ("{game} has no bot {bot}; bots are: {bots}", "{game} n'a pas de robot {bot} ; robots : {bots}"),
    "not_started": ("the partie has not started", "la partie n'a pas commencé"),
    "finished": ("the partie is over", "la partie est finie"),
    "not_finished": ("the partie is not over", "la partie n'est pas finie"),
    "stale": ("the table has moved on (event {event}): look again and choose",
              "la table a avancé (événement {event}) : regardez et choisissez à nouveau"),
    "hints_off": ("this table gives no hints", "cette table ne donne pas de conseils"),
    "spectators_off": ("this table admits no spectators", "cette table n'admet pas de spectateurs"),
    "no_hint": ("no hint now: it is not your turn", "pas de conseil : ce n'est pas votre tour"),
    "bad_game": ("unknown game {game}; games are: {games}", "jeu inconnu {game} ; jeux : {games}"),
    "seat_not_human": ("seat {seat} is not a seat for a person", "la place {seat} n'est pas pour une personne"),
    "too_many_tables": ("too many tables created: wait a minute", "trop de tables créées : attendez une minute"),
    "no_partie": ("this table has no partie {partie}", "cette table n'a pas de partie {partie}"),
    "not_over": ("the replay of a partie in progress is only for its players",
                 "le déroulé d'une partie en cours n'est donné qu'à ses joueurs"),
    "analysis_not_over": ("the analysis shows every hand: it is given once the partie is over",
                          "l'analyse montre toutes les mains : elle est donnée une fois la partie finie"),
    "no_analysis": ("{game} has no double-dummy analysis", "{game} n'a pas d'analyse à cartes ouvertes"),
    "busy": ("the server is busy making other downloads: try again in a moment",
             "le serveur prépare d'autres téléchargements : réessayez dans un instant"),
    "internal": ("the server could not do that (nothing changed)", "le serveur n'a pas pu le faire (rien n'a changé)"),
    "storage": ("the table could not be saved; try again", "la table n'a pas pu être enregistrée ; réessayez"),
    "body": ("the request body must be a JSON object of at most {limit} bytes",
             "le corps de la requête doit être un objet JSON de {limit} octets au plus"),
}


def say(code: str, lang: str = "en", **params: object) -> str:
    """The message ``code`` in ``lang`` (English for any other language), filled with ``params``."""
    pair = MESSAGES[code]
    template = pair[1] if lang == "fr" else pair[0]
    return template.format(**params) if params else template


class Refusal(Exception):
    """A command the server refuses: a protocol ``code`` and the text of the refusal in each language.

    ``text(lang)`` gives the words; an engine refusal keeps its own (``engine.text(lang)``).

    >>> Refusal("not_host").text("fr")
    "seul l'hôte peut faire cela"
    """

    def __init__(self, code: str, engine: ValueError | None = None, **params: object):
        super().__init__(code)
        self.code = code
        self.engine = engine
        self.params = params

    def text(self, lang: str) -> str:
        if self.engine is not None:
            words = getattr(self.engine, "text", None)
            return str(words(lang)) if callable(words) else str(self.engine)
        return say(self.code, lang, **self.params)

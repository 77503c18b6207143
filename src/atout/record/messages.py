"""Every text the record layer shows a person, in English and French: the reader's and the
replay's error messages, the comments the writer adds, and the words of the text summary.

>>> say("tag_duplicate", "fr", name="Seat0", first=3)
'étiquette [Seat0] en double (la première est ligne 3) ; celle-ci est ignorée'
>>> say("who_seat", "en", seat=2), say("who_table", "fr")
('seat 2', 'la table (*)')
"""

from __future__ import annotations

LANGS = ("en", "fr")

MESSAGES: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------------ reading
    "tag_malformed": {
        "en": "malformed tag {line!r}: a tag is written [Name \"value\"]",
        "fr": "étiquette mal formée {line!r} : une étiquette s'écrit [Nom \"valeur\"]",
    },
    "tag_escape": {
        "en": "malformed tag {line!r}: bad escape in the quoted value",
        "fr": "étiquette mal formée {line!r} : échappement invalide dans la valeur entre guillemets",
    },
    "tag_duplicate": {
        "en": "duplicate tag [{name}] (first on line {first}); this one is ignored",
        "fr": "étiquette [{name}] en double (la première est ligne {first}) ; celle-ci est ignorée",
    },
    "tag_after_moves": {
        "en": "tag [{name}] after the moves: tags come first",
        "fr": "étiquette [{name}] après les coups : les étiquettes viennent d'abord",
    },
    "tag_seat_range": {
        "en": "tag [{name}]: this game has seats 0 to {last}",
        "fr": "étiquette [{name}] : ce jeu a les places 0 à {last}",
    },
    "no_game": {
        "en": "missing [Game \"…\"] tag: the record does not say which game it is",
        "fr": "étiquette [Game \"…\"] absente : le relevé ne dit pas de quel jeu il s'agit",
    },
    "unknown_game": {
        "en": "unknown game {name!r}; games are: {names}",
        "fr": "jeu inconnu {name!r} ; les jeux sont : {names}",
    },
    "bad_option": {
        "en": "bad option: {reason}",
        "fr": "option invalide : {reason}",
    },
    "not_a_line": {
        "en": "{line!r} is not a tag, a comment or a move '<seat>: <action>'",
        "fr": "{line!r} n'est ni une étiquette, ni un commentaire, ni un coup '<place>: <action>'",
    },
    "bad_prefix": {
        "en": "bad seat prefix {prefix!r}: a move starts with a seat number or * for chance",
        "fr": "préfixe de place invalide {prefix!r} : un coup commence par un numéro de place ou * pour le hasard",
    },
    "prefix_range": {
        "en": "bad seat prefix {prefix!r}: this game has seats 0 to {last} (or * for chance)",
        "fr": "préfixe de place invalide {prefix!r} : ce jeu a les places 0 à {last} (ou * pour le hasard)",
    },
    "no_action": {
        "en": "no action after '{prefix}:'",
        "fr": "aucune action après '{prefix}:'",
    },
    "bad_chance": {
        "en": "cannot read the chance step {text!r}: {reason}",
        "fr": "étape de hasard illisible {text!r} : {reason}",
    },
    "bad_result": {
        "en": "bad result {text!r}: write the winning side(s), the scores per side and the reason "
              "(\"0 5-3 target\"), \"= 3-3 deals\" for a tie, or \"*\" while unfinished",
        "fr": "résultat invalide {text!r} : écrivez le ou les camps gagnants, les scores par camp et la raison "
              "(\"0 5-3 target\"), \"= 3-3 deals\" pour une égalité, ou \"*\" tant que la partie n'est pas finie",
    },
    "result_sides": {
        "en": "bad result {text!r}: this game has {sides} sides (0 to {last})",
        "fr": "résultat invalide {text!r} : ce jeu a {sides} camps (0 à {last})",
    },
    "bad_start": {
        "en": "bad start {text!r}: write the starting facts as key=value pairs (\"dealer=3 scores=0-0\")",
        "fr": "départ invalide {text!r} : écrivez les faits de départ en paires clé=valeur (\"dealer=3 scores=0-0\")",
    },
    "bad_view": {
        "en": "bad view {text!r}: write the seat that sees the partie (\"2\") or \"spectator\"",
        "fr": "vue invalide {text!r} : écrivez la place qui voit la partie (\"2\") ou \"spectator\"",
    },
    "view_seat_range": {
        "en": "bad view {text!r}: this game has seats 0 to {last}",
        "fr": "vue invalide {text!r} : ce jeu a les places 0 à {last}",
    },
    # ------------------------------------------------------------------ replaying
    "who_seat": {"en": "seat {seat}", "fr": "place {seat}"},
    "who_table": {"en": "the table (*)", "fr": "la table (*)"},
    "cannot_read": {
        "en": "{who}: cannot read action {text!r}: {reason}",
        "fr": "{who} : action illisible {text!r} : {reason}",
    },
    "illegal": {
        "en": "{who}: illegal action {text!r}: {reason}{hint}",
        "fr": "{who} : action interdite {text!r} : {reason}{hint}",
    },
    "star_not_chance": {
        "en": "{who}: '*:' is for the table's chance steps (draw, deal), not {text!r}",
        "fr": "{who} : '*:' est réservé aux étapes de hasard de la table (tirage, donne), pas à {text!r}",
    },
    "chance_by_seat": {
        "en": "{who}: {text!r} is a chance step: write it '*: {text}'",
        "fr": "{who} : {text!r} est une étape de hasard : écrivez '*: {text}'",
    },
    "engine_fault": {
        "en": "{who}: internal error of the game engine on {text!r}: {error}",
        "fr": "{who} : erreur interne du moteur de jeu sur {text!r} : {error}",
    },
    "start_first": {
        "en": "a record with a [Start] tag begins with the deal ('*: deal …')",
        "fr": "un relevé avec une étiquette [Start] commence par la donne ('*: deal …')",
    },
    "start_refused": {
        "en": "the game cannot start from this deal and [Start] tag: {reason}",
        "fr": "le jeu ne peut pas partir de cette donne et de l'étiquette [Start] : {reason}",
    },
    "is_view": {
        "en": "this record is {viewer}'s view of the partie: the cards it hides cannot be replayed",
        "fr": "ce relevé est la vue de la partie pour {viewer} : les cartes qu'il cache ne peuvent pas être rejouées",
    },
    "hidden_deal": {
        "en": "{who}: this deal hides cards ('?'): a view of a partie cannot be replayed",
        "fr": "{who} : cette donne cache des cartes ('?') : la vue d'une partie ne peut pas être rejouée",
    },
    "spectator": {"en": "a spectator", "fr": "un spectateur"},
    "viewer_seat": {"en": "seat {seat}", "fr": "la place {seat}"},
    "tampered": {
        "en": "tampered result: the [Result] tag says {claimed!r} but the moves give {actual!r}",
        "fr": "résultat falsifié : l'étiquette [Result] dit {claimed!r} mais les coups donnent {actual!r}",
    },
    "hint_not_dealt": {
        "en": " (the deal on line {line} did not give {card} to seat {seat})",
        "fr": " (la donne de la ligne {line} n'a pas donné {card} à la place {seat})",
    },
    "hint_duplicate": {
        "en": " ({card} appears {count} times: {places})",
        "fr": " ({card} figure {count} fois : {places})",
    },
    "place_talon": {"en": "talon", "fr": "talon"},
    "cannot_write": {
        "en": "cannot write this partie: {reason}",
        "fr": "impossible d'écrire cette partie : {reason}",
    },
    # ------------------------------------------------------------------ comments and summary
    "c_hand": {"en": "hand {number}", "fr": "coup {number}"},
    "c_hand_open": {"en": "hand in progress", "fr": "coup en cours"},
    "c_hand_unscored": {"en": "hand not scored", "fr": "coup non marqué"},
    "c_hand_ends": {
        "en": "hand {number} ends ({reason}): {points}, score {scores}",
        "fr": "fin du coup {number} ({reason}) : {points}, score {scores}",
    },
    "c_no_points": {"en": "no points", "fr": "aucun point"},
    "c_result_win": {"en": "result: {names} wins {scores} ({reason})", "fr": "résultat : {names} gagne {scores} ({reason})"},
    "c_result_wins": {"en": "result: {names} win {scores} ({reason})",
                      "fr": "résultat : {names} gagnent {scores} ({reason})"},
    "c_result_tie": {"en": "result: tie {scores} ({reason})", "fr": "résultat : égalité {scores} ({reason})"},
    "c_marque": {"en": "; the marque: {figures}", "fr": " ; la marque : {figures}"},
    "c_result_open": {"en": "result * (unfinished, score {scores})",
                      "fr": "résultat * (partie inachevée, score {scores})"},
    "s_sides": {"en": "sides: {sides}", "fr": "camps : {sides}"},
    "s_start": {"en": "start: {setup}", "fr": "départ : {setup}"},
    "s_deal": {"en": "deal", "fr": "donne"},
    "s_seat": {"en": "seat {seat}", "fr": "place {seat}"},
    "s_talon": {"en": "talon", "fr": "talon"},
    "s_turned": {"en": "turned", "fr": "retournée"},
    "s_hidden": {"en": "{count} hidden cards", "fr": "{count} cartes cachées"},
    "s_moves": {"en": "{count} actions", "fr": "{count} actions"},
    "reason_target": {"en": "target reached", "fr": "but atteint"},
    "reason_abandon": {"en": "abandon", "fr": "abandon"},
    "reason_deals": {"en": "all deals played", "fr": "toutes les donnes jouées"},
    "reason_rubber": {"en": "rubber won", "fr": "robre gagné"},
}


def say(code: str, lang: str = "en", **params: object) -> str:
    """The message ``code`` in ``lang`` (English for an unknown language), its fields filled in."""
    templates = MESSAGES[code]
    return templates.get(lang, templates["en"]).format(**params)

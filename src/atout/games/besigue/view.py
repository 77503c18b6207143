"""How a Bésigue position reads on a screen (:mod:`atout.view`): its fields and phases in English
and French; « none » (the engine's ``-1``) shows nothing.

>>> VIEW.to_json()["fields"]["head_start"]["values"]["-1"]
{'en': '', 'fr': ''}
"""

from __future__ import annotations

from atout.view import NONE, Field, GameView, hidden, seat_field

FIELDS = {
    "marque": Field("score with this deal", "marque avec la donne"),
    "tabled": Field("on the table", "sur table"),
    "retourne": Field("turned card", "retourne"),
    "retourne_holder": seat_field("holds the turned card", "tient la retourne"),
    "brisques": Field("brisques", "brisques"),
    "declared": hidden("declared", "déclaré"),
    "wins": Field("games won", "parties gagnées"),
    "streak": hidden("streak", "série"),
    "hundreds": Field("hundreds given", "centaines données"),
    "head_start": Field("starts each game at 100", "part de 100 à chaque partie", values=NONE),
    "reason": Field("how", "comment", values={"hand": ("deal played", "donne jouée"), "target": ("target reached", "but atteint"),
                                              "new_game": ("new game", "nouvelle partie")}),
    "game": Field("game", "partie"),
    "worth": Field("worth", "valeur"),
    "bas_table": Field("counts double", "compte double"),
}
PHASES = {
    "declare": ("declaration", "déclaration"),
    "last_tricks": ("the last eight tricks", "les huit dernières levées"),
}

VIEW = GameView(FIELDS, PHASES)

"""How a Whist position reads on a screen (:mod:`atout.view`): its fields and phases in English
and French, and the mort's place at the table.

>>> VIEW.to_json()["fields"]["game_scores"]["label"]["fr"], MORT_VIEW.places
('points de la manche', 4)
"""

from __future__ import annotations

from dataclasses import replace

from atout.view import NONE, Field, GameView, hidden, seat_field

SIDES = {0: ("A", "A"), 1: ("B", "B"), -1: ("", "")}

FIELDS = {
    "rubber": Field("rubber", "robre"),
    "game_number": Field("game", "manche"),
    "game": Field("game", "manche"),
    "declarer": seat_field("declarer", "déclarant"),
    "game_scores": Field("game points", "points de la manche"),
    "games": Field("games", "manches"),
    "games_won": Field("games won", "manches gagnées"),
    "winner": Field("won by", "gagnée par", values=SIDES),
    "calling": Field("may call", "peut appeler", seat=True),
    "call": Field("call", "appel", values={"yes": ("answered yes", "répondu oui"), "no": ("answered no", "répondu non")}),
    "turned": Field("turned card", "carte retournée"),
    "turned_in_hand_of": seat_field("holds the turned card", "tient la retourne"),
    "mort_hand": Field("the mort's hand", "la main du mort", place=3),
    "trick_points": Field("trick points", "points de levées"),
    "honour_points": Field("honour points", "points d'honneurs"),
    "game_winner": Field("game won by", "manche gagnée par", values=SIDES),
    "game_value": Field("game value", "valeur de la manche", values={0: ("", "")}),
    "rubber_winner": Field("rubber won by", "robre gagné par", values=SIDES),
    "rubber_bonus": Field("rubber bonus", "prime du robre", values={0: ("", "")}),
    "reason": Field("how", "comment", values={"played": ("played out", "jouée"),
                                              "shown": ("honours shown", "honneurs montrés"),
                                              "called": ("honours called", "honneurs appelés")}),
    "shown": Field("honours shown", "honneurs montrés"),
    "hand_seat": hidden("seat", "place"),
    "value": Field("worth", "valeur", values=NONE),
}
PHASES = {
    "honours": ("honours", "honneurs"),
    "answer": ("answer to the call", "réponse à l'appel"),
    "expose": ("the mort laid out", "le mort s'étale"),
}

VIEW = GameView(FIELDS, PHASES)
MORT_VIEW = replace(VIEW, places=4)
"""Three players and the mort: four places round the table, the mort's being seat 3."""

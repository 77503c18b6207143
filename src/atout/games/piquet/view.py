"""How a Piquet position reads on a screen (:mod:`atout.view`): the declaration sheet (a
statement not yet made or a tie-break not told shows nothing, never ``-1``), the dialogue's step
and class in words, the score categories, the phases, in English and French.

>>> VIEW.to_json()["fields"]["step"]["values"]["younger_declare"]["fr"]
'le dernier déclare'
"""

from __future__ import annotations

from atout.view import NONE, Field, GameView, seat_field

CLASS_WORDS = {"point": ("point", "point"), "sequences": ("sequences", "séquences"),
               "sets": ("sets (quatorze, trio)", "quatorzes et brelans")}
FIELDS = {
    "partie_deal": Field("deal of the partie", "donne de la partie"),
    "elder": seat_field("elder", "premier"),
    "younger": seat_field("younger", "dernier"),
    "talon_size": Field("talon", "talon"),
    "discard_sizes": Field("cards discarded", "cartes écartées"),
    "left_cards": Field("cards left", "cartes laissées"),
    "carte_blanche": Field("carte blanche", "carte blanche", values=NONE),   # a seat, or points by category
    "carte_blanche_cards": Field("carte blanche shown", "carte blanche montrée"),
    "dialogue": Field("declarations", "annonces"),
    "class": Field("class", "classe", values=CLASS_WORDS),
    "stated": Field("stated", "annoncé", values={-1: ("", ""), 0: ("nothing", "rien")}),
    "told": Field("told", "précisé", values=NONE),
    "answers": Field("answers", "réponses", values={"good": ("good", "bon"), "not_good": ("not good", "pas bon"),
                                                    "equal": ("equal", "égal")}),
    "younger_declared": Field("younger declared", "annoncé par le dernier", values={-1: ("", ""), 0: ("nothing", "rien")}),
    "extras": Field("other holdings", "autres jeux"),
    "winner": seat_field("won by", "gagné par"),
    "step": Field("to say", "à dire", values={
        "": ("", ""), "declare": ("the elder declares", "le premier annonce"), "answer": ("the younger answers", "le dernier répond"),
        "tell": ("the elder tells its value", "le premier précise"), "also": ("other holdings", "autres jeux"),
        "younger_declare": ("the younger declares", "le dernier déclare")}),
    "step_class": Field("class", "classe", values={-1: ("", ""), 0: ("point", "point"), 1: ("sequences", "séquences"),
                                                   2: ("sets (quatorze, trio)", "quatorzes et brelans")}),
    "complete": Field("all declared", "tout annoncé"),
    "categories": Field("points by category", "points par catégorie", per_side=True),
    "carte_blanche_points": Field("carte blanche", "carte blanche"),
    "point": Field("point", "point"),
    "sequences": Field("sequences", "séquences"),
    "sets": Field("sets", "quatorzes et brelans"),
    "repic": Field("repic", "repic", values=NONE),
    "pic": Field("pic", "pic", values=NONE),
    "play": Field("play", "jeu"),
    "capot": Field("capot", "capot"),
    "hand_scores": Field("points this deal", "points de la donne"),
    "shown": Field("shown", "montré"),
    "pending_show": seat_field("must show", "doit montrer"),
    "named_suit": Field("suit named", "couleur nommée", values={"S": ("spades", "pique"), "H": ("hearts", "cœur"),
                                                               "D": ("diamonds", "carreau"), "C": ("clubs", "trèfle")}),
    "manches": Field("manches won", "manches gagnées"),
    "discard": Field("your écart", "votre écart"),
    "known_cards": Field("cards seen", "cartes vues"),
    "reason": Field("how", "comment", values={"deal": ("deal played", "donne jouée"),
                                              "manche": ("manche won", "manche gagnée")}),
    "multiplier": Field("multiplier", "multiplicateur"),
}
PHASES = {
    "exchange_elder": ("the elder's exchange", "l'écart du premier"),
    "carte_blanche_discard": ("carte blanche", "carte blanche"),
    "exchange_younger": ("the younger's exchange", "l'écart du dernier"),
    "declarations": ("declarations", "annonces"),
    "younger_declares": ("the younger declares", "le dernier annonce"),
}

VIEW = GameView(FIELDS, PHASES)

"""The words of the Piquet screen in English and French. The English pages keep the French terms
of the game beside their English names (écart, point, tierce, quatrième, quinte, quatorze,
brelan, carte blanche, pic, repic, capot, rubicon).

>>> WORDS.tr("cat.sets", "en"), WORDS.tr("role.elder", "fr")
('sets (quatorze/brelan)', 'aîné (premier en cartes)')
"""

from __future__ import annotations

from atout.cli.i18n import CORE, Catalog

WORDS = Catalog({
    "role.elder": ("elder (aîné, non-dealer)", "aîné (premier en cartes)"),
    "role.younger": ("younger (cadet, dealer)", "cadet (donneur)"),
    "screen.role": ("You are seat {seat}, {role}.", "Vous êtes le joueur {seat}, {role}."),
    "screen.partie_rubicon": ("Rubicon partie: deal {deal} of {deals}{doubled}.",
                              "Partie au rubicon : donne {deal} sur {deals}{doubled}."),
    "screen.doubled": (" (counts double)", " (comptée double)"),
    "screen.partie_points": ("Game to {target} points, {kind}{manches}; deal {deal}.",
                             "Partie en {target} points, {kind}{manches} ; donne {deal}."),
    "screen.seche": ("sèche", "sèche"),
    "screen.liee": ("liée", "liée"),
    "screen.manches": (" (manches {a}–{b})", " (manches {a}–{b})"),
    "screen.talon": ("Talon: {n} cards.", "Talon : {n} cartes."),
    "screen.discard": ("Your écart (discard): {cards}", "Votre écart : {cards}"),
    "screen.known": ("Cards you looked at: {cards}", "Cartes que vous avez vues : {cards}"),
    "screen.left": ("Cards left face up: {cards}", "Cartes laissées retournées : {cards}"),
    "screen.blanche": ("Carte blanche of {who}: {cards}", "Carte blanche de {who} : {cards}"),
    "screen.shown": ("{who} showed: {cards}", "{who} a montré : {cards}"),
    "screen.dialogue": ("Declarations (annonces):", "Annonces :"),
    "screen.deal_score": ("This deal — {a}; {b}", "Cette donne — {a} ; {b}"),
    "screen.cats": ("{who} {total} [{cats}]", "{who} {total} [{cats}]"),
    "screen.last_trick": ("Last trick: {cards}", "Dernière levée : {cards}"),
    "screen.tricks_won": ("Tricks: you {mine}, opponent {theirs}.", "Levées : vous {mine}, adversaire {theirs}."),
    "cls.0": ("point", "point"),
    "cls.1": ("sequences (séquences)", "séquences"),
    "cls.2": ("sets (quatorze/brelan)", "quatorzes et brelans"),
    "dlg.line": ("  {cls}: {said}{result}", "  {cls} : {said}{result}"),
    "dlg.scores": (" → {who} scores {points}", " → {who} marque {points}"),
    "dlg.nobody": (" → nobody scores", " → personne ne marque"),
    "dlg.pending": (" → {who} will declare", " → {who} annoncera"),
    "cat.carte_blanche": ("carte blanche", "carte blanche"),
    "cat.point": ("point", "point"),
    "cat.sequences": ("sequences (séquences)", "séquences"),
    "cat.sets": ("sets (quatorze/brelan)", "quatorzes/brelans"),
    "cat.repic": ("repic", "repic"),
    "cat.pic": ("pic", "pic"),
    "cat.play": ("play (jeu)", "jeu"),
    "cat.cards": ("the cards (les cartes)", "les cartes"),
    "cat.capot": ("capot", "capot"),
    "ev.says": ("{who}: «{text}»", "{who} : « {text} »"),
    "ev.discard": ("{who} discards a card (écart).", "{who} écarte une carte."),
    "ev.discard_own": ("You discard {card} (écart).", "Vous écartez {card}."),
    "ev.take": ("{who} takes {n} cards from the talon{see}.", "{who} prend {n} cartes au talon{see}."),
    "ev.take_look": (" and looks at the rest", " et regarde le reste"),
    "ev.take_expose": (" and turns the rest face up", " et retourne le reste"),
    "ev.blanche": ("{who} announces carte blanche{count} (10).", "{who} annonce carte blanche{count} (10)."),
    "ev.blanche_count": (", taking {n}", ", et prendra {n}"),
    "ev.ask_show": ("{who} asks to see what was scored.", "{who} demande à voir ce qui a été marqué."),
    "ev.show": ("{who} shows {cards}.", "{who} montre {cards}."),
    "ev.name": ("{who} names {suit} for the first lead.", "{who} nomme {suit} pour l'entame."),
    "ev.cut": ("{who} cuts {n} cards.", "{who} coupe {n} cartes."),
    "ev.deal_piquet": ("The cards are dealt: twelve each, eight to the talon.",
                       "Les cartes sont données : douze chacun, huit au talon."),
    "res.deal": ("Deal {hand}: {points}{times}. {details}", "Donne {hand} : {points}{times}. {details}"),
    "res.times": (" (×{n})", " (×{n})"),
    "res.manche": ("{who} wins the manche; the next starts from nothing.",
                   "{who} gagne la manche ; la suivante repart de zéro."),
    "res.marque": ("La marque (settlement): {who} gains {n}.", "La marque : {who} gagne {n}."),
    "res.rubicon": ("{who} is rubiconed (under 100).", "{who} est rubicon (moins de 100)."),
    "res.drawn": ("The partie is drawn: nothing is paid.", "La partie est nulle : rien n'est payé."),
    "menu.exchange": ("Your écart (exchange): discard, then take", "Votre écart : écartez, puis prenez"),
    "menu.dialogue": ("Your declaration (annonce):", "Votre annonce :"),
    "menu.cards": ("Your card:", "Votre carte :"),
    "menu.cut": ("Cut the pack (how many cards to lift):", "Coupez (combien de cartes lever) :"),
    "menu.show": ("Show what you scored:", "Montrez ce que vous avez marqué :"),
    "help.piquet": (("Type a number, or the notation: 'discard 7S', 'take', 'take look', 'carte blanche 3', "
                     "'point 5', 'quint', 'quatorze', 'no set', 'value 48', 'top K', 'rank A', 'good', "
                     "'not good', 'equal', 'also tierce', 'show me', 'name spades'; 'hint' asks the "
                     "heuristic bot what it would do."),
                    ("Tapez un numéro, ou la notation : « écarte 7P », « prends », « prends regarde », "
                     "« carte blanche 3 », « point 5 », « quinte », « quatorze », « pas de brelan », "
                     "« valeur 48 », « tête R », « rang A », « bon », « pas bon », « égal », "
                     "« aussi tierce », « montrez », « nomme pique » ; « hint » (conseil) demande au robot "
                     "heuristique ce qu'il ferait.")),
}, parent=CORE)

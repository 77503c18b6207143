"""Piquet's phrase book, in English and French: the sentences of its log (the server's and the
terminal's) and the words of the terminal's screen. The English pages keep the French terms of
the game beside their English names (écart, point, tierce, quatrième, quinte, quatorze, brelan,
carte blanche, pic, repic, capot, rubicon).

>>> WORDS.tr("cat.sets", "en"), WORDS.tr("role.elder", "fr")
('sets (quatorze/brelan)', 'aîné (premier en cartes)')
>>> from atout.log import LogEntry
>>> from atout.games.piquet.actions import Declare, Tell
>>> from atout.words import SeatWords
>>> names = SeatWords(["Anne", "Robot 1"], "fr")
>>> phrase(LogEntry(9, 0, Declare(0, 5)), "fr", names), phrase(LogEntry(10, 1, Tell(0, 48)), "fr", names)
('Anne annonce un point de cinq.', 'Robot 1 : il vaut 48.')
>>> phrase(LogEntry(9, 0, Declare(1, 5)), "en", SeatWords(["Anne", "Bot 1"], "en"))
'Anne declares a quint (quinte).'
"""

from __future__ import annotations

from atout.actions import Hidden
from atout.chance import Deal
from atout.games.piquet.actions import (
    Also,
    Answer,
    AskShow,
    CarteBlanche,
    Cut,
    Declare,
    Discard,
    NameSuit,
    Show,
    Take,
    Tell,
)
from atout.games.piquet.events import CATEGORY_WORDS, BlancheShown, Scoring, Seen, Taken
from atout.games.piquet.vocabulary import SUIT_WORDS
from atout.log import LogEntry
from atout.words import (
    ENTRY,
    RANK_NAMES,
    Catalog,
    Naming,
    card_name,
    cards_words,
    de_word,
    deal_words,
    number_word,
    rank_with_article,
    sorted_hand,
)

MESSAGES: dict[str, tuple[str, str]] = {
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
    "screen.talon_one": ("Talon: 1 card.", "Talon : 1 carte."),
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
    "res.marque": ("La marque (settlement): {who} gains {n} ({how}).", "La marque : {who} gagne {n} ({how})."),
    "res.how_rubicon": ("{w} + {l} + 100: the sum and the hundred", "{w} + {l} + 100 : la somme et le cent"),
    "res.how_safe": ("{w} − {l} + 100: the difference and the hundred", "{w} − {l} + 100 : la différence et le cent"),
    "res.how_points": ("{w} + ({w} − {l}): his score and the difference", "{w} + ({w} − {l}) : son score et la différence"),
    "res.how_liee": ("the sum of the manches", "la somme des manches"),
    "res.rubicon": ("{who} is rubiconed: {score}, {n} short of 100.",
                    "{who} est rubicon : {score}, à {n} points des 100."),
    "res.drawn": ("The partie is drawn: nothing is paid.", "La partie est nulle : rien n'est payé."),
    "menu.exchange": ("Your écart (exchange): discard, then take", "Votre écart : écartez, puis prenez"),
    "menu.dialogue": ("Your declaration (annonce):", "Votre annonce :"),
    "menu.cards": ("Your card:", "Votre carte :"),
    "menu.cut": ("Cut the pack (how many cards to lift):", "Coupez (combien de cartes lever) :"),
    "menu.show": ("Show what you scored:", "Montrez ce que vous avez marqué :"),
    "menu.only": ("{title} — only one choice ({why}); type 1 to confirm it:",
                  "{title} — un seul choix ({why}) ; tapez 1 pour le confirmer :"),
    "why.younger_declare": ("you answered « not good »: you now declare what beats it",
                            "vous avez répondu « pas bon » : annoncez maintenant ce qui le bat"),
    "why.nothing": ("you hold nothing to declare in this class", "vous n'avez rien à annoncer dans cette classe"),
    "why.tell": ("the sizes are equal: tell what breaks the tie", "les tailles sont égales : dites ce qui départage"),
    "why.good": ("you hold nothing as large: the elder's holding is good",
                 "vous n'avez rien d'aussi fort : la combinaison de l'aîné est bonne"),
    "why.also": ("you hold no other holding of this class that you may add",
                 "vous n'avez pas d'autre combinaison de cette classe à ajouter"),
    "why.take": ("you have discarded all you may: take from the talon",
                 "vous avez écarté tout ce que vous pouviez : prenez au talon"),
    "why.show": ("only these cards fit what you declared", "seules ces cartes correspondent à vos annonces"),
    "why.card": ("you must follow suit with it, or it is your last card",
                 "vous devez fournir avec elle, ou c'est votre dernière carte"),
    "why.other": ("nothing else is possible now", "rien d'autre n'est possible maintenant"),
    "help.piquet": (("Type a number, or the notation: 'discard 7S', 'take', 'take look', 'carte blanche 3', "
                     "'point 5', 'quint', 'quatorze', 'no set', 'value 48', 'top K', 'rank A', 'good', "
                     "'not good', 'equal', 'also tierce', 'show me', 'name spades'; 'hint' asks the "
                     "heuristic bot what it would do."),
                    ("Tapez un numéro, ou la notation : « écarte 7P », « prends », « prends regarde », "
                     "« carte blanche 3 », « point 5 », « quinte », « quatorze », « pas de brelan », "
                     "« valeur 48 », « tête R », « rang A », « bon », « pas bon », « égal », "
                     "« aussi tierce », « montrez », « nomme pique » ; « hint » (conseil) demande au robot "
                     "heuristique ce qu'il ferait.")),
    # ---- the log's sentences
    "log.discard_own": ("{who} discards {card} (écart).", "{who} écarte {card}."),
    "log.take": ("{who} takes from the talon{see}.", "{who} prend au talon{see}."),
    "log.taken": ("{who} takes {n} cards.", "{who} prend {n} cartes."),
    "log.taken_cards": ("{who} takes {n} cards: {cards}.", "{who} prend {n} cartes : {cards}."),
    "log.look": ("{who} looks at {n} cards of the talon.", "{who} regarde {n} cartes du talon."),
    "log.look_cards": ("{who} looks at {cards}.", "{who} regarde {cards}."),
    "log.expose_cards": ("{who} turns face up {cards}.", "{who} retourne {cards}."),
    "log.blanche_shown": ("{who} shows the carte blanche: {cards}.", "{who} montre sa carte blanche : {cards}."),
    "log.no_point": ("{who} has no point.", "{who} n'a pas de point."),
    "log.no_sequence": ("{who} has no sequence.", "{who} n'a pas de séquence."),
    "log.no_set": ("{who} has no set.", "{who} n'a pas de brelan."),
    "log.point": ("{who} declares a point of {n}.", "{who} annonce un point de {n}."),
    "log.sequence": ("{who} declares a {name} ({french}).", "{who} annonce une {name}."),
    "log.set": ("{who} declares a {name}.", "{who} annonce un {name}."),
    "log.value": ("{who}: worth {n}.", "{who} : il vaut {n}."),
    "log.top": ("{who}: headed by {rank}.", "{who} : à la tête, {rank}."),
    "log.rank": ("{who}: of {ranks}.", "{who} : {de_ranks}."),
    "log.good": ("{who}: good.", "{who} : c'est bon."),
    "log.not_good": ("{who}: not good.", "{who} : pas bon."),
    "log.equal": ("{who}: equal.", "{who} : égal."),
    "log.no_other_sequence": ("{who} has no other sequence.", "{who} n'a pas d'autre séquence."),
    "log.no_other_set": ("{who} has no other set.", "{who} n'a pas d'autre brelan."),
    "log.also": ("{who} also declares: {names}.", "{who} annonce aussi : {names}."),
    "log.scoring": ("{who} scores {n} for {what}.", "{who} marque {n} en {what}."),
}

WORDS = Catalog(MESSAGES, parent=ENTRY)
"""The phrase book over the entries every game shares; the terminal's catalog is the same messages
over its own (``atout.cli.render.piquet``)."""

SEQUENCE_WORDS: dict[str, dict[int, str]] = {
    "en": {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"},
    "fr": {3: "tierce", 4: "quatrième", 5: "quinte", 6: "sixième", 7: "septième", 8: "huitième"},
}
SET_WORDS: dict[str, dict[int, str]] = {"en": {3: "trio (brelan)", 4: "quatorze"}, "fr": {3: "brelan", 4: "quatorze"}}


def _rank_plural(rank: int, lang: str) -> str:
    name = RANK_NAMES[lang][rank]
    return name if name.endswith(("s", "x")) else name + "s"


def phrase(entry: LogEntry, lang: str, names: Naming) -> str | None:
    """The sentence of a Piquet entry of its own, else ``None`` (the entries every game shares)."""
    item, seat = entry.item, entry.seat
    who = names.Name(seat)
    tr = WORDS.tr
    if isinstance(item, Deal):
        return deal_words(item, lang, names, head=tr("ev.deal_piquet", lang))
    if isinstance(item, Cut):
        return tr("ev.cut", lang, who=who, n=item.position)
    if isinstance(item, Discard):
        return tr("log.discard_own", lang, who=who, card=card_name(item.card, lang))
    if isinstance(item, Hidden):
        return tr("ev.discard", lang, who=who)
    if isinstance(item, Take):
        see = tr(f"ev.take_{item.see}", lang) if item.see else ""
        return tr("log.take", lang, who=who, see=see)
    if isinstance(item, Taken):
        if item.cards is None:
            return tr("log.taken", lang, who=who, n=item.count)
        return tr("log.taken_cards", lang, who=who, n=item.count, cards=cards_words(sorted_hand(item.cards), lang))
    if isinstance(item, Seen):
        if item.cards is None:
            return tr("log.look", lang, who=who, n=item.count)
        key = "log.expose_cards" if item.how == "expose" else "log.look_cards"
        return tr(key, lang, who=who, cards=cards_words(sorted_hand(item.cards), lang))
    if isinstance(item, CarteBlanche):
        count = tr("ev.blanche_count", lang, n=item.count) if item.count else ""
        return tr("ev.blanche", lang, who=who, count=count)
    if isinstance(item, BlancheShown):
        return tr("log.blanche_shown", lang, who=who, cards=cards_words(sorted_hand(item.cards), lang))
    if isinstance(item, Declare):
        if not item.size:
            return tr(("log.no_point", "log.no_sequence", "log.no_set")[item.cls], lang, who=who)
        if item.cls == 0:
            return tr("log.point", lang, who=who, n=number_word(item.size, lang))
        if item.cls == 1:
            return tr("log.sequence", lang, who=who, name=SEQUENCE_WORDS[lang].get(item.size, str(item.size)),
                      french=SEQUENCE_WORDS["fr"].get(item.size, ""))
        return tr("log.set", lang, who=who, name=SET_WORDS[lang].get(item.size, str(item.size)))
    if isinstance(item, Tell):
        if item.cls == 0:
            return tr("log.value", lang, who=who, n=item.value)
        if item.cls == 1:
            return tr("log.top", lang, who=who, rank=rank_with_article(item.value, lang))
        plural = _rank_plural(item.value, lang)
        return tr("log.rank", lang, who=who, ranks=plural, de_ranks=de_word(plural))
    if isinstance(item, Answer):
        return tr(f"log.{item.word}", lang, who=who)
    if isinstance(item, Also):
        if not item.sizes:
            return tr("log.no_other_sequence" if item.cls == 1 else "log.no_other_set", lang, who=who)
        table = SEQUENCE_WORDS if item.cls == 1 else SET_WORDS
        return tr("log.also", lang, who=who, names=", ".join(table[lang].get(n, str(n)) for n in item.sizes))
    if isinstance(item, AskShow):
        return tr("ev.ask_show", lang, who=who)
    if isinstance(item, Show):
        return tr("ev.show", lang, who=who, cards=cards_words(sorted_hand(item.cards), lang))
    if isinstance(item, NameSuit):
        return tr("ev.name", lang, who=who, suit=SUIT_WORDS[lang][item.suit])
    if isinstance(item, Scoring):
        return tr("log.scoring", lang, who=who, n=item.points, what=CATEGORY_WORDS[lang][item.category])
    return None

"""Whist's phrase book: its own log entries in English and French (the cut, the honours shown
or called, the mort laid out), over the words every game shares (:mod:`atout.words`), and the
words of the terminal's screen.

>>> from atout.log import LogEntry
>>> from atout.words import SeatWords
>>> from atout.games.whist.actions import Cut
>>> phrase(LogEntry(3, 1, Cut(18)), "fr", SeatWords(["Anne", "Robot 1"], "fr"))
'Robot 1 coupe le jeu (18 cartes).'
"""

from __future__ import annotations

from atout.games.whist.actions import Answer, Call, Cut, Expose, Pass, Show
from atout.log import LogEntry
from atout.words import ENTRY, Catalog, Naming

MESSAGES: dict[str, tuple[str, str]] = {
    "w.rubber": ("Rubber {r}, {game}", "Robre {r}, {game}"),
    "w.game_n": ("game {n}", "manche {n}"),
    "w.belle": ("the deciding game", "la belle"),
    "w.sheet": ("Score sheet: {games}", "Feuille de marque : {games}"),
    "w.sheet_game": ("{game} to {side} ({value})", "{game} à {side} ({value})"),
    "w.no_games": ("no game won yet", "aucune manche gagnée"),
    "w.in_game": ("this game: {score} (game at {target})", "manche en cours : {score} (la manche en {target})"),
    "w.settlement": ("Settlement so far: {text}", "Règlement jusqu'ici : {text}"),
    "w.turned": ("Turned card (trump): {card}, the dealer's ({who})",
                 "Retourne (atout) : {card}, au donneur ({who})"),
    "w.mort": ("The mort's hand, face up (played by {who}): {cards}",
               "Le jeu du mort, étalé (joué par {who}) : {cards}"),
    "w.mort_hidden": ("The mort is played by {who}; its hand is not yet face up",
                      "Le mort est joué par {who} ; son jeu n'est pas encore étalé"),
    "w.tricks": ("Tricks (levées): {score}", "Levées : {score}"),
    "w.calling": ("At eight, may show honours now: {who}", "À huit points, peut montrer ses honneurs : {who}"),
    "w.call_pending": ("{who} has called: the partner answers", "{who} a chanté : le partenaire répond"),
    "w.the_mort": ("the mort", "le mort"),
    "w.seats": ("seats {a} and {b}", "joueurs {a} et {b}"),
    "w.with_mort": ("seat {a} and the mort", "joueur {a} et le mort"),
    "w.play_mort": ("{who} plays {card} from the mort.", "{who} joue {card} pour le mort."),
    "w.cut": ("{who} cuts the pack ({n} cards).", "{who} coupe le jeu ({n} cartes)."),
    "w.show": ("{who} shows his honours at eight!", "{who} montre ses honneurs à huit points !"),
    "w.pass": ("{who} does not show honours.", "{who} ne montre pas d'honneurs."),
    "w.call": ("{who} calls: « have you an honour, partner? »",
               "{who} chante : « avez-vous un honneur, partenaire ? »"),
    "w.answer_yes": ("{who} answers yes: the honours are shown.", "{who} répond oui : les honneurs sont montrés."),
    "w.answer_no": ("{who} answers no.", "{who} répond non."),
    "w.dealt_mort": ("  the mort: {cards}", "  le mort : {cards}"),
    "w.expose": ("{who} lays the mort's hand face up.", "{who} étale le jeu du mort."),
    "w.hand": ("Hand {n}: tricks (levées) {tricks}; {points}.", "Coup {n} : levées {tricks} ; {points}."),
    "w.trick_points": ("{side} scores {n} for the odd tricks", "{side} marque {n} de levées"),
    "w.honour_points": ("{side} scores {n} for honours (honneurs)", "{side} marque {n} d'honneurs"),
    "w.nothing": ("nobody scores", "personne ne marque"),
    "w.slam": ("a slam (chelem)!", "chelem !"),
    "w.shown_hand": ("Hand {n}: honours shown at eight by {side}: {cards}.",
                     "Coup {n} : {side} montre à huit points les honneurs {cards}."),
    "w.called_hand": ("Hand {n}: honours called at eight by {side}: {cards}.",
                      "Coup {n} : {side} chante à huit points les honneurs {cards}."),
    "w.game_score": ("Game score: {score}.", "Marque de la manche : {score}."),
    "w.game_won": ("{side} wins {game}, worth {value} (the surplus is lost).",
                   "{side} gagne {game}, qui vaut {value} (le surplus est perdu)."),
    "w.rubber_won": ("{side} wins the rubber (robre): +{bonus}.", "{side} gagne le robre : +{bonus}."),
    "w.settle": ("Settlement: {text}.", "Règlement : {text}."),
    "w.end_side": ("The partie is over: team {t} collects {n}; settlement per player: {text}.",
                   "La partie est finie : l'équipe {t} encaisse {n} ; règlement par joueur : {text}."),
    "w.end_seats": ("The partie is over: {who} {verb}; settlement per player: {text}.",
                    "La partie est finie : {who} {verb} ; règlement par joueur : {text}."),
    "w.wins": ("wins", "gagne"),
    "w.win": ("win", "gagnent"),
    "w.end_even": ("The partie is over: nobody collects; settlement per player: {text}.",
                   "La partie est finie : personne n'encaisse ; règlement par joueur : {text}."),
    "w.you_win": ("You are up.", "Vous gagnez."),
    "w.you_lose": ("You are down.", "Vous perdez."),
    "w.you_even": ("You are even.", "Vous êtes quitte."),
    "w.deals": ("{who} deals; turned (trump): {card}.", "{who} donne ; retourne (atout) : {card}."),
    "w.dealer": ("Dealer: {who}", "Donneur : {who}"),
    "w.trick_won": ("{who} wins the trick; tricks {score}.", "{who} remporte la levée ; levées {score}."),
    "w.cut_title": ("Cut the pack: type how many cards you lift off the top, {low} to {high}.",
                    "Coupez le jeu : tapez combien de cartes vous soulevez, de {low} à {high}."),
    "w.show_help": (("Your side is at {at}: you hold {n} honours in your hand. « show » lays them down and wins "
                     "the game at once ({points} points); « pass » keeps quiet and the hand is played."),
                    ("Votre camp est à {at} : vous avez {n} honneurs en main. « montre » les étale et gagne la "
                     "manche aussitôt ({points} points) ; « passe » se tait et le coup se joue.")),
    "w.pass_help": (("Your side is at {at}: a player holding three honours could show them and win the game; "
                     "you hold {n}, so you pass."),
                    ("Votre camp est à {at} : un joueur qui tient trois honneurs pourrait les montrer et gagner "
                     "la manche ; vous en avez {n}, vous passez.")),
    "w.call_help": (("Your side is at {at} and you hold two honours: before your card you may « call », asking "
                     "your partner whether he holds a third. He answers truly: yes, both show and your side "
                     "wins the game; no, play goes on. Or simply play a card."),
                    ("Votre camp est à {at} et vous avez deux honneurs : avant votre carte vous pouvez "
                     "« appel » (chanter) : votre partenaire dit s'il en tient un troisième, toujours vrai : "
                     "oui, vous les montrez et gagnez la manche ; non, le jeu continue. Ou jouez simplement.")),
    "w.moves": ("Your cards to play:", "Vos cartes à jouer :"),
    "w.moves_mort": ("The mort's cards to play:", "Les cartes du mort à jouer :"),
    "w.notation": (("Whist notation: a card (KH, 10S; RC, 10P in French), cut 12, show, pass, call, "
                    "answer yes, expose"),
                   ("Notation du whist : une carte (RC, 10P ; KH, 10S en anglais), coupe 12, "
                    "montre, passe, appel, réponse oui, étale")),
}

WORDS = Catalog(MESSAGES, parent=ENTRY)
"""The phrase book over the entries every game shares; the terminal's catalog is the same messages
over its own (``atout.cli.render.whist``)."""


def phrase(entry: LogEntry, lang: str, names: Naming) -> str | None:
    """The sentence of a Whist entry of its own, else ``None`` (the terminal's and the server's)."""
    item, who = entry.item, names.Name(entry.seat)
    if isinstance(item, Cut):
        return WORDS.tr("w.cut", lang, who=who, n=item.position)
    if isinstance(item, Answer):
        return WORDS.tr("w.answer_yes" if item.yes else "w.answer_no", lang, who=who)
    for kind, key in ((Show, "w.show"), (Pass, "w.pass"), (Expose, "w.expose"), (Call, "w.call")):
        if isinstance(item, kind):
            return WORDS.tr(key, lang, who=who)
    return None

"""Bésigue's phrase book: its own log entries in English and French (the cut, the declarations,
the seven exchanged, the cards drawn, the points and the games won), over the words every game
shares (:mod:`atout.words`).

>>> from atout.cards import CardSet
>>> from atout.log import LogEntry
>>> from atout.games.besigue.declarations import Declaration
>>> from atout.words import SeatWords
>>> names = SeatWords(["Anne", "Robot 1"], "fr")
>>> phrase(LogEntry(8, 1, Declaration("trump-marriage", CardSet.parse("KS QS"), 40)), "fr", names, ((0,), (1,)))
"Robot 1 déclare un mariage d'atout (le roi et la dame de pique) : 40 points."
>>> phrase(LogEntry(8, 0, Declaration("aces", CardSet.parse("AS AS#3 AH JK2"), 100)), "en", names, ((0,), (1,)))
'Anne declares four aces (two aces of spades, the ace of hearts, the joker): 100 points.'
>>> phrase(LogEntry(9, 0, Points(0, 10, "seven")), "en", SeatWords(["Anne", "Bot 1"], "en"), ((0,), (1,)))
'Anne scores 10: a seven of trumps played.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from atout.cards import BASE_OF, Card, Rank
from atout.games.besigue.actions import Cut, Exchange, Pass
from atout.games.besigue.declarations import LONG_NAMES, Declaration
from atout.games.besigue.events import POINT_WORDS, Drew, GameWon, Points
from atout.log import LogEntry
from atout.words import (
    ENTRY,
    Catalog,
    Naming,
    card_name,
    cards_words,
    de_word,
    number_word,
    side_names,
    sorted_hand,
    suit_plural,
    suit_singular,
)

WORDS = Catalog({
    "cut": ("{who} cuts {n} cards.", "{who} coupe {n} cartes."),
    "exchange": ("{who} exchanges {card} for the turned card.", "{who} échange {card} contre la retourne."),
    "pass": ("{who} declares nothing.", "{who} ne déclare rien."),
    "declare": ("{who} declares {what} ({cards}): {points} points.",
                "{who} déclare un {what} ({cards}) : {points} points."),
    "declare_plain": ("{who} declares {what} ({cards}): {points} points.",
                      "{who} déclare {what} ({cards}) : {points} points."),
    "draw": ("{who} draws {card}.", "{who} pioche {card}."),
    "draw_hidden": ("{who} draws a card.", "{who} pioche une carte."),
    "points": ("{who} scores {points}: {why}.", "{who} marque {points} : {why}."),
    "points_lost": ("{who} loses {points}: {why}.", "{who} perd {points} : {why}."),
    "game_won": ("{who} wins game {number}{bas}.", "{who} gagne la partie {number}{bas}."),
    "bas_table": (" (it counts double)", " (elle compte double)"),
}, parent=ENTRY)


RANK_PLURALS: dict[str, dict[int, str]] = {
    "en": {Rank.ACE: "aces", Rank.TEN: "tens", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks",
           Rank.NINE: "nines", Rank.EIGHT: "eights", Rank.SEVEN: "sevens"},
    "fr": {Rank.ACE: "as", Rank.TEN: "dix", Rank.KING: "rois", Rank.QUEEN: "dames", Rank.JACK: "valets",
           Rank.NINE: "neuf", Rank.EIGHT: "huit", Rank.SEVEN: "sept"},
}


def alike_words(cards: Iterable[int], lang: str) -> str:
    """Cards in words, equal cards counted once with their number (copies are alike): « deux as de
    pique, l'as de cœur »; without equal cards, as :func:`~atout.words.cards_words` says them."""
    hand = sorted_hand(cards)
    counts: dict[Card, int] = {}
    for c in hand:
        counts[BASE_OF[c]] = counts.get(BASE_OF[c], 0) + 1
    if all(n == 1 for n in counts.values()):
        return cards_words(hand, lang)
    parts = []
    for card, n in counts.items():
        if n == 1:
            parts.append(card_name(card, lang))
        elif card.suit is None or card.rank is None:
            parts.append(f"{number_word(n, lang)} jokers")
        elif lang == "fr":
            parts.append(f"{number_word(n, lang)} {RANK_PLURALS[lang][card.rank]} {de_word(suit_singular(card.suit, lang))}")
        else:
            parts.append(f"{number_word(n, lang)} {RANK_PLURALS[lang][card.rank]} of {suit_plural(card.suit, lang)}")
    return ", ".join(parts)


def phrase(entry: LogEntry, lang: str, names: Naming, sides: Sequence[Sequence[int]]) -> str | None:
    """The sentence of a Bésigue entry of its own, else ``None``."""
    item, who = entry.item, names.Name(entry.seat)
    tr = WORDS.tr
    if isinstance(item, Cut):
        return tr("cut", lang, who=who, n=item.position)
    if isinstance(item, Exchange):
        return tr("exchange", lang, who=who, card=card_name(item.card, lang))
    if isinstance(item, Pass):
        return tr("pass", lang, who=who)
    if isinstance(item, Declaration):
        what = LONG_NAMES[lang].get(item.name, item.name)
        key = "declare" if lang == "fr" and what.startswith(("mariage", "carré")) else "declare_plain"
        if lang == "en" and not what.startswith("four"):
            what = ("an " if what[:1] in "aeiou" else "a ") + what
        return tr(key, lang, who=who, what=what, cards=alike_words(item.cards, lang), points=item.points)
    if isinstance(item, Drew):
        if item.card is None:
            return tr("draw_hidden", lang, who=who)
        return tr("draw", lang, who=who, card=card_name(item.card, lang))
    if isinstance(item, Points):
        if 0 <= item.side < len(sides) and len(sides[item.side]) == 1:
            side = names.Name(sides[item.side][0])      # a player for himself: « Le joueur 0 (vous) marque »
        else:
            side = side_names(sides, names, lang)[item.side] if 0 <= item.side < len(sides) else who
            side = side[:1].upper() + side[1:]
        why = POINT_WORDS[item.reason][lang] if item.reason in POINT_WORDS else item.reason
        key = "points" if item.points >= 0 else "points_lost"
        return tr(key, lang, who=side, points=abs(item.points), why=why)
    if isinstance(item, GameWon):
        record = item.record
        side = side_names(sides, names, lang)[record.winner] if 0 <= record.winner < len(sides) else "?"
        bas = tr("bas_table", lang) if record.worth == 2 else ""
        return tr("game_won", lang, who=side[:1].upper() + side[1:], number=record.number, bas=bas)
    return None

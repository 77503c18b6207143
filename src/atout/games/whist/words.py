"""Whist's phrase book: its own log entries in English and French (the cut, the honours shown
or called, the mort laid out), over the words every game shares (:mod:`atout.words`).

>>> from atout.log import LogEntry
>>> from atout.words import SeatWords
>>> from atout.games.whist.actions import Cut
>>> phrase(LogEntry(3, 1, Cut(18)), "fr", SeatWords(["Anne", "Robot 1"], "fr"))
'Robot 1 coupe 18 cartes.'
"""

from __future__ import annotations

from atout.games.whist.actions import Answer, Call, Cut, Expose, Pass, Show
from atout.log import LogEntry
from atout.words import ENTRY, Catalog, SeatWords

WORDS = Catalog({
    "cut": ("{who} cuts {n} cards.", "{who} coupe {n} cartes."),
    "show": ("{who} shows the honours: the game is won.", "{who} montre les honneurs : la partie est gagnée."),
    "pass": ("{who} does not show honours.", "{who} ne montre pas d'honneurs."),
    "expose": ("{who} lays the mort's hand face up.", "{who} étale la main du mort."),
    "call": ("{who} calls for an honour (holding two).", "{who} appelle un honneur (il en a deux)."),
    "answer_yes": ("{who} answers: yes, I hold an honour.", "{who} répond : oui, j'ai un honneur."),
    "answer_no": ("{who} answers: no honour.", "{who} répond : pas d'honneur."),
}, parent=ENTRY)


def phrase(entry: LogEntry, lang: str, names: SeatWords) -> str | None:
    """The sentence of a Whist entry of its own, else ``None``."""
    item, who = entry.item, names.Name(entry.seat)
    if isinstance(item, Cut):
        return WORDS.tr("cut", lang, who=who, n=item.position)
    if isinstance(item, Answer):
        return WORDS.tr("answer_yes" if item.yes else "answer_no", lang, who=who)
    for kind, key in ((Show, "show"), (Pass, "pass"), (Expose, "expose"), (Call, "call")):
        if isinstance(item, kind):
            return WORDS.tr(key, lang, who=who)
    return None

"""The words of Piquet's notation and dialogue, in English and in French (the French terms of the
game: écart, point, tierce, quatrième, quinte, quatorze, brelan, carte blanche, pic, repic, capot).

>>> WORDS["discard"]["fr"], SEQUENCE_NAMES["fr"][5], SET_NAMES["en"][3], ANSWERS["fr"]["equal"]
('écarte', 'quinte', 'trio', 'égal')
"""

from __future__ import annotations

import unicodedata

POINT, SEQUENCES, SETS = 0, 1, 2
CLASSES = (POINT, SEQUENCES, SETS)
CLASS_NAMES = {"en": ("point", "sequences", "sets"), "fr": ("point", "séquences", "quatorzes et brelans")}

WORDS: dict[str, dict[str, str]] = {
    "cut": {"en": "cut", "fr": "coupe"},
    "discard": {"en": "discard", "fr": "écarte"},
    "take": {"en": "take", "fr": "prends"},
    "look": {"en": "look", "fr": "regarde"},
    "expose": {"en": "expose", "fr": "retourne"},
    "carte_blanche": {"en": "carte blanche", "fr": "carte blanche"},
    "point": {"en": "point", "fr": "point"},
    "value": {"en": "value", "fr": "valeur"},
    "top": {"en": "top", "fr": "tête"},
    "rank": {"en": "rank", "fr": "rang"},
    "also": {"en": "also", "fr": "aussi"},
    "show": {"en": "show", "fr": "montre"},
    "ask_show": {"en": "show me", "fr": "montrez"},
    "name": {"en": "name", "fr": "nomme"},
}
NOTHING: dict[str, tuple[str, str, str]] = {
    "en": ("no point", "no sequence", "no set"),
    "fr": ("pas de point", "pas de séquence", "pas de brelan"),
}
NO_OTHER: dict[str, tuple[str, str, str]] = {
    "en": ("", "no other sequence", "no other set"),
    "fr": ("", "pas d'autre séquence", "pas d'autre brelan"),
}
SEQUENCE_NAMES: dict[str, dict[int, str]] = {
    "en": {3: "tierce", 4: "quart", 5: "quint", 6: "sixieme", 7: "septieme", 8: "huitieme"},
    "fr": {3: "tierce", 4: "quatrième", 5: "quinte", 6: "seizième", 7: "dix-septième", 8: "dix-huitième"},
}
SET_NAMES: dict[str, dict[int, str]] = {"en": {3: "trio", 4: "quatorze"}, "fr": {3: "brelan", 4: "quatorze"}}
ANSWERS: dict[str, dict[str, str]] = {
    "en": {"good": "good", "not_good": "not good", "equal": "equal"},
    "fr": {"good": "bon", "not_good": "pas bon", "equal": "égal"},
}
SUIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}


def fold(text: str) -> str:
    """Lower case, accents and the œ ligature plain, spaces single: how the reader compares words.

    >>> fold("  Dix-Septième  Cœur ")
    'dix-septieme coeur'
    """
    text = text.replace("œ", "oe").replace("Œ", "oe")
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())

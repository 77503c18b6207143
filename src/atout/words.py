"""Words of the games in English and French, for everyone who writes a game in words: the
terminal's renderers and the server's log alike. A game's phrase book (``atout.games.<game>.words``)
is a :class:`Catalog` over :data:`ENTRY` and uses the word tables and helpers here (suit names and
plurals, rank names with their articles, number words) to build sentences such as « deux atouts,
le roi en tête » or « la dame et le neuf de trèfle ».

:func:`entry_words` tells one log entry (as its viewer sees it) in a sentence, with the seat names
the caller gives: what the contract's :meth:`atout.game.Game.entry_words` says of the actions and
events every game shares (a card played, a deal, a draw, a trick won, a change of the score sheet).

>>> count_words(2, 1, "fr", trump=False), count_words(0, 3, "en", trump=True)
('deux cœurs', 'no trumps')
>>> rank_with_article(12, "fr"), rank_with_article(11, "en")
("l'as", 'the king')
>>> from atout.cards import Card
>>> cards_words([Card("QC"), Card("9C"), Card("KS")], "fr")
'la dame et le neuf de trèfle, le roi de pique'
>>> cards_words([Card("QC"), Card("9C")], "en")
'the queen and the nine of clubs'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from atout.cards import Card

if TYPE_CHECKING:
    from atout.chance import Deal
    from atout.events import Scored
    from atout.log import LogEntry

LANGS = ("en", "fr")
_LANG_INDEX = {"en": 0, "fr": 1}


class Catalog:
    """Message templates by key, each a pair ``(english, french)``; unknown keys go to ``parent``.

    >>> words = Catalog({"hello": ("hello {who}", "bonjour {who}")}, parent=ENTRY)
    >>> words.tr("hello", "fr", who="Anne"), words.tr("deal", "en")
    ('bonjour Anne', 'The cards are dealt.')
    """

    def __init__(self, messages: Mapping[str, tuple[str, str]], parent: Catalog | None = None):
        self.messages = messages
        self.parent = parent

    def template(self, key: str, lang: str) -> str:
        pair = self.messages.get(key)
        if pair is None:
            if self.parent is None:
                raise KeyError(key)
            return self.parent.template(key, lang)
        return pair[_LANG_INDEX.get(lang, 0)]

    def __contains__(self, key: str) -> bool:
        return key in self.messages or (self.parent is not None and key in self.parent)

    def tr(self, key: str, lang: str = "en", **kwargs: object) -> str:
        """The message ``key`` in ``lang`` (``en`` or ``fr``), formatted with ``kwargs``."""
        text = self.template(key, lang)
        return text.format(**kwargs) if kwargs else text


# ---------------------------------------------------------------- word tables

SUIT_SINGULAR = {"en": ("spade", "heart", "diamond", "club"), "fr": ("pique", "cœur", "carreau", "trèfle")}
SUIT_PLURAL = {"en": ("spades", "hearts", "diamonds", "clubs"), "fr": ("piques", "cœurs", "carreaux", "trèfles")}
TRUMP_SINGULAR = {"en": "trump", "fr": "atout"}
TRUMP_PLURAL = {"en": "trumps", "fr": "atouts"}
RANK_NAMES = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame", "roi", "as"),
}
_FR_FEMININE_RANKS = {10}  # dame
NUMBER_WORDS = {
    "en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
           "twelve", "thirteen"),
    "fr": ("aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
           "douze", "treize"),
}


def suit_singular(suit: int, lang: str, trump: bool = False) -> str:
    """``heart`` / ``cœur``; ``trump`` / ``atout`` when the suit is trumps."""
    return TRUMP_SINGULAR[lang] if trump else SUIT_SINGULAR[lang][suit]


def suit_plural(suit: int, lang: str, trump: bool = False) -> str:
    return TRUMP_PLURAL[lang] if trump else SUIT_PLURAL[lang][suit]


def suit_display(suit: int, lang: str) -> str:
    """The name of a suit on its own: ``hearts`` / ``cœur``."""
    return suit_plural(suit, lang) if lang == "en" else suit_singular(suit, lang)


def de_word(word: str) -> str:
    """French « de » before a word, elided before a vowel: ``d'atout``, ``de cœur``."""
    return ("d'" if word[:1] in "aeiouéèh" else "de ") + word


def du_word(word: str) -> str:
    """French partitive: ``du cœur``, ``de l'atout``."""
    return ("de l'" if word[:1] in "aeiouéèh" else "du ") + word


def count_words(n: int, suit: int, lang: str, trump: bool = False) -> str:
    """``two hearts``, ``one trump``, ``no spades`` / ``deux cœurs``, ``un atout``, ``aucun pique``."""
    word = NUMBER_WORDS[lang][n] if n < len(NUMBER_WORDS[lang]) else str(n)
    noun = suit_singular(suit, lang, trump) if n in (0, 1) and lang == "fr" else (
        suit_singular(suit, lang, trump) if n == 1 else suit_plural(suit, lang, trump))
    return f"{word} {noun}"


def rank_with_article(rank: int, lang: str) -> str:
    """``the king`` / ``le roi``, ``la dame``, ``l'as``."""
    name = RANK_NAMES[lang][rank]
    if lang == "en":
        return f"the {name}"
    if name[0] in "aeiou":
        return f"l'{name}"
    return ("la " if rank in _FR_FEMININE_RANKS else "le ") + name


def join_words(items: list[str], lang: str) -> str:
    """``a, b and c`` / ``a, b et c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {'et' if lang == 'fr' else 'and'} " + items[-1]


# ---------------------------------------------------------------- cards in words


def card_name(card: int, lang: str, trump: int | None = None) -> str:
    """``the king of hearts`` / ``le roi de cœur``; the trump suit called atout when ``trump`` is given.

    >>> card_name(Card("QC"), "fr"), card_name(Card("AH"), "en", trump=1)
    ('la dame de trèfle', 'the ace of trumps')
    """
    c = Card(card)
    if c.suit is None or c.rank is None:
        return "le joker" if lang == "fr" else "the joker"
    is_trump = trump is not None and c.suit == trump
    rank = rank_with_article(c.rank, lang)
    if lang == "fr":
        return f"{rank} {de_word(suit_singular(c.suit, lang, is_trump))}"
    return f"{rank} of {suit_plural(c.suit, lang, is_trump)}"


def cards_words(cards: Iterable[int], lang: str, trump: int | None = None) -> str:
    """Cards in words, those of a suit together in the order given: « la dame et le neuf de
    trèfle, le roi de pique » (nothing: « aucune carte »)."""
    by_suit: dict[int | None, list[Card]] = {}
    for card in cards:
        c = Card(card)
        by_suit.setdefault(c.suit, []).append(c)
    if not by_suit:
        return "aucune carte" if lang == "fr" else "no cards"
    parts: list[str] = []
    for suit, group in by_suit.items():
        if suit is None:
            parts.extend(card_name(c, lang) for c in group)
            continue
        ranks = [rank_with_article(c.rank, lang) for c in group if c.rank is not None]
        is_trump = trump is not None and suit == trump
        tail = de_word(suit_singular(suit, lang, is_trump)) if lang == "fr" else "of " + suit_plural(suit, lang, is_trump)
        parts.append(f"{join_words(ranks, lang)} {tail}")
    return ", ".join(parts)


def number_word(n: int, lang: str) -> str:
    """``three`` / ``trois`` (figures past thirteen)."""
    words = NUMBER_WORDS[lang if lang in NUMBER_WORDS else "en"]
    return words[n] if 0 < n < len(words) else str(n)


def number_text(value: float, spec: str, lang: str) -> str:
    """``value`` formatted by ``spec`` as ``lang`` writes figures: in French a decimal comma, a
    narrow space between thousands and before ``%``.

    >>> number_text(193416.5, ",.1f", "fr"), number_text(0.27, ".0%", "fr"), number_text(0.45, ".2f", "en")
    ('193\u202f416,5', '27\u202f%', '0.45')
    """
    text = format(value, spec)
    return text.translate(_FRENCH_FIGURES).replace("%", "\u202f%") if lang == "fr" else text


_FRENCH_FIGURES = str.maketrans({",": "\u202f", ".": ","})


# ---------------------------------------------------------------- seats named by the caller


class Naming(Protocol):
    """What a phrase book needs of the seats' names: :class:`SeatWords` (the server's) or the
    terminal's names from one viewer's place."""

    def name(self, seat: int) -> str: ...

    def Name(self, seat: int) -> str: ...

    def the(self, seat: int) -> str: ...

    def to(self, seat: int) -> str: ...


class SeatWords:
    """The names of the seats in one language, as the caller gives them (the server: the players'
    names, « Robot 2 »…); a seat without a name is « joueur 2 » / « seat 2 », the table (``-1``)
    « la table ».

    >>> names = SeatWords(["Anne", ""], "fr")
    >>> names.Name(0), names.to(0), names.to(1), names.Name(-1)
    ('Anne', 'à Anne', 'au joueur 1', 'La table')
    """

    def __init__(self, names: Sequence[str], lang: str):
        self.names, self.lang = list(names), lang

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        if seat < 0:
            return "la table" if self.lang == "fr" else "the table"
        return f"joueur {seat}" if self.lang == "fr" else f"seat {seat}"

    def Name(self, seat: int) -> str:
        text = self.name(seat)
        return text[:1].upper() + text[1:]

    def the(self, seat: int) -> str:
        """Inside a sentence: ``Anne``, ``joueur 2``."""
        return self.name(seat)

    def to(self, seat: int) -> str:
        """Indirect object: ``Anne`` (English says it without ``to``: « asks Anne ») / ``à Anne``,
        ``au joueur 2``."""
        if self.lang != "fr":
            return self.name(seat)
        if 0 <= seat < len(self.names) and self.names[seat]:
            return f"à {self.names[seat]}"
        return "à la table" if seat < 0 else f"au joueur {seat}"


# ---------------------------------------------------------------- the log entries every game shares


ENTRY = Catalog({
    "play": ("{who} plays {card}.", "{who} joue {card}."),
    "deal": ("The cards are dealt.", "Les cartes sont distribuées."),
    "deal_turned": ("The cards are dealt; turned up: {cards}.", "Les cartes sont distribuées ; retournée : {cards}."),
    "dealt_hand": ("{who} holds {cards}.", "{who} a {cards}."),
    "dealt_talon": ("The talon: {cards}.", "Le talon : {cards}."),
    "dealt_count": ("{who} receives {n} cards.", "{who} reçoit {n} cartes."),
    "draw": ("Draw for the deal: {cards}.", "Tirage pour la donne : {cards}."),
    "drawn": ("{who} {card}", "{who} {card}"),
    "trick": ("{who} wins trick {number}.", "{who} remporte la levée {number}."),
    "scored": ("Score sheet{hand}: {points}; score {scores}.", "Feuille de marque{hand} : {points} ; score {scores}."),
    "scored_plain": ("The score sheet changes.", "La feuille de marque change."),
    "hand_number": (" (hand {number})", " (coup {number})"),
    "side_points": ("{side} {points}", "{side} {points}"),
    "side": ("team {letter}", "équipe {letter}"),
    "hidden": ("{who} plays {n} card(s) face down.", "{who} joue {n} carte(s) face cachée."),
    "hidden_one": ("{who} acts face down.", "{who} agit face cachée."),
    "other": ("{who} acts.", "{who} agit."),
})
"""The sentences of the entries every game shares (a game's phrase book is a catalog over it)."""


def side_names(sides: Sequence[Sequence[int]], names: Naming, lang: str) -> list[str]:
    """A name per side: its player's name when alone, else « équipe A »."""
    out = []
    for number, members in enumerate(sides):
        if len(members) == 1:
            out.append(names.name(members[0]))
        else:
            out.append(ENTRY.tr("side", lang, letter="ABCDEFGH"[number]))
    return out


def entry_words(entry: LogEntry, lang: str, names: SeatWords, sides: Sequence[Sequence[int]] = ()) -> str | None:
    """The sentence of a log entry every game shares (a card played, a deal or a draw as the
    viewer sees it, a trick won, a change of the score sheet, a step face down), else ``None``.

    >>> from atout.log import LogEntry
    >>> entry_words(LogEntry(4, 1, Card("QC")), "fr", SeatWords(["Anne", "Robot 1"], "fr"))
    'Robot 1 joue la dame de trèfle.'
    """
    from atout.actions import Hidden
    from atout.chance import Deal, Draw
    from atout.events import Scored, TrickWon

    item, seat = entry.item, entry.seat
    tr = ENTRY.tr
    if type(item) is Card:
        return tr("play", lang, who=names.Name(seat), card=card_name(item, lang))
    if isinstance(item, Deal):
        return deal_words(item, lang, names)
    if isinstance(item, Draw):
        drawn = ", ".join(tr("drawn", lang, who=names.name(s), card=card_name(c, lang)) for s, c in item.cards)
        return tr("draw", lang, cards=drawn)
    if isinstance(item, TrickWon):
        return tr("trick", lang, who=names.Name(seat), number=item.number)
    if isinstance(item, Scored):
        return scored_words(item, lang, names, sides)
    if isinstance(item, Hidden):
        if item.count:
            return tr("hidden", lang, who=names.Name(seat), n=item.count)
        return tr("hidden_one", lang, who=names.Name(seat))
    return None


def deal_words(deal: Deal, lang: str, names: Naming, head: str | None = None) -> str:
    """A deal as its viewer sees it: the turned cards, the hands it may see (its own), the talon
    if shown; never a hidden card."""
    tr = ENTRY.tr
    parts = [head or (tr("deal_turned", lang, cards=cards_words(deal.turned, lang)) if deal.turned
                      else tr("deal", lang))]
    for seat, hand in enumerate(deal.hands):
        if deal.hidden and deal.hidden[seat]:
            continue
        if len(hand):
            parts.append(tr("dealt_hand", lang, who=names.Name(seat), cards=cards_words(sorted_hand(hand), lang)))
    if deal.talon:
        parts.append(tr("dealt_talon", lang, cards=cards_words(deal.talon, lang)))
    return " ".join(parts)


def sorted_hand(hand: Iterable[int]) -> list[Card]:
    """A hand's cards by suit (spades, hearts, diamonds, clubs), the highest first."""
    cards = [Card(c) for c in hand]
    return sorted(cards, key=lambda c: (c.suit if c.suit is not None else 9, -(c.rank if c.rank is not None else 0)))


def scored_words(event: Scored, lang: str, names: SeatWords, sides: Sequence[Sequence[int]]) -> str:
    """A change of the score sheet: each side's points and the score after it."""
    data = event.result.to_json() if hasattr(event.result, "to_json") else {}
    data = data if isinstance(data, Mapping) else {}
    points, scores, number = data.get("points"), data.get("scores"), data.get("hand")
    tr = ENTRY.tr
    if not (_ints(points) and _ints(scores)):
        return tr("scored_plain", lang)
    assert isinstance(points, (list, tuple)) and isinstance(scores, (list, tuple))
    labels = side_names(sides, names, lang) if len(sides) == len(points) else [
        ENTRY.tr("side", lang, letter="ABCDEFGH"[i]) for i in range(len(points))]
    hand = tr("hand_number", lang, number=number) if isinstance(number, int) and not isinstance(number, bool) else ""
    return tr("scored", lang, hand=hand,
              points=", ".join(tr("side_points", lang, side=labels[i], points=f"{p:+d}".replace("-", "−"))
                               for i, p in enumerate(points)),
              scores=" – ".join(str(s).replace("-", "−") for s in scores))


def _ints(value: object) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)

"""The actions of Piquet besides a card played (a :class:`~atout.cards.Card`): the cut, the
exchange step by step, the carte blanche, the declaration dialogue, showing, and naming the suit
one will lead. Each is a frozen value with a ``kind`` and its notation in both languages
(``text(lang)``; :mod:`atout.games.piquet.notation` reads it back).

>>> Declare(1, 5).text("fr"), Tell(0, 48).text("en"), Answer("not_good").text("fr")
('quinte', 'value 48', 'pas bon')
>>> Also(1, (4, 3)).text("en"), Also(2, ()).text("fr"), Take("look").text("fr")
('also quart tierce', "pas d'autre brelan", 'prends regarde')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from atout.actions import ActionKind
from atout.cards import Card, CardSet
from atout.games.piquet.holdings import name_of_rank
from atout.games.piquet.vocabulary import (
    ANSWERS,
    NO_OTHER,
    NOTHING,
    SEQUENCE_NAMES,
    SET_NAMES,
    SUIT_WORDS,
    WORDS,
)

TAKE_MODES = ("", "look", "expose")
ANSWER_WORDS = ("good", "not_good", "equal")


class _Written:
    """An action whose ``str`` is its English notation."""

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text("en")


@dataclass(frozen=True)
class Cut(_Written):
    """The elder cuts the pack: how many cards he lifts off the top (``cut 12``)."""

    position: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['cut'][lang]} {self.position}"


@dataclass(frozen=True)
class Discard(_Written):
    """One card put face down in one's écart (``discard 7S``); the opponent sees only that a card went."""

    card: Card
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['discard'][lang]} {self.card.text(lang)}"


@dataclass(frozen=True)
class Take(_Written):
    """The écart is complete: take as many cards from the talon. ``see``: ``look`` — the elder looks at
    the cards he leaves of his five, the younger at the cards left untaken; ``expose`` — the younger
    turns the untaken cards face up for both (``take``, ``take look``, ``take expose``)."""

    see: str = ""
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return WORDS["take"][lang] + (f" {WORDS[self.see][lang]}" if self.see else "")


@dataclass(frozen=True)
class CarteBlanche(_Written):
    """A carte blanche announced (a hand as dealt without king, queen or jack). The elder says
    how many cards he will take (``carte blanche 3``); the younger says no number."""

    count: int = 0
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return WORDS["carte_blanche"][lang] + (f" {self.count}" if self.count else "")


@dataclass(frozen=True)
class Declare(_Written):
    """A holding stated: class ``cls`` (0 point, 1 sequences, 2 sets) and its size — the number of
    cards of the point, the length of the sequence, 3 (trio) or 4 (quatorze); ``0``: nothing."""

    cls: int
    size: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        if not self.size:
            return NOTHING[lang][self.cls]
        if self.cls == 0:
            return f"{WORDS['point'][lang]} {self.size}"
        return (SEQUENCE_NAMES if self.cls == 1 else SET_NAMES)[lang][self.size]


@dataclass(frozen=True)
class Tell(_Written):
    """The tie-break of a stated holding, asked only when the sizes are equal: the point's value
    (``value 48``), the sequence's top card (``top K``), the set's rank (``rank A``)."""

    cls: int
    value: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        if self.cls == 0:
            return f"{WORDS['value'][lang]} {self.value}"
        word = WORDS["top" if self.cls == 1 else "rank"][lang]
        return f"{word} {name_of_rank(self.value, lang)}"


@dataclass(frozen=True)
class Answer(_Written):
    """The younger's answer to the elder's statement: ``good``, ``not good`` or ``equal``."""

    word: str
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return ANSWERS[lang][self.word]


@dataclass(frozen=True)
class Also(_Written):
    """The class's winner adds his other holdings of that class (their sizes), or none."""

    cls: int
    sizes: tuple[int, ...]
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        if not self.sizes:
            return NO_OTHER[lang][self.cls]
        names = (SEQUENCE_NAMES if self.cls == 1 else SET_NAMES)[lang]
        return WORDS["also"][lang] + " " + " ".join(names[n] for n in self.sizes)


@dataclass(frozen=True)
class AskShow(_Written):
    """Ask the opponent to show what he scored in declarations (``show me``)."""

    kind: ClassVar[ActionKind] = ActionKind.TALK

    def text(self, lang: str = "en") -> str:
        return WORDS["ask_show"][lang]


@dataclass(frozen=True)
class Show(_Written):
    """Show the cards of what one scored in declarations, when asked (``show 7S 8S 9S``)."""

    cards: CardSet
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['show'][lang]} {self.cards.text(lang)}"


@dataclass(frozen=True)
class NameSuit(_Written):
    """The elder names the suit he will lead, and then sees the cards the younger left and looked at."""

    suit: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['name'][lang]} {SUIT_WORDS[lang][self.suit]}"


ExchangeMove = Discard | Take | CarteBlanche
"""A step of the exchange (:mod:`atout.games.piquet.exchange`)."""
DialogueMove = Declare | Tell | Answer | Also
"""A step of the declaration dialogue (:mod:`atout.games.piquet.declarations`)."""
PlayMove = Card | NameSuit
"""A step of the play: a card, or the suit the elder names before his first lead."""
PiquetAction = Cut | ExchangeMove | DialogueMove | PlayMove | AskShow | Show
"""Every action of a seat in Piquet (the table's are :data:`atout.chance.ChanceAction`)."""


# Every action of a finite family, made once (listing moves allocates nothing).
DISCARDS: dict[int, Discard] = {}
TAKES = {see: Take(see) for see in TAKE_MODES}
ANSWER_OF = {word: Answer(word) for word in ANSWER_WORDS}
DECLARES = {(cls, n): Declare(cls, n) for cls in range(3) for n in range(13)}
CARTES_BLANCHES = tuple(CarteBlanche(k) for k in range(6))
NAME_SUITS = tuple(NameSuit(s) for s in range(4))
ASK_SHOW = AskShow()


@cache
def tell_of(cls: int, value: int) -> Tell:
    """The tie-break told in a class, one object per value (made at its first listing)."""
    return Tell(cls, value)


@cache
def also_of(cls: int, sizes: tuple[int, ...]) -> Also:
    """The other holdings a class's winner scores, one object per value (made at its first listing)."""
    return Also(cls, sizes)


def discard_of(card: Card) -> Discard:
    found = DISCARDS.get(card)
    if found is None:
        found = DISCARDS[card] = Discard(card)
    return found


def _discard_patterns() -> tuple[tuple[tuple[Discard, ...], ...], ...]:
    from atout.games.piquet.holdings import PATTERN_CARDS

    return tuple(tuple(tuple(discard_of(c) for c in cards) for cards in suit) for suit in PATTERN_CARDS)


DISCARD_PATTERNS = _discard_patterns()
"""``DISCARD_PATTERNS[suit][pattern]``: the discards of the cards of that pattern (listing them allocates nothing)."""

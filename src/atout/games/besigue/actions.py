"""The actions of Bésigue besides the cards played (a card is its own action) and the declarations
(:mod:`~atout.games.besigue.declarations`): the cut, the exchange of the seven of trumps for the
turned card, and ``pass`` (no more declaration: the players draw).

>>> str(Cut(40)), Cut(40).text("fr"), str(Exchange(Card("7H#2"))), Exchange(Card("7H")).text("fr"), PASS.text("fr")
('cut 40', 'coupe 40', 'exchange 7H#2', 'échange 7C', 'passe')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.actions import ActionKind
from atout.cards import Card

WORDS: dict[str, dict[str, str]] = {
    "cut": {"en": "cut", "fr": "coupe"},
    "exchange": {"en": "exchange", "fr": "échange"},
    "pass": {"en": "pass", "fr": "passe"},
}
ALSO: dict[str, dict[str, tuple[str, ...]]] = {"en": {}, "fr": {"exchange": ("echange",)}}
"""Spellings read besides :data:`WORDS`, per language."""


@dataclass(frozen=True)
class Cut:
    """The cut: the top ``position`` cards of the pack go under the rest."""

    position: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['cut'][lang]} {self.position}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Exchange:
    """The trick's winner gives the seven of trumps ``card`` for the turned card (the retourne)."""

    card: Card
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return f"{WORDS['exchange'][lang]} {self.card.text(lang)}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Pass:
    """No (more) declaration after the trick won: the players draw from the talon."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def text(self, lang: str = "en") -> str:
        return WORDS["pass"][lang]

    def __str__(self) -> str:
        return self.text()


PASS = Pass()

"""What the Piquet table announces in the log besides the actions (and the core's ``trick`` and
``scored`` events): the cards taken from the talon, the cards looked at or exposed, a carte
blanche shown, and each declaration scored once the dialogue is complete.

Cards taken or looked at are the seat's own: another viewer is shown only how many
(:meth:`Taken.seen_by`: the same event without its cards). Exposed cards, a carte blanche and the
declarations scored are public.

>>> from atout.cards import CardSet
>>> taken = Taken(0, CardSet.parse("7S 8S"))
>>> str(taken), str(taken.seen_by(0)), str(taken.seen_by(1)), taken.seen_by(None).to_json()
('takes 7S 8S', 'takes 7S 8S', 'takes 2', {'count': 2, 'cards': None})
>>> Scoring(1, 3, 14).text("fr"), Seen(1, CardSet.parse("AD"), "expose").text("en")
('marque 14 en quatorzes et brelans', 'exposes AD')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from atout.actions import ActionKind
from atout.cards import CardSet, card_codes
from atout.games.piquet.pic import CATEGORIES

CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("carte blanche", "point", "sequences", "sets"),
    "fr": ("carte blanche", "point", "séquences", "quatorzes et brelans"),
}


def _cards_text(cards: CardSet, lang: str) -> str:
    return cards.text(lang)


@dataclass(frozen=True, slots=True)
class Taken:
    """``seat`` took ``count`` cards from the talon; ``cards`` is ``None`` in another viewer's log."""

    seat: int
    cards: CardSet | None
    count: int = 0
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "taken"
    interned: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if self.cards is not None and not self.count:
            object.__setattr__(self, "count", len(self.cards))

    def seen_by(self, viewer: int | None) -> Taken:
        if viewer == self.seat or self.cards is None:
            return self
        return Taken(self.seat, None, self.count)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        word = "prend" if lang == "fr" else "takes"
        what = str(self.count) if self.cards is None else _cards_text(self.cards, lang)
        return f"{word} {what}"

    def to_json(self) -> dict[str, object]:
        return {"count": self.count, "cards": None if self.cards is None else card_codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Seen:
    """``seat`` sees talon cards he does not take: ``how`` is ``look`` (his own look: the elder at
    the rest of his five, the younger at the cards he leaves, the elder at those once he names
    his suit) or ``expose`` (the younger turns them face up: public). Another viewer is shown only
    how many cards a look was of."""

    seat: int
    cards: CardSet | None
    how: str = "look"
    count: int = 0
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "seen"
    interned: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if self.cards is not None and not self.count:
            object.__setattr__(self, "count", len(self.cards))

    def seen_by(self, viewer: int | None) -> Seen:
        if viewer == self.seat or self.how == "expose" or self.cards is None:
            return self
        return Seen(self.seat, None, self.how, self.count)

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        if self.how == "expose":
            word = "retourne" if lang == "fr" else "exposes"
        else:
            word = "voit" if lang == "fr" else "sees"
        what = str(self.count) if self.cards is None else _cards_text(self.cards, lang)
        return f"{word} {what}"

    def to_json(self) -> dict[str, object]:
        return {"how": self.how, "count": self.count,
                "cards": None if self.cards is None else card_codes(self.cards)}


@dataclass(frozen=True, slots=True)
class BlancheShown:
    """A carte blanche's twelve cards shown to the opponent (public)."""

    seat: int
    cards: CardSet
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "carte_blanche_shown"
    interned: ClassVar[bool] = False

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        word = "carte blanche montrée" if lang == "fr" else "carte blanche shown"
        return f"{word} {_cards_text(self.cards, lang)}"

    def to_json(self) -> dict[str, object]:
        return {"cards": card_codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Scoring:
    """A declaration scored, once the dialogue is complete: ``seat`` scores ``points`` in
    ``category`` (:data:`~atout.games.piquet.pic.CATEGORIES`: 0 carte blanche, 1 point,
    2 sequences, 3 sets)."""

    seat: int
    category: int
    points: int
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "declared"

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        what = CATEGORY_WORDS["fr" if lang == "fr" else "en"][self.category]
        return f"marque {self.points} en {what}" if lang == "fr" else f"scores {self.points} for {what}"

    def to_json(self) -> dict[str, object]:
        return {"category": CATEGORIES[self.category], "points": self.points}


@cache
def scoring_of(seat: int, category: int, points: int) -> Scoring:
    """A declaration scored, one object per value (its log entry then found by identity)."""
    return Scoring(seat, category, points)

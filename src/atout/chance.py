"""The table's chance steps, shared by every game: the draw of cards (for the first dealer, for
partners) and the deal.

A :class:`Deal` spells out every card it gives, never a seed: the hands by seat, the talon in
order (top first), the cards turned face up, and, when known, the whole pack in its order after
the cut, so that a record can be checked card by card against the game's way of dealing.
:meth:`Deal.seen_by` is what one seat (or a spectator) is shown of it.

>>> from atout.cards import CardSet
>>> d = Deal((CardSet.parse("KH 7S"), CardSet.parse("9D QC")), turned=(Card("9D"),))
>>> str(d)
'deal 0=7S,KH 1=9D,QC turn=9D'
>>> parse_chance(str(d)) == d, str(d.seen_by(0))
(True, 'deal 0=7S,KH 1=?2 turn=9D')
>>> str(parse_chance("draw 0=KH 1=7S"))
'draw 0=KH 1=7S'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from atout.actions import ActionKind
from atout.cards import Card, CardSet, parse_card
from atout.errors import InvalidActionError


@dataclass(frozen=True)
class Draw:
    """Cards drawn face up, one per seat named (``draw 0=KH 1=7S …``)."""

    cards: tuple[tuple[int, Card], ...]
    kind: ClassVar[ActionKind] = ActionKind.CHANCE
    interned: ClassVar[bool] = False   # one of a kind: kept in the partie's history, not the process's table

    def __str__(self) -> str:
        return "draw " + " ".join(f"{seat}={card}" for seat, card in self.cards)

    def seen_by(self, viewer: int | None) -> Draw:
        return self  # drawn face up


@dataclass(frozen=True)
class Deal:
    """The cards dealt: ``hands[seat]``, the ``talon`` top first, the ``turned`` (public) cards,
    and the ``pack`` order after the cut when the record keeps it (``()`` otherwise).

    In a view for one seat (:meth:`seen_by`) the hands it may not see are empty and
    ``hidden[seat]`` says how many cards they hold; the talon likewise, in ``hidden_talon``.
    """

    hands: tuple[CardSet, ...]
    talon: tuple[Card, ...] = ()
    turned: tuple[Card, ...] = ()
    pack: tuple[Card, ...] = ()
    hidden: tuple[int, ...] = ()
    hidden_talon: int = 0
    zones: bytes | None = field(default=None, init=False, compare=False, repr=False)
    """Where each card of the pack went, as the engine's dealer notes it on the deals it makes
    (:func:`atout.history.zone_section`; ``None``: not noted): the record then writes the deal without
    looking through its hands. Not part of the deal's value: equality and the hash ignore it, and
    only the dealer sets it (not an argument: a deal made again with other hands, by
    ``dataclasses.replace``, cannot carry a note that no longer fits them)."""
    kind: ClassVar[ActionKind] = ActionKind.CHANCE
    interned: ClassVar[bool] = False   # one of a kind: kept in the partie's history (packed), not the process's table

    @property
    def is_view(self) -> bool:
        return bool(self.hidden) or bool(self.hidden_talon)

    def seen_by(self, viewer: int | None) -> Deal:
        """What ``viewer`` is shown: its own hand and the turned cards (``None``: a spectator)."""
        hidden = tuple(0 if seat == viewer else len(h) for seat, h in enumerate(self.hands))
        hands = tuple(h if seat == viewer else CardSet(0) for seat, h in enumerate(self.hands))
        return Deal(hands, (), self.turned, (), hidden, len(self.talon))

    def __str__(self) -> str:
        parts = []
        for seat, hand in enumerate(self.hands):
            unseen = self.hidden[seat] if self.hidden else 0
            parts.append(f"{seat}=?{unseen}" if unseen else f"{seat}={','.join(str(c) for c in hand) or '-'}")
        if self.talon:
            parts.append("talon=" + ",".join(str(c) for c in self.talon))
        elif self.hidden_talon:
            parts.append(f"talon=?{self.hidden_talon}")
        if self.turned:
            parts.append("turn=" + ",".join(str(c) for c in self.turned))
        if self.pack:
            parts.append("pack=" + ",".join(str(c) for c in self.pack))
        return "deal " + " ".join(parts)


ChanceAction = Draw | Deal

CHANCE_MESSAGES: dict[str, dict[str, str]] = {
    "not_chance_step": {"en": "{text} is not a chance step (draw … or deal …)",
                        "fr": "{text} n'est pas une étape de hasard (« draw … » ou « deal … »)"},
    "dealt_twice": {"en": "seat {seat} is dealt twice", "fr": "la place {seat} reçoit deux mains"},
    "every_hand": {"en": "a deal names every seat's hand: 0=… 1=… …",
                   "fr": "une donne nomme la main de chaque place : 0=… 1=… …"},
    "key_value": {"en": "expected key=value, got {word}", "fr": "clé=valeur attendu, lu {word}"},
    "seat_number": {"en": "{word} is not a seat number", "fr": "{word} n'est pas un numéro de place"},
    "card_count": {"en": "{word} is not a number of cards", "fr": "{word} n'est pas un nombre de cartes"},
}
"""The refusals of a chance step that cannot be read (a record's ``*:`` line), in each language."""


def parse_chance(text: str) -> ChanceAction:
    """Read a ``draw …`` or ``deal …`` line (canonical English card codes)."""
    word, _, rest = text.strip().partition(" ")
    args = rest.split()
    if word == "draw" and args:
        return Draw(tuple((_seat(k), parse_card(v, "en")) for k, v in map(_pair, args)))
    if word == "deal" and args:
        return _parse_deal(args)
    raise InvalidActionError.of(CHANCE_MESSAGES, "not_chance_step", text=repr(text))


def _parse_deal(args: list[str]) -> Deal:
    hands: dict[int, CardSet] = {}
    hidden: dict[int, int] = {}
    talon: tuple[Card, ...] = ()
    hidden_talon = 0
    turned: tuple[Card, ...] = ()
    pack: tuple[Card, ...] = ()
    for arg in args:
        key, value = _pair(arg)
        if key == "turn":
            turned = _cards(value)
        elif key == "pack":
            pack = _cards(value)
        elif key == "talon":
            if value.startswith("?"):
                hidden_talon = _count(value[1:])
            else:
                talon = _cards(value)
        else:
            seat = _seat(key)
            if seat in hands:
                raise InvalidActionError.of(CHANCE_MESSAGES, "dealt_twice", seat=seat)
            if value.startswith("?"):
                hands[seat], hidden[seat] = CardSet(0), _count(value[1:])
            else:
                hands[seat] = CardSet(0) if value == "-" else CardSet.parse(value, "en")
    if not hands or sorted(hands) != list(range(len(hands))):
        raise InvalidActionError.of(CHANCE_MESSAGES, "every_hand")
    n = len(hands)
    return Deal(tuple(hands[i] for i in range(n)), talon, turned, pack,
                tuple(hidden.get(i, 0) for i in range(n)) if hidden else (), hidden_talon)


def _cards(value: str) -> tuple[Card, ...]:
    return tuple(parse_card(code, "en") for code in value.split(",") if code)


def _pair(word: str) -> tuple[str, str]:
    key, eq, value = word.partition("=")
    if not eq or not key:
        raise InvalidActionError.of(CHANCE_MESSAGES, "key_value", word=repr(word))
    return key, value


def _seat(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) > 9:
        raise InvalidActionError.of(CHANCE_MESSAGES, "seat_number", word=repr(word))
    return int(word)


def _count(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) > 999:
        raise InvalidActionError.of(CHANCE_MESSAGES, "card_count", word=repr(word))
    return int(word)

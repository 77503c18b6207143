"""Actions of Sizette and Quadrette, with a text notation that round-trips.

A card play is the :class:`~atout.cards.Card` itself (``KH``). Every other action is a small
frozen dataclass; ``str(action)`` is its notation and :func:`parse_action` reads it back.

>>> str(Ask(2, Question("count", Suit.HEARTS))), str(Command(CommandSpec("high", Suit.SPADES)))
('ask 2 count H', 'command high S')
>>> parse_action("vole continue")
Vole(go_on=True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from atout.cards import Card, CardSet, Suit, parse_card
from atout.errors import InvalidActionError
from atout.games.sizette.talk import CommandSpec, Question, Statement

PENALTY_KINDS = (
    "wrong_pack",       # P1: hand void, same dealer redeals
    "card_turned",      # P2: a card found face up in the pack: redeal, no penalty
    "trump_not_turned", # P3: dealer's team -1, redeal
    "misdeal",          # P4: dealer's team -1, redeal
    "exposed_card",     # P5: dealer's team -1, redeal
    "out_of_turn",      # P11: the named seat's team -1, play continues
    "looked_at_tricks", # P12: the named seat's team -1
)


@dataclass(frozen=True)
class Draw:
    """Chance: cards drawn to choose the first dealer (``draw 0=KH 1=7S …``)."""

    cards: tuple[tuple[int, Card], ...]

    def __str__(self) -> str:
        return "draw " + " ".join(f"{seat}={card}" for seat, card in self.cards)


@dataclass(frozen=True)
class Deal:
    """Chance: the hands dealt, the turned card and the talon (``deal 0=KH,7S… turn=9H``)."""

    hands: tuple[CardSet, ...]
    turned: Card
    talon: CardSet = CardSet(0)

    def __str__(self) -> str:
        parts = [f"{i}={','.join(str(c) for c in h)}" for i, h in enumerate(self.hands)]
        parts.append(f"turn={self.turned}")
        if self.talon:
            parts.append(f"talon={','.join(str(c) for c in self.talon)}")
        return "deal " + " ".join(parts)


@dataclass(frozen=True)
class ChooseDealer:
    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@dataclass(frozen=True)
class Captain:
    seat: int

    def __str__(self) -> str:
        return f"captain {self.seat}"


@dataclass(frozen=True)
class Cut:
    position: int

    def __str__(self) -> str:
        return f"cut {self.position}"


@dataclass(frozen=True)
class Ask:
    target: int
    question: Question

    def __str__(self) -> str:
        return f"ask {self.target} {self.question}"


@dataclass(frozen=True)
class Say:
    statement: Statement

    def __str__(self) -> str:
        return f"say {self.statement}"


@dataclass(frozen=True)
class Remark:
    """Free words for the table: recorded and shown, with no rule meaning."""

    text: str

    def __str__(self) -> str:
        return "remark " + json.dumps(self.text, ensure_ascii=False)


@dataclass(frozen=True)
class Command:
    spec: CommandSpec

    def __str__(self) -> str:
        return f"command {self.spec}"


@dataclass(frozen=True)
class Close:
    """Ends the second team's consultation (window C2)."""

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True)
class Vole:
    """The captain's decision after a 3–0 start: go on for all six tricks, or stop."""

    go_on: bool

    def __str__(self) -> str:
        return "vole continue" if self.go_on else "vole stop"


@dataclass(frozen=True)
class Abandon:
    """The speaker's team leaves the partie and loses it."""

    def __str__(self) -> str:
        return "abandon"


@dataclass(frozen=True)
class ClaimRevoke:
    """Table-law mode: an opponent claims that the other team has revoked in this hand."""

    def __str__(self) -> str:
        return "claim revoke"


@dataclass(frozen=True)
class Penalty:
    """Table-law mode: a fault seen at a real table, recorded on the score sheet."""

    kind: str
    seat: int | None = None

    def __str__(self) -> str:
        return f"penalty {self.kind}" + (f" {self.seat}" if self.seat is not None else "")


Action = (
    Card | Draw | Deal | ChooseDealer | Captain | Cut | Ask | Say | Remark | Command | Close
    | Vole | Abandon | ClaimRevoke | Penalty
)
TALK_TYPES = (Ask, Say, Remark, Command)
CLOSE = Close()
ABANDON = Abandon()
CLAIM_REVOKE = ClaimRevoke()
VOLE_GO_ON = Vole(True)
VOLE_STOP = Vole(False)


def parse_action(text: str, trump: Suit | None = None, lang: str | None = None) -> Action:
    """Read one action in notation. Cards may be written in English or French (``KH``/``RC``):
    ``lang`` names the language, ``None`` accepts both (and refuses ambiguous codes such as ``AC``).
    Suit letters inside speech are the notation's (S H D C)."""
    t = text.strip()
    if not t:
        raise InvalidActionError("empty action")
    word, _, rest = t.partition(" ")
    word = word.lower()
    args = rest.split()
    try:
        if word == "remark":
            return Remark(_json_string(rest))
        if word == "ask":
            return Ask(_seat(args[0]), Question.parse(args[1:], lang))
        if word == "say":
            return Say(Statement.parse(args, lang))
        if word == "command":
            return Command(CommandSpec.parse(args, trump, lang))
        if word == "close" and not args:
            return CLOSE
        if word == "vole" and args in (["continue"], ["stop"]):
            return VOLE_GO_ON if args[0] == "continue" else VOLE_STOP
        if word == "abandon" and not args:
            return ABANDON
        if word == "claim" and args == ["revoke"]:
            return CLAIM_REVOKE
        if word == "penalty" and args and args[0] in PENALTY_KINDS and len(args) <= 2:
            return Penalty(args[0], _seat(args[1]) if len(args) == 2 else None)
        if word == "captain" and len(args) == 1:
            return Captain(_seat(args[0]))
        if word == "dealer" and len(args) == 1:
            return ChooseDealer(_seat(args[0]))
        if word == "cut" and len(args) == 1 and args[0].isdigit():
            return Cut(int(args[0]))
        if word == "draw" and args:
            return Draw(tuple((_seat(k), parse_card(v, "en")) for k, v in (_pair(a) for a in args)))
        if word == "deal" and args:
            return _parse_deal(args)
    except IndexError:
        raise InvalidActionError(f"{text!r}: missing words") from None
    if " " not in t:
        return parse_card(t, lang)
    raise InvalidActionError(f"{text!r} is not an action (a card such as KH, or ask/say/command/close/vole/…)")


def _parse_deal(args: list[str]) -> Deal:
    hands: dict[int, CardSet] = {}
    turned: Card | None = None
    talon = CardSet(0)
    for a in args:
        key, value = _pair(a)
        if key == "turn":
            turned = parse_card(value, "en")
        elif key == "talon":
            talon = CardSet.parse(value, "en")
        else:
            hands[_seat(key)] = CardSet.parse(value, "en")
    if turned is None or sorted(hands) != list(range(len(hands))):
        raise InvalidActionError("a deal names every seat's hand (0=…, 1=…) and the turned card (turn=…)")
    return Deal(tuple(hands[i] for i in range(len(hands))), turned, talon)


def _pair(word: str) -> tuple[str, str]:
    key, eq, value = word.partition("=")
    if not eq:
        raise InvalidActionError(f"expected key=value, got {word!r}")
    return key, value


def _seat(word: str) -> int:
    if not word.isdigit() or int(word) > 9:
        raise InvalidActionError(f"{word!r} is not a seat number")
    return int(word)


def _json_string(rest: str) -> str:
    try:
        value = json.loads(rest)
    except json.JSONDecodeError:
        raise InvalidActionError('a remark is written remark "text in quotes"') from None
    if not isinstance(value, str):
        raise InvalidActionError('a remark is written remark "text in quotes"')
    return value

"""Actions of Sizette and Quadrette: what each one holds, its kind, and how it is written.

A card play is the :class:`~atout.cards.Card` itself (``KH``); the table's draw and deal are
:class:`atout.chance.Draw` and :class:`atout.chance.Deal` (re-exported here). Every other action
is a small frozen dataclass with a ``kind`` (:class:`~atout.actions.ActionKind`); ``str(action)``
is its canonical English notation, ``action.text("fr")`` its French one, and
:func:`atout.games.sizette.notation.parse_action` reads either back.

>>> from atout.cards import Suit
>>> str(Ask(2, Question("count", Suit.HEARTS))), Ask(2, Question("count", Suit.HEARTS)).text("fr")
('ask 2 count H', 'demande 2 nombre C')
>>> str(Command(CommandSpec("high", Suit.SPADES))), Command.kind, Penalty("misdeal").kind
('command high S', <ActionKind.MOVE: 'move'>, <ActionKind.CLAIM: 'claim'>)
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import ClassVar

from atout.actions import ActionKind
from atout.cards import Card
from atout.chance import Deal, Draw
from atout.games.sizette.events import TableEvent
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.games.sizette.vocabulary import EN, Localized, Words, error, words_for

__all__ = [
    "ABANDON", "ACCEPT", "CLAIM_REVOKE", "CLOSE", "DISPUTE", "MAX_REMARK_LENGTH", "PENALTY_KINDS", "REMARK_TEMPLATE",
    "VOLE_GO_ON", "VOLE_STOP", "Abandon", "Accept", "Action", "Answer", "Ask", "Captain", "ChooseDealer", "ClaimRevoke",
    "Close", "Command", "Cut", "Deal", "Dispute", "Draw", "NewCaptain", "Penalty", "Remark", "Said", "Say", "Vole",
]

PENALTY_KINDS = (
    "wrong_pack",        # P1: hand void, same dealer redeals
    "card_turned",       # P2: a card found face up in the pack: redeal, no penalty
    "trump_not_turned",  # P3: dealer's team -1, redeal
    "misdeal",           # P4: dealer's team -1, redeal
    "exposed_card",      # P5: dealer's team -1, redeal
    "out_of_turn",       # P11: the named seat's team -1, play continues
    "looked_at_tricks",  # P12: the named seat's team -1
)

MAX_REMARK_LENGTH = 200
"""The longest remark, in characters (after NFC normalisation)."""


class _Written:
    """Text in each language from ``written(words)``; ``str()`` is the English notation."""

    def written(self, words: Words) -> str:
        raise NotImplementedError

    def text(self, lang: str = "en") -> str:
        """The notation in ``lang`` (``en`` or ``fr``)."""
        return self.written(words_for(lang))

    def __str__(self) -> str:
        return self.written(EN)


@dataclass(frozen=True)
class ChooseDealer(_Written):
    """The seat that deals first, when the draw leaves the choice to a player (``dealer 3``)."""

    seat: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('dealer')} {self.seat}"



@dataclass(frozen=True)
class Captain(_Written):
    """A team's captain named (phase captains) or changed (window C0): ``captain 4``."""

    seat: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('captain')} {self.seat}"



@dataclass(frozen=True)
class NewCaptain(_Written):
    """A side names a new captain in window C0, while the pack is cut (``change captain 3``)."""

    seat: int
    kind: ClassVar[ActionKind] = ActionKind.TABLE

    def written(self, words: Words) -> str:
        return f"{words.word('change')} {words.word('captain')} {self.seat}"


@dataclass(frozen=True)
class Cut(_Written):
    """The cut: how many cards are lifted off the top of the pack (``cut 17``)."""

    position: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('cut')} {self.position}"



@dataclass(frozen=True)
class Ask(_Written):
    """The captain asks a team-mate a question (``ask 2 count H``)."""

    target: int
    question: Question
    kind: ClassVar[ActionKind] = ActionKind.TALK

    def written(self, words: Words) -> str:
        return f"{words.word('ask')} {self.target} {self.question.written(words)}"



@dataclass(frozen=True)
class Say(_Written):
    """A true statement volunteered about the speaker's hand (``say count H 2``)."""

    statement: Statement
    kind: ClassVar[ActionKind] = ActionKind.TALK

    def written(self, words: Words) -> str:
        return f"{words.word('say')} {self.statement.written(words)}"


@dataclass(frozen=True)
class Answer(_Written):
    """The true answer of the seat asked to the question waiting for it (``answer count H 2``)."""

    statement: Statement
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('answer')} {self.statement.written(words)}"



@dataclass(frozen=True)
class Remark:
    """Free words for the table: recorded and shown, with no rule meaning.

    The text is plain: normalised to NFC, at most :data:`MAX_REMARK_LENGTH` characters, with no
    control characters, line breaks, lone surrogates or bidirectional overrides. It is written as
    a JSON string: ``remark "à vous"``. :data:`REMARK_TEMPLATE` (``Remark("")``) is what
    ``legal_actions`` lists to say that a remark may be made now: a template.
    """

    text: str
    kind: ClassVar[ActionKind] = ActionKind.TALK
    interned: ClassVar[bool] = False   # free text: kept whole in the history, not in the table of actions

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", checked_remark(self.text))

    @property
    def template(self) -> bool:
        """``Remark("")`` stands for any remark (see :class:`atout.actions.Action`)."""
        return not self.text

    def written(self, words: Words) -> str:
        return f"{words.word('remark')} {json.dumps(self.text, ensure_ascii=False)}"

    def __str__(self) -> str:
        return self.written(EN)


_FORBIDDEN = {
    "Cc": Localized("a control character", "un caractère de contrôle"),
    "Cs": Localized("a lone surrogate", "un demi-caractère isolé (surrogate)"),
    "other": Localized("a line or direction control", "un contrôle de ligne ou de sens d'écriture"),
}
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def checked_remark(text: str) -> str:
    """``text`` as a remark holds it (NFC), or :class:`~atout.errors.InvalidActionError`.

    >>> checked_remark("e\\u0301 bien")
    'é bien'
    >>> checked_remark("\\ud800")
    Traceback (most recent call last):
    ...
    atout.errors.InvalidActionError: a remark is plain text: U+D800 (a lone surrogate) is not allowed
    """
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Zl", "Zp") or char in _BIDI_CONTROLS:
            what = _FORBIDDEN.get(category, _FORBIDDEN["other"])
            raise error("remark_char", char=f"U+{ord(char):04X}", what=what)
    text = unicodedata.normalize("NFC", text)
    if len(text) > MAX_REMARK_LENGTH:
        raise error("remark_long", limit=MAX_REMARK_LENGTH, length=len(text))
    return text


@dataclass(frozen=True)
class Command(_Written):
    """The captain's order to the leader: a card, ``high H``, ``low H``, ``any H`` or ``any``."""

    spec: CommandSpec
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('command')} {self.spec.written(words)}"



@dataclass(frozen=True)
class Close(_Written):
    """Ends the second team's consultation (window C2)."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return words.word("close")



@dataclass(frozen=True)
class Vole(_Written):
    """The captain's decision after a 3–0 start: go on for all six tricks, or stop."""

    go_on: bool
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def written(self, words: Words) -> str:
        return f"{words.word('vole')} {words.word('continue' if self.go_on else 'stop')}"



@dataclass(frozen=True)
class Abandon(_Written):
    """The speaker's team leaves the partie and loses it."""

    kind: ClassVar[ActionKind] = ActionKind.TABLE

    def written(self, words: Words) -> str:
        return words.word("abandon")



@dataclass(frozen=True)
class ClaimRevoke(_Written):
    """Table-law mode: an opponent claims that the other team has revoked in this hand."""

    kind: ClassVar[ActionKind] = ActionKind.CLAIM

    def written(self, words: Words) -> str:
        return f"{words.word('claim')} {words.word('revoke')}"



@dataclass(frozen=True)
class Penalty(_Written):
    """Table-law mode: a fault seen at a real table (one of :data:`PENALTY_KINDS`), recorded on
    the score sheet, with the offending seat when the fault names one (``penalty out_of_turn 3``)."""

    fault: str
    seat: int | None = None
    kind: ClassVar[ActionKind] = ActionKind.CLAIM

    def __post_init__(self) -> None:
        if self.fault not in PENALTY_KINDS:
            raise error("penalty_kind", word=self.fault, kinds=", ".join(PENALTY_KINDS))

    def written(self, words: Words) -> str:
        seat = f" {self.seat}" if self.seat is not None else ""
        return f"{words.word('penalty')} {words.word(self.fault)}{seat}"



@dataclass(frozen=True)
class Accept(_Written):
    """Table-law mode: the side at fault (through its captain) accepts the penalty claimed."""

    kind: ClassVar[ActionKind] = ActionKind.CLAIM

    def written(self, words: Words) -> str:
        return words.word("accept")


@dataclass(frozen=True)
class Dispute(_Written):
    """Table-law mode: the side at fault disputes the penalty claimed (recorded, no score change)."""

    kind: ClassVar[ActionKind] = ActionKind.CLAIM

    def written(self, words: Words) -> str:
        return words.word("dispute")


Action = (
    Card | Draw | Deal | ChooseDealer | Captain | NewCaptain | Cut | Ask | Say | Answer | Remark | Command
    | Close | Vole | Abandon | ClaimRevoke | Penalty | Accept | Dispute
)
Said = Ask | Say | Answer | Remark | Command | Penalty | Accept | Dispute | TableEvent
"""What a hand's talk holds (:class:`~atout.games.sizette.events.TalkEntry`): questions, statements and
answers, remarks, the captain's commands, penalty claims and their answers, and the table's events."""
CLOSE = Close()
REMARK_TEMPLATE = Remark("")
ABANDON = Abandon()
CLAIM_REVOKE = ClaimRevoke()
VOLE_GO_ON = Vole(True)
VOLE_STOP = Vole(False)
ACCEPT = Accept()
DISPUTE = Dispute()

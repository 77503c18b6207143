"""The actions of Whist besides the cards: the cut, and the honours at eight — showing them
(a claim), declining to (``pass``), the call to the partner (speech) and his answer.

Each is a small immutable value with a ``kind`` (:class:`~atout.actions.ActionKind`) and its
English notation as ``str()``; :mod:`atout.games.whist.notation` writes and reads both languages.

>>> str(Cut(12)), Cut(12).kind.value, str(SHOW), SHOW.kind.value, str(CALL), CALL.kind.value
('cut 12', 'move', 'show', 'claim', 'call', 'talk')
>>> str(ANSWER_YES), str(PASS), PASS.kind.value, str(EXPOSE)
('answer yes', 'pass', 'move', 'expose')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.actions import ActionKind


@dataclass(frozen=True)
class Cut:
    """The cut of the pack by the dealer's right-hand opponent: the top ``position`` cards go under."""

    position: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __str__(self) -> str:
        return f"cut {self.position}"


@dataclass(frozen=True)
class Show:
    """Show three or four honours before the opening lead, at eight: the game is won at once."""

    kind: ClassVar[ActionKind] = ActionKind.CLAIM

    def __str__(self) -> str:
        return "show"


@dataclass(frozen=True)
class Pass:
    """Let the chance to show honours at eight go by (every member of a side at eight is asked)."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Expose:
    """With a mort: the player who has it lays the mort's hand face up on the table."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __str__(self) -> str:
        return "expose"


@dataclass(frozen=True)
class Call:
    """Holding two honours at eight, at one's first turn to play: ask the partner for a third."""

    kind: ClassVar[ActionKind] = ActionKind.TALK

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True)
class Answer:
    """The partner's public answer to a call: ``yes`` if he holds an honour (the only answer the
    engine lists is the true one)."""

    yes: bool
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


SHOW = Show()
EXPOSE = Expose()
PASS = Pass()
CALL = Call()
ANSWER_YES = Answer(True)
ANSWER_NO = Answer(False)

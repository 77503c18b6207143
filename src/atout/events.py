"""What the table announces in a partie's log besides the actions: events every game shares.

A game announces them from its change of the state (:meth:`atout.game.State.announce`); the log
shows them after the action that caused them, to every viewer (an event with ``seen_by`` may show
less to some). A game may add its own events (a kind :data:`~atout.actions.ActionKind.EVENT`,
``str()`` its notation, ``text(lang)`` its words in English and French, ``to_json()`` its typed
fields).

>>> str(TrickWon(3)), TrickWon(3).to_json()
('trick 3', {'number': 3})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from atout.actions import ActionKind


class Result(Protocol):
    """A hand's result as a game records it: anything with a ``to_json()``."""

    def to_json(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Trick ``number`` of the hand (from 1) is complete; the log entry's seat is its winner."""

    number: int
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "trick"

    def __str__(self) -> str:
        return f"trick {self.number}"

    def text(self, lang: str = "en") -> str:
        return f"levée {self.number}" if lang == "fr" else str(self)

    def to_json(self) -> dict[str, object]:
        return {"number": self.number}


@dataclass(frozen=True, slots=True)
class Scored:
    """A change of the score sheet (a hand scored, a penalty, a game or a rubber won): the game's
    own ``result`` record, whose JSON the entry carries. The log entry's seat is ``-1``. The log
    keeps the result alone and gives back an equal event each time it is read."""

    result: Result
    kind: ClassVar[ActionKind] = ActionKind.EVENT
    json_type: ClassVar[str] = "scored"
    interned: ClassVar[bool] = False

    def __str__(self) -> str:
        return "scored"

    def text(self, lang: str = "en") -> str:
        return "marque" if lang == "fr" else str(self)

    def to_json(self) -> dict[str, object]:
        return {"result": self.result.to_json()}

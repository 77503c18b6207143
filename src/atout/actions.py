"""What every action of every game has in common: a *kind*, and a text notation.

An action is an immutable value (a :class:`~atout.cards.Card`, or a small frozen dataclass of a
game) whose ``str()`` is its notation and whose ``kind`` says what sort of step it is, so that a
user interface or a bot can filter what :meth:`State.legal_actions` lists without knowing the
game:

- ``MOVE``: a decision the seat to move must make (a card, a cut, a captain's command, an answer).
- ``TALK``: optional speech (a question, a true statement, a free remark).
- ``CLAIM``: a claim against the other side (a revoke, a table-law penalty) or its acceptance.
- ``TABLE``: a step outside the turn order (abandon the partie, change one's captain).
- ``CHANCE``: the table's step (the draw, the shuffle and deal), made by ``sample_chance``.
- ``EVENT``: not an action but what the table announces in the log (a trick won, a hand scored):
  :mod:`atout.events`.

>>> from atout.cards import Card
>>> Card("KH").kind, ActionKind.TALK.value
(<ActionKind.MOVE: 'move'>, 'talk')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import repeat
from operator import is_
from typing import ClassVar, Protocol, runtime_checkable


class ActionKind(str, Enum):
    MOVE = "move"
    TALK = "talk"
    CLAIM = "claim"
    TABLE = "table"
    CHANCE = "chance"
    EVENT = "event"

    def __str__(self) -> str:
        return self.value


MOVE = ActionKind.MOVE
TALK = ActionKind.TALK
CLAIM = ActionKind.CLAIM
TABLE = ActionKind.TABLE
CHANCE_KIND = ActionKind.CHANCE
EVENT = ActionKind.EVENT


@runtime_checkable
class Action(Protocol):
    """Any action: hashable, immutable, with a kind; ``str(action)`` is its canonical notation.

    An action whose ``template`` attribute is true stands for a whole family that the player
    completes with free text (a remark): a user interface asks for the text, a bot with nothing
    to say leaves it. Applying the template itself is allowed (it says nothing). Use
    :func:`is_template` to test any action.
    """

    @property
    def kind(self) -> ActionKind: ...


@dataclass(frozen=True)
class Hidden:
    """How an action appears to a viewer who may not know its content (``hidden discard 3``).

    A game's ``visible_action`` returns it for, e.g., cards discarded or drawn face down: the
    viewer learns that the step happened, and how many cards it moved, never which.
    """

    what: str
    count: int = 0
    kind: ClassVar[ActionKind] = ActionKind.MOVE

    def __str__(self) -> str:
        return f"hidden {self.what}" + (f" {self.count}" if self.count else "")


def is_template(action: object) -> bool:
    """Whether ``action`` stands for a family of free-text actions (see :class:`Action`).

    >>> from atout.cards import Card
    >>> is_template(Card("KH"))
    False
    """
    return bool(getattr(action, "template", False))


def is_kept(action: object) -> bool:
    """Whether what is made of ``action`` (its code, its JSON) may be kept per object in the engine's
    tables: unless its class says ``interned = False`` (free text, a Bésigue declaration: a partie's own
    values, which the tables would hold for the process's life). A template is kept all the same: one
    object, listed at every decision where it is open (``remark`` in Sizette's talk).

    >>> from atout.cards import Card
    >>> is_kept(Card("KH"))
    True
    """
    return bool(getattr(type(action), "interned", True)) or is_template(action)


def is_listed(action: object, listed: Sequence[object]) -> bool:
    """Whether ``action`` is among ``listed``: the listed object itself, found by identity first
    (``in`` alone calls a dataclass's ``__eq__``, a Python function, on every action before it), or
    one equal to it.

    >>> from atout.cards import Card
    >>> is_listed(Card("KH"), (Hidden("discard", 2), Card("KH"))), is_listed(Hidden("x"), (Hidden("x"),))
    (True, True)
    """
    return any(map(is_, listed, repeat(action))) or action in listed

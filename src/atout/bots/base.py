"""The bot interface: a bot sees only its seat's observation and answers with one of its actions.

``obs.legal`` lists everything the seat may do now, each action with its
:class:`~atout.actions.ActionKind`. When the seat is to move it must pick one of the
``MOVE`` actions (:func:`moves_of`); ``TALK``, ``CLAIM`` and ``TABLE`` actions are optional
extras it may take instead. A bot that also wants to act when it is *not* to move (a claim
against the other side, say) sets ``interjects`` and implements ``interject``; the runner
then offers it a chance after the other seats' actions.

>>> from atout.actions import ActionKind, is_template
>>> from atout.cards import Card
>>> from typing import NamedTuple
>>> class Obs(NamedTuple):
...     legal: tuple
>>> moves_of(Obs((Card("KH"), Card("7S")))), of_kind(Obs((Card("KH"),)), ActionKind.TALK)
((Card('KH'), Card('7S')), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeGuard, TypeVar, runtime_checkable

from atout.actions import Action, ActionKind, is_template


class Offered(Protocol):
    """What a bot reads first of an observation: what the seat may do now."""

    @property
    def legal(self) -> Sequence[Action]: ...


O_contra = TypeVar("O_contra", contravariant=True)   # the observation a bot reads


class GameBot(Protocol[O_contra]):
    """A player program of one game: ``act`` reads that game's observation (a Piquet bot is a
    ``GameBot[PiquetObservation]``) and returns one of ``obs.legal``. The registry hands a game's
    bots only its own observations: there they play as a :class:`Bot`."""

    name: str

    def act(self, obs: O_contra) -> Action:
        """Choose an action from ``obs.legal``."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player program: ``act`` returns one of ``obs.legal``."""

    name: str

    def act(self, obs: Offered) -> Action:
        """Choose an action from ``obs.legal`` (a ``MOVE`` action, or an optional extra)."""
        ...


@runtime_checkable
class InterjectingBot(Bot, Protocol):
    """A bot that may also act out of turn: while ``interjects`` is true, the runner calls
    ``interject(obs)`` for its seat when another seat is to move; ``None`` means "nothing now"."""

    interjects: bool

    def interject(self, obs: Offered) -> Action | None:
        """An action from ``obs.legal`` (never a ``MOVE``), or ``None``."""
        ...


@runtime_checkable
class SeeingBot(Bot, Protocol):
    """A yardstick, never a player: while ``sees_all`` is true the runner calls
    ``act_seeing(obs, state, seat)`` with the true state (the arena's ``oracle``)."""

    sees_all: bool

    def act_seeing(self, obs: Offered, state: object, seat: int) -> Action:
        """An action from ``obs.legal``, chosen with every card of ``state`` in view."""
        ...


def sees_all(bot: object) -> TypeGuard[SeeingBot]:
    """Whether ``bot`` is, now, a yardstick that sees every card (its ``sees_all``)."""
    return bool(getattr(bot, "sees_all", False))


def interjects(bot: object) -> TypeGuard[InterjectingBot]:
    """Whether ``bot`` may, now, act out of turn (its ``interjects``)."""
    return bool(getattr(bot, "interjects", False))


class Watching:
    """A seeing wrapper that plays as ``inner`` from the observation alone and hands each of its
    decisions, with the true state, to :meth:`seen` (benches and tests collect real positions with it)."""

    name = "watching"
    sees_all = True

    def __init__(self, inner: Bot):
        self.inner = inner

    @property
    def interjects(self) -> bool:
        return bool(getattr(self.inner, "interjects", False))

    def interject(self, obs: Offered) -> Action | None:
        found: Action | None = self.inner.interject(obs)  # type: ignore[attr-defined]
        return found

    def act(self, obs: Offered) -> Action:
        return self.inner.act(obs)

    def act_seeing(self, obs: Offered, state: object, seat: int) -> Action:
        self.seen(obs, state, seat)
        return self.inner.act(obs)

    def seen(self, obs: Offered, state: object, seat: int) -> None:
        """What a subclass keeps of a decision (nothing here)."""


def of_kind(obs: Offered, kind: ActionKind) -> tuple[Action, ...]:
    """The actions of ``obs.legal`` of one kind, in the listed order."""
    return tuple(a for a in obs.legal if a.kind is kind)


def moves_of(obs: Offered) -> tuple[Action, ...]:
    """What the seat must choose from when it is to move: the ``MOVE`` actions of ``obs.legal``."""
    return of_kind(obs, ActionKind.MOVE)


def split_legal(obs: Offered) -> tuple[list[Action], list[Action]]:
    """``obs.legal`` split into its ``MOVE`` actions and its ``TALK`` actions (one pass); a
    template (a remark to be written) is left out: a bot has nothing of its own to say."""
    moves: list[Action] = []
    talk: list[Action] = []
    move, speech = ActionKind.MOVE, ActionKind.TALK
    for a in obs.legal:
        kind = a.kind
        if kind is move:
            moves.append(a)
        elif kind is speech and not is_template(a):
            talk.append(a)
    return moves, talk


__all__ = ["Bot", "GameBot", "InterjectingBot", "Offered", "SeeingBot", "interjects", "moves_of", "of_kind", "sees_all",
           "split_legal"]

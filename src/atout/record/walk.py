"""Walk through a partie's history again, step by step, on a fresh state: each action's notation
in the position where it was played (as one seat may see it, for a view), and the hands it scored.

The writer and the summary both stand on this walk; it also checks that the history really
replays to the state (a record that would not replay is never written).

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 1}).new_state()
>>> rng = random.Random(3)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.moves()))
>>> hands = segments(walk(state))
>>> [h.results[0].number for h in hands] == [r.number for r in state.results]
True
>>> sum(len(h.steps) for h in hands) == len(state.history)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from atout.actions import Action, ActionKind
from atout.chance import Deal
from atout.errors import RecordError
from atout.game import HandResult, State
from atout.record.messages import say


class FullRecord:
    """The viewer of a full record (no view): every action as it was played."""

    def __repr__(self) -> str:
        return "FULL"


FULL = FullRecord()
Viewer = int | None | FullRecord
"""Whose record: a seat, ``None`` (a spectator), or :data:`FULL` (every action as played)."""


class Step(NamedTuple):
    """One action of the history: who acted, the action as played, the action as the viewer sees
    it (the same object in a full record), its notation there, and the hands it scored."""

    seat: int
    action: Action
    shown: Action
    text: str
    results: tuple[HandResult, ...]

    @property
    def kind(self) -> str:
        return str(getattr(self.shown, "kind", ""))


class Segment(NamedTuple):
    """One hand: the steps since the previous scored hand, and the hands its last step scored
    (``()`` for a hand that was not scored: in progress, or ended by an abandon)."""

    steps: tuple[Step, ...]
    results: tuple[HandResult, ...]

    def deals(self) -> list[Deal]:
        """The deals of this hand as the viewer saw them (more than one after a redeal)."""
        return [s.shown for s in self.steps if isinstance(s.shown, Deal)]


def _fail(reason: str, lang: str) -> RecordError:
    return RecordError([(0, say("cannot_write", lang, reason=reason))])


def fresh_start(state: State, lang: str = "en") -> tuple[State, list[tuple[int, Action]]]:
    """A fresh state where ``state``'s partie began (its deal applied when it was made by
    ``state_from_deal``), and the actions of its history still to apply there."""
    history = list(state.history)
    if state.setup is None:
        return state.game.new_state(), history
    if not history:
        raise _fail("a state made from a deal has that deal as its first action", lang)
    return state.game.state_from_deal(history[0][1], state.setup), history[1:]


def walk(state: State, viewer: Viewer = FULL, lang: str = "en") -> list[Step]:
    """Every step of ``state.history``, replayed on a fresh state (from ``state_from_deal`` when
    the state has a ``setup``); ``viewer`` (a seat, or ``None`` for a spectator) masks each action
    with ``visible_action``. Raises :class:`~atout.errors.RecordError` if the history does not
    replay to the state."""
    history: Sequence[tuple[int, Action]] = list(state.history)
    steps: list[Step] = []
    try:
        shadow, rest = fresh_start(state, lang)
        if state.setup is not None:
            seat, deal = history[0]
            shown = deal if isinstance(viewer, FullRecord) else shadow.visible_action(deal, seat, viewer)
            steps.append(Step(seat, deal, shown, shadow.action_text(shown, "en"), tuple(shadow.results)))
        for seat, action in rest:
            shown = action if isinstance(viewer, FullRecord) else shadow.visible_action(action, seat, viewer)
            text = shadow.action_text(shown, "en")
            before = len(shadow.results)
            shadow.apply(action, seat)
            steps.append(Step(seat, action, shown, text, tuple(shadow.results[before:])))
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise _fail(f"the history does not replay ({e})", lang) from None
    if list(shadow.history) != list(history) or len(shadow.results) != len(state.results) \
            or shadow.outcome() != state.outcome():
        raise _fail("the history does not replay to this state", lang)
    for step in steps:
        if "\n" in step.text or "\r" in step.text:
            raise _fail(f"the notation of {step.shown!r} spans several lines", lang)
    return steps


def segments(steps: Sequence[Step]) -> list[Segment]:
    """The steps cut into hands: each ends with the step that scored it; a last segment holds the
    steps of a hand not scored (if any)."""
    out: list[Segment] = []
    current: list[Step] = []
    for step in steps:
        current.append(step)
        if step.results:
            out.append(Segment(tuple(current), step.results))
            current = []
    if current:
        out.append(Segment(tuple(current), ()))
    return out


def is_chance(action: object) -> bool:
    return getattr(action, "kind", None) is ActionKind.CHANCE

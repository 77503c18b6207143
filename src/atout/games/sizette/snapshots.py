"""Copies of a state and taking an action back.

- :func:`clone`: an independent copy in well under two microseconds: the state's fields are
  immutable values shared with the copy, but for three lists copied (hands, trick, history codes)
  and the side list of the history.
- :func:`undo`: exact — back to the checkpoint kept at the start of the hand (a few fields: a
  hand just reset is otherwise all defaults), then the hand's actions replayed; before that
  checkpoint, the whole partie replayed.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from atout.games.sizette.history import History

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

PARTIE_FIELDS = ("phase", "mode", "to_move", "hand_no", "dealer", "captains", "scores", "results", "draws", "drawers",
                 "high_drawer", "winner", "end_reason", "_outcome", "captain_changes", "captain_queue", "setup",
                 "hand_start")
"""What a checkpoint keeps: the state at the start of a hand is these and a hand just reset."""
PARTIE = attrgetter(*PARTIE_FIELDS)


def clone(st: SizetteState) -> SizetteState:
    new = object.__new__(type(st))
    type(st).copy_fields(st, new)
    new.hands = st.hands[:]
    new.trick = st.trick[:]
    new.codes = st.codes[:]
    new.side = st.side[:]
    return new

def take_checkpoint(st: SizetteState) -> None:
    """Keep this position (the start of a hand: a hand just reset) for :meth:`undo`."""
    st.checkpoint = (len(st.codes), len(st.side), PARTIE(st))

def at_checkpoint(st: SizetteState) -> SizetteState:
    """A new state at this state's checkpoint."""
    assert st.checkpoint is not None
    length, side_length, values = st.checkpoint
    base = object.__new__(type(st))
    type(st).copy_fields(st, base)
    base._reset_hand()
    for name, value in zip(PARTIE_FIELDS, values, strict=True):
        setattr(base, name, value)
    base.codes = st.codes[:length]
    base.side = st.side[:side_length]
    base._sampled = None
    return base

def undo(st: SizetteState) -> tuple[int, Any]:
    """Take back the last action exactly: back to the start of the hand, and replay it."""
    stop = len(st.codes)
    if not stop:
        raise IndexError("nothing to undo")
    last = st.history[-1]
    codes, side = st.codes, st.side
    target = stop - 1
    checkpoint = st.checkpoint
    if checkpoint is not None and checkpoint[0] <= target:
        base = at_checkpoint(st)
    elif st.setup is not None:
        base = type(st).before_deal(st.game, st.setup)
    else:
        base = type(st)(st.game)
    base._mkey = base._ckey = -1
    base._lkey = -1
    for seat, action in History(codes, side, len(base.codes), target):
        base.apply(action, seat)
    type(st).copy_fields(base, st)
    return last


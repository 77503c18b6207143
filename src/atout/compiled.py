"""The compiled helpers of the engine's hot paths (``atout._speedups``, a C extension), when they are built.

The rules engine needs no compiler: the functions they replace are written in Python and stay the
reference — a position's JSON (:func:`atout.cards.pure_card_codes`, :func:`atout.game.pure_common_json`,
:class:`atout.game.PurePositionJSON`, :class:`atout.game.PureGrowingJSON`), the cards of a card set (:func:`atout.cards.pure_cards_of`), a
state's fields read and written for its snapshot, undo and clone (:func:`atout.fields.pure_getter`,
``pure_setter``, ``pure_copier``), a viewer's log (:func:`atout.log.pure_log_view`), every game's observation
(``pure_observe`` in each game's ``observation`` module, such as :mod:`atout.games.whist.observation`), the card play of the trick games (:mod:`atout.card_play`: the
game's own ``moves`` and :meth:`atout.game.State.apply`, which :data:`atout.game.base_apply` is when compiled), the shuffle and the deal's cards
(:func:`atout.dealing.pure_shuffle`, :func:`atout.dealing.pure_deal_cards`) and the log's events
(:data:`atout.log.pure_event`, what :meth:`atout.log.Log.event` is when compiled), what a Bésigue trick's winner may
declare (:func:`atout.games.besigue.declarations.pure_legal`) — and are what runs when the extension was not
built (no C compiler at install) or when ``ATOUT_PURE_PYTHON=1`` is set. The tests make both on the positions of thousands of random parties
of every game and compare them, and the fields' on random objects. ``speedups`` is the module, or ``None``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType


def _load() -> ModuleType | None:
    if os.environ.get("ATOUT_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        from atout import _speedups
    except ImportError:
        return None
    return _speedups


speedups = _load()


def install_method(cls: type, name: str, function: Callable[..., object]) -> None:
    """Make the compiled ``function(obj, ...)`` the method ``name`` of ``cls``: a method descriptor
    (``atout._speedups.Method``), so that ``obj.name(...)`` calls it with no Python frame between.
    Without the extension the class keeps its own method."""
    if speedups is not None:
        setattr(cls, name, speedups.Method(function))

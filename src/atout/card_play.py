"""The compiled fast path of the commonest decision of the trick games: which card to play, and
playing it, in a trick already led.

In random play, search and the online table, most actions of Whist, Sizette and Quadrette are cards
played in a trick already led. :func:`install` gives such a game's state class two methods of
:class:`atout._speedups.CardPlay`:

- ``apply``: such a card checked and played in one C call, with the same bookkeeping as
  :meth:`atout.game.State.apply` (the snapshot for undo, the action's code in the history, the
  version) and the same change as the game's ``_check`` and ``_change``. In Whist (and the mort) the
  lead and the trick's last card too, the trick won included, but not the hand's last card; in
  Sizette and Quadrette the cards after the lead and before the trick's last, when a card is due;
- ``moves``: the cards the hand to play may play there, listed once per version of the state, as
  the game's own ``moves`` lists and keeps them.

Everything else — in Sizette and Quadrette the lead after the captain's word and the trick's last
card; the hand's last card; a card refused; any other action; table-law mode; a subclass of the
state — goes to the game's Python methods, which stay the reference and are what runs when the
extension is not built or ``ATOUT_PURE_PYTHON=1`` is set. The tests play random parties of every
option set both ways, a thousand and more in all, and compare every position, history, list of
moves and refusal (``tests/test_card_play.py``).

Each kind names the fields its C code reads and writes, in the order ``atout/_speedups.c`` reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.actions import Action
from atout.cards import CARDS
from atout.compiled import speedups
from atout.game import ANCHOR_MASK, State
from atout.history import CARD_BYTES, CARD_CODE

_COMMON = ("_codes", "_ring", "version", "to_move", "hands", "trick", "played")
APPLY_FIELDS = {
    "whist": (*_COMMON, "place", "phase", "ncards", "_slow", "table", "leader", "tricks_won", "trick_log", "_log"),
    "parlante": (*_COMMON, "player", "mode", "table_law", "follow_rule", "led", "n"),
}
"""The fields ``apply`` reads and writes: Whist's (the mort's too) and those of the games à la
parlante (Sizette, Quadrette)."""
MOVES_FIELDS = {
    "whist": ("version", "_mkey", "_moves", "hands", "place", "trick", "phase"),
    "parlante": ("version", "_ckey", "_cards", "hands", "player", "trick", "mode", "follow_rule", "led", "_mask"),
}
"""The fields ``moves`` reads, and the cache it writes (the key, the cards, Sizette's mask)."""


def install(cls: type[State], kind: str, apply_consts: tuple[object, ...], moves_consts: tuple[object, ...]) -> bool:
    """Give ``cls`` the compiled ``apply`` and ``moves`` of ``kind`` (the constants each reads: see
    ``atout/_speedups.c``); ``False`` when the extension is not built, ``cls`` keeping its own."""
    if speedups is None:
        return False
    moves: Callable[[State], Sequence[Action]] = cls.moves
    apply = speedups.CardPlay(kind, speedups.Slots(cls, APPLY_FIELDS[kind]), cls._snap, State.apply, CARD_BYTES,
                              CARD_CODE, ANCHOR_MASK, apply_consts)
    listing = speedups.CardPlay(f"{kind} moves", speedups.Slots(cls, MOVES_FIELDS[kind]), cls._snap, moves, (), (),
                                0, (moves_consts[0], CARDS, *moves_consts[1:]))
    setattr(cls, "apply", apply)     # noqa: B010 - methods the type checker knows as State's
    setattr(cls, "moves", listing)   # noqa: B010
    return True

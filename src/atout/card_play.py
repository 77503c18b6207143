"""The compiled fast path of the commonest decisions of the trick games: which card to play, and
playing it; in Sizette and Quadrette, the captain's command of the lead too.

In random play, search and the online table, most actions of Whist, Sizette, Quadrette, Piquet and
Bésigue are cards played when a card is due. :func:`install` gives such a game's state class two methods of
:class:`atout._speedups.CardPlay`:

- ``apply``: such an action checked and played in one C call, with the same bookkeeping as
  :meth:`atout.game.State.apply` (the snapshot for undo, the action's code in the history, the
  version) and the same change as the game's ``_check`` and ``_change``:

  - Whist (and the mort): the lead (once the mort is exposed), the cards that follow, and the
    trick's last card, the trick won included; not the hand's last card;
  - Sizette and Quadrette: a card when a card is due, or played straight from window C1 or C2 when it
    is one of the moves just listed — a lead (the opening lead with window C2 opened), the cards that follow, and the trick's last card with the trick won and window C3
    opened when the hand plays on, the vole handed to a captain to decide, or the hand won (outright,
    or by the vole made or failed) scored, then the next hand's cut due or the partie over; not a null
    hand —, the captain's command in windows C1 and C3, obeyed or answered « pas de carte », the
    cut, the captain's decision on the vole and his ``close`` of window C2, when each is one of the
    moves just listed, and the deal ``sample_chance`` made for the position;
  - Piquet: the leads after the first trick and the cards that follow, the trick won included; not
    the first lead (the elder may name his suit) nor the twelfth trick's last card (the deal is scored);
    in the exchange, a card put aside while the seat may put more (not under a carte blanche); and in the
    dialogue, a move of those just listed after which it goes on (not the one that ends it: the
    declarations are scored);
  - Bésigue: any card of the hand while the talon is on the table, and in the last tricks a card of the
    moves just listed (following and heading the trick), the trick won included; not a trick in the play
    where a seven of trumps falls (it scores), nor the hand's last trick (the hand is counted); and the
    winner's pass after his declarations, the seats drawing from the talon, but for the draw that takes
    its last card (the last tricks begin);
- ``moves``: what the seat to move may choose from there (the cards, following suit or obeying the
  captain's command; in window C3, and in C1 when he does not lead, the captain's commands when the list
  kept was made of the cards he cannot see now, and in C2 his ``close`` when he is not to play; in Bésigue's play, every card of the hand; in Piquet's exchange, with no carte
  blanche shown nor to show, the cards he may put aside then the takes; in its dialogue, the
  declarations, and the answers before a tie-break is told), listed once per version of the state, as
  the game's own ``moves`` lists and keeps them.

Everything else — the first lead (but Sizette's and Quadrette's when a card is due), the hand's last card (but
Sizette's and Quadrette's above), the speech windows C0–C2, a deal given from outside, Piquet's
carte blanche, the takes of its exchange, the end of its dialogue, its tie-breaks and other holdings listed, showing,
Bésigue's declarations, a card or a command refused, any other action,
table-law mode, a subclass of the state — goes to the game's Python methods (through
:data:`atout.game.base_apply`, :meth:`~atout.game.State.apply` compiled), which stay the reference and are what runs when the
extension is not built or ``ATOUT_PURE_PYTHON=1`` is set. The tests play random parties of every option set both ways, a
thousand and more in all, and compare every position, history, list of moves and refusal
(``tests/test_card_play.py``).

Bésigue's card sets run over 212 card ids (four packs and the jokers); the C code reads them as four
64-bit words (up to 256 cards).

Each kind names the fields its C code reads and writes, in the order ``atout/_speedups.c`` reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.actions import Action
from atout.cards import ALL_CARDS
from atout.compiled import speedups
from atout.game import ANCHOR_MASK, State, base_apply
from atout.history import CARD_BYTES, CARD_CODE

_COMMON = ("_codes", "_ring", "version", "to_move", "hands", "trick", "played")
APPLY_FIELDS = {
    "whist": (*_COMMON, "place", "phase", "ncards", "_slow", "table", "leader", "tricks_won", "trick_log", "_log"),
    "parlante": (*_COMMON, "player", "mode", "table_law", "follow_rule", "led", "n", "trick_no", "command", "_ckey",
                 "_mask", "leader", "done_tricks", "tricks_won", "vole_team", "rules", "side_of", "captains", "keys",
                 "failed_commands", "window", "window_team", "remarks", "_log", "pending", "_mkey", "_mseat", "_moves",
                 "talk", "dealer", "phase", "_slow", "turned", "trump", "_sampled", "_anchors", "_outcome", "claims"),
    "piquet": ("_codes", "_ring", "version", "to_move", "hands", "phase", "pending", "lead_card", "leader", "tricks",
               "named_suit", "elder", "younger", "_log", "discards", "ndisc", "cb_seat", "tpos", "listed_at", "listed",
               "step", "step_cls", "stmt", "told", "answers", "ydecl", "extras", "said"),
    "besigue": (*_COMMON, "phase", "n", "tabled", "trick_mask", "leader", "trump", "rules", "brisques", "last_trick",
                "declared", "_mkey", "_moves", "_log", "talon", "talon_pos", "ended"),
}
"""The fields ``apply`` reads and writes: Whist's (the mort's too), those of the games à la parlante
(Sizette, Quadrette), Piquet's and Bésigue's."""
MOVES_FIELDS = {
    "whist": ("version", "_mkey", "_moves", "hands", "place", "trick", "phase"),
    "parlante": ("version", "_ckey", "_cards", "hands", "player", "trick", "mode", "follow_rule", "led", "_mask",
                 "command", "leader", "strength", "to_move", "window", "pending", "_mkey", "_mseat", "_moves", "side_of",
                 "window_team", "captains", "rules", "played", "_slow", "command_list"),
    "piquet": ("version", "listed_at", "listed", "hands", "to_move", "phase", "pending", "lead_card", "tricks",
               "named_suit", "ndisc", "cb_seat", "tpos", "elder", "rules", "step", "step_cls", "stmt", "answers", "calls"),
    "besigue": ("version", "_mkey", "_moves", "hands", "to_move", "phase"),
}
"""The fields ``moves`` reads, and the caches it writes (the key and the cards; Sizette's mask, and its
window's moves with their key and seat)."""


INSTALLED: dict[type[State], str] = {}
"""The state classes given the compiled methods, and the kind of each (what the tests read)."""


def install(cls: type[State], kind: str, apply_consts: tuple[object, ...], moves_consts: tuple[object, ...]) -> bool:
    """Give ``cls`` the compiled ``apply`` and ``moves`` of ``kind`` (the constants each reads: see
    ``atout/_speedups.c``); ``False`` when the extension is not built, ``cls`` keeping its own."""
    if speedups is None:
        return False
    moves: Callable[[State], Sequence[Action]] = cls.moves
    apply = speedups.CardPlay(kind, speedups.Slots(cls, APPLY_FIELDS[kind]), cls._snap, base_apply, CARD_BYTES,
                              CARD_CODE, ANCHOR_MASK, apply_consts)
    listing = speedups.CardPlay(f"{kind} moves", speedups.Slots(cls, MOVES_FIELDS[kind]), cls._snap, moves, (), (),
                                0, (moves_consts[0], ALL_CARDS, *moves_consts[1:]))
    setattr(cls, "apply", apply)     # noqa: B010 - methods the type checker knows as State's
    setattr(cls, "moves", listing)   # noqa: B010
    INSTALLED[cls] = kind
    return True

"""Whose turn it is and what each seat may do: the listing of a seat's actions and the check of
an action given, one rule for both (an action is accepted exactly when it is listed; cards are
checked in :mod:`~atout.games.sizette.play`), and the refusal that says why.

- :func:`moves`: what the seat to move must choose from (the engine's fast path).
- :func:`legal_actions`: everything a seat may do now, of every kind: its decisions, then talk,
  claims, table actions.
- :func:`check_other`: check an action other than a card (:data:`HANDLERS` makes its change).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any

from atout.actions import Action
from atout.cards import SUIT_MASK
from atout.chance import Deal, Draw
from atout.errors import InvalidActionError
from atout.game import CHANCE
from atout.games.sizette import deal as dealing
from atout.games.sizette import table_law, windows
from atout.games.sizette.actions import (
    ABANDON,
    VOLE_GO_ON,
    VOLE_STOP,
    Abandon,
    Accept,
    Answer,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Dispute,
    NewCaptain,
    Penalty,
    Remark,
    Say,
)
from atout.games.sizette.actions import Action as SizetteAction
from atout.games.sizette.follow import _LISTS, card_list, card_mask, joined_list
from atout.games.sizette.phases import (
    C1,
    C2,
    CAPTAINS,
    CARD_DUE,
    CHOOSE_DEALER,
    CUT,
    DEAL,
    DRAW,
    OVER,
    PLAY,
    VOLE,
)
from atout.games.sizette.refusals import MESSAGES, refuse
from atout.games.sizette.rules import MAX_CAPTAIN_CHANGES
from atout.refusals import seat_refusal
from atout.tricks import FOLLOW_SUIT

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

HANDLERS: dict[type, Callable[[SizetteState, Any, int], None]] = {}  # Any: each takes the type of its key
"""Each action type (but cards) to its transition, which takes an action of that type; filled by
:mod:`~atout.games.sizette.state`."""
ABANDON_ONLY = (ABANDON,)
TALK_WINDOWS = (C1, C2)
"""The windows of the play where a side talks (:func:`~atout.games.sizette.windows.talk_actions`). Out of them and
out of the cut (table-law mode aside), the seat to move may do only what :func:`moves` lists, or abandon: the
compiled observation lists that case itself (``atout/_speedups.c``, ``sizette_moves_legal``)."""
_VOLE_CHOICES = (VOLE_GO_ON, VOLE_STOP)
_CAPTAIN = [Captain(s) for s in range(10)]
_CHOOSE_DEALER = [ChooseDealer(s) for s in range(10)]


def moves(st: SizetteState) -> tuple[SizetteAction, ...]:
    """What the seat to move must choose from (cards, a command, an answer, the cut…): exactly
    the decisions of that seat, in a fixed order; optional talk, claims and table actions are
    in :meth:`legal_actions`. ``()`` at chance and at the end."""
    if st.mode == CARD_DUE:   # cached for this version of the state
        version = st.version
        if st._ckey == version:
            return st._cards
        if st.trick and st.follow_rule is FOLLOW_SUIT:   # follow_suit_mask inlined: no jokers in these packs
            hand = st.hands[st.player]
            mask = hand & SUIT_MASK[st.led] or hand  # type: ignore[index]  # led is set while a trick is played
        else:
            mask = card_mask(st, st.player)
        cards = _LISTS.get(mask)   # one suit (following): one lookup
        if cards is None:
            cards = joined_list(mask)
        st._mask = mask
        st._cards = cards
        st._ckey = version
        return cards
    version = st.version
    seat = st.to_move
    if seat < 0:
        return ()
    if st._mkey != version:
        st._moves = windows.window_moves(st, seat) if st.phase == PLAY else decisions(st, seat)
        st._mkey = version
        st._mseat = seat
    return st._moves

def decisions(st: SizetteState, seat: int) -> tuple[SizetteAction, ...]:
    """The decisions open to ``seat`` now (whether or not he is the seat to move)."""
    if st.mode == CARD_DUE:
        return card_list(card_mask(st, seat)) if seat == st.player else ()
    phase = st.phase
    if phase == PLAY:
        return windows.window_moves(st, seat)
    if seat != st.to_move:
        return ()
    if phase == CUT:
        return st.rules.cuts
    if phase == CAPTAINS:
        return tuple(_CAPTAIN[s] for s in st.rules.members[st.captain_queue[0]])
    if phase == VOLE:
        return _VOLE_CHOICES
    if phase == CHOOSE_DEALER:
        return tuple(_CHOOSE_DEALER[s] for s in st.rules.members[1 - st.side_of[seat]])
    return ()

def legal_actions(st: SizetteState, seat: int | None = None) -> tuple[SizetteAction, ...]:
    """Everything ``seat`` (default: the seat to move) may do now: its decisions (as in
    :meth:`moves`), then optional talk (questions, true statements, the remark marker
    ``Remark("")``: any remark may then be made), claims (table-law mode), and table actions
    (a captain change in C0, abandon)."""
    if st.mode == CARD_DUE and (seat is None or seat == st.player) and not st.table_law:
        return st.moves() + ABANDON_ONLY   # the usual case: his cards (kept by moves(), compiled), or abandon
    if seat is None:
        seat = st.to_move
    phase = st.phase
    if not 0 <= seat < st.n or phase == OVER:
        return ()
    if seat == st.to_move and phase != CUT and not st.table_law and (phase != PLAY or st.window not in TALK_WINDOWS):
        return st.moves() + ABANDON_ONLY   # nothing else open: his decisions (a command in C3, the vole…), or abandon
    if phase == CUT and not st.table_law:
        return cut_actions(decisions(st, seat), windows.captain_changes(st, seat))
    key = st.version << 4 | seat
    if st._lkey == key:
        return st._legal
    mine = st.moves() if seat == st.to_move else decisions(st, seat)
    # out of table-law mode and of the cut (above), a seat has no claim and no captain change open
    after = table_law.claims(st, seat) + windows.captain_changes(st, seat) + ABANDON_ONLY if st.table_law else ABANDON_ONLY
    out = windows.talk_actions(st, seat, mine, after)
    st._lkey = key
    st._legal = out
    return out

def cut_actions(mine: tuple[SizetteAction, ...], changes: tuple[NewCaptain, ...]) -> tuple[SizetteAction, ...]:
    """What a seat may do in the cut out of table-law mode: its cuts when it is to cut (``mine``), a new
    captain for its side (``changes``: :func:`~atout.games.sizette.windows.captain_changes`), abandon. One
    tuple per pair, kept, as the pair is (a table's cuts, a side's changes): the same listing from one deal
    to the next, whose JSON is kept with it."""
    kept = _CUT_ACTIONS.get((id(mine), id(changes)))
    if kept is not None and kept[0] is mine and kept[1] is changes:
        return kept[2]
    made = mine + changes + ABANDON_ONLY
    if len(_CUT_ACTIONS) >= 256:
        _CUT_ACTIONS.clear()
    _CUT_ACTIONS[id(mine), id(changes)] = (mine, changes, made)   # the pair held: its ids stay its own
    return made


_CUT_ACTIONS: dict[tuple[int, int], tuple[tuple[SizetteAction, ...], tuple[NewCaptain, ...], tuple[SizetteAction, ...]]] = {}


def check_other(st: SizetteState, action: Action, seat: int) -> None:
    """Check an action that is not a card (see :func:`~atout.games.sizette.play.check_card`): the
    deal :meth:`sample_chance` made for this very position, or one of the moves just listed for it
    (the same objects), pass at once."""
    if seat == CHANCE and st.phase == DEAL and st._sampled_here(action):
        return
    if st._mkey == st.version and seat == st._mseat and (
            type(action) is Command and windows.is_listed_command(st, action)
            or any(map(is_, st._moves, repeat(action)))):
        return
    check(st, action, seat)


def check(st: SizetteState, action: Action, seat: int) -> None:
    if type(action) is Draw or type(action) is Deal:
        check_chance(st, action, seat)
        return
    kind = type(action)
    if isinstance(action, str):
        raise InvalidActionError.of(MESSAGES, "not_an_action", action=action)
    if st.phase == OVER:
        raise refuse("over")
    if not 0 <= seat < st.n:
        raise seat_refusal(seat)
    if kind not in HANDLERS:
        raise InvalidActionError(f"{action!r} is not an action of {st.game.name}")
    listed = legal_actions(st, seat)
    if kind is Remark and windows.REMARK_MARKER in listed:
        return
    if any(map(is_, listed, repeat(action))) or action in listed:
        return
    code, params = why_refused(st, action, seat)
    raise refuse(code, **params)

def why_refused(st: SizetteState, action: Action, seat: int) -> tuple[str, dict[str, object]]:
    """Why ``seat`` may not make ``action`` now."""
    kind = type(action)
    if kind is Abandon:
        return "over", {}
    if isinstance(action, (ClaimRevoke, Penalty, Accept, Dispute)):
        return table_law.why_refused(st, seat, action)
    if kind is NewCaptain:
        if st.captain_changes[st.side_of[seat]] >= MAX_CAPTAIN_CHANGES:
            return "captain_changes_used", {"limit": MAX_CAPTAIN_CHANGES}
        return "not_possible_now", {"action": action}
    if kind in (Ask, Say, Command, Close, Remark, Answer):
        return windows.why_refused(st, seat, action)
    mover = st.to_move
    if seat != mover:
        return ("chance_to_act", {}) if mover == CHANCE else ("not_your_turn", {"seat": mover})
    return "not_allowed_phase", {"action": action, "phase": st.phase_name}

def check_chance(st: SizetteState, action: Draw | Deal, seat: int) -> None:
    if seat != CHANCE:
        raise refuse("chance_step", word=str(action).split()[0], seat=seat)
    if type(action) is Draw:
        if st.phase != DRAW:
            raise refuse("no_draw_due")
        dealing.check_draw(st.rules, st.drawers, action)
        return
    if st.phase != DEAL:
        raise refuse("no_deal_due")
    assert type(action) is Deal
    dealing.check_deal(st.rules, st.dealer, action)


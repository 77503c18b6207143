"""Card play on the shared trick machine (:mod:`atout.tricks`): checking a card a seat plays, and
playing it — the hot path of the engine (the base :meth:`~atout.game.State.apply` calls both).

Which cards a seat may play is :func:`atout.games.sizette.follow.card_mask`, the one rule that
listing the moves and checking a card both call. A trick ends with the winner by the shared
machine's keys; the hand's fate after it is :func:`atout.games.sizette.scoring.after_trick`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import BIT, SUIT_INDEX, SUIT_MASK, Card, CardSet
from atout.errors import ActionError
from atout.events import TrickWon
from atout.games.sizette import scoring, table_law, windows
from atout.games.sizette.events import TrickRecord
from atout.games.sizette.follow import card_mask
from atout.games.sizette.phases import C1, C3, CARD_DUE, NO_WINDOW, OTHER, OVER, PLAY, VOLE
from atout.games.sizette.refusals import refuse
from atout.refusals import seat_refusal
from atout.tricks import fast_trick_winner

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

_new_tuple = tuple.__new__
TRICK_WON = tuple(TrickWon(n) for n in range(16))
"""The event of trick number n won, by n (one object each)."""


def check_card(st: SizetteState, card: Card, seat: int) -> None:
    """Refuse ``card`` unless ``seat`` may play it now: the card due from the player to play (the
    mask of :func:`~atout.games.sizette.follow.card_mask`, kept by ``moves()``), or a card played
    straight from a speech window (C1 captain, C2)."""
    if st.mode == CARD_DUE:
        mover = st.player
        if seat != mover:
            raise refuse("card_out_of_turn", seat=seat, player=mover)
        mask = st._mask if st._ckey == st.version else card_mask(st, mover)
        if not mask >> card & 1:
            raise card_refusal(st, mover, card)
    elif not windows.may_play_from_window(st, seat, card):
        raise card_refusal(st, seat, card)


def play_card(st: SizetteState, card: Card, mover: int) -> None:
    """Play ``card`` for ``mover`` (checked): the hot path of the engine; :attr:`to_move` kept."""
    if st.mode != CARD_DUE:   # played straight from a speech window: it closes
        st.window = NO_WINDOW
        st.mode = CARD_DUE
    hands = st.hands
    hand = hands[mover]
    trick = st.trick
    if trick and st.table_law:
        table_law.note_card(st, mover, hand, card)
    bit = BIT[card]
    st.hands = (*hands[:mover], hand ^ bit, *hands[mover + 1:])
    st.played |= bit
    st.trick = trick = (*trick, card)
    k = len(trick)
    n = st.n
    if k == 1:
        st.led = SUIT_INDEX[card]
        st.command = None
        if not st.trick_no:          # the opening lead opens window C2 for the other side
            st.player = mover + 1 if mover + 1 < n else 0
            windows.open_c2(st, mover)
            st._turn()
            return
    if k < n:
        st.to_move = st.player = mover + 1 if mover + 1 < n else 0
        return
    _end_trick(st, trick)


def _end_trick(st: SizetteState, trick: tuple[Card, ...]) -> None:
    """Who won the trick, and what follows: the next lead (its window, or the card due), the
    vole decision, or the hand's end; :attr:`to_move` kept."""
    leader = st.leader
    winner = (leader + fast_trick_winner(trick, st.keys[SUIT_INDEX[trick[0]]])) % st.n
    st.done_tricks = st.done_tricks + (_new_tuple(TrickRecord, (leader, trick, winner)),)
    st.trick = ()
    st.led = None
    st.trick_no = trick_no = st.trick_no + 1
    st.announce(winner, TRICK_WON[trick_no])
    side = st.side_of[winner]
    won = st.tricks_won
    st.tricks_won = won = (won[0] + 1, won[1]) if side == 0 else (won[0], won[1] + 1)
    st.leader = st.player = winner
    rules = st.rules
    if rules.play_out:
        st.first_to_win = scoring.first_to_reach(rules, won, side, st.first_to_win)
    verdict = scoring.after_trick(rules, won, side, trick_no, st.vole_team, st.first_to_win)
    if verdict is None:
        windows.open_lead_window(st, C3)   # sets mode and to_move
    elif verdict is scoring.VOLE_DECISION:
        st.first_to_win = side
        st.phase = VOLE
        st.mode = OTHER
        st.to_move = st.captains[side]
    else:
        st.end_hand(*verdict)
        st._turn()


def card_refusal(st: SizetteState, seat: int, card: Card) -> ActionError:
    """The refusal of a card ``seat`` may not play now."""
    if not 0 <= seat < st.n and st.phase != OVER:
        return seat_refusal(seat)
    code, params = _why_refused(st, seat, card)
    return refuse(code, **params)


def _why_refused(st: SizetteState, seat: int, card: Card) -> tuple[str, dict[str, object]]:
    if st.phase == OVER:
        return "over", {}
    if st.phase != PLAY:
        return "card_not_now", {"phase": st.phase_name}
    if seat != st.player:
        return "not_your_turn_play", {"player": st.player}
    if st.window != NO_WINDOW and st.pending is not None:
        if seat == st.pending[1]:
            return windows.pending_refusal(st, seat, card)
        return "wait_answer", {"seat": st.pending[1], "question": st.pending[2]}
    if st.window in (C1, C3) and st.player != st.captains[st.window_team]:
        return "wait_command", {"window": st.window_name, "captain": st.captains[st.window_team]}
    if not st.hands[seat] >> card & 1:
        return "not_held", {"seat": seat, "card": card}
    if st.command is not None and seat == st.leader and not st.trick:
        return "must_obey", {"command": st.command}
    if st.led is not None:
        held = st.hands[seat] & SUIT_MASK[st.led]
        return "must_follow", {"suit": "♠♥♦♣"[st.led], "seat": seat, "cards": CardSet(held)}
    return "card_not_allowed", {"card": card}


"""Table-law mode (docs/rules/decisions.md#legal-play, #table-penalties; the Encyclopédie (1765)): revokes, and the penalties
of a real table — claimed by the side wronged, when the fault could have happened, charged when
the side at fault accepts, and otherwise settled when the hand ends by what the engine saw.

- **Revoke** (P6). A card that does not follow suit while its player could is noted here (the one
  place that knows what a revoke is). ``claim revoke`` is offered to a seat once an opponent has
  played a card off the suit led in this hand (public), again after each further card; the engine
  judges it at once: groundless, it is recorded (:class:`~atout.games.sizette.events.ClaimRejected`);
  founded, play stops and **every side that revoked in the hand loses 2** (the Encyclopédie: « Celui qui
  renonce perd deux jeux »; the fault is each offender's and « ceux du même parti doivent la
  supporter »), once per side however many of its cards revoked. A revoke nobody claimed is
  charged the same way when the hand ends, instead of the hand's score.
- **Penalties** (``penalty FAULT [SEAT]``). The claim is open only to the side wronged and only
  when the fault could have happened: a dealing fault (P3 ``trump_not_turned``, P4 ``misdeal``,
  P5 ``exposed_card``) by the dealer's opponents between the deal and the first card; P2
  ``card_turned`` by anyone then; P1 ``wrong_pack`` by anyone during the hand; P11 ``out_of_turn``
  against an opponent who has not yet played to the trick in progress, once it is led; P12
  ``looked_at_tricks`` against an opponent once the claimant's side has won a trick. Each fault
  may be claimed once per offender and trick. The claim stays open (play goes on) until the captain
  of the side at fault (for P1 and P2, of the other side) answers ``accept`` (the penalty applies
  then: a result entry) or ``dispute``. At most one claim is open against each side.
- **Settling** (:func:`settle_claims`). A disputed claim, like one left unanswered, does not hang
  on the goodwill of the side at fault: it is settled when the hand ends, as a real table settles
  it by examining the tricks, from what the engine saw of the hand. The engine deals every hand
  itself (or checks the deal given), takes every card from the seat due and shows no gathered
  trick, so none of these faults is in its record: the claim is refused
  (:class:`~atout.games.sizette.events.ClaimRefused`) and costs nothing. The one fault that can be
  in it, the revoke, is judged the moment it is claimed.

>>> from atout.games.sizette.actions import Penalty
>>> answerer_side(Penalty("misdeal"), claimant_side=0, dealer_side=1, side_of=(0, 1, 0, 1))
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from atout.cards import ALL_CARDS, SUIT_INDEX, SUIT_MASK
from atout.games.sizette.actions import ACCEPT, CLAIM_REVOKE, DISPUTE, Accept, ClaimRevoke, Dispute, Penalty
from atout.games.sizette.events import CLAIM_REJECTED, ClaimRefused, talk_entry
from atout.games.sizette.phases import PLAY, VOLE
from atout.games.sizette.scoring import charge

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

DEALING_FAULTS = ("trump_not_turned", "misdeal", "exposed_card")   # P3–P5: the dealer's side pays 1
NEUTRAL_FAULTS = ("wrong_pack", "card_turned")                      # P1, P2: nobody pays
SEAT_FAULTS = ("out_of_turn", "looked_at_tricks")                   # P11, P12: the offender's side pays 1
REVOKE_POINTS = 2
PENALTY_POINTS = 1

_new_tuple = tuple.__new__


ANSWERS = (ACCEPT, DISPUTE)
_PENALTIES: dict[tuple[str, int | None], Penalty] = {}


def _penalty(fault: str, seat: int | None = None) -> Penalty:
    found = _PENALTIES.get((fault, seat))
    if found is None:
        found = _PENALTIES[fault, seat] = Penalty(fault, seat)
    return found


# ---------------------------------------------------------------------------------- revokes


def note_card(st: SizetteState, seat: int, hand: int, card: int) -> None:
    """Called for every card played to a trick already led, in table-law mode."""
    led = st.led
    assert led is not None
    if SUIT_INDEX[card] != led:
        st.offsuit |= 1 << st.side_of[seat]        # public: a card off the suit led
        if hand & SUIT_MASK[led]:
            st.revokes = st.revokes + ((seat, st.trick_no + 1, ALL_CARDS[card]),)


def revoke_claimable(st: SizetteState, seat: int) -> bool:
    return (st.offsuit >> (1 - st.side_of[seat]) & 1 == 1
            and st.revoke_claims[seat] != st.played.bit_count())


def on_claim_revoke(st: SizetteState, action: ClaimRevoke, seat: int) -> None:
    side = st.side_of[seat]
    if not any(st.side_of[r[0]] != side for r in st.revokes):
        st.talk = st.talk + (talk_entry(seat, st.trick_no + 1, CLAIM_REJECTED),)
        st.announce(seat, CLAIM_REJECTED)
        claims = list(st.revoke_claims)
        claims[seat] = st.played.bit_count()
        st.revoke_claims = tuple(claims)
        return
    charge_revokes(st)


def charge_revokes(st: SizetteState) -> None:
    """P6: each side that revoked in this hand loses 2; the hand stops; the deal passes on."""
    settle_claims(st)
    scores = st.scores
    charged: list[int] = []
    for seat, _, _ in st.revokes:
        side = st.side_of[seat]
        if side not in charged:
            charged.append(side)
            scores = charge(scores, side, REVOKE_POINTS, st.rules.overflow)
    st.add_result(scores, "revoke")
    st.next_hand_or_end()


# ---------------------------------------------------------------------------------- penalties


def answerer_side(action: Penalty, claimant_side: int, dealer_side: int, side_of: tuple[int, ...]) -> int:
    """The side that accepts or disputes the claim: the side at fault, or the claimant's opponents."""
    if action.fault in DEALING_FAULTS:
        return dealer_side
    if action.fault in SEAT_FAULTS:
        assert action.seat is not None
        return side_of[action.seat]
    return 1 - claimant_side


Claims = tuple[Accept | Dispute | ClaimRevoke | Penalty, ...]
_CLAIMS: dict[tuple[object, ...], Claims] = {}


def claims(st: SizetteState, seat: int) -> Claims:
    """The claims open to ``seat`` now (table-law mode), and its answers to a claim against its side:
    made once for everything they depend on (they change a few times a hand, and every
    observation lists them)."""
    phase = st.phase
    if not st.table_law or phase not in (PLAY, VOLE):
        return ()
    key = (st.rules, seat, phase, st.claims, revoke_claimable(st, seat), st.trick_no, len(st.trick), st.leader,
           st.player, st.tricks_won[st.side_of[seat]] > 0, st.dealer, st.claimed)
    found = _CLAIMS.get(key)
    if found is None:
        if len(_CLAIMS) >= 20_000:
            _CLAIMS.clear()
        found = _CLAIMS[key] = _claims(st, seat)
    return found


def _claims(st: SizetteState, seat: int) -> Claims:
    phase = st.phase
    out: list[Accept | Dispute | ClaimRevoke | Penalty] = []
    side = st.side_of[seat]
    mine = st.claims[side]
    if mine is not None and mine[2] == seat:
        out.extend(ANSWERS)
    if revoke_claimable(st, seat):
        out.append(CLAIM_REVOKE)
    opponents = st.rules.members[1 - side]
    open_against = [c is not None for c in st.claims]
    before_first_card = phase == PLAY and st.trick_no == 0 and not st.trick
    candidates: list[Penalty] = []
    if before_first_card:
        if st.side_of[st.dealer] != side:
            candidates.extend(_penalty(f) for f in DEALING_FAULTS)
        candidates.append(_penalty("card_turned"))
    candidates.append(_penalty("wrong_pack"))
    if phase == PLAY and st.trick:
        played = [(st.leader + i) % st.n for i in range(len(st.trick))]
        candidates.extend(_penalty("out_of_turn", s) for s in opponents if s not in played and s != st.player)
    if st.tricks_won[side]:
        candidates.extend(_penalty("looked_at_tricks", s) for s in opponents)
    claimed = st.claimed
    for a in candidates:
        if (a.fault, a.seat, st.trick_no) not in claimed and not open_against[_against(st, a, side)]:
            out.append(a)
    return tuple(out)


def _against(st: SizetteState, action: Penalty, claimant_side: int) -> int:
    return answerer_side(action, claimant_side, st.side_of[st.dealer], st.side_of)


def on_penalty(st: SizetteState, action: Penalty, seat: int) -> None:
    """A penalty claimed: it is open until the captain of the side at fault answers it (or the
    hand ends); play does not wait."""
    side = _against(st, action, st.side_of[seat])
    open_claims = list(st.claims)
    open_claims[side] = (seat, action, st.captains[side])
    st.claims = tuple(open_claims)
    st.claimed = st.claimed | {(action.fault, action.seat, st.trick_no)}
    st.talk = st.talk + (talk_entry(seat, st.trick_no + 1, action),)


def on_answer(st: SizetteState, action: Accept | Dispute, seat: int) -> None:
    """``accept``: the penalty applies now; ``dispute``: the claim waits for the end of the hand,
    where :func:`settle_claims` settles it."""
    side = st.side_of[seat]
    claim = st.claims[side]
    assert claim is not None
    open_claims = list(st.claims)
    open_claims[side] = None
    st.claims = tuple(open_claims)
    st.talk = st.talk + (talk_entry(seat, st.trick_no + 1, action),)
    if action == ACCEPT:
        _apply(st, claim[1])
    else:
        st.disputed = st.disputed + (claim,)


def settle_claims(st: SizetteState) -> None:
    """The hand ends: every claim disputed, or still unanswered, is settled by what the engine saw
    of the hand (module doc): the fault is not in its record, so each is refused, in the order
    claimed, with no penalty; the claimant's talk entry says so."""
    waiting = st.disputed + tuple(c for c in st.claims if c is not None)
    if not waiting:
        return
    st.claims = (None, None)
    st.disputed = ()
    trick = st.trick_no + 1 if st.trick or not st.trick_no else st.trick_no   # the last trick, once over
    for claimant, penalty, _ in sorted(waiting, key=_claim_order(st)):
        event = ClaimRefused(penalty.fault, penalty.seat)
        st.talk = st.talk + (talk_entry(claimant, trick, event),)
        st.announce(claimant, event)


def _claim_order(st: SizetteState) -> Callable[[tuple[int, Penalty, int]], int]:
    """The place of a claim in the hand's talk (the order the claims were made)."""
    said = {(e.seat, e.action): i for i, e in enumerate(st.talk) if type(e.action) is Penalty}
    return lambda claim: said.get((claim[0], claim[1]), len(said))


def _apply(st: SizetteState, penalty: Penalty) -> None:
    fault, overflow = penalty.fault, st.rules.overflow
    if fault in SEAT_FAULTS:
        assert penalty.seat is not None
        st.add_result(charge(st.scores, st.side_of[penalty.seat], PENALTY_POINTS, overflow), "penalty", fault)
        st.end_if_won()
        return
    settle_claims(st)   # the hand is void: the other claims are settled now
    scores = st.scores
    if fault in DEALING_FAULTS:
        scores = charge(scores, st.side_of[st.dealer], PENALTY_POINTS, overflow)
    st.add_result(scores, "redeal", fault)
    if not st.end_if_won():
        st.redeal()


def why_refused(st: SizetteState, seat: int, action: ClaimRevoke | Penalty | Accept | Dispute
                ) -> tuple[str, dict[str, object]]:
    """Why ``seat`` may not make this claim (or answer) now."""
    if not st.table_law:
        return "table_law_only", {"action": action}
    side = st.side_of[seat]
    if isinstance(action, (Accept, Dispute)):
        claim = st.claims[side]
        return ("no_claim", {}) if claim is None else ("claim_answered_by", {"seat": claim[2]})
    if st.phase not in (PLAY, VOLE):
        return "not_possible_now", {"action": action}
    if isinstance(action, ClaimRevoke):
        if st.offsuit >> (1 - side) & 1:
            return "revoke_claim_now", {}
        return "not_possible_now", {"action": action}
    fault, offender = action.fault, action.seat
    if fault in SEAT_FAULTS:
        if offender is None or not 0 <= offender < st.n:
            return "not_possible_now", {"action": action}
        if st.side_of[offender] == side:
            return "claim_not_yours", {"action": action}
    elif fault in DEALING_FAULTS and st.side_of[st.dealer] == side:
        return "claim_not_yours", {"action": action}
    if (fault, offender, st.trick_no) in st.claimed:
        return "claimed_already", {"action": action}
    against = st.claims[_against(st, action, side)]
    if against is not None:
        return "claim_pending", {"seat": against[2]}
    return "claim_not_now", {"action": action}


__all__ = ["ANSWERS", "charge_revokes", "claims", "note_card", "settle_claims"]

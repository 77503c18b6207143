"""The exchange (écart) and the carte blanche, step by step.

- The **elder** discards one card at a time, one to five (``discard 7S``), then takes as many from
  the top of the talon (``take``); if he took fewer than five he may look at the rest of his five
  (``take look``): they stay on the talon, and the younger takes them first.
- The **younger** discards up to what remains (at least ``younger_min_exchange``: 1, or 0), then
  takes. The cards he leaves: by the default law he may look at them (``take look``), and then the
  elder may see them too after naming the suit he will lead; by option he may turn them face up
  for both (``take expose``), or nobody sees them.
- A **carte blanche** (a hand as dealt without king, queen or jack) is announced before one's own
  exchange. The elder announces it with the number of cards he will take (``carte blanche 3``);
  the younger then discards (without taking in), the elder's twelve cards are shown, the elder
  makes his exchange, and the younger takes in. The younger announces his after the elder has
  exchanged, before his own: his twelve cards are shown, then he exchanges.

Each player may look at his own discard; the opponent sees only how many cards went.
Sources: Cavendish, *The Laws of Piquet* (1882); *Le Piquet* (loisirs.savoir.fr) for the carte
blanche (docs/rules/decisions.md#piquet-exchange, #piquet-carte-blanche, #piquet-left-cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, overload

from atout.actions import Action
from atout.cards import Card, CardSet
from atout.games.piquet.actions import (
    CARTES_BLANCHES,
    DISCARD_PATTERNS,
    TAKES,
    CarteBlanche,
    Discard,
    ExchangeMove,
    Take,
)
from atout.games.piquet.deal import ELDER_SHARE, TALON_SIZE
from atout.games.piquet.events import BlancheShown, Seen, Taken
from atout.games.piquet.holdings import SHIFT, is_carte_blanche
from atout.games.piquet.phases import BLANCHE_DISCARD, EXCHANGE_ELDER, EXCHANGE_YOUNGER
from atout.games.piquet.refusals import refuse

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState

T = TypeVar("T")


@overload
def put(values: tuple[T, T], index: int, value: T) -> tuple[T, T]: ...


@overload
def put(values: tuple[T, T, T], index: int, value: T) -> tuple[T, T, T]: ...


@overload
def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]: ...


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the one at ``index`` replaced (a position's fields are never changed in place).

    >>> put((1, 2), 0, 5), put((1, 2, 3), 2, 0)
    ((5, 2), (1, 2, 0))
    """
    if len(values) == 2:
        return (value, values[1]) if index == 0 else (values[0], value)
    return (*values[:index], value, *values[index + 1:])


def _talon_bits(cards: tuple[Card, ...]) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def _limits(st: PiquetState, seat: int) -> tuple[int, int, bool]:
    """(fewest, most) cards ``seat`` may discard now, and whether he must discard exactly the most."""
    if st.phase == EXCHANGE_ELDER:
        if st.cb_seat == seat:
            return st.cb_count, st.cb_count, True
        return 1, ELDER_SHARE, False
    if st.phase == BLANCHE_DISCARD:
        return st.rules.younger_min, TALON_SIZE - st.cb_count, False
    return st.rules.younger_min, TALON_SIZE - st.tpos, False


def _see_modes(st: PiquetState, seat: int, count: int) -> tuple[str, ...]:
    """How ``seat`` may take after discarding ``count`` cards: plain, or looking / exposing."""
    if seat == st.elder:
        return ("", "look") if count < ELDER_SHARE else ("",)
    remaining = TALON_SIZE - (st.cb_count if st.phase == BLANCHE_DISCARD else st.tpos)
    mode = st.rules.left_cards
    if remaining - count > 0 and mode != "hidden":
        return ("", mode)
    return ("",)


def exchange_moves(st: PiquetState, seat: int) -> tuple[ExchangeMove, ...]:
    """Everything ``seat`` (the one to exchange) may do now."""
    count = st.ndisc[seat]
    least, most, exact = _limits(st, seat)
    out: list[ExchangeMove] = []
    if count == 0 and st.cb_seat < 0 and is_carte_blanche(st.hands[seat]) and st.phase != BLANCHE_DISCARD:
        out.extend(CARTES_BLANCHES[1:] if seat == st.elder else CARTES_BLANCHES[:1])
    if count < most:
        hand = st.hands[seat]
        s0, s1, s2, s3 = SHIFT
        d0, d1, d2, d3 = DISCARD_PATTERNS
        out.extend(d0[hand >> s0 & 255] + d1[hand >> s1 & 255] + d2[hand >> s2 & 255] + d3[hand >> s3 & 255])
    if count >= least and (count == most or not exact):
        out.extend(TAKES[m] for m in _see_modes(st, seat, count))
    return tuple(out)


def check_exchange(st: PiquetState, action: Action, seat: int) -> None:
    """Refuse, with the reason, an exchange step :func:`exchange_moves` does not list (the same
    rule, checked directly for a discard)."""
    least, most, exact = _limits(st, seat)
    if type(action) is Discard:
        if st.ndisc[seat] < most and st.hands[seat] >> action.card & 1:
            return
    elif action in exchange_moves(st, seat):
        return
    if isinstance(action, Discard):
        if not st.hands[seat] >> action.card & 1:
            raise refuse("not_held", card=action.card)
        raise refuse("discard_limit", limit=most)
    if isinstance(action, Take):
        if exact:
            raise refuse("take_exact", count=most)
        if st.ndisc[seat] < least:
            raise refuse("discard_min", least=least)
        if action.see:
            raise refuse("left_rule", mode=action.see)
    if isinstance(action, CarteBlanche):
        raise refuse("not_blanche")
    raise refuse("not_now", action=action, phase=st.phase_name)


def apply_exchange(st: PiquetState, action: ExchangeMove, seat: int) -> None:
    """Apply a listed exchange step; the log tells each seat the cards it took or looked at (the
    other, how many) and everybody the cards exposed or a carte blanche shown."""
    if isinstance(action, Discard):
        bit = 1 << action.card
        st.hands = put(st.hands, seat, st.hands[seat] ^ bit)
        st.discards = put(st.discards, seat, st.discards[seat] | bit)
        st.ndisc = put(st.ndisc, seat, st.ndisc[seat] + 1)
    elif isinstance(action, CarteBlanche):
        st.cb_seat = seat
        st.cb_count = action.count
        if seat == st.elder:
            st.phase = BLANCHE_DISCARD  # the younger discards first; then the elder's hand is shown
            st.to_move = st.younger
        else:
            st.cb_cards = CardSet(st.hands[seat])
            st.announce(seat, BlancheShown(seat, st.cb_cards))
    elif st.phase == BLANCHE_DISCARD:
        st.y_take = action.see
        st.cb_cards = CardSet(st.dealt[st.elder])
        st.announce(st.elder, BlancheShown(st.elder, st.cb_cards))
        st.phase = EXCHANGE_ELDER
        st.to_move = st.elder
    elif seat == st.elder:
        d = st.ndisc[seat]
        taken = _talon_bits(st.talon[:d])
        st.hands = put(st.hands, seat, st.hands[seat] | taken)
        st.tpos = d
        st.announce(seat, Taken(seat, CardSet(taken), taken.bit_count()))
        if action.see:
            st.elder_seen = _talon_bits(st.talon[d:ELDER_SHARE])
            st.announce(seat, Seen(seat, CardSet(st.elder_seen)))
        if st.cb_seat == seat:
            _younger_takes(st, st.y_take or "")
            st.start_declarations()
        else:
            st.phase = EXCHANGE_YOUNGER
            st.to_move = st.younger
    else:
        _younger_takes(st, action.see)
        st.start_declarations()


def _younger_takes(st: PiquetState, see: str) -> None:
    y = st.younger
    d = st.ndisc[y]
    taken = _talon_bits(st.talon[st.tpos:st.tpos + d])
    st.hands = put(st.hands, y, st.hands[y] | taken)
    st.tpos += d
    st.left = _talon_bits(st.talon[st.tpos:])
    st.left_mode = see if st.left else ""
    st.announce(y, Taken(y, CardSet(taken), taken.bit_count()))
    if st.left_mode:
        st.announce(y, Seen(y, CardSet(st.left), st.left_mode))

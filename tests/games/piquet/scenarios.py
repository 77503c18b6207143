"""Scripted Piquet deals for the worked tests: the hands each player holds after a one-card
exchange, and the dialogue and play spoken as text.

:func:`after_exchange` builds a deal in which the elder (seat 0) discards one card and takes the
top card of the talon, the younger (seat 1, the dealer) discards one and takes the next, so that
they then hold exactly the hands given; :func:`say` applies notation lines for the seat to move
(``"1: show me"`` for another seat).
"""

from __future__ import annotations

import json
from typing import Any

from atout.cards import CardSet
from atout.chance import Deal
from atout.game import TERMINAL
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState
from atout.packs import PACK_32

ELDER, YOUNGER = 0, 1


def after_exchange(elder: str, younger: str, options: dict[str, Any] | None = None,
                   setup: dict[str, str] | None = None, exchange: bool = True) -> PiquetState:
    """A deal (seat 1 deals) after which, once each has exchanged one card, the elder holds
    ``elder`` and the younger ``younger``."""
    e, y = CardSet.parse(elder), CardSet.parse(younger)
    assert len(e) == 12 and len(y) == 12 and not e & y, (elder, younger)
    rest = sorted(PACK_32 - e - y)
    e_take, y_take = min(e), min(y)
    e_disc, y_disc, *others = rest
    deal = Deal((e - CardSet.of([e_take]) | CardSet.of([e_disc]), y - CardSet.of([y_take]) | CardSet.of([y_disc])),
                (e_take, y_take, *others))
    state = PiquetGame(options).state_from_deal(deal, setup or {})
    if exchange:
        say(state, f"discard {e_disc}", "take", f"discard {y_disc}", "take")
        assert state.hands == (int(e), int(y))
    return state


def say(state: PiquetState, *lines: str) -> PiquetState:
    """Apply each line (English notation) for the seat to move, or ``"seat: text"``."""
    for line in lines:
        seat: int | None = None
        head, colon, rest = line.partition(":")
        if colon and head.strip().isdigit():
            seat, line = int(head), rest.strip()
        action = state.parse_action(line, "en")
        state.apply(action, seat)
    return state


def play_out(state: PiquetState) -> PiquetState:
    """Finish the deal: each seat plays its first listed card (or the first move)."""
    while state.to_move >= 0 and state.phase_name in ("play", "younger_declares"):
        state.apply(state.moves()[0])
    return state


def last(state: PiquetState) -> Any:
    """The last deal's result."""
    return [r for r in state.results if r.reason == "deal"][-1]


def categories(state: PiquetState, seat: int) -> dict[str, int]:
    """The running category scores of ``seat`` in the deal in progress (or just ended)."""
    data: list[dict[str, int]] = state.observation(seat).to_json()["categories"]  # type: ignore[assignment]
    return {k: v for k, v in data[seat].items() if v}


def views(state: PiquetState) -> dict[int | None, str]:
    """Each viewer's observation JSON as text."""
    return {v: json.dumps(state.observation(v).to_json(), ensure_ascii=False) for v in (0, 1, None)}


def finished(state: PiquetState) -> bool:
    return state.to_move == TERMINAL

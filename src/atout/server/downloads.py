"""Parties as records and as replays: the whole record once a partie is over, before that only
as the asker may know it (``record_view``).

>>> from atout.server.settings import Settings
>>> from atout.server.table import Table, TableConfig
>>> table = Table("t2", TableConfig("quadrette", {"target_points": 1}, ("random",) * 4), Settings(seed=2))
>>> table.record("start", {"partie": 1}).what, table.advance(), table.status
('start', False, 'finished')
>>> text, final = record_text(table, None)
>>> final, text.splitlines()[0]
(True, '[Game "quadrette"]')
>>> steps = replay_json(table, 1, "en")["steps"]
>>> steps[0]["seat"], len(steps) == len(table.state.history), len(steps[-1]["hands"])
(-1, True, 4)
"""

from __future__ import annotations

from typing import Any

from atout.game import CHANCE, State, outcome_json
from atout.record import record_view, write_record
from atout.server.messages import Refusal
from atout.server.table import Table, text_of


def seat_names(table: Table) -> dict[str, str]:
    """The ``SeatN`` tags of a record: each seat's name, or its bot."""
    return {f"Seat{n}": seat.name or seat.bot or "?" for n, seat in enumerate(table.seats)}


def partie_state(table: Table, partie: int) -> State:
    """The state of partie ``partie`` of ``table`` (the live one, or rebuilt from the table's log)."""
    if partie < 1 or partie > table.partie:
        raise Refusal("no_partie", partie=partie)
    if partie == table.partie and table.state is not None:
        state: State = table.state
        return state
    state = table.game.new_state()
    inside = False
    for event in table.events:
        if event.what == "start":
            if inside:
                break
            inside = int(event.payload["partie"]) == partie
        elif inside and event.what == "action":
            seat = int(event.payload["seat"])
            state.apply(state.parse_action(str(event.payload["action"]), "en"), None if seat == CHANCE else seat)
    return state


def record_text(table: Table, viewer: int | None, partie: int | None = None) -> tuple[str, bool]:
    """The record of a partie: the whole of it once it is over (``True``), else ``viewer``'s view."""
    state = partie_state(table, partie or table.partie)
    tags = {**seat_names(table), "Table": table.id, "Date": table.created[:10] or "?"}
    if state.outcome() is not None:
        return write_record(state, tags), True
    return record_view(state, viewer, tags), False


def replay_json(table: Table, partie: int, lang: str) -> dict[str, Any]:
    """A finished partie step by step for the replay viewer: each action, every seat's hand after
    it, and the public view (the spectator's observation without its log)."""
    final = partie_state(table, partie)
    if final.outcome() is None:
        raise Refusal("not_over")
    state = table.game.new_state()
    n = table.game.num_seats
    steps = []
    for seat, action in final.history:
        entry = {"seat": seat, "action": {"code": text_of(state, action, "en"), "text": text_of(state, action, lang),
                                          "kind": str(action.kind)}}
        state.apply(action, None if seat == CHANCE else seat)
        public = state.observation(None).to_json()
        public.pop("log", None)
        hands = []
        for s in range(n):
            hand = state.observation(s).hand
            hands.append([] if hand is None else [str(c) for c in hand])
        steps.append({**entry, "hands": hands, "public": public})
    names = [seat.name or seat.bot or "?" for seat in table.seats]
    text, _ = record_text(table, None, partie)
    return {"game": table.game.name, "options": table.game.options.changed(), "partie": partie, "names": names,
            "outcome": outcome_json(final.outcome()), "record": text, "steps": steps}

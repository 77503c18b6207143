"""Write a partie as a record: tags, then every action of ``state.history``, one per line.

Chance actions are written out in full (``*: deal 0=… turn=…``), so a record never depends on
a seed. The writer adds ``;`` comments before each hand and at the end of each hand, and a
final ``; result`` comment; the reader ignores them.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 1}).new_state()
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     if state.to_move == -1:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.legal_actions()))
>>> text = write_record(state, {"Seat0": "Alice", "Date": "2026-11-21"})
>>> print(text[:text.index("*: draw")])
[Game "quadrette"]
[Options "target_points=1"]
[Seat0 "Alice"]
[Seat1 "?"]
[Seat2 "?"]
[Seat3 "?"]
[Date "2026-11-21"]
[Result "B 0-1 target"]
<BLANKLINE>
; draw for the first dealer
<BLANKLINE>
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from atout.game import CHANCE, Game
from atout.games.sizette.actions import Deal, Draw, Penalty
from atout.record.format import (
    DATE_TAG,
    GAME_TAG,
    OPTIONS_TAG,
    RESULT_TAG,
    START_TAG,
    TEAM_LETTERS,
    UNKNOWN,
    format_move,
    format_result,
    format_start,
    format_tag,
    seat_tag,
)


def result_text(state: Any) -> str:
    """The ``Result`` tag value of ``state``: ``"A 5-3 target"``, or ``"*"`` while unfinished."""
    return format_result(state.winner_team, state.scores, state.end_reason)


def start_of(state: Any) -> tuple[int, tuple[int, int], tuple[int, int]] | None:
    """``(dealer, captains, scores)`` if the partie began from an explicit deal, else ``None``.

    A partie made by ``game.state_from_deal`` has a deal, not a draw, as its first action.
    """
    history = state.history
    if not history or not isinstance(history[0][1], Deal):
        return None
    if state.results:
        first = state.results[0]
        scores = (first.scores[0] - first.points[0], first.scores[1] - first.points[1])
        return first.dealer, first.captains, scores
    return state.dealer, (state.captains[0], state.captains[1]), (state.scores[0], state.scores[1])


def record_tags(state: Any, tags: Mapping[str, str] | None = None) -> dict[str, str]:
    """The tags of a record of ``state``, in the standard order.

    ``Game``, ``Options``, ``Result`` and ``Start`` always come from the state (values given
    for them are replaced); missing ``SeatN`` tags are ``"?"``; ``Date`` defaults to today.
    Other tags given are kept, after the standard ones, in their order.
    """
    given = dict(tags or {})
    game: Game = state.game
    out: dict[str, str] = {GAME_TAG: game.name, OPTIONS_TAG: game.options.text()}
    for seat in range(game.num_seats):
        out[seat_tag(seat)] = str(given.get(seat_tag(seat), UNKNOWN))
    out[DATE_TAG] = str(given.get(DATE_TAG, datetime.date.today().isoformat()))
    out[RESULT_TAG] = result_text(state)
    start = start_of(state)
    if start is not None:
        out[START_TAG] = format_start(*start)
    for key, value in given.items():
        if key not in out and key != START_TAG:
            out[key] = str(value)
    return out


def write_record(state: Any, tags: dict[str, str] | None = None) -> str:
    """The record of ``state`` (finished or not) as text, ending with a newline.

    Raises ``ValueError`` if the history cannot be replayed from the start it implies (a state
    built by ``state_from_deal`` whose score changed by a mid-hand penalty before any hand was
    scored: its starting score cannot be recovered).
    """
    all_tags = record_tags(state, tags)
    lines = [format_tag(name, value) for name, value in all_tags.items()]
    lines.append("")
    game = state.game
    history = state.history
    start = start_of(state)
    shadow: Any = None if start is not None else game.new_state()
    section: tuple[int, int] | None = None
    last_hand = 0
    if history and isinstance(history[0][1], Draw):
        lines.append("; draw for the first dealer")
    for index, (seat, action) in enumerate(history):
        if shadow is None:  # the partie began from an explicit deal: that deal is the first action
            assert start is not None
            dealer, captains, scores = start
            shadow = game.state_from_deal(action.hands, action.turned, dealer, action.talon, captains, scores)
            section = (shadow.hand_no, len(shadow.results))
            lines.append(_hand_comment(shadow.hand_no, dealer, action.turned.suit.letter, redeal=False))
            last_hand = shadow.hand_no
            lines.append(format_move(seat, str(action)))
            continue
        key = (shadow.hand_no, len(shadow.results))
        if shadow.hand_no >= 1 and key != section:
            section = key
            lines.append(_hand_comment(shadow.hand_no, shadow.dealer, _trump_ahead(history, index),
                                       redeal=shadow.hand_no == last_hand))
            last_hand = shadow.hand_no
        scored = len(shadow.results)
        shadow.apply(action, seat)
        lines.append(format_move(seat, str(action)))
        if len(shadow.results) > scored:
            lines.extend(_end_comment(r) for r in shadow.results[scored:])
    if shadow is not None and (shadow.scores != state.scores or shadow.history != history):
        raise ValueError("the history does not replay to this state (a state_from_deal state whose starting "
                         "score cannot be recovered)")
    lines.append(_final_comment(state))
    return "\n".join(lines) + "\n"


def _trump_ahead(history: list[tuple[int, Any]], index: int) -> str | None:
    """The trump of the deal that opens this hand (looking ahead), if it is in the history."""
    for seat, action in history[index:]:
        if isinstance(action, Deal):
            return action.turned.suit.letter
        if seat != CHANCE and isinstance(action, Penalty):
            return None
    return None


def _hand_comment(number: int, dealer: int, trump: str | None, redeal: bool) -> str:
    text = f"; hand {number}{' (redeal)' if redeal else ''}, dealer {dealer}"
    return text + (f", trump {trump}" if trump else "")


def _end_comment(result: Any) -> str:
    a, b = result.points
    won = ", ".join(f"{TEAM_LETTERS[t]} {p:+d}" for t, p in enumerate((a, b)) if p) or "no points"
    return (f"; hand {result.number} ends ({result.reason}): tricks {result.tricks[0]}-{result.tricks[1]}, "
            f"{won}, score {result.scores[0]}-{result.scores[1]}")


def _final_comment(state: Any) -> str:
    if state.winner_team is None:
        return f"; result * (unfinished: score {state.scores[0]}-{state.scores[1]}, hand {state.hand_no})"
    return f"; result {result_text(state)}: team {TEAM_LETTERS[state.winner_team]} wins"

"""Write a partie as a record: tags, then every action of ``state.history``, one per line.

Chance steps are written out in full (``*: deal 0=… turn=…``), so a record never depends on a
seed. Each action is written in the game's canonical English notation, as the position where it
was played spells it (``state.action_text``). The writer adds ``;`` comments — where each hand
starts, how it was scored, and the result — built only from what every game gives
(``state.results``, ``state.outcome()``, the side names); the reader ignores them.

:func:`record_view` writes the record as one seat (or a spectator) may see it: every action
through ``state.visible_action``, so deals show only that seat's hand. A server can hand it to a
player in the middle of a partie; it can be read, never replayed.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 1}).new_state()
>>> rng = random.Random(0)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.moves()))
>>> text = write_record(state, {"Seat0": "Alice", "Date": "2026-11-21"})
>>> print("\\n".join(text.splitlines()[:7]))
[Game "quadrette"]
[Options "target_points=1"]
[Seat0 "Alice"]
[Seat1 "?"]
[Seat2 "?"]
[Seat3 "?"]
[Date "2026-11-21"]
>>> text.splitlines()[7] == f'[Result "{result_text(state)}"]', text.splitlines()[9]
(True, '; hand 1')
>>> view = record_view(state, 2, {"Date": "2026-11-21"})
>>> deal = next(line for line in view.splitlines() if line.startswith("*: deal"))
>>> deal.split()[2:4], deal.split()[4].count(","), '[View "2"]' in view
(['0=?6', '1=?6'], 5, True)
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence

from atout.errors import RecordError
from atout.game import HandResult, State
from atout.record.format import (
    DATE_TAG,
    GAME_TAG,
    OPTIONS_TAG,
    RESULT_TAG,
    START_TAG,
    UNKNOWN,
    VIEW_TAG,
    FormatError,
    format_move,
    format_result,
    format_start,
    format_tag,
    format_view,
    scores_text,
    seat_tag,
)
from atout.record.messages import MESSAGES, say
from atout.record.walk import FULL, FullRecord, Segment, Viewer, segments, walk

COMPUTED_TAGS = (GAME_TAG, OPTIONS_TAG, RESULT_TAG, START_TAG, VIEW_TAG)


def result_text(state: State) -> str:
    """The ``Result`` tag value of ``state``: ``"0 5-3 target"``, ``"= 3-3 deals"`` or ``"*"``."""
    outcome = state.outcome()
    if outcome is None:
        return format_result(None, (), "")
    return format_result(outcome.winners, outcome.scores, outcome.reason.value, outcome.marque)


def current_scores(state: State) -> tuple[int, ...]:
    """The partie's score per side now: the final one, else what a spectator sees."""
    outcome = state.outcome()
    if outcome is not None:
        return tuple(outcome.scores)
    return tuple(state.observation(None).scores)


def record_tags(state: State, tags: Mapping[str, str] | None = None, viewer: Viewer = FULL) -> dict[str, str]:
    """The tags of a record of ``state``, in the standard order.

    ``Game``, ``Options``, ``Result``, ``Start`` and ``View`` always come from the state (values
    given for them are replaced); missing ``SeatN`` tags are ``"?"``; ``Date`` defaults to today.
    Other tags given are kept, after the standard ones, in their order.
    """
    given = dict(tags or {})
    game = state.game
    out: dict[str, str] = {GAME_TAG: game.name, OPTIONS_TAG: game.options.text()}
    for seat in range(game.num_seats):
        out[seat_tag(seat)] = str(given.get(seat_tag(seat), UNKNOWN))
    out[DATE_TAG] = str(given.get(DATE_TAG, datetime.date.today().isoformat()))
    out[RESULT_TAG] = result_text(state)
    if state.setup is not None:
        try:
            out[START_TAG] = format_start(state.setup)
        except FormatError as e:
            raise RecordError([(0, say("cannot_write", reason=str(e)))]) from None
    if not isinstance(viewer, FullRecord):
        out[VIEW_TAG] = format_view(viewer)
    for key, value in given.items():
        if key not in out and key not in COMPUTED_TAGS:
            out[key] = str(value)
    return out


def write_record(state: State, tags: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """The record of ``state`` (finished or not) as text, ending with a newline; comments in ``lang``.

    Raises :class:`~atout.errors.RecordError` (line 0) if the history does not replay to the
    state, or a tag or setup fact cannot be written.
    """
    return _write(state, tags, FULL, lang)


def record_view(state: State, viewer: int | None, tags: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """The record of ``state`` as ``viewer`` (a seat; ``None``: a spectator) may see it now.

    Every action goes through ``state.visible_action(action, actor, viewer)``: deals show only
    the viewer's hand (``0=?6``) and the turned cards. A ``View`` tag marks the record; the
    reader reads it, the replay refuses it.
    """
    if viewer is not None and not 0 <= viewer < state.game.num_seats:
        raise RecordError([(0, say("cannot_write", reason=f"no seat {viewer} at this table"))])
    return _write(state, tags, viewer, lang)


def _write(state: State, tags: Mapping[str, str] | None, viewer: Viewer, lang: str) -> str:
    try:
        lines = [format_tag(name, value) for name, value in record_tags(state, tags, viewer).items()]
    except FormatError as e:
        raise RecordError([(0, say("cannot_write", lang, reason=str(e)))]) from None
    lines.append("")
    names = state.game.sides.name
    over = state.outcome() is not None
    for segment in segments(walk(state, viewer, lang)):
        lines.append("; " + _hand_title(segment, over, lang))
        lines.extend(format_move(step.seat, step.text) for step in segment.steps)
        lines.extend("; " + hand_end_text(r, names, lang) for r in segment.results)
    lines.append("; " + final_text(state, lang))
    return "\n".join(lines) + "\n"


def _hand_title(segment: Segment, over: bool, lang: str) -> str:
    if segment.results:
        return say("c_hand", lang, number=segment.results[0].number)
    return say("c_hand_unscored" if over else "c_hand_open", lang)


def points_text(points: Sequence[int], names: Callable[[int], str], lang: str = "en") -> str:
    """``A +1, B -2`` (the sides whose score moved), or ``no points``."""
    moved = [f"{names(side)} {p:+d}" for side, p in enumerate(points) if p]
    return ", ".join(moved) or say("c_no_points", lang)


def hand_end_text(result: HandResult, names: Callable[[int], str], lang: str = "en") -> str:
    """``hand 2 ends (three): A +1, score 3-1`` from any game's hand result."""
    return say("c_hand_ends", lang, number=result.number, reason=result.reason,
               points=points_text(result.points, names, lang), scores=scores_text(result.scores))


def reason_text(reason: str, lang: str = "en") -> str:
    """Why a partie ended, in words (``target reached``); an unknown reason as it is."""
    key = f"reason_{reason}"
    return say(key, lang) if key in MESSAGES else reason


def final_text(state: State, lang: str = "en") -> str:
    """``result: A wins 5-3 (target reached)``, a tie, or ``result * (unfinished, score 2-1)``."""
    outcome = state.outcome()
    if outcome is None:
        return say("c_result_open", lang, scores=scores_text(current_scores(state)))
    scores = scores_text(outcome.scores)
    reason = reason_text(outcome.reason.value, lang)
    if not outcome.winners:
        return say("c_result_tie", lang, scores=scores, reason=reason)
    names = ", ".join(state.game.sides.name(w) for w in outcome.winners)
    code = "c_result_win" if len(outcome.winners) == 1 else "c_result_wins"
    marque = say("c_marque", lang, figures=" ".join(f"{k}={v}" for k, v in outcome.marque)) if outcome.marque else ""
    return say(code, lang, names=names, scores=scores, reason=reason) + marque

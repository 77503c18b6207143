"""Replay a record with full validation, and summarise a partie as JSON-ready data.

:func:`replay` builds the game from the tags and applies every move for the seat its line
names (``state.apply(action, seat)``), reading each action in the position where it is played.
The first move that cannot be read or is refused stops the replay, with an error naming the
line, the seat, the action and the engine's reason; a ``Result`` tag that the moves do not
produce is a *tampered result*.

>>> r = replay('[Game "quadrette"]\\n*: draw 0=KH 1=7S 2=9D 3=QC\\n1: captain 1\\n')
>>> r.ok, r.applied, r.errors
(False, 1, [(3, "seat 1: illegal action 'captain 1': not your turn: seat 2 is to act")])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.errors import ActionError, RecordError
from atout.games.sizette.actions import Deal, Draw
from atout.record.format import (
    CHANCE_SEAT,
    RESULT_TAG,
    START_TAG,
    TEAM_LETTERS,
    FormatError,
    parse_result,
    parse_start,
    short,
)
from atout.record.reader import Move, Record, build_game, read_record
from atout.record.writer import result_text

CHANCE_TYPES = (Draw, Deal)


@dataclass
class ReplayResult:
    """The state after the last valid move (``None`` if the game could not be built), the errors
    (the reader's and the replay's, by line), and how many moves were applied."""

    state: Any
    errors: list[tuple[int, str]] = field(default_factory=list)
    applied: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors

    def check(self) -> Any:
        """The final state; raises :class:`~atout.errors.RecordError` if there were errors."""
        if self.errors:
            raise RecordError(self.errors)
        return self.state


def replay(record: Record | str) -> ReplayResult:
    """Replay ``record`` (a :class:`Record`, or record text) move by move with full validation."""
    rec = read_record(record) if isinstance(record, str) else record
    errors = list(rec.errors)
    first_line = rec.moves[0].line if rec.moves else 1
    game, _, game_errors = build_game(rec.tags, rec.tag_lines, first_line)
    _add(errors, game_errors)
    if game is None:
        return _done(None, errors, 0)

    moves = rec.moves
    start = None
    if START_TAG in rec.tags:
        try:
            start = parse_start(rec.tags[START_TAG])
        except FormatError as e:
            _add(errors, [(rec.tag_lines[START_TAG], str(e))])
            return _done(None, errors, 0)
    unreadable = sorted(rec.unreadable)
    state: Any = None if start is not None else game.new_state()
    deal_line = 0
    applied = 0
    stopped = False
    for move in moves:
        if unreadable and unreadable[0] <= move.line:
            stopped = True  # the reader's error for that line says why
            break
        who = "the table (*)" if move.seat == CHANCE_SEAT else f"seat {move.seat}"
        try:
            action = (state or game.new_state()).parse_action(move.text, "en")
        except ActionError as e:
            _add(errors, [(move.line, f"{who}: cannot read action {short(move.text)!r}: {e}")])
            stopped = True
            break
        problem = _chance_problem(move, action)
        if problem is None:
            try:
                if state is None:
                    state = _start_state(game, start, move, action)
                else:
                    state.apply(action, move.seat)
            except ActionError as e:
                problem = f"illegal action {short(move.text)!r}: {e}{_hint(state, move, action, deal_line, str(e))}"
        if problem is not None:
            _add(errors, [(move.line, f"{who}: {problem}")])
            stopped = True
            break
        applied += 1
        if isinstance(action, Deal):
            deal_line = move.line
    if unreadable and not stopped and unreadable[0] > (moves[-1].line if moves else 0):
        stopped = True  # an unreadable line after the last move
    if state is None:
        if start is not None and not moves and not stopped:
            _add(errors, [(rec.tag_lines[START_TAG], "a record with a [Start] tag begins with the deal ('*: deal …')")])
        return _done(None, errors, applied)
    if not stopped and RESULT_TAG in rec.tags:
        _check_result(state, rec, errors)
    return _done(state, errors, applied)


def _start_state(game: Any, start: tuple[int, tuple[int, int], tuple[int, int]] | None,
                 move: Move, action: Any) -> Any:
    """The state of a partie that began from an explicit deal (``Start`` tag)."""
    assert start is not None
    if not isinstance(action, Deal):
        raise _NotADeal()
    dealer, captains, scores = start
    if not (0 <= dealer < game.num_seats and all(0 <= c < game.num_seats for c in captains)
            and captains[0] % 2 == 0 and captains[1] % 2 == 1):
        raise _BadStart(f"the [Start] tag names seats outside the table or a captain of the wrong team "
                        f"(dealer {dealer}, captains {captains[0]},{captains[1]})")
    return game.state_from_deal(action.hands, action.turned, dealer, action.talon, captains, scores)


class _NotADeal(ActionError):
    def __str__(self) -> str:
        return "a record with a [Start] tag begins with the deal ('*: deal …')"


class _BadStart(ActionError):
    pass


def _chance_problem(move: Move, action: Any) -> str | None:
    if move.seat == CHANCE_SEAT and not isinstance(action, CHANCE_TYPES):
        return f"'*:' is for chance actions (draw, deal), not {short(move.text)!r}"
    if move.seat != CHANCE_SEAT and isinstance(action, CHANCE_TYPES):
        return f"{short(move.text)!r} is a chance action: write it '*: {short(move.text, 30)}'"
    return None


def _hint(state: Any, move: Move, action: Any, deal_line: int, reason: str) -> str:
    """Extra words that point at the cause: the duplicated card of a deal, or the deal line of a
    card the player does not hold."""
    if isinstance(action, Deal):
        return _deal_duplicates(move.text)
    if state is None or not deal_line or not isinstance(action, int) or move.seat < 0 \
            or "does not hold" not in reason:
        return ""
    dealt = getattr(state, "dealt", None)
    if dealt is None or move.seat >= len(dealt) or dealt[move.seat] >> action & 1:
        return ""
    return f" (the deal on line {deal_line} did not give {action} to seat {move.seat})"


def _deal_duplicates(text: str) -> str:
    """`` (KH appears twice: seats 0 and 2)`` for a deal line that names a card twice."""
    where: dict[str, list[str]] = {}
    for part in text.split()[1:]:
        key, _, value = part.partition("=")
        for word in value.split(","):
            if word and word != "-":
                where.setdefault(word.upper(), []).append("talon" if key == "talon" else
                                                           "turned card" if key == "turn" else f"seat {key}")
    dupes = [(card, places) for card, places in where.items()
             if len([p for p in places if p != "turned card"]) > 1]
    if not dupes:
        return ""
    card, places = dupes[0]
    places = [p for p in places if p != "turned card"]
    return f" ({card} appears {len(places)} times: {', '.join(places)})"


def _check_result(state: Any, rec: Record, errors: list[tuple[int, str]]) -> None:
    claimed = rec.tags[RESULT_TAG]
    line = rec.tag_lines[RESULT_TAG]
    try:
        parse_result(claimed)
    except FormatError:
        return  # the reader has reported it
    actual = result_text(state)
    if claimed.strip() != actual:
        _add(errors, [(line, f"tampered result: the [Result] tag says {claimed!r} but the moves give {actual!r}")])


def _add(errors: list[tuple[int, str]], new: list[tuple[int, str]]) -> None:
    for e in new:
        if e not in errors:
            errors.append(e)


def _done(state: Any, errors: list[tuple[int, str]], applied: int) -> ReplayResult:
    return ReplayResult(state, sorted(errors, key=lambda e: e[0]), applied)


# ---------------------------------------------------------------------------------------------- summary


def summary(state: Any) -> dict[str, Any]:
    """A JSON-ready account of a partie built from ``state.results`` (finished hands only).

    >>> from atout.games import make_game
    >>> summary(make_game("sizette", {"target_points": 7}).new_state())
    {'game': 'sizette', 'options': {'target_points': 7}, 'result': {'winner': None, 'scores': [0, 0], 'reason': None}, 'hands': []}
    """
    winner = state.winner_team
    return {
        "game": state.game.name,
        "options": dict(state.game.options.changed()),
        "result": {
            "winner": TEAM_LETTERS[winner] if winner is not None else None,
            "scores": list(state.scores),
            "reason": state.end_reason or None,
        },
        "hands": [_hand_summary(r) for r in state.results],
    }


def _hand_summary(r: Any) -> dict[str, Any]:
    return {
        "number": r.number,
        "dealer": r.dealer,
        "trump": r.trump.letter if r.trump is not None else None,
        "turned": str(r.turned) if r.turned is not None else None,
        "captains": list(r.captains),
        "tricks": [{"leader": t.leader, "cards": [str(c) for c in t.cards],
                    "winner": t.winner if t.winner >= 0 else None} for t in r.plays],
        "talk": [{"seat": e.seat, "trick": e.trick, "text": e.text()} for e in r.talk],
        "tricks_won": list(r.tricks),
        "points": list(r.points),
        "reason": r.reason,
        "scores": list(r.scores),
    }

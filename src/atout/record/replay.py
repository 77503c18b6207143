"""Replay a record with full validation.

:func:`replay` builds the game from the tags (from ``game.state_from_deal(deal, setup)`` when a
``Start`` tag gives the setup, the first move being that deal) and applies every move for the
seat its line names (``state.apply(action, seat)``), reading each action with
``state.parse_action(text, "en")`` in the position where it is played. The first move that
cannot be read or is refused stops the replay, with an error naming the line, the seat, the
action and the engine's reason; a ``Result`` tag that the moves do not produce is a *tampered
result*. A view of a partie (``View`` tag, hidden cards) is never replayed: it is refused with a
clear error.

Nothing but :class:`~atout.errors.RecordError` (from :meth:`ReplayResult.check`) ever escapes:
any problem, even a fault of a game engine, becomes a ``(line, message)`` entry.

>>> r = replay('[Game "quadrette"]\\n*: draw 0=KH 1=7S 2=9D 3=QC\\n1: captain 1\\n')
>>> r.ok, r.applied, r.errors[0][0], r.errors[0][1].startswith("seat 1: illegal action 'captain 1': ")
(False, 1, 3, True)
>>> replay('[Game "quadrette"]\\n[View "1"]\\n*: draw 0=KH 1=7S 2=9D 3=QC\\n').errors
[(2, "this record is seat 1's view of the partie: the cards it hides cannot be replayed")]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from atout.actions import Action
from atout.cards import Card
from atout.chance import Deal, parse_chance
from atout.errors import RecordError
from atout.game import Game, State
from atout.record.format import (
    CHANCE_SEAT,
    RESULT_TAG,
    SPECTATOR,
    START_TAG,
    VIEW_TAG,
    FormatError,
    parse_result,
    parse_start,
    short,
)
from atout.record.messages import say
from atout.record.reader import Move, Problem, Record, build_game, engine_call, read_record, who
from atout.record.walk import is_chance
from atout.record.writer import result_text


@dataclass
class ReplayResult:
    """The state after the last valid move (``None`` if the game could not be built), the errors
    (the reader's and the replay's, by line), and how many moves were applied."""

    state: State | None
    errors: list[tuple[int, str]] = field(default_factory=list)
    applied: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors

    def check(self) -> State:
        """The final state; raises :class:`~atout.errors.RecordError` if there were errors."""
        if self.errors:
            raise RecordError(self.errors)
        assert self.state is not None   # no error: the state is there
        return self.state


class _Stop(Exception):
    """The replay stops at a move: its line and message."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def replay(record: Record | str, lang: str = "en") -> ReplayResult:
    """Replay ``record`` (a :class:`Record`, or record text) move by move with full validation;
    messages in ``lang``."""
    rec = read_record(record, lang) if isinstance(record, str) else record
    try:
        return _replay(rec, lang)
    except Exception as e:  # noqa: BLE001 - a fault of a game engine outside any one move
        fault = say("engine_fault", lang, who=who(CHANCE_SEAT, lang), text="", error=short(f"{type(e).__name__}: {e}", 200))
        return _done(None, [*rec.errors, (0, fault)], 0)


def _replay(rec: Record, lang: str) -> ReplayResult:
    errors = list(rec.errors)
    if rec.is_view:
        _add(errors, [_view_error(rec, lang)])
        return _done(None, errors, 0)
    first_line = rec.moves[0].line if rec.moves else 1
    game, _, game_errors = build_game(rec.tags, rec.tag_lines, first_line, lang)
    _add(errors, game_errors)
    if game is None:
        return _done(None, errors, 0)
    setup: dict[str, str] | None = None
    if START_TAG in rec.tags:
        try:
            setup = parse_start(rec.tags[START_TAG], lang)
        except FormatError as e:
            _add(errors, [(rec.tag_lines.get(START_TAG, 1), str(e))])
            return _done(None, errors, 0)

    state: State | None = None
    if setup is None:
        state, problem = engine_call(game.new_state, say("who_table", lang), "", lang)
        if problem is not None:
            _add(errors, [(first_line, problem.text)])
            return _done(None, errors, 0)
    unreadable = sorted(rec.unreadable)
    last_deal: tuple[int, Deal] | None = None
    applied = 0
    stopped = False
    for move in rec.moves:
        if unreadable and unreadable[0] <= move.line:
            stopped = True  # the reader's error for that line says why
            break
        deal: Deal | None = None
        try:
            if state is None:
                assert setup is not None
                deal = _first_deal(move, lang)
                state = _start(game, deal, setup, move, lang)
            else:
                action = _read(state, move, lang)
                _apply(state, action, move, last_deal, lang)
                if isinstance(action, Deal):
                    deal = action
        except _Stop as stop:
            _add(errors, [(stop.line, stop.message)])
            stopped = True
            break
        applied += 1
        if deal is not None:
            last_deal = (move.line, deal)
    if unreadable and not stopped and unreadable[0] > (rec.moves[-1].line if rec.moves else 0):
        stopped = True  # an unreadable line after the last move
    if state is None:
        if setup is not None and not stopped:
            _add(errors, [(rec.tag_lines.get(START_TAG, 1), say("start_first", lang))])
        return _done(None, errors, applied)
    if not stopped and RESULT_TAG in rec.tags:
        _check_result(state, rec, errors, lang)
    return _done(state, errors, applied)


def _view_error(rec: Record, lang: str) -> tuple[int, str]:
    if VIEW_TAG in rec.tags:
        viewer, raw = rec.viewer, rec.tags[VIEW_TAG].strip()
        name = say("viewer_seat", lang, seat=viewer) if viewer is not None else \
            say("spectator", lang) if raw == SPECTATOR else repr(short(raw, 20))
        return rec.tag_lines.get(VIEW_TAG, 1), say("is_view", lang, viewer=name)
    line = next(ln for ln, deal in rec.deals() if deal.is_view)
    return line, say("hidden_deal", lang, who=who(CHANCE_SEAT, lang))


def _stop(move: Move, problem: Problem, code: str, lang: str, **params: object) -> _Stop:
    if problem.internal:
        return _Stop(move.line, problem.text)
    return _Stop(move.line, say(code, lang, who=who(move.seat, lang), text=short(move.text), reason=problem.text,
                                **params))


def _first_deal(move: Move, lang: str) -> Deal:
    """The deal a ``Start`` record begins with."""
    if move.seat != CHANCE_SEAT:
        raise _Stop(move.line, say("start_first", lang))
    deal, problem = engine_call(lambda: parse_chance(move.text), who(move.seat, lang), move.text, lang)
    if problem is not None:
        raise _stop(move, problem, "cannot_read", lang)
    if not isinstance(deal, Deal):
        raise _Stop(move.line, say("start_first", lang))
    if deal.is_view:
        raise _Stop(move.line, say("hidden_deal", lang, who=who(move.seat, lang)))
    return deal


def _start(game: Game, deal: Deal, setup: dict[str, str], move: Move, lang: str) -> State:
    state, problem = engine_call(lambda: game.state_from_deal(deal, setup), who(move.seat, lang), move.text, lang)
    if problem is not None:
        raise _Stop(move.line, problem.text if problem.internal else say("start_refused", lang, reason=problem.text))
    assert state is not None   # no problem: made
    return state


def _read(state: State, move: Move, lang: str) -> Action:
    actor = who(move.seat, lang)
    action, problem = engine_call(lambda: state.parse_action(move.text, "en"), actor, move.text, lang)
    if problem is not None:
        raise _stop(move, problem, "cannot_read", lang)
    chance = is_chance(action)
    if move.seat == CHANCE_SEAT and not chance:
        raise _Stop(move.line, say("star_not_chance", lang, who=actor, text=short(move.text)))
    if move.seat != CHANCE_SEAT and chance:
        raise _Stop(move.line, say("chance_by_seat", lang, who=actor, text=short(move.text)))
    if isinstance(action, Deal) and action.is_view:
        raise _Stop(move.line, say("hidden_deal", lang, who=actor))
    assert action is not None   # no problem: read
    return action


def _apply(state: State, action: Action, move: Move, last_deal: tuple[int, Deal] | None, lang: str) -> None:
    _, problem = engine_call(lambda: state.apply(action, move.seat), who(move.seat, lang), move.text, lang)
    if problem is not None:
        hint = "" if problem.internal else _hint(state, move, action, last_deal, lang)
        raise _stop(move, problem, "illegal", lang, hint=hint)


def _hint(state: State, move: Move, action: Action, last_deal: tuple[int, Deal] | None, lang: str) -> str:
    """Words that point at the cause: the card a deal names twice, or the deal that did not give
    a player the card he tries to play (and does not hold)."""
    if isinstance(action, Deal):
        return _deal_duplicates(move.text, lang)
    if last_deal is None or type(action) is not Card or not 0 <= move.seat < len(last_deal[1].hands) \
            or state.to_move != move.seat:
        return ""
    line, deal = last_deal
    obs, problem = engine_call(lambda: state.observation(move.seat), "", "", lang)
    hand = getattr(obs, "hand", None) if problem is None else None
    if hand is None or action in hand or action in deal.hands[move.seat]:
        return ""
    return say("hint_not_dealt", lang, line=line, card=action, seat=move.seat)


def _deal_duplicates(text: str, lang: str) -> str:
    """`` (KH appears 2 times: seat 0, seat 2)`` for a deal line that gives a card twice."""
    where: dict[str, list[str]] = {}
    for part in text.split()[1:]:
        key, _, value = part.partition("=")
        if key in ("turn", "pack"):
            continue  # turned cards are also in a hand or the talon; the pack repeats everything
        place = say("place_talon", lang) if key == "talon" else say("who_seat", lang, seat=key)
        for word in value.split(","):
            if word and word != "-" and not word.startswith("?"):
                where.setdefault(word.upper(), []).append(place)
    for card, places in where.items():
        if len(places) > 1:
            return say("hint_duplicate", lang, card=short(card, 10), count=len(places), places=", ".join(places))
    return ""


def _check_result(state: State, rec: Record, errors: list[tuple[int, str]], lang: str) -> None:
    claimed_text = rec.tags[RESULT_TAG]
    line = rec.tag_lines.get(RESULT_TAG, 1)
    try:
        claimed = parse_result(claimed_text, lang)
    except FormatError:
        return  # the reader has reported it
    outcome = state.outcome()
    # a record written before the marque was stated may leave it out; one stated must be right
    marque = outcome.marque if outcome is not None and claimed is not None and claimed.marque else ()
    actual = None if outcome is None else (tuple(sorted(outcome.winners)), tuple(outcome.scores),
                                           outcome.reason.value, marque)
    if (None if claimed is None else tuple(claimed)) != actual:
        _add(errors, [(line, say("tampered", lang, claimed=short(claimed_text), actual=result_text(state)))])


def _add(errors: list[tuple[int, str]], new: list[tuple[int, str]]) -> None:
    for e in new:
        if e not in errors:
            errors.append(e)


def _done(state: State | None, errors: list[tuple[int, str]], applied: int) -> ReplayResult:
    return ReplayResult(state, sorted(errors, key=lambda e: e[0]), applied)

"""Read a record forgivingly: collect tags and moves, list every problem with its line number.

:func:`read_record` never raises on bad input and never stops at the first problem. It checks
the grammar (tags, seat prefixes), the game and its options, the ``Result``, ``Start`` and
``View`` tags, and reads every chance line (``*: draw …``, ``*: deal …``, hidden hands of a view
included) with :func:`atout.chance.parse_chance`. A player's action is read in the position where
it is played, so its text is checked by :func:`atout.record.replay`, which also checks that
every move is legal.

>>> rec = read_record('[Game "quadrette"]\\n[Options "target_points=999"]\\n\\n*: draw 0=KH\\nx: KH\\n')
>>> rec.tags
{'Game': 'quadrette', 'Options': 'target_points=999'}
>>> [(m.line, m.seat, m.text) for m in rec.moves]
[(4, -1, 'draw 0=KH')]
>>> rec.errors
[(2, 'bad option: option target_points: 999 is outside 1..99'), (5, "bad seat prefix 'x': a move starts with a seat number or * for chance")]
>>> view = read_record('[Game "quadrette"]\\n[View "1"]\\n*: deal 0=?6 1=KH,QH,JH,7S,8S,9S 2=?6 3=?6 talon=?8 turn=KC\\n')
>>> view.is_view, view.viewer, view.errors, str(view.deals()[0][1].hands[1])
(True, 1, [], '7S 8S 9S JH QH KH')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from atout.chance import ChanceAction, Deal, parse_chance
from atout.errors import ActionError, localize
from atout.game import Game, parse_option_pairs
from atout.games import find_game, game_names
from atout.record.format import (
    CHANCE_SEAT,
    COMMENT_PREFIX,
    GAME_TAG,
    OPTIONS_TAG,
    RESULT_TAG,
    START_TAG,
    VIEW_TAG,
    FormatError,
    parse_move,
    parse_result,
    parse_start,
    parse_tag,
    parse_view,
    seat_of_tag,
    short,
    strip,
)
from atout.record.messages import say

T = TypeVar("T")


class Move(NamedTuple):
    """One move line: its line number (1-based), the seat (``-1`` for chance), the action text,
    and for a chance line the step read from it (``None`` for a player's action)."""

    line: int
    seat: int
    text: str
    chance: ChanceAction | None = None


@dataclass
class Record:
    """What :func:`read_record` found: tags in file order, moves, and ``(line, message)`` errors.

    ``tag_lines`` gives the line of each tag; ``unreadable`` the move lines that could not be
    read (a bad seat prefix or chance step) — a replay stops at the first of them.
    """

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)
    tag_lines: dict[str, int] = field(default_factory=dict)
    unreadable: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def game_name(self) -> str | None:
        return self.tags.get(GAME_TAG)

    @property
    def is_view(self) -> bool:
        """True for one seat's (or a spectator's) view of a partie: a ``View`` tag, or a deal
        that hides cards. A view can be read, never replayed."""
        return VIEW_TAG in self.tags or any(isinstance(m.chance, Deal) and m.chance.is_view for m in self.moves)

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (``None``: a spectator, or not a view, or a bad tag)."""
        try:
            return parse_view(self.tags[VIEW_TAG]) if VIEW_TAG in self.tags else None
        except FormatError:
            return None

    def deals(self) -> list[tuple[int, Deal]]:
        """Every deal of the record with its line, as written (a view's deals hide cards)."""
        return [(m.line, m.chance) for m in self.moves if isinstance(m.chance, Deal)]


def who(seat: int, lang: str) -> str:
    """``seat 2`` or ``the table (*)`` — the actor named in an error message."""
    return say("who_table", lang) if seat == CHANCE_SEAT else say("who_seat", lang, seat=seat)


class Problem(NamedTuple):
    """Why the engine refused: its reason, or (``internal``) a whole message naming a fault."""

    text: str
    internal: bool = False


def engine_call(fn: Callable[[], T], actor: str, text: str, lang: str) -> tuple[T | None, Problem | None]:
    """``(fn(), None)``; ``(None, reason)`` for a refusal (any ``ValueError``, in ``lang`` when it
    carries a message table); for anything else an internal problem whose text names the fault,
    so that bad input never escapes as an exception of another type."""
    try:
        return fn(), None
    except ActionError as e:
        return None, Problem(e.text(lang))
    except ValueError as e:   # an OptionError says itself in French too
        return None, Problem(localize(e, lang))
    except Exception as e:  # noqa: BLE001 - a fault of the game engine: reported, never raised
        fault = f"{type(e).__name__}: {e}"
        return None, Problem(say("engine_fault", lang, who=actor, text=short(text), error=short(fault, 200)), True)


def build_game(tags: dict[str, str], tag_lines: dict[str, int], first_line: int,
               lang: str = "en") -> tuple[Game | None, type[Game] | None, list[tuple[int, str]]]:
    """The game the tags name, its class (even when the options are bad), and the errors met.

    ``first_line`` is where a missing ``Game`` tag is reported (the first move, or line 1).
    """
    name = tags.get(GAME_TAG)
    if name is None:
        return None, None, [(first_line, say("no_game", lang))]
    line = tag_lines.get(GAME_TAG, first_line)
    try:
        cls = find_game(name)
    except ValueError:
        return None, None, [(line, say("unknown_game", lang, name=short(name), names=", ".join(game_names())))]
    options_line = tag_lines.get(OPTIONS_TAG, first_line)
    text = tags.get(OPTIONS_TAG, "")
    game, problem = engine_call(lambda: cls(parse_option_pairs(text)), say("who_table", lang), text, lang)
    if problem is not None:
        message = problem.text if problem.internal else say("bad_option", lang, reason=problem.text)
        return None, cls, [(options_line, message)]
    return game, cls, []


def read_record(text: str, lang: str = "en") -> Record:
    """Read a record. Never raises: problems go to ``Record.errors`` (in ``lang``), sorted by line."""
    rec = Record()
    try:
        _read(rec, text, lang)
    except Exception as e:  # noqa: BLE001 - a fault of a game engine (its options or seats)
        rec.errors.append((0, say("engine_fault", lang, who=who(CHANCE_SEAT, lang), text="",
                                  error=short(f"{type(e).__name__}: {e}", 200))))
    rec.errors.sort(key=lambda e: e[0])
    return rec


def _read(rec: Record, text: str, lang: str) -> None:
    raw_moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = strip(raw)
        if not line or line.startswith(COMMENT_PREFIX):
            continue
        if line.startswith("["):
            _read_tag(rec, number, line, bool(raw_moves), lang)
        else:
            raw_moves.append((number, line))

    first_line = raw_moves[0][0] if raw_moves else 1
    game, _, game_errors = build_game(rec.tags, rec.tag_lines, first_line, lang)
    rec.errors.extend(game_errors)
    n: int | None = None
    sides: int | None = None
    if game is not None:
        n, sides = game.num_seats, len(game.sides)
    _check_tags(rec, n, sides, lang)

    for number, line in raw_moves:
        try:
            seat, action_text = parse_move(line, n, lang)
        except FormatError as e:
            rec.errors.append((number, str(e)))
            rec.unreadable.append(number)
            continue
        chance = None
        if seat == CHANCE_SEAT:
            chance, problem = _read_chance(action_text, lang)
            if problem is not None:
                message = problem.text if problem.internal else \
                    say("bad_chance", lang, text=short(action_text), reason=problem.text)
                rec.errors.append((number, message))
                rec.unreadable.append(number)
                continue
        rec.moves.append(Move(number, seat, action_text, chance))


def _read_chance(text: str, lang: str) -> tuple[ChanceAction | None, Problem | None]:
    return engine_call(lambda: parse_chance(text), who(CHANCE_SEAT, lang), text, lang)


def _read_tag(rec: Record, number: int, line: str, after_moves: bool, lang: str) -> None:
    try:
        name, value = parse_tag(line, lang)
    except FormatError as e:
        rec.errors.append((number, str(e)))
        return
    if name in rec.tags:
        rec.errors.append((number, say("tag_duplicate", lang, name=name, first=rec.tag_lines[name])))
        return
    if after_moves:
        rec.errors.append((number, say("tag_after_moves", lang, name=name)))
    rec.tags[name] = value
    rec.tag_lines[name] = number


def _check_tags(rec: Record, n: int | None, sides: int | None, lang: str) -> None:
    for name, value in rec.tags.items():
        line = rec.tag_lines[name]
        seat = seat_of_tag(name)
        if seat is not None and n is not None and seat >= n:
            rec.errors.append((line, say("tag_seat_range", lang, name=name, last=n - 1)))
        try:
            if name == RESULT_TAG:
                result = parse_result(value, lang)
                if result is not None and sides is not None and \
                        (len(result.scores) != sides or any(w >= sides for w in result.winners)):
                    raise FormatError(say("result_sides", lang, text=short(value), sides=sides, last=sides - 1))
            elif name == START_TAG:
                parse_start(value, lang)
            elif name == VIEW_TAG:
                parse_view(value, n, lang)
        except FormatError as e:
            rec.errors.append((line, str(e)))


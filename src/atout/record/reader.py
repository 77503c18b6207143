"""Read a record forgivingly: collect tags and moves, list every problem with its line number.

:func:`read_record` never raises on bad input. It checks the grammar (tags, seat prefixes), the
game and its options, and the syntax of each action; it does not check that the moves are
legal — :func:`atout.record.replay` does that.

>>> rec = read_record('[Game "quadrette"]\\n[Options "target_points=999"]\\n\\n*: draw 0=KH\\nx: KH\\n')
>>> rec.tags
{'Game': 'quadrette', 'Options': 'target_points=999'}
>>> rec.moves
[Move(line=4, seat=-1, text='draw 0=KH')]
>>> rec.errors
[(2, 'bad option: option target_points: 999 is outside 1..99'), (5, "bad seat prefix 'x': a move starts with a seat number or * for chance")]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from atout.errors import ActionError, OptionError
from atout.game import Game, parse_option_pairs
from atout.games import find_game
from atout.record.format import (
    CHANCE_SEAT,
    COMMENT_PREFIX,
    GAME_TAG,
    OPTIONS_TAG,
    RESULT_TAG,
    START_TAG,
    FormatError,
    parse_move,
    parse_result,
    parse_start,
    parse_tag,
    seat_of_tag,
    short,
)

CHANCE_WORDS = ("draw", "deal")


class Move(NamedTuple):
    """One move line: its line number (1-based), the seat (``-1`` for chance) and the action text."""

    line: int
    seat: int
    text: str


@dataclass
class Record:
    """What :func:`read_record` found: tags in file order, moves, and ``(line, message)`` errors.

    ``tag_lines`` gives the line of each tag; ``unreadable`` the move lines that could not be
    read (a bad seat prefix or action text) — a replay stops at the first of them.
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


def build_game(tags: dict[str, str], tag_lines: dict[str, int],
               first_line: int) -> tuple[Game | None, type[Game] | None, list[tuple[int, str]]]:
    """The game the tags name, its class (even when the options are bad), and the errors met.

    ``first_line`` is where a missing ``Game`` tag is reported (the first move, or line 1).
    """
    errors: list[tuple[int, str]] = []
    name = tags.get(GAME_TAG)
    if name is None:
        return None, None, [(first_line, 'missing [Game "…"] tag: the record does not say which game it is')]
    try:
        cls = find_game(name)
    except OptionError as e:
        return None, None, [(tag_lines.get(GAME_TAG, first_line), str(e))]
    try:
        game = cls(parse_option_pairs(tags.get(OPTIONS_TAG, "")))
    except OptionError as e:
        errors.append((tag_lines.get(OPTIONS_TAG, first_line), f"bad option: {e}"))
        return None, cls, errors
    return game, cls, errors


def read_record(text: str) -> Record:
    """Read a record. Never raises: problems go to ``Record.errors``, sorted by line."""
    rec = Record()
    raw_moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(COMMENT_PREFIX):
            continue
        if line.startswith("["):
            _read_tag(rec, number, line, after_moves=bool(raw_moves))
        else:
            raw_moves.append((number, line))

    first_line = raw_moves[0][0] if raw_moves else 1
    game, cls, game_errors = build_game(rec.tags, rec.tag_lines, first_line)
    rec.errors.extend(game_errors)
    n = None
    if game is None and cls is not None:
        game = cls()  # bad options: check the moves against the default game
    if game is not None:
        n = game.num_seats
    _check_tags(rec, n)

    probe = game.new_state() if game is not None else None
    for number, line in raw_moves:
        try:
            seat, action_text = parse_move(line, n)
        except FormatError as e:
            rec.errors.append((number, str(e)))
            rec.unreadable.append(number)
            continue
        rec.moves.append(Move(number, seat, action_text))
        problem = _action_problem(probe, seat, action_text)
        if problem is not None:
            rec.errors.append((number, problem))
            rec.unreadable.append(number)
    rec.errors.sort(key=lambda e: e[0])
    return rec


def _read_tag(rec: Record, number: int, line: str, after_moves: bool) -> None:
    try:
        name, value = parse_tag(line)
    except FormatError as e:
        rec.errors.append((number, str(e)))
        return
    if name in rec.tags:
        rec.errors.append((number, f"duplicate tag [{name}] (first on line {rec.tag_lines[name]}); this one is ignored"))
        return
    if after_moves:
        rec.errors.append((number, f"tag [{name}] after the moves: tags come first"))
    rec.tags[name] = value
    rec.tag_lines[name] = number


def _check_tags(rec: Record, n: int | None) -> None:
    for name, value in rec.tags.items():
        line = rec.tag_lines[name]
        seat = seat_of_tag(name)
        if seat is not None and n is not None and seat >= n:
            rec.errors.append((line, f"tag [{name}]: this game has seats 0 to {n - 1}"))
        try:
            if name == RESULT_TAG:
                parse_result(value)
            elif name == START_TAG:
                parse_start(value)
        except FormatError as e:
            rec.errors.append((line, str(e)))


def _action_problem(probe: Any, seat: int, text: str) -> str | None:
    """Why ``text`` is not an action of the game (syntax only), or ``None``."""
    word = text.split(maxsplit=1)[0].lower()
    is_chance_word = word in CHANCE_WORDS
    if seat == CHANCE_SEAT and not is_chance_word:
        return f"'*:' is for chance actions (draw, deal), not {short(text)!r}"
    if seat != CHANCE_SEAT and is_chance_word:
        return f"a {word} is a chance action: write '*: {short(text)}'"
    if probe is None:
        return None
    try:
        probe.parse_action(text, "en")
    except ActionError as e:
        if "trump" in text.split() and "trump" in str(e):
            return None  # "command high trump" needs the hand's trump: checked at replay
        return f"cannot read action {short(text)!r}: {e}"
    return None

"""The text format of an atout record: tag lines, move lines, comments (one partie per file).

A record is plain UTF-8 text, one item per line::

    [Game "sizette"]
    [Options "target_points=7"]
    [Seat0 "Alice"]
    [Date "2026-11-21"]
    [Result "A 7-4 target"]

    *: draw 0=KH 1=7S 2=9D 3=QC 4=6H 5=10S
    ; hand 1, dealer 5, trump D
    0: captain 2
    4: cut 17
    *: deal 0=KH,7S,… 1=… turn=9D
    2: ask 0 count D
    0: say count D 2
    2: command any
    0: KH

* **Tags** ``[Name "value"]``: the value is a JSON string (``\\"`` and ``\\\\`` escapes), so any
  name or text fits. Known tags: ``Game`` (required), ``Options`` (non-default options as
  ``name=value`` pairs, ``""`` for all defaults), ``Seat0`` … ``Seat{n-1}`` (who sat there: a
  name or a bot kind), ``Date``, ``Result`` (``"A 5-3 target"``: winning team, scores,
  reason; ``"*"`` while unfinished) and ``Start`` (only for a partie that began from an
  explicit deal: ``"dealer=3 captains=2,3 scores=0-0"``). Other tags are kept as they are.
* **Moves** ``<seat>: <action>``: a seat number for a player, ``*`` for chance (the draw for
  the first dealer, each deal written out card by card). The action is the engine's notation
  (English card codes); a remark keeps its JSON quotes.
* **Comments** start with ``;``; they and blank lines are ignored by the reader.

>>> format_tag("Seat0", 'Jean "le Grand"')
'[Seat0 "Jean \\\\"le Grand\\\\""]'
>>> parse_tag('[Seat0 "Jean \\\\"le Grand\\\\""]')
('Seat0', 'Jean "le Grand"')
>>> format_move(-1, "draw 0=KH 1=7S"), parse_move('2: ask 0 count H')
('*: draw 0=KH 1=7S', (2, 'ask 0 count H'))
>>> parse_result("A 5-3 target"), parse_result("*")
(('A', (5, 3), 'target'), None)
"""

from __future__ import annotations

import json
import re

CHANCE_SEAT = -1
CHANCE_PREFIX = "*"
COMMENT_PREFIX = ";"
TEAM_LETTERS = ("A", "B")
UNFINISHED = "*"
UNKNOWN = "?"

GAME_TAG = "Game"
OPTIONS_TAG = "Options"
DATE_TAG = "Date"
RESULT_TAG = "Result"
START_TAG = "Start"
SEAT_TAG = "Seat"

_TAG_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+("(?:[^"\\]|\\.)*")\s*\]$')
_SEAT_TAG_RE = re.compile(r"^Seat(\d+)$")
_RESULT_RE = re.compile(r"^([AB]) (-?\d+)-(-?\d+) ([a-z_]+)$")
_START_KEYS = ("dealer", "captains", "scores")


class FormatError(ValueError):
    """One line that does not follow the record grammar (the reader turns it into an error entry)."""


def seat_tag(seat: int) -> str:
    """``Seat3`` for seat 3."""
    return f"{SEAT_TAG}{seat}"


def seat_of_tag(name: str) -> int | None:
    """The seat a ``SeatN`` tag names, else ``None``.

    >>> seat_of_tag("Seat4"), seat_of_tag("Date")
    (4, None)
    """
    m = _SEAT_TAG_RE.match(name)
    return int(m.group(1)) if m else None


def format_tag(name: str, value: str) -> str:
    """One tag line; the value is written as a JSON string."""
    return f"[{name} {json.dumps(value, ensure_ascii=False)}]"


def parse_tag(line: str) -> tuple[str, str]:
    """``[Name "value"]`` → ``(name, value)``; raises :class:`FormatError` on anything else."""
    m = _TAG_RE.match(line.strip())
    if not m:
        raise FormatError(f'malformed tag {short(line.strip())!r}: a tag is written [Name "value"]')
    try:
        value = json.loads(m.group(2))
    except json.JSONDecodeError:
        raise FormatError(f"malformed tag {short(line.strip())!r}: bad escape in the quoted value") from None
    return m.group(1), value


def format_move(seat: int, action_text: str) -> str:
    """``2: KH`` for a player, ``*: deal …`` for chance."""
    prefix = CHANCE_PREFIX if seat == CHANCE_SEAT else str(seat)
    return f"{prefix}: {action_text}"


def parse_move(line: str, num_seats: int | None = None) -> tuple[int, str]:
    """``"2: KH"`` → ``(2, "KH")``, ``"*: deal …"`` → ``(-1, "deal …")``.

    Raises :class:`FormatError` for a missing or bad seat prefix (a seat outside
    ``0 … num_seats-1`` when the number of seats is known) or an empty action.

    >>> parse_move("7: KH", 6)
    Traceback (most recent call last):
    ...
    atout.record.format.FormatError: bad seat prefix '7': this game has seats 0 to 5 (or * for chance)
    """
    prefix, colon, text = line.strip().partition(":")
    if not colon:
        raise FormatError(f"{short(line.strip())!r} is not a tag, a comment or a move '<seat>: <action>'")
    prefix, text = prefix.strip(), text.strip()
    if prefix == CHANCE_PREFIX:
        seat = CHANCE_SEAT
    elif prefix.isdigit() and prefix.isascii():
        seat = int(prefix)
        if num_seats is not None and seat >= num_seats:
            raise FormatError(f"bad seat prefix {prefix!r}: this game has seats 0 to {num_seats - 1} (or * for chance)")
    else:
        raise FormatError(f"bad seat prefix {short(prefix)!r}: a move starts with a seat number or * for chance")
    if not text:
        raise FormatError(f"no action after '{prefix}:'")
    return seat, text


def format_result(winner_team: int | None, scores: tuple[int, int] | list[int], reason: str) -> str:
    """``"A 5-3 target"``, or ``"*"`` while the partie is unfinished (``winner_team`` is ``None``)."""
    if winner_team is None:
        return UNFINISHED
    return f"{TEAM_LETTERS[winner_team]} {scores[0]}-{scores[1]} {reason}"


def parse_result(text: str) -> tuple[str, tuple[int, int], str] | None:
    """``"A 5-3 target"`` → ``("A", (5, 3), "target")``; ``"*"`` → ``None``; else :class:`FormatError`."""
    t = text.strip()
    if t == UNFINISHED:
        return None
    m = _RESULT_RE.match(t)
    if not m:
        raise FormatError(f"bad result {text!r}: write the winning team, the scores and the reason "
                          f"(\"A 5-3 target\") or \"*\" while unfinished")
    return m.group(1), (int(m.group(2)), int(m.group(3))), m.group(4)


def format_start(dealer: int, captains: tuple[int, int], scores: tuple[int, int]) -> str:
    """The ``Start`` tag of a partie that began from an explicit deal.

    >>> format_start(3, (2, 3), (0, 1))
    'dealer=3 captains=2,3 scores=0-1'
    """
    return f"dealer={dealer} captains={captains[0]},{captains[1]} scores={scores[0]}-{scores[1]}"


def parse_start(text: str) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """``"dealer=3 captains=2,3 scores=0-1"`` → ``(3, (2, 3), (0, 1))``; else :class:`FormatError`."""
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or key not in _START_KEYS or key in fields:
            raise FormatError(f"bad start {text!r}: write \"dealer=3 captains=2,3 scores=0-0\"")
        fields[key] = value
    try:
        dealer = int(fields["dealer"])
        caps = fields["captains"].split(",")
        m = re.fullmatch(r"(-?\d+)-(-?\d+)", fields.get("scores", "0-0"))
        if len(caps) != 2 or m is None:
            raise ValueError
        return dealer, (int(caps[0]), int(caps[1])), (int(m.group(1)), int(m.group(2)))
    except (KeyError, ValueError):
        raise FormatError(f"bad start {text!r}: write \"dealer=3 captains=2,3 scores=0-0\"") from None


def short(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters with an ellipsis (for error messages)."""
    return text if len(text) <= width else text[: width - 1] + "…"


"""The text format of an atout record: tag lines, move lines, comments (one partie per file).

A record is plain UTF-8 text, one item per line, with no word of any particular game::

    [Game "sizette"]
    [Options "target_points=7"]
    [Seat0 "Alice"]
    [Date "2026-11-21"]
    [Result "0 7-4 target"]

    ; hand 1
    *: draw 0=KH 1=7S 2=9D 3=QC 4=6H 5=10S
    0: captain 2
    4: cut 17
    *: deal 0=7S,KH,… 1=… 5=… turn=9D
    2: ask 0 count D
    0: KH

* **Tags** ``[Name "value"]``: the value is a JSON string (``\\"`` and ``\\\\`` escapes), so any
  name or text fits. Known tags:

  - ``Game`` (required): the game's name;
  - ``Options``: the options that differ from their defaults as ``name=value`` pairs (``""`` for
    all defaults). A preset is never stored by name, only the options it sets;
  - ``Seat0`` … ``Seat{n-1}``: who sat there (a name or a bot kind, ``"?"`` when unknown);
  - ``Date``;
  - ``Result``: ``"0 5-3 target"`` — the winning side(s) by index (``0,2`` for several), the
    scores of every side joined by ``-`` (``5-3-2`` for three sides; a negative score reads
    ``3--1``), and the reason (:class:`~atout.game.EndReason`); ``"= 3-3 deals"`` for a tie;
    ``"*"`` while unfinished;
  - ``Start``: only for a partie that began from an explicit deal
    (``game.state_from_deal(deal, setup)``): the ``setup`` facts as ``key=value`` pairs; the
    first move is then that deal;
  - ``View``: the record is what one seat (``"2"``) or a ``"spectator"`` may see — deals show
    only that seat's hand (``*: deal 0=?6 1=KH,… turn=9D``); such a record can be read, never
    replayed.

  Other tags are kept as they are.
* **Moves** ``<seat>: <action>``: a seat number (ASCII digits) for a player, ``*`` for the
  table's chance steps (``draw …``, ``deal …``, written out card by card). The action is the
  game's canonical English notation (``state.action_text(action)``).
* **Comments** start with ``;``; they and blank lines are ignored by the reader.

Only ``\\n`` ends a line (``\\r`` before it is dropped): other Unicode line separators may
appear inside a quoted remark.

>>> format_tag("Seat0", 'Jean "le Grand"')
'[Seat0 "Jean \\\\"le Grand\\\\""]'
>>> parse_tag('[Seat0 "Jean \\\\"le Grand\\\\""]')
('Seat0', 'Jean "le Grand"')
>>> format_move(-1, "draw 0=KH 1=7S"), parse_move('2: ask 0 count H')
('*: draw 0=KH 1=7S', (2, 'ask 0 count H'))
>>> format_result((0,), (5, 3), "target"), parse_result("0 5-3 target"), parse_result("*")
('0 5-3 target', ResultTag(winners=(0,), scores=(5, 3), reason='target', marque=()), None)
>>> parse_result("= 3--1-3 deals")
ResultTag(winners=(), scores=(3, -1, 3), reason='deals', marque=())
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from atout.record.messages import say

CHANCE_SEAT = -1
CHANCE_PREFIX = "*"
COMMENT_PREFIX = ";"
UNFINISHED = "*"
TIE = "="
UNKNOWN = "?"
SPECTATOR = "spectator"

GAME_TAG = "Game"
OPTIONS_TAG = "Options"
DATE_TAG = "Date"
RESULT_TAG = "Result"
START_TAG = "Start"
VIEW_TAG = "View"
SEAT_TAG = "Seat"

SPACES = " \t\r\f\v"  # ASCII blanks only: other Unicode spaces belong to the text
MAX_SEAT_DIGITS = 3
MAX_NUMBER_DIGITS = 12

_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+("(?:[^"\\]|\\.)*")[ \t]*\]', re.ASCII)
_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*", re.ASCII)
_SEAT_TAG_RE = re.compile(r"Seat([0-9]{1,3})", re.ASCII)
_REASON_RE = re.compile(r"[a-z][a-z0-9_]*", re.ASCII)
_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*", re.ASCII)
_SCORE_RE = re.compile(r"-?[0-9]{1,12}", re.ASCII)
# characters json.dumps(ensure_ascii=False) leaves raw but that must not appear raw in a file:
# line separators other readers split on, and lone surrogates (not encodable in UTF-8)
_UNSAFE = re.compile("[\u0085\u2028\u2029\ud800-\udfff]")


class FormatError(ValueError):
    """One line that does not follow the record grammar (the reader turns it into an error entry)."""


class ResultTag(NamedTuple):
    """A ``Result`` tag read: the winning sides (``()`` for a tie), the scores per side, the
    reason, and the partie's marque when the game gives one (named figures)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    marque: tuple[tuple[str, int], ...] = ()


def strip(text: str) -> str:
    """``text`` without ASCII blanks at either end (a remark may end with any other character)."""
    return text.strip(SPACES)


def ascii_number(text: str, digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """A non-negative whole number in ASCII digits (at most ``digits`` of them), else ``None``.

    >>> ascii_number("12"), ascii_number("٣"), ascii_number("²"), ascii_number("1" * 20)
    (12, None, None, None)
    """
    if not text or len(text) > digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def seat_tag(seat: int) -> str:
    """``Seat3`` for seat 3."""
    return f"{SEAT_TAG}{seat}"


def seat_of_tag(name: str) -> int | None:
    """The seat a ``SeatN`` tag names (ASCII digits only), else ``None``.

    >>> seat_of_tag("Seat4"), seat_of_tag("Date"), seat_of_tag("Seat٣")
    (4, None, None)
    """
    m = _SEAT_TAG_RE.fullmatch(name)
    return int(m.group(1)) if m else None


def is_tag_name(name: str) -> bool:
    return _NAME_RE.fullmatch(name) is not None


def _safe(text: str) -> str:
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def format_tag(name: str, value: str) -> str:
    """One tag line; the value is written as a JSON string (line separators and lone surrogates
    escaped, so the line survives any text editor and any UTF-8 file)."""
    if not is_tag_name(name):
        raise FormatError(f"{name!r} is not a tag name (a letter, then letters, digits or _)")
    return f"[{name} {_safe(json.dumps(value, ensure_ascii=False))}]"


def parse_tag(line: str, lang: str = "en") -> tuple[str, str]:
    """``[Name "value"]`` → ``(name, value)``; raises :class:`FormatError` on anything else."""
    text = strip(line)
    m = _TAG_RE.fullmatch(text)
    if not m:
        raise FormatError(say("tag_malformed", lang, line=short(text)))
    try:
        value = json.loads(m.group(2))
    except (json.JSONDecodeError, RecursionError):
        raise FormatError(say("tag_escape", lang, line=short(text))) from None
    return m.group(1), value


def format_move(seat: int, action_text: str) -> str:
    """``2: KH`` for a player, ``*: deal …`` for chance."""
    prefix = CHANCE_PREFIX if seat == CHANCE_SEAT else str(seat)
    return f"{prefix}: {action_text}"


def parse_move(line: str, num_seats: int | None = None, lang: str = "en") -> tuple[int, str]:
    """``"2: KH"`` → ``(2, "KH")``, ``"*: deal …"`` → ``(-1, "deal …")``.

    Raises :class:`FormatError` for a missing or bad seat prefix (only ASCII digits are seat
    numbers; a seat outside ``0 … num_seats-1`` when the number of seats is known) or an empty
    action.

    >>> parse_move("7: KH", 6)
    Traceback (most recent call last):
    ...
    atout.record.format.FormatError: bad seat prefix '7': this game has seats 0 to 5 (or * for chance)
    >>> parse_move("٣: KH")
    Traceback (most recent call last):
    ...
    atout.record.format.FormatError: bad seat prefix '٣': a move starts with a seat number or * for chance
    """
    prefix, colon, text = strip(line).partition(":")
    if not colon:
        raise FormatError(say("not_a_line", lang, line=short(strip(line))))
    prefix, text = strip(prefix), strip(text)
    if prefix == CHANCE_PREFIX:
        seat = CHANCE_SEAT
    else:
        number = ascii_number(prefix, MAX_SEAT_DIGITS)
        if number is None:
            raise FormatError(say("bad_prefix", lang, prefix=short(prefix)))
        if num_seats is not None and number >= num_seats:
            raise FormatError(say("prefix_range", lang, prefix=prefix, last=num_seats - 1))
        seat = number
    if not text:
        raise FormatError(say("no_action", lang, prefix=short(prefix)))
    return seat, text


def scores_text(scores: Sequence[int]) -> str:
    """Scores per side joined by ``-``: ``5-3``, ``5-3-2``, ``3--1``."""
    return "-".join(str(s) for s in scores)


def parse_scores(text: str) -> tuple[int, ...] | None:
    """The scores of :func:`scores_text` read back, else ``None`` (``"3--1"`` → ``(3, -1)``).

    >>> parse_scores("5-3-2"), parse_scores("3--1"), parse_scores("-2-0"), parse_scores("5-"), parse_scores("٥-3")
    ((5, 3, 2), (3, -1), (-2, 0), None, None)
    """
    out: list[int] = []
    pos = 0
    while True:
        m = _SCORE_RE.match(text, pos)
        if m is None:
            return None
        out.append(int(m.group()))
        pos = m.end()
        if pos == len(text):
            return tuple(out)
        if text[pos] != "-":
            return None
        pos += 1


def format_result(winners: Sequence[int] | None, scores: Sequence[int], reason: str,
                  marque: Sequence[tuple[str, int]] = ()) -> str:
    """The ``Result`` tag: ``"0 5-3 target"``; ``"= 3-3 deals"`` for a tie (no winner); ``"*"``
    while the partie is unfinished (``winners`` is ``None``). The ``marque``'s figures follow as
    ``name=number`` words (``"0 118-72 deals gains=290 rubiconed_by=28"``).

    >>> format_result((0,), (118, 72), "deals", (("gains", 290), ("rubiconed_by", 28)))
    '0 118-72 deals gains=290 rubiconed_by=28'
    >>> parse_result('0 118-72 deals gains=290 rubiconed_by=28').marque
    (('gains', 290), ('rubiconed_by', 28))
    """
    if winners is None:
        return UNFINISHED
    who = ",".join(str(w) for w in winners) if winners else TIE
    figures = "".join(f" {name}={value}" for name, value in marque)
    return f"{who} {scores_text(scores)} {reason}{figures}"


def parse_result(text: str, lang: str = "en") -> ResultTag | None:
    """``"0 5-3 target"`` → ``ResultTag((0,), (5, 3), "target")``; ``"*"`` → ``None``; else
    :class:`FormatError`."""
    t = strip(text)
    if t == UNFINISHED:
        return None
    words = t.split()
    bad = FormatError(say("bad_result", lang, text=short(t)))
    if len(words) < 3:
        raise bad
    who, scores_word, reason = words[:3]
    marque = []
    for word in words[3:]:
        name, equals, value = word.partition("=")
        number = ascii_number(value.removeprefix("-")) if equals else None
        if number is None or not _REASON_RE.fullmatch(name):
            raise bad
        marque.append((name, -number if value.startswith("-") else number))
    scores = parse_scores(scores_word)
    if scores is None or not _REASON_RE.fullmatch(reason):
        raise bad
    if who == TIE:
        winners: tuple[int, ...] = ()
    else:
        numbers = [ascii_number(w, MAX_SEAT_DIGITS) for w in who.split(",")]
        if any(n is None for n in numbers) or len(set(numbers)) != len(numbers):
            raise bad
        winners = tuple(sorted(n for n in numbers if n is not None))
    return ResultTag(winners, scores, reason, tuple(marque))


def _plain(value: str) -> bool:
    return bool(value) and value.isprintable() and not any(c.isspace() or c in '="\\' for c in value)


def format_start(setup: Mapping[str, str]) -> str:
    """The ``Start`` tag of a partie that began from an explicit deal: its ``setup`` facts as
    ``key=value`` pairs; a value with a space, a quote or an odd character is written as a JSON
    string.

    >>> format_start({"dealer": "3", "captains": "2,3", "scores": "0 1"})
    'dealer=3 captains=2,3 scores="0 1"'
    """
    parts = []
    for key, value in setup.items():
        text = str(value)
        if not _KEY_RE.fullmatch(key):
            raise FormatError(f"the setup fact {key!r} cannot be written: a key is a name (letters, digits, _)")
        parts.append(f"{key}={text if _plain(text) else json.dumps(text)}")
    return " ".join(parts)


def parse_start(text: str, lang: str = "en") -> dict[str, str]:
    """``'dealer=3 captains=2,3 scores="0 1"'`` → the setup mapping; else :class:`FormatError`.

    >>> parse_start('dealer=3 scores="0 1"'), parse_start("")
    ({'dealer': '3', 'scores': '0 1'}, {})
    """
    out: dict[str, str] = {}
    bad = FormatError(say("bad_start", lang, text=short(text)))
    pos, end = 0, len(text)
    decoder = json.JSONDecoder()
    while True:
        while pos < end and text[pos] in SPACES:
            pos += 1
        if pos == end:
            return out
        m = _KEY_RE.match(text, pos)
        if m is None or m.end() == end or text[m.end()] != "=" or m.group() in out:
            raise bad
        key, pos = m.group(), m.end() + 1
        if text.startswith('"', pos):
            try:
                value, pos = decoder.raw_decode(text, pos)
            except (json.JSONDecodeError, RecursionError):
                raise bad from None
        else:
            stop = pos
            while stop < end and text[stop] not in SPACES:
                stop += 1
            value, pos = text[pos:stop], stop
            if '"' in value or "=" in value:
                raise bad
        if pos < end and text[pos] not in SPACES:
            raise bad
        out[key] = value


def format_view(viewer: int | None) -> str:
    """The ``View`` tag: the seat number, or ``"spectator"``."""
    return SPECTATOR if viewer is None else str(viewer)


def parse_view(text: str, num_seats: int | None = None, lang: str = "en") -> int | None:
    """The viewer of a ``View`` tag (``None``: a spectator); else :class:`FormatError`.

    >>> parse_view("2"), parse_view("spectator")
    (2, None)
    """
    t = strip(text)
    if t == SPECTATOR:
        return None
    seat = ascii_number(t, MAX_SEAT_DIGITS)
    if seat is None:
        raise FormatError(say("bad_view", lang, text=short(t)))
    if num_seats is not None and seat >= num_seats:
        raise FormatError(say("view_seat_range", lang, text=t, last=num_seats - 1))
    return seat


def short(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters with an ellipsis (for error messages)."""
    return text if len(text) <= width else text[: width - 1] + "…"

"""Every client message read and checked before anything acts on it (``docs/protocol.md``).

:func:`read_message` turns the text of one WebSocket message into a typed command, or raises
:class:`~atout.server.messages.Refusal` (``bad_json``, ``bad_message``, ``too_large``) naming
what is wrong. Each type has its exact fields: a missing field, an unknown one, a field of the
wrong JSON type (``true`` is not a number) or out of range is refused.

>>> read_message('{"type": "act", "action": "KH", "event": 12}')
Act(ref=None, action='KH', event=12, lang='en')
>>> read_message('{"type": "sit", "seat": "2", "name": "Bob"}')
Traceback (most recent call last):
...
atout.server.messages.Refusal: bad_message
>>> read_message('{"type": "ping", "ref": 3}')
Ping(ref=3)
>>> read_message('{"type": "hello", "lang": "fr", "token": null, "last_event": 41, "log": 130, "partie": 2}')
Hello(ref=None, lang='fr', token=None, last_event=41, log=130, partie=2, log_seat=None)
>>> read_message('{"type": "hello", "lang": "fr", "token": null, "last_event": null, "log": "x"}').log is None
True
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import NoReturn

from atout.game import JSONObject
from atout.server.messages import Refusal

LANGS = ("en", "fr")
MAX_NAME = 24
MAX_ACTION = 1000
MAX_TOKEN = 128
MAX_REF = 64
MAX_EVENT = 2**53
MAX_SEAT = 63
Ref = str | int | None


@dataclass(frozen=True)
class Command:
    ref: Ref


@dataclass(frozen=True)
class Hello(Command):
    lang: str
    token: str | None
    last_event: int | None
    log: int | None = None      # log entries of ``partie`` the client holds (anything else: none) ...
    partie: int | None = None
    log_seat: int | None = None  # ... as this seat saw them (-1: a spectator; none: not said)


@dataclass(frozen=True)
class Lang(Command):
    lang: str


@dataclass(frozen=True)
class Sit(Command):
    seat: int
    name: str


@dataclass(frozen=True)
class Act(Command):
    action: str
    event: int
    lang: str = "en"


@dataclass(frozen=True)
class Leave(Command):
    pass


@dataclass(frozen=True)
class Replace(Command):
    seat: int
    bot: str


@dataclass(frozen=True)
class Rematch(Command):
    pass


@dataclass(frozen=True)
class Hint(Command):
    pass


@dataclass(frozen=True)
class LastTrick(Command):
    pass


@dataclass(frozen=True)
class RecordRequest(Command):
    pass


@dataclass(frozen=True)
class Ping(Command):
    pass


def _bad(reason: str) -> Refusal:
    return Refusal("bad_message", reason=reason)


def _int(data: JSONObject, key: str, lo: int, hi: int, nullable: bool = False) -> int | None:
    value = data.get(key)
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise _bad(f"{key} must be a whole number from {lo} to {hi}")
    return value


def _lenient(data: JSONObject, key: str, lo: int = 0) -> int | None:
    """A whole number from ``lo`` to 2**53, or ``None`` for anything else (a hint the server may ignore)."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= MAX_EVENT:
        return None
    return value


def _str(data: JSONObject, key: str, limit: int, nullable: bool = False) -> str | None:
    value = data.get(key)
    if value is None and nullable:
        return None
    if not isinstance(value, str) or not value or len(value) > limit:
        raise _bad(f"{key} must be a text of 1 to {limit} characters")
    if not _unicode(value):
        raise _bad(f"{key} must be Unicode text (no lone surrogate)")
    return value


def _unicode(text: str) -> bool:
    """Whether ``text`` can be written in UTF-8 (JSON's ``\\ud800`` reads as a lone surrogate, which
    cannot: echoed back, it would break the sender of the socket)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lang(data: JSONObject, key: str = "lang", default: str | None = None) -> str:
    value = data.get(key, default)
    if value not in LANGS:
        raise _bad(f"{key} must be one of {', '.join(LANGS)}")
    return str(value)


def clean_name(value: object) -> str | None:
    """A guest name, stripped, if it is 1 to 24 characters with no control character, else ``None``.

    >>> clean_name("  Anne "), clean_name(""), clean_name("a\\nb"), clean_name(3)
    ('Anne', None, None, None)
    """
    if not isinstance(value, str):
        return None
    name = value.strip()
    if not 1 <= len(name) <= MAX_NAME or any(unicodedata.category(c)[0] in "CZ" and c != " " for c in name):
        return None
    return name


# type -> (allowed keys besides type and ref, builder)
_FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("lang", "token", "last_event", "log", "partie", "log_seat"), "lang": ("lang",), "sit": ("seat", "name"),
    "act": ("action", "event", "lang"), "leave": (), "replace": ("seat", "bot"), "rematch": (),
    "hint": (), "last_trick": (), "record": (), "ping": (),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "hello": ("lang",), "lang": ("lang",), "sit": ("seat", "name"), "act": ("action", "event"),
    "replace": ("seat", "bot"),
}


def _ref(data: JSONObject) -> Ref:
    ref = data.get("ref")
    if ref is None:
        return None
    if isinstance(ref, bool) or not isinstance(ref, (str, int)):
        raise _bad("ref must be a text or a whole number")
    if isinstance(ref, str) and len(ref) > MAX_REF:
        raise _bad(f"ref has at most {MAX_REF} characters")
    if isinstance(ref, str) and not _unicode(ref):
        raise _bad("ref must be Unicode text (no lone surrogate)")
    if isinstance(ref, int) and not -MAX_EVENT <= ref <= MAX_EVENT:
        raise _bad("ref is too large")
    return ref


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def decode(text: str | bytes, limit: int) -> JSONObject:
    """The JSON object of a message of at most ``limit`` bytes (``too_large``, ``bad_json``, ``bad_message``)."""
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > limit:
        raise Refusal("too_large", limit=limit)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise Refusal("bad_json") from None
    if not isinstance(data, dict):
        raise _bad("a message is a JSON object")
    return data


def read_message(text: str | bytes, limit: int = 4096) -> Command:
    """The command a client message asks for, checked field by field (see the module's doc)."""
    data = decode(text, limit)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise _bad(f"type must be one of {', '.join(_FIELDS)}")
    ref = _ref(data)
    allowed = set(_FIELDS[kind]) | {"type", "ref"}
    unknown = sorted(k for k in data if k not in allowed)
    if unknown:
        raise _bad(f"unknown field {unknown[0][:40]!r} in {kind}")
    for key in _REQUIRED.get(kind, ()):
        if key not in data:
            raise _bad(f"{kind} needs {key}")
    if kind == "hello":
        return Hello(ref, _lang(data), _str(data, "token", MAX_TOKEN, nullable=True),
                     _int(data, "last_event", 0, MAX_EVENT, nullable=True), _lenient(data, "log"),
                     _lenient(data, "partie"), _lenient(data, "log_seat", -1))
    if kind == "lang":
        return Lang(ref, _lang(data))
    if kind == "sit":
        seat = _int(data, "seat", 0, MAX_SEAT)
        name = _str(data, "name", 200)
        assert seat is not None and name is not None
        return Sit(ref, seat, name)
    if kind == "act":
        action = _str(data, "action", MAX_ACTION)
        event = _int(data, "event", 0, MAX_EVENT)
        assert action is not None and event is not None
        return Act(ref, action, event, _lang(data, default="en"))
    if kind == "replace":
        seat = _int(data, "seat", 0, MAX_SEAT)
        bot = _str(data, "bot", 40)
        assert seat is not None and bot is not None
        return Replace(ref, seat, bot)
    simple: dict[str, type[Command]] = {"leave": Leave, "rematch": Rematch, "hint": Hint, "last_trick": LastTrick,
                                        "record": RecordRequest, "ping": Ping}
    return simple[kind](ref)


def ref_of(text: str | bytes, limit: int = 4096) -> Ref:
    """The ``ref`` of a message that was refused, when it can still be read (else ``None``; a
    message longer than ``limit`` bytes is not read)."""
    if len(text) > limit:
        return None
    try:
        data = json.loads(text, parse_constant=_no_constant)
        return _ref(data) if isinstance(data, dict) else None
    except (ValueError, RecursionError, UnicodeDecodeError, Refusal):
        return None

"""The message reader under arbitrary input: only :class:`Refusal` with a protocol code comes out, and
what it accepts is exactly a well-formed message (the right fields, of the right JSON types, in range).
The examples are derandomized, so that CI runs are reproducible."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.server import schema
from atout.server.messages import MESSAGES, Refusal

CODES = {"bad_json", "bad_message", "too_large"}
TYPES = ["hello", "lang", "sit", "act", "leave", "replace", "rematch", "hint", "last_trick", "record", "ping", "dance"]
KEYS = ["type", "ref", "lang", "token", "last_event", "seat", "name", "action", "event", "bot", "log", "partie",
        "log_seat", "extra"]

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats()
           | st.text(max_size=40) | st.sampled_from(["en", "fr", "KH", "ask 1 count H", "", "٣", "²"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                        max_size=3), max_leaves=8)
messages = st.dictionaries(st.sampled_from(KEYS), values, max_size=6) | st.builds(lambda t, d: {**d, "type": t}, st.sampled_from(TYPES),
                             st.dictionaries(st.sampled_from(KEYS[1:]), values, max_size=5))


def accepted(data: Any) -> bool:
    """The reference rule, written apart from the reader: does ``data`` make a valid message?"""
    def is_int(v: Any, lo: int, hi: int) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi

    def is_text(v: Any, limit: int) -> bool:
        return isinstance(v, str) and 0 < len(v) <= limit

    if not isinstance(data, dict) or data.get("type") not in TYPES[:-1]:
        return False
    kind = data["type"]
    fields = {"hello": {"lang", "token", "last_event", "log", "partie", "log_seat"}, "lang": {"lang"},
              "sit": {"seat", "name"},
              "act": {"action", "event", "lang"}, "replace": {"seat", "bot"}}.get(kind, set())
    if set(data) - fields - {"type", "ref"}:
        return False
    ref = data.get("ref")
    if not (ref is None or (isinstance(ref, str) and len(ref) <= 64) or is_int(ref, -(2**53), 2**53)):
        return False
    checks = {
        "hello": lambda: data.get("lang") in ("en", "fr") and (data.get("token") is None or is_text(data["token"], 128))
        and (data.get("last_event") is None or is_int(data["last_event"], 0, 2**53)),
        "lang": lambda: data.get("lang") in ("en", "fr"),
        "sit": lambda: is_int(data.get("seat"), 0, 63) and is_text(data.get("name"), 200),
        "act": lambda: is_text(data.get("action"), 1000) and is_int(data.get("event"), 0, 2**53)
        and data.get("lang", "en") in ("en", "fr"),
        "replace": lambda: is_int(data.get("seat"), 0, 63) and is_text(data.get("bot"), 40),
    }
    return bool(checks.get(kind, lambda: True)())


@settings(max_examples=200, derandomize=True, deadline=None)
@given(messages)
def test_objects_are_read_exactly_when_well_formed(data: dict[str, Any]) -> None:
    text = json.dumps(data)
    try:
        command = schema.read_message(text, limit=100_000)
    except Refusal as refusal:
        assert refusal.code in CODES and refusal.text("fr") and refusal.text("en")
        assert not accepted(data), (data, refusal.params)
        return
    assert accepted(data), data
    assert isinstance(command, schema.Command)
    if isinstance(command, schema.Hello):   # what the client holds is a hint: anything but a number is none
        for key, lo in (("log", 0), ("partie", 0), ("log_seat", -1)):
            value = data.get(key)
            number = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= 2**53
            assert getattr(command, key) == (value if number else None)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_any_text_or_bytes_gives_a_command_or_a_refusal(raw: str | bytes) -> None:
    try:
        schema.read_message(raw)
    except Refusal as refusal:
        assert refusal.code in CODES and refusal.code in MESSAGES
    assert schema.ref_of(raw) is None or isinstance(schema.ref_of(raw), (str, int))


@settings(max_examples=50, derandomize=True, deadline=None)
@given(st.integers(min_value=4097, max_value=20000))
def test_messages_over_the_limit_are_refused_unread(size: int) -> None:
    text = json.dumps({"type": "act", "action": "x" * size, "event": 1})
    try:
        schema.read_message(text)
    except Refusal as refusal:
        assert refusal.code == "too_large"
    else:
        raise AssertionError("a message over the limit was read")

"""Reading JSON the server did not make in this process — a table's configuration and log read
back from the store, the answers the load bench receives — checked as it is read: a value of the
wrong shape raises :class:`TypeError` naming it, instead of failing somewhere later.

>>> whole({"seat": 2}, "seat"), json_object({"type": "sync"})
(2, {'type': 'sync'})
>>> whole({"seat": "2"}, "seat")
Traceback (most recent call last):
...
TypeError: seat is not a whole number: '2'
"""

from __future__ import annotations

from collections.abc import Mapping

from atout.game import JSONObject


def json_object(value: object) -> JSONObject:
    """``value`` if it is a JSON object."""
    if not isinstance(value, dict):
        raise TypeError(f"not a JSON object: {str(value)[:40]!r}")
    return value


def whole(data: Mapping[str, object], key: str) -> int:
    """The whole number ``data[key]``."""
    value = data[key]
    if not isinstance(value, int):
        raise TypeError(f"{key} is not a whole number: {value!r}")
    return value


def wholes(data: Mapping[str, object], key: str) -> list[int]:
    """The list of whole numbers ``data[key]``."""
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
        raise TypeError(f"{key} is not a list of whole numbers: {value!r}")
    return value


def text_or_none(data: Mapping[str, object], key: str) -> str | None:
    """The text (or ``None``) ``data[key]``."""
    value = data[key]
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{key} is not a text: {value!r}")
    return value

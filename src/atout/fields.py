"""Fast copies of an object's slotted fields, generated once per list of names.

A state keeps its fields in ``__slots__``: the engine reads and writes them on every move, and
slots are the fastest attributes there are (and the smallest). Slots have no ``__dict__`` to copy
in one call, and a loop of ``setattr`` over some fifty names costs microseconds, so the copies a
state needs are generated once, one assignment per field, as :mod:`dataclasses` and
:func:`~collections.namedtuple` generate theirs:

- :func:`copier`: copy named fields from one object to another (a clone);
- :func:`getter`: the values of named fields as one tuple (a snapshot for undo);
- :func:`setter`: assign a tuple of values to named fields (undo, a reset from shared defaults).

>>> class P:
...     __slots__ = ("x", "y")
>>> a, b = P(), P()
>>> setter(("x", "y"))(a, (1, 2)); copier(("x", "y"))(a, b)
>>> getter(("x", "y"))(b)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter
from typing import TypeVar

Copier = Callable[[object, object], None]
Getter = Callable[[object], tuple[object, ...]]
Setter = Callable[[object, Sequence[object]], None]


def _checked(names: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        if not name.isidentifier() or name.startswith("__"):
            raise ValueError(f"not a field name: {name!r}")
    return names


@cache
def copier(names: tuple[str, ...]) -> Copier:
    """``copy(source, target)``: every field of ``names`` of ``source`` set on ``target``."""
    lines = "".join(f"    target.{name} = source.{name}\n" for name in _checked(names)) or "    pass\n"
    space: dict[str, object] = {}
    exec(f"def copy_fields(source, target):\n{lines}", space)  # noqa: S102 - names checked above
    found: Copier = space["copy_fields"]  # type: ignore[assignment]
    return found


@cache
def getter(names: tuple[str, ...]) -> Getter:
    """``get(source)``: the values of the fields ``names``, as a tuple in that order (one C call)."""
    if not names:
        return lambda source: ()
    if len(names) == 1:
        one = attrgetter(_checked(names)[0])
        return lambda source: (one(source),)
    found: Getter = attrgetter(*_checked(names))
    return found


@cache
def setter(names: tuple[str, ...]) -> Setter:
    """``set(target, values)``: the fields ``names`` of ``target`` set to ``values``, in order."""
    if not names:
        return lambda target, values: None
    fields = ", ".join(f"target.{name}" for name in _checked(names))
    space: dict[str, object] = {}
    exec(f"def set_fields(target, values):\n    {fields}, = values\n", space)  # noqa: S102 - names checked above
    found: Setter = space["set_fields"]  # type: ignore[assignment]
    return found


_SHARED: dict[object, object] = {}
_SHARED_LIMIT = 50_000
V = TypeVar("V")


def shared(value: V) -> V:
    """One object for each equal small immutable value (a pair of scores, a tuple of seats): records
    kept for a whole partie (hand results, snapshots) then hold references to the same objects
    instead of copies. The value must be hashable and immutable.

    >>> a, b = shared((2, 0)), shared(tuple([2, 0]))
    >>> a is b
    True
    """
    found = _SHARED.get(value)
    if found is None:
        if len(_SHARED) < _SHARED_LIMIT:
            _SHARED[value] = value
        return value
    return found  # type: ignore[return-value]

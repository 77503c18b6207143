"""Fast copies of an object's slotted fields, generated once per list of names.

A state keeps its fields in ``__slots__``: the engine reads and writes them on every move, and
slots are the fastest attributes there are (and the smallest). Slots have no ``__dict__`` to copy
in one call, and a loop of ``setattr`` over some fifty names costs microseconds, so the copies a
state needs are generated once, one assignment per field, as :mod:`dataclasses` and
:func:`~collections.namedtuple` generate theirs:

- :func:`copier`: copy named fields from one object to another (a clone);
- :func:`getter`: the values of named fields as one tuple (a snapshot for undo);
- :func:`setter`: assign a tuple of values to named fields (undo, a reset from shared defaults).

Given the class whose slots they are (``owner``), each is the compiled
:class:`atout._speedups.Slots`, which reads and writes the fields at their places in the object,
when the extension is built (:mod:`atout.compiled`); the generated Python functions are the
reference, and what runs otherwise.

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
from typing import TYPE_CHECKING, TypeVar, cast

from atout.compiled import speedups

if TYPE_CHECKING:
    from atout import _speedups

Copier = Callable[[object, object], None]
Getter = Callable[[object], tuple[object, ...]]
Setter = Callable[[object, Sequence[object]], None]


def _checked(names: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        if not name.isidentifier() or name.startswith("__"):
            raise ValueError(f"not a field name: {name!r}")
    return names


def _slots(owner: type | None, names: tuple[str, ...]) -> _speedups.Slots | None:
    """The compiled fields of ``owner`` (``None``: not built, no owner, or not all slots of it)."""
    if speedups is None or owner is None:
        return None
    try:
        made: _speedups.Slots = speedups.Slots(owner, _checked(names))
    except ValueError:
        return None
    return made


def copier(names: tuple[str, ...], owner: type | None = None) -> Copier:
    """``copy(source, target)``: every field of ``names`` of ``source`` set on ``target``."""
    slots = _slots(owner, names)
    return slots.copy if slots is not None else pure_copier(names)


def getter(names: tuple[str, ...], owner: type | None = None) -> Getter:
    """``get(source)``: the values of the fields ``names``, as a tuple in that order."""
    slots = _slots(owner, names)
    return slots.get if slots is not None else pure_getter(names)


def setter(names: tuple[str, ...], owner: type | None = None) -> Setter:
    """``set(target, values)``: the fields ``names`` of ``target`` set to ``values``, in order."""
    slots = _slots(owner, names)
    return slots.put if slots is not None else pure_setter(names)


@cache
def pure_copier(names: tuple[str, ...]) -> Copier:
    """:func:`copier` in Python: every field read, then every field set (a field unset changes nothing)."""
    if not names:
        return cast(Copier, _generated("copy_fields", "def copy_fields(source, target):\n    pass\n"))
    targets = ", ".join(f"target.{name}" for name in _checked(names))
    sources = ", ".join(f"source.{name}" for name in names)
    return cast(Copier, _generated("copy_fields", f"def copy_fields(source, target):\n    {targets}, = {sources},\n"))


@cache
def pure_getter(names: tuple[str, ...]) -> Getter:
    """:func:`getter` in Python: one tuple display (faster than ``operator.attrgetter``, whose every
    name is a lookup where the interpreter reads a slot at a known place)."""
    fields = "".join(f"source.{name}, " for name in _checked(names))
    return cast(Getter, _generated("get_fields", f"def get_fields(source):\n    return ({fields})\n"))


@cache
def pure_setter(names: tuple[str, ...]) -> Setter:
    """:func:`setter` in Python: one unpacking assignment."""
    if not names:
        return cast(Setter, _generated("set_fields", "def set_fields(target, values):\n    () = values\n"))
    fields = ", ".join(f"target.{name}" for name in _checked(names))
    return cast(Setter, _generated("set_fields", f"def set_fields(target, values):\n    {fields}, = values\n"))


def _generated(name: str, source: str) -> object:
    space: dict[str, object] = {}
    exec(source, space)  # noqa: S102 - the names are checked identifiers
    return space[name]


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

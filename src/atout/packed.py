"""Read-only sequences kept packed: what a partie keeps for its whole length (a finished hand's
tricks, the score sheet) held as a few bytes, read back as the records it equals.

A subclass says how to read its records back (:meth:`PackedSequence.unpacked`) and what its packed
form is (:meth:`PackedSequence.packed_key`: two of the same class are equal when their packed forms
are); the sequence methods, equality with any sequence of equal records, the hash and the
``repr`` are written here once.

>>> class Doubled(PackedSequence[int]):
...     __slots__ = ("data",)
...     def __init__(self, data: bytes):
...         self.data = data
...     def unpacked(self) -> tuple[int, ...]:
...         return tuple(2 * b for b in self.data)
...     def packed_key(self) -> object:
...         return self.data
>>> seq = Doubled(bytes((1, 2, 3)))
>>> len(seq), seq[-1], seq[:2], list(seq), seq == (2, 4, 6), seq == Doubled(bytes((1, 2, 3))), seq == [2, 4]
(3, 6, (2, 4), [2, 4, 6], True, True, False)
>>> hash(seq) == hash((2, 4, 6)), seq
(True, (2, 4, 6))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class PackedSequence(Sequence[T]):
    """An immutable sequence kept packed (see the module doc); equal to any sequence (not a string)
    of equal records, and hashed as the tuple of them."""

    __slots__ = ()

    def unpacked(self) -> tuple[T, ...]:
        """The records, read back from the packed form."""
        raise NotImplementedError

    def packed_key(self) -> object:
        """The packed form: two sequences of the same class are equal when theirs are."""
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self.unpacked())

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...

    def __getitem__(self, i: int | slice) -> T | tuple[T, ...]:
        return self.unpacked()[i]

    def __iter__(self) -> Iterator[T]:
        return iter(self.unpacked())

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.packed_key() == other.packed_key()
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return self.unpacked() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.unpacked())   # as the tuple it equals

    def __repr__(self) -> str:
        return repr(self.unpacked())

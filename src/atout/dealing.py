"""Shuffling, cutting and dealing by packets.

The shuffle draws from :mod:`secrets` unless a seeded ``random.Random`` is given (tests,
simulations). The cut is a separate, visible step: a rotation of the pack chosen by the
cutting player. A record stores the resulting deal, never only a seed.

>>> import random
>>> pack = shuffled(range(6), random.Random(1))
>>> cut(pack, 2) == pack[2:] + pack[:2]
True
>>> deal_by_packets(list("abcdef"), [0, 1], (1, 2))
[['a', 'c', 'd'], ['b', 'e', 'f']]

For searches and bots, :func:`deal_with_fixed` deals the cards still unseen at random while giving
some slots (hands, talon) cards they are known to hold.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from atout.cards import CardSet, cards_of

T = TypeVar("T")

_SYSTEM = secrets.SystemRandom()


def default_rng() -> random.Random:
    """The shuffle source when none is injected: the operating system's CSPRNG."""
    return _SYSTEM


def shuffled(items: Iterable[T], rng: random.Random | None = None) -> list[T]:
    """A uniformly random order of ``items``.

    One draw in ``[0, n!)`` is read as the mixed-radix digits of a Fisher–Yates shuffle, so every
    order has probability exactly ``1/n!`` — and it costs one call to the random source, not n.
    """
    out = list(items)
    code = (rng or _SYSTEM).randrange(_factorial(len(out)))
    for i, radix, firsts, seconds in _digit_steps(len(out)):
        code, r = divmod(code, radix)
        if firsts is None or seconds is None:
            out[i], out[r] = out[r], out[i]
        else:   # two digits at once: the positions for i and i - 1
            j = firsts[r]
            k = seconds[r]
            out[i], out[j] = out[j], out[i]
            out[i - 1], out[k] = out[k], out[i - 1]
    return out


_STEPS: dict[int, list[tuple[int, int, bytes | None, bytes | None]]] = {}


def _digit_steps(n: int) -> list[tuple[int, int, bytes | None, bytes | None]]:
    """How :func:`shuffled` reads its draw for ``n`` items: digit by digit, from radix ``n`` down
    to 2, as in a Fisher–Yates shuffle; where two consecutive radices multiply to at most 4096,
    one division reads both digits and two small tables give them (the same digits, fewer
    divisions of a big number)."""
    steps = _STEPS.get(n)
    if steps is None:
        steps = []
        i = n - 1
        while i > 0:
            a, b = i + 1, i
            if i > 1 and a * b <= 4096:
                steps.append((i, a * b, bytes(r % a for r in range(a * b)), bytes(r // a for r in range(a * b))))
                i -= 2
            else:
                steps.append((i, a, None, None))
                i -= 1
        _STEPS[n] = steps
    return steps


_FACTORIALS: dict[int, int] = {}


def _factorial(n: int) -> int:
    f = _FACTORIALS.get(n)
    if f is None:
        f = _FACTORIALS[n] = math.factorial(n)
    return f


def cut(pack: Sequence[T], position: int) -> list[T]:
    """Lift the top ``position`` cards and put them under the rest."""
    if not 0 < position < len(pack):
        raise ValueError(f"cut position {position} outside 1..{len(pack) - 1}")
    return [*pack[position:], *pack[:position]]


def cut_range(pack_size: int, min_packet: int) -> range:
    """Allowed cut positions: each packet holds at least ``min_packet`` cards."""
    return range(min_packet, pack_size - min_packet + 1)


def deal_by_packets(pack: Sequence[T], order: Sequence[int], packets: Sequence[int]) -> list[list[T]]:
    """Deal from the top: for each packet size, every seat of ``order`` gets that many cards.

    Returns the hands indexed by seat (``len(order)`` seats numbered ``0 … n-1``), each in the
    order received; cards not dealt stay in the pack.
    """
    hands: list[list[T]] = [[] for _ in order]
    k = 0
    for size in packets:
        for seat in order:
            hands[seat].extend(pack[k:k + size])
            k += size
    return hands


def deal_with_fixed(cards: int | Iterable[int], sizes: Sequence[int], fixed: Mapping[int, int] | None = None,
                    rng: random.Random | None = None) -> list[CardSet]:
    """Deal ``cards`` (a bitmask or the cards) into slots of ``sizes`` (seat hands, a talon …): each
    slot ``k`` gets the cards of ``fixed[k]`` and the rest at random, uniformly among all the
    deals that respect ``fixed``.

    One shuffle (:func:`shuffled`, one draw from ``rng``, by default the operating system's
    CSPRNG) orders the free cards. A slot's cards come as a set: for a talon in order, shuffle it.

    >>> from atout.cards import Card
    >>> pack = CardSet.parse("KH QH JH 10H 9H")
    >>> hands = deal_with_fixed(pack, (2, 3), {0: CardSet.parse("KH")}, random.Random(3))
    >>> Card("KH") in hands[0], [len(h) for h in hands], hands[0] | hands[1] == pack
    (True, [2, 3], True)
    """
    pool = cards if isinstance(cards, int) else int(CardSet.of(cards))
    if sum(sizes) != pool.bit_count():
        raise ValueError(f"the slots take {sum(sizes)} cards, but {pool.bit_count()} are to be dealt")
    hands = [0] * len(sizes)
    taken = 0
    for slot, given in (fixed or {}).items():
        given = int(given)
        if not 0 <= slot < len(sizes):
            raise ValueError(f"no slot {slot} (slots 0 … {len(sizes) - 1})")
        if given & ~pool:
            raise ValueError(f"slot {slot} is given {CardSet(given & ~pool)}, which are not to be dealt")
        if given & taken:
            raise ValueError(f"{CardSet(given & taken)} given to two slots")
        if given.bit_count() > sizes[slot]:
            raise ValueError(f"slot {slot} takes {sizes[slot]} cards but is given {given.bit_count()}")
        hands[slot] |= given
        taken |= given
    free = iter(shuffled(cards_of(pool & ~taken), rng))
    for slot, size in enumerate(sizes):
        for _ in range(size - hands[slot].bit_count()):
            hands[slot] |= 1 << next(free)
    return [CardSet(h) for h in hands]

"""What a hand may call in each class of the declarations: every *call* is a size, a tie-break
(the point's value, the sequence's top, the set's rank), the holding it comes from and its cards.

By default (``sinking=whole``) a call is a whole holding: a suit for the point, a maximal run, a
set. With ``sinking=partial`` a player may also call part of a holding: a point of fewer cards
than the suit holds (any of its cards), a shorter run inside a run (a quart called as a tierce),
three cards of a quatorze (a trio). Two calls of one hand that come from the same holding never
score together.

A class's winner scores, besides the call he made, other calls of his ("also"), each from another
holding and none higher than the one he made: larger, or as large with a higher tie-break
(docs/rules/decisions.md#piquet-sinking).

Sources: *Le Piquet* (loisirs.savoir.fr), « masquer sa main en n'annonçant pas ses combinaisons
les plus fortes »; Cavendish, *The Laws of Piquet* (1882), on sinking part of a holding.

>>> from atout.cards import CardSet
>>> hand = int(CardSet.parse("AS KS QS JS 9H 8H 7H AD AC AH 7D 8C"))
>>> [(c.size, c.tie) for c in pure_calls_of(hand, 1, False)]
[(4, 7), (3, 2)]
>>> sorted({(c.size, c.tie) for c in calls_of(hand, 1, True)}, reverse=True)
[(4, 7), (3, 7), (3, 6), (3, 2)]
>>> also_choices(calls_of(hand, 1, False), 1, 4, None, None)
[(3,), ()]
>>> also_choices(calls_of(hand, 1, True), 1, 3, 6, None)   # a tierce to the king called: the 9-8-7 may follow
[(3,), ()]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations, product
from operator import itemgetter
from typing import NamedTuple

from atout.compiled import speedups
from atout.games.piquet.holdings import (
    PATTERN_LENGTH,
    PATTERN_RUNS,
    PATTERN_VALUE,
    RANK_BITS,
    SEQUENCE_POINTS,
    SET_POINTS,
    SET_RANKS,
    SHIFT,
    SUIT_CARDS,
    run_cards,
)

POINT, SEQUENCES, SETS = range(3)


class Call(NamedTuple):
    """One call a hand may make: ``size`` (cards of the point, length of the run, 3 or 4 of a
    set), ``tie`` (the point's value, the run's top rank, the set's rank), the ``source`` holding
    (a number; calls of one source never score together) and the ``cards`` (a bitmask)."""

    size: int
    tie: int
    source: int
    cards: int


_SIZE_TIE = itemgetter(0, 1)   # a call's size and tie
_SIZE = itemgetter(0)


def pure_calls_of(hand: int, cls: int, partial: bool) -> tuple[Call, ...]:
    """Every call of class ``cls`` ``hand`` may make, largest and highest first: the reference of
    :func:`calls_of`, which is compiled when built for whole holdings (:mod:`atout.compiled`)."""
    found: list[Call]
    if cls == SETS:
        found = []
        for r in SET_RANKS:
            held = hand & RANK_BITS[r]   # the rank's cards in the hand
            count = held.bit_count()
            if count < 3:
                continue
            found.append(Call(count, r, r, held))
            if partial and count == 4:
                found.extend(Call(3, r, r, held & ~(1 << SUIT_CARDS[s][r])) for s in range(4))
    elif partial:
        found = []
        for s in range(4):
            found += suit_calls(cls, s, hand >> SHIFT[s] & 255, partial)
    else:   # whole holdings: each suit's calls read from its table
        t0, t1, t2, t3 = _WHOLE[cls]
        s0, s1, s2, s3 = SHIFT
        found = [*t0[hand >> s0 & 255], *t1[hand >> s1 & 255], *t2[hand >> s2 & 255], *t3[hand >> s3 & 255]]
    found.sort(key=_SIZE_TIE, reverse=True)
    return tuple(found)


@cache
def suit_calls(cls: int, s: int, suit: int, partial: bool) -> tuple[Call, ...]:
    """The calls of class ``cls`` (the point or the sequences) one suit ``s`` held as the pattern
    ``suit`` gives, in the order :func:`calls_of` lists them before sorting: made once per pattern."""
    found: list[Call] = []
    if cls == POINT:
        part = suit
        while part:   # the suit, then (partial) every part of it
            found.append(Call(PATTERN_LENGTH[part], PATTERN_VALUE[part], s, part << SHIFT[s]))
            part = (part - 1) & suit if partial else 0
    else:
        for n, top in PATTERN_RUNS[suit]:
            source = s * 8 + top
            for k in range(3, n + 1) if partial else (n,):
                for t in range(top - (n - k), top + 1):
                    found.append(Call(k, t, source, int(run_cards(s, k, t))))
    return tuple(found)


_WHOLE = tuple(tuple(tuple(suit_calls(cls, s, pattern, False) for pattern in range(256)) for s in range(4))
               for cls in (POINT, SEQUENCES))
"""``_WHOLE[cls][suit][pattern]``: the calls of whole holdings (``sinking=whole``) of the point and the
sequences that a suit held as ``pattern`` gives (:func:`suit_calls`), made at import."""


_SETS = tuple(tuple(Call(pattern.bit_count(), r, r, sum(1 << SUIT_CARDS[s][r] for s in range(4) if pattern >> s & 1))
                    if pattern.bit_count() >= 3 else None for pattern in range(16)) for r in SET_RANKS)
"""``_SETS[i][pattern]``: the set of rank ``SET_RANKS[i]`` a hand holding its cards of the suits ``pattern``
(bit ``s``: suit ``s``) may call (whole holdings), or ``None``."""

calls_of: Callable[[int, int, bool], tuple[Call, ...]] = pure_calls_of
"""Every call of a class a hand may make: :func:`pure_calls_of`, compiled when built (its tables handed over once)."""
if speedups is not None:
    speedups.set_piquet_calls(_WHOLE, _SETS, tuple(tuple(int(SUIT_CARDS[s][r]) for s in range(4)) for r in SET_RANKS),
                              SHIFT, pure_calls_of)
    calls_of = speedups.piquet_calls


def sizes(calls: tuple[Call, ...]) -> tuple[int, ...]:
    """The distinct sizes of ``calls``, largest first."""
    return tuple(sorted(set(map(_SIZE, calls)), reverse=True))


def ties(calls: tuple[Call, ...], size: int) -> tuple[int, ...]:
    """The distinct tie-breaks of the calls of ``size``, highest first."""
    return tuple(sorted({c.tie for c in calls if c.size == size}, reverse=True))


def made(calls: tuple[Call, ...], size: int, exact: int | None, above: int | None) -> list[Call]:
    """The calls that fit a statement of ``size`` whose tie-break was told as ``exact`` (the
    elder's) or found higher than ``above`` (the younger's), ``None`` when not told."""
    return [c for c in calls if c.size == size and (exact is None or c.tie == exact)
            and (above is None or c.tie > above)]


def _others(calls: tuple[Call, ...], declared: Call) -> dict[int, list[Call]]:
    """Per other source, the calls no higher than ``declared``."""
    out: dict[int, list[Call]] = {}
    for c in calls:
        if c.source != declared.source and (c.size, c.tie) <= (declared.size, declared.tie):
            out.setdefault(c.source, []).append(c)
    return out


def also_choices(calls: tuple[Call, ...], cls: int, size: int, exact: int | None,
                 above: int | None) -> list[tuple[int, ...]]:
    """The other calls (their sizes, largest first) the winner of a sequence or set class may add
    to his call of ``size``: each from another holding, none higher than his call. The choice
    that scores most comes first, the empty choice last."""
    found: set[tuple[int, ...]] = set()
    for declared in made(calls, size, exact, above):
        options = [[0, *sorted({c.size for c in group})] for group in _others(calls, declared).values()]
        for picked in product(*options):
            found.add(tuple(sorted((n for n in picked if n), reverse=True)))
    table = SEQUENCE_POINTS if cls == SEQUENCES else SET_POINTS
    return sorted(found, key=lambda c: (-sum(table[n] for n in c), -len(c), [-n for n in c]))


def shows(calls: tuple[Call, ...], size: int, exact: int | None, above: int | None,
          extras: tuple[int, ...]) -> set[int]:
    """The card masks that fit a call of ``size`` (with its told tie-break) and the ``extras``."""
    masks: set[int] = set()
    for declared in made(calls, size, exact, above):
        groups = list(_others(calls, declared).values())
        if len(extras) > len(groups):
            continue
        for chosen in combinations(range(len(groups)), len(extras)):
            for order in _assign(extras, [groups[i] for i in chosen]):
                bits = declared.cards
                for c in order:
                    bits |= c.cards
                masks.add(bits)
    return masks


def _assign(extras: tuple[int, ...], groups: list[list[Call]]) -> list[tuple[Call, ...]]:
    """Each way to give every group one call so that their sizes are ``extras`` (a multiset)."""
    out = []
    for picked in product(*groups):
        if sorted(c.size for c in picked) == sorted(extras):
            out.append(picked)
    return out

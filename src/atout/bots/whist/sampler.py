"""Worlds for a Whist seat: the hidden cards placed uniformly at random among every placing
consistent with what the seat knows.

What a seat knows (read from its observation only): its own hand; the mort's hand once it lies
face up; the cards played and by whom (``obs.tricks``, ``obs.trick``), hence how many cards each
hand still holds; the suits a hand is void in (it did not follow the suit led); the turned card,
in the dealer's hand until he plays it; and the honours at eight spoken in this hand: a player
who *called* was dealt exactly two honours (A K Q J of trumps), a partner who *answered no* none.

**Exact uniform sampling, without rejection.** The hidden cards fall into a few *classes*: the
cards of one suit share the hands they may go to (the hidden hands not void in it), and when an
honour count is known the trump honours are a class of their own, with that hand's count fixed;
the turned card is placed first. A placing is then a *count table* — how many cards of each class
each hand gets — times a way of choosing those cards, and a table with counts ``x[k][h]`` is
reached by ``Π_k multinomial(m_k; x[k])`` placings. ``completions(k, room)`` counts the placings
of classes ``k…`` that fill every hand's remaining ``room`` exactly (memoised; a handful of
classes and three hands make it small). The sampler chooses the counts of class 0 with
probability proportional to ``multinomial × completions(1, room − counts)`` (exact integers,
``rng.randrange``), then class 1 in what room is left, and so on; finally each class's cards are
shuffled and dealt to the hands by those counts. Every consistent placing is thereby drawn with
probability exactly ``1 / completions(0, room)``.

>>> import random
>>> from atout.games import make_game
>>> from atout.game import CHANCE
>>> state, rng = make_game("whist").new_state(), random.Random(7)
>>> while not (state.phase_name == "play" and state.ncards == 5):
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.legal_actions()))
>>> obs = state.observation(state.to_move)
>>> world = next(sample(obs, random.Random(1)))
>>> world[obs.seat] == int(obs.hand), sum(h.bit_count() for h in world) + len(obs.trick) + 4 * len(obs.tricks)
(True, 52)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import product
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from atout.bots.whist.solver import HANDS, World, table_of
from atout.cards import SUIT_INDEX, cards_of
from atout.games.whist.actions import Answer, Call

if TYPE_CHECKING:
    from atout.games.whist.observation import WhistObservation

MORT = 3


class Knowledge(NamedTuple):
    """What a seat knows of the cards still to play (see the module doc), by hand seat."""

    known: tuple[int, ...]          # the cards of each hand the seat sees (0 for a hidden hand)
    hidden: tuple[int, ...]         # the hand seats whose cards it does not see
    sizes: tuple[int, ...]          # the cards each hand still holds
    pool: int                       # the cards it does not see
    voids: tuple[int, ...]          # per hand, a bit per suit it is known to lack
    fixed: tuple[int, ...]          # per hand, hidden cards known to be there (the turned card)
    honours: tuple[int | None, ...]  # per hand, how many free hidden trump honours it holds, when known
    honour_mask: int                 # the trump honours


class Class(NamedTuple):
    """Hidden cards that may go to the same hands, with any counts known per hand."""

    cards: tuple[int, ...]
    allowed: tuple[int, ...]
    counts: tuple[int | None, ...]   # per hand seat: the exact number it holds, or None


def knowledge_of(obs: WhistObservation) -> Knowledge:
    """What ``obs``'s seat knows of the cards still to play."""
    table = table_of(obs)
    played_by = [0] * HANDS
    voids = [0] * HANDS
    for leader, cards in [(t.leader, t.cards) for t in obs.tricks] + ([(obs.trick[0][0], [c for _, c in obs.trick])]
                                                                       if obs.trick else []):
        first = obs.places.index(leader)
        led = SUIT_INDEX[cards[0]]
        for k, card in enumerate(cards):
            hand = obs.places[(first + k) % HANDS]
            played_by[hand] |= 1 << card
            if SUIT_INDEX[card] != led:
                voids[hand] |= 1 << led
    hand_size = table.pack_size // HANDS          # thirteen, or twelve without the twos
    sizes = tuple(hand_size - played_by[h].bit_count() for h in range(HANDS))
    known = [0] * HANDS
    if obs.hand is not None and obs.seat is not None:
        known[obs.seat] = int(obs.hand)
    if obs.mort_hand is not None:
        known[MORT] = int(obs.mort_hand)
    seen = [obs.seat] if obs.hand is not None and obs.seat is not None else []
    if obs.mort_hand is not None:
        seen.append(MORT)
    hidden = tuple(h for h in range(HANDS) if h not in seen)
    pool = table.pack & ~int(obs.played)
    for h in seen:
        pool &= ~known[h]
    fixed = [0] * HANDS
    if obs.turned is not None and obs.turned_in_hand_of in hidden:
        fixed[obs.turned_in_hand_of] = 1 << obs.turned
    honour_mask = table.honour_mask[int(obs.trump)] if obs.trump is not None else 0
    dealt: list[int | None] = [None] * HANDS
    for entry in obs.log.since(obs.log.hand_start):
        item = entry.item
        if type(item) is Call:
            dealt[entry.seat] = 2
        elif type(item) is Answer and not item.yes:
            dealt[entry.seat] = 0
    honours = tuple(_honours_left(dealt[h], played_by[h] | fixed[h], honour_mask) if h in hidden else None
                    for h in range(HANDS))
    return Knowledge(tuple(known), hidden, sizes, pool, tuple(voids), tuple(fixed), honours, honour_mask)


def _honours_left(dealt: int | None, gone: int, honour_mask: int) -> int | None:
    """Of ``dealt`` honours (``None``: unknown), those not among the cards ``gone`` (played or fixed)."""
    return None if dealt is None else dealt - (gone & honour_mask).bit_count()


def classes_of(k: Knowledge) -> list[Class]:
    """The hidden cards not fixed in a hand, grouped by the hands they may go to (and the trump
    honours apart when a hand's count of them is known)."""
    free = k.pool
    for f in k.fixed:
        free &= ~f
    split = any(n is not None for n in k.honours)
    groups: dict[tuple[tuple[int, ...], bool], list[int]] = {}
    for card in cards_of(free):
        allowed = tuple(h for h in k.hidden if not k.voids[h] >> SUIT_INDEX[card] & 1)
        honour = split and bool(k.honour_mask >> card & 1)
        groups.setdefault((allowed, honour), []).append(card)
    out = []
    for (allowed, honour), cards in sorted(groups.items()):
        counts = tuple(k.honours[h] if honour else None for h in range(HANDS))
        out.append(Class(tuple(cards), allowed, counts))
    if split and not any(honour for _, honour in groups):    # no honour left hidden: the counts must be 0
        out.append(Class((), tuple(k.hidden), k.honours))
    return out


def _splits(m: int, allowed: Sequence[int], room: Sequence[int], counts: Sequence[int | None]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``m`` cards to the ``allowed`` hands within their ``room`` (a count per
    hand seat), the ``counts`` known exactly."""
    ranges = [_range(counts[h], min(m, room[h])) for h in allowed]
    for chosen in product(*ranges):
        if sum(chosen) != m or any(c > room[h] for c, h in zip(chosen, allowed, strict=True)):
            continue
        x = [0] * HANDS
        for c, h in zip(chosen, allowed, strict=True):
            x[h] = c
        if all(counts[h] is None or x[h] == counts[h] for h in range(HANDS)):
            yield tuple(x)


def _range(count: int | None, most: int) -> range:
    return range(most + 1) if count is None else range(count, count + 1)


def _multinomial(x: Sequence[int]) -> int:
    out, total = 1, 0
    for c in x:
        total += c
        out *= comb(total, c)
    return out


class Sampler:
    """Uniform placings of a seat's hidden cards (see the module doc); made once per decision."""

    def __init__(self, obs: WhistObservation):
        self.knowledge = k = knowledge_of(obs)
        self.classes = classes_of(k)
        self.room0 = tuple(k.sizes[h] - k.fixed[h].bit_count() if h in k.hidden else 0 for h in range(HANDS))
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        if self.completions(0, self.room0) == 0:
            raise ValueError("no placing of the hidden cards is consistent with the observation")

    def completions(self, index: int, room: tuple[int, ...]) -> int:
        """Placings of classes ``index…`` that fill ``room`` exactly."""
        if index == len(self.classes):
            return int(not any(room))
        key = (index, room)
        found = self._memo.get(key)
        if found is None:
            cls = self.classes[index]
            found = 0
            for x in _splits(len(cls.cards), cls.allowed, room, cls.counts):
                found += _multinomial(x) * self.completions(index + 1, tuple(r - c for r, c in zip(room, x, strict=True)))
            self._memo[key] = found
        return found

    def world(self, rng: random.Random) -> World:
        """One placing, uniformly at random."""
        k = self.knowledge
        hands = [k.known[h] | k.fixed[h] for h in range(HANDS)]
        room = self.room0
        for index, cls in enumerate(self.classes):
            options = []
            total = 0
            for x in _splits(len(cls.cards), cls.allowed, room, cls.counts):
                after = tuple(r - c for r, c in zip(room, x, strict=True))
                weight = _multinomial(x) * self.completions(index + 1, after)
                if weight:
                    total += weight
                    options.append((total, x, after))
            pick = rng.randrange(total)
            _, x, room = next(o for o in options if pick < o[0])
            cards = list(cls.cards)
            rng.shuffle(cards)
            at = 0
            for h in range(HANDS):
                for card in cards[at:at + x[h]]:
                    hands[h] |= 1 << card
                at += x[h]
        return hands[0], hands[1], hands[2], hands[3]


def sample(obs: WhistObservation, rng: random.Random) -> Iterator[World]:
    """Endless worlds for ``obs``'s seat, each uniformly random among the consistent placings."""
    sampler = Sampler(obs)
    while True:
        yield sampler.world(rng)


__all__ = ["Class", "Knowledge", "Sampler", "classes_of", "knowledge_of", "sample"]

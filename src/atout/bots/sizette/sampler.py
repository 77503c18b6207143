"""Worlds for a Sizette or Quadrette seat: every other hand placed uniformly at random among the
placings consistent with all the seat knows (:class:`~atout.bots.sizette.knowledge.Knowledge`).

What a world must satisfy comes from :class:`Knowledge` alone (one reading of the talk), as
plain facts about each other seat's *current* hand: the cards it surely holds (``known``), the
cards it may hold (not in ``excl``), its size, and per suit a range for its number of cards (a
stated count or « not void » is about the hand as dealt: the cards it has played of the suit
since are taken off). In Quadrette the talon's seven hidden cards are a seat of their own that
nobody sees (it may hold any card no seat surely holds). Every statement kind reduces to these
facts (``count``, ``top``, ``cards``, ``highest``, ``void`` yes or no, ``hold`` yes or no, a
``NoCard`` after a command, an obeyed ``high``/``low`` command, a rejected revoke claim, the
voids shown by failing to follow suit when ``table_law_mode`` is off); ``nothing`` says nothing.

Exact and uniform. The seats bound by nothing but their size (and the talon) are *free*: given
what the others take, the rest is dealt to them in multinomially many ways, the same number
whatever the rest is. The other seats are *bound*, placed one after the other. Before bound seat
``j`` takes its cards, the hidden cards fall into classes (same suit, same bound seats ``j``… that
may hold them; classes that only earlier seats told apart merge); a world is how many cards each
bound seat takes of each class, then which ones. The number of completions of every partial
choice is counted exactly (memoised on the classes' sizes: products of binomials), each choice is
drawn with probability proportional to its completions, the cards of a class uniformly, and the
free seats share the rest at random: every consistent placing has the same probability.

Counting is fast under talk (stated counts cut the choices), but much free talk (many single cards
said not held, by many seats) can make it costly: past :data:`BUDGET` listed choices, worlds are
drawn exactly from looser facts (the cards left out of a suit whose count is unknown given back,
then of every suit) and kept only when they meet every fact — rejection, so still uniform; if
fewer than :data:`MIN_ACCEPTANCE` of them are kept, the exact count is made whatever it costs.

>>> import random
>>> from atout.games import make_game
>>> from atout.cards import Card, CardSet
>>> from atout.chance import Deal
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> state = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
...                                               {"dealer": "5", "captains": "0,1"})
>>> obs = state.observation(0)
>>> world = next(sample(obs, random.Random(1)))
>>> world[0] == obs.hand, [len(h) for h in world], Card("9C") in world[5]
(True, [6, 6, 6, 6, 6, 6], True)
>>> from math import comb
>>> count_worlds(obs) == comb(29, 5) * comb(24, 6) * comb(18, 6) * comb(12, 6)
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from itertools import accumulate, product
from math import comb, log2
from typing import TYPE_CHECKING

from atout.bots.sizette.knowledge import Knowledge
from atout.cards import SUIT_INDEX, SUIT_MASK, CardSet, cards_of
from atout.games import make_game
from atout.games.sizette.spec import SizetteGame
from atout.games.sizette.talk import Question, answers

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

World = tuple[CardSet, ...]
Sampler = Callable[["SizetteObservation", random.Random], Iterator[World]]
"""A source of endless worlds for an observation's seat: :func:`sample`, maybe with options bound or weighed."""
_card_set = int.__new__

class NoWorld(ValueError):
    """No placing of the hidden cards agrees with the observation (never, for a true one)."""


class TooCostly(RuntimeError):
    """Counting exactly would list more choices than the budget allows."""


class Constraints:
    """The facts every world of ``obs``'s seat must satisfy, and the exact count of its worlds.

    Per seat ``s`` (``n``: the Quadrette talon): ``forced[s]`` (cards it surely holds),
    ``allowed[s]`` (the other cards it may hold), ``room[s]`` (how many of those it holds) and
    ``ranges[s][suit]`` (``(low, high)`` of them in the suit). ``free``: the seats bound by
    their size only; ``bound``: the others, in the order the sampler places them.
    ``talk=False``: the facts the cards alone give, every word of the talk ignored.
    """

    def __init__(self, obs: SizetteObservation, relax: int = 0, talk: bool = True, known: Mapping[int, int] | None = None):
        if obs.seat is None:
            raise ValueError("a spectator has no worlds: sample for a seat")
        k = self.knowledge = Knowledge(obs, talk)
        for seat, cards in (known or {}).items():   # what a yardstick is handed: a team-mate's hand
            k.known[seat] |= cards
        n, me = k.n, k.me
        self.n, self.me = n, me
        self.mine = k.mine
        hidden = k.live & ~k.mine
        self.hidden = hidden
        sizes = list(obs.hand_sizes)
        others = [s for s in range(n) if s != me]
        talon = hidden.bit_count() - sum(sizes[s] for s in others)
        if talon < 0:
            raise NoWorld("fewer hidden cards than the hands hold")
        seats = others + ([n] if talon else [])
        sizes.append(talon)
        forced = [0] * (n + 1)
        placed = 0
        for s in others:
            forced[s] = k.known[s] & hidden
            if forced[s] & placed or forced[s].bit_count() > sizes[s]:
                raise NoWorld(f"seat {s} cannot hold all it is known to hold")
            placed |= forced[s]
        pool = hidden & ~placed
        self.pool = pool
        self.forced = forced
        self.sizes = sizes
        self.seats = seats
        self.allowed = [0] * (n + 1)
        self.room = [0] * (n + 1)
        self.ranges: list[list[tuple[int, int]]] = [[(0, 0)] * 4 for _ in range(n + 1)]
        free: list[int] = []
        bound: list[tuple[int, int]] = []
        for s in seats:
            room = sizes[s] - forced[s].bit_count()
            allowed = pool if s == n else pool & ~k.excl[s]
            self.room[s], self.allowed[s] = room, allowed
            if relax and s != n:
                allowed = self._relaxed(s, allowed, relax)
            binding = allowed != pool
            spread = 1
            for q in range(4):
                low, high = self._range(s, q, room, allowed)
                if low > high:
                    raise NoWorld(f"seat {s} cannot hold the cards stated of suit {q}")
                self.ranges[s][q] = (low, high)
                binding = binding or low > 0 or high < min(room, (pool & SUIT_MASK[q]).bit_count())
                spread *= high - low + 1
            if binding:
                bound.append((spread, s))
            else:
                free.append(s)
        self.free = free
        self.bound = [s for _, s in sorted(bound)]
        self._classes()
        self._memo: list[dict[tuple[int, ...], int]] = [{} for _ in self.bound]
        self._picks: list[dict[tuple[int, ...], tuple[list[int], list[tuple[tuple[int, ...], tuple[int, ...]]]]]] = \
            [{} for _ in self.bound]
        self._suit_options: dict[tuple[int, int, tuple[int, ...]], list[tuple[int, int, tuple[int, ...]]]] = {}
        self.work = 0                  # choices listed so far (the cost of counting)
        self.budget: int | None = None  # the most choices to list before giving up (None: no limit)

    def _relaxed(self, s: int, allowed: int, relax: int) -> int:
        """``allowed`` with the cards it leaves out of a suit it may hold given back (those suits
        whose count is unknown if ``relax`` is 1, every suit if 2): a looser fact, for rejection."""
        k = self.knowledge
        for q in range(4):
            mask = SUIT_MASK[q] & self.pool
            if allowed & mask and (relax > 1 or (k.count[s][q] is None and not k.least[s][q])):
                allowed |= mask
        self.allowed[s] = allowed
        return allowed

    def _range(self, s: int, q: int, room: int, allowed: int) -> tuple[int, int]:
        """How many more cards of suit ``q`` than its forced ones seat ``s`` holds (low, high)."""
        mask = SUIT_MASK[q]
        high = min(room, (allowed & mask).bit_count())
        if s == self.n:
            return 0, high
        k = self.knowledge
        gone = (k.played_by[s] & mask).bit_count() + (self.forced[s] & mask).bit_count()
        stated = k.count[s][q]
        low = max(k.least[s][q], stated or 0) - gone
        if stated is not None:
            high = min(high, stated - gone)
        return max(low, 0), high

    def _classes(self) -> None:
        """The pool's cards in classes, level by level: at level ``j`` (before bound seat ``j``
        takes its cards) by suit and by which of the bound seats ``j``… may hold them. A class
        of level ``j`` falls into one of level ``j + 1`` (``merge[j]``); the last level is one class."""
        bound = self.bound
        if not self.free and any(not any(self.allowed[s] >> c & 1 for s in bound) for c in cards_of(self.pool)):
            raise NoWorld("a hidden card nobody may hold")   # no free seat to take it
        cards = [1 << c for c in cards_of(self.pool)]
        keys: list[list[tuple[int, ...]]] = []
        for j in range(len(bound) + 1):
            later = bound[j:]
            keys.append([(SUIT_INDEX[b.bit_length() - 1], *(self.allowed[s] & b and 1 for s in later)) if later else ()
                         for b in cards])
        self.levels: list[list[tuple[int, ...]]] = [sorted(set(level)) for level in keys]
        index = [{key: i for i, key in enumerate(level)} for level in self.levels]
        self.class_cards: list[list[int]] = [[] for _ in self.levels[0]]
        for b, key in zip(cards, keys[0], strict=True):
            self.class_cards[index[0][key]].append(b)
        self.start: tuple[int, ...] = tuple(len(group) for group in self.class_cards)
        self.merge: list[list[int]] = []
        for j in range(len(bound)):
            into = [0] * len(self.levels[j])
            for key, nxt in zip(keys[j], keys[j + 1], strict=True):
                into[index[j][key]] = index[j + 1][nxt]
            self.merge.append(into)
        # per bound seat and suit: the classes of its level it may take from
        self.seat_classes: list[list[list[int]]] = [
            [[i for i, key in enumerate(self.levels[j]) if key[0] == q and key[1]] for q in range(4)]
            for j in range(len(bound))]

    def _after(self, j: int, left: list[int]) -> tuple[int, ...]:
        """The classes of level ``j + 1`` that the cards ``left`` of level ``j`` fall into."""
        out = [0] * len(self.levels[j + 1])
        for c, x in zip(self.merge[j], left, strict=True):
            out[c] += x
        return tuple(out)

    # ------------------------------------------------------------------ counting

    def _per_suit(self, j: int, q: int, left: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
        """Bound seat ``j``'s ways to take cards of suit ``q``: ``(how many, ways, per class)``."""
        key = (j, q, left)
        found = self._suit_options.get(key)
        if found is None:
            low, high = self.ranges[self.bound[j]][q]
            found = []
            for ks in product(*(range(r + 1) for r in left)):
                t = sum(ks)
                if low <= t <= high:
                    ways = 1
                    for r, x in zip(left, ks, strict=True):
                        ways *= comb(r, x)
                    found.append((t, ways, ks))
            self._suit_options[key] = found
        return found

    def _options(self, j: int, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """Bound seat ``j``'s choices at ``state``: ``(ways, cards it takes of each class, state after)``."""
        classes = self.seat_classes[j]
        per_suit = [self._per_suit(j, q, tuple(state[c] for c in classes[q])) for q in range(4)]
        room = self.room[self.bound[j]]
        out: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

        def walk(q: int, need: int, ways: int, after: list[int]) -> None:
            if q == 4:
                if need == 0:
                    out.append((ways, tuple(a - b for a, b in zip(state, after, strict=True)), self._after(j, after)))
                return
            cls = classes[q]
            for t, w, ks in per_suit[q]:
                if t <= need:
                    nxt = after[:]
                    for c, x in zip(cls, ks, strict=True):
                        nxt[c] -= x
                    walk(q + 1, need - t, ways * w, nxt)

        walk(0, room, 1, list(state))
        self.work += len(out) + 1
        if self.budget is not None and self.work > self.budget:
            raise TooCostly(f"more than {self.budget} choices to count")
        return out

    def completions(self, j: int, state: tuple[int, ...]) -> int:
        """Ways for bound seats ``j``… to take their cards from ``state`` (the free ones' share aside)."""
        if j == len(self.bound):
            return 1
        memo = self._memo[j]
        found = memo.get(state)
        if found is None:
            found = memo[state] = sum(w * self.completions(j + 1, after) for w, _, after in self._options(j, state))
        return found

    def count(self) -> int:
        """The number of worlds (placings of the hidden cards, talon included)."""
        total = self.completions(0, self.start)
        left = sum(self.room[s] for s in self.free)
        for s in self.free:
            total *= comb(left, self.room[s])
            left -= self.room[s]
        return total

    def admits(self, hands: tuple[int, ...] | list[int], talon: int | None = None) -> bool:
        """Whether a placing (each seat's current hand; the talon's hidden cards: the rest) meets
        every fact: the test that the sampler never excludes the true deal."""
        n = self.n
        if hands[self.me] != self.mine:
            return False
        rest = self.hidden
        for s in range(n):
            if s != self.me:
                if hands[s] & ~rest:
                    return False
                rest &= ~hands[s]
        full = list(hands) + [rest if talon is None else talon]
        for s in self.seats:
            hand = full[s]
            if hand.bit_count() != self.sizes[s] or hand & self.forced[s] != self.forced[s]:
                return False
            extra = hand & ~self.forced[s]
            if extra & ~self.allowed[s]:
                return False
            for q in range(4):
                low, high = self.ranges[s][q]
                if not low <= (extra & SUIT_MASK[q]).bit_count() <= high:
                    return False
        return rest.bit_count() == (self.sizes[n] if n in self.seats else 0)

    # ------------------------------------------------------------------ sampling

    def _pick(self, j: int, state: tuple[int, ...], rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Bound seat ``j``'s share of each class at ``state``, drawn by its completions; and the state after."""
        found = self._picks[j].get(state)
        if found is None:
            options = self._options(j, state)
            weights = [w * self.completions(j + 1, after) for w, _, after in options]
            found = self._picks[j][state] = (list(accumulate(weights)), [(k, a) for _, k, a in options])
        cumulative, chosen = found
        return chosen[bisect_right(cumulative, rng.randrange(cumulative[-1]))]

    def world(self, rng: random.Random) -> World:
        """One world, uniformly at random among all of them."""
        if not self.completions(0, self.start):
            raise NoWorld("no placing of the hidden cards agrees with the observation")
        hands = self.forced[:]
        hands[self.me] = self.mine
        state = self.start
        groups = self.class_cards
        for j, seat in enumerate(self.bound):
            takes, state = self._pick(j, state, rng)
            merged: list[list[int]] = [[] for _ in state]
            got = 0
            for c, (group, x) in enumerate(zip(groups, takes, strict=True)):
                if x:
                    if x < len(group):
                        group = rng.sample(group, len(group))
                    got |= sum(group[:x])
                    group = group[x:]
                merged[self.merge[j][c]] += group
            hands[seat] |= got
            groups = merged
        rest = [b for group in groups for b in group]
        if rest:
            rng.shuffle(rest)
            at = 0
            for s in self.free:
                x = self.room[s]
                hands[s] |= sum(rest[at:at + x])
                at += x
        return tuple([_card_set(CardSet, h) for h in hands[:self.n]])


BUDGET = 4_000
"""Choices the exact count may list before the sampler turns to rejection from looser facts."""
MIN_ACCEPTANCE = 0.02
"""Below this share of worlds kept (after :data:`TRIES` tries), rejection gives way to the exact count."""
TRIES = 500


def sample(obs: SizetteObservation, rng: random.Random, budget: int = BUDGET, talk: bool = True,
           known: Mapping[int, int] | None = None) -> Iterator[World]:
    """Endless worlds for ``obs``'s seat: each seat's current hand (the seat's own as it is),
    uniformly at random among the placings consistent with the observation.

    Exact when counting fits ``budget``; else (much free talk: many single cards left out of
    hands) worlds are drawn exactly from looser facts (those cards given back) and kept when
    they meet every fact, which is still uniform; if too few are kept, the exact count is made
    whatever it costs. ``talk=False`` ignores every word of the talk (a yardstick: what talk
    inference is worth); ``known`` gives seats cards they surely hold (the ``side_oracle``
    yardstick: its team-mates' hands)."""
    exact = Constraints(obs, talk=talk, known=known)
    exact.budget = budget
    try:
        exact.completions(0, exact.start)
    except TooCostly:
        for relax in (1, 2):
            loose = Constraints(obs, relax, talk, known)
            loose.budget = budget
            try:
                loose.completions(0, loose.start)
            except TooCostly:
                continue
            loose.budget = None
            kept = tries = 0
            while tries < TRIES or kept >= MIN_ACCEPTANCE * tries:
                world = loose.world(rng)
                tries += 1
                if exact.admits(world):
                    kept += 1
                    yield world
            break
    exact.budget = None
    while True:
        yield exact.world(rng)


def count_worlds(obs: SizetteObservation) -> int:
    """How many placings of the hidden cards agree with ``obs`` (talon placings included)."""
    return Constraints(obs).count()


@lru_cache(maxsize=8)
def _strength(game: str) -> tuple[int, ...]:
    found = make_game(game)
    assert isinstance(found, SizetteGame)
    return tuple(found.order.strength)


def answer_entropy(obs: SizetteObservation, target: int, question: Question, rng: random.Random, worlds: int = 200) -> float:
    """How much ``target``'s fullest true answer to ``question`` would tell ``obs``'s seat: the
    entropy (bits) of that answer over ``worlds`` sampled worlds (0: it is known already).
    A statement is about the hand as dealt, so each world's hand gets back the cards played.

    >>> import random
    >>> from atout.games import make_game
    >>> from atout.cards import Card, Suit
    >>> game = make_game("sizette")
    >>> state = game.state_from_deal(game.deal_from_pack(list(game.pack), dealer=5), {"captains": "0,1"})
    >>> obs = state.observation(0)
    >>> answer_entropy(obs, 2, Question("count", Suit.HEARTS), random.Random(3)) > 1.0
    True
    >>> answer_entropy(obs, 2, Question("hold", card=Card("7S")), random.Random(3))
    0.0
    """
    strength = _strength(obs.game)
    played = Knowledge(obs).played_by[target] if target != obs.seat else 0
    seen: dict[str, int] = {}
    stream = sample(obs, rng)
    for _ in range(worlds):
        hand = next(stream)[target] | played
        said = str(answers(question, hand, strength)[-2])  # the fullest true answer ("nothing" is last)
        seen[said] = seen.get(said, 0) + 1
    return max(0.0, -sum(c / worlds * log2(c / worlds) for c in seen.values()))


__all__ = ["BUDGET", "Constraints", "NoWorld", "Sampler", "TooCostly", "World", "answer_entropy", "count_worlds",
           "sample"]

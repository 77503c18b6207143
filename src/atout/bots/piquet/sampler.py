"""Worlds a Piquet seat cannot tell apart from the real one, drawn uniformly, from its observation
alone (after the exchange).

**What is hidden.** The opponent's twelve cards after the exchange (``A``), less what the seat saw
of them — the cards he played, the cards he showed on request, the cards of the talon the seat
looked at that he must have taken — and, out of play, his discard and the talon cards nobody
showed. Every card the seat did not see lies in the *pool*; ``A`` is its known part and a subset
of the pool of the right size.

**What is known of A** (hard constraints only: sinking is allowed, so ``good`` says nothing):

- what he *said*: the elder's statement (a holding of that size; with ``sinking=partial`` a holding
  of at least that size, whatever its value, for a call may be part of it), the tie-break he told, the
  younger's ``not good`` (a larger holding; after a tie-break, a better one) or ``equal``, the
  younger's own declaration, and the other holdings the winner of a class added — in each class
  a group of holdings that ``A`` must hold, distinct holdings for a group (the point: a suit's
  length and value; sequences: a run's length and top; sets: a count of tens to aces and the rank);
- the suits he failed to follow (no other card of them);
- the cards of the talon the elder looked at and left: the younger took the first of them, as many
  as he took (``min(taken, looked at)`` of them are in ``A``, the rest out of play);
- a carte blanche shown: his twelve dealt cards; ``A`` keeps all of them but as many as he
  discarded.

**The method** is exact and needs no rejection. ``A`` is the union of its four suits' patterns.
For each suit, every pattern the pool allows is summarised by what the constraints read of it
(its length, its cards in each counted set, its point and runs where a statement is about them,
its ranks where a set is). A dynamic programme over the four suits counts, for every summary of
the suits so far, how many hands reach it; the summaries that meet every constraint at the end
are the consistent hands, counted exactly. A world is drawn backwards: a final summary in
proportion to its count, then for each suit a predecessor and a summary of that suit in proportion
to theirs, then a pattern of that summary at random — so each consistent ``A`` is equally likely
(the split of the rest between the discard and the talon is the same number of ways for each ``A``).
The programme is built once per observation (about a millisecond; a tenth of a second at worst, on
600 positions) and each world then costs a few microseconds, however tight the declarations are.

>>> import random
>>> from atout.games.piquet.spec import PiquetGame
>>> state, rng = PiquetGame().new_state(), random.Random(4)
>>> while state.phase_name != "play":
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> obs = state.observation(state.to_move)
>>> world = next(sample(obs, random.Random(1)))
>>> world.hands[obs.seat] == int(obs.hand), world.hands[1 - obs.seat].bit_count()
(True, 12)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate, permutations
from typing import Any, NamedTuple

from atout.bots.piquet.solver import PACK, World
from atout.games.piquet.events import Seen, Taken
from atout.games.piquet.holdings import (
    PATTERN_LENGTH,
    PATTERN_RUNS,
    PATTERN_VALUE,
    RANK_BITS,
    SET_RANKS,
    SHIFT,
    SUIT_BITS,
    SUIT_OF,
)

HAND = 12
NO_TIE = (-1, 999)


class Pred(NamedTuple):
    """A holding of size in ``[low, high]`` whose tie-break value is in ``[tie_low, tie_high]``."""

    low: int
    high: int
    tie_low: int = NO_TIE[0]
    tie_high: int = NO_TIE[1]

    def fits(self, size: int, tie: int) -> bool:
        return self.low <= size <= self.high and self.tie_low <= tie <= self.tie_high


class Knowledge(NamedTuple):
    """What the seat knows of the opponent's hand after the exchange (see the module)."""

    opponent: int
    known: int                                       # cards known to be in A
    played: int                                      # cards of A already played
    pool: int                                        # cards A's unknown part is drawn from
    counted: tuple[tuple[int, int], ...]             # (mask, exactly this many in A)
    groups: tuple[tuple[tuple[Pred, ...], ...], ...]  # per class: groups of holdings A holds
    unseen: int                                      # every card the seat has not seen


def _class_groups(obs: Any, opp: int) -> tuple[tuple[tuple[Pred, ...], ...], ...]:
    """Per class, the groups of holdings the dialogue says the opponent holds."""
    out: list[list[tuple[Pred, ...]]] = [[], [], []]
    for e in obs.dialogue:
        groups = out[e.cls]
        s, v, answers = e.stated, e.told, e.answers
        extras = tuple(Pred(n, n) for n in e.extras or ()) if e.winner == opp else ()
        main: Pred | None = None
        if opp == obs.elder:
            if s > 0:
                main = Pred(s, s, v, v) if v >= 0 else Pred(s, s)
                groups.append((main, *extras))
            continue
        if answers and answers[0] != "good":
            main = Pred(s + 1, 99) if answers[0] == "not_good" else Pred(s, s)
            groups.append((main,))
        if len(answers) >= 2 and answers[1] != "good":
            main = Pred(s, s, v + 1, 999) if answers[1] == "not_good" else Pred(s, s, v, v)
            groups.append((main,))
        if e.younger_declared > 0:
            size = e.younger_declared
            if main is None or main.low != size or main.high != size:
                main = Pred(size, size)
            groups.append((main,))
        if extras and main is not None:
            groups.append((main, *extras))
    if obs.options.get("sinking") == "partial":   # a call may be part of a holding: at least its size, any value
        return tuple(tuple(tuple(Pred(p.low, 99) for p in g) for g in groups) for groups in out)
    return tuple(tuple(g) for g in out)


def knowledge(obs: Any) -> Knowledge:
    """Read what ``obs``'s seat knows of its opponent's hand (after the exchange)."""
    if obs.seat not in (0, 1):
        raise ValueError("a seat's observation is needed")
    if obs.phase.startswith("exchange") or obs.phase in ("draw", "cut", "deal", "carte_blanche_discard"):
        raise ValueError("worlds are drawn once the exchange is over")
    me = obs.seat
    opp = 1 - me
    elder = obs.elder
    younger = 1 - elder
    seen = 0 if obs.discard is None else int(obs.discard)
    seen |= int(obs.hand) | int(obs.left_cards)
    played = 0
    voids = 0
    for leader, lead, follow, _ in obs.tricks:
        seen |= 1 << lead | 1 << follow
        opp_card = lead if leader == opp else follow
        played |= 1 << opp_card
        if leader == me and SUIT_OF[follow] != SUIT_OF[lead]:
            voids |= SUIT_BITS[SUIT_OF[lead]]
    for leader, card in obs.trick:
        seen |= 1 << card
        if leader == opp:
            played |= 1 << card
    known = played | int(obs.shown[opp])
    # the talon cards the seat looked at: the elder's leftovers of his five, the cards left
    looked = left = 0
    younger_took = False
    for entry in obs.log.since(obs.log.hand_start):
        item = entry.item
        if isinstance(item, Taken) and item.seat == younger:
            younger_took = True
        elif isinstance(item, Seen) and item.cards is not None:
            if item.how == "expose" or me == younger or younger_took:
                left |= int(item.cards)
            else:
                looked |= int(item.cards)
    counted: list[tuple[int, int]] = []
    if me == elder and looked:
        if left:        # he saw what was left: the rest of what he looked at, the younger took
            known |= looked & ~left
        else:
            counted.append((looked, min(obs.discard_sizes[younger], looked.bit_count())))
    seen |= left | known
    if obs.carte_blanche == opp and obs.carte_blanche_cards:
        dealt = int(obs.carte_blanche_cards)
        counted.append((dealt, HAND - obs.discard_sizes[opp]))
    pool = PACK & ~seen & ~voids & ~known
    return Knowledge(opp, known, played, pool, tuple(counted), _class_groups(obs, opp), PACK & ~seen)


def _matches(groups: tuple[tuple[Pred, ...], ...], holdings: list[tuple[int, int]]) -> bool:
    """Whether each group's holdings can be found among ``holdings`` (distinct ones for a group)."""
    for group in groups:
        if len(group) == 1:
            pred = group[0]
            if not any(pred.fits(n, t) for n, t in holdings):
                return False
            continue
        if not any(all(p.fits(*h) for p, h in zip(group, chosen, strict=True))
                   for chosen in permutations(holdings, len(group))):
            return False
    return True


def _relevant(groups: tuple[tuple[Pred, ...], ...], size: int, tie: int) -> bool:
    return any(p.fits(size, tie) for g in groups for p in g)


class Hands:
    """Every opponent's hand consistent with a :class:`Knowledge`, counted suit by suit (see the
    module), and drawn uniformly."""

    def __init__(self, know: Knowledge):
        self.know = know
        _, runs, sets = know.groups
        # a class whose groups are single holdings is read as the set of groups met (a bitmask);
        # runs with the winner's others, as the runs that could meet one; sets, as the counts of
        # the ranks that could make one
        self.single_runs = all(len(g) == 1 for g in runs)
        reachable = know.known | know.pool
        self.ranks = tuple(r for r in SET_RANKS
                           if (reachable & RANK_BITS[r]).bit_count() >= 3
                           and any(p.tie_low <= r <= p.tie_high for g in sets for p in g))
        layers: list[dict[tuple[Any, ...], list[tuple[Any, int, tuple[int, ...]]]]] = []
        start = (0, (0,) * len(know.counted), 0, 0 if self.single_runs else (), (0,) * len(self.ranks))
        states: dict[tuple[Any, ...], int] = {start: 1}
        targets = tuple(n for _, n in know.counted)
        complete: dict[tuple[Any, ...], bool] = {}
        single_runs = self.single_runs
        for suit in range(4):
            kinds = self._suit_kinds(suit)
            last = suit == 3
            nxt: dict[tuple[Any, ...], int] = {}
            back: dict[tuple[Any, ...], list[tuple[Any, int, tuple[int, ...]]]] = {}
            for state, weight in states.items():
                length, counts, pts, rns, ranks = state
                for (k_len, k_counts, k_pt, k_runs, k_ranks), patterns in kinds.items():
                    total = length + k_len
                    if total > HAND or (last and total != HAND):
                        continue
                    new_counts = tuple(a + b for a, b in zip(counts, k_counts, strict=True))
                    if any(c > t for c, t in zip(new_counts, targets, strict=True)):
                        continue
                    new = (total, new_counts, pts | k_pt, rns | k_runs if single_runs else tuple(sorted(rns + k_runs)),
                           tuple(a + b for a, b in zip(ranks, k_ranks, strict=True)))
                    if last:
                        ok = complete.get(new)
                        if ok is None:
                            ok = complete[new] = self._complete(new, targets)
                        if not ok:
                            continue
                    w = weight * len(patterns)
                    nxt[new] = nxt.get(new, 0) + w
                    back.setdefault(new, []).append((state, w, patterns))
            layers.append(back)
            states = nxt
        self.layers = layers
        self.states = list(states)
        self.cumulative = list(accumulate(states.values()))
        self.count = self.cumulative[-1] if states else 0
        self._tables: dict[tuple[int, tuple[Any, ...]], tuple[list[tuple[Any, int, tuple[int, ...]]], list[int]]] = {}

    def _suit_kinds(self, suit: int) -> dict[tuple[Any, ...], tuple[int, ...]]:
        """The patterns of ``A`` in ``suit`` the pool allows, by what the constraints read of them."""
        know = self.know
        shift = SHIFT[suit]
        fixed = know.known >> shift & 255
        free = know.pool >> shift & 255
        point, runs, _ = know.groups
        kinds: dict[tuple[Any, ...], list[int]] = {}
        sub = free
        while True:
            pattern = fixed | sub
            mask = pattern << shift
            counts = tuple((mask & m).bit_count() for m, _ in know.counted)
            length = PATTERN_LENGTH[pattern]
            value = PATTERN_VALUE[pattern]
            pt = sum(1 << i for i, g in enumerate(point) if length and g[0].fits(length, value))
            held = PATTERN_RUNS[pattern]
            rn: Any
            if self.single_runs:
                rn = sum(1 << i for i, g in enumerate(runs) if any(g[0].fits(n, top) for n, top in held))
            else:
                rn = tuple((n, top) for n, top in held if _relevant(runs, n, top))
            rk = tuple(pattern >> r & 1 for r in self.ranks)
            kinds.setdefault((length, counts, pt, rn, rk), []).append(pattern)
            if not sub:
                break
            sub = (sub - 1) & free
        return {k: tuple(v) for k, v in kinds.items()}

    def _complete(self, state: tuple[Any, ...], targets: tuple[int, ...]) -> bool:
        length, counts, pts, rns, ranks = state
        if length != HAND or counts != targets:
            return False
        point, runs, sets = self.know.groups
        if pts != (1 << len(point)) - 1:
            return False
        if self.single_runs:
            if rns != (1 << len(runs)) - 1:
                return False
        elif not _matches(runs, list(rns)):
            return False
        if sets:
            held = [(n, r) for n, r in zip(ranks, self.ranks, strict=True) if n >= 3]
            if not _matches(sets, held):
                return False
        return True

    def draw(self, rng: random.Random) -> int:
        """One consistent ``A`` (an engine bitmask), uniformly."""
        if not self.count:
            raise ValueError("no hand is consistent with what the seat knows")
        state = self.states[bisect_right(self.cumulative, rng.randrange(self.count))]
        hand = 0
        for suit in range(3, -1, -1):
            options, cumulative = self._table(suit, state)
            state, _, patterns = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            hand |= patterns[rng.randrange(len(patterns))] << SHIFT[suit]
        return hand

    def _table(self, suit: int, state: tuple[Any, ...]) -> tuple[list[tuple[Any, int, tuple[int, ...]]], list[int]]:
        key = (suit, state)
        found = self._tables.get(key)
        if found is None:
            options = self.layers[suit][state]
            found = self._tables[key] = (options, list(accumulate(w for _, w, _ in options)))
        return found


def sample(obs: Any, rng: random.Random) -> Iterator[World]:
    """Endless worlds consistent with ``obs`` (see the module), each equally likely."""
    know = knowledge(obs)
    hands = Hands(know)
    me = obs.seat
    mine = int(obs.hand)
    while True:
        after = hands.draw(rng)
        theirs = after & ~know.played
        both = (mine, theirs) if me == 0 else (theirs, mine)
        yield World(both, know.unseen & ~after)


__all__ = ["Hands", "Knowledge", "Pred", "knowledge", "sample"]

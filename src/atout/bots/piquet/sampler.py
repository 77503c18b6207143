"""Worlds a Piquet seat cannot tell apart from the real one, drawn uniformly, from its observation
alone (after the exchange).

**What is hidden.** The opponent's twelve cards after the exchange (``A``), less what the seat saw
of them — the cards he played, the cards he showed on request, the cards of the talon the seat
looked at that he must have taken — and, out of play, his discard and the talon cards nobody
showed. Every card the seat did not see lies in the *pool*; ``A`` is its known part and a subset
of the pool of the right size.

**What is known of A** (hard constraints only: sinking is allowed, so ``good`` says nothing):

- what he *said*, read as the engine checks it (:func:`~atout.games.piquet.declarations.dialogue_moves`)
  against the *calls* his hand may make (:func:`~atout.games.piquet.calls.calls_of`: whole holdings,
  or with ``sinking=partial`` parts of them too — a point of fewer cards, a tierce inside a quart,
  a trio of a quatorze): the elder's statement (a call of that size), the tie-break he told (a call
  of that size and value), the younger's ``not good`` (a larger call; after a tie-break, a higher
  one) or ``equal``, the younger's own declaration, and the other calls the winner of a class
  added, each from another holding and none higher than his call;
- the cards he showed on request: what the engine shows for the calls he scored
  (:func:`~atout.games.piquet.calls.shows`), so each of those calls has its cards among them;
- the suits he failed to follow (no other card of them);
- the cards of the talon the elder looked at and left: the younger took the first of them, as many
  as he took (``min(taken, looked at)`` of them are in ``A``, the rest out of play);
- a carte blanche shown: his twelve dealt cards; ``A`` keeps all of them but as many as he
  discarded.

**The method** is exact. ``A`` is the union of its four suits' patterns. For each suit, every
pattern the pool allows is summarised by what the constraints read of it (its length, its cards in
each counted set, which statements of the point and of the sequences its calls meet — by holding,
where the winner added others —, its ranks where a set is stated). A dynamic programme over the
four suits counts, for every summary of the suits so far, how many hands reach it; the summaries
that meet every constraint at the end are the hands that make every statement, counted exactly. A
hand is drawn backwards: a final summary in proportion to its count, then for each suit a
predecessor and a summary of that suit in proportion to theirs, then a pattern of that summary at
random — so each such hand is equally likely (the split of the rest between the discard and the
talon is the same number of ways for each ``A``). Two things the programme does not read: that no
other call added is higher than the call made, and that the cards shown are exactly what the calls
show (not only that each call's cards are among them). Where he added calls or showed cards, a
hand drawn is checked against both with the engine's own rules (:func:`honours`) and drawn again if
it fails: a uniform draw kept only when consistent is uniform among the consistent hands. Few are
drawn again: of 463 positions of random deals where he added calls or showed cards, every hand
drawn was kept in 459, and half of them at worst.
The programme is built once per observation (a third of a millisecond on average, 13 ms at worst,
on 1,400 positions) and each world then costs a few microseconds, however tight the declarations are.

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
from functools import lru_cache, reduce
from itertools import accumulate, permutations, product
from operator import or_
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from atout.bots.piquet.solver import PACK, World
from atout.cards import CardSet
from atout.games.piquet.calls import POINT, SEQUENCES, SETS, also_choices, calls_of, shows
from atout.games.piquet.events import Seen, Taken
from atout.games.piquet.holdings import PATTERN_LENGTH, RANK_BITS, SET_RANKS, SHIFT, SUIT_BITS, SUIT_CARDS, SUIT_OF

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation

HAND = 12
NO_TIE = (-1, 999)
MAX_DRAWS = 100_000   # hands drawn for one world before giving up (see the module: half are kept at worst)


class Pred(NamedTuple):
    """A call of size in ``[low, high]`` whose tie-break value is in ``[tie_low, tie_high]`` (and,
    when ``within`` is not 0, whose cards all lie in ``within``: the cards shown)."""

    low: int
    high: int
    tie_low: int = NO_TIE[0]
    tie_high: int = NO_TIE[1]
    within: int = 0

    def fits(self, size: int, tie: int) -> bool:
        return self.low <= size <= self.high and self.tie_low <= tie <= self.tie_high


class Claim(NamedTuple):
    """A class the opponent won: the size he declared, what the tie-break told says of that call
    (``exact``: he told it; ``above``: he found the elder's « not good »; the engine's
    :func:`~atout.games.piquet.calls.made`) and the other calls he added."""

    cls: int
    size: int
    exact: int | None
    above: int | None
    extras: tuple[int, ...]


class Knowledge(NamedTuple):
    """What the seat knows of the opponent's hand after the exchange (see the module)."""

    opponent: int
    known: int                                       # cards known to be in A
    played: int                                      # cards of A already played
    pool: int                                        # cards A's unknown part is drawn from
    counted: tuple[tuple[int, int], ...]             # (mask, exactly this many in A)
    groups: tuple[tuple[tuple[Pred, ...], ...], ...]  # per class: groups of calls A can make
    unseen: int                                      # every card the seat has not seen
    partial: bool = False                            # sinking=partial: a call may be part of a holding
    won: tuple[Claim, ...] = ()                      # the classes he won
    shown: int = 0                                   # the cards he showed on request

    @property
    def checked(self) -> bool:
        """Whether a drawn hand is checked (:func:`honours`): he added other calls, or showed cards."""
        return bool(self.shown) or any(c.extras for c in self.won)


def _class_groups(obs: PiquetObservation, opp: int
                  ) -> tuple[tuple[tuple[tuple[Pred, ...], ...], ...], tuple[Claim, ...]]:
    """Per class, the groups of calls the dialogue says the opponent can make, each as the engine
    asks it (:func:`~atout.games.piquet.declarations.dialogue_moves`: a call of the size stated, of
    the tie-break told, a larger one for « not good » ...), and the calls he showed; and the
    classes he won."""
    out: list[list[tuple[Pred, ...]]] = [[], [], []]
    won: list[tuple[Claim, Pred]] = []
    for e in obs.dialogue:
        groups = out[e.cls]
        s, v, answers = e.stated, e.told, e.answers
        extras = tuple(Pred(n, n) for n in e.extras or ()) if e.winner == opp else ()
        main: Pred | None = None
        if opp == obs.elder:
            if s > 0:
                main = Pred(s, s, v, v) if v >= 0 else Pred(s, s)
                groups.append((main, *extras))
                if e.winner == opp:
                    won.append((Claim(e.cls, s, v if v >= 0 else None, None, e.extras or ()), main))
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
            groups.append((main, *extras))
            if e.winner == opp:
                won.append((Claim(e.cls, size, None, v if len(answers) == 2 else None, e.extras or ()), main))
    shown = int(obs.shown[opp])
    if shown:       # what he showed: the calls he scored, each with its cards among those shown
        for claim, main in won:
            out[claim.cls].append(tuple(p._replace(within=shown) for p in (main, *(Pred(n, n) for n in claim.extras))))
    return tuple(tuple(g) for g in out), tuple(claim for claim, _ in won)


def knowledge(obs: PiquetObservation) -> Knowledge:
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
    seen |= int(cast(CardSet, obs.hand)) | int(obs.left_cards)
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
    groups, won = _class_groups(obs, opp)
    return Knowledge(opp, known, played, pool, tuple(counted), groups, PACK & ~seen,
                     obs.options.get("sinking") == "partial", won, int(obs.shown[opp]))


Calls = tuple[tuple[int, int, int], ...]
"""Calls of one holding as ``(size, tie, cards)``."""


@lru_cache(maxsize=4096)
def _suit_calls(pattern: int, cls: int, partial: bool) -> tuple[Calls, ...]:
    """The calls of class ``cls`` (point or sequences) a suit's ``pattern`` makes on its own, as
    the engine lists them (:func:`~atout.games.piquet.calls.calls_of`): one tuple per holding
    they come from, the cards as a pattern."""
    by_source: dict[int, list[tuple[int, int, int]]] = {}
    for c in calls_of(pattern << SHIFT[0], cls, partial):
        by_source.setdefault(c.source, []).append((c.size, c.tie, c.cards >> SHIFT[0]))
    return tuple(tuple(calls) for calls in by_source.values())


@lru_cache(maxsize=64)
def _rank_calls(count: int, rank: int, partial: bool) -> tuple[tuple[int, int], ...]:
    """The set calls ``count`` cards of ``rank`` make (the engine's), as ``(size, tie)`` pairs."""
    cards = sum(1 << SUIT_CARDS[s][rank] for s in range(count))
    return tuple(sorted({(c.size, c.tie) for c in calls_of(cards, SETS, partial)}))


def _signature(preds: tuple[Pred, ...], calls: Calls, shift: int) -> int:
    """The preds (a bitmask of their positions) some call of one holding of a suit fits."""
    return sum(1 << i for i, p in enumerate(preds)
               if any(p.fits(n, t) and not (p.within and cards << shift & ~p.within) for n, t, cards in calls))


def _set_signature(preds: tuple[Pred, ...], count: int, rank: int, partial: bool) -> int:
    """The preds some set call of ``count`` cards of ``rank`` fits (its cards can be any of them:
    those that must have been shown, as many as shown)."""
    return sum(1 << i for i, p in enumerate(preds)
               if any(p.fits(n, t) and not (p.within and n > (p.within & RANK_BITS[rank]).bit_count())
                      for n, t in _rank_calls(count, rank, partial)))


def _matches(groups: tuple[tuple[int, ...], ...], holdings: list[int]) -> bool:
    """Whether each group of preds (their positions) is met by ``holdings`` (each a
    :func:`_signature`), distinct holdings for the preds of one group."""
    for group in groups:
        if len(group) == 1:
            bit = 1 << group[0]
            if not any(sig & bit for sig in holdings):
                return False
            continue
        if not any(all(sig >> i & 1 for i, sig in zip(group, chosen, strict=True))
                   for chosen in permutations(holdings, len(group))):
            return False
    return True


def honours(know: Knowledge, hand: int) -> bool:
    """Whether ``hand`` (the opponent's after the exchange) could add the other calls he added
    (none higher than the call he made) and show the cards he showed, by the engine's rules
    (:mod:`atout.games.piquet.calls`). What the programme of :class:`Hands` does not read."""
    masks: list[set[int]] = []
    for claim in know.won:
        if not (claim.extras or know.shown):
            continue
        calls = calls_of(hand, claim.cls, know.partial)
        if claim.extras and claim.extras not in also_choices(calls, claim.cls, claim.size, claim.exact, claim.above):
            return False
        if know.shown:
            masks.append(shows(calls, claim.size, claim.exact, claim.above, claim.extras))
    if not know.shown:
        return True
    return any(reduce(or_, combo, 0) == know.shown for combo in product(*masks))


Runs = Any   # Any: an int or a tuple, as the docstring says
"""What :class:`Hands` reads of the sequences held so far: the preds met (a bitmask, ``int``) when
every group of the class is one call, else the holdings' signatures (``tuple[int, ...]``, sorted).
``Hands.single_runs`` says which: a link between two values that mypy cannot follow, so it is left unchecked."""
Read = tuple[int, int, int, Runs, int]
"""A state of the count: cards so far, the counted sets' fields, the point's preds met, the runs, the ranks."""
Kind = tuple[int, int, Runs, int, tuple[int, ...]]
"""Patterns of one suit read alike: counts, point, runs, ranks, and the patterns."""
Step = tuple[Read, int, tuple[int, ...]]
"""One way into a state: the state before, the hands it counts, the suit's patterns taken."""


class Hands:
    """Every opponent's hand consistent with a :class:`Knowledge`, counted suit by suit (see the
    module), and drawn uniformly. ``count`` counts the hands that meet every statement but the
    order of the other calls added and the cards shown, which each draw checks (:func:`honours`)."""

    def __init__(self, know: Knowledge):
        self.know = know
        _, runs, sets = know.groups
        # the preds of a class, in a row; each group as their positions
        self.flat = tuple(tuple(p for g in groups for p in g) for groups in know.groups)
        self.index = tuple(self._positions(groups) for groups in know.groups)
        # a class whose groups are single calls is read as the set of groups met (a bitmask);
        # runs with the winner's others, as the holdings that could meet a pred; sets, as the
        # counts of the ranks that could make one
        self.single_runs = all(len(g) == 1 for g in runs)
        reachable = know.known | know.pool
        self.ranks = tuple(r for r in SET_RANKS
                           if (reachable & RANK_BITS[r]).bit_count() >= 3
                           and any(p.tie_low <= r <= p.tie_high for g in sets for p in g))
        # the cards in each counted set, in 5-bit fields, start at 15 less the number wanted: a
        # field over 15 (its bit 4 set) has too many; every field at 15, exactly as many
        self.full = sum(15 << 5 * i for i in range(len(know.counted)))
        start_counts = sum((15 - n) << 5 * i for i, (_, n) in enumerate(know.counted))
        over = sum(16 << 5 * i for i in range(len(know.counted)))
        layers: list[dict[Read, list[Step]]] = []
        start = (0, start_counts, 0, 0 if self.single_runs else (), 0)
        states: dict[Read, int] = {start: 1}
        complete: dict[Read, bool] = {}
        single_runs = self.single_runs
        for suit in range(4):
            by_length = self._suit_kinds(suit)
            last = suit == 3
            nxt: dict[Read, int] = {}
            back: dict[Read, list[Step]] = {}
            for state, weight in states.items():
                length, counts, pts, rns, ranks = state
                room = HAND - length
                for k_len in (room,) if last else range(min(room, 8) + 1):
                    total = length + k_len
                    for k_counts, k_pt, k_runs, k_ranks, patterns in by_length.get(k_len, ()):
                        new_counts = counts + k_counts
                        if new_counts & over:
                            continue
                        new = (total, new_counts, pts | k_pt,
                               rns | k_runs if single_runs else tuple(sorted(rns + k_runs)), ranks + k_ranks)
                        if last:
                            ok = complete.get(new)
                            if ok is None:
                                ok = complete[new] = self._complete(new)
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
        self._tables: dict[tuple[int, Read], tuple[list[Step], list[int]]] = {}

    @staticmethod
    def _positions(groups: tuple[tuple[Pred, ...], ...]) -> tuple[tuple[int, ...], ...]:
        out = []
        i = 0
        for g in groups:
            out.append(tuple(range(i, i + len(g))))
            i += len(g)
        return tuple(out)

    def _suit_kinds(self, suit: int) -> dict[int, list[Kind]]:
        """The patterns of ``A`` in ``suit`` the pool allows, by what the constraints read of them:
        by length, ``(counts, point, runs, ranks, patterns)`` (counts and ranks in bit fields)."""
        know = self.know
        shift = SHIFT[suit]
        fixed = know.known >> shift & 255
        free = know.pool >> shift & 255
        point, runs, _ = self.flat
        partial = know.partial
        point_groups = tuple(1 << g[0] for g in self.index[POINT])
        run_groups = tuple(1 << g[0] for g in self.index[SEQUENCES])
        kinds: dict[tuple[int, int, int, Runs, int], list[int]] = {}
        sub = free
        while True:
            pattern = fixed | sub
            mask = pattern << shift
            counts = sum((mask & m).bit_count() << 5 * i for i, (m, _) in enumerate(know.counted))
            pt = 0
            if point:
                sig = _signature(point, tuple(c for source in _suit_calls(pattern, POINT, partial) for c in source), shift)
                pt = sum(1 << i for i, bit in enumerate(point_groups) if sig & bit)
            rn: Runs
            sigs = tuple(_signature(runs, calls, shift) for calls in _suit_calls(pattern, SEQUENCES, partial)) if runs else ()
            if self.single_runs:
                rn = sum(1 << i for i, bit in enumerate(run_groups) if any(sig & bit for sig in sigs))
            else:
                rn = tuple(sig for sig in sigs if sig)
            rk = sum((pattern >> r & 1) << 3 * i for i, r in enumerate(self.ranks))
            kinds.setdefault((PATTERN_LENGTH[pattern], counts, pt, rn, rk), []).append(pattern)
            if not sub:
                break
            sub = (sub - 1) & free
        by_length: dict[int, list[Kind]] = {}
        for (length, *read), patterns in kinds.items():
            by_length.setdefault(length, []).append((*read, tuple(patterns)))
        return by_length

    def _complete(self, state: Read) -> bool:
        length, counts, pts, rns, ranks = state
        if length != HAND or counts != self.full:
            return False
        point, runs, sets = self.index
        if pts != (1 << len(point)) - 1:
            return False
        if self.single_runs:
            if rns != (1 << len(runs)) - 1:
                return False
        elif not _matches(runs, list(rns)):
            return False
        if sets:
            flat, partial = self.flat[SETS], self.know.partial
            held = [_set_signature(flat, n, r, partial) for i, r in enumerate(self.ranks) if (n := ranks >> 3 * i & 7) >= 3]
            if not _matches(sets, held):
                return False
        return True

    def draw(self, rng: random.Random) -> int:
        """One consistent ``A`` (an engine bitmask), uniformly: a hand the programme counts, drawn
        again until it :func:`honours` what the programme does not read (a uniform draw among
        more hands, kept when consistent, is uniform among the consistent ones)."""
        if not self.count:
            raise ValueError("no hand is consistent with what the seat knows")
        if not self.know.checked:
            return self._draw(rng)
        for _ in range(MAX_DRAWS):
            hand = self._draw(rng)
            if honours(self.know, hand):
                return hand
        raise ValueError(f"no hand of {MAX_DRAWS} drawn honours what the seat knows")

    def _draw(self, rng: random.Random) -> int:
        state = self.states[bisect_right(self.cumulative, rng.randrange(self.count))]
        hand = 0
        for suit in range(3, -1, -1):
            options, cumulative = self._table(suit, state)
            state, _, patterns = options[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            hand |= patterns[rng.randrange(len(patterns))] << SHIFT[suit]
        return hand

    def _table(self, suit: int, state: Read) -> tuple[list[Step], list[int]]:
        key = (suit, state)
        found = self._tables.get(key)
        if found is None:
            options = self.layers[suit][state]
            found = self._tables[key] = (options, list(accumulate(w for _, w, _ in options)))
        return found


def sample(obs: PiquetObservation, rng: random.Random) -> Iterator[World]:
    """Endless worlds consistent with ``obs`` (see the module), each equally likely."""
    know = knowledge(obs)
    hands = Hands(know)
    me = obs.seat
    mine = int(cast(CardSet, obs.hand))   # a seat's observation: its hand is shown
    while True:
        after = hands.draw(rng)
        theirs = after & ~know.played
        both = (mine, theirs) if me == 0 else (theirs, mine)
        yield World(both, know.unseen & ~after)


__all__ = ["Claim", "Hands", "Knowledge", "Pred", "honours", "knowledge", "sample"]

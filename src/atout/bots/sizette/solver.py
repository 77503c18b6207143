"""The double-dummy solver of Sizette and Quadrette: the exact value of a position with every card
visible, on the game's true objective (docs/rules/decisions.md#hand-end, #vole, #quadrette-win-rule).

**Value.** The hand points of the mover's side minus the other side's, as the hand ends under best
play by both sides: ``+1``/``-1`` for winning/losing the hand, ``±2`` for a vole, ``0`` for a null
hand (3–3 under ``four_needed``). When a hand ends and what it scores is the engine's
(:func:`atout.games.sizette.scoring.after_trick`, asked once for every count of tricks when a
solver is built); the solver only searches.

**The vole decision** belongs to the side leading 3–0 (4–0 under ``four_needed``): the search makes
it a max node of that side (stop: the plain win; go on: play for every trick). Going on never
scores less than stopping (a failed vole still scores 1), so under best play the side goes on, and
the vole is worth 2 exactly when that side can take every remaining trick.

**Table-law mode** (:mod:`atout.games.sizette.table_law`). The search follows suit; a card that does
not follow suit while its player could is a revoke, and every side that revokes loses 2 in place of
the hand's score (whatever the tricks: :data:`REVOKE`). A revoking card is valued so; once a seat
has revoked (it holds, or later played, a suit it failed to follow), every card is worth the
charges due.

**Technique.** A boolean null-window search ("is side 0's value at least ``t``?") for the few
thresholds that decide the exact value (bisection over the values a hand may end with); a
transposition table of bounds at trick starts, keyed on relative ranks (a card's rank among the
cards of its suit still in play, the trump renamed suit 0, so deals and trumps share entries), kept
between calls; cards of one hand adjacent among the cards still in play searched once; cut-offs at
trick starts from the tricks each side is sure of (the trumps of one seat above every opposing
trump) and the tricks the leader can cash in a row, turned into bounds of the value by the
engine's verdicts; within a trick whose taking settles the question (the fifth trick at 2–2, any
trick the defenders of a vole take…), a stop as soon as the side that wants it can take it
whatever the others play (a card's strength in the trick does not depend on their choices, so
every seat left playing its strongest card says who can); winning cards tried first (cheap ones
when the partner wins).

Measure: ``python -m tests.bots.test_sizette_solver [deals] [game]`` times :func:`value` on fresh
deals at trick 1.

>>> from atout.games import make_game
>>> rules = make_game("sizette").rules
>>> hands = [CardSet.parse(h, "en") for h in ("KS QS", "JS AS", "10S 9S", "8S 7S", "6S KH", "QH JH")]
>>> pos = Position(tuple(map(int, hands)), trump=0, leader=0, tricks_won=(2, 2))
>>> solve(rules, pos)          # seat 0 leads a king of trumps: the fifth trick, and the hand
1
>>> sorted((str(c), v) for c, v in card_values(rules, pos).items())
[('KS', 1), ('QS', 1)]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from atout.actions import Action
from atout.cards import ALL_CARDS, SUIT_INDEX, SUIT_MASK, Card, CardSet, cards_of
from atout.game import Observation, OptionValue
from atout.games import make_game
from atout.games.sizette import scoring
from atout.games.sizette.actions import Vole
from atout.games.sizette.rules import Rules
from atout.games.sizette.spec import SizetteGame
from atout.games.sizette.table_law import REVOKE_POINTS

if TYPE_CHECKING:
    from atout.games.sizette.events import TrickRecord
    from atout.games.sizette.observation import SizetteObservation
    from atout.games.sizette.state import SizetteState

__all__ = ["REVOKE", "Position", "Solver", "card_values", "position_of", "revoked_sides", "rules_of", "solve",
           "solver_for", "value", "vole_values", "world_of"]

REVOKE = REVOKE_POINTS
"""What a revoke costs the side that makes it, in place of the hand's score."""
TABLE_LIMIT = 100_000
"""Entries a solver's tables keep before they are emptied (memory stays bounded)."""

_SUIT = tuple(0xFFFF << (16 * s) for s in range(4))     # the search's suits: 16 bits each, the trump first
_NONE = 2                                               # no vole team, no first side (in the tables)
Verdict = tuple[int, int, int]
Context = tuple[Any, ...]   # Any: mixed items read at a computed index (below)
"""What every node of one trick reads: the leader, the cards in play, the tricks each side has won,
the vole team, the first side, the threshold (ints), the verdict if side 0 or side 1 wins the
trick (:data:`Verdict`) and whether each settles the question (ints). Its items stay untyped: the
search reads the winning side's verdict and settling at a computed index (``ctx[7 + side]``), which
a tuple of typed items cannot follow."""


class Position(NamedTuple):
    """A position without an observation: every hand (engine card bitmasks by seat), the trump
    suit, the seat that led (or is to lead) the trick in progress and its cards so far, the tricks
    each side has won, the side going for the vole, and (``play_out_all_tricks``) the side that
    reached the winning number of tricks first."""

    hands: tuple[int, ...]
    trump: int
    leader: int
    trick: tuple[int, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)
    vole_team: int | None = None
    first_to_win: int | None = None

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


class Solver:
    """The search for one set of rules (seats, sides, winning number of tricks, play-out, ranks);
    its tables are kept between calls (up to :data:`TABLE_LIMIT` entries).

    >>> solver = solver_for(make_game("quadrette", {"win_rule": "four_needed"}).rules)
    >>> solver.n, solver.possible
    (4, [-2, -1, 0, 1, 2])
    """

    def __init__(self, rules: Rules, cutoffs: bool = True):
        self.rules = rules
        self.cutoffs = cutoffs
        """``False``: the plain search, without the sure and quick tricks nor the tricks that
        settle the question (slower; a check of those cut-offs)."""
        self.n = rules.n
        self.side_of = rules.side_of
        self.strength = rules.strength
        self.verdicts = _verdicts(rules)
        self.possible = sorted({v[1] for v in self.verdicts if v[0] == 0} | {v[2] for v in self.verdicts if v[0] == 2})
        """Side 0's values a hand may end with: the thresholds worth searching."""
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        """Trick starts searched (a measure)."""
        self._hands = [0] * self.n
        bounds = _bounds(self.verdicts, rules.hand_size)
        if not cutoffs:
            bounds = _plain(bounds)
        self._root = _build(self, bounds)

    def values(self, pos: Position) -> dict[int, int]:
        """Side 0's exact value after each card the mover may play (following suit), by engine card
        id; cards adjacent among those still in play are searched once."""
        to_int, from_int = _internal(self.strength, pos.trump)
        hands = self._hands
        for s in range(self.n):
            hands[s] = _convert(pos.hands[s], to_int)
        trick = [to_int[c] for c in pos.trick]
        if min(trick, default=0) < 0 or len(trick) >= self.n:
            raise ValueError("the trick holds a card of another pack, or too many cards")
        mover = pos.to_move
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        hand = hands[mover]
        legal = hand & _SUIT[trick[0] >> 4] or hand if trick else hand
        if not legal:
            raise ValueError(f"seat {mover} holds no card")
        cards = []                                  # the cards to search, and the same cards
        twins = []
        for c in _bits(legal):
            below = live & _SUIT[c >> 4] & ((1 << c) - 1)
            if below and hand >> (below.bit_length() - 1) & 1:
                twins.append((c, below.bit_length() - 1))
            else:
                cards.append(c)
        found = self._bisect(pos, trick, cards, live)
        for c, twin in twins:                       # lowest first: its twin is valued already
            found[c] = found[twin]
        return {from_int[c]: v for c, v in found.items()}

    def _bisect(self, pos: Position, trick: list[int], cards: list[int], live: int) -> dict[int, int]:
        """Side 0's value after the mover plays each of ``cards`` (internal ids): a bisection over
        the values a hand may end with, one step for every card in turn (the same question for
        every card first: their searches share the table best)."""
        n = self.n
        mover = pos.to_move
        won0, won1 = pos.tricks_won
        vole = _NONE if pos.vole_team is None else pos.vole_team
        first = _NONE if pos.first_to_win is None else pos.first_to_win
        possible = self.possible
        hands = self._hands
        tricks = {}
        for card in cards:
            played = [*trick, card]
            led = played[0] >> 4
            best_key, best_seat = -1, pos.leader
            for i, c in enumerate(played):
                key = c + 64 if c < 16 else (c if c >> 4 == led else -1)
                if key > best_key:
                    best_key, best_seat = key, (pos.leader + i) % n
            tricks[card] = (len(played), led, best_key, best_seat)
        ranges = {card: (0, len(possible) - 1) for card in cards}
        while any(lo < hi for lo, hi in ranges.values()):
            for card in cards:
                lo, hi = ranges[card]
                if lo == hi:
                    continue
                mid = (lo + hi + 1) // 2
                k, led, best_key, best_seat = tricks[card]
                hands[mover] ^= 1 << card
                try:
                    yes = self._root((mover + 1) % n, k, led, best_key, best_seat, pos.leader, live,
                                     won0, won1, vole, first, possible[mid])
                finally:
                    hands[mover] ^= 1 << card
                ranges[card] = (mid, hi) if yes else (lo, mid - 1)
        return {card: possible[lo] for card, (lo, _) in ranges.items()}


def _build(solver: Solver, bounds: Callable[..., tuple[int, int]]) -> Callable[..., bool]:
    """The search: closures over the solver's list of hands (internal ids, changed in place)."""
    n = solver.n
    side_of = solver.side_of
    verdicts = solver.verdicts
    table = solver.table
    hands = solver._hands
    after = tuple((s + 1) % n for s in range(n))
    seats = tuple(range(n))
    side0 = tuple(s for s in seats if side_of[s] == 0)
    side1 = tuple(s for s in seats if side_of[s] == 1)
    squeeze = _SQUEEZE
    squeezer = _squeezer
    suits = _SUIT
    lead_orders: dict[tuple[int, int], tuple[int, ...]] = {}
    ends_of: dict[tuple[int, int, int, int, int], tuple[Verdict, Verdict, int, int]] = {}
    follow_orders: dict[tuple[int, int, int, int, bool], tuple[tuple[int, int], ...]] = {}

    def quick(seat: int, live: int) -> int:
        """Tricks ``seat`` can cash in a row from the lead: its trumps above every other trump, and
        in each plain suit its cards above every other card of the suit, for as many rounds as
        every other seat holding a trump can follow (nobody can ruff them, nobody overtakes)."""
        h = hands[seat]
        others = live ^ h
        q = ((h & 0xFFFF) >> (others & 0xFFFF).bit_length()).bit_count()
        for shift in (16, 32, 48):
            mine = h >> shift & 0xFFFF
            if mine:
                m = (mine >> (others >> shift & 0xFFFF).bit_length()).bit_count()
                if m:
                    for s in seats:
                        x = hands[s]
                        if x & 0xFFFF and s != seat:
                            k = (x >> shift & 0xFFFF).bit_count()
                            m = min(m, k)
                    q += m
        return q

    def lead(seat: int, won0: int, won1: int, vole: int, first: int, t: int) -> bool:
        """Is side 0's value at least ``t`` with ``seat`` to lead a new trick?"""
        solver.nodes += 1
        live = top0 = top1 = 0              # every card in play; each side's cards (its trumps below)
        for s in side0:
            live |= hands[s]
        top0 = live & 0xFFFF
        for s in side1:
            top1 |= hands[s]
        live |= top1
        top1 &= 0xFFFF
        g0 = g1 = 0                         # sure tricks: one seat's trumps above every opposing trump
        if top0 > top1:
            cut = top1.bit_length()
            g0 = max([((hands[s] & 0xFFFF) >> cut).bit_count() for s in side0])
        elif top1:
            cut = top0.bit_length()
            g1 = max([((hands[s] & 0xFFFF) >> cut).bit_count() for s in side1])
        lo, hi = bounds(won0, won1, g0, g1, vole, first)
        if lo >= t:
            return True
        if hi < t:
            return False
        ends = ends_of.get((won0, won1, vole, first, t))
        if ends is None:
            ends = ends_of[won0, won1, vole, first, t] = context(seat, live, won0, won1, vole, first, t)[7:]
        if ends[2] or ends[3]:              # this trick may settle the question
            settled = settled_at_lead(seat, ends[2], ends[3])
            if settled:
                return settled > 0
        c0 = squeeze[live & 0x1FF] or squeezer(live & 0x1FF)
        c1 = squeeze[live >> 16 & 0x1FF] or squeezer(live >> 16 & 0x1FF)
        c2 = squeeze[live >> 32 & 0x1FF] or squeezer(live >> 32 & 0x1FF)
        c3 = squeeze[live >> 48] or squeezer(live >> 48)
        key = (seat, won0, won1, vole, first, *[
            c0[h & 0x1FF] | c1[h >> 16 & 0x1FF] << 9 | c2[h >> 32 & 0x1FF] << 18 | c3[h >> 48] << 27 for h in hands])
        entry = table.get(key)
        if entry is not None:
            lo, hi = entry                  # stored within this position's bounds
            if lo >= t:
                return True
            if hi < t:
                return False
        q = quick(seat, live)
        if q:
            if side_of[seat] == 0:
                q = bounds(won0, won1, g0, g1, vole, first, 0, q)[0]
                lo = max(lo, q)
            else:
                q = bounds(won0, won1, g0, g1, vole, first, 1, q)[1]
                hi = min(hi, q)
            if lo >= t or hi < t:
                table[key] = (lo, hi)
                return lo >= t
        hand = hands[seat]
        okey = (hand, live)
        order = lead_orders.get(okey)
        if order is None:
            if len(lead_orders) > TABLE_LIMIT:
                lead_orders.clear()
            order = lead_orders[okey] = _lead_order(hand, live)
        maximize = side_of[seat] == 0
        result = not maximize
        ctx = (seat, live, won0, won1, vole, first, t, *ends)
        nxt = after[seat]
        for c in order:
            hands[seat] = hand ^ 1 << c
            if follow(nxt, 1, c >> 4, c + 64 if c < 16 else c, seat, ctx) == maximize:
                result = maximize
                break
        hands[seat] = hand
        if result:
            lo = t
        else:
            hi = t - 1
        if len(table) > TABLE_LIMIT:
            table.clear()
        table[key] = (lo, hi)
        return result

    def context(leader: int, live: int, won0: int, won1: int, vole: int, first: int, t: int) -> Context:
        """What every node of one trick reads: who led, the cards in play, the counts, the
        threshold, and the verdict if side 0 or side 1 wins the trick."""
        end0 = verdicts[(((won0 + 1) * 8 + won1) * 2) * 9 + vole * 3 + first]
        end1 = verdicts[((won0 * 8 + won1 + 1) * 2 + 1) * 9 + vole * 3 + first]
        if not solver.cutoffs:
            return leader, live, won0, won1, vole, first, t, end0, end1, 0, 0
        return (leader, live, won0, won1, vole, first, t, end0, end1,
                settled(won0 + 1, won1, end0, vole, first, t), settled(won0, won1 + 1, end1, vole, first, t))

    def settled(won0: int, won1: int, end: Verdict, vole: int, first: int, t: int) -> int:
        """Whether a trick won with the counts ``won0``, ``won1`` after it (its verdict ``end``)
        settles the question: 1 side 0's value is at least ``t`` whatever follows, -1 it is
        below, 0 it depends on the play."""
        kind, a, b = end
        if kind == 0:
            lo = hi = a
        elif kind == 1:
            lo, hi = bounds(won0, won1, 0, 0, vole, a)
        else:
            lo, hi = bounds(won0, won1, 0, 0, a, first)
            lo, hi = min(lo, b), max(hi, b)
        return 1 if lo >= t else -1 if hi < t else 0

    def taker(seat: int, led: int, best_key: int, best_seat: int, leader: int) -> int:
        """The seat that takes the trick if every seat left to play (from ``seat`` until the
        ``leader`` again) plays its strongest card: a seat that takes it so can take it whatever
        the others do (a card's strength in the trick does not depend on their choices)."""
        s = seat
        while s != leader:
            h = hands[s]
            f = h & suits[led]
            if f:
                key = f.bit_length() - 1
                if led == 0:
                    key += 64
            elif h & 0xFFFF:
                key = (h & 0xFFFF).bit_length() + 63
            else:
                key = -1
            if key > best_key:
                best_key, best_seat = key, s
            s = after[s]
        return best_seat

    def settled_at_lead(seat: int, s0: int, s1: int) -> int:
        """Whether the trick ``seat`` is to lead settles the question (``s0``, ``s1``: what side 0
        or side 1 taking it means, 1 yes, -1 no, 0 not settled): 1 or -1 if so, else 0. The
        leader's side settles it if it can take the trick and wants to; the other side if it
        takes it whatever the leader leads, and wants to."""
        if s0 == s1:
            return s0
        mine = side_of[seat]
        want = 1 if mine == 0 else -1       # the answer the leader's side plays for
        takes = (s1, s0)[mine] == -want     # the other side settles it its way by taking the trick
        if (s0, s1)[mine] != want and not takes:
            return 0
        hand = hands[seat]
        nxt = after[seat]
        for suit in range(4):
            cards = hand & suits[suit]
            if cards:
                c = cards.bit_length() - 1
                if side_of[taker(nxt, suit, c + 64 if c < 16 else c, seat, seat)] == mine:
                    if (s0, s1)[mine] == want:
                        return want
                    takes = False
        return -want if takes else 0

    def finish(winner: int, ctx: Context) -> bool:
        """The trick is over, won by ``winner``: is side 0's value at least the threshold?"""
        side = side_of[winner]
        kind, a, b = ctx[7 + side]
        t = ctx[6]
        if kind == 0:
            return bool(a >= t)
        won0 = ctx[2] + 1 - side
        won1 = ctx[3] + side
        if kind == 1:
            return lead(winner, won0, won1, ctx[4], a, t)
        if a == 0:                          # side 0 decides on the vole: stop (value b) or go on
            return b >= t or lead(winner, won0, won1, 0, ctx[5], t)
        return b >= t and lead(winner, won0, won1, 1, ctx[5], t)

    def follow(seat: int, k: int, led: int, best_key: int, best_seat: int, ctx: Context) -> bool:
        """Is side 0's value at least the threshold, ``k`` cards of the trick played?"""
        leader = ctx[0]
        s0 = ctx[9]
        s1 = ctx[10]
        if s0 or s1:                        # the trick may settle the question
            top = taker(seat, led, best_key, best_seat, leader)
            side = side_of[top]
            settles = ctx[9 + side]
            # settled: nobody can take the trick from its winner so far; or the side that can take it
            # wants to; or it does not matter who takes it
            if settles and (top == best_seat or (settles > 0) == (side == 0) or s0 == s1):
                return bool(settles > 0)
        hand = hands[seat]
        legal = hand & suits[led] or hand
        maximize = side_of[seat] == 0
        k += 1
        last = k == n
        nxt = after[seat]
        if not legal & (legal - 1):         # one card: no choice
            c = legal.bit_length() - 1
            key = c + 64 if c < 16 else (c if c >> 4 == led else -1)
            hands[seat] = hand ^ legal
            if key > best_key:
                r = finish(seat, ctx) if last else follow(nxt, k, led, key, seat, ctx)
            else:
                r = finish(best_seat, ctx) if last else follow(nxt, k, led, best_key, best_seat, ctx)
            hands[seat] = hand
            return r
        mine = side_of[best_seat] == side_of[seat]
        okey = (legal, ctx[1], led, best_key, mine)
        order = follow_orders.get(okey)
        if order is None:
            if len(follow_orders) > TABLE_LIMIT:
                follow_orders.clear()
            order = follow_orders[okey] = _follow_order(legal, ctx[1], led, best_key, mine)
        for c, key in order:
            hands[seat] = hand ^ 1 << c
            if key > best_key:
                r = finish(seat, ctx) if last else follow(nxt, k, led, key, seat, ctx)
            else:
                r = finish(best_seat, ctx) if last else follow(nxt, k, led, best_key, best_seat, ctx)
            if r == maximize:
                hands[seat] = hand
                return r
        hands[seat] = hand
        return not maximize

    def root(seat: int, k: int, led: int, best_key: int, best_seat: int, leader: int, live: int,
             won0: int, won1: int, vole: int, first: int, t: int) -> bool:
        """Is side 0's value at least ``t`` with ``k`` cards of the trick led by ``leader`` played?"""
        ctx = context(leader, live, won0, won1, vole, first, t)
        return finish(best_seat, ctx) if k == n else follow(seat, k, led, best_key, best_seat, ctx)

    return root


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _representatives(legal: int, live: int) -> list[int]:
    """The cards of ``legal`` that stand for their run: the lowest of each run of its cards
    adjacent among the ``live`` cards (those still in play, the trick's included). ``legal`` holds
    every card of the hand in each of its suits."""
    out = []
    m = legal
    while m:
        low = m & -m
        m ^= low
        below = live & _SUIT[(low.bit_length() - 1) >> 4] & (low - 1)
        if not below or not legal >> (below.bit_length() - 1) & 1:
            out.append(low.bit_length() - 1)
    return out


def _lead_order(hand: int, live: int) -> tuple[int, ...]:
    """The leads to try: masters of their suit (trumps first), then the others lowest first."""
    masters = []
    others = []
    for c in _representatives(hand, live):
        if live & _SUIT[c >> 4] & ~((2 << c) - 1) & ~hand:
            others.append(c)
        else:
            masters.append(c)
    others.sort(key=_rank)
    return tuple(masters + others)


def _rank(c: int) -> int:
    return c & 15


def _follow_order(legal: int, live: int, led: int, best_key: int, mine: bool) -> tuple[tuple[int, int], ...]:
    """Cards to try following, each with its strength in the trick: when the side of the seat
    wins the trick so far, the cheap cards first; else the cheapest card that beats the winner
    first; then the others, lowest first."""
    beat = []
    rest = []
    for c in _representatives(legal, live):
        key = c + 64 if c < 16 else (c if c >> 4 == led else -1)
        if key > best_key:
            beat.append((c, key))
        else:
            rest.append((c, key))
    rest.sort(key=_rank_of_pair)
    return tuple(rest + beat if mine else beat + rest)


def _rank_of_pair(pair: tuple[int, int]) -> int:
    return pair[0] & 15


_SQUEEZE: list[tuple[int, ...]] = [()] * 512


def _squeezer(live: int) -> tuple[int, ...]:
    """Relative ranks among the cards ``live`` of one suit (9 bits, a bit a rank): for every subset
    of them, the same cards renumbered by their rank among ``live`` (kept in :data:`_SQUEEZE`).

    >>> [bin(_squeezer(0b10110)[x]) for x in (0b10000, 0b100, 0b10100)]
    ['0b100', '0b10', '0b110']
    """
    found = _SQUEEZE[live]
    if not found:
        place = [0] * 9
        j = 0
        for r in range(9):
            if live >> r & 1:
                place[r] = 1 << j
                j += 1
        table = [0] * 512
        for x in range(1, 512):
            low = x & -x
            table[x] = table[x ^ low] | place[low.bit_length() - 1]
        found = _SQUEEZE[live] = tuple(table)
    return found


# ---------------------------------------------------------------------------------- rules tables


def _verdicts(rules: Rules) -> list[Verdict]:
    """The engine's verdict after a trick for every count of tricks, as a flat list indexed by
    ``((won0 * 8 + won1) * 2 + side) * 9 + vole * 3 + first`` (the counts after the trick won by
    ``side``; ``vole`` and ``first`` are sides or :data:`_NONE`): ``(0, value, 0)`` the hand is
    over, side 0's value; ``(1, first, 0)`` play on (``first``: the side that reached the winning
    number first, play-out); ``(2, side, stop)`` that side's captain decides on the vole, ``stop``
    side 0's value if it stops; ``(-1, 0, 0)`` no such count."""
    out: list[Verdict] = [(-1, 0, 0)] * (8 * 8 * 2 * 9)
    for won0 in range(rules.hand_size + 1):
        for won1 in range(rules.hand_size + 1 - won0):
            for side in (0, 1):
                if (won0, won1)[side] == 0:
                    continue
                for vole in range(3):
                    for first in range(3):
                        out[((won0 * 8 + won1) * 2 + side) * 9 + vole * 3 + first] = _verdict(
                            rules, (won0, won1), side, None if vole == _NONE else vole,
                            None if first == _NONE else first)
    return out


def _verdict(rules: Rules, won: tuple[int, int], side: int, vole: int | None, first: int | None) -> Verdict:
    if rules.play_out:
        first = scoring.first_to_reach(rules, won, side, first)
    verdict = scoring.after_trick(rules, won, side, won[0] + won[1], vole, first)
    if verdict is None:
        return 1, _NONE if first is None else first, 0
    if verdict == scoring.VOLE_DECISION:
        stop = scoring.vole_stopped(rules, side)[0]
        return 2, side, stop[0] - stop[1]
    assert isinstance(verdict, tuple)
    points = verdict[0]
    return 0, points[0] - points[1], 0


def _bounds(verdicts: list[Verdict], size: int) -> Callable[..., tuple[int, int]]:
    """``bounds(won0, won1, g0, g1, vole, first, side=0, quick=0)``: the least and the greatest
    value of side 0 over every sequence of winners of the remaining tricks that gives side 0 at
    least ``g0`` of them and side 1 at least ``g1``, the first ``quick`` to ``side``, run through
    the engine's verdicts (vole decisions both ways); memoised."""
    memo: dict[tuple[int, ...], tuple[int, int]] = {}

    def outcomes(won0: int, won1: int, seq: tuple[int, ...], vole: int, first: int) -> Iterator[int]:
        side = seq[0]
        won0 += side == 0
        won1 += side == 1
        kind, a, b = verdicts[((won0 * 8 + won1) * 2 + side) * 9 + vole * 3 + first]
        if kind == 0:
            yield a
        elif kind == 1:
            yield from outcomes(won0, won1, seq[1:], vole, a)
        else:
            yield b
            yield from outcomes(won0, won1, seq[1:], a, first)

    def bounds(won0: int, won1: int, g0: int, g1: int, vole: int, first: int, side: int = 0, quick: int = 0
               ) -> tuple[int, int]:
        key = (won0, won1, g0, g1, vole, first, side, quick)
        found = memo.get(key)
        if found is None:
            left = size - won0 - won1
            values: set[int] = set()
            for code in range(1 << left):
                seq = tuple(code >> i & 1 for i in range(left))
                if seq.count(0) >= g0 and seq.count(1) >= g1 and seq[:quick] == (side,) * min(quick, left):
                    values.update(outcomes(won0, won1, seq, vole, first))
            found = memo[key] = (min(values), max(values)) if values else (-2, 2)
        return found

    return bounds


def _plain(bounds: Callable[..., tuple[int, int]]) -> Callable[..., tuple[int, int]]:
    """``bounds`` from the counts of tricks alone (no sure nor quick tricks)."""

    def plain(won0: int, won1: int, g0: int, g1: int, vole: int, first: int, side: int = 0, quick: int = 0
              ) -> tuple[int, int]:
        return bounds(won0, won1, 0, 0, vole, first)

    return plain


@lru_cache(maxsize=16)
def _internal(strength: tuple[int, ...], trump: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Engine card ids to the search's (suit renamed so that the trump is 0, 16 ids a suit, rank
    by strength from 0) and back."""
    to_int = [-1] * len(strength)
    from_int = [-1] * 64
    for c in range(min(52, len(strength))):
        if strength[c] > 0:
            i = ((SUIT_INDEX[c] - trump) % 4) * 16 + strength[c] - 1
            to_int[c] = i
            from_int[i] = c
    return tuple(to_int), tuple(from_int)


def _convert(mask: int, to_int: tuple[int, ...]) -> int:
    out = 0
    for c in cards_of(mask):
        i = to_int[c] if c < len(to_int) else -1
        if i < 0:
            raise ValueError(f"{c} is not a card of this game's pack")
        out |= 1 << i
    return out


# ---------------------------------------------------------------------------------- public API


_LOCAL = threading.local()


def solver_for(rules: Rules) -> Solver:
    """The solver of these rules for this thread (its tables kept between calls; a solver
    searches in place, so threads do not share one)."""
    solvers: dict[int, Solver] | None = getattr(_LOCAL, "solvers", None)
    if solvers is None:
        solvers = _LOCAL.solvers = {}
    found = solvers.get(id(rules))
    if found is None or found.rules is not rules:
        found = solvers[id(rules)] = Solver(rules)
    return found


def card_values(rules: Rules, pos: Position) -> dict[Card, int]:
    """The exact value of every card the mover may play (following suit) for the mover's side."""
    values = solver_for(rules).values(pos)
    sign = 1 if rules.side_of[pos.to_move] == 0 else -1
    return {ALL_CARDS[c]: sign * v for c, v in values.items()}


def solve(rules: Rules, pos: Position) -> int:
    """The exact value of ``pos`` for the side of the seat to move."""
    return max(card_values(rules, pos).values())


@lru_cache(maxsize=32)
def _rules(game: str, options: tuple[tuple[str, OptionValue], ...]) -> Rules:
    found = make_game(game, dict(options))
    if not isinstance(found, SizetteGame):
        raise TypeError(f"{game} is not Sizette nor Quadrette")
    return found.rules


def rules_of(obs: Observation) -> Rules:
    """The rules of the game an observation comes from (its name and options)."""
    return _rules(obs.game, tuple(sorted(obs.options.items())))


def position_of(obs: SizetteObservation, world: Sequence[int]) -> Position:
    """The position of ``world`` (the hand of every seat) with the public facts of ``obs``."""
    rules = rules_of(obs)
    if obs.trump is None:
        raise ValueError("no trump yet: nothing to solve before the deal")
    first = None
    if rules.play_out:
        won = [0, 0]
        for record in obs.tricks:
            side = rules.side_of[record.winner]
            won[side] += 1
            first = scoring.first_to_reach(rules, (won[0], won[1]), side, first)
    return Position(tuple(map(int, world)), int(obs.trump), obs.leader, tuple(c for _, c in obs.trick),
                    (obs.tricks_won[0], obs.tricks_won[1]), obs.vole_team, first)


def value(obs: SizetteObservation, world: Sequence[int], moves: Sequence[Action]) -> list[float]:
    """The exact value of each of ``moves`` in ``world`` for the side of the seat to decide:
    cards (revokes included in table-law mode) or, after a clean start, the captain's
    :class:`~atout.games.sizette.actions.Vole` decision. The valuer of the search bot."""
    rules = rules_of(obs)
    pos = position_of(obs, world)
    if obs.phase == "vole":
        return vole_values(rules, pos, moves)
    mover = pos.to_move
    if obs.seat is not None and obs.seat != mover:
        raise ValueError(f"seat {obs.seat} is not the seat to play ({mover})")
    side = rules.side_of[mover]
    charged = revoked_sides(rules, obs.tricks, obs.trick, world) if rules.table_law else set()
    values = {} if charged else card_values(rules, pos)
    out: list[float] = []
    for move in moves:
        if not isinstance(move, Card) or not pos.hands[mover] >> move & 1:
            raise ValueError(f"not a card of seat {mover}: {move!r}")
        if move in values:
            out.append(float(values[move]))
            continue
        revoking = bool(pos.trick) and bool(pos.hands[mover] & SUIT_MASK[SUIT_INDEX[pos.trick[0]]]) and \
            SUIT_INDEX[move] != SUIT_INDEX[pos.trick[0]]
        payers = charged | {side} if revoking else charged
        out.append(float(REVOKE * ((1 - side in payers) - (side in payers))))
    return out


def vole_values(rules: Rules, pos: Position, moves: Sequence[Action]) -> list[float]:
    """The captain's decision after a clean start (``pos``: the trick start, ``vole_team`` not yet
    set): stop, the plain win; or go on, the vole played for, for his side."""
    side = 0 if pos.tricks_won[1] == 0 else 1
    sign = 1 if side == 0 else -1
    stop = scoring.vole_stopped(rules, side)[0]
    go_on: int | None = None
    out = []
    for move in moves:
        if not isinstance(move, Vole):
            raise TypeError(f"not a vole decision: {move!r}")
        if move.go_on:
            if go_on is None:
                values = solver_for(rules).values(pos._replace(vole_team=side))
                go_on = sign * (max if rules.side_of[pos.leader] == 0 else min)(values.values())
            out.append(float(go_on))
        else:
            out.append(float(sign * (stop[0] - stop[1])))
    return out


def revoked_sides(rules: Rules, tricks: Iterable[TrickRecord], trick: Iterable[tuple[int, Card]], world: Sequence[int]
                  ) -> set[int]:
    """The sides that have revoked in this hand (table-law mode): a seat that failed to follow a
    suit and later played a card of it, or holds one in ``world``. ``tricks`` are the hand's
    :class:`~atout.games.sizette.events.TrickRecord`; ``trick`` the one in progress, ``(seat, card)``."""
    failed = [0] * rules.n
    out: set[int] = set()
    rounds = [[((r.leader + i) % rules.n, c) for i, c in enumerate(r.cards)] for r in tricks]
    for plays in [*rounds, list(trick)]:
        for seat, c in plays:
            led = SUIT_INDEX[plays[0][1]]
            if failed[seat] >> c & 1:
                out.add(rules.side_of[seat])
            if SUIT_INDEX[c] != led:
                failed[seat] |= SUIT_MASK[led]
    for seat, suits in enumerate(failed):
        if int(world[seat]) & suits:
            out.add(rules.side_of[seat])
    return out


def world_of(state: SizetteState, seat: int) -> tuple[CardSet, ...]:
    """The true world: every seat's hand in the real state (the oracle's; no bot may call it)."""
    return tuple(CardSet(h) for h in state.hands)

"""The double-dummy solver of Piquet's card play: with both hands in view, the exact value of each
card the seat to move may play, in Piquet's own points.

The value of a position is what the seat to move will still score in play minus what its opponent
will still score, both playing perfectly: one point for each card led (by option
``trick_points=ten_or_higher``: a ten or higher), one for winning the opponent's lead (by that
option: with a ten or higher), one more for the last trick, ten for the cards (more than six
tricks; nothing on six each), forty for the capot (all twelve) instead, and the pic (thirty) when
the elder reaches thirty with declarations and play before the younger has scored anything — the
engine's own count (:class:`atout.games.piquet.pic.Tally`), which the tests check move by move.
A point already scored (the lead of the trick in progress) is not counted again.

The search, at each trick start: alpha-beta (fail-soft) over the leader's leads and the
follower's answers, a transposition table on (both hands, tricks won by the leader, the pic's
need) holding a lower and an upper bound and the best lead found, cards of one hand that no card
of the other separates in rank (nor, by the ten option, the ten's line) searched once, and the
leads that win the trick tried first (the best lead of the table before them). Cards are held in
a compact 32-bit mask (``suit * 8 + rank``, the seven 0 and the ace 7).

>>> from atout.cards import Card, CardSet
>>> mine, yours = int(CardSet.parse("AS 7H")), int(CardSet.parse("KS 8H"))
>>> pos = Position((mine, yours), leader=0, lead=-1, won=(5, 5), elder=0, pic_need=0, ten_rule=False)
>>> move_values(pos, [Card("AS"), Card("7H")])
[0, 1]

With five tricks each and two to play, both cards split the tricks six–six (no cards). The ace
scores its lead and the seven of hearts its lead, but the younger wins the last trick with the
eight (a capture and the last trick): 2–2. Led first, the seven of hearts loses to the eight (a
point each); the younger must then lead the king into the ace: the elder captures it and wins the
last trick, 3–2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from atout.cards import Card, cards_of
from atout.games.piquet.actions import NameSuit
from atout.games.piquet.holdings import SHIFT, SUIT_BITS, SUIT_OF, analyse
from atout.games.piquet.pic import TRICKS_PER_DEAL, Tally
from atout.games.piquet.play import lead_points, trick_points

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation
    from atout.games.piquet.state import PiquetState

INF = 10_000
TABLE_LIMIT = 100_000       # positions kept in the table (about 17 MB)
PIC = 30
CARDS_BONUS = 10
CAPOT = 40
TEN = 3                     # the rank index of the ten (the seven is 0)
PACK = sum(SUIT_BITS)


class Position(NamedTuple):
    """A position of the card play, both hands in view.

    ``hands``: each seat's cards (engine bitmasks); ``leader`` leads the trick in progress (or
    is to lead), ``lead`` the card he led (-1: none yet); ``won``: tricks won so far per seat;
    ``elder``: the elder's seat; ``pic_need``: the points the elder still needs for the pic
    (0: no pic to be had); ``ten_rule``: only tens and higher score when led or winning."""

    hands: tuple[int, int]
    leader: int
    lead: int
    won: tuple[int, int]
    elder: int
    pic_need: int
    ten_rule: bool

    @property
    def to_move(self) -> int:
        return self.leader if self.lead < 0 else 1 - self.leader


def compact(mask: int) -> int:
    """An engine bitmask of Piquet cards as the solver's 32-bit mask (``suit * 8 + rank``)."""
    out = 0
    for s in range(4):
        out |= (mask >> SHIFT[s] & 255) << 8 * s
    return out


def compact_card(card: int) -> int:
    """An engine card as the solver's index."""
    for s in range(4):
        if 0 <= card - SHIFT[s] < 8:
            return 8 * s + card - SHIFT[s]
    raise ValueError(f"{card!r} is not a Piquet card")


def _groups_of(mine: int, other: int, ten: bool) -> tuple[int, ...]:
    """The ranks of ``mine`` (an 8-bit pattern) that stand for its equivalence classes, highest
    class first: each class is a run of ``mine``'s cards with none of ``other`` between them (nor,
    with ``ten``, the line between the nine and the ten); the class's lowest rank stands for it."""
    reps: list[int] = []
    open_class = False
    for r in range(7, -1, -1):
        if mine >> r & 1:
            if open_class and not (ten and r < TEN <= reps[-1]):
                reps[-1] = r
            else:
                reps.append(r)
                open_class = True
        elif other >> r & 1:
            open_class = False
    return tuple(reps)


_GROUPS: dict[int, tuple[int, ...]] = {}


def groups(mine: int, other: int, ten: bool) -> tuple[int, ...]:
    """:func:`_groups_of`, remembered.

    >>> groups(0b1011_0000, 0b0100_0000, False), groups(0b0000_1100, 0, True)
    ((7, 4), (3, 2))
    """
    key = mine | other << 8 | ten << 16
    found = _GROUPS.get(key)
    if found is None:
        found = _GROUPS[key] = _groups_of(mine, other, ten)
    return found


def _squeeze(within: int, part: int) -> int:
    """The cards ``part`` of the 8-bit pattern ``within`` hold, by their order among ``within``'s."""
    out = 0
    k = 0
    for r in range(8):
        if within >> r & 1:
            if part >> r & 1:
                out |= 1 << k
            k += 1
    return out


SQUEEZE: list[int] = [_squeeze(c, x) if x & ~c == 0 else 0 for c in range(256) for x in range(256)]
"""``SQUEEZE[within << 8 | part]``: a suit's cards by relative rank, for the table's key (with every
card scoring alike, only the order of the cards still held matters)."""


def final_bonus(won: int, lost: int) -> int:
    """The cards or the capot, for the side that won ``won`` of the twelve tricks, less the other's."""
    if won == TRICKS_PER_DEAL:
        return CAPOT
    if lost == TRICKS_PER_DEAL:
        return -CAPOT
    if 2 * won > TRICKS_PER_DEAL:
        return CARDS_BONUS
    if 2 * lost > TRICKS_PER_DEAL:
        return -CARDS_BONUS
    return 0


class Solver:
    """The search of one trick-points rule (``ten_rule``), with its transposition table (kept
    across calls: :meth:`trim`)."""

    def __init__(self, ten_rule: bool = False):
        self.ten = ten_rule
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.trick = self._trick_function()
        self.search = self._search_function()

    def clear(self) -> None:
        self.table.clear()

    def trim(self, limit: int = TABLE_LIMIT) -> None:
        """Empty the table once it holds more than ``limit`` positions. Its entries hold for any
        deal (the key is the whole position), so it is kept across worlds and decisions."""
        if len(self.table) > limit:
            self.table.clear()

    def _trick_function(self) -> Callable[[int, int, bool, int, int], tuple[int, int]]:
        ten = self.ten

        def trick(lead: int, answer: int, follower_wins: bool, last: int, p: int) -> tuple[int, int]:
            """The points of a trick for its leader (his less the follower's) and the pic's state
            after it, from the leader's side: ``p`` > 0 the leader is the elder and needs ``p``,
            ``p`` < 0 the follower is the elder and needs ``-p``, 0 no pic."""
            lead_pt = 1 if not ten or (lead & 7) >= TEN else 0
            if follower_wins:
                take_pt = 1 if not ten or (answer & 7) >= TEN else 0
                diff = lead_pt - take_pt - last
            else:
                take_pt = 0
                diff = lead_pt + last
            if p == 0:
                return diff, 0
            # the points in the order the tally counts them: the lead, the capture, the last trick
            for by_leader, pts in ((True, lead_pt), (False, take_pt),
                                   (not follower_wins, last)):
                if not pts or p == 0:
                    continue
                if by_leader:
                    if p < 0:
                        p = 0
                    else:
                        p -= pts
                        if p <= 0:
                            diff += PIC
                            p = 0
                elif p > 0:
                    p = 0
                else:
                    p += pts
                    if p >= 0:
                        diff -= PIC
                        p = 0
            return diff, p

        return trick

    def _search_function(self) -> Callable[[int, int, int, int, int, int], int]:
        ten = self.ten
        table = self.table
        trick = self.trick
        solver = self
        squeeze = SQUEEZE
        cache = _GROUPS

        def search(hl: int, hf: int, lw: int, p: int, alpha: int, beta: int) -> int:
            """The leader's value (his future points less the follower's) at a trick's start."""
            n = hl.bit_count()
            fw = TRICKS_PER_DEAL - n - lw
            if n <= 2:
                return two(hl, hf, lw, fw, p) if n == 2 else one(hl, hf, lw, fw, p)
            solver.nodes += 1
            if ten:
                key = hl | hf << 32 | lw << 64 | (p + 64) << 68
            else:
                both = hl | hf
                c0, c1, c2, c3 = both & 255, both >> 8 & 255, both >> 16 & 255, both >> 24
                key = (squeeze[c0 << 8 | hl & 255] | squeeze[c1 << 8 | hl >> 8 & 255] << 8
                       | squeeze[c2 << 8 | hl >> 16 & 255] << 16 | squeeze[c3 << 8 | hl >> 24] << 24
                       | (squeeze[c0 << 8 | hf & 255] | squeeze[c1 << 8 | hf >> 8 & 255] << 8
                          | squeeze[c2 << 8 | hf >> 16 & 255] << 16 | squeeze[c3 << 8 | hf >> 24] << 24) << 32
                       | lw << 64 | (p + 64) << 68)
            entry = table.get(key)
            hint = -1
            if entry is not None:
                lo, hi, hint = entry
                if not hl >> hint & 1:      # the best lead of an equivalent position: not this hand's
                    hint = -1
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
            else:
                lo, hi = -INF, INF
            best = -INF
            best_lead = -1
            a = alpha
            for lead in leads(hl, hf, hint):
                value = lead_value(hl, hf, lw, fw, p, lead, a, beta, False)
                if value > best:
                    best, best_lead = value, lead
                    if best > a:
                        a = best
                        if best >= beta:
                            break
            table[key] = _bounds(lo, hi, best, alpha, beta, best_lead)
            return best

        def one(hl: int, hf: int, lw: int, fw: int, p: int) -> int:
            """The last trick."""
            lead = hl.bit_length() - 1
            answer = hf.bit_length() - 1
            fwins = lead >> 3 == answer >> 3 and answer > lead
            diff, _ = trick(lead, answer, fwins, 1, p)
            return diff - final_bonus(fw + 1, lw) if fwins else diff + final_bonus(lw + 1, fw)

        def two(hl: int, hf: int, lw: int, fw: int, p: int) -> int:
            """The last two tricks, every line (no table: cheaper than looking it up)."""
            best = -INF
            low = hl & -hl
            for lead_bit in (low, hl ^ low):
                lead = lead_bit.bit_length() - 1
                s = lead >> 3
                follow = hf & 255 << 8 * s or hf
                other = follow & -follow
                worst = INF
                for answer_bit in (other, follow ^ other) if follow != other else (other,):
                    answer = answer_bit.bit_length() - 1
                    fwins = answer >> 3 == s and answer > lead
                    diff, p2 = trick(lead, answer, fwins, 0, p)
                    if fwins:
                        value = diff - one(hf ^ answer_bit, hl ^ lead_bit, fw + 1, lw, -p2)
                    else:
                        value = diff + one(hl ^ lead_bit, hf ^ answer_bit, lw + 1, fw, p2)
                    worst = min(worst, value)
                best = max(best, worst)
            return best

        def leads(hl: int, hf: int, hint: int) -> list[int]:
            winners: list[int] = []
            others: list[int] = []
            for s in range(4):
                mine = hl >> 8 * s & 255
                if not mine:
                    continue
                other = hf >> 8 * s & 255
                top_other = other.bit_length() - 1
                for r in cache.get(mine | other << 8 | ten << 16) or groups(mine, other, ten):
                    card = 8 * s + r
                    if card == hint:
                        continue
                    (winners if r > top_other else others).append(card)
            others.reverse()    # the lowest first
            if hint >= 0:
                return [hint, *winners, *others]
            return winners + others

        def lead_value(hl: int, hf: int, lw: int, fw: int, p: int, lead: int, alpha: int, beta: int,
                       last_trick: bool) -> int:
            """The follower's best answer to ``lead``, as the leader's value."""
            s = lead >> 3
            rest = hl & ~(1 << lead)
            follow = hf >> 8 * s & 255
            last = 1 if last_trick else 0
            lead_rank = lead & 7
            worst = INF
            if follow:
                options: list[int] = []
                losers: list[int] = []
                key = follow | (hl >> 8 * s & 255) << 8 | ten << 16
                for r in cache.get(key) or groups(follow, hl >> 8 * s & 255, ten):
                    (options if r > lead_rank else losers).append(8 * s + r)
                if options:
                    cheapest = options.pop()     # the lowest winner first, then the lowest loser
                    options.reverse()
                    ordered = [cheapest, *losers[::-1], *options]
                else:
                    ordered = losers[::-1]
            else:
                ordered = []
                for t in range(4):
                    mine = hf >> 8 * t & 255
                    if mine:
                        ordered.extend(8 * t + r for r in reversed(groups(mine, hl >> 8 * t & 255, ten)))
                ordered.sort(key=lambda c: c & 7)
            lead_pt = 1 if not ten or lead_rank >= TEN else 0
            for answer in ordered:
                fwins = answer >> 3 == s and (answer & 7) > lead_rank
                if p:
                    diff, p2 = trick(lead, answer, fwins, last, p)
                elif fwins:
                    diff = lead_pt - last - (1 if not ten or (answer & 7) >= TEN else 0)
                    p2 = 0
                else:
                    diff = lead_pt + last
                    p2 = 0
                left = hf & ~(1 << answer)
                bound = min(worst, beta)
                if fwins:
                    value = diff - search(left, rest, fw + 1, -p2, diff - bound, diff - alpha)
                else:
                    value = diff + search(rest, left, lw + 1, p2, alpha - diff, bound - diff)
                if value < worst:
                    worst = value
                    if worst <= alpha:
                        break
            return worst

        solver.lead_value = lead_value      # type: ignore[attr-defined]
        return search

    def values(self, pos: Position, cards: Sequence[int]) -> list[int]:
        """Each of ``cards`` (engine cards the seat to move may play) valued exactly (see the module)."""
        if pos.ten_rule != self.ten:
            raise ValueError("this solver was made for the other trick-points rule")
        mover = pos.to_move
        other = 1 - mover
        mine, yours = compact(pos.hands[mover]), compact(pos.hands[other])
        p = pos.pic_need if pos.elder == pos.leader else -pos.pic_need
        lead_value = self.lead_value     # type: ignore[attr-defined]
        out: list[int] = []
        done: dict[int, int] = {}
        for card in cards:
            c = compact_card(card)
            if pos.lead < 0:
                key = _class_key(mine, yours, c, self.ten)
                if key not in done:
                    n = mine.bit_count()
                    lw = pos.won[mover]
                    done[key] = lead_value(mine, yours, lw, TRICKS_PER_DEAL - n - lw, p, c, -INF, INF, n == 1)
                out.append(done[key])
                continue
            lead = compact_card(pos.lead)
            key = _class_key(mine, yours | 1 << lead, c, self.ten)
            if key not in done:
                done[key] = -self._after_answer(yours, mine, lead, c, pos, p)
            out.append(done[key])
        return out

    def _after_answer(self, leader_hand: int, follower_hand: int, lead: int, answer: int, pos: Position,
                      p: int) -> int:
        """The leader's value once ``answer`` is played to ``lead`` (the lead already out of his hand)."""
        n = follower_hand.bit_count()
        fwins = answer >> 3 == lead >> 3 and answer > lead
        diff, p2 = self.trick(lead, answer, fwins, 1 if n == 1 else 0, p)
        left = follower_hand & ~(1 << answer)
        lw, fw = pos.won[pos.leader], pos.won[1 - pos.leader]
        if n == 1:
            return diff + (-final_bonus(fw + 1, lw) if fwins else final_bonus(lw + 1, fw))
        if fwins:
            return diff - self.search(left, leader_hand, fw + 1, -p2, -INF, INF)
        return diff + self.search(leader_hand, left, lw + 1, p2, -INF, INF)


def _bounds(lo: int, hi: int, best: int, alpha: int, beta: int, move: int) -> tuple[int, int, int]:
    """The table's bounds after a search of the window (``alpha``, ``beta``) found ``best``."""
    if best <= alpha:
        return lo, min(hi, best), move
    if best >= beta:
        return max(lo, best), hi, move
    return best, best, move


def _class_key(mine: int, other: int, card: int, ten: bool) -> int:
    """The card standing for ``card``'s equivalence class in ``mine`` (against ``other``)."""
    s = card >> 3
    for r in groups(mine >> 8 * s & 255, other >> 8 * s & 255, ten):
        if r <= (card & 7):
            return 8 * s + r
    return card


def move_values(pos: Position, cards: Sequence[int], solver: Solver | None = None) -> list[int]:
    """The exact value of each of ``cards`` for the seat to move (a fresh :class:`Solver` unless one
    is given)."""
    return (solver or Solver(pos.ten_rule)).values(pos, cards)


# ---------------------------------------------------------------------------------- from an observation


class World(NamedTuple):
    """A placing of the hidden cards: each seat's hand now (engine bitmasks) and the cards out of
    play that nobody showed the seat (the opponent's discard, the talon left)."""

    hands: tuple[int, int]
    hidden: int


def world_of(state: PiquetState, seat: int) -> World:
    """The true world of ``state`` for ``seat`` (the oracle's)."""
    hidden = PACK & ~(state.hands[0] | state.hands[1] | state.discards[seat])
    for _, lead, follow, _ in state.tricks:
        hidden &= ~(1 << lead | 1 << follow)
    if state.lead_card >= 0:
        hidden &= ~(1 << state.lead_card)
    return World((state.hands[0], state.hands[1]), hidden)


_SOLVERS: dict[bool, Solver] = {}


def is_ten_rule(obs: PiquetObservation) -> bool:
    """Whether only tens and higher score in play (the ``trick_points`` option)."""
    return bool(obs.options.get("trick_points") == "ten_or_higher")


def younger_will_score(obs: PiquetObservation, younger_hand: int) -> bool:
    """Before the younger has made his declarations (he makes them after the elder's first lead):
    whether he will score some, taken to declare what he holds in each class left to him (a class
    he answered ``not good`` he must declare; one the elder left open he declares if he can)."""
    hold = analyse(younger_hand)
    for entry in obs.dialogue:
        if entry.winner >= 0 or entry.younger_declared >= 0:
            continue
        if entry.answers and entry.answers[-1] == "not_good":
            return True
        if entry.stated == 0 and hold.lengths(entry.cls):
            return True
    return False


def pic_need(obs: PiquetObservation, world: World) -> int:
    """The points the elder still needs for the pic, counted as the engine's tally counts them
    from what the table saw (0: no pic to be had)."""
    elder = obs.elder
    events = []
    if obs.carte_blanche >= 0:
        events.append((0, obs.carte_blanche, 10))
    events.extend((e.cls + 1, e.winner, e.points) for e in obs.dialogue if e.winner >= 0)
    if not obs.complete and younger_will_score(obs, world.hands[1 - elder]):
        return 0
    tally = Tally(elder, events, True)
    ten = is_ten_rule(obs)
    for leader, lead, follow, winner in obs.tricks:
        tally.trick(*trick_points(ten, leader, lead, follow, winner))
    if obs.trick:
        leader, lead = obs.trick[0]
        tally.play(leader, lead_points(ten, lead))
    return max(0, 30 - tally.total[elder]) if tally.pic_open else 0


def position_of(obs: PiquetObservation, world: World) -> Position:
    """The card play's position for the solver: the hands of ``world``, the rest from ``obs``."""
    lead: int
    if obs.trick:
        leader, lead = obs.trick[0]
    else:
        leader, lead = obs.to_move, -1
    return Position(world.hands, leader, int(lead), tuple(obs.tricks_won), obs.elder, pic_need(obs, world),
                    is_ten_rule(obs))


def solver_for(ten_rule: bool) -> Solver:
    """One solver per rule in the process (its table serves every world and every decision)."""
    found = _SOLVERS.get(ten_rule)
    if found is None:
        found = _SOLVERS[ten_rule] = Solver(ten_rule)
    return found


def value(obs: PiquetObservation, world: World, moves: Sequence[Card | NameSuit]) -> list[float]:
    """Each move's exact value in ``world`` for the seat to move (see the module); naming a suit
    is worth the best lead of that suit."""
    pos = position_of(obs, world)
    solver = solver_for(pos.ten_rule)
    solver.trim()
    hand = pos.hands[pos.to_move]
    cards = [int(m) for m in moves if isinstance(m, Card)]
    for m in moves:
        if isinstance(m, NameSuit):
            cards.extend(c for c in cards_of(hand & SUIT_BITS[m.suit]) if c not in cards)
    worth = dict(zip(cards, solver.values(pos, cards), strict=True))
    out: list[float] = []
    for m in moves:
        if isinstance(m, NameSuit):
            out.append(float(max(v for c, v in worth.items() if SUIT_OF[c] == m.suit)))
        else:
            out.append(float(worth[int(m)]))
    return out




__all__ = ["PACK", "Position", "Solver", "World", "compact", "compact_card", "final_bonus", "groups", "is_ten_rule",
           "move_values", "pic_need", "position_of", "solver_for", "value", "world_of", "younger_will_score"]

"""The Bésigue ``search`` bot and its ``oracle``: Perfect Information Monte Carlo over
:mod:`~atout.bots.besigue.sampler`'s worlds, for the card played in both phases.

- **The last tricks** (talon out): every card valued exactly by :mod:`~atout.bots.besigue.solver`
  in each world. With two players the seat knows the other hand, so every world is the true one
  (solved once, then read from the solver's cache). With three or four players (hidden hands, a
  paranoid solver) once at most 16 cards are left in the hands; before that, the first phase's
  evaluator below with the answers bound by the rules of the last tricks and only brisques counted.
- **The first phase** (talon not empty, any card may be played): the first phase lasts 57 tricks
  with the Haitian pack and two players, so a playout to the end of the hand per card and world is
  out of reach of the move-time budget (tens of milliseconds a playout in the engine, hundreds of
  playouts a decision). :func:`first_phase_values` is a static evaluation one trick deep in the
  world instead, in the game's points for the mover's side against the others':
  each card of the mover, the rest of the trick answered by each later seat with its best card in
  that world for its own side (with two players: the opponent's exact best answer), and for the
  trick so completed: the brisques it holds (10 each) to the winner, the seven of trumps played
  (10), the best declaration the winner may then make (its cards then used), and the change of
  each player's *meld potential* once it has played: the combinations its cards may still make,
  each weighted by a share that grows as it nears completion (a marriage or bésigue ready counts
  0.7 of its points, a carré three-quarters there 0.35…) and fading over the last six tricks
  before the talon is out (no time left to declare), plus a little for the seven of trumps kept,
  trumps and brisques. The fade measured +131 points a deal pair (95 % CI 55…207, 30 pairs)
  against the evaluator's first version.

  Measured and left out (duplicate, one hand a deal, against this evaluator's first version): the
  card each player then draws from the world's talon (-112 points a deal pair, 95 % CI -251…27,
  24 pairs: one card's noise for nothing known); the shares replaced by the chance that the draws
  to come complete each combination (hypergeometric over the unseen cards: -325, CI -454…-197, 30
  pairs: it ignores that a hand of nine cannot keep everything). The sampled talon order serves
  the oracle and any deeper playout.
- **Declarations and the exchange** of the seven of trumps are the heuristic's
  (:class:`~atout.bots.besigue.heuristic.HeuristicBot`: exchange, then the most valuable
  combination).

``oracle`` is the same search given the true world (the talon in its true order).

>>> import random
>>> from atout.bots.runner import play_partie
>>> from atout.games import make_game
>>> game = make_game("besigue", {"target": "300"})
>>> bots = [make_search(random.Random(0), worlds=4), HeuristicBot(random.Random(1))]
>>> state = play_partie(game, bots, random.Random(0))
>>> state.outcome() is not None
True
>>> from atout.bots import make_bot
>>> make_bot("search", "besigue", depth=3)
Traceback (most recent call last):
...
ValueError: bot search: got an unexpected keyword argument 'depth'
>>> make_bot("search", "besigue", worlds=0)
Traceback (most recent call last):
...
ValueError: worlds must be a whole number ≥ 1, got 0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeGuard, cast

from atout.actions import Action
from atout.bots import pimc
from atout.bots.besigue import solver
from atout.bots.besigue.heuristic import HeuristicBot
from atout.bots.besigue.sampler import World, rules_of, sample, world_of
from atout.cards import BASE_OF, JOKER_MASK, RANK_INDEX, SUIT_INDEX, SUIT_MASK_ALL, Card, Rank
from atout.games.besigue.declarations import (
    CARRE_RANKS,
    FIXED_VALUES,
    PLAIN_CARRE,
    RANK_MASK_ALL,
    TRUMP_CARRE,
    Declaration,
    Used,
    copies,
    legal,
)
from atout.games.besigue.spec import BRISQUE_POINTS, SEVEN_POINTS, Rules
from atout.tricks import legal_mask, trick_winner

if TYPE_CHECKING:
    from atout.games.besigue.observation import BesigueObservation
    from atout.games.besigue.state import BesigueState

READY = 0.7                                    # a combination ready to declare: this share of its points
SINGLE = 0.2                                   # a king or queen (QS, JD) waiting for its mate
CARRE_SHARE = (0.0, 0.05, 0.15, 0.35, 0.7)     # a carré, by the cards of it held (a joker for one)
QUINTE_SHARE = (0.0, 0.0, 0.05, 0.1, 0.3, 0.7)
FADE_TRICKS = 6       # fewer tricks than this to win before the talon is out: combinations fade
SEVEN_KEPT = 8.0      # a seven of trumps in hand (10 when played in the first phase)
TRUMP_KEPT = 2.0      # each other trump: tricks to win, declarations to make
BRISQUE_KEPT = 2.0    # each brisque held
_SEVEN, _ACE, _TEN = Rank.SEVEN, Rank.ACE, Rank.TEN
_QUINTE = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


class _Table:
    """The facts of one observation every world shares: the rules, the cards used by the
    declarations of the hand (read from the log), the tabled cards."""

    def __init__(self, obs: BesigueObservation):
        self.obs = obs
        self.rules: Rules = rules_of(obs)
        used = Used()
        for entry in obs.log.since(obs.log.hand_start):
            if type(entry.item) is Declaration:
                used = used.record(entry.item.name, int(entry.item.cards))
        self.used = used
        self.tabled = tuple(int(t) for t in obs.tabled)
        self.all_tabled = 0
        for t in self.tabled:
            self.all_tabled |= t
        self.trump = None if obs.trump is None else int(obs.trump)
        self.potentials: dict[tuple[int, Used], float] = {}
        self.fade = min(1.0, obs.talon // self.rules.n / FADE_TRICKS)


_LAST: list[_Table] = []


def _table(obs: BesigueObservation) -> _Table:
    if _LAST and _LAST[0].obs is obs:
        return _LAST[0]
    table = _Table(obs)
    _LAST[:] = [table]
    return table


def potential(table: _Table, owned: int, used: Used) -> float:
    """What the cards ``owned`` promise for the rest of the first phase (``used``: the cards already
    used by declarations, by class): each combination they may still make, its points times a share
    that grows as it nears completion (:data:`READY`, :data:`SINGLE`, :data:`CARRE_SHARE`,
    :data:`QUINTE_SHARE`), and a little for the seven of trumps, the trumps and the brisques kept."""
    key = (owned, used)
    found = table.potentials.get(key)
    if found is not None:
        return found
    trump, values = table.trump, table.rules.values
    free_m, free_b, free_c = owned & ~used.m, owned & ~used.b, owned & ~used.c
    total: float = 0.0
    for suit in range(4):
        kings = (free_m & copies(Rank.KING, suit)).bit_count()
        queens = (free_m & copies(Rank.QUEEN, suit)).bit_count()
        points = values.trump_marriage if trump is None or suit == trump else 20
        pairs = min(kings, queens)
        total += points * (READY * pairs + SINGLE * min(1, max(kings, queens) - pairs))
    spades = (free_b & copies(Rank.QUEEN, 0)).bit_count()
    diamonds = (free_b & copies(Rank.JACK, 2)).bit_count()
    pairs = min(spades, diamonds)
    total += values.besigue * (READY * pairs + SINGLE * min(1, max(spades, diamonds) - pairs))
    jokers = (free_c & JOKER_MASK).bit_count()
    total += FIXED_VALUES["jokers"] * CARRE_SHARE[min(4, jokers)]
    for rank in CARRE_RANKS:
        held = (free_c & RANK_MASK_ALL[rank]).bit_count() + min(1, jokers)
        total += FIXED_VALUES[PLAIN_CARRE[rank]] * CARRE_SHARE[min(4, held)]
        if trump is not None:
            total += FIXED_VALUES[TRUMP_CARRE[rank]] * CARRE_SHARE[min(4, (free_c & copies(rank, trump)).bit_count())]
    if trump is not None:
        quinte = sum(1 for rank in _QUINTE if free_m & copies(rank, trump) or (
            rank in (Rank.KING, Rank.QUEEN) and owned & used.tm & ~used.q & copies(rank, trump)))
        total += FIXED_VALUES["quinte"] * QUINTE_SHARE[quinte]
    total *= table.fade
    if trump is not None:
        trumps = owned & SUIT_MASK_ALL[trump]
        sevens = (trumps & copies(_SEVEN, trump)).bit_count()
        total += SEVEN_KEPT * sevens + TRUMP_KEPT * (trumps.bit_count() - sevens)
    total += BRISQUE_KEPT * ((owned & _BRISQUES).bit_count())
    table.potentials[key] = total
    return total


_BRISQUES = 0
for _rank in (_ACE, _TEN):
    _BRISQUES |= RANK_MASK_ALL[_rank]


def _best_declaration(table: _Table, owned: int, tabled: int) -> Declaration | None:
    """The combination of most points the trick's winner may declare with ``owned``, if any."""
    rules = table.rules
    found = legal(rules.values, table.trump, owned, tabled, table.used, rules.quinte_needs_marriage)
    return max(found, key=lambda d: d.points, default=None)


def _key(table: _Table, card: int) -> tuple[int, ...]:
    """Cards alike for the rest of the first phase share this: the same card (a copy), on the table
    or in the hand alike, in the same declarations' classes."""
    bit = 1 << card
    return (BASE_OF[card], table.all_tabled & bit, *(u & bit for u in table.used.masks()))


def _classes(table: _Table, cards: Sequence[int]) -> dict[tuple[int, ...], int]:
    """One card of each class of cards alike (:func:`_key`)."""
    out: dict[tuple[int, ...], int] = {}
    for c in cards:
        out.setdefault(_key(table, c), c)
    return out


def first_phase_values(obs: BesigueObservation, world: World, moves: Sequence[Card]) -> list[float]:
    """The value of each card of ``moves`` in ``world`` for the side of the seat to move (see the
    module doc)."""
    return one_trick_values(obs, world, moves, last=False)


def one_trick_values(obs: BesigueObservation, world: World, moves: Sequence[Card], last: bool) -> list[float]:
    """The evaluator one trick deep (see the module doc); in the ``last`` tricks (three or four
    players with too many cards left for the solver) the answers follow the rules of the last
    tricks and only the brisques count."""
    table = _table(obs)
    rules = table.rules
    n, me = rules.n, cast(int, obs.seat)   # a seat's observation
    trick = tuple(c for _, c in obs.trick)
    classes = _classes(table, moves)
    values: dict[int, float] = {}
    for card in classes.values():
        played = (*trick, card)
        hands = list(world.hands)
        hands[me] ^= 1 << card
        seat = (me + 1) % n
        while len(played) < n:
            reply = _reply(table, world, hands, played, obs.leader, seat, last)
            hands[seat] ^= 1 << reply
            played = (*played, reply)
            seat = (seat + 1) % n
        points = _trick_points(table, world, played, obs.leader, last)
        values[card] = _for_side(rules, points, rules.side_of[me])
    return [values[classes[_key(table, m)]] for m in moves]


def _reply(table: _Table, world: World, hands: list[int], trick: tuple[int, ...], leader: int, seat: int,
           last: bool) -> int:
    """The card ``seat`` answers with: the best for its side were the trick over after it."""
    rules = table.rules
    side = rules.side_of[seat]
    best, best_value = -1, -float("inf")
    cards = hands[seat]
    if last:
        cards = legal_mask(cards, trick, table.trump, rules.phase2_rule, rules.strength)
    for card in _classes(table, _bits(cards)).values():
        played = (*trick, card)
        value = _for_side(rules, _trick_points(table, world, played, leader, last), side)
        if value > best_value:
            best, best_value = card, value
    return best


def _trick_points(table: _Table, world: World, trick: tuple[int, ...], leader: int, last: bool) -> list[float]:
    """Each side's gain from the (complete, or taken as complete) ``trick``: brisques, and in the
    first phase the sevens of trumps, the winner's declaration, and each player's change of
    potential once it has played."""
    rules = table.rules
    n = rules.n
    trump = table.trump
    points = [0.0] * rules.num_sides
    winner = (leader + trick_winner(trick, trump, rules.strength)) % n
    brisques = sum(1 for c in trick if RANK_INDEX[c] in (_ACE, _TEN))
    points[rules.side_of[winner]] += BRISQUE_POINTS * brisques
    if last:
        return points
    for i, card in enumerate(trick):
        seat = (leader + i) % n
        if trump is not None and SUIT_INDEX[card] == trump and RANK_INDEX[card] == _SEVEN:
            points[rules.side_of[winner if rules.seven_to_winner else seat]] += SEVEN_POINTS
        before = world.hands[seat] | 1 << card      # (a card led before the seat's turn is out of the world)
        after = before ^ (1 << card)
        used = table.used
        if seat == winner:
            declared = _best_declaration(table, after, table.tabled[seat] & ~(1 << card))
            if declared is not None:
                points[rules.side_of[seat]] += declared.points
                used = used.record(declared.name, int(declared.cards))
        side = rules.side_of[seat]
        points[side] += potential(table, after, used) - potential(table, before, table.used)
    return points


def _for_side(rules: Rules, points: list[float], side: int) -> float:
    """``side``'s points less the others' (their mean with three or four sides)."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def value(obs: BesigueObservation, world: World, moves: Sequence[Card]) -> list[float]:
    """The PIMC valuer of both phases: the solver once the talon is out, else the evaluator."""
    if solver.solvable(obs):
        return solver.value(obs, world, moves)
    return one_trick_values(obs, world, moves, last=obs.phase == "last_tricks")


def _all_cards(moves: Sequence[Action]) -> TypeGuard[Sequence[Card]]:
    return all(type(m) is Card for m in moves)


def searched(obs: BesigueObservation, moves: Sequence[Action]) -> Sequence[Card] | None:
    """The decisions searched: the card played (declaring and exchanging are the heuristic's)."""
    if obs.phase in ("play", "last_tricks") and _all_cards(moves):
        return moves
    return None


def make_search(rng: random.Random, *, worlds: int = pimc.WORLDS, seconds: float = pimc.SECONDS
                ) -> pimc.SearchBot[BesigueObservation, World, Card]:
    """The ``search`` bot: ``worlds`` per decision, at most about ``seconds`` of process time (see
    :mod:`atout.bots.pimc`)."""
    return pimc.SearchBot(rng, sample=sample, value=value, searched=searched, fallback=HeuristicBot(rng),
                          worlds=worlds, seconds=seconds)


def make_oracle(rng: random.Random, *, worlds: int = 1, seconds: float = pimc.SECONDS
                ) -> pimc.OracleBot[BesigueObservation, World, Card, BesigueState]:
    """The ``oracle``: the same search fed the true world."""
    return pimc.OracleBot(rng, world_of=world_of, sample=sample, value=value, searched=searched,
                          fallback=HeuristicBot(rng), worlds=worlds, seconds=seconds)


__all__ = ["first_phase_values", "make_oracle", "make_search", "potential", "searched", "value"]

"""Perfect Information Monte Carlo, written once for every game.

A seat does not see the other hands. The search bot draws *worlds* (a placing of every hidden
card consistent with everything the seat knows: its game's ``sampler`` module), values each of its
candidate moves in every world with all cards visible (its game's ``solver`` module), and plays the
move with the best mean value. Strength is the number of worlds per decision (``worlds``); a
per-decision budget (``seconds``, process time) stops before a world that would end past it once
``min_worlds`` are done, and before one that would end past twice the budget whatever the count
(a position whose worlds are slow to solve), so a slow machine plays weaker, never slower. Decisions the solver does not value (talk, bids, exchanges)
go to the game's ``fallback`` bot.

The oracle is the same search fed the one true world: the arena hands it the real state
(:class:`~atout.bots.base.SeeingBot`), so it measures how far a bot is from play with every card
visible. It is a yardstick, never a player at the online table.

>>> import random
>>> from typing import NamedTuple
>>> class Obs(NamedTuple):
...     legal: tuple
>>> worlds = lambda obs, rng: iter(lambda: rng.random(), None)       # a world is one number
>>> values = lambda obs, world, moves: [world if m == "risky" else 0.4 for m in moves]
>>> choice = best_move(Obs(("safe", "risky")), ["safe", "risky"], worlds, values, random.Random(1), worlds=200)
>>> choice.move, choice.worlds, round(choice.means[1], 1)
('risky', 200, 0.5)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypedDict, TypeGuard, TypeVar, overload

from atout.actions import Action, ActionKind
from atout.bots.base import GameBot, Offered, interjects
from atout.cards import Card

O = TypeVar("O", bound=Offered)     # the observation a game's search reads (PiquetObservation…)
W = TypeVar("W")     # a world of the game's sampler
M = TypeVar("M")     # a move
A = TypeVar("A", bound=Action)   # the moves a game's search values (Card…)
S = TypeVar("S")     # the game's state (the oracle's true world is read from it)

Sampler = Callable[[O, random.Random], Iterator[W]]          # (obs, rng) -> endless worlds
Valuer = Callable[[O, W, Sequence[M]], Sequence[float]]      # (obs, world, moves) -> value of each move
Searched = Callable[[O, Sequence[Action]], Sequence[A] | None]   # (obs, moves) -> the moves to search, or None

WORLDS = 24          # worlds per decision at the default strength
SECONDS = 0.5        # process time per decision before the search stops early
MIN_WORLDS = 4       # worlds always searched, whatever the clock says


class SearchOptions(TypedDict, total=False):
    """The options every search bot takes (a game's factory checks for others)."""

    worlds: int
    seconds: float


@dataclass(frozen=True)
class Choice(Generic[M]):
    """What a search decided: the move, the mean value of every candidate, and on how many worlds."""

    move: M
    moves: Sequence[M]
    means: list[float]
    worlds: int


def best_move(obs: O, moves: Sequence[M], sample: Sampler[O, W], value: Valuer[O, W, M], rng: random.Random,
              worlds: int = WORLDS, seconds: float = SECONDS, min_worlds: int = MIN_WORLDS,
              clock: Callable[[], float] = time.process_time) -> Choice[M]:
    """The move of ``moves`` with the best mean value over up to ``worlds`` sampled worlds (ties go
    to the first listed: the order a game lists its moves in).

    The next world is expected to cost the mean of those done: the search stops before it when it
    would end past ``seconds`` (once ``min_worlds`` are done) or past twice ``seconds`` (always)."""
    if not moves:
        raise ValueError("nothing to choose from")
    if len(moves) == 1:
        return Choice(moves[0], moves, [0.0], 0)
    totals = [0.0] * len(moves)
    done = 0
    start = clock()
    for world in sample(obs, rng):
        for i, v in enumerate(value(obs, world, moves)):
            totals[i] += v
        done += 1
        spent = clock() - start
        ending = spent + spent / done      # when the next world would end
        if done >= worlds or ending > 2 * seconds or (done >= min_worlds and ending > seconds):
            break
    if done == 0:
        raise ValueError("the sampler gave no world")
    means = [t / done for t in totals]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return Choice(moves[best], moves, means, done)


def is_card(move: Action) -> TypeGuard[Card]:
    """Whether ``move`` is a card played: what a search values by default."""
    return type(move) is Card


@overload
def fallback_first(fallback: GameBot[O]) -> Searched[O, Card]: ...


@overload
def fallback_first(fallback: GameBot[O], searchable: Callable[[Action], TypeGuard[A]]) -> Searched[O, A]: ...


@overload
def fallback_first(fallback: GameBot[O], searchable: Callable[[Action], bool]) -> Searched[O, Action]: ...


def fallback_first(fallback: GameBot[O], searchable: Callable[[Action], bool] = is_card) -> Searched[O, Action]:
    """A ``searched`` rule: ask ``fallback`` (the game's heuristic) first; when it would play a
    searchable move (a card, by default), search every searchable move with its choice listed first,
    so that moves the worlds cannot tell apart go its way (double-dummy values are often tied: every
    low card of a suit, every discard, and there the heuristic is the better guide against people);
    else (talk, an answer, a claim, a call) leave the decision to it. The moves searched are of the
    type ``searchable`` tells (:func:`is_card`: cards)."""
    def order(obs: O, moves: Sequence[Action]) -> Sequence[Action] | None:
        candidates = [m for m in moves if searchable(m)]
        if len(candidates) < 2:
            return None
        preferred = fallback.act(obs)
        if preferred not in candidates:
            return None
        return [preferred, *(m for m in candidates if m != preferred)]

    return order


class SearchBot(Generic[O, W, A]):
    """PIMC for the decisions ``searched`` picks out (card play, usually), ``fallback`` for the rest.

    ``sample`` and ``value`` are a game's sampler and solver; ``searched(obs, moves)`` returns the
    moves to search, or ``None`` to let ``fallback`` decide. Out-of-turn actions (claims) are the
    fallback's. ``O``: the game's observation, ``W``: its worlds, ``A``: the moves searched.
    """

    name = "search"
    sees_all = False
    slow = True   # it thinks: the online table asks its decisions of worker processes, off the event loop

    def __init__(self, rng: random.Random, *, sample: Sampler[O, W], value: Valuer[O, W, A],
                 searched: Searched[O, A], fallback: GameBot[O], worlds: int = WORLDS, seconds: float = SECONDS):
        if not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds must be a whole number ≥ 1, got {worlds!r}")
        if not isinstance(seconds, int | float) or seconds <= 0:
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        self.rng = rng
        self.sample = sample
        self.value = value
        self.searched = searched
        self.fallback = fallback
        self.worlds = worlds
        self.seconds = float(seconds)
        self.last: Choice[A] | None = None    # the last search, for analysis and tests

    @property
    def interjects(self) -> bool:
        return bool(getattr(self.fallback, "interjects", False))

    def interject(self, obs: O) -> Action | None:
        """The fallback's out-of-turn action (the runner asks only while ``interjects`` is true;
        a fallback that never interjects has nothing to say)."""
        fallback = self.fallback
        return fallback.interject(obs) if interjects(fallback) else None

    def act(self, obs: O) -> Action:
        return self._decide(obs, self.sample)

    def _decide(self, obs: O, sample: Sampler[O, W]) -> Action:
        moves = [a for a in obs.legal if a.kind is ActionKind.MOVE]
        candidates = self.searched(obs, moves) if moves else None
        if not candidates:
            self.last = None
            return self.fallback.act(obs)
        self.last = best_move(obs, candidates, sample, self.value, self.rng, self.worlds, self.seconds)
        return self.last.move


class OracleBot(SearchBot[O, W, A], Generic[O, W, A, S]):
    """The search given the true world (``world_of(state, seat)``): an upper bound for the arena.
    ``S``: the game's state."""

    name = "oracle"
    sees_all = True

    def __init__(self, rng: random.Random, *, world_of: Callable[[S, int], W], sample: Sampler[O, W],
                 value: Valuer[O, W, A], searched: Searched[O, A], fallback: GameBot[O], worlds: int = 1,
                 seconds: float = SECONDS):
        super().__init__(rng, sample=sample, value=value, searched=searched, fallback=fallback, worlds=worlds,
                         seconds=seconds)
        self.world_of = world_of

    def act_seeing(self, obs: O, state: S, seat: int) -> Action:
        world = self.world_of(state, seat)
        return self._decide(obs, lambda _obs, _rng: iter((world,)))


__all__ = ["MIN_WORLDS", "SECONDS", "WORLDS", "Choice", "OracleBot", "Sampler", "SearchBot", "SearchOptions",
           "Searched", "Valuer", "best_move", "fallback_first", "is_card"]

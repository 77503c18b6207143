"""``atout bench engine``: what the engine costs through the public API, per game and option set,
on one core, measured where users call it.

- **The README loop**, bare: ``while state.outcome() is None`` → chance through
  ``sample_chance``, else ``state.apply(rng.choice(state.moves()))``; each partie timed from
  ``new_state()``. Card plays and decisions per second, with a 95% confidence interval (Student t
  over ``runs`` runs of different seeds).
- **The loop as the server and bots run it**: the same, plus one ``observation(to_move)`` and its
  ``to_json()`` per decision. Its ratio to the bare loop, read on the same work: each partie is played
  in both loops, one after the other (:func:`paired_loops`).
- **OpenSpiel's euchre**, when ``open_spiel`` is installed (the ``openspiel`` extra): the same
  loop in OpenSpiel (``legal_actions``, ``apply_action``, chance outcomes drawn uniformly), in
  rounds interleaved with atout's bare loop in this process, so that both see the same machine;
  the ratio of card plays per second with its interval, and OpenSpiel's own micro figures.
- **At positions drawn uniformly over whole parties** (every decision of ``parties`` random
  parties equally likely), each timed by the first call there as the parties are played with
  that call at every decision (the position just reached by the move before it, as a bot deciding
  finds it: nothing made for it yet; :func:`first_calls_us`): microseconds per
  ``observation(seat)`` + ``to_json()`` (median, 90th percentile), ``observation``, ``to_json``,
  the spectator's observation and its JSON, ``legal_actions`` (medians); ``clone``,
  ``undo`` (the last action), the bytes of the position's JSON, and the memory a live
  state holds (``tracemalloc``: the game spec and the process-wide tables, shared by every state —
  interned actions, shared small values, Sizette's talk entries —, warmed and left out), its mean
  over positions from one partie for every three, with a 95% interval that takes each partie's
  states as one cluster.
- **The first hand against the last** (no growth): ``observation(seat)`` + ``to_json()`` and the
  bytes of the position's JSON at decisions drawn within the first hand and within the last hand
  of every partie of more than one hand (:func:`end_decisions`), timed as above; a long partie's
  last hand is measured however few of the uniform positions fall in it.

Every figure is timed in the benchmarking thread's CPU time (:data:`CLOCK`); a first call's figure
is its least over a few replays of its partie, ``clone`` the best of several batches (a call or a
batch slowed by a collection or a neighbour does not count).

``--baseline SRC`` runs the bare loop of another source tree (an older commit checked out with
``git worktree add``) in rounds interleaved with this one, in separate processes, and the loop with
an observation and its JSON at each decision likewise: each tree's decisions per second and their
ratio, for both loops.
"""

from __future__ import annotations

import gc
import json
import math
import os
import random
import statistics
import string
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NotRequired, Protocol, TypedDict, TypeVar

from atout.actions import Action
from atout.cards import Card
from atout.compiled import speedups
from atout.confidence import mean_ci, t95
from atout.game import CHANCE, Game, OptionValue, State
from atout.games import game_names, make_game
from atout.machine import Machine, machine
from atout.words import number_text

T = TypeVar("T")
CLOCK = time.thread_time
"""Every figure is timed in the CPU time of the benchmarking thread: on a shared, noisy machine the
time this process waits for a core is not counted, only the time it runs."""
CLOCK_NAME = "thread CPU time"

def _timed_party(game: Game, rng: random.Random, observe: bool) -> tuple[float, State]:
    """One partie of the README's loop (with ``observe``: plus one observation and its JSON per decision),
    timed from ``new_state()``; its time and its final state."""
    choice = rng.choice
    clock = CLOCK
    start = clock()
    state = game.new_state()
    if observe:
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.observation(state.to_move).to_json()
                state.apply(choice(state.moves()))
    else:
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(choice(state.moves()))
    return clock() - start, state


def _played(state: State) -> tuple[int, int]:
    """A finished partie's decisions and card plays, read from its history."""
    decisions = cards = 0
    for seat, action in state.history:
        if seat != CHANCE:
            decisions += 1
            cards += type(action) is Card
    return decisions, cards


def _loop_figures(elapsed: float, decisions: int, cards: int, parties: int) -> dict[str, float]:
    return {"seconds": elapsed, "card_plays": cards, "decisions": decisions, "parties": parties,
            "cards_per_second": cards / elapsed, "decisions_per_second": decisions / elapsed}


def readme_loop(game: Game, seconds: float, seed: int, observe: bool = False) -> dict[str, float]:
    """Play random parties for about ``seconds`` of loop time, the README's loop (with ``observe``:
    plus one observation and its JSON per decision); count decisions and card plays.

    The counts are read from each finished partie's history afterwards, outside the timed loop.
    """
    rng = random.Random(seed)
    cards = decisions = parties = 0
    elapsed = 0.0
    while elapsed < seconds:
        spent, state = _timed_party(game, rng, observe)
        elapsed += spent
        parties += 1
        d, c = _played(state)
        decisions += d
        cards += c
    return _loop_figures(elapsed, decisions, cards, parties)


def paired_loops(game: Game, seconds: float, seed: int) -> tuple[dict[str, float], dict[str, float]]:
    """The README's loop bare and observed on the very same parties: each partie is played twice in a
    row, once bare and once with an observation and its JSON per decision (the order swapped every
    other partie), from one random generator seeded alike, until the bare loop has run about
    ``seconds``. The two loops do the same rules' work moments apart, so that a shared machine's drift
    lands on both; the figures of the bare loop, then the observed one's."""
    seeds = random.Random(seed)
    elapsed = {loop: 0.0 for loop, _ in LOOPS}
    decisions = cards = parties = 0
    while elapsed["bare"] < seconds:
        party_seed = seeds.getrandbits(64)
        for loop, observe in (LOOPS, LOOPS[::-1])[parties & 1]:
            spent, state = _timed_party(game, random.Random(party_seed), observe)
            elapsed[loop] += spent
        parties += 1
        d, c = _played(state)   # the same partie both times
        decisions += d
        cards += c
    return (_loop_figures(elapsed["bare"], decisions, cards, parties),
            _loop_figures(elapsed["observed"], decisions, cards, parties))


# ---------------------------------------------------------------------------------- OpenSpiel's euchre


class SpielState(Protocol):
    """What the bench uses of an OpenSpiel state (``pyspiel`` has no type information)."""

    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def num_cards_played(self) -> int: ...
    def clone(self) -> SpielState: ...
    def current_player(self) -> int: ...
    def observation_string(self, player: int) -> str: ...


class SpielGame(Protocol):
    """What the bench uses of an OpenSpiel game."""

    def new_initial_state(self) -> SpielState: ...


class PySpiel(Protocol):
    """What the bench uses of the ``pyspiel`` module."""

    def load_game(self, name: str) -> SpielGame: ...


def openspiel() -> PySpiel | None:
    """The ``pyspiel`` module when OpenSpiel is installed, else ``None``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    found: PySpiel = pyspiel
    return found


def euchre_loop(pyspiel: PySpiel, seconds: float, seed: int) -> dict[str, float]:
    """OpenSpiel's euchre in the same loop: chance outcomes drawn uniformly, a uniformly random legal
    action otherwise; card plays counted by the state (``num_cards_played``)."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    choice = rng.choice
    cards = parties = 0
    clock = CLOCK
    elapsed = 0.0
    while elapsed < seconds:
        start = clock()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        elapsed += clock() - start
        cards += state.num_cards_played()
        parties += 1
    return {"seconds": elapsed, "card_plays": cards, "parties": parties, "cards_per_second": cards / elapsed}


def euchre_micro(pyspiel: PySpiel, positions: int, seed: int, repeat: int = 10) -> dict[str, float]:
    """OpenSpiel euchre's clone, legal_actions and observation string, at positions of random play."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    states: list[SpielState] = []
    while len(states) < positions:
        state = game.new_initial_state()
        stop = rng.randrange(1, 60)
        for _ in range(stop):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and not state.is_chance_node():
            states.append(state)
    player = [s.current_player() for s in states]
    return {
        "clone_us": _per_call_us(states, lambda s: s.clone(), repeat),
        "legal_actions_us": _per_call_us(states, lambda s: s.legal_actions(), repeat),
        "observation_string_us": _per_call_us(list(zip(states, player, strict=True)),
                                              lambda sp: sp[0].observation_string(sp[1]), repeat),
    }


class VersusEuchre(TypedDict):
    """atout's bare README loop against OpenSpiel euchre's (:func:`versus_euchre`)."""

    rounds: int
    seconds_per_round: float
    ratio: float
    ratio_ci95: float | None
    atout_cards_per_second: int
    euchre_cards_per_second: int


def versus_euchre(pyspiel: PySpiel, game: Game, rounds: int, seconds: float, seed: int) -> VersusEuchre:
    """atout's bare README loop and OpenSpiel euchre's, in interleaved rounds of ``seconds`` each in
    this process; the ratio of card plays per second, round by round."""
    ratios, ours, theirs = [], [], []
    for r in range(rounds):
        if r % 2:
            a = readme_loop(game, seconds, seed + r)["cards_per_second"]
            e = euchre_loop(pyspiel, seconds, seed + r)["cards_per_second"]
        else:
            e = euchre_loop(pyspiel, seconds, seed + r)["cards_per_second"]
            a = readme_loop(game, seconds, seed + r)["cards_per_second"]
        ours.append(a)
        theirs.append(e)
        ratios.append(a / e)
    ratio, ratio_ci = mean_ci(ratios)
    return {"rounds": rounds, "seconds_per_round": seconds, "ratio": round(ratio, 3), "ratio_ci95": _round3(ratio_ci),
            "atout_cards_per_second": round(statistics.fmean(ours)),
            "euchre_cards_per_second": round(statistics.fmean(theirs))}


# ---------------------------------------------------------------------------------- positions


@dataclass
class Position:
    """A live state at a decision of a random partie: which partie, which hand (0: the first) of how
    many hands that partie had."""

    state: State
    partie: int
    hand: int
    hands: int


def random_history(game: Game, seed: int) -> list[tuple[int, Action]]:
    """The history of one random partie (the README loop), to its end."""
    rng = random.Random(seed)
    state = game.new_state()
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return list(state.history)


Chosen = tuple[list[list[tuple[int, Action]]], dict[int, list[int]]]
"""What :func:`_chosen_decisions` draws: the parties' histories, and the decisions chosen in each."""


def _chosen_decisions(game: Game, count: int, seed: int, parties: int = 0) -> Chosen:
    """The histories of ``parties`` random parties (by default one per ten positions, at least 4)
    and, by partie in order, the indices in its history of ``count`` decisions drawn uniformly among
    all of theirs."""
    parties = parties or max(4, count // 10)
    histories = [random_history(game, seed * 1000 + p) for p in range(parties)]
    decisions = [(p, i) for p, h in enumerate(histories) for i, (seat, _) in enumerate(h) if seat != CHANCE]
    rng = random.Random(seed)
    by_partie: dict[int, list[int]] = {}
    for p, i in sorted(rng.sample(decisions, min(count, len(decisions)))):
        by_partie.setdefault(p, []).append(i)
    return histories, by_partie


def uniform_positions(game: Game, count: int, seed: int, parties: int = 0, chosen: Chosen | None = None,
                      ) -> list[Position]:
    """``count`` states at decisions drawn uniformly among every decision of ``parties`` random
    parties (by default one partie per ten positions, at least 4): the first hand and the last as
    likely as any other, in proportion to their decisions (``chosen``: those already drawn)."""
    histories, by_partie = chosen or _chosen_decisions(game, count, seed, parties)
    out: list[Position] = []
    for p, stops in by_partie.items():
        state = game.new_state()
        marks: list[tuple[State, int]] = []
        wanted = set(stops)
        for i, (seat, action) in enumerate(histories[p]):
            if i in wanted:
                marks.append((state.clone(), len(state.results)))
            state.apply(action, seat)
        hands = len(state.results) + (0 if state.outcome() is not None else 1)
        hands = max(1, hands)
        out += [Position(s, p, min(h, hands - 1), hands) for s, h in marks]
    return out


def end_decisions(game: Game, histories: Sequence[Sequence[tuple[int, Action]]], per_partie: int, seed: int,
                  ) -> tuple[dict[int, list[int]], set[tuple[int, int]]]:
    """Decisions drawn uniformly within the first hand and, as many, within the last hand of each
    partie of more than one hand: by partie, their indices in its history in order (as
    :func:`_chosen_decisions` gives them), and the ``(partie, index)`` pairs of the last hands'."""
    rng = random.Random(seed)
    by_partie: dict[int, list[int]] = {}
    last: set[tuple[int, int]] = set()
    for p, history in enumerate(histories):
        state = game.new_state()
        hands: dict[int, list[int]] = {}
        for i, (seat, action) in enumerate(history):
            if seat != CHANCE:
                hands.setdefault(len(state.results), []).append(i)
            state.apply(action, seat)
        if len(hands) < 2:
            continue
        first, final = hands[min(hands)], hands[max(hands)]
        picked = rng.sample(first, min(per_partie, len(first))) + rng.sample(final, min(per_partie, len(final)))
        by_partie[p] = sorted(picked)
        last.update((p, i) for i in final)
    return by_partie, last


POSITIONS = 300
"""The positions drawn for the per-call figures by default."""

FIRST_CALLS = ("observation_json", "observation", "to_json", "spectator", "legal_actions")


def first_calls_us(game: Game, count: int, seed: int, rounds: int = 3, chosen: Chosen | None = None,
                   kinds: Sequence[str] = ("observation_json", "spectator", "legal_actions"),
                   ) -> dict[str, list[float]]:
    """Microseconds of the first call at each of the positions :func:`uniform_positions` draws (in
    its order), as the parties are played with that call at every decision (the README loop with
    an observation, as a bot plays): each position just reached by the move before it, nothing
    made for it yet (the state's caches are keyed on its version). Each partie is replayed
    ``rounds`` times for each kind of call, and a position's figure is its least (a call slowed by
    a neighbour does not count); the clock's own cost is taken off. ``observation_json`` is
    ``observation(to_move)`` then its ``to_json()``, also given apart; ``spectator`` is
    ``observation(None)`` and its ``to_json()``; ``legal_actions`` of the seat to move
    (``chosen``: the positions already drawn; ``kinds``: the calls to time, of the three)."""
    histories, by_partie = chosen or _chosen_decisions(game, count, seed)
    n = sum(len(stops) for stops in by_partie.values())
    best = {key: [math.inf] * n for key in FIRST_CALLS}
    clock = CLOCK
    overhead = min(-clock() + clock() for _ in range(200))
    for _ in range(rounds):
        for kind in kinds:
            k = 0
            for p, stops in by_partie.items():
                state = game.new_state()
                wanted = set(stops)
                for i, (seat, action) in enumerate(histories[p]):
                    if seat != CHANCE:
                        mover = state.to_move
                        start = clock()
                        if kind == "legal_actions":
                            state.legal_actions(mover)
                        else:
                            obs = state.observation(None if kind == "spectator" else mover)
                            made = clock()
                            obs.to_json()
                        end = clock()
                        if i in wanted:
                            if kind == "observation_json":   # the whole less the clock read between
                                spent = {kind: end - start - overhead, "observation": made - start,
                                         "to_json": end - made}
                            else:
                                spent = {kind: end - start}
                            for key, value in spent.items():
                                best[key][k] = min(best[key][k], value - overhead)
                            k += 1
                    state.apply(action, seat)
    return {key: [max(0.0, v) * 1e6 for v in values] for key, values in best.items()}


def _per_call_us(items: Sequence[T], call: Callable[[T], object], repeat: int) -> float:
    """Microseconds per call over ``items``: the best of ``repeat`` batches."""
    clock = CLOCK
    best = math.inf
    for _ in range(repeat):
        start = clock()
        for item in items:
            call(item)
        best = min(best, clock() - start)
    return best / max(1, len(items)) * 1e6


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


def _percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def micro(game: Game, seed: int, positions: int = POSITIONS, repeat: int = 15) -> dict[str, float]:
    """The per-call figures at positions uniform over whole parties (see the module's doc)."""
    chosen = _chosen_decisions(game, positions, seed)   # drawn once, for both
    spots = uniform_positions(game, positions, seed, chosen=chosen)
    states = [s.state for s in spots]
    first = first_calls_us(game, positions, seed, chosen=chosen)
    both = first["observation_json"]
    sizes = [_json_bytes(s) for s in states]
    histories = chosen[0]
    ends, in_last = end_decisions(game, histories, max(1, -(-max(20, positions // 5) // len(histories))), seed)
    is_last = [(p, i) in in_last for p, stops in ends.items() for i in stops]
    end_us = first_calls_us(game, 0, seed, chosen=(histories, ends), kinds=("observation_json",))["observation_json"]
    end_bytes = [_json_bytes(s.state) for s in uniform_positions(game, 0, seed, chosen=(histories, ends))]
    first_hand = [t for t, last in zip(end_us, is_last, strict=True) if not last]
    last_hand = [t for t, last in zip(end_us, is_last, strict=True) if last]
    out = {
        "positions": len(spots), "parties": len({s.partie for s in spots}),
        "observation_json_us": _median(both), "observation_json_p90_us": _percentile(both, 90),
        "observation_json_first_hand_us": _median(first_hand), "observation_json_last_hand_us": _median(last_hand),
        "first_hand_positions": len(first_hand), "last_hand_positions": len(last_hand),
        "observation_us": _median(first["observation"]), "spectator_us": _median(first["spectator"]),
        "to_json_us": _median(first["to_json"]), "legal_actions_us": _median(first["legal_actions"]),
        "clone_us": _per_call_us(states, lambda s: s.clone(), repeat),
        "position_json_bytes": statistics.fmean(sizes),
        "position_json_first_hand_bytes": _mean([n for n, last in zip(end_bytes, is_last, strict=True) if not last]),
        "position_json_last_hand_bytes": _mean([n for n, last in zip(end_bytes, is_last, strict=True) if last]),
    }
    clones = [s.clone() for s in states for _ in range(max(1, repeat // 5))]
    clock = CLOCK
    start = clock()
    for c in clones:
        c.undo()
    out["undo_us"] = (clock() - start) / len(clones) * 1e6
    out["state_bytes"], out["state_bytes_ci95"], out["state_bytes_parties"] = live_state_bytes(game, seed, positions)
    return out


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else math.nan


def _json_bytes(state: State) -> int:
    """The bytes of the position's JSON of the seat to move, compact."""
    return len(json.dumps(state.observation(state.to_move).to_json(), separators=(",", ":")))


def live_state_bytes(game: Game, seed: int, count: int = 300) -> tuple[float, float, int]:
    """Mean bytes held by one live state at a decision drawn uniformly over whole parties
    (``tracemalloc``), the half-width of its 95% confidence interval and how many parties: each
    state rebuilt by replaying its partie's history under the tracer.

    The positions come from many parties (one for every three positions): a partie's length
    weighs much on its states' size (a long mort partie holds many hands). The CI takes each
    partie's states as one cluster (the states of one partie are alike), a ratio estimate over
    the parties' totals.

    A first batch warms every cache (the game spec and the engine's tables of interned actions and
    codes, which every state shares), so only what each state holds is counted. A full collection
    before and after each partie's states empties the interpreter's free lists (of tuples…), whose
    blocks tracemalloc would otherwise count or not by chance: the figure is the same from run to
    run (in a process where no other thread allocates meanwhile: tracemalloc sees every thread).
    """
    spots = uniform_positions(game, count, seed + 1, parties=max(4, count // 3))
    by_partie: dict[int, list[list[tuple[int, Action]]]] = {}
    for spot in spots:
        by_partie.setdefault(spot.partie, []).append(list(spot.state.history))
    del spots

    def rebuild(history: list[tuple[int, Action]]) -> State:
        state = game.new_state()
        for seat, action in history:
            state.apply(action, seat)
        return state

    warm = [rebuild(h) for histories in by_partie.values() for h in histories]  # every table and cache filled
    del warm
    totals: list[int] = []
    sizes: list[int] = []
    kept: list[State] = []
    gc.collect()
    tracemalloc.start()
    try:
        for histories in by_partie.values():
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            kept += [rebuild(h) for h in histories]
            gc.collect()
            totals.append(tracemalloc.get_traced_memory()[0] - before)
            sizes.append(len(histories))
    finally:
        tracemalloc.stop()
    n = sum(sizes)
    mean = sum(totals) / max(1, n)
    parties = len(totals)
    if parties < 2:
        return mean, math.nan, parties
    spread = sum((t - mean * k) ** 2 for t, k in zip(totals, sizes, strict=True)) * parties / (parties - 1)
    return mean, t95(parties - 1) * math.sqrt(spread) / n, parties


# ---------------------------------------------------------------------------------- one bench


def bench_targets(names: Sequence[str] | None, options: Mapping[str, str], presets: bool) -> list[tuple[str, Game]]:
    """The games and option sets to bench: each game with ``options`` (its defaults when none),
    and with ``presets``, each of its presets too. A label names each set."""
    out: list[tuple[str, Game]] = []
    for name in names or game_names():
        game = make_game(name, options)
        label = name + (f" {game.options.text()}" if game.options.text() else "")
        out.append((label, game))
        if presets:
            for preset in type(game).presets:
                with_preset = make_game(name, {**options, "preset": preset})
                out.append((f"{name} preset={preset}", with_preset))
    return out


class LoopFigures(TypedDict):
    """One loop of one game (:func:`run_engine_bench`): means and 95% CI half-widths over the runs."""

    decisions_per_second: int
    decisions_per_second_ci95: int | None
    cards_per_second: int
    cards_per_second_ci95: int | None
    decisions: int
    parties: int


class GameBench(TypedDict):
    """The figures of one game (and option set): the loops, then OpenSpiel's euchre when it is
    there, then the micro figures (set last, in this order)."""

    game: str
    options: dict[str, OptionValue]
    bare: LoopFigures
    observed: LoopFigures
    observed_over_bare: float
    """The mean over runs of each run's observed loop over its bare loop (each run plays the same parties in both)."""
    observed_over_bare_ci95: float | None
    observed_over_bare_runs: list[float]
    observation_in_loop_us: float
    euchre: NotRequired[VersusEuchre]
    micro: NotRequired[dict[str, float | None]]   # None: not measured (no partie of two hands…)


class OpenSpielFigures(TypedDict):
    """OpenSpiel euchre's own per-call figures (µs)."""

    version: str
    game: str
    clone_us: float
    legal_actions_us: float
    observation_string_us: float


class EngineBench(TypedDict):
    """What :func:`run_engine_bench` measured, by game label."""

    machine: Machine
    clock: str
    seconds_per_loop: float
    runs: int
    seed: int
    positions: int
    policy: str
    compiled: bool
    """Whether the compiled helpers ran (``atout.compiled``: the position's JSON, a state's fields)."""
    openspiel: OpenSpielFigures | None
    games: dict[str, GameBench]


LOOPS: tuple[tuple[Literal["bare", "observed"], bool], ...] = (("bare", False), ("observed", True))
"""The engine bench's loops: the README's, and the README's with an observation and its JSON."""


def run_engine_bench(games: Sequence[str] | None = None, seconds: float = 4.0, seed: int = 1, runs: int = 4,
                     positions: int = POSITIONS, options: Mapping[str, str] | None = None, presets: bool = False,
                     euchre_rounds: int = 8) -> EngineBench:
    """Bench each game (and option set): the loops, the comparison with OpenSpiel when it is there,
    the micro figures. ``seconds`` is each loop's time in all (split over ``runs`` runs), after an untimed
    half run; each run plays the same parties bare and observed in turn (:func:`paired_loops`), so that the
    observed loop's share of the bare one's speed is read run by run on the same work, as a machine's speed
    drifts."""
    pyspiel = openspiel() if euchre_rounds > 0 else None
    out: EngineBench = {"machine": machine(), "clock": CLOCK_NAME, "seconds_per_loop": seconds, "runs": runs, "seed": seed,
                        "positions": positions, "policy": "uniform random move from moves() (the README's loop)",
                        "compiled": speedups is not None, "openspiel": None, "games": {}}
    if pyspiel is not None:
        spiel = euchre_micro(pyspiel, 200, seed)
        out["openspiel"] = {"version": getattr(pyspiel, "__version__", "?"), "game": "euchre",
                            "clone_us": round(spiel["clone_us"], 2),
                            "legal_actions_us": round(spiel["legal_actions_us"], 2),
                            "observation_string_us": round(spiel["observation_string_us"], 2)}
    for label, game in bench_targets(games, options or {}, presets):
        paired_loops(game, seconds / runs / 2, seed + runs)   # untimed: the engine's tables filled, as in a long run
        by_loop: dict[Literal["bare", "observed"], list[dict[str, float]]] = {loop: [] for loop, _ in LOOPS}
        for i in range(runs):   # each run, the same parties played bare and observed in turn
            pair = paired_loops(game, seconds / runs, seed + i)
            by_loop["bare"].append(pair[0])
            by_loop["observed"].append(pair[1])
        shares = [o["decisions_per_second"] / b["decisions_per_second"]
                  for b, o in zip(by_loop["bare"], by_loop["observed"], strict=True)]
        share, share_ci = mean_ci(shares)
        loops: dict[str, LoopFigures] = {}
        for loop, samples in by_loop.items():
            dps, dps_ci = mean_ci([s["decisions_per_second"] for s in samples])
            cps, cps_ci = mean_ci([s["cards_per_second"] for s in samples])
            loops[loop] = {"decisions_per_second": round(dps), "decisions_per_second_ci95": _round(dps_ci),
                           "cards_per_second": round(cps), "cards_per_second_ci95": _round(cps_ci),
                           "decisions": sum(int(s["decisions"]) for s in samples),
                           "parties": sum(int(s["parties"]) for s in samples)}
        bare, observed = loops["bare"]["decisions_per_second"], loops["observed"]["decisions_per_second"]
        entry: GameBench = {"game": game.name, "options": game.options.changed(), "bare": loops["bare"],
                            "observed": loops["observed"], "observed_over_bare": round(share, 3),
                            "observed_over_bare_ci95": _round3(share_ci),
                            "observed_over_bare_runs": [round(x, 4) for x in shares],
                            "observation_in_loop_us": round((1 / observed - 1 / bare) * 1e6, 2)}
        if pyspiel is not None:
            entry["euchre"] = versus_euchre(pyspiel, game, euchre_rounds, max(0.25, seconds / runs / 2), seed)
        entry["micro"] = {k: None if math.isnan(v) else round(v, 2) for k, v in micro(game, seed, positions).items()}
        out["games"][label] = entry
    return out


def _round(x: float) -> int | None:
    return None if math.isnan(x) else round(x)


def _round3(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 3)


# ---------------------------------------------------------------------------------- baseline

_LOOP_SCRIPT = r"""
import json, random, sys, time
from atout.games import make_game
name, seconds, seed, observed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
game = make_game(name)
rng = random.Random(seed)
decisions = 0
elapsed = 0.0
clock = time.thread_time   # CPU time, as CLOCK below
state = game.new_state()
# in older trees legal_actions() listed the moves
moves_of = type(state).moves if hasattr(type(state), "moves") else type(state).legal_actions
while elapsed < seconds:
    chance = 0
    start = clock()   # from new_state(), as the README's loop
    state = game.new_state()
    while state.outcome() is None:
        if state.to_move == -1:
            chance += 1
            state.apply(state.sample_chance(rng))
        else:
            if observed:   # as the server and the bots: the seat's observation and its JSON, then the move
                state.observation(state.to_move).to_json()
            state.apply(rng.choice(moves_of(state)))
    elapsed += clock() - start
    decisions += len(state.history) - chance   # counted without reading the history back
print(json.dumps({"decisions_per_second": decisions / elapsed}))
"""


def _loop_in_process(src: Path, name: str, seconds: float, seed: int, observed: bool) -> float:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, "-c", _LOOP_SCRIPT, name, str(seconds), str(seed), "1" if observed else "0"],
                          env=env, capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["decisions_per_second"])


class Compared(TypedDict):
    """One game's bare loop in this tree and in the baseline's (decisions per second), and the same
    for the loop with an observation and its JSON at each decision (``observed_…``)."""

    current: int
    current_ci95: int | None
    baseline: int
    baseline_ci95: int | None
    ratio: float
    ratio_ci95: float
    observed_current: int
    observed_current_ci95: int | None
    observed_baseline: int
    observed_baseline_ci95: int | None
    observed_ratio: float
    observed_ratio_ci95: float


class Comparison(TypedDict):
    """What :func:`compare_with_baseline` measured, by game."""

    machine: Machine
    clock: str
    baseline: str
    current: str
    rounds: int
    seconds_per_round: float
    seed: int
    games: dict[str, Compared]


def compare_with_baseline(baseline_src: Path, games: Sequence[str] | None = None, seconds: float = 2.0,
                          rounds: int = 8, seed: int = 1) -> Comparison:
    """The bare loop of this tree and of ``baseline_src``, and the loop with an observation and its
    JSON at each decision, in alternating subprocess rounds (each round runs the four, the trees'
    order swapped every other round)."""
    here = Path(__file__).resolve().parents[1]
    names = list(games) if games else list(game_names())
    out: Comparison = {"machine": machine(), "clock": CLOCK_NAME, "baseline": str(baseline_src), "current": str(here),
                           "rounds": rounds, "seconds_per_round": seconds, "seed": seed, "games": {}}
    for name in names:
        runs: dict[tuple[bool, bool], list[float]] = {(tree, observed): [] for tree in (True, False)
                                                       for observed in (False, True)}
        for r in range(rounds):
            for observed in (False, True):
                order = [True, False]   # this tree first, then the baseline; the other way every other round
                if r % 2:
                    order.reverse()
                for is_current in order:
                    src = here if is_current else baseline_src
                    runs[is_current, observed].append(_loop_in_process(src, name, seconds, seed + r, observed))
        c, c_ci, b, b_ci, ratio, ratio_ci = _compared(runs[True, False], runs[False, False])
        oc, oc_ci, ob, ob_ci, o_ratio, o_ratio_ci = _compared(runs[True, True], runs[False, True])
        out["games"][name] = {"current": c, "current_ci95": c_ci, "baseline": b, "baseline_ci95": b_ci,
                              "ratio": ratio, "ratio_ci95": ratio_ci,
                              "observed_current": oc, "observed_current_ci95": oc_ci, "observed_baseline": ob,
                              "observed_baseline_ci95": ob_ci, "observed_ratio": o_ratio,
                              "observed_ratio_ci95": o_ratio_ci}
    return out


def _compared(current: list[float], base: list[float]) -> tuple[int, int | None, int, int | None, float, float]:
    """Each tree's mean rate and its interval, and the mean of the rounds' ratios and its interval."""
    c, c_ci = mean_ci(current)
    b, b_ci = mean_ci(base)
    ratio, ratio_ci = mean_ci([x / y for x, y in zip(current, base, strict=True)])
    return round(c), _round(c_ci), round(b), _round(b_ci), round(ratio, 3), round(ratio_ci, 3)


# ---------------------------------------------------------------------------------- text

_WORDS = {
    "title": ("Engine benchmark", "Banc d'essai du moteur"),
    "core": ("one core, thread CPU time", "un cœur, temps CPU du fil"),
    "compiled": ("; compiled helpers (the position's JSON, a state's fields)",
                 " ; fonctions compilées (JSON de la position, champs d'un état)"),
    "pure": ("; pure Python (no compiled helpers)", " ; Python pur (sans fonctions compilées)"),
    "load": ("; load {x:.1f}", " ; charge {x:.1f}"),
    "policy": (("policy: the README's loop (uniform random move from moves()); {runs} runs per loop, seeds "
               "{first}…{last}, {seconds:.1f} s per loop, after an untimed run of each; 95% CI (Student t over runs)"),
               ("politique : la boucle du README (coup au hasard parmi moves()) ; {runs} séries par boucle, graines "
               "{first}…{last}, {seconds:.1f} s par boucle, après une série non chronométrée de chacune ; IC 95 % "
               "(t de Student sur les séries)")),
    "bare": ("README loop", "boucle du README"),
    "observed": ("+ observation+JSON", "+ observation+JSON"),
    "loop": ("{name:20} {cps:>9,} ± {cps_ci:,} card plays/s   {dps:>9,} ± {dps_ci:,} decisions/s   [{parties:,} parties]",
             "{name:20} {cps:>9,} ± {cps_ci:,} cartes/s   {dps:>9,} ± {dps_ci:,} décisions/s   [{parties:,} parties]"),
    "ratio": ("observed/bare {ratio:.1%} ± {ci} (each partie played in both loops in turn): observation+JSON {us:.2f} µs in the loop",
              ("observée/nue {ratio:.1%} ± {ci} (chaque partie jouée dans les deux boucles tour à tour) : observation+JSON {us:.2f} µs "
               "dans la boucle")),
    "euchre": (("v OpenSpiel euchre: {ratio:.2f} ± {ci} ({rounds} interleaved rounds; euchre {e:,} card plays/s, "
               "atout {a:,})"),
               ("face à l'euchre d'OpenSpiel : {ratio:.2f} ± {ci} ({rounds} manches alternées ; euchre {e:,} cartes/s, "
               "atout {a:,})")),
    "obsjson": (("observation+JSON, first call at {n} positions over {p} parties: median {med:.1f} µs, "
                "p90 {p90:.1f} µs{ends}"),
                ("observation+JSON, premier appel en {n} positions de {p} parties : médiane {med:.1f} µs, "
                "p90 {p90:.1f} µs{ends}")),
    "ends_us": ("; first hand {first:.1f} µs, last hand {last:.1f} µs ({nf} and {nl} positions)",
                " ; première donne {first:.1f} µs, dernière donne {last:.1f} µs ({nf} et {nl} positions)"),
    "no_ends": ("; no partie of more than one hand", " ; aucune partie de plus d'une donne"),
    "calls": (("first calls: observation {obs:.2f} µs (spectator's with its JSON {spec:.2f}), to_json {json:.2f} µs, "
              "legal_actions {legal:.2f} µs; clone {clone:.2f} µs, undo {undo:.2f} µs"),
              ("premiers appels : observation {obs:.2f} µs (celle d'un spectateur et son JSON {spec:.2f}), "
              "to_json {json:.2f} µs, legal_actions {legal:.2f} µs ; clone {clone:.2f} µs, undo {undo:.2f} µs")),
    "sizes": (("memory per live state {bytes:,.0f} ± {ci:,.0f} bytes ({kib:.1f} KiB; {parties} parties); position JSON "
              "{b:.0f} bytes{ends}"),
              ("mémoire par état vivant {bytes:,.0f} ± {ci:,.0f} octets ({kib:.1f} Kio ; {parties} parties) ; JSON de la "
              "position {b:.0f} octets{ends}")),
    "ends_bytes": (" (first hand {first:.0f}, last hand {last:.0f})", " (première donne {first:.0f}, dernière donne {last:.0f})"),
    "openspiel": (("OpenSpiel {version} euchre: clone {clone:.2f} µs, legal_actions {legal:.2f} µs, observation string "
                  "{obs:.2f} µs"),
                  ("OpenSpiel {version} euchre : clone {clone:.2f} µs, legal_actions {legal:.2f} µs, chaîne "
                  "d'observation {obs:.2f} µs")),
    "two": ("{x:.2f}", "{x:.2f}"),
    "points": ("{x:.1f} points", "{x:.1f} points"),
    "side_by_side": (("Side-by-side, the README loop bare and with an observation+JSON per decision (decisions/s) — "
                      "Python {python}, {processor}{load}; {rounds} alternating rounds of {seconds:.1f} s"),
                     ("Comparaison, la boucle du README nue et avec une observation+JSON par décision (décisions/s) — "
                      "Python {python}, {processor}{load} ; {rounds} manches alternées de {seconds:.1f} s")),
    "baseline": ("baseline: {src}", "référence : {src}"),
    "current": ("current: {src}", "actuel : {src}"),
    "compared": ("{name:10} {loop} {c:>9,} ± {c_ci:,}   baseline {b:>9,} ± {b_ci:,}   ratio {ratio:.3f} ± {ratio_ci:.3f}",
                 "{name:10} {loop} {c:>9,} ± {c_ci:,}   référence {b:>9,} ± {b_ci:,}   ratio {ratio:.3f} ± {ratio_ci:.3f}"),
    "bare_loop": ("current", "actuel"),
    "observed_loop": ("+ obs+JSON", "+ obs+JSON"),
    "no_openspiel": ("OpenSpiel is not installed (pip install 'atout[openspiel]'): no comparison with its euchre",
                     "OpenSpiel n'est pas installé (pip install 'atout[openspiel]') : pas de comparaison avec son euchre"),
}


class _FrenchNumbers(string.Formatter):
    """``str.format`` writing numbers the French way (:func:`~atout.words.number_text`)."""

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return number_text(value, format_spec, "fr")
        text: str = format(value, format_spec)
        return text


_FRENCH = _FrenchNumbers()


def _w(key: str, fr: bool, **values: object) -> str:
    text = _WORDS[key][1 if fr else 0]
    if not values:
        return text
    return _FRENCH.format(text, **values) if fr else text.format(**values)


def _ends(micro: Mapping[str, float], fr: bool, key: str, words: str, missing: str = "") -> str:
    """The first hand's figure against the last hand's, or the ``missing`` words (none: nothing)
    when no partie had two hands."""
    first, last = micro.get(key.format("first")), micro.get(key.format("last"))
    if first is None or last is None:
        return _w(missing, fr) if missing else ""
    return _w(words, fr, first=first, last=last, nf=micro["first_hand_positions"], nl=micro["last_hand_positions"])


def format_bench(result: EngineBench, lang: str = "en") -> str:
    fr = lang == "fr"
    m = result["machine"]
    lines = [
        f"{_w('title', fr)} — Python {m['python']} ({m['implementation']}), {m['processor']}, {m['cpus']} CPU, "
        + _w("core", fr) + _load_text(m, fr) + _w("compiled" if result["compiled"] else "pure", fr),
        _w("policy", fr, runs=result["runs"], first=result["seed"], last=result["seed"] + result["runs"] - 1,
           seconds=result["seconds_per_loop"]),
    ]
    spiel = result.get("openspiel")
    if spiel:
        lines.append(_w("openspiel", fr, version=spiel["version"], clone=spiel["clone_us"],
                        legal=spiel["legal_actions_us"], obs=spiel["observation_string_us"]))
    else:
        lines.append(_w("no_openspiel", fr))
    for label, g in result["games"].items():
        lines.append(label)
        for loop in ("bare", "observed"):
            x = g[loop]
            lines.append("  " + _w("loop", fr, name=_w(loop, fr), cps=x["cards_per_second"],
                                   cps_ci=x["cards_per_second_ci95"] or 0, dps=x["decisions_per_second"],
                                   dps_ci=x["decisions_per_second_ci95"] or 0, parties=x["parties"]))
        share_ci = g["observed_over_bare_ci95"]
        lines.append("  " + _w("ratio", fr, ratio=g["observed_over_bare"], us=g["observation_in_loop_us"],
                               ci="?" if share_ci is None else _w("points", fr, x=100 * share_ci)))
        e = g.get("euchre")
        if e:
            ci = "?" if e["ratio_ci95"] is None else _w("two", fr, x=e["ratio_ci95"])
            lines.append("  " + _w("euchre", fr, ratio=e["ratio"], ci=ci, rounds=e["rounds"],
                                   e=e["euchre_cards_per_second"], a=e["atout_cards_per_second"]))
        mi = {k: v for k, v in g["micro"].items() if v is not None}
        lines.append("  " + _w("obsjson", fr, n=int(mi["positions"]), p=int(mi["parties"]),
                               med=mi["observation_json_us"], p90=mi["observation_json_p90_us"],
                               ends=_ends(mi, fr, "observation_json_{}_hand_us", "ends_us", "no_ends")))
        lines.append("  " + _w("calls", fr, obs=mi["observation_us"], spec=mi["spectator_us"], json=mi["to_json_us"],
                               legal=mi["legal_actions_us"], clone=mi["clone_us"], undo=mi["undo_us"]))
        lines.append("  " + _w("sizes", fr, bytes=mi["state_bytes"], ci=mi.get("state_bytes_ci95", 0), kib=mi["state_bytes"] / 1024,
                               parties=mi["state_bytes_parties"], b=mi["position_json_bytes"],
                               ends=_ends(mi, fr, "position_json_{}_hand_bytes", "ends_bytes")))
    return "\n".join(lines)


def _load_text(m: Machine, fr: bool) -> str:
    load = m.get("load_average")
    return _w("load", fr, x=load[0]) if load else ""


def format_comparison(result: Comparison, lang: str = "en") -> str:
    fr = lang == "fr"
    m = result["machine"]
    lines = [_w("side_by_side", fr, python=m["python"], processor=m["processor"], load=_load_text(m, fr),
                rounds=result["rounds"], seconds=result["seconds_per_round"]),
             _w("baseline", fr, src=result["baseline"]), _w("current", fr, src=result["current"])]
    for name, g in result["games"].items():
        rows = ((name, "bare_loop", g["current"], g["current_ci95"], g["baseline"], g["baseline_ci95"], g["ratio"],
                 g["ratio_ci95"]),
                ("", "observed_loop", g["observed_current"], g["observed_current_ci95"], g["observed_baseline"],
                 g["observed_baseline_ci95"], g["observed_ratio"], g["observed_ratio_ci95"]))
        for label, loop, c, c_ci, b, b_ci, ratio, ratio_ci in rows:
            lines.append(_w("compared", fr, name=label, loop=_w(loop, fr), c=c, c_ci=c_ci or 0, b=b, b_ci=b_ci or 0,
                            ratio=ratio, ratio_ci=ratio_ci))
    return "\n".join(lines)

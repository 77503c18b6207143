"""``atout bench engine``: what the engine costs through the public API, per registered game, one core.

Two loops, the README's own:

- **bare**: ``to_move`` → ``moves()`` → a uniformly random move → ``apply()``; chance (the shuffle
  and deal) through ``sample_chance``;
- **observed**: the same, plus one ``observation(to_move)`` per decision (what a bot or an RL
  agent calls).

Each is run in several timed runs (seeds ``seed … seed+runs-1``); the time of a partie runs from
``new_state()`` to its end, as the README's loop does. The figures are decisions per second and
card plays per second (all other decisions and the deals included in the time), each
with a 95% confidence interval (Student t over the runs). What one observation costs in the loop
follows from the two: the time per decision of the observed loop less that of the bare one (the
observation lists the seat's actions, which ``moves()`` then finds made). Then, over positions
sampled by random play: microseconds per ``observation`` asked again at a position (its actions
already listed), ``to_json``, ``clone`` and ``undo`` (each the best of several batches), and the
memory a live state holds (``tracemalloc``; the game spec and module caches, shared by all states,
excluded).

``--baseline SRC`` runs the bare loop of another source tree (for instance an older commit checked
out with ``git worktree add``) in rounds interleaved with this one, in separate processes, so that
both see the same machine noise; it prints both figures and their ratio.
"""

from __future__ import annotations

import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from atout.cards import Card
from atout.game import CHANCE, TERMINAL, State
from atout.games import game_names, make_game

CLOCK = time.thread_time
"""Every figure is timed in the CPU time of the benchmarking thread: on a shared, noisy machine the
time this process waits for a core is not counted, only the time it runs."""

# two-sided 95% Student t quantiles by degrees of freedom
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 19: 2.093, 29: 2.045}


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (Student t; ``nan`` for one value).

    >>> mean_ci([1.0, 2.0, 3.0])  # doctest: +ELLIPSIS
    (2.0, 2.484...)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    df = len(values) - 1
    t = 1.96 if df > 29 else _T95[max(k for k in _T95 if k <= df)]
    return mean, t * statistics.stdev(values) / math.sqrt(len(values))


def machine() -> dict[str, Any]:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "machine": platform.machine(), "processor": _cpu_model(), "system": platform.system(),
            "cpus": os.cpu_count(), "load_average": _load(), "clock": "thread CPU time"}


def _load() -> list[float] | None:
    """The machine's 1, 5 and 15 minute load averages (how busy the other cores were)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def random_play(game_name: str, seconds: float, seed: int, observe: bool = False) -> dict[str, float]:
    """Play random parties for about ``seconds`` of loop time; count decisions and card plays.

    The timed loop is the README's; the counts are read from each finished partie's history
    afterwards, so counting costs nothing inside the loop.
    """
    game = make_game(game_name)
    rng = random.Random(seed)
    rand = rng.random
    cards = decisions = parties = 0
    clock = CLOCK
    elapsed = 0.0
    while elapsed < seconds:
        start = clock()
        state = game.new_state()
        if observe:
            while True:
                seat = state.to_move
                if seat >= 0:
                    state.observation(seat)
                    moves = state.moves()
                    state.apply(moves[int(rand() * len(moves))])
                elif seat == CHANCE:
                    state.apply(state.sample_chance(rng))
                else:
                    break
        else:
            while True:
                seat = state.to_move
                if seat >= 0:
                    moves = state.moves()
                    state.apply(moves[int(rand() * len(moves))])
                elif seat == CHANCE:
                    state.apply(state.sample_chance(rng))
                else:
                    break
        elapsed += clock() - start
        parties += 1
        for seat, action in state.history:
            if seat != CHANCE:
                decisions += 1
                cards += type(action) is Card
    return {"seconds": elapsed, "card_decisions": cards, "decisions": decisions, "parties": parties,
            "cards_per_second": cards / elapsed, "decisions_per_second": decisions / elapsed}


def sample_positions(game_name: str, count: int, seed: int) -> list[State]:
    """``count`` live states reached by random play, at random points of random parties."""
    game = make_game(game_name)
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_state()
        stop = rng.randrange(1, 400)
        for _ in range(stop):
            seat = state.to_move
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.moves()))
        if state.to_move >= 0 and state.history:
            out.append(state)
    return out


def _per_call_us(states: Sequence[State], call: Callable[[State], object], repeat: int) -> float:
    """Microseconds per call over ``states``: the best of ``repeat`` batches (a batch that a
    collection or a neighbour's burst slowed is not counted)."""
    clock = CLOCK
    best = math.inf
    for _ in range(repeat):
        start = clock()
        for s in states:
            call(s)
        best = min(best, clock() - start)
    return best / len(states) * 1e6


def micro(game_name: str, seed: int, positions: int = 300, repeat: int = 20) -> dict[str, float]:
    """Microseconds per observation / to_json / clone / undo over sampled positions, and bytes per
    live state."""
    states = sample_positions(game_name, positions, seed)
    observations = [s.observation(s.to_move) for s in states]
    out = {
        "observation_us": _per_call_us(states, lambda s: s.observation(s.to_move), repeat),
        "spectator_us": _per_call_us(states, lambda s: s.observation(None), repeat),
        "clone_us": _per_call_us(states, lambda s: s.clone(), repeat),
    }
    clock = CLOCK
    start = clock()
    for obs in observations * max(1, repeat // 10):
        obs.to_json()
    out["to_json_us"] = (clock() - start) / (len(observations) * max(1, repeat // 10)) * 1e6
    clones = [s.clone() for s in states for _ in range(3)]
    start = clock()
    for c in clones:
        c.undo()
    out["undo_us"] = (clock() - start) / len(clones) * 1e6
    out["state_bytes"] = live_state_bytes(game_name, seed, positions)
    out["positions"] = len(states)
    return out


def live_state_bytes(game_name: str, seed: int, count: int = 300) -> float:
    """Mean bytes held by one live state reached by random play (tracemalloc).

    The game spec and the engine's module-level tables are made before tracing starts (a first
    batch of parties warms every cache), so only what each state holds is counted.
    """
    sample_positions(game_name, count, seed + 1)  # warm the caches
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = sample_positions(game_name, count, seed)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / len(states)


def run_engine_bench(games: Sequence[str] | None = None, seconds: float = 5.0, seed: int = 1,
                     runs: int = 5, positions: int = 300) -> dict[str, Any]:
    """Bench each game: ``runs`` runs of each loop, ``seconds`` per loop in all, then the micro figures."""
    names = list(games) if games else game_names()
    out: dict[str, Any] = {"machine": machine(), "seconds_per_loop": seconds, "runs": runs, "seed": seed,
                           "positions": positions, "policy": "uniform random move (moves()); default options",
                           "games": {}}
    for name in names:
        entry: dict[str, Any] = {}
        for loop, observe in (("bare", False), ("observed", True)):
            samples = [random_play(name, seconds / runs, seed + i, observe) for i in range(runs)]
            dps, dps_ci = mean_ci([s["decisions_per_second"] for s in samples])
            cps, cps_ci = mean_ci([s["cards_per_second"] for s in samples])
            entry[loop] = {"decisions_per_second": round(dps), "decisions_per_second_ci95": _round(dps_ci),
                           "cards_per_second": round(cps), "cards_per_second_ci95": _round(cps_ci),
                           "decisions": sum(int(s["decisions"]) for s in samples),
                           "parties": sum(int(s["parties"]) for s in samples)}
        bare, observed = entry["bare"]["decisions_per_second"], entry["observed"]["decisions_per_second"]
        entry["observed_over_bare"] = round(observed / bare, 3)
        entry["observation_in_loop_us"] = round((1 / observed - 1 / bare) * 1e6, 2)
        entry["micro"] = {k: round(v, 2) for k, v in micro(name, seed, positions).items()}
        out["games"][name] = entry
    return out


def _round(x: float) -> int | None:
    return None if math.isnan(x) else round(x)


# ---------------------------------------------------------------------------------- baseline

_LOOP_SCRIPT = r"""
import json, random, sys, time
from atout.games import make_game
name, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
game = make_game(name)
rng = random.Random(seed)
rand = rng.random
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
    while True:
        seat = state.to_move
        if seat >= 0:
            moves = moves_of(state)
            state.apply(moves[int(rand() * len(moves))])
        elif seat == -1:
            chance += 1
            state.apply(state.sample_chance(rng))
        else:
            break
    elapsed += clock() - start
    decisions += len(state.history) - chance   # counted without reading the history back
print(json.dumps({"decisions_per_second": decisions / elapsed}))
"""


def _loop_in_process(src: Path, name: str, seconds: float, seed: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, "-c", _LOOP_SCRIPT, name, str(seconds), str(seed)], env=env,
                          capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout)["decisions_per_second"])


def compare_with_baseline(baseline_src: Path, games: Sequence[str] | None = None, seconds: float = 2.0,
                          rounds: int = 8, seed: int = 1) -> dict[str, Any]:
    """The bare loop of this tree and of ``baseline_src``, in alternating subprocess rounds."""
    here = Path(__file__).resolve().parents[1]
    names = list(games) if games else [g for g in game_names()]
    out: dict[str, Any] = {"machine": machine(), "baseline": str(baseline_src), "current": str(here),
                           "rounds": rounds, "seconds_per_round": seconds, "seed": seed, "games": {}}
    for name in names:
        current: list[float] = []
        base: list[float] = []
        for r in range(rounds):
            order = [(here, current), (baseline_src, base)]
            if r % 2:
                order.reverse()
            for src, into in order:
                into.append(_loop_in_process(src, name, seconds, seed + r))
        c, c_ci = mean_ci(current)
        b, b_ci = mean_ci(base)
        ratios = [x / y for x, y in zip(current, base, strict=True)]
        ratio, ratio_ci = mean_ci(ratios)
        out["games"][name] = {"current": round(c), "current_ci95": _round(c_ci), "baseline": round(b),
                              "baseline_ci95": _round(b_ci), "ratio": round(ratio, 3),
                              "ratio_ci95": round(ratio_ci, 3)}
    return out


# ---------------------------------------------------------------------------------- text


def format_bench(result: dict[str, Any], lang: str = "en") -> str:
    fr = lang == "fr"
    m = result["machine"]
    lines = [
        ("Banc d'essai du moteur" if fr else "Engine benchmark")
        + f" — Python {m['python']} ({m['implementation']}), {m['processor']}, {m['cpus']} CPU, "
        + ("un cœur, temps CPU du fil" if fr else "one core, thread CPU time") + _load_text(m, fr),
        (f"politique : coup tiré au hasard parmi moves() ; {result['runs']} séries par boucle, graines "
         if fr else f"policy: uniform random move from moves(); {result['runs']} runs per loop, seeds ")
        + f"{result['seed']}…{result['seed'] + result['runs'] - 1}, {result['seconds_per_loop']:.1f} s "
        + ("par boucle ; IC 95 % (t de Student sur les séries)" if fr else "per loop; 95% CI (Student t over runs)"),
    ]
    for name, g in result["games"].items():
        lines.append(f"{name}")
        for loop in ("bare", "observed"):
            x = g[loop]
            label = ("boucle nue" if fr else "bare loop") if loop == "bare" else "+ observation"
            lines.append(
                f"  {label:16} {x['decisions_per_second']:>9,} ± {x['decisions_per_second_ci95'] or 0:,} "
                + ("décisions/s" if fr else "decisions/s")
                + f"   {x['cards_per_second']:>9,} ± {x['cards_per_second_ci95'] or 0:,} "
                + ("cartes/s" if fr else "card plays/s")
                + f"   [{x['decisions']:,} " + ("décisions" if fr else "decisions") + f", {x['parties']:,} parties]")
        mi = g["micro"]
        lines.append(
            f"  {'observed/bare':16} {g['observed_over_bare']:.0%}   "
            + f"observation {g['observation_in_loop_us']:.2f} µs "
            + ("dans la boucle" if fr else "in the loop")
            + f" ({mi['observation_us']:.2f} µs " + ("redemandée" if fr else "asked again") + "), "
            + ("spectateur" if fr else "spectator") + f" {mi['spectator_us']:.2f} µs, "
            + f"to_json {mi['to_json_us']:.1f} µs, clone {mi['clone_us']:.2f} µs, undo {mi['undo_us']:.1f} µs, "
            + f"{mi['state_bytes'] / 1024:.1f} " + ("Kio par état" if fr else "KiB per live state")
            + f" [{int(mi['positions'])} positions]")
    return "\n".join(lines)


def _load_text(m: dict[str, Any], fr: bool) -> str:
    load = m.get("load_average")
    return f"; {'charge' if fr else 'load'} {load[0]:.1f}" if load else ""


def format_comparison(result: dict[str, Any], lang: str = "en") -> str:
    fr = lang == "fr"
    m = result["machine"]
    lines = [("Comparaison, boucle nue" if fr else "Side-by-side, bare loop")
             + f" — Python {m['python']}, {m['processor']}" + _load_text(m, fr) + f"; {result['rounds']} "
             + ("manches alternées de" if fr else "alternating rounds of") + f" {result['seconds_per_round']:.1f} s",
             ("référence" if fr else "baseline") + f": {result['baseline']}",
             ("actuel" if fr else "current") + f": {result['current']}"]
    for name, g in result["games"].items():
        lines.append(f"{name:10} " + ("actuel" if fr else "current")
                     + f" {g['current']:>9,} ± {g['current_ci95'] or 0:,}   "
                     + ("référence" if fr else "baseline") + f" {g['baseline']:>9,} ± {g['baseline_ci95'] or 0:,}"
                     + f"   ratio {g['ratio']:.3f} ± {g['ratio_ci95']:.3f}")
    return "\n".join(lines)

"""``atout bench engine``: decisions per second through the public API, random play, one core.

The loop is what a researcher writes: ``to_move`` → ``legal_actions()`` → a uniformly random
move → ``apply()``; chance (the shuffle and deal) through ``sample_chance``. Every partie is
played to its end with default options. The figure reported is card plays per second of
wall-clock time (all other decisions and the deals included in the time), over several runs,
with a 95% confidence interval (Student t over the runs).
"""

from __future__ import annotations

import math
import os
import platform
import random
import statistics
import time
from typing import Any

from atout.game import CHANCE
from atout.games import make_game

# two-sided 95% Student t quantiles by degrees of freedom
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


def random_play(game_name: str, seconds: float, seed: int) -> dict[str, float]:
    """Play random parties for about ``seconds``; count card plays and all decisions.

    The timed loop is the bare public API; the counts are read from each finished partie
    (its history and the tricks of its hands), so counting costs nothing inside the loop.
    """
    game = make_game(game_name)
    rng = random.Random(seed)
    rand = rng.random
    cards = decisions = parties = hands = 0
    clock = time.perf_counter
    elapsed = 0.0
    while elapsed < seconds:
        state: Any = game.new_state()
        start = clock()
        while True:
            seat = state.to_move
            if seat >= 0:
                moves = state.legal_actions()
                state.apply(moves[int(rand() * len(moves))])
            elif seat == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                break
        elapsed += clock() - start
        parties += 1
        hands += len(state.results)
        cards += sum(len(t.cards) for r in state.results for t in r.plays)
        decisions += sum(1 for seat, _ in state.history if seat != CHANCE)
    return {"seconds": elapsed, "card_decisions": cards, "decisions": decisions, "parties": parties,
            "hands": hands, "cards_per_second": cards / elapsed, "decisions_per_second": decisions / elapsed}


def _mean_ci(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    half = _T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, half


def machine() -> dict[str, Any]:
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "machine": platform.machine(), "processor": platform.processor() or platform.machine(),
            "system": platform.system(), "cpus": os.cpu_count()}


def run_engine_bench(games: tuple[str, ...] = ("sizette", "quadrette"), seconds: float = 5.0, seed: int = 1,
                     runs: int = 5) -> dict[str, Any]:
    """Bench each game for ``seconds`` in ``runs`` runs (seeds ``seed … seed+runs-1``)."""
    out: dict[str, Any] = {"machine": machine(), "seconds_per_game": seconds, "runs": runs, "seed": seed,
                           "policy": "uniform random legal move; default options", "games": {}}
    for name in games:
        samples = [random_play(name, seconds / runs, seed + i) for i in range(runs)]
        cps, cps_ci = _mean_ci([s["cards_per_second"] for s in samples])
        dps, dps_ci = _mean_ci([s["decisions_per_second"] for s in samples])
        out["games"][name] = {
            "cards_per_second": round(cps), "cards_per_second_ci95": round(cps_ci),
            "decisions_per_second": round(dps), "decisions_per_second_ci95": round(dps_ci),
            "card_decisions": sum(s["card_decisions"] for s in samples),
            "decisions": sum(s["decisions"] for s in samples),
            "parties": sum(s["parties"] for s in samples), "hands": sum(s["hands"] for s in samples),
        }
    return out


def format_bench(result: dict[str, Any], lang: str = "en") -> str:
    m = result["machine"]
    fr = lang == "fr"
    lines = [
        ("Banc d'essai du moteur" if fr else "Engine benchmark")
        + f" — Python {m['python']} ({m['implementation']}), {m['processor']}, {m['cpus']} CPU, "
        + ("un cœur" if fr else "one core"),
        (f"politique : coup légal tiré au hasard ; {result['runs']} séries, graines {result['seed']}…"
         if fr else f"policy: uniform random legal move; {result['runs']} runs, seeds {result['seed']}…")
        + f"{result['seed'] + result['runs'] - 1}, {result['seconds_per_game']:.1f} s "
        + ("par jeu" if fr else "per game"),
    ]
    for name, g in result["games"].items():
        lines.append(
            f"{name:10} "
            + (f"{g['cards_per_second']:>9,} cartes/s ± {g['cards_per_second_ci95']:,} (IC 95 %)" if fr else
               f"{g['cards_per_second']:>9,} card decisions/s ± {g['cards_per_second_ci95']:,} (95% CI)")
            + (f"   {g['decisions_per_second']:,} décisions/s" if fr else
               f"   {g['decisions_per_second']:,} decisions/s")
            + f"   [{g['card_decisions']:,} " + ("cartes" if fr else "cards") + f", {g['parties']:,} "
            + ("parties" if fr else "parties") + f", {g['hands']:,} " + ("donnes" if fr else "hands") + "]"
        )
    return "\n".join(lines)

"""A small duplicate match between two Piquet bots (until ``atout arena`` exists): each deal is
played twice, the bots swapping seats (so each holds both hands of it); the score is bot A's
points less bot B's, per deal pair, with a 95 % confidence interval, and the move times of A's
card play (process time, one core).

    PYTHONPATH=src python -m tests.bots.piquet.duplicate --bots search,heuristic --pairs 40 --seed 1
    PYTHONPATH=src python -m tests.bots.piquet.duplicate --bots search:exchange=search,search:exchange=heuristic

A bot is a registered name with its options after a colon (``name:key=value:key=value``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from atout.bots.piquet import BOTS
from atout.game import CHANCE
from atout.games.piquet.deal import sample_deal
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState


def play_deal(game: PiquetGame, deal: Any, dealer: int, bots: list[Any],
              times: dict[str, list[float]] | None) -> tuple[int, int]:
    """One deal from ``deal`` with ``dealer``; each seat's points (before any doubling). ``times``:
    seat 0's decisions' process times, all of them and the card plays searched."""
    state = PiquetState.from_deal(game, deal, {"dealer": str(dealer)})
    while not state.results:
        seat = state.to_move
        if seat == CHANCE:
            raise AssertionError("one deal only")
        obs = state.observation(seat)
        bot = bots[seat]
        start = time.process_time()
        action = bot.act_seeing(obs, state, seat) if getattr(bot, "sees_all", False) else bot.act(obs)
        spent = time.process_time() - start
        if times is not None and seat == 0:
            times["every decision"].append(spent)
            if getattr(bot, "last", None) is not None:
                times["searched card play"].append(spent)
        state.apply(action, seat)
    result = state.results[0]
    return result.points[0] // result.multiplier, result.points[1] // result.multiplier


def parse(spec: str, worlds: int | None) -> tuple[str, dict[str, Any]]:
    """``name:key=value:…`` as the name and its options (numbers read as numbers)."""
    name, *pairs = spec.split(":")
    options: dict[str, Any] = {}
    for pair in pairs:
        key, text = pair.split("=", 1)
        options[key] = int(text) if text.isdigit() else text
    if worlds is not None and name != "heuristic":
        options.setdefault("worlds", worlds)
    return name, options


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bots", default="search,heuristic")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=None)
    args = parser.parse_args()
    spec_a, spec_b = (parse(b, args.worlds) for b in args.bots.split(","))
    name_a, name_b = spec_a[0], spec_b[0]
    game = PiquetGame()
    rng = random.Random(args.seed)
    margins: list[int] = []
    times: dict[str, list[float]] = {"every decision": [], "searched card play": []}
    for k in range(args.pairs):
        dealer = k % 2
        cards = sample_deal(dealer, 2, 16, rng)
        pair = 0
        for a_seat in (0, 1):
            bot_a = BOTS[name_a](random.Random(1000 + k), **spec_a[1])
            bot_b = BOTS[name_b](random.Random(2000 + k), **spec_b[1])
            bots = [bot_a, bot_b] if a_seat == 0 else [bot_b, bot_a]
            points = play_deal(game, cards, dealer, bots, times if a_seat == 0 else None)
            pair += points[a_seat] - points[1 - a_seat]
        margins.append(pair)
        mean = statistics.fmean(margins)
        half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else float("nan")
        print(f"pair {k + 1}: {pair:+d}  mean {mean:+.2f} ± {half:.2f}", flush=True)
    for what, spent in times.items():
        spent.sort()
        if spent:
            print(f"{name_a} move time, {what}: median {spent[len(spent) // 2]:.3f} s, "
                  f"p95 {spent[int(0.95 * len(spent))]:.3f} s, max {spent[-1]:.3f} s over {len(spent)}")

if __name__ == "__main__":
    main()

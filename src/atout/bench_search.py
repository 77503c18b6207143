"""``atout bench search``: the search bot's parts timed at positions of real parties.

For every game with a search bot, the positions are the card decisions (two cards or more to choose
from) of parties the heuristic plays at every seat (Sizette with its talkative ``detail="high"``,
so the sampler works under talk), spread over whole hands. At each position, in process time:

- **sampler**: worlds per second, drawing 24 worlds (setup included, as the search calls it);
- **solver**: every legal card valued in the true world, as the search values each world, at the
  positions spread over the hands and at as many first leads of a hand (Sizette's "trick 1"
  figure), the latter also apart;
- **search**: one whole decision of the ``search`` bot at its default strength (a fresh bot per
  game, so its first decision pays the warm-up), on every ``decide_every``-th position.

Figures: mean with its 95% confidence interval, median, 95th percentile, max, and how many.

>>> result = bench_search(["quadrette"], positions=6, decide_every=3, seed=1)
>>> entry = result["games"]["quadrette"]
>>> entry["solver"]["count"] >= 6, entry["solver_first_lead"]["count"] >= 6, entry["sampler"]["worlds_per_second"] > 0
(True, True, True)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from types import ModuleType
from typing import NamedTuple, NotRequired, TypedDict, cast

from atout.actions import Action, ActionKind
from atout.bots.base import Bot, Offered, Watching
from atout.bots.registry import bench_players, game_policies, make_bot, search_part
from atout.bots.runner import play_partie
from atout.cards import Card
from atout.confidence import mean_ci
from atout.game import Observation
from atout.games import game_names, make_game
from atout.machine import Machine, machine
from atout.words import Catalog, number_text

WORLDS = 24
Spot = tuple[Observation, object]
"""A card decision: the seat's observation and the true world (the game's solver's own type)."""


class Solver(NamedTuple):
    """What the bench uses of a game's solver module (:func:`~atout.bots.registry.search_part`)."""

    world_of: Callable[[object, int], object]
    value: Callable[[Observation, object, Sequence[Action]], list[float]]
    solvable: Callable[[Observation], bool]


def _always(obs: Observation) -> bool:
    return True


def solver_of(game_name: str) -> Solver:
    """The solver of ``game_name``'s search bot (``solvable``: every position, unless it says)."""
    module = _part(game_name, "solver")
    return Solver(module.world_of, module.value, getattr(module, "solvable", _always))


class _Recorder(Watching):
    """Plays as the heuristic; keeps each card decision's observation and true world."""

    def __init__(self, inner: Bot, solver: Solver, out: list[Spot]):
        super().__init__(inner)
        self.solver, self.out = solver, out

    def seen(self, obs: Offered, state: object, seat: int) -> None:
        cards = [a for a in obs.legal if a.kind is ActionKind.MOVE and type(a) is Card]
        seen = cast(Observation, obs)   # the runner hands a seat its observation
        if len(cards) > 1 and self.solver.solvable(seen):
            self.out.append((seen, self.solver.world_of(state, seat)))


def is_first_lead(obs: Observation) -> bool:
    """No card played yet in the hand."""
    return not obs.trick and not getattr(obs, "tricks", None) and not sum(getattr(obs, "tricks_won", ()) or ())


def _part(game_name: str, part: str) -> ModuleType:
    found = search_part(game_name, part)
    if found is None:
        raise ValueError(f"no search bot for {game_name}")
    return found


def positions_of(game_name: str, count: int, seed: int) -> list[Spot]:
    """``count`` card decisions (observation, true world) spread over parties of heuristics, then
    up to ``count`` first leads of a hand."""
    game = make_game(game_name)
    solver = solver_of(game_name)
    options = bench_players(game)
    found: list[Spot] = []
    partie = 0
    while (len(found) < 4 * count or sum(1 for o, _ in found if is_first_lead(o)) < count) and partie < 60:
        bots = [_Recorder(make_bot("heuristic", game, random.Random(seed * 101 + partie * 7 + s), **options), solver,
                          found) for s in range(game.num_seats)]
        play_partie(game, bots, random.Random(seed * 31 + partie), hands=4)
        partie += 1
    step = max(1, len(found) // count)
    return found[::step][:count] + [spot for spot in found if is_first_lead(spot[0])][:count]


class Figures(TypedDict):
    """Times in milliseconds: how many, and (when there are some) mean, its 95% CI, median, p95, max."""

    count: int
    mean_ms: NotRequired[float]
    ci95_ms: NotRequired[list[float] | None]
    median_ms: NotRequired[float]
    p95_ms: NotRequired[float]
    max_ms: NotRequired[float]


class SamplerFigures(TypedDict):
    worlds: int
    seconds: float
    worlds_per_second: int | None


class GameSearchBench(TypedDict):
    """One game's figures (:func:`bench_game`)."""

    positions: int
    sampler: SamplerFigures
    solver: Figures
    solver_first_lead: Figures
    search: Figures


class SearchBench(TypedDict):
    """What :func:`bench_search` measured, by game."""

    seed: int
    machine: Machine
    worlds_per_position: int
    decide_every: int
    games: dict[str, GameSearchBench]


def figures(seconds: Sequence[float]) -> Figures:
    """Mean (95% CI), median, p95, max of ``seconds``, in milliseconds."""
    ms = sorted(1000 * s for s in seconds)
    n = len(ms)
    if not n:
        return {"count": 0}
    mean = statistics.fmean(ms)
    half = mean_ci(ms)[1] if n > 1 else None
    return {"count": n, "mean_ms": round(mean, 3), "ci95_ms": None if half is None else [round(mean - half, 3),
            round(mean + half, 3)], "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[min(n - 1, int(0.95 * n))], 3), "max_ms": round(ms[-1], 3)}


def bench_game(game_name: str, positions: int, decide_every: int, seed: int) -> GameSearchBench:
    solver = solver_of(game_name)
    sample: Callable[[Observation, random.Random], Iterator[object]] = _part(game_name, "sampler").sample
    spots = positions_of(game_name, positions, seed)
    rng = random.Random(seed)
    clock = time.process_time
    drawn, sampling = 0, 0.0
    solving: list[float] = []
    first_leads: list[float] = []
    for obs, world in spots:
        start = clock()
        drawn += sum(1 for _ in islice(sample(obs, rng), WORLDS))
        sampling += clock() - start
        moves = [a for a in obs.legal if a.kind is ActionKind.MOVE and type(a) is Card]
        start = clock()
        solver.value(obs, world, moves)
        solving.append(clock() - start)
        if is_first_lead(obs):
            first_leads.append(solving[-1])
    policies = game_policies(game_name)
    bot = policies["search"](random.Random(seed))
    deciding: list[float] = []
    for obs, _ in spots[::decide_every]:
        start = clock()
        bot.act(obs)
        deciding.append(clock() - start)
    return {"positions": len(spots), "sampler": {"worlds": drawn, "seconds": round(sampling, 4),
                                                   "worlds_per_second": round(drawn / sampling) if sampling else None},
            "solver": figures(solving), "solver_first_lead": figures(first_leads), "search": figures(deciding)}


POSITIONS = 60
"""The card decisions timed per game by default."""


def bench_search(games: Sequence[str] | None = None, positions: int = POSITIONS, decide_every: int = 3,
                 seed: int = 1) -> SearchBench:
    """The search's parts timed for ``games`` (default: every game with a search bot)."""
    names = [g for g in (games or sorted(game_names())) if search_part(g, "solver") is not None]
    return {"seed": seed, "machine": machine(), "worlds_per_position": WORLDS, "decide_every": decide_every,
            "games": {g: bench_game(g, positions, decide_every, seed) for g in names}}


WORDS = Catalog({
    "head": ("search bench, seed {seed}; {processor}, {cpus} CPUs, load {load}, Python {python}; process time",
             ("banc des robots qui cherchent, graine {seed} ; {processor}, {cpus} processeurs, charge {load}, "
              "Python {python} ; temps processeur")),
    "game": ("{game}: {n} card decisions of heuristic parties", "{game} : {n} décisions de carte de parties heuristiques"),
    "sampler": ("  sampler: {rate} worlds/s ({worlds} worlds, setup included)",
                "  échantillonneur : {rate} mondes/s ({worlds} mondes, préparation comprise)"),
    "solver": ("solver, every legal card", "solveur, chaque carte permise"),
    "first_lead": ("solver at a hand's first lead", "solveur à la première entame d'une donne"),
    "search": ("search decision (default strength)", "décision de la recherche (force par défaut)"),
    "none": ("  {label}: no position", "  {label} : aucune position"),
    "ci": (" (95% CI {low}–{high})", " (IC 95 % {low}–{high})"),
    "line": ("  {label}: mean {mean} ms{ci}, median {median}, p95 {p95}, max {max} ms over {n}",
             "  {label} : moyenne {mean} ms{ci}, médiane {median}, p95 {p95}, max {max} ms sur {n}"),
})
"""What the search bench prints, in English and French."""


def _line(label: str, f: Figures, lang: str) -> str:
    if not f.get("count"):
        return WORDS.tr("none", lang, label=label)

    def ms(x: float) -> str:
        return number_text(x, ".2f", lang)

    ci = f["ci95_ms"]
    within = WORDS.tr("ci", lang, low=ms(ci[0]), high=ms(ci[1])) if ci else ""
    return WORDS.tr("line", lang, label=label, mean=ms(f["mean_ms"]), ci=within, median=ms(f["median_ms"]),
              p95=ms(f["p95_ms"]), max=ms(f["max_ms"]), n=f["count"])


def format_search_bench(result: SearchBench, lang: str = "en") -> str:
    m = result["machine"]
    load = m.get("load_average")
    lines = [WORDS.tr("head", lang, seed=result["seed"], processor=m.get("processor") or m.get("machine"), cpus=m.get("cpus"),
                load=" ".join(number_text(x, ".2f", lang) for x in load) if load else "?", python=m.get("python"))]
    for game, entry in result["games"].items():
        s = entry["sampler"]
        rate = s["worlds_per_second"]
        lines.append(WORDS.tr("game", lang, game=game, n=entry["positions"]))
        lines.append(WORDS.tr("sampler", lang, rate="?" if rate is None else number_text(rate, ",d", lang),
                        worlds=number_text(s["worlds"], ",d", lang)))
        lines.append(_line(WORDS.tr("solver", lang), entry["solver"], lang))
        lines.append(_line(WORDS.tr("first_lead", lang), entry["solver_first_lead"], lang))
        lines.append(_line(WORDS.tr("search", lang), entry["search"], lang))
    return "\n".join(lines)


__all__ = ["POSITIONS", "bench_search", "figures", "format_search_bench", "positions_of"]

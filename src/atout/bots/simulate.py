"""Measure one bot against another over many parties, for any game.

The game's sides come from the game: in game ``i`` the first bot plays side ``i % k`` (``k``
sides) and the second bot every other side, so the first bot plays each side in turn (which
cancels any seat advantage). Game ``i`` draws everything from ``random.Random(seed + i)``, so
a run is reproducible. The first bot's win rate comes with a 95% Wilson interval, and its
margin over an even game (``1 / k``). On a terminal, a progress line on standard error says how
far the run is.

>>> result = simulate("quadrette", {"target_points": 1}, games=4, seed=1)
>>> result["games"], sum(result["wins"]) + result["ties"], result["bots"], result["sides"]
(4, 4, ['heuristic', 'random'], 2)
>>> format_simulation(result).splitlines()[0]
'quadrette, 4 parties: heuristic v random (seed 1)'
"""

from __future__ import annotations

import errno
import os
import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypedDict

from atout.bots.progress import Progress
from atout.bots.registry import make_bot
from atout.bots.runner import play_partie
from atout.confidence import wilson_interval
from atout.game import OptionValue, State
from atout.games import make_game
from atout.machine import Machine, machine
from atout.processes import ctrl_c_deferred
from atout.words import number_text


class Simulation(TypedDict):
    """The figures of :func:`simulate` (JSON-ready)."""

    game: str
    options: dict[str, OptionValue]
    bots: list[str]
    bot_options: list[dict[str, object]]
    games: int
    games_asked: int
    interrupted: bool   # stopped (Ctrl-C) before every partie asked was played: the figures are those played
    seed: int
    sides: int
    wins: list[int]
    ties: int
    win_rate: float
    win_rate_ci95: list[float]
    even_rate: float
    margin: float
    margin_ci95: list[float]
    mean_points: list[float]
    mean_hands: float
    decisions: int
    elapsed_seconds: float
    machine: Machine


def records_folder(path: str | os.PathLike[str]) -> Path:
    """The folder for records, made if missing.

    An existing file in its place raises :class:`NotADirectoryError` (an ``OSError``:
    ``filename`` is the path, ``strerror`` the reason) before any partie is played; a folder
    that cannot be made raises the ``OSError`` of the system.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder: records need a folder", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def simulate(game_name: str, options: Mapping[str, object] | None = None,
             bots: Sequence[str] = ("heuristic", "random"), games: int = 200, seed: int = 0,
             records_dir: str | os.PathLike[str] | None = None,
             bot_options: Sequence[Mapping[str, object]] | None = None,
             progress: bool | None = None, lang: str = "en") -> Simulation:
    """Play ``games`` parties of ``bots[0]`` against ``bots[1]`` and return JSON-ready figures.

    ``bot_options``: keyword options for each bot (e.g. ``({"detail": "high"}, {})``).
    ``records_dir``: write each partie's record there as ``partie-0001.txt``, … (see
    :func:`records_folder` for its errors). ``progress``: show a progress line on standard
    error (``None``: only when it is a terminal), in ``lang``.
    """
    if len(bots) != 2:
        raise ValueError("simulate() takes two bots: the one measured and its opponent")
    if games < 1:
        raise ValueError("games must be at least 1")
    game = make_game(game_name, options)
    kw = [dict(o) for o in bot_options] if bot_options is not None else [{}, {}]
    if len(kw) != 2:
        raise ValueError("bot_options holds the options of each of the two bots")
    for name, opts in zip(bots, kw):
        make_bot(name, game, random.Random(0), **opts)  # unknown bots and bad options fail now
    out_dir = records_folder(records_dir) if records_dir is not None else None
    sides = game.sides
    k = len(sides)
    n = game.num_seats
    wins = [0, 0]
    ties = 0
    points = [0.0, 0.0]
    hands = decisions = 0
    bar = Progress(games, game.name, enabled=progress, lang=lang)
    start = time.perf_counter()
    played = 0
    try:
        for i in range(games):
            rng = random.Random(seed + i)
            measured = i % k  # the side played by bots[0]
            seats = []
            for s in range(n):
                which = 0 if sides.of(s) == measured else 1
                seats.append(make_bot(bots[which], game, random.Random(rng.getrandbits(64)), **kw[which]))
            state = play_partie(game, seats, rng)
            outcome = state.outcome()
            assert outcome is not None
            with ctrl_c_deferred():   # a partie's record and its figures: both or neither
                if out_dir is not None:
                    tags = {f"Seat{s}": seats[s].name for s in range(n)}
                    tags["Event"] = f"atout simulate {game.name} seed {seed} partie {i + 1} of {games}"
                    _write(state, out_dir / f"partie-{i + 1:04d}.txt", tags)
                if not outcome.winners:
                    ties += 1
                elif measured in outcome.winners:
                    wins[0] += 1
                else:
                    wins[1] += 1
                points[0] += outcome.scores[measured]
                points[1] += sum(outcome.scores[j] for j in range(k) if j != measured) / max(k - 1, 1)
                hands += len(state.results)
                decisions += sum(1 for seat, _ in state.history if seat >= 0)
                played = i + 1
            bar.update(played)
    except KeyboardInterrupt:   # Ctrl-C: the figures of the parties played, if any
        if played == 0:
            raise
    finally:
        bar.close(interrupted=played < games)
    elapsed = time.perf_counter() - start
    rate = wins[0] / played
    even = 1 / k
    lo, hi = wilson_interval(wins[0], played)
    return {
        "game": game.name,
        "options": dict(game.options.changed()),
        "bots": list(bots),
        "bot_options": kw,
        "games": played,
        "games_asked": games,
        "interrupted": played < games,
        "seed": seed,
        "sides": k,
        "wins": wins,
        "ties": ties,
        "win_rate": rate,
        "win_rate_ci95": [lo, hi],
        "even_rate": even,
        "margin": rate - even,
        "margin_ci95": [lo - even, hi - even],
        "mean_points": [points[0] / played, points[1] / played],
        "mean_hands": hands / played,
        "decisions": decisions,
        "elapsed_seconds": elapsed,
        "machine": machine(),
    }


def _write(state: State, path: Path, tags: dict[str, str]) -> None:
    from atout.record import write_record  # imported only when records are asked for

    part = path.with_name(path.name + ".part")   # a record is whole or absent, even after Ctrl-C
    try:
        part.write_text(write_record(state, tags), encoding="utf-8")
        os.replace(part, path)
    except BaseException:
        part.unlink(missing_ok=True)
        raise


_TEXT = {
    "en": {
        "head": "{game}, {games} parties: {a} v {b} (seed {seed})",
        "wins": "wins: {a} {wa}, {b} {wb}",
        "ties": "ties: {t}",
        "rate": "win rate of {a}: {rate} (95% CI {lo} – {hi})",
        "margin": "margin over an even game: {m} (95% CI {mlo} – {mhi})",
        "points": "mean points per partie: {a} {pa}, {b} {pb}; mean hands per partie {h}",
        "time": "{d} decisions in {t} s; {proc}, {cpus} cpus, Python {py}",
        "options": "options: {o}",
        "interrupted": "interrupted: {g} of the {n} parties asked were played; the figures are theirs",
    },
    "fr": {
        "head": "{game}, {games} parties : {a} contre {b} (graine {seed})",
        "wins": "victoires : {a} {wa}, {b} {wb}",
        "ties": "parties nulles : {t}",
        "rate": "taux de victoire de {a} : {rate} (IC à 95 % {lo} – {hi})",
        "margin": "écart à l'équilibre : {m} (IC à 95 % {mlo} – {mhi})",
        "points": "points moyens par partie : {a} {pa}, {b} {pb} ; donnes par partie en moyenne {h}",
        "time": "{d} décisions en {t} s ; {proc}, {cpus} processeurs, Python {py}",
        "options": "options : {o}",
        "interrupted": "interrompu : {g} des {n} parties demandées ont été jouées ; les chiffres sont les leurs",
    },
}


def _num(x: float, lang: str, digits: int = 2, signed: bool = False) -> str:
    return number_text(x, f"{'+' if signed else ''}.{digits}f", lang)


def _pct(x: float, lang: str, signed: bool = False) -> str:
    return _num(100 * x, lang, 1, signed) + (" %" if lang == "fr" else "%")


def format_simulation(result: Simulation, lang: str = "en") -> str:
    """The figures of :func:`simulate` as a few readable lines, in English or French."""
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r} (use en or fr)")
    t = _TEXT[lang]
    a, b = result["bots"]
    if a == b:
        a, b = f"{a} (1)", f"{b} (2)"
    lo, hi = result["win_rate_ci95"]
    mlo, mhi = result["margin_ci95"]
    m = result["machine"]
    lines = [
        t["head"].format(game=result["game"], games=result["games"], a=a, b=b, seed=result["seed"]),
        *([t["interrupted"].format(g=result["games"], n=result["games_asked"])] if result["interrupted"] else []),
        t["wins"].format(a=a, b=b, wa=result["wins"][0], wb=result["wins"][1]),
        *([t["ties"].format(t=result["ties"])] if result.get("ties") else []),
        t["rate"].format(a=a, rate=_pct(result["win_rate"], lang), lo=_pct(lo, lang), hi=_pct(hi, lang)),
        t["margin"].format(m=_pct(result["margin"], lang, True), mlo=_pct(mlo, lang, True),
                           mhi=_pct(mhi, lang, True)),
        t["points"].format(a=a, b=b, pa=_num(result["mean_points"][0], lang), pb=_num(result["mean_points"][1], lang),
                           h=_num(result["mean_hands"], lang)),
        t["time"].format(d=result["decisions"], t=_num(result["elapsed_seconds"], lang, 1), proc=m["processor"],
                         cpus=m["cpus"], py=m["python"]),
    ]
    if result.get("options"):
        lines.append(t["options"].format(o=" ".join(f"{k}={v}" for k, v in result["options"].items())))
    return "\n".join(lines)

"""Duplicate matches between two bots, for any game: the same deals played twice, the bots swapped.

Deal ``i`` is dealt from ``random.Random(f"{seed}:{i}")`` by the game itself (``sample_chance``
from the state just before a deal with the starting facts of :func:`rotation`), and each play
starts from it with ``game.state_from_deal(deal, setup)`` and stops when the first hand is scored.
The hand's teams are the game's sides (with a mort: the declarer and his mort against the two
others, :func:`hand_teams`). In the first play of a *deal pair* bot A holds the seats of some
teams and bot B the others; in the second the bots change places, so each plays the other's cards
in the other's role (dealer, elder, declarer…). A pair scores A's points minus B's points in both
plays (:func:`hand_points`: the points the hand scores, in the game's own units). The pair's value
parts into what A's side scored over B's in the play where A's side led (played the hand's first
card: Sizette's leading side, Piquet's elder, Whist's left of the dealer) and in the play where B's
side led; against itself the first part is what leading is worth. Two teams give
one pair per deal; with more (Bésigue for three or four) every split of the teams into two camps
is played and the deal scores the mean of its pairs. The dealer goes round the seats from deal to
deal (with a mort, the declarer).

Every bot is seeded by the deal and its seat, never by its name: the two plays of a bot against
itself are the same game move for move and score exactly 0. ``partners`` puts a third bot in every
seat of a team but its first ("one strong bot with weaker partners"). Move times are measured
around each ``act`` call (``act_seeing`` for a bot that sees every card: the ``oracle``, which the
runner hands the true state).

Deals run in local processes (``workers``) or as Ray tasks (``ray``, :mod:`atout.bots.arena_ray`);
the figures are merged by deal number, so a seed gives the same figures whatever runs them (for
bots whose choices do not depend on a clock).

>>> result = arena("piquet", bots=("random", "random"), deals=3, seed=1, workers=1)
>>> result["deal_pairs"], result["mean"], result["ci95"]
(3, 0.0, [0.0, 0.0])
>>> format_arena(result).splitlines()[0]
'piquet, 3 deal pairs: random (A) v random (B), seed 1'
"""

from __future__ import annotations

import functools
import itertools
import math
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, NotRequired, TypedDict

from atout.actions import Action
from atout.bots.base import Bot, Offered, sees_all
from atout.bots.progress import Progress
from atout.bots.registry import arena_references, make_bot
from atout.bots.runner import play_partie
from atout.cards import Card
from atout.chance import Deal
from atout.confidence import mean_ci
from atout.game import CHANCE, Game, HandResult, OptionValue, State, parse_int
from atout.games import make_game
from atout.machine import Machine, machine
from atout.processes import worker_start
from atout.words import number_text

ROLES = ("A", "B", "C")   # the measured bot, its opponent, the partners of both (optional)
TEMPLATE_TRIES = 500      # dry deals tried to find one that fits a setup


# ---------------------------------------------------------------------------------- the match


@dataclass(frozen=True)
class ArenaSpec:
    """Everything a worker needs to play deals (plain data: it travels to processes and Ray).

    ``options``: the game's options as given (``preset=`` included); ``bot_options``: keyword
    options for A, B and C.
    """

    game: str
    options: tuple[tuple[str, str], ...] = ()
    bots: tuple[str, str] = ("heuristic", "random")
    partners: str | None = None
    bot_options: tuple[tuple[tuple[str, object], ...], ...] = ((), (), ())
    seed: int = 0

    def make_game(self) -> Game:
        return make_game(self.game, dict(self.options))

    def role_bot(self, role: int) -> tuple[str, dict[str, object]]:
        """The bot name and options of role 0 (A), 1 (B) or 2 (C, the partners)."""
        name = self.bots[role] if role < 2 else (self.partners or "")
        return name, dict(self.bot_options[role])


class Play(NamedTuple):
    """One play of a deal: the teams A held, the points of each team, and the team that led."""

    a_teams: tuple[int, ...]
    points: tuple[float, ...]
    led: int


@dataclass
class DealScore:
    """One deal's figures: A's points minus B's per deal pair (``value``, the mean of the deal's
    pairs), its parts from the plays A's side led and B's (``a_led + b_led == value``), and the
    plays."""

    index: int
    value: float
    plays: list[Play]
    a_led: float = 0.0
    b_led: float = 0.0


class MoveSeconds(TypedDict):
    """A role's move times (:meth:`MoveTimes.summary`): ``None`` without a move."""

    median: float | None
    p95: float | None
    max: float | None
    moves: int


class BotFigures(TypedDict):
    """One role's bot in the arena's figures (``mean_points``: A and B only)."""

    role: str
    name: str
    options: dict[str, object]
    move_seconds: MoveSeconds
    mean_points: NotRequired[float]


class LedPart(TypedDict):
    """The part of the mean from the plays one side led (:func:`_figures`)."""

    mean: float
    ci95: list[float] | None


class ArenaResult(TypedDict):
    """The figures of :func:`arena` (JSON-ready)."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    deals: int
    deals_asked: int
    interrupted: bool   # stopped (Ctrl-C) before every deal asked was played: the figures are those played
    deal_pairs: int
    pairs_per_deal: int
    plays: int
    teams: int
    mean: float
    sd: float | None
    ci95: list[float] | None
    ci_method: str
    pairs_won: list[int]
    by_leader: dict[str, LedPart]
    bots: list[BotFigures]
    partners: str | None
    references: dict[str, str]
    setups: list[dict[str, str]]
    wall_seconds: float
    workers: int | None
    ray: str | None
    machine: Machine


BINS_PER_DECADE = 100     # move times are counted in bins 2.3% wide: quantiles within 1.2%


@dataclass
class MoveTimes:
    """How many moves took how long: counts in logarithmic bins (a run of millions of moves stays
    small, and batches merge in any order to the same counts), and the longest exactly.

    >>> times = MoveTimes()
    >>> for ms in range(1, 101):
    ...     times.add(ms / 1000)
    >>> times.moves, round(times.quantile(0.5), 4), round(times.quantile(0.95), 4), times.longest
    (100, 0.0495, 0.0944, 0.1)
    """

    counts: dict[int, int] = field(default_factory=dict)
    moves: int = 0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        b = math.floor(math.log10(max(seconds, 1e-9)) * BINS_PER_DECADE)
        self.counts[b] = self.counts.get(b, 0) + 1
        self.moves += 1
        self.longest = max(self.longest, seconds)

    def merge(self, other: MoveTimes) -> None:
        for b, n in other.counts.items():
            self.counts[b] = self.counts.get(b, 0) + n
        self.moves += other.moves
        self.longest = max(self.longest, other.longest)

    def quantile(self, q: float) -> float:
        """The ``q`` quantile (the middle of its bin, on a log scale); 0.0 with no moves."""
        rank = max(1, math.ceil(q * self.moves))
        seen = 0
        for b in sorted(self.counts):
            seen += self.counts[b]
            if seen >= rank:
                return float(min(10 ** ((b + 0.5) / BINS_PER_DECADE), self.longest))
        return 0.0

    def summary(self) -> MoveSeconds:
        if not self.moves:
            return {"median": None, "p95": None, "max": None, "moves": 0}
        return {"median": self.quantile(0.5), "p95": self.quantile(0.95), "max": self.longest, "moves": self.moves}


@dataclass
class Batch:
    """What a worker sends back: its deals' figures and every role's move times."""

    scores: list[DealScore]
    times: list[MoveTimes]


class TimedBot:
    """A bot whose ``act`` (and ``act_seeing``) calls are timed into ``times``; everything else of
    the bot (its name, ``sees_all``, ``interject``…) shows through unchanged.

    >>> from atout.bots.random_bot import RandomBot
    >>> from atout.cards import Card
    >>> times = MoveTimes()
    >>> bot = TimedBot(RandomBot(random.Random(1)), times)
    >>> class Obs:
    ...     legal = (Card("KH"), Card("7S"))
    >>> bot.act(Obs()) in Obs.legal, times.moves, bot.name, hasattr(bot, "interject")
    (True, 1, 'random', False)
    """

    def __init__(self, bot: Bot, times: MoveTimes):
        self._bot = bot
        self._times = times

    def __getattr__(self, name: str) -> Any:   # Any: the wrapped bot's attribute, of whatever type it has there
        return getattr(self._bot, name)

    def act(self, obs: Offered) -> Action:
        start = time.perf_counter()
        action = self._bot.act(obs)
        self._times.add(time.perf_counter() - start)
        return action

    def act_seeing(self, obs: Offered, state: object, seat: int) -> Action:
        bot = self._bot
        if not sees_all(bot):
            raise AttributeError(f"{bot!r} does not see every card: no act_seeing")
        start = time.perf_counter()
        action = bot.act_seeing(obs, state, seat)
        self._times.add(time.perf_counter() - start)
        return action


def hand_teams(state: State) -> tuple[tuple[int, ...], ...]:
    """The seats of each team in the hand of ``state``: the game's sides, except with a mort, where
    the declarer (who plays his mort too) faces the two others (``state.seating.partners``, the
    mort's place left out).

    >>> hand_teams(_fitting_start(make_game("mort"), {"declarer": "1"}))
    ((1,), (2, 0))
    >>> hand_teams(make_game("quadrette").new_state())
    ((0, 2), (1, 3))
    """
    n = state.game.num_seats
    seating = getattr(state, "seating", None)
    if seating is not None:
        return tuple(tuple(s for s in team if 0 <= s < n) for team in seating.partners)
    return tuple(state.game.sides.seats)


def hand_points(result: HandResult) -> tuple[int, ...]:
    """The points a hand scores for each team, in the game's own units: its ``points`` (Sizette and
    Quadrette 1 or 2 with the vole, Piquet and Bésigue their points); in Whist the game points it
    scores, tricks over six and honours (``trick_points`` + ``honour_points``), since its ``points``
    settle only a rubber."""
    tricks = getattr(result, "trick_points", None)
    honours = getattr(result, "honour_points", None)
    if tricks is not None and honours is not None:
        return tuple(t + h for t, h in zip(tricks, honours))
    return tuple(result.points)


def leading_team(state: State, teams: Sequence[Sequence[int]]) -> int:
    """The team whose seat played the first card of the hand of ``state`` (after the deal's talk,
    exchanges and declarations; with a mort, the declarer plays the mort's cards from his seat).

    >>> from atout.bots.random_bot import RandomBot
    >>> state = _fitting_start(make_game("piquet"), {"dealer": "0"})
    >>> _ = play_partie(state.game, [RandomBot(random.Random(s)) for s in range(2)], random.Random(2), state=state, hands=1)
    >>> leading_team(state, hand_teams(state))   # the elder, the dealer's opponent
    1
    """
    for seat, action in state.history:
        if seat >= 0 and isinstance(action, Card):
            return next(t for t, seats in enumerate(teams) if seat in seats)
    raise RuntimeError(f"{state.game.name}: a hand ended before its first card")


def camps(teams: int) -> list[tuple[int, ...]]:
    """The teams A holds in the first play of each pair: every set with team 0 but not all teams
    (in the second play A holds the others).

    >>> camps(2), camps(3)
    ([(0,)], [(0,), (0, 1), (0, 2)])
    """
    others = range(1, teams)
    out = [(0, *extra) for k in range(teams - 1) for extra in itertools.combinations(others, k)]
    return sorted(out, key=lambda c: (len(c), c))


def seat_roles(teams: Sequence[Sequence[int]], a_teams: Iterable[int], num_seats: int,
               partners: bool) -> list[int]:
    """Each seat's role (0 = A, 1 = B, 2 = C): A on the seats of ``a_teams``, B on the others; with
    ``partners``, C on every seat of a team but its first.

    >>> seat_roles(((0, 2), (1, 3)), (1,), 4, partners=True)
    [1, 0, 2, 2]
    """
    held = set(a_teams)
    roles = [1] * num_seats
    for t, seats in enumerate(teams):
        for k, seat in enumerate(seats):
            roles[seat] = 2 if partners and k > 0 else (0 if t in held else 1)
    return roles


def rotation(game: Game) -> list[dict[str, str]]:
    """The starting facts the deals go round: the dealer at each seat in turn; with a mort (the
    mort deals the first hand of a rubber, by the rules) the declarer at each seat in turn."""
    key = "declarer" if "declarer" in _default_setup(game) else "dealer"
    return [{key: str(seat)} for seat in range(game.num_seats)]


class _Table:
    """One game's deal sources in a worker: for each setup, the state just before its deal."""

    def __init__(self, spec: ArenaSpec):
        self.spec = spec
        self.game = spec.make_game()
        self.setups = rotation(self.game)
        self.before = [_before_deal(self.game, setup) for setup in self.setups]
        self.bots = [spec.role_bot(r) for r in range(3)]

    def deal(self, index: int) -> tuple[Deal, dict[str, str]]:
        k = index % len(self.setups)
        deal = self.before[k].clone().sample_chance(random.Random(f"{self.spec.seed}:{index}"))
        if not isinstance(deal, Deal):
            raise TypeError(f"{self.game.name}: the chance step before a hand is not a deal: {deal}")
        return deal, self.setups[k]

    def play_deal(self, index: int, times: list[MoveTimes]) -> DealScore:
        """Deal ``index`` played in every pair of plays; the moves timed into ``times`` by role."""
        deal, setup = self.deal(index)
        game = self.game
        teams = hand_teams(game.state_from_deal(deal, setup))
        score = DealScore(index, 0.0, [])
        pairs = len(camps(len(teams)))
        for camp in camps(len(teams)):
            other = tuple(t for t in range(len(teams)) if t not in camp)
            for a_teams in (camp, other):
                play = self.play(index, deal, setup, teams, a_teams, times)
                score.plays.append(play)
                a = statistics.fmean(play.points[t] for t in a_teams)
                b = statistics.fmean(play.points[t] for t in range(len(teams)) if t not in a_teams)
                if play.led in a_teams:
                    score.a_led += (a - b) / pairs
                else:
                    score.b_led += (a - b) / pairs
        score.value = score.a_led + score.b_led
        return score

    def play(self, index: int, deal: Deal, setup: Mapping[str, str], teams: tuple[tuple[int, ...], ...],
             a_teams: tuple[int, ...], times: list[MoveTimes]) -> Play:
        """One play of the deal with A on ``a_teams``."""
        game = self.game
        state = game.state_from_deal(deal, setup)
        roles = seat_roles(teams, a_teams, game.num_seats, self.spec.partners is not None)
        seed = self.spec.seed
        bots = []
        for seat, role in enumerate(roles):
            name, options = self.bots[role]
            bot = make_bot(name, game, random.Random(f"{seed}:{index}:seat {seat}"), **options)
            bots.append(TimedBot(bot, times[role]))
        play_partie(game, bots, random.Random(f"{seed}:{index}:chance"), state=state, hands=1)
        if not state.results:
            raise RuntimeError(f"{game.name}: deal {index} ended without a scored hand")
        return Play(a_teams, tuple(float(p) for p in hand_points(state.results[0])), leading_team(state, teams))


def _default_setup(game: Game) -> dict[str, str]:
    return dict(_fitting_start(game, {}).setup or {})


def _dry_deal(game: Game, rng: random.Random) -> Deal:
    """The first deal of a new partie (draws by chance, every choice before it the first listed),
    its pack order left out so that it fits any dealer the game allows."""
    state = game.new_state()
    for _ in range(1000):
        if state.to_move == CHANCE:
            action = state.sample_chance(rng)
            if isinstance(action, Deal):
                return Deal(action.hands, action.talon, action.turned)
            state.apply(action)
        elif state.to_move >= 0:
            state.apply(state.moves()[0], state.to_move)
        else:
            break
    raise RuntimeError(f"{game.name}: a new partie deals no hand")


def _fitting_start(game: Game, setup: Mapping[str, str]) -> State:
    """``game.state_from_deal`` with ``setup`` and the first dry deal it accepts (a dry deal's
    turned card may not be the dealer's, say)."""
    problem: Exception | None = None
    for j in range(TEMPLATE_TRIES):
        try:
            return game.state_from_deal(_dry_deal(game, random.Random(f"template:{j}")), setup)
        except ValueError as exc:
            problem = exc
    raise ValueError(f"{game.name}: no deal fits the setup {dict(setup)} ({problem})")


def _before_deal(game: Game, setup: Mapping[str, str]) -> State:
    """The state just before the deal of a hand started with ``setup`` (a state from
    ``state_from_deal`` with its deal taken back): its ``sample_chance`` deals as the game does."""
    state = _fitting_start(game, setup)
    state.undo()
    if state.to_move != CHANCE:
        raise RuntimeError(f"{game.name}: state_from_deal does not start with the deal")
    return state


_TABLES: dict[ArenaSpec, _Table] = {}


def play_deals(spec: ArenaSpec, indices: Sequence[int]) -> Batch:
    """The deals ``indices`` of the match ``spec`` (the unit of work of a process or a Ray task)."""
    table = _TABLES.get(spec)
    if table is None:
        _TABLES.clear()
        table = _TABLES[spec] = _Table(spec)
    times = [MoveTimes() for _ in ROLES]
    return Batch([table.play_deal(i, times) for i in indices], times)


# ---------------------------------------------------------------------------------- running


def option_value(text: str) -> bool | int | float | str:
    """A bot option's value from the command line: a whole number, a decimal, true/false, or the text.

    >>> option_value("8"), option_value("0.25"), option_value("false"), option_value("low")
    (8, 0.25, False, 'low')
    """
    number = parse_int(text)
    if number is not None:
        return number
    word = text.strip().lower()
    if word in ("true", "false"):
        return word == "true"
    try:
        return float(word) if word.isascii() else text
    except ValueError:
        return text.strip()


def chunks(indices: Sequence[int], workers: int) -> list[list[int]]:
    """Deals in batches: a few per worker (so the progress line moves), at most 50 a batch.

    >>> chunks(range(7), 1)
    [[0, 1], [2, 3], [4, 5], [6]]
    """
    size = max(1, min(50, math.ceil(len(indices) / (4 * workers))))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def _run_local(spec: ArenaSpec, batches: list[list[int]], workers: int, done: Callable[[Batch], None]) -> None:
    if workers <= 1 or len(batches) <= 1:
        for batch in batches:
            done(play_deals(spec, batch))
        return
    with multiprocessing.Pool(min(workers, len(batches)), initializer=worker_start) as pool:
        for played in pool.imap_unordered(functools.partial(play_deals, spec), batches):
            done(played)


def check_spec(spec: ArenaSpec) -> Game:
    """The game of ``spec``, after checking its bots and options (``ValueError``, ``OptionError``)."""
    game = spec.make_game()
    for role in range(3 if spec.partners is not None else 2):
        name, options = spec.role_bot(role)
        make_bot(name, game, random.Random(0), **options)
    return game


def arena(game: str, options: Mapping[str, object] | None = None, bots: Sequence[str] = ("heuristic", "random"),
          deals: int = 100, seed: int = 0, partners: str | None = None,
          bot_options: Sequence[Mapping[str, object]] | None = None, workers: int | None = None,
          ray: str | None = None, progress: bool | None = None, lang: str = "en") -> ArenaResult:
    """Play ``deals`` duplicate deals of ``bots[0]`` (A) against ``bots[1]`` (B); JSON-ready figures.

    ``bot_options``: keyword options of A, B and C (the ``partners``). ``workers``: local processes
    (default: one per CPU); ``ray``: the address of a Ray cluster to run the deals on instead
    (``"local"`` for a new local instance; a running one is used as it is).
    """
    if len(bots) != 2:
        raise ValueError("arena() takes two bots: A, the one measured, and B, its opponent")
    if deals < 1:
        raise ValueError("deals must be at least 1")
    kw = [dict(o) for o in (bot_options or ())] + [{} for _ in range(3 - len(bot_options or ()))]
    if len(kw) != 3:
        raise ValueError("bot_options holds the options of A, B and C")
    spec = ArenaSpec(game, tuple((str(k), str(v)) for k, v in (options or {}).items()), (bots[0], bots[1]),
                     partners, tuple(tuple(sorted(o.items())) for o in kw), seed)
    the_game = check_spec(spec)
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    batches = chunks(range(deals), workers)
    unit = "donnes" if lang == "fr" else "deals"
    bar = Progress(deals, f"{the_game.name} arena", enabled=progress, lang=lang, unit=unit)
    scores: list[DealScore] = []
    times = [MoveTimes() for _ in ROLES]

    def done(batch: Batch) -> None:
        scores.extend(batch.scores)
        for mine, theirs in zip(times, batch.times):
            mine.merge(theirs)
        bar.update(len(scores))

    start = time.perf_counter()
    try:
        if ray is not None:
            from atout.bots.arena_ray import run_on_ray

            run_on_ray(spec, batches, ray, done)
        else:
            _run_local(spec, batches, workers, done)
    except KeyboardInterrupt:   # Ctrl-C: the figures of the deals played, if any
        if not scores:
            raise
    finally:
        bar.close(interrupted=len(scores) < deals)
    wall = time.perf_counter() - start
    scores.sort(key=lambda s: s.index)
    return _figures(spec, the_game, scores, times, wall, workers, ray, deals)


def mean_sd_ci(values: Sequence[float]) -> tuple[float, float | None, list[float] | None]:
    """Mean, sample standard deviation and 95% interval (:func:`atout.confidence.mean_ci`; ``None``
    with one value).

    >>> mean, sd, (low, high) = mean_sd_ci([1.0, 3.0, 2.0, 2.0])
    >>> mean, round(sd, 3), round(low, 3), round(high, 3)
    (2.0, 0.816, 0.701, 3.299)
    """
    mean, half = mean_ci(values)
    if len(values) < 2:
        return mean, None, None
    return mean, statistics.stdev(values), [round(mean - half, 12), round(mean + half, 12)]


def _led_part(values: Sequence[float]) -> LedPart:
    mean, _sd, ci = mean_sd_ci(values)
    return {"mean": mean, "ci95": ci}


def _figures(spec: ArenaSpec, game: Game, scores: list[DealScore], times: list[MoveTimes], wall: float,
             workers: int, ray: str | None, asked: int) -> ArenaResult:
    values = [s.value for s in scores]
    mean, sd, ci = mean_sd_ci(values)
    per_play: list[list[float]] = [[], []]   # A's and B's points per play (mean over their teams)
    teams = 0
    for s in scores:
        for a_teams, points, _led in s.plays:
            teams = len(points)
            per_play[0].append(statistics.fmean(points[t] for t in a_teams))
            per_play[1].append(statistics.fmean(points[t] for t in range(len(points)) if t not in a_teams))
    bots: list[BotFigures] = []
    for role in range(3 if spec.partners is not None else 2):
        name, options = spec.role_bot(role)
        entry: BotFigures = {"role": ROLES[role], "name": name, "options": options,
                                 "move_seconds": times[role].summary()}
        if role < 2:
            entry["mean_points"] = statistics.fmean(per_play[role])
        bots.append(entry)
    pairs = len(camps(teams))
    return {
        "game": game.name,
        "options": dict(game.options.changed()),
        "seed": spec.seed,
        "deals": len(scores),
        "deals_asked": asked,
        "interrupted": len(scores) < asked,
        "deal_pairs": len(scores) * pairs,
        "pairs_per_deal": pairs,
        "plays": sum(len(s.plays) for s in scores),
        "teams": teams,
        "mean": mean,
        "sd": sd,
        "ci95": ci,
        "ci_method": "Student t over deals (mean ± t sd / √n)",
        "pairs_won": [sum(v > 0 for v in values), sum(v == 0 for v in values), sum(v < 0 for v in values)],
        "by_leader": {"A": _led_part([s.a_led for s in scores]), "B": _led_part([s.b_led for s in scores])},
        "bots": bots,
        "partners": spec.partners,
        "references": arena_references(game, bots[0]["name"], bots[1]["name"]),
        "setups": rotation(game),
        "wall_seconds": wall,
        "workers": None if ray is not None else workers,
        "ray": ray,
        "machine": machine(),
    }


# ---------------------------------------------------------------------------------- the report


_TEXT = {
    "en": {
        "head": "{game}, {n} deal pairs: {a} (A) v {b} (B), seed {seed}",
        "partners": "partners on every team's other seats: {c} (C)",
        "options": "options: {o}",
        "mean": "A's points minus B's per deal pair: {mean} (95% CI {lo} – {hi}; sd {sd}, normal approximation)",
        "one": "A's points minus B's on the one deal pair: {mean} (no interval from one deal)",
        "multi": "{k} pairs a deal (every split of the {t} teams); the interval is over the {d} deals",
        "led": "of which in the plays A's side led (played the first card): {a}; B's side led: {b}",
        "won": "pairs won: A {w}, tied {t}, B {l}",
        "points": "mean points a play: A {pa}, B {pb}",
        "time": "move seconds, {role} {name}: median {med}, p95 {p95} ({moves} moves)",
        "wall": "{d} deals, {p} plays in {t} s on {where}; {plat}, {cpus} cpus, Python {py}",
        "workers": "{w} local processes",
        "ray": "Ray ({addr})",
        "reference": "for comparison, {text}",
        "interrupted": "interrupted: {d} of the {n} deals asked were played; the figures are theirs",
    },
    "fr": {
        "head": "{game}, {n} paires de donnes : {a} (A) contre {b} (B), graine {seed}",
        "partners": "partenaires aux autres places de chaque camp : {c} (C)",
        "options": "options : {o}",
        "mean": ("points de A moins ceux de B par paire de donnes : {mean} (IC à 95 % {lo} – {hi} ; "
                 "écart type {sd}, approximation normale)"),
        "one": "points de A moins ceux de B sur l'unique paire : {mean} (pas d'intervalle sur une donne)",
        "multi": "{k} paires par donne (chaque partage des {t} camps) ; l'intervalle porte sur les {d} donnes",
        "led": "dont dans les parties où le camp de A a entamé (joué la première carte) : {a} ; celui de B : {b}",
        "won": "paires gagnées : A {w}, égalités {t}, B {l}",
        "points": "points moyens par partie jouée : A {pa}, B {pb}",
        "time": "secondes par coup, {role} {name} : médiane {med}, p95 {p95} ({moves} coups)",
        "wall": "{d} donnes, {p} parties jouées en {t} s sur {where} ; {plat}, {cpus} processeurs, Python {py}",
        "workers": "{w} processus locaux",
        "ray": "Ray ({addr})",
        "reference": "pour comparer, {text}",
        "interrupted": "interrompu : {d} des {n} donnes demandées ont été jouées ; les chiffres sont les leurs",
    },
}


def _num(x: float | None, lang: str, digits: int = 3) -> str:
    return "–" if x is None else number_text(x, f".{digits}f", lang)


def _part(part: LedPart, lang: str) -> str:
    if part["ci95"] is None:
        return _num(part["mean"], lang)
    lo, hi = part["ci95"]
    return f"{_num(part['mean'], lang)} ({_num(lo, lang)} – {_num(hi, lang)})"


def format_arena(result: ArenaResult, lang: str = "en") -> str:
    """The figures of :func:`arena` as a few readable lines, in English or French."""
    if lang not in _TEXT:
        raise ValueError(f"unknown language {lang!r} (use en or fr)")
    t = _TEXT[lang]
    a, b = result["bots"][0], result["bots"][1]
    lines = [t["head"].format(game=result["game"], n=result["deal_pairs"], a=a["name"], b=b["name"],
                              seed=result["seed"])]
    if result["interrupted"]:
        lines.append(t["interrupted"].format(d=result["deals"], n=result["deals_asked"]))
    if result.get("partners"):
        lines.append(t["partners"].format(c=result["partners"]))
    if result.get("options"):
        lines.append(t["options"].format(o=" ".join(f"{k}={v}" for k, v in result["options"].items())))
    if result["ci95"] is None:
        lines.append(t["one"].format(mean=_num(result["mean"], lang)))
    else:
        lo, hi = result["ci95"]
        lines.append(t["mean"].format(mean=_num(result["mean"], lang), lo=_num(lo, lang), hi=_num(hi, lang),
                                      sd=_num(result["sd"], lang)))
    led = result["by_leader"]
    lines.append(t["led"].format(a=_part(led["A"], lang), b=_part(led["B"], lang)))
    if result["pairs_per_deal"] > 1:
        lines.append(t["multi"].format(k=result["pairs_per_deal"], t=result["teams"], d=result["deals"]))
    w, tie, lost = result["pairs_won"]
    lines.append(t["won"].format(w=w, t=tie, l=lost))
    lines.append(t["points"].format(pa=_num(a["mean_points"], lang, 2), pb=_num(b["mean_points"], lang, 2)))
    for bot in result["bots"]:
        q = bot["move_seconds"]
        lines.append(t["time"].format(role=bot["role"], name=bot["name"], med=_num(q["median"], lang, 6),
                                      p95=_num(q["p95"], lang, 6), moves=q["moves"]))
    reference = result.get("references", {}).get(lang)
    if reference:
        lines.append(t["reference"].format(text=reference))
    m = result["machine"]
    where = t["ray"].format(addr=result["ray"]) if result.get("ray") else t["workers"].format(w=result["workers"])
    lines.append(t["wall"].format(d=result["deals"], p=result["plays"], t=_num(result["wall_seconds"], lang, 1),
                                  where=where, plat=m["platform"], cpus=m["cpus"], py=m["python"]))
    return "\n".join(lines)


__all__ = ["ArenaResult", "ArenaSpec", "Batch", "BotFigures", "DealScore", "LedPart", "MoveSeconds", "MoveTimes", "Play",
           "TimedBot", "arena", "camps", "check_spec", "format_arena", "hand_points", "hand_teams", "leading_team",
           "mean_sd_ci", "option_value", "play_deals", "rotation", "seat_roles"]

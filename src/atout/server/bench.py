"""``atout bench server``: the online table under load, on loopback.

The server runs as ``atout serve`` in a subprocess (its own SQLite file with full sync, bots with
no delay, no creation limit). ``tables`` tables are created, each with one scripted player (a
WebSocket client) and fast bots (``random``) in the other seats. Each player, when its seat is to
move, thinks ``think`` seconds (uniform between half and one and a half times that), sends one of
its moves and measures the time until the event of that move comes back: the **action-to-update
latency**. After a warm-up, the figures are taken over ``seconds``: actions applied per second (the
players' and the bots', chance included), the players' actions per second, the p50/p99/max latency,
errors, and the server process's CPU use. A finished partie is followed by a rematch. With bots
that think (``--bots search``), their decisions are made in the server's worker processes
(``--bot-workers``) and the figures say how many, how long they took, how many failed.

Beside them, from the server's own meter (:mod:`atout.server.meter`, ``GET /api/health``), the
bytes sent and the table's CPU **per action in the first hand and in the last hand of the
parties** (and over every hand), so that any growth with the partie shows; a last hand counts once
its partie ends (a short ``think`` lets parties finish).

>>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50), percentile([], 99)
(3.0, nan)
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict

from atout.game import JSONObject
from atout.machine import Machine, machine
from atout.server.json_checks import json_object, whole

WARMUP = 3.0  # seconds of play before the figures are taken
MIN_SAMPLES = 1000  # latencies a p99 is read from; fewer, and the figure says so


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``; ``nan`` when there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Tally:
    start_at: float = math.inf  # wall-clock window (time.time()) of the figures: shared by every client process
    stop_at: float = math.inf
    latencies: list[float] = field(default_factory=list)
    actions: int = 0          # every action event the players received (each table has one player)
    moves: int = 0            # the players' own actions
    errors: list[str] = field(default_factory=list)
    parties: int = 0
    cpu: float = 0.0          # the client process's CPU seconds within the window

    def measuring(self) -> bool:
        return self.start_at <= time.time() < self.stop_at


class ClientFigures(TypedDict):
    """What one client process measured (:func:`_client_process`)."""

    latencies: list[float]
    actions: int
    moves: int
    errors: list[str]
    parties: int
    cpu: float


class RunLine(TypedDict):
    """One run of :func:`search_tables`, in short."""

    tables: int
    p50_ms: float
    p99_ms: float
    actions_per_s: float
    server_cpu: float
    errors: list[str]


class TableSearch(TypedDict):
    target_p99_ms: float
    largest_tables: int
    runs: list[RunLine]


class ServerBench(TypedDict):
    """What a load run measured (:func:`run_server_bench`); ``server_side`` is the server's own
    account (``/api/health``), as it gave it."""

    game: str
    tables: int
    seconds: float
    think: float
    actions_per_s: float
    player_actions_per_s: float
    samples: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    parties_finished: int
    server_cpu: float
    clients_cpu: float
    client_processes: int
    server_cpu_ms_per_action: float
    server_side: JSONObject
    errors: list[str]
    machine: NotRequired[Machine]
    sqlite_sync: NotRequired[str]
    bots: NotRequired[str]
    bot_delay: NotRequired[float]
    load: NotRequired[list[float]]
    search: NotRequired[TableSearch]


class _Seen(TypedDict):
    """What a scripted player knows: the last event, the time its move was sent, whether a move is
    planned, the view."""

    last: int
    sent: float | None
    sent_wall: NotRequired[float]
    planned: bool
    view: JSONObject | None


def _fields(value: object) -> JSONObject:
    """``value`` if it is an object, else an empty one (a part of the server's account it left out)."""
    return value if isinstance(value, dict) else {}


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return math.nan


def start_server(folder: Path, seed: int | None, sqlite_sync: str = "FULL",
                 bot_delay: float = 0.0, bot_workers: int | None = None) -> tuple[subprocess.Popen[str], int]:
    """``atout serve`` on a free loopback port, in a subprocess; returns it and its port."""
    args = [sys.executable, "-c", "import sys; from atout.cli.main import main; sys.exit(main())", "serve",
            "--port", "0", "--data", str(folder), "--bot-delay", str(bot_delay), "--create-limit", "0",
            "--sockets-per-address", "0", "--log-level", "error", "--sqlite-sync", sqlite_sync]
    if seed is not None:
        args += ["--seed", str(seed)]
    if bot_workers is not None:
        args += ["--bot-workers", str(bot_workers)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
    proc.kill()
    raise RuntimeError("the server did not start")


async def _wait_up(base: str) -> None:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=5) as http:
        for _ in range(600):
            try:
                if (await http.get("/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    raise RuntimeError("the server does not answer")


async def _server_timings(base: str) -> JSONObject:
    """The server's own account of its actions' time (``/api/health``): arrival to events sent."""
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        data = json_object((await http.get("/api/health")).json())
        return {**json_object(data.get("actions", {})),
                "commit_ms_mean": json_object(data.get("store", {})).get("commit_ms_mean"),
                "hands": data.get("hands"), "bots": data.get("bots")}


async def _create(base: str, game: str, tables: int, bots: str) -> list[JSONObject]:
    import httpx

    from atout.games import make_game

    seats = make_game(game).num_seats
    body = {"game": game, "seats": ["human"] + [bots] * (seats - 1), "name": "Bench", "seat": 0}
    limit = asyncio.Semaphore(16)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        async def one() -> JSONObject:
            async with limit:
                r = await http.post("/api/tables", json=body)
                r.raise_for_status()
                return json_object(r.json())

        return list(await asyncio.gather(*(one() for _ in range(tables))))


def _legal_to_play(view: JSONObject) -> list[JSONObject]:
    given = view["legal"]
    if not isinstance(given, list):
        raise TypeError(f"the server sent {str(given)[:40]!r} for the legal actions")
    legal = [json_object(a) for a in given]
    return [a for a in legal if a["kind"] == "move"] or [a for a in legal if a["kind"] == "claim"]


def _to_move(view: JSONObject) -> object:
    return json_object(view["position"])["to_move"]


async def _player(ws_base: str, made: JSONObject, think: float, rng: random.Random, tally: Tally,
                  stop: asyncio.Event, ready: asyncio.Event) -> None:
    """One scripted player. The latency of its move is taken when the frame carrying the move's event
    arrives, before any parsing (what a player's page would see first); only the burst's last frame,
    which carries the view, is parsed in full."""
    import websockets

    async with websockets.connect(f"{ws_base}/ws/{made['table']}", max_size=2**24, open_timeout=60,
                                  ping_interval=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "lang": "en", "token": made["token"], "last_event": None}))
        state: _Seen = {"last": 0, "sent": None, "planned": False, "view": None}

        async def act_later() -> None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            state["planned"] = False
            view = state["view"]
            if stop.is_set() or view is None or _to_move(view) != 0:
                return
            moves = _legal_to_play(view)
            if not moves:
                return
            state["sent"] = time.perf_counter()
            state["sent_wall"] = time.time()
            await ws.send(json.dumps({"type": "act", "action": rng.choice(moves)["code"], "event": state["last"]}))

        def consider() -> None:
            view = state["view"]
            if (view is not None and not state["planned"] and state["sent"] is None
                    and _to_move(view) == 0 and not stop.is_set()):
                state["planned"] = True
                asyncio.get_running_loop().create_task(act_later())

        ready.set()
        async for raw in ws:
            arrived = time.perf_counter()
            m = json_object(json.loads(raw))
            kind = m["type"]
            if kind == "sync":
                state["last"], state["view"] = whole(m, "event"), _view(m["view"])
            elif kind == "event":
                state["last"] = max(state["last"], whole(m, "event"))
                if m["what"] == "action":
                    measuring = tally.measuring()
                    if measuring:
                        tally.actions += 1
                    if m["seat"] == 0 and state["sent"] is not None:
                        if tally.start_at <= state["sent_wall"] < tally.stop_at:
                            tally.latencies.append(arrived - state["sent"])
                            tally.moves += 1
                        state["sent"] = None
                elif m["what"] == "end":
                    if tally.measuring():
                        tally.parties += 1
                    await ws.send(json.dumps({"type": "rematch"}))
                if "view" in m:
                    state["view"] = _view(m["view"])
            elif kind == "error":
                state["sent"] = None
                if m["code"] != "stale":
                    tally.errors.append(f"{m['code']}: {m['message']}")
            if stop.is_set():
                return
            consider()


def _view(value: object) -> JSONObject | None:
    return None if value is None else json_object(value)


async def _clients(port: int, made: list[JSONObject], first: int, think: float, seed: int,
                   start_at: float, stop_at: float) -> Tally:
    """The players of ``made`` (table ``first`` onwards), measuring between the two wall-clock times."""
    tally = Tally(start_at, stop_at)
    stop = asyncio.Event()
    readies = [asyncio.Event() for _ in made]
    tasks = [asyncio.create_task(_player(f"ws://127.0.0.1:{port}", m, think, random.Random(f"{seed}:{first + i}"),
                                         tally, stop, readies[i])) for i, m in enumerate(made)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu0 = time.process_time()
    await asyncio.sleep(max(0.0, stop_at - time.time()))
    tally.cpu = time.process_time() - cpu0
    await asyncio.sleep(0.5)   # the last moves' answers come back
    stop.set()
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    tally.errors += [repr(r) for r in results if isinstance(r, Exception) and not isinstance(r, asyncio.CancelledError)]
    return tally


def _client_process(port: int, made: list[JSONObject], first: int, think: float, seed: int,
                    start_at: float, stop_at: float) -> ClientFigures:
    """One client process (its own event loop, uvloop when installed; its collector tuned like the
    server's, so that its own pauses do not count as the server's latency)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20000, 20, 20)
    try:
        import uvloop

        tally = uvloop.run(_clients(port, made, first, think, seed, start_at, stop_at))
    except ImportError:
        tally = asyncio.run(_clients(port, made, first, think, seed, start_at, stop_at))
    return {"latencies": tally.latencies, "actions": tally.actions, "moves": tally.moves, "errors": tally.errors,
            "parties": tally.parties, "cpu": tally.cpu}


def client_processes(tables: int) -> int:
    """How many processes share the scripted players: one per 250 tables, at most two (the server
    needs its core)."""
    return max(1, min(2, math.ceil(tables / 250)))


async def _drive(port: int, game: str, tables: int, seconds: float, think: float, seed: int,
                 pid: int, bots: str) -> ServerBench:
    import concurrent.futures
    import multiprocessing

    base = f"http://127.0.0.1:{port}"
    await _wait_up(base)
    made = await _create(base, game, tables, bots)
    procs = client_processes(tables)
    start_at = time.time() + WARMUP + 2.0 + tables / 250   # every client connected, then the warm-up
    stop_at = start_at + seconds
    loop = asyncio.get_running_loop()
    share = math.ceil(len(made) / procs)
    with concurrent.futures.ProcessPoolExecutor(procs, mp_context=multiprocessing.get_context("spawn")) as pool:
        jobs = [loop.run_in_executor(pool, _client_process, port, made[i:i + share], i, think, seed, start_at,
                                     stop_at) for i in range(0, len(made), share)]
        await asyncio.sleep(max(0.0, start_at - time.time()))
        cpu0, wall0 = _cpu_seconds(pid), time.perf_counter()
        await asyncio.sleep(max(0.0, stop_at - time.time()))
        cpu1, wall1 = _cpu_seconds(pid), time.perf_counter()
        inside = await _server_timings(base)
        parts = await asyncio.gather(*jobs)
    elapsed = wall1 - wall0
    lat = [x * 1000 for p in parts for x in p["latencies"]]
    actions = sum(p["actions"] for p in parts)
    moves = sum(p["moves"] for p in parts)
    errors = [e for p in parts for e in p["errors"]]
    clients_cpu = sum(p["cpu"] for p in parts)
    return {"game": game, "tables": tables, "seconds": round(elapsed, 2), "think": think,
            "actions_per_s": round(actions / elapsed, 1), "player_actions_per_s": round(moves / elapsed, 1),
            "samples": len(lat), "p50_ms": round(percentile(lat, 50), 2), "p99_ms": round(percentile(lat, 99), 2),
            "max_ms": round(max(lat), 2) if lat else math.nan, "parties_finished": sum(p["parties"] for p in parts),
            "server_cpu": round((cpu1 - cpu0) / elapsed, 3) if elapsed else math.nan,
            "clients_cpu": round(clients_cpu / elapsed, 3) if elapsed else math.nan, "client_processes": procs,
            "server_cpu_ms_per_action": round((cpu1 - cpu0) * 1000 / actions, 3) if actions else math.nan,
            "server_side": inside, "errors": errors[:40]}


def run_server_bench(game: str = "sizette", tables: int = 500, seconds: float = 30.0, think: float = 2.0,
                     seed: int = 1, sqlite_sync: str = "FULL", bots: str = "random",
                     bot_delay: float = 0.0, bot_workers: int | None = None) -> ServerBench:
    """One load run (see the module's doc); the server is stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="atout-bench-") as folder:
        proc, port = start_server(Path(folder), seed, sqlite_sync, bot_delay, bot_workers)
        try:
            result = asyncio.run(_drive(port, game, tables, seconds, think, seed, proc.pid, bots))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
            if proc.stdout is not None:
                proc.stdout.close()
    result["machine"] = machine()
    result["sqlite_sync"] = sqlite_sync
    result["bots"], result["bot_delay"] = bots, bot_delay
    result["load"] = list(os.getloadavg())
    return result


def search_tables(game: str, tables: int, seconds: float, think: float, seed: int, target_ms: float,
                  sqlite_sync: str = "FULL", bots: str = "random", bot_delay: float = 0.0,
                  bot_workers: int | None = None) -> ServerBench:
    """Runs at growing table counts (a quarter of ``tables``, a half, …, twice it); the largest count
    whose p99 held ``target_ms`` without errors, and every run (all are run: on a shared machine a
    small count may fail and a larger one hold)."""
    runs = []
    best = 0
    for count in sorted({max(1, tables // 4), max(1, tables // 2), tables, tables * 3 // 2, tables * 2}):
        result = run_server_bench(game, count, seconds, think, seed, sqlite_sync, bots, bot_delay, bot_workers)
        runs.append(result)
        if not result["errors"] and result["p99_ms"] <= target_ms and result["samples"] >= MIN_SAMPLES:
            best = count
    return {**runs[-1], "search": {"target_p99_ms": target_ms, "largest_tables": best,
                                   "runs": [{"tables": r["tables"], "p50_ms": r["p50_ms"], "p99_ms": r["p99_ms"],
                                             "actions_per_s": r["actions_per_s"], "server_cpu": r["server_cpu"],
                                             "errors": r["errors"]} for r in runs]}}


def format_server_bench(result: ServerBench, lang: str = "en") -> str:
    """The figures as text, with the machine they were measured on."""
    m = result["machine"]
    fr = lang == "fr"
    bots, delay = result.get("bots", "random"), result.get("bot_delay", 0.0)
    samples = result["samples"]
    lines = [
        (f"atout bench server — {result['game']}, {result['tables']} tables (un joueur simulé chacune ; robots "
         f"{bots}, {delay} s avant chaque coup), réflexion {result['think']} s, mesuré sur {result['seconds']} s, "
         f"SQLite {result['sqlite_sync']}") if fr else
        (f"atout bench server — {result['game']}, {result['tables']} tables (one scripted player each; {bots} bots, "
         f"{delay} s before each move), think {result['think']} s, measured over {result['seconds']} s, "
         f"SQLite sync {result['sqlite_sync']}"),
        (f"  {'actions des joueurs par seconde' if fr else 'players’ actions per second'}: "
         f"{result['player_actions_per_s']}    ({'toutes actions, robots et donnes compris' if fr else 'every action, bots and deals included'}: "
         f"{result['actions_per_s']})"),
        (f"  {'latence action → mise à jour' if fr else 'action-to-update latency'}: p50 {result['p50_ms']} ms, "
         f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms ({samples} "
         f"{'mesures' if fr else 'samples'})"),
    ]
    if samples < MIN_SAMPLES:
        lines.append(f"  ! {'p99 lu sur moins de' if fr else 'p99 read from fewer than'} {MIN_SAMPLES} "
                     f"{'mesures : allongez --seconds' if fr else 'samples: lengthen --seconds'}")
    lines.append(
        f"  {'CPU du serveur' if fr else 'server CPU'}: {result['server_cpu']} "
         f"{'cœur' if fr else 'core'} ({result['server_cpu_ms_per_action']} ms "
         f"{'par action' if fr else 'per action'}), clients {result['clients_cpu']} ({result.get('client_processes', 1)} proc.)"
         f"    {'parties finies dans la fenêtre' if fr else 'parties finished in the window'}: {result['parties_finished']}"
         f"    {'erreurs' if fr else 'errors'}: {len(result['errors'])}")
    if not result["parties_finished"]:
        lines.append(f"  ! {'aucune fin de partie dans la fenêtre : allongez --seconds ou raccourcissez --think' if fr else 'no partie ended inside the window: lengthen --seconds or shorten --think'}")
    inside = result.get("server_side") or {}
    hands = _fields(inside.get("hands"))
    if hands:
        lines.append(("  par action, première main / dernière main des parties (CPU de la table, octets envoyés)"
                      if fr else "  per action, first hand / last hand of parties (the table's CPU, bytes sent)") + ":")
        for key, label in (("first", "première main" if fr else "first hand"),
                           ("last", "dernière main" if fr else "last hand"),
                           ("every", "toutes les mains" if fr else "every hand")):
            tally = _fields(hands.get(key))
            if not tally.get("actions"):
                lines.append(f"    {label}: {'aucune partie finie' if fr and key == 'last' else 'no partie finished' if key == 'last' else '—'}")
                continue
            lines.append(f"    {label}: {tally['cpu_ms_per_action']} ms CPU, {tally['bytes_per_action']} "
                         f"{'octets' if fr else 'bytes'} ({tally['hands']} {'mains' if fr else 'hands'}, "
                         f"{tally['actions']} actions)")
    if inside.get("count"):
        lines.append(f"  {'dans le serveur (arrivée → envoi)' if fr else 'inside the server (arrival → sent)'}: "
                     f"p50 {inside['p50_ms']} ms, p99 {inside['p99_ms']} ms, max {inside['max_ms']} ms")
    lines.append(f"  {'validation moyenne du journal' if fr else 'mean commit of the action log'}: "
                 f"{inside.get('commit_ms_mean', '—')} ms")
    thinking = _fields(inside.get("bots"))
    if thinking.get("asked"):
        lines.append(f"  {'robots qui réfléchissent (processus à part)' if fr else 'bots that think (worker processes)'}: "
                     f"{thinking['answered']} {'décisions' if fr else 'decisions'}, {thinking['workers']} "
                     f"{'processus' if fr else 'workers'}, {'moyenne' if fr else 'mean'} {thinking['think_s_mean']} s, "
                     f"max {thinking['think_s_max']} s, {'échecs' if fr else 'failed'} {thinking['failed']}, "
                     f"{'réponses périmées' if fr else 'stale answers'} {thinking['stale']}")
    search = result.get("search")
    if search:
        for run in search["runs"]:
            lines.append(f"    {run['tables']} tables: p50 {run['p50_ms']} ms, p99 {run['p99_ms']} ms, "
                         f"{run['actions_per_s']} actions/s, CPU {run['server_cpu']}, "
                         f"{'erreurs' if fr else 'errors'} {len(run['errors'])}")
        lines.append(f"  {'plus grand nombre de tables tenant' if fr else 'largest table count holding'} "
                     f"p99 ≤ {search['target_p99_ms']} ms: {search['largest_tables']}")
    for error in result["errors"][:5]:
        lines.append(f"  ! {error}")
    load = result.get("load", [])
    lines.append(f"  — Python {m['python']} ({m['implementation']}), {m['processor']}, {m['cpus']} CPU, "
                 f"{m['system']}; load {' '.join(f'{x:.2f}' for x in load)}")
    return "\n".join(lines)

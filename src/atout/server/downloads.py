"""Parties as records and as replays, built off the event loop.

A download is made in two halves. On the loop, in the table's actor (so that it sees the table as
one command left it): who may have what (:func:`access`), and a :class:`Partie` — the game, its
options and the partie's actions as the log stores them, a few kilobytes that pickle. Then, in a
worker process (:class:`Downloads`, a :class:`~concurrent.futures.ProcessPoolExecutor`), the
partie is rebuilt and written: the record (:func:`build_record`) or the replay
(:func:`build_replay`), gzipped. A finished partie's downloads are kept (a bounded cache: they
never change); at most ``Settings.download_jobs`` builds run or wait at once, and beyond that a
request is refused as ``busy``. Nothing of it runs on the loop but the checks and the copy.

The replay is built from the log (``docs/protocol.md``, *Downloads*): the partie's log entries
as the asker may see them (a finished partie: every card, deals in full) with their words, and
one compact **step** per action — the log number of the action and what changed in the position
after it (the fields of the position that changed, the hands that changed).

>>> from atout.server.settings import Settings
>>> from atout.server.table import Table, TableConfig
>>> table = Table("t2", TableConfig("whist", {"game_points": 5}, ("random",) * 4), Settings(seed=2))
>>> table.record("start", {"partie": 1}).what, table.advance(), table.status
('start', False, 'finished')
>>> partie = partie_of(table, 1)
>>> text = gunzip(build_record(partie, None))
>>> text.splitlines()[0]
'[Game "whist"]'
>>> replay = json.loads(gunzip(build_replay(partie, None, "fr")))
>>> len(replay["steps"]) == len(table.state.history), replay["log"][0]["i"], replay["final"]
(True, 0, True)
>>> [len(h) for h in replay["start"]["hands"]], replay["log"][2]["type"], replay["steps"][2]["set"]["phase"]
([0, 0, 0, 0], 'deal', 'play')
>>> [len(replay["steps"][2]["hands"][seat]) for seat in "0123"]   # the deal: every hand, the partie being over
[13, 13, 13, 13]
"""

from __future__ import annotations

import asyncio
import gzip
import importlib
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVarTuple

from atout.actions import Action, ActionKind
from atout.bots.analysis import analyse, by_place, summary
from atout.bots.registry import search_part
from atout.cards import CardSet
from atout.game import CHANCE, Game, JSONObject, OptionValue, State, outcome_json
from atout.server.json_checks import whole
from atout.server.messages import Refusal
from atout.server.settings import Settings
from atout.server.table import FINISHED, Table, spell
from atout.server.workers import WorkerPool

log = logging.getLogger("atout.server")
HOLD_SECONDS = 120.0      # how long a build waits for a test's hold file at most
DROPPED = ("legal", "log_length")   # position fields a replay's steps leave out (none for a spectator; the step's number)
DownloadKey = tuple[str, int, str, str]
"""What a finished partie's download is kept under: the table, the partie, ``record``, ``replay`` or
``analysis``, and the language of a replay (else ``""``)."""
Ts = TypeVarTuple("Ts")


# ------------------------------------------------------------------------------ the loop's half


@dataclass(frozen=True)
class Partie:
    """What a worker needs to rebuild one partie of a table (it pickles): the game's class (its
    module and name, so that a game registered only in this process is found too), its options,
    the partie's actions as the log stores them (``(seat, English notation)``), the seats' names
    and the record's tags."""

    table: str
    number: int
    game: tuple[str, str]
    options: dict[str, OptionValue]
    actions: tuple[tuple[int, str], ...]
    names: tuple[str, ...]
    tags: dict[str, str]
    finished: bool
    bots: tuple[int, ...] = ()
    """The seats a bot played (the log's words call them « Robot 2 »)."""

    def word_names(self, lang: str) -> tuple[str, ...]:
        """The seats' names in the log's words, as the table names them."""
        word = "Robot" if lang == "fr" else "Bot"
        return tuple(f"{word} {n}" if n in self.bots else name for n, name in enumerate(self.names))


def seat_names(table: Table) -> dict[str, str]:
    """The ``SeatN`` tags of a record: each seat's name, or its bot."""
    return {f"Seat{n}": seat.name or seat.bot or "?" for n, seat in enumerate(table.seats)}


def partie_of(table: Table, number: int) -> Partie:
    """Partie ``number`` of ``table`` as a worker needs it (a copy of its actions: cheap)."""
    if number < 1 or number > table.partie:
        raise Refusal("no_partie", partie=number)
    actions = []
    events = table.events
    for index in range(table.starts.get(number, len(events)) + 1, len(events)):
        event = events[index]
        if event.what == "start":
            break
        if event.what == "action":
            actions.append((whole(event.payload, "seat"), str(event.payload["action"])))
    game = table.game
    cls = type(game)
    finished = number < table.partie or table.status == FINISHED
    return Partie(table.id, number, (cls.__module__, cls.__qualname__), dict(game.options.changed()), tuple(actions),
                  tuple(seat.name or seat.bot or "?" for seat in table.seats),
                  {**seat_names(table), "Table": table.id, "Date": table.created[:10] or "?"}, finished,
                  tuple(n for n, seat in enumerate(table.seats) if seat.kind == "bot"))


def access(table: Table, token: str | None, number: int, what: str) -> int | None:
    """Who asks for partie ``number`` of ``table`` (``what``: ``record``, ``replay`` or ``analysis``), as the
    viewer the download is made for: ``None`` for the whole partie (or a spectator's view of a
    record in progress), a seat for that seat's view; a :class:`Refusal` when not allowed.

    A finished partie: anyone where the table admits spectators, else the table's tokens only.
    A partie in progress: its record as the asker may know it (a seat's view; a spectator's where
    spectators are admitted); its replay only for the table's seats, each as its own view. The
    analysis shows every hand: for a finished partie only, to whoever may see its replay.
    """
    seat = table.seat_of(token)
    known = seat is not None or table.is_host(token)
    if token is not None and not known:
        raise Refusal("bad_token")
    if number < 1 or number > table.partie:
        raise Refusal("no_partie", partie=number)
    finished = number < table.partie or table.status == FINISHED
    if what == "analysis":
        if search_part(table.game, "solver") is None:
            raise Refusal("no_analysis", game=table.game.name)
        if not finished:
            raise Refusal("analysis_not_over")
    if finished:
        if not known and not table.config.spectators:
            raise Refusal("spectators_off")
        return None
    if what == "replay":
        if seat is None:
            raise Refusal("not_over")
        return seat
    if seat is None and not table.config.spectators:
        raise Refusal("spectators_off")
    return seat


def gunzip(data: bytes) -> str:
    return gzip.decompress(data).decode("utf-8")


class Downloads:
    """The builds of one server: a pool of worker processes, the finished parties' downloads
    kept (at most ``Settings.download_cache`` bytes, gzipped), and at most
    ``Settings.download_jobs`` builds at once (beyond: :class:`Refusal` ``busy``). Two requests
    for the same finished download share one build."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.cache: OrderedDict[DownloadKey, bytes] = OrderedDict()
        self.cached = 0
        self.building: dict[DownloadKey, asyncio.Future[bytes]] = {}
        self.running = 0
        self.built = 0
        self.seconds = 0.0
        self.workers = WorkerPool(settings.download_workers)

    def kept(self, key: DownloadKey | None) -> bytes | None:
        """A finished partie's download already made, if it is still kept."""
        if key is None:
            return None
        data = self.cache.get(key)
        if data is not None:
            self.cache.move_to_end(key)
        return data

    async def build(self, key: DownloadKey | None, fn: Callable[[*Ts], bytes], *args: *Ts) -> bytes:
        """``fn(*args)`` in a worker (gzipped bytes); kept under ``key`` (a finished partie's)."""
        data = self.kept(key)
        if data is not None:
            return data
        if key is not None and key in self.building:
            return await asyncio.shield(self.building[key])
        if self.running >= max(1, self.settings.download_jobs):
            raise Refusal("busy")
        loop = asyncio.get_running_loop()
        shared: asyncio.Future[bytes] = loop.create_future()
        if key is not None:
            self.building[key] = shared
        self.running += 1
        began = time.perf_counter()
        try:
            data = await self.workers.run(fn, *args)   # a worker that died: the next build gets a new pool
        except Exception as error:  # noqa: BLE001 - a game's bug while building: the asker hears of it
            log.error("a download could not be built: %r", error)
            failure = error if isinstance(error, Refusal) else Refusal("internal")
            shared.set_exception(failure)
            shared.exception()
            raise failure from None
        finally:
            self.running -= 1
            if key is not None:
                self.building.pop(key, None)
        self.built += 1
        self.seconds += time.perf_counter() - began
        shared.set_result(data)
        if key is not None:
            self._keep(key, data)
        return data

    def _keep(self, key: DownloadKey, data: bytes) -> None:
        budget = self.settings.download_cache
        if len(data) > budget // 4:
            return
        self.cache[key] = data
        self.cached += len(data)
        while self.cached > budget and self.cache:
            _key, old = self.cache.popitem(last=False)
            self.cached -= len(old)

    def stats(self) -> JSONObject:
        return {"built": self.built, "build_s_mean": round(self.seconds / self.built, 3) if self.built else None,
                "running": self.running, "kept": len(self.cache), "kept_bytes": self.cached}

    def stop(self) -> None:
        self.workers.stop()


# ------------------------------------------------------------------------------ the worker's half


def game_of(partie: Partie) -> Game:
    module, name = partie.game
    cls = getattr(importlib.import_module(module), name)
    game: Game = cls(partie.options)
    return game


def rebuild(partie: Partie, game: Game | None = None) -> State:
    """The partie's state after its actions (read back from their notation, as on a restart)."""
    return play_on((game or game_of(partie)).new_state(), partie.actions)


def play_on(state: State, actions: tuple[tuple[int, str], ...]) -> State:
    """``state`` after ``actions`` (``(seat, English notation)``, as the log stores them)."""
    for seat, code in actions:
        state.apply(state.parse_action(code, "en"), None if seat == CHANCE else seat)
    return state


def _zipped(text: str) -> bytes:
    return gzip.compress(text.encode("utf-8"), compresslevel=6)


def build_record(partie: Partie, viewer: int | None) -> bytes:
    """The record of the partie, gzipped: the whole of it once it is over, else ``viewer``'s view."""
    from atout.record import record_view, write_record

    state = rebuild(partie)
    if state.outcome() is not None:
        return _zipped(write_record(state, partie.tags))
    return _zipped(record_view(state, viewer, partie.tags))


def build_analysis(partie: Partie) -> bytes:
    """The double-dummy analysis of a finished partie (:mod:`atout.bots.analysis`), gzipped JSON:
    ``verdicts`` (each card played: its ``step`` in the history, which is the replay's step, its
    value, the best value and cards, the ``loss``, its ``place`` in the trick), ``seats`` (each seat's
    totals) and ``places`` (the totals by place in the trick)."""
    state = rebuild(partie)
    verdicts = analyse(state)
    data = {"game": state.game.name, "partie": partie.number, "verdicts": [v.to_json() for v in verdicts],
            "seats": summary(verdicts, state.game.num_seats), "places": by_place(verdicts)}
    return _zipped(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def wait_for_hold(hold: str) -> None:
    """Tests only: say the build has begun (``<hold>.started``), then wait until ``hold`` exists."""
    path = Path(hold)
    Path(f"{hold}.started").touch()
    deadline = time.monotonic() + HOLD_SECONDS
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.005)


def replay_log(final: State, viewer: int | None, whole: bool, lang: str,
               names: tuple[str, ...] = ()) -> tuple[list[JSONObject], list[int]]:
    """The partie's log entries for a replay, with their words, and the number of each action's
    entry. ``whole`` (a finished partie): the spectator's log with every action as it was played
    (deals in full, nothing hidden); else ``viewer``'s log."""
    game = final.game
    entries = list(final.full_log() if whole else final.observation(viewer).log)
    out = []
    numbers = []
    texts: dict[tuple[Action, int], str] = {}
    for entry in entries:
        key = (entry.item, entry.seat)
        if entry.item.kind is not ActionKind.EVENT:
            numbers.append(entry.number)
        data = dict(game.entry_json(entry))
        try:
            words = texts.get(key)
            if words is None:
                words = texts[key] = spell(game, entry, lang, names)
        except TypeError:
            words = spell(game, entry, lang, names)
        data["words"] = words
        out.append(data)
    return out, numbers


def build_replay(partie: Partie, viewer: int | None, lang: str, hold: str = "") -> bytes:
    """The replay of the partie as ``viewer`` may see it (``None``: a finished partie, every hand
    shown), gzipped JSON (``docs/protocol.md``, *Downloads*)."""
    from atout.record import record_view, write_record

    game = game_of(partie)
    final = rebuild(partie, game)
    if hold:
        wait_for_hold(hold)
    over = final.outcome() is not None
    whole = over and viewer is None
    entries, numbers = replay_log(final, viewer, whole, lang, partie.word_names(lang))
    n = game.num_seats
    state = game.new_state()

    def frame() -> tuple[JSONObject, list[list[str] | None]]:
        position = state.observation(viewer).to_json()
        for key in DROPPED:
            position.pop(key, None)
        if whole:
            hands: list[list[str] | None] = [_codes(state.observation(s).hand) for s in range(n)]
        else:
            hands = [_codes(position.get("hand")) if s == viewer else None for s in range(n)]
        return position, hands

    position, hands = frame()
    start = {"position": position, "hands": hands}
    steps = []
    for number, (seat, action) in zip(numbers, final.history, strict=True):
        state.apply(action, None if seat == CHANCE else seat)
        now, held = frame()
        step: JSONObject = {"i": number}
        changed = {key: value for key, value in now.items() if position.get(key, ...) != value}
        gone = [key for key in position if key not in now]
        if changed:
            step["set"] = changed
        if gone:
            step["unset"] = gone
        moved = {str(s): h for s, h in enumerate(held) if h != hands[s]}
        if moved:
            step["hands"] = moved
        steps.append(step)
        position, hands = now, held
    record = write_record(final, partie.tags) if over else record_view(final, viewer, partie.tags)
    data = {"game": game.name, "direction": game.direction.value, "game_view": game.view_json(),
            "options": game.options.changed(),
            "partie": partie.number, "names": list(partie.names), "bots": list(partie.bots),
            "view": viewer, "final": over, "analysable": over and search_part(game, "solver") is not None, "outcome": outcome_json(final.outcome()), "record": record,
            "log": entries, "start": start, "steps": steps}
    return _zipped(json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def _codes(hand: object) -> list[str]:
    """The codes of a hand: a card set, or a position's ``hand`` in JSON (a list of codes); none for ``None``."""
    if hand is None:
        return []
    if not isinstance(hand, (CardSet, list)):
        raise TypeError(f"a hand is a card set or a list of codes, not {hand!r}")
    return [str(c) for c in hand]

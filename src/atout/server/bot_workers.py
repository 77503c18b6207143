"""The bots that think, thinking off the event loop.

A quick bot (``random``, a heuristic: microseconds) decides in the table's actor, on the event
loop. A bot that **thinks** (a search: tenths of a second to seconds of pure Python) would stall
every other table there, so its decisions go to a pool of worker processes
(:class:`BotWorkers`, ``Settings.bot_workers`` of them; ``atout serve --bot-workers``). A bot
thinks when its class says so: ``slow = True`` (:class:`atout.bots.pimc.SearchBot`).

A decision is made in two halves. On the loop, in the table's actor: a :class:`Decision` — the
partie so far as the downloads send it (:class:`~atout.server.downloads.Partie`: the game's class,
its options, the actions as the log stores them), the seat, the bot's name and the reference of its
factory, and the decision's seed. Then in a worker (:func:`think`): the state is rebuilt (the last
state of each partie is kept in the worker and moved on by the new actions only), the seat's
observation taken, a fresh bot of that seed asked, and its action sent back in English notation.
The table makes the same fresh bot when the bot thinks on the loop (``--bot-workers 0``, and the
table's own :meth:`~atout.server.table.Table.advance`), so one seed gives one partie either way.

The actor (:mod:`atout.server.actor`) plays the answer only if the table has not moved on since it
asked (else it asks again), and not before ``Settings.bot_delay`` from the asking. A bot that fails,
or does not answer within ``Settings.bot_timeout``, plays its first legal move; the failure is logged.

>>> from atout.server.settings import Settings
>>> from atout.server.table import Table, TableConfig
>>> table = Table("t3", TableConfig("whist", {"game_points": 5}, ("random",) * 4), Settings(seed=3))
>>> table.record("start", {"partie": 1}).what, table.advance(20), table.thinks(table.state.to_move)
('start', True, False)
>>> decision = decision_of(table, table.state.to_move)
>>> decision.bot, decision.factory, len(decision.partie.actions) == len(table.state.history)
('random', ('atout.bots.random_bot', 'RandomBot'), True)
>>> code = think(decision)
>>> code == think(decision) and table.play_bot(decision.seat, code)   # the same seed, the same choice
True
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import random
import time
from collections import OrderedDict
from dataclasses import dataclass

from atout.bots.registry import GENERIC_BOTS, BotFactory, game_policies, make_bot
from atout.game import Game, JSONObject, State
from atout.server.downloads import Partie, partie_of, play_on, rebuild
from atout.server.settings import Settings
from atout.server.table import Table, moves_only, text_of
from atout.server.workers import WorkerPool

log = logging.getLogger("atout.server")
KEPT_STATES = 64   # parties whose last state a worker keeps (the tables it thought for last)


@dataclass(frozen=True)
class Decision:
    """What a worker needs to make one bot decision (it pickles): the partie so far, the seat, the
    bot's name and its factory's module and name (``None``: found by name in the registry), the
    seed of the fresh bot that decides, and whether the seat must move now (``cut_to_moves``)."""

    partie: Partie
    seat: int
    bot: str
    factory: tuple[str, str] | None
    seed: int
    cut_to_moves: bool


def factory_ref(name: str, game: Game) -> tuple[str, str] | None:
    """The module and name of the factory of bot ``name`` for ``game``, so that a worker finds a
    bot registered only in this process too (as :class:`Partie` names the game's class); ``None``
    when the factory cannot be imported by name (a lambda, a partial)."""
    key = name.strip().lower()
    if key in GENERIC_BOTS:
        where, _, attribute = GENERIC_BOTS[key].partition(":")
        return where, attribute
    factory = game_policies(game).get(key)
    module, qualname = getattr(factory, "__module__", None), getattr(factory, "__qualname__", None)
    if factory is None or not isinstance(module, str) or not isinstance(qualname, str):
        return None
    try:
        found = resolve((module, qualname))
    except (ImportError, AttributeError):
        return None
    return (module, qualname) if found is factory else None


def resolve(ref: tuple[str, str]) -> BotFactory:
    """The bot factory ``module``, ``qualified.name`` names."""
    *outer, name = ref[1].split(".")
    found: object = importlib.import_module(ref[0])
    for part in outer:
        found = getattr(found, part)
    factory: BotFactory = getattr(found, name)
    return factory


def decision_of(table: Table, seat: int) -> Decision:
    """The decision the bot of ``seat`` is to make now at ``table`` (the loop's half)."""
    name = table.bot_name(seat)
    return Decision(partie_of(table, table.partie), seat, name, factory_ref(name, table.game), table.bot_seed(seat),
                    table.cut_to_moves(seat))


# ------------------------------------------------------------------------------ the worker's half

_states: OrderedDict[tuple[str, int], tuple[tuple[tuple[int, str], ...], State]] = OrderedDict()


def state_of(partie: Partie) -> State:
    """The partie's state after its actions: the state kept from this partie's last decision
    moved on by the actions since, else rebuilt."""
    key = (partie.table, partie.number)
    kept = _states.pop(key, None)
    if kept is not None and partie.actions[:len(kept[0])] == kept[0]:
        state = play_on(kept[1], partie.actions[len(kept[0]):])
    else:
        state = rebuild(partie)
    _states[key] = (partie.actions, state)
    while len(_states) > KEPT_STATES:
        _states.popitem(last=False)
    return state


def choose(state: State, decision: Decision) -> str:
    """The action (English notation) a fresh bot of the decision's seed chooses in ``state``."""
    obs = state.observation(decision.seat)
    if decision.cut_to_moves:
        obs = moves_only(obs)
    rng = random.Random(decision.seed)
    bot = resolve(decision.factory)(rng) if decision.factory else make_bot(decision.bot, state.game, rng)
    action = bot.act(obs)
    if action not in obs.legal:
        raise ValueError(f"bot {decision.bot} chose {action!r}, which is not legal")
    return text_of(state, action, "en")


def think(decision: Decision) -> str:
    """A worker's job: the bot's action for the decision, in English notation."""
    return choose(state_of(decision.partie), decision)


# ------------------------------------------------------------------------------ the loop's half


class BotWorkers:
    """The bot decisions of one server, made in ``Settings.bot_workers`` worker processes (none:
    the bots think on the loop), each bounded by ``Settings.bot_timeout``."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.workers = WorkerPool(settings.bot_workers)
        self.asked = 0
        self.answered = 0
        self.failed = 0
        self.stale = 0         # answers that came back to a table that had moved on
        self.thinking = 0
        self.seconds = 0.0
        self.longest = 0.0

    @property
    def enabled(self) -> bool:
        return self.settings.bot_workers > 0

    async def decide(self, decision: Decision) -> str | None:
        """The decision's action in English notation, thought in a worker; ``None`` (logged) when
        the bot failed or did not answer in time."""
        self.asked += 1
        self.thinking += 1
        began = time.perf_counter()
        try:
            code = await asyncio.wait_for(self.workers.run(think, decision), self.settings.bot_timeout)
        except TimeoutError:
            self.failed += 1
            log.error("table %s: bot %s at seat %d did not answer within %s s; it plays its first legal move",
                      decision.partie.table, decision.bot, decision.seat, self.settings.bot_timeout)
            return None
        except Exception as error:  # noqa: BLE001 - a bot's or a game's bug, a dead worker: the table goes on
            self.failed += 1
            log.error("table %s: bot %s at seat %d failed (%r); it plays its first legal move",
                      decision.partie.table, decision.bot, decision.seat, error)
            return None
        finally:
            self.thinking -= 1
        took = time.perf_counter() - began
        self.answered += 1
        self.seconds += took
        self.longest = max(self.longest, took)
        return code

    def stats(self) -> JSONObject:
        return {"workers": self.workers.size if self.enabled else 0, "asked": self.asked, "answered": self.answered,
                "failed": self.failed, "stale": self.stale, "thinking": self.thinking,
                "think_s_mean": round(self.seconds / self.answered, 3) if self.answered else None,
                "think_s_max": round(self.longest, 3)}

    def stop(self) -> None:
        self.workers.stop()


__all__ = ["BotWorkers", "Decision", "choose", "decision_of", "factory_ref", "think"]

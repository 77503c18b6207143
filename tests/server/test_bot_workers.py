"""Bots that think decide in worker processes (:mod:`atout.server.bot_workers`): the other tables
are answered meanwhile; an answer the table has moved on from is dropped (and the bot asked
again); a failing or late bot plays its first legal move; a restarted table's bots go on; and the
bot's own choice is played: one seed, one partie, whether the bots think in a worker or inline.

The bots are those of ``tests/server/slowbot.py`` (a random choice after 0.3 s asleep), added to
the registry's generic bots for each test (a worker finds them by their module and name).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.bots.registry import GENERIC_BOTS
from atout.server.table import Table, TableConfig
from tests.server.harness import Client, Served, create, quick_settings, running, settle
from tests.server.slowbot import BOTS, THINK
from tests.server.test_downloads import figures, one_action
from tests.toygame import ToyGame

ONE_DEAL = {"seats": 2, "deals": 1}


@pytest.fixture
def slow_bots(toy: type[ToyGame], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game registered, and the bots of ``tests/server/slowbot.py`` seated like any other."""
    for name, where in BOTS.items():
        monkeypatch.setitem(GENERIC_BOTS, name, where)
    yield


async def until(check: Any, seconds: float = 60.0) -> None:
    """Wait until ``check()`` holds (a worker's first decision starts a process: it may take a while)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the condition never held")
        await asyncio.sleep(0.005)


async def finished(served: Served, table_id: str) -> Table:
    table: Table = served.table(table_id)
    await until(lambda: table.status == "finished")
    return table


def actions(table: Table, since: int = 0) -> list[tuple[int, str]]:
    return [(e.payload["seat"], e.payload["action"]) for e in table.events[since:] if e.what == "action"]


def test_bots_only_partie_ends_as_it_would_inline(folder: Path, slow_bots: None) -> None:
    async def main() -> tuple[Table, dict[str, Any]]:
        async with running(quick_settings(folder, bot_workers=1)) as served:
            made = await create(served, {"game": "toy", "options": ONE_DEAL, "seats": ["slow", "random"]})
            table = await finished(served, made["table"])
            return table, served.hub.bots.stats()

    table, stats = asyncio.run(main())
    assert table.state.outcome() is not None
    slow = [a for a in actions(table) if a[0] == 0]
    assert stats["answered"] == len(slow) >= 3 and stats["failed"] == stats["stale"] == 0, stats
    # the same table with the same seed, every bot deciding inline in Table.advance: the same partie
    inline = Table(table.id, table.config, table.settings, table.host_hash, table.created)
    inline.record("start", {"partie": 1})
    assert inline.advance() is False and inline.status == "finished"
    assert actions(inline) == actions(table)


def test_other_tables_are_answered_while_a_bot_thinks(folder: Path, slow_bots: None) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, bot_workers=1)) as served:
            thinking = await create(served, {"game": "toy", "options": {"seats": 2}, "seats": ["slow", "slow"]})
            actor = served.hub.actors[thinking["table"]]
            await until(lambda: served.hub.bots.answered >= 1)   # the worker is up
            made = await create(served, {"game": "toy", "options": {"seats": 2}, "seats": ["human", "random"],
                                         "name": "A", "seat": 0})
            anne = await Client.open(served, made["table"], made["token"])
            latencies = []
            while len(latencies) < 8:
                await settle(served, made["table"], [anne])
                if anne.status != "playing":
                    await anne.reply({"type": "rematch"}, ("event",))
                    continue
                began = served.hub.bots.asked
                await until(lambda: actor._thinking is not None)
                took = await one_action(anne)
                if served.hub.bots.asked == began and actor._thinking is not None:   # all along one thought
                    latencies.append(took)
            print(f"another table's actions while a bot thinks ({THINK} s a decision): {figures(latencies)}")
            assert max(latencies) * 5 < THINK, figures(latencies)
            await anne.close()

    asyncio.run(main())


def test_an_answer_the_table_moved_on_from_is_dropped(folder: Path, slow_bots: None) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, bot_workers=1)) as served:
            made = await create(served, {"game": "toy", "options": {"seats": 2}, "seats": ["human", "slow"],
                                         "name": "A", "seat": 0})
            table: Table = served.table(made["table"])
            actor = served.hub.actors[made["table"]]
            anne = await Client.open(served, made["table"], made["token"])
            bots = served.hub.bots

            async def while_it_thinks() -> int:
                while actor._thinking is None:
                    await settle(served, made["table"], [anne])
                    if anne.to_move == 0:
                        await one_action(anne)
                return table.last_event

            # the host gives the seat to another slow bot while the first one thinks: its answer is dropped
            asked = await while_it_thinks()
            await anne.reply({"type": "replace", "seat": 1, "bot": "slow"}, ("event",))
            await until(lambda: bots.stale == 1)
            assert actions(table, asked) == [], "nothing played for seat 1 before the new bot's answer"
            await until(lambda: actions(table, asked) != [])     # the new bot was asked, and answered
            assert bots.asked >= 2 and actions(table, asked)[0][0] == 1
            # a person abandons while the bot thinks: the partie is over, the bot's answer is dropped
            asked = await while_it_thinks()
            stale = bots.stale
            await anne.reply({"type": "act", "action": "abandon", "event": table.last_event}, ("event",))
            await until(lambda: bots.stale == stale + 1)
            assert table.status == "finished" and actions(table, asked) == [(0, "abandon")]
            await anne.close()

    asyncio.run(main())


@pytest.mark.parametrize(("bot", "timeout"), [("broken", 30.0), ("slow", THINK / 10)])
def test_a_failing_or_late_bot_plays_its_first_legal_move(folder: Path, slow_bots: None, bot: str, timeout: float,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> tuple[Table, dict[str, Any]]:
        async with running(quick_settings(folder, bot_workers=1, bot_timeout=timeout)) as served:
            made = await create(served, {"game": "toy", "options": ONE_DEAL, "seats": [bot, "random"]})
            return await finished(served, made["table"]), served.hub.bots.stats()

    with caplog.at_level(logging.ERROR, logger="atout.server"):
        table, stats = asyncio.run(main())
    failed = [a for a in actions(table) if a[0] == 0]
    assert stats["failed"] == len(failed) >= 3 and stats["answered"] == 0, stats
    assert sum(f"bot {bot} at seat 0" in r.getMessage() for r in caplog.records) == len(failed)
    # each was the first legal move: replayed, the partie shows it
    replay = Table(table.id, table.config, table.settings)
    replay.record("start", {"partie": 1})
    for event in table.events:
        if event.what != "action":
            continue
        seat = event.payload["seat"]
        if seat == 0:
            obs = replay.bot_observation(0)
            first = ([a for a in obs.legal if a.kind.value == "move"] or list(obs.legal))[0]
            assert event.payload["action"] == replay.state.action_text(first, "en")
        replay.record("action", dict(event.payload))


def test_a_restarted_table_resumes_its_bots_turns(folder: Path, slow_bots: None) -> None:
    settings = quick_settings(folder, bot_workers=1)

    async def begin() -> tuple[str, int]:
        async with running(settings) as served:
            made = await create(served, {"game": "toy", "options": ONE_DEAL, "seats": ["slow", "slow"]})
            await until(lambda: served.hub.bots.answered >= 2)
            return made["table"], served.table(made["table"]).last_event

    async def resume(table_id: str) -> Table:
        async with running(settings) as served:
            await until(lambda: served.hub.bots.answered >= 2)   # two decisions after the restart
            table: Table = served.table(table_id)
            return table

    table_id, stopped_at = asyncio.run(begin())
    table = asyncio.run(resume(table_id))
    assert table.last_event > stopped_at
    # a decision's bot is made afresh from a seed of the table and the event: the restart changed nothing
    inline = Table(table_id, TableConfig("toy", ONE_DEAL, ("slow", "slow")), settings)
    inline.record("start", {"partie": 1})
    played = actions(table)
    inline.advance(sum(1 for seat, _ in played if seat >= 0))   # as many bot decisions, each 0.3 s
    assert actions(inline)[:len(played)] == played

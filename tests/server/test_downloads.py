"""Records and replays: built off the event loop, so that a long replay never stalls the other
tables; who may have which; at most so many builds at once; a finished partie's kept once made.

A build can be held in the worker (``Settings.download_hold``: the worker writes
``<hold>.started`` and waits for ``<hold>``): the tests order things by it, never by the clock.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import Client, Served, create, quick_settings, running, settle


async def until(path: Path, seconds: float = 120.0) -> None:
    """Wait until ``path`` exists (a worker's first build starts a process: it may take a while)."""
    for _ in range(int(seconds / 0.01)):
        if path.exists():
            return
        await asyncio.sleep(0.01)
    raise TimeoutError(f"{path} never came")


async def one_action(client: Client) -> float:
    """The client plays its first move and waits for its event; the seconds it took."""
    action = (client.choices("move") or client.choices("claim"))[0]
    sent = time.perf_counter()
    await client.send({"type": "act", "action": action["code"], "event": client.last})
    answer = await client.wait(lambda m: m["type"] == "error" or (m["type"] == "event" and m["what"] == "action"
                                                                   and m["seat"] == client.seat))
    assert answer["type"] == "event", answer
    return time.perf_counter() - sent


async def play(served: Served, client: Client, table_id: str, actions: int, pending: asyncio.Task[Any] | None
               ) -> list[float]:
    """``actions`` of the client's moves (the bots answer between them); each one's latency. With
    ``pending``, stop early once it is done."""
    latencies = []
    for _ in range(actions):
        await settle(served, table_id, [client])
        if client.status != "playing" or (pending is not None and pending.done()):
            break
        assert client.to_move == client.seat
        latencies.append(await one_action(client))
    return latencies


def figures(latencies: list[float]) -> str:
    if not latencies:
        return "none"
    ms = sorted(x * 1000 for x in latencies)
    return f"{len(ms)} actions, p50 {statistics.median(ms):.1f} ms, max {ms[-1]:.1f} ms"


def test_a_long_replay_never_stalls_another_table(folder: Path) -> None:
    hold = folder / "hold"

    async def main() -> None:
        async with running(quick_settings(folder, download_hold=str(hold))) as served:
            # a long mort partie (three rubbers) played out by bots, then a table where a person plays
            long = await create(served, {"game": "mort", "seats": ["random"] * 3})
            assert served.table(long["table"]).status == "finished"
            events = len(served.table(long["table"]).state.history)
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "name": "A", "seat": 0,
                                         "options": {"game_points": "10"}})
            anne = await Client.open(served, made["table"], made["token"])
            before = await play(served, anne, made["table"], 10, None)
            async with served.http() as http:
                replay = asyncio.create_task(http.get(f"/api/tables/{long['table']}/replay?lang=fr"))
                await until(Path(f"{hold}.started"))   # the worker has rebuilt the partie and holds
                held = await play(served, anne, made["table"], 20, None)
                assert len(held) == 20 and not replay.done(), "every action was answered while the replay was made"
                hold.touch()                           # the worker goes on: the steps, the JSON, gzip
                building = await play(served, anne, made["table"], 200, replay)
                answer = await replay
            assert answer.status_code == 200 and answer.headers["content-encoding"] == "gzip"
            data = answer.json()
            assert len(data["steps"]) == events and data["final"] and data["view"] is None
            assert all(e["words"] for e in data["log"])
            print(f"\nreplay of a mort partie of {events} actions: {answer.headers['content-length']} bytes gzipped, "
                  f"{len(answer.content)} bytes of JSON; built in {served.hub.downloads.stats()['build_s_mean']} s "
                  f"(the hold included)")
            print(f"the other table, before the replay: {figures(before)}")
            print(f"the other table, while the worker held the replay: {figures(held)}")
            print(f"the other table, while the worker built the replay: {figures(building)}")
            await anne.close()

    asyncio.run(main())


def test_who_may_download_what_busy_and_kept(folder: Path) -> None:
    hold = folder / "hold"

    async def main() -> None:
        async with running(quick_settings(folder, download_hold=str(hold), download_jobs=1)) as served:
            over = await create(served, {"game": "mort", "options": {"rubbers": "1"}, "seats": ["random"] * 3})
            closed = await create(served, {"game": "whist", "seats": ["random"] * 4, "spectators": False})
            live = await create(served, {"game": "whist", "seats": ["human", "human", "random", "random"],
                                         "name": "A", "seat": 0})
            anne = await Client.open(served, live["table"], live["token"])
            bob = await Client.open(served, live["table"])
            bob_seat = await bob.reply({"type": "sit", "seat": 1, "name": "B"}, ("seated",))
            for _ in range(12):   # into the first hand: the cut, the deal, a few cards
                await settle(served, live["table"], [anne, bob])
                await one_action(anne if anne.to_move == 0 else bob)
            await settle(served, live["table"], [anne, bob])

            def url(made: dict[str, Any], what: str = "replay") -> str:
                return f"/api/tables/{made['table']}/{what}"

            def bearer(token: str) -> dict[str, str]:
                return {"Authorization": f"Bearer {token}"}

            async with served.http() as http:
                first = asyncio.create_task(http.get(url(over)))
                await until(Path(f"{hold}.started"))
                again = asyncio.create_task(http.get(url(over)))   # the same download: it waits for the same build
                busy = await http.get(url(closed), headers=bearer(closed["token"]))   # one build at a time
                assert busy.status_code == 503 and busy.json()["error"] == "busy" and busy.headers["retry-after"]
                # refusals need no build
                assert (await http.get(url(closed))).status_code == 403                       # no spectators
                assert (await http.get(url(closed), headers=bearer("forged"))).status_code == 403
                assert (await http.get(url(live))).json()["error"] == "not_over"             # in progress: seats only
                assert (await http.get(url(live), headers=bearer("forged"))).json()["error"] == "bad_token"
                assert not first.done() and not again.done()
                hold.touch()
                one, two = await first, await again
                assert one.status_code == two.status_code == 200 and one.content == two.content
                assert served.hub.downloads.built == 1
                # kept: asked again, not built again; the host's token opens a table without spectators
                assert (await http.get(url(over))).content == one.content and served.hub.downloads.built == 1
                private = await http.get(url(closed), headers=bearer(closed["token"]))
                assert private.status_code == 200 and private.json()["final"]
                # a partie in progress: each seat its own view, nobody else's hand
                mine = (await http.get(url(live), headers=bearer(live["token"]))).json()
                theirs = (await http.get(url(live), headers=bearer(bob_seat["token"]))).json()
                assert (mine["view"], theirs["view"], mine["final"]) == (0, 1, False)
                hands = [list(step.get("hands", {})) for step in mine["steps"]]
                assert all(set(h) <= {"0"} for h in hands) and mine["start"]["hands"][1] is None
                table = served.table(live["table"])
                assert [{k: v for k, v in e.items() if k not in ("words", "said")} for e in mine["log"]] == \
                    table.state.observation(0).log.to_json()[:len(mine["log"])]
                deals = [e for e in mine["log"] if e["type"] == "deal"]
                assert deals and deals[0]["hands"][0] and deals[0]["hands"][1] is None
                assert next(e["hands"][1] for e in theirs["log"] if e["type"] == "deal")
                # a record in progress: a spectator's view without a token; plain text when gzip is not taken
                plain = await http.get(url(live, "record"), headers={"Accept-Encoding": "identity"})
                assert plain.status_code == 200 and "content-encoding" not in plain.headers
                assert plain.text.startswith('[Game "whist"]') and '[View "spectator"]' in plain.text
            async with httpx.AsyncClient(base_url=served.base, timeout=30) as http:
                health = (await http.get("/api/health")).json()
                assert health["downloads"]["built"] >= 3 and health["downloads"]["kept"] >= 2
            for client in (anne, bob):
                await client.close()

    asyncio.run(main())


def test_the_analysis_of_a_finished_partie(folder: Path) -> None:
    """Every card played, valued against the best, for a finished partie; refused while the partie
    is in progress (it shows every hand); the replay says the partie can be analysed."""

    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            over = await create(served, {"game": "piquet", "seats": ["random", "random"]})
            live = await create(served, {"game": "piquet", "seats": ["human", "random"], "name": "A", "seat": 0})
            async with served.http() as http:
                answer = await http.get(f"/api/tables/{over['table']}/analysis")
                refused = await http.get(f"/api/tables/{live['table']}/analysis",
                                         headers={"Authorization": f"Bearer {live['token']}"})
                replay = (await http.get(f"/api/tables/{over['table']}/replay")).json()
            assert answer.status_code == 200, answer.text
            data = answer.json()
            history = served.table(over["table"]).state.history
            cards = [n for n, (_, action) in enumerate(history) if type(action).__name__ == "Card"]
            assert [v["step"] for v in data["verdicts"]] == cards
            assert all(v["best"] >= v["value"] for v in data["verdicts"])
            assert sum(row["cards"] for row in data["seats"]) == len(cards)
            assert refused.status_code == 403 and refused.json()["error"] == "analysis_not_over"
            assert replay["analysable"] is True

    asyncio.run(main())

"""The protocol of docs/protocol.md with scripted clients against a real uvicorn on loopback: the
lobby, creating and joining tables, playing, reconnecting, the host's powers, absence, hints,
downloads, languages, and every kind of bad input (each a clear error that changes nothing)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.server.harness import Client, Served, create, quick_settings, running, settle


def snapshot(served: Served, table_id: str) -> tuple[int, int, str]:
    table = served.table(table_id)
    return table.last_event, len(table.state.history) if table.state is not None else -1, table.status


async def play_turn(client: Client, kinds: tuple[str, ...] = ("move",)) -> dict[str, Any]:
    """The client plays its first offered action of ``kinds`` and returns the event of it."""
    action = client.choices(*kinds)[0]
    await client.send({"type": "act", "action": action["code"], "event": client.last})
    return await client.wait(lambda m: m["type"] == "error" or (m["type"] == "event" and m["what"] == "action"
                                                                 and m["seat"] == client.seat))


def test_lobby_create_sit_start_and_private_views(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human", "human"] + ["heuristic"] * 2,
                                         "name": "Anne", "seat": 0})
            async with served.http() as http:
                lobby = (await http.get("/api/tables")).json()["tables"]
                assert [(t["id"], t["status"], t["open_seats"]) for t in lobby] == [(made["table"], "waiting", [1])]
                assert (await http.get(made["url"])).status_code == 200
            anne = await Client.open(served, made["table"], made["token"])
            assert anne.seat == 0 and anne.messages[-1]["you"]["host"] and anne.view is None
            bob = await Client.open(served, made["table"])
            assert bob.seat is None and bob.messages[-1]["you"]["host"] is False
            seated = await bob.reply({"type": "sit", "seat": 1, "name": "Bob", "ref": "s"}, ("seated", "error"))
            assert seated["type"] == "seated" and seated["seat"] == 1 and seated["ref"] == "s" and seated["token"]
            await settle(served, made["table"], [anne, bob])
            assert anne.status == bob.status == "playing"
            for client in (anne, bob):
                starts = [m for m in client.messages if m["type"] == "event" and m["what"] == "start"]
                assert len(starts) == 1 and starts[0]["partie"] == 1
                assert client.view is not None
                assert client.view["position"]["seat"] == client.seat
            table = served.table(made["table"])
            # each sees its own hand, as the engine gives it to that seat, and nobody else's; its log,
            # put together from the deltas, is the engine's log for that seat
            for client in (anne, bob):
                assert client.view is not None
                observation = table.state.observation(client.seat)
                assert client.view["position"] == observation.to_json()
                assert [{k: v for k, v in e.items() if k not in ("words", "said")} for e in client.log] == observation.log.to_json()
            async with served.http() as http:
                info = (await http.get(f"/api/tables/{made['table']}")).json()
                assert info["status"] == "playing" and info["seats"][1]["name"] == "Bob"
                assert info["seats"][2]["kind"] == "bot" and info["seats"][2]["bot"] == "heuristic"
            await anne.close()
            await bob.close()

    asyncio.run(main())


def test_a_partie_to_its_end_then_downloads_and_rematch(folder: Path, toy: Any) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "toy", "options": {"target": "2", "seats": "2"},
                                         "seats": ["human", "random"], "name": "Anne", "seat": 0})
            anne = await Client.open(served, made["table"], made["token"])
            for _ in range(500):
                await settle(served, made["table"], [anne])
                if anne.status == "finished":
                    break
                assert anne.to_move == 0, anne.view
                event = await play_turn(anne)
                assert event["type"] == "event", event
            assert anne.status == "finished"
            end = [m for m in anne.messages if m["type"] == "event" and m["what"] == "end"]
            assert len(end) == 1 and end[0]["outcome"]["reason"] in ("target", "abandon")
            async with served.http() as http:
                record = await http.get(f"/api/tables/{made['table']}/record")
                assert record.status_code == 200 and record.text.startswith('[Game "toy"]')
                from atout.record import read_record, replay

                result = replay(read_record(record.text))
                assert result.ok and result.state.outcome() is not None
                got = await http.get(f"/api/tables/{made['table']}/replay?lang=fr")
                assert got.headers.get("content-encoding") == "gzip"   # httpx takes gzip, and reads it
                data = got.json()
                assert data["outcome"] == end[0]["outcome"] and len(data["steps"]) == len(result.state.history)
                assert data["final"] and data["view"] is None and data["record"] == record.text
                assert len(data["start"]["hands"]) == 2
                assert [e["i"] for e in data["log"]] == list(range(len(data["log"])))
                assert all(e["words"] for e in data["log"])
                # the steps put back together give the table at the end, every hand shown
                position = dict(data["start"]["position"])
                for step in data["steps"]:
                    position.update(step.get("set", {}))
                final = {k: v for k, v in served.table(made["table"]).state.observation(None).to_json().items()
                         if k not in ("legal", "log_length")}
                assert position == final
                assert (await http.get(f"/api/tables/{made['table']}/replay?partie=9")).status_code == 404
            answer = await anne.reply({"type": "rematch"}, ("event", "error"))
            assert answer["type"] == "event" and answer["what"] == "rematch" and answer["asked"] == [0]
            start = await anne.wait(lambda m: m["type"] == "event" and m["what"] == "start")
            assert start["partie"] == 2
            await settle(served, made["table"], [anne])
            assert anne.status == "playing" and served.table(made["table"]).partie == 2
            async with served.http() as http:  # the first partie stays downloadable
                assert (await http.get(f"/api/tables/{made['table']}/record?partie=1")).text == record.text
            await anne.close()

    asyncio.run(main())


def test_reconnection_sends_the_missed_events_in_order_then_a_sync(folder: Path, toy: Any) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "toy", "seats": ["human", "random", "random"], "name": "A",
                                         "seat": 0})
            anne = await Client.open(served, made["table"], made["token"])
            watcher = await Client.open(served, made["table"])
            await settle(served, made["table"], [anne, watcher])
            seen = watcher.last
            await watcher.close()
            for _ in range(4):
                await settle(served, made["table"], [anne])
                if anne.status != "playing":
                    break
                await play_turn(anne)
            await settle(served, made["table"], [anne])
            back = await Client.open(served, made["table"], last_event=seen)
            replayed = [m for m in back.messages if m["type"] == "event"]
            assert [m["event"] for m in replayed] == list(range(seen + 1, anne.last + 1))
            assert all(m["replay"] and "view" not in m for m in replayed)
            assert back.messages[-1]["type"] == "sync" and back.messages[-1]["event"] == anne.last
            for m in replayed:  # a spectator's replay is what a spectator was shown live (anne's seat sees more)
                if m["what"] == "action" and m["seat"] != 0:
                    assert m["action"]["code"] == served.table(made["table"]).events[m["event"] - 1].action_for(
                        None, "en")["code"]
            # the player's own reconnection: same, as its seat sees them
            await anne.close()
            again = await Client.open(served, made["table"], made["token"], last_event=seen)
            mine = [m for m in again.messages if m["type"] == "event"]
            assert [m["event"] for m in mine] == list(range(seen + 1, served.table(made["table"]).last_event + 1))
            assert again.seat == 0
            await again.close()
            await back.close()

    asyncio.run(main())


def test_bad_input_gets_a_clear_error_and_changes_nothing(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human", "human", "random", "random"],
                                         "name": "Anne", "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            bob = await Client.open(served, tid)
            await bob.reply({"type": "sit", "seat": 1, "name": "Bob"}, ("seated",))
            await settle(served, tid, [anne, bob])
            mover, other = (anne, bob) if anne.to_move == 0 else (bob, anne)
            assert mover.to_move == mover.seat
            before = snapshot(served, tid)
            cases: list[tuple[Any, str]] = [
                ("{not json", "bad_json"), ("[1, 2]", "bad_message"), ('"hello"', "bad_message"),
                ({"type": "dance"}, "bad_message"), ({"type": "act", "action": "KH"}, "bad_message"),
                ({"type": "act", "action": 7, "event": mover.last}, "bad_message"),
                ({"type": "act", "action": "KH", "event": "12"}, "bad_message"),
                ({"type": "act", "action": "KH", "event": True}, "bad_message"),
                ({"type": "sit", "seat": "2", "name": "x"}, "bad_message"),
                ({"type": "sit", "seat": 9, "name": "x"}, "already_seated"),
                ({"type": "ping", "extra": 1}, "bad_message"), ({"type": "act", "action": "", "event": 1}, "bad_message"),
                ({"type": "act", "action": "x" * 5000, "event": 1}, "too_large"),
                ({"type": "hello", "lang": "en", "token": None, "last_event": None}, "bad_message"),
                ({"type": "act", "action": "zzz", "event": mover.last}, "invalid"),
                ({"type": "act", "action": mover.choices("move")[0]["code"], "event": mover.last - 1}, "stale"),
                ({"type": "replace", "seat": 2, "bot": "random"}, "not_host" if mover is bob else "bad_bot"),
                ('{"type": "ping", "n": NaN}', "bad_json"), ("[" * 3000 + "]" * 3000, "too_large"),
                ("[" * 2000 + "]" * 2000, "bad_json"),
            ]
            if mover is anne:
                cases[16] = ({"type": "replace", "seat": 2, "bot": "oracle"}, "bad_bot")
            for data, code in cases:
                error = await mover.reply(data, ("error",))
                assert error["code"] == code, (data, error)
                assert error["message"] and error["event"] == before[0]
                assert snapshot(served, tid) == before, data
            # an action for another seat: the mover's own card, sent by the other seat
            code = mover.choices("move")[0]["code"]
            error = await other.reply({"type": "act", "action": code, "event": other.last}, ("error",))
            assert error["code"] in ("illegal", "invalid") and snapshot(served, tid) == before
            assert not any(m["type"] == "error" for m in mover.drain())  # errors go to their sender only
            # a visitor (no seat) cannot act; a forged token gives no seat
            visitor = await Client.open(served, tid, token="forged-token-forged-token")
            assert visitor.seat is None and any(m.get("code") == "bad_token" for m in visitor.messages)
            error = await visitor.reply({"type": "act", "action": code, "event": visitor.last}, ("error",))
            assert error["code"] == "not_seated" and snapshot(served, tid) == before
            for data, code_expected in (({"type": "sit", "seat": 9, "name": "V"}, "no_seat"),
                                        ({"type": "sit", "seat": 2, "name": "V"}, "seat_taken"),
                                        ({"type": "sit", "seat": 0, "name": " "}, "bad_name"),
                                        ({"type": "leave"}, "not_seated"), ({"type": "hint"}, "not_seated")):
                error = await visitor.reply(data, ("error",))
                assert error["code"] == code_expected, (data, error)
                assert snapshot(served, tid) == before
            error = await anne.reply({"type": "replace", "seat": 9, "bot": "random"}, ("error",))
            assert error["code"] == "no_seat" and snapshot(served, tid) == before
            # a message before hello
            early = await Client.open(served, tid, hello=False)
            error = await early.reply({"type": "ping"}, ("error",))
            assert error["code"] == "no_hello"
            # binary frames are read as text
            await mover.send(json.dumps({"type": "ping", "ref": 5}).encode())
            assert (await mover.wait(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"
            # the same action, now with the right event number, is played
            event = await play_turn(mover)
            assert event["type"] == "event" and snapshot(served, tid)[0] > before[0]
            for c in (anne, bob, visitor, early):
                await c.close()

    asyncio.run(main())


def test_unknown_table_origin_check_and_frame_limit(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, allowed_origins=("https://friends.example",))) as served:
            ws = await websockets.connect(f"{served.ws}/ws/nosuchtable")
            message = json.loads(await ws.recv())
            assert message["code"] == "no_table"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3})
            with pytest.raises(websockets.InvalidStatus):
                await websockets.connect(f"{served.ws}/ws/{made['table']}", additional_headers={"Origin": "http://evil.example"})
            host = served.base.removeprefix("http://")
            for origin in (f"http://{host}", "https://friends.example"):
                client = await Client.open(served, made["table"], origin=origin)
                assert client.messages[-1]["type"] == "sync"
                await client.close()
            client = await Client.open(served, made["table"])
            await client.send("x" * (served.settings.max_frame + 10))
            await asyncio.wait_for(client.closed.wait(), 10)
            assert client.ws.close_code == 1009

    asyncio.run(main())


def test_rate_limit(folder: Path) -> None:
    async def main() -> None:
        settings = quick_settings(folder, rate=5.0, burst=5, heavy_rate=0.01, heavy_burst=2, downloads_per_minute=3)
        async with running(settings) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "seat": 0})
            client = await Client.open(served, made["table"])
            for n in range(30):
                await client.send({"type": "ping", "ref": n})
            answers = [await client.wait(lambda m: m["type"] in ("pong", "error")) for _ in range(30)]
            limited = [a for a in answers if a.get("code") == "rate_limited"]
            assert limited and len(limited) < 30 and answers[0]["type"] == "pong"
            await client.close()
            client = await Client.open(served, made["table"])  # records and hints: a stricter limit
            kinds = []
            for n in range(4):
                await client.send({"type": "record", "ref": n})
                kinds.append((await client.wait(lambda m: m["type"] in ("record", "error")))["type"])
            assert kinds == ["record", "record", "error", "error"]
            await client.close()
            async with served.http() as http:
                codes = [(await http.get(f"/api/tables/{made['table']}/record")).status_code for _ in range(4)]
                assert codes == [200, 200, 200, 429]

    asyncio.run(main())


def test_simultaneous_sits_and_actions_one_wins(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human", "human", "random", "random"],
                                         "name": "Anne", "seat": 0})
            tid = made["table"]
            guests = [await Client.open(served, tid) for _ in range(6)]
            await asyncio.gather(*(g.send({"type": "sit", "seat": 1, "name": f"G{n}"}) for n, g in enumerate(guests)))
            answers = [await g.wait(lambda m: m["type"] in ("seated", "error")) for g in guests]
            assert sorted(a["type"] for a in answers) == ["error"] * 5 + ["seated"]
            assert {a["code"] for a in answers if a["type"] == "error"} == {"seat_taken"}
            winner = guests[[a["type"] for a in answers].index("seated")]
            anne = await Client.open(served, tid, made["token"])
            twin = await Client.open(served, tid, made["token"])  # the same seat in two tabs
            await settle(served, tid, [anne, twin, winner])
            for _ in range(40):
                await settle(served, tid, [anne, twin, winner])
                if anne.status != "playing":
                    break
                pair = (anne, twin) if anne.to_move == 0 else (winner, winner)
                if pair[0] is winner:
                    await play_turn(winner)
                    continue
                before = snapshot(served, tid)
                code = anne.choices("move")[0]["code"]
                await asyncio.gather(anne.send({"type": "act", "action": code, "event": anne.last}),
                                     twin.send({"type": "act", "action": code, "event": twin.last}))
                await settle(served, tid, [anne, twin, winner])
                errors: list[dict[str, Any]] = []
                for _ in range(500):
                    errors += [m for m in anne.drain() + twin.drain() if m["type"] == "error"]
                    if errors:
                        break
                    await asyncio.sleep(0.01)
                assert len(errors) == 1 and errors[0]["code"] in ("stale", "illegal"), errors
                assert served.table(tid).state.history[before[1]][0] == 0
                mine = [e for e in served.table(tid).events[before[0]:] if e.what == "action" and e.payload["seat"] == 0]
                assert len(mine) == 1
            for c in [*guests, anne, twin]:
                await c.close()

    asyncio.run(main())


def test_host_replaces_a_seat_and_leaving_follows_the_games_rule(folder: Path, toy: Any) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "toy", "preset": "pairs", "seats": ["human", "human"] + ["random"] * 2,
                                         "name": "Anne", "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            bob = await Client.open(served, tid)
            seated = await bob.reply({"type": "sit", "seat": 1, "name": "Bob"}, ("seated",))
            await settle(served, tid, [anne, bob])
            error = await bob.reply({"type": "replace", "seat": 0, "bot": "random"}, ("error",))
            assert error["code"] == "not_host"
            await anne.send({"type": "replace", "seat": 1, "bot": "random"})
            event = await bob.wait(lambda m: m["type"] == "event" and m["what"] == "replace")
            assert event["seat"] == 1 and event["bot"] == "random"
            # Bob is another viewer now: the burst's view brings the log again, as a spectator sees it
            shown = event if "view" in event else await bob.wait(lambda m: m["type"] == "event" and "view" in m)
            assert shown["view"]["log_from"] == 0 and shown["view"]["position"]["hand"] is None
            fresh = await bob.wait(lambda m: m["type"] == "sync")  # Bob's seat changed hands: a fresh sync
            assert fresh["you"]["seat"] is None and fresh["event"] >= event["event"]
            assert fresh["view"]["legal"] == [] and fresh["view"]["position"]["hand"] is None
            assert fresh["view"]["log_from"] == fresh["view"]["position"]["log_length"] and fresh["view"]["log"] == []
            spectators = served.table(tid).state.observation(None).log.to_json()
            assert [{k: v for k, v in e.items() if k not in ("words", "said")} for e in bob.log] == spectators[:len(bob.log)]
            await settle(served, tid, [anne, bob])
            assert served.table(tid).seats[1].kind == "bot"
            error = await bob.reply({"type": "act", "action": "abandon", "event": bob.last}, ("error",))
            assert error["code"] == "not_seated"
            back = await Client.open(served, tid, seated["token"])  # the old token no longer sits
            assert back.seat is None
            # Anne leaves for good: the game's rule, her side abandons and loses
            await anne.send({"type": "leave"})
            end = await anne.wait(lambda m: m["type"] == "event" and m["what"] == "end")
            sides = served.table(tid).game.sides
            assert end["outcome"]["reason"] == "abandon" and sides.of(0) not in end["outcome"]["winners"]
            gone = await anne.wait(lambda m: m["type"] == "sync")   # her seat opened at the partie's end
            assert gone["you"]["seat"] is None and gone["seats"][0]["kind"] == "open"
            await settle(served, tid, [anne, bob, back])
            assert served.table(tid).seats[0].kind == "open"
            for c in (anne, bob, back):
                await c.close()
            # a finished table nobody uses leaves memory, and comes back from the database when asked for
            async with served.http() as http:
                kept = (await http.get(f"/api/tables/{tid}/record")).text
                for _ in range(100):
                    if await served.hub.sweep(0) or tid not in served.hub.actors:
                        break
                    await asyncio.sleep(0.02)
                assert tid not in served.hub.actors
                assert (await http.get(f"/api/tables/{tid}/record")).text == kept
                assert served.table(tid).status == "finished"

    asyncio.run(main())


def test_leaving_a_game_without_abandon_gives_the_seat_to_a_bot(folder: Path, toy: Any) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "toy", "options": {"seats": "2"}, "seats": ["human", "random"],
                                         "name": "A", "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            await settle(served, tid, [anne])
            table = served.table(tid)
            from atout.server.table import abandon_action

            assert abandon_action(table.state, 0) is not None  # the toy has an abandon: it is used
            await anne.send({"type": "leave"})
            end = await anne.wait(lambda m: m["type"] == "event" and m["what"] == "end")
            assert end["outcome"]["reason"] == "abandon" and end["outcome"]["winners"] == [1]
            await anne.close()

    asyncio.run(main())


def test_absence_grace_stand_in_and_return(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human", "human", "random", "random"],
                                         "name": "Anne", "seat": 0, "grace": 30})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            bob = await Client.open(served, tid)
            await bob.reply({"type": "sit", "seat": 1, "name": "Bob"}, ("seated",))
            await settle(served, tid, [anne, bob])
            await anne.close()
            presence = await bob.wait(lambda m: m["type"] == "presence" and not m["seats"][0]["connected"])
            left = presence["seats"][0]["grace_left"]
            assert left is not None and 0 < left <= 30
            sync = await bob.reply({"type": "lang", "lang": "fr"}, ("sync",))
            assert 0 < sync["seats"][0]["grace_left"] <= 30  # the countdown is in the sync too
            actor = served.hub.actors[tid]
            assert 0 in actor._grace  # the grace timer runs; the test does not wait 30 s for it
            actor.post(lambda: actor._grace_over(0))
            event = await bob.wait(lambda m: m["type"] == "event" and m["what"] == "standin")
            assert event["seat"] == 0 and event["on"] is True
            for _ in range(60):  # the stand-in plays seat 0's turns, marked
                await settle(served, tid, [bob])
                if bob.status != "playing":
                    break
                if any(m["type"] == "event" and m["what"] == "action" and m.get("auto") == "standin"
                       for m in bob.messages):
                    break
                if bob.to_move == 1:
                    await play_turn(bob)
            assert any(m.get("auto") == "standin" for m in bob.messages if m["type"] == "event")
            anne = await Client.open(served, tid, made["token"], last_event=bob.last)
            await bob.wait(lambda m: m["type"] == "event" and m["what"] == "standin" and m["on"] is False)
            assert served.table(tid).seats[0].standin is False and anne.seat == 0
            await anne.close()
            await bob.close()

    asyncio.run(main())


def test_turn_timer_makes_one_decision(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3,
                                         "name": "Anne", "seat": 0, "turn_timer": 20})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            await settle(served, tid, [anne])
            assert anne.to_move == 0
            timer = [m for m in anne.messages if m["type"] == "timer"] or [anne.messages[-1]["timer"]]
            assert timer[-1]["seat"] == 0 and 0 < timer[-1]["seconds_left"] <= 20
            actor = served.hub.actors[tid]
            assert actor._turn is not None
            seat, armed = actor._turn[0], actor._turn[1]
            actor.post(lambda: actor._timer_out(seat, armed))
            event = await anne.wait(lambda m: m["type"] == "event" and m["what"] == "action" and m["seat"] == 0)
            assert event["auto"] == "timer" and event["action"]["kind"] == "move"
            actor.post(lambda: actor._timer_out(seat, armed))  # a timer of a past turn does nothing
            await asyncio.sleep(0.1)
            await anne.close()

    asyncio.run(main())


def test_hints_last_trick_record_and_languages(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["heuristic"] * 3,
                                         "name": "Anne", "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"], lang="fr")
            await settle(served, tid, [anne])
            assert anne.to_move == 0
            hint = await anne.reply({"type": "hint", "ref": 3}, ("hint", "error"))
            assert hint["type"] == "hint" and hint["ref"] == 3 and anne.view is not None
            assert hint["action"]["code"] in [a["code"] for a in anne.view["legal"]]
            for _ in range(40):   # to a card to play (Anne may have a cut to make first)
                if any(a["code"][:1].isdigit() or a["code"][:1] in "JQKA" for a in anne.choices("move")):
                    break
                await play_turn(anne)
                await settle(served, tid, [anne])
            french = {a["code"]: a["text"] for a in anne.view["legal"]}
            assert any(c != t for c, t in french.items()), french
            error = await anne.reply({"type": "act", "action": "ZZ", "event": anne.last}, ("error",))
            assert error["code"] == "invalid" and error["message"] != "" and "ZZ" in error["message"]
            record = await anne.reply({"type": "record"}, ("record",))
            assert record["final"] is False and '[View "0"]' in record["text"]
            trick = await anne.reply({"type": "last_trick"}, ("last_trick",))
            assert "trick" in trick
            async with served.http() as http:
                viewed = await http.get(f"/api/tables/{tid}/record", headers={"Authorization": f"Bearer {made['token']}"})
                assert viewed.status_code == 200 and '[View "0"]' in viewed.text
                public = await http.get(f"/api/tables/{tid}/record")
                assert public.status_code == 200 and '[View "-"]' in public.text or "[View" in public.text
                forged = await http.get(f"/api/tables/{tid}/record", headers={"Authorization": "Bearer nope"})
                assert forged.status_code == 403
                assert (await http.get(f"/api/tables/{tid}/replay")).status_code == 403  # not over
            sync = await anne.reply({"type": "lang", "lang": "en"}, ("sync",))
            english = {a["code"]: a["text"] for a in sync["view"]["legal"]}
            assert all(c == t for c, t in english.items())
            await anne.close()
            # a table without hints nor spectators
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "name": "B",
                                         "seat": 0, "hints": False, "spectators": False})
            ben = await Client.open(served, made["table"], made["token"])
            await settle(served, made["table"], [ben])
            error = await ben.reply({"type": "hint"}, ("error",))
            assert error["code"] == "hints_off"
            visitor = await Client.open(served, made["table"])
            assert visitor.messages[-1]["view"] is None
            error = await visitor.reply({"type": "record"}, ("error",))
            assert error["code"] == "spectators_off"
            async with served.http() as http:
                assert (await http.get(f"/api/tables/{made['table']}/record")).status_code == 403
            await ben.close()
            await visitor.close()

    asyncio.run(main())


def test_http_routes_and_refusals(folder: Path, toy: Any) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, max_tables_per_minute=3)) as served, served.http() as http:
                games = (await http.get("/api/games?lang=fr")).json()["games"]
                names = [g["name"] for g in games]
                assert "sizette" in names and "toy" in names
                toy_entry = games[names.index("toy")]
                assert toy_entry["bots"][0] == "random" and {p["name"] for p in toy_entry["presets"]} == {"pairs", "long"}
                for entry in games:   # the lobby lists and explains the bots in this order: weakest first
                    if entry["name"] != "toy":
                        assert entry["bots"] == ["random", "heuristic", "search"], entry["name"]
                assert (await http.get("/")).status_code == 200 and (await http.get("/t/abc")).status_code == 200
                assert (await http.get("/static/index.html")).status_code == 200
                bad = [({"game": "chess"}, 400, "bad_game"), ({"game": "toy", "options": {"target": "0"}}, 400, "option"),
                       ({"game": "toy", "preset": "nope"}, 400, "option"),
                       ({"game": "toy", "seats": ["human", "oracle", "random"]}, 400, "bad_bot"),
                       ({"game": "toy", "seats": ["human"]}, 400, "bad_message"),
                       ({"game": "toy", "seat": 5}, 400, "no_seat"), ({"game": "toy", "name": "\x00"}, 400, "bad_name"),
                       ({"game": "toy", "seats": ["random", "human", "human"], "seat": 0}, 400, "seat_not_human"),
                       ({"game": "toy", "turn_timer": 3}, 400, "bad_message"), ({"game": "toy", "x": 1}, 400, "bad_message"),
                       ([1, 2], 400, "bad_message")]
                for body, status, code in bad:
                    r = await http.post("/api/tables", json=body)
                    assert (r.status_code, r.json()["error"]) == (status, code), body
                    assert r.json()["message"]
                setup = (await http.post("/api/games/toy/setup", json={"options": {"seats": "4"}})).json()
                assert setup["seats"] == 4 and setup["options"] == {"seats": 4} and len(setup["sides"]) >= 2
                assert (await http.post("/api/games/toy/setup", json={"preset": "pairs"})).json()["seats"] == 4
                bad_setup = await http.post("/api/games/toy/setup", json={"options": {"seats": "99"}})
                assert bad_setup.status_code == 400 and bad_setup.json()["error"] == "option"
                r = await http.post("/api/tables", content=b"{" + b" " * 20000 + b"}")
                assert r.status_code == 413
                assert (await http.get("/api/tables/nosuch")).status_code == 404
                made = [await http.post("/api/tables", json={"game": "toy"}) for _ in range(4)]
                assert [r.status_code for r in made] == [201, 201, 201, 429]
                token = made[0].json()["token"]
                assert token not in made[0].json()["url"]

    asyncio.run(main())


def test_a_failing_command_changes_nothing_and_a_failing_database_stops_the_table(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "name": "A",
                                         "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            await settle(served, tid, [anne])
            table = served.table(tid)
            before = snapshot(served, tid)

            def broken_hint(seat: int) -> Any:
                raise ZeroDivisionError("a bot's bug")

            table.hint = broken_hint
            error = await anne.reply({"type": "hint"}, ("error",))
            assert error["code"] == "internal" and snapshot(served, tid) == before
            assert (await anne.reply({"type": "ping"}, ("pong",)))["type"] == "pong"  # the table goes on
            store = served.hub.store
            assert store is not None
            real = store.append

            def failing(*args: Any) -> None:
                raise OSError("disk full")

            store.append = failing  # type: ignore[method-assign,assignment]
            await anne.send({"type": "act", "action": anne.choices("move")[0]["code"], "event": anne.last})
            error = await anne.wait(lambda m: m["type"] == "error")
            assert error["code"] == "storage"
            await asyncio.wait_for(anne.closed.wait(), 10)
            assert tid not in served.hub.actors  # the table left memory: it is ahead of its log
            store.append = real  # type: ignore[method-assign]
            back = await Client.open(served, tid, made["token"])  # reloaded from the log, as it was saved
            assert served.table(tid).last_event == before[0] and back.last == before[0]
            await back.close()

    asyncio.run(main())


def plain(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Log entries without their words (the engine's JSON of them)."""
    return [{k: v for k, v in e.items() if k not in ("words", "said")} for e in entries]


def test_views_carry_the_log_as_deltas_in_the_connections_language(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "mort", "options": {"rubbers": "1"},
                                         "seats": ["human", "random", "random"], "name": "Anne", "seat": 0})
            tid = made["table"]
            table = served.table(tid)
            anne = await Client.open(served, tid, made["token"], lang="fr")
            watcher = await Client.open(served, tid)
            await settle(served, tid, [anne, watcher])
            # play until a hand has been scored and the next one is under way
            for _ in range(400):
                position = anne.position
                assert position is not None
                if any(e["type"] == "scored" for e in anne.log) and position["hand_log_start"] > 0 and position["trick"]:
                    break
                assert anne.status == "playing" and anne.to_move == 0
                await play_turn(anne, ("move", "claim"))
                await settle(served, tid, [anne, watcher])
            state = table.state
            for client, viewer in ((anne, 0), (watcher, None)):   # the deltas add up to the engine's log
                assert plain(client.log) == state.observation(viewer).log.to_json()
            # each entry has its words in the connection's language: the game's phrase book, the seats named
            items = list(state.observation(0).log)
            names = table.seat_names("fr")
            for entry, item in zip(anne.log, items, strict=True):
                assert entry["words"] == table.game.entry_words(item, "fr", names)
            tricks = [e["words"] for e in anne.log if e["type"] == "trick"]
            assert tricks and all(" remporte la levée " in w for w in tricks)
            scored = [e for e in anne.log if e["type"] == "scored"]
            assert scored[0]["words"].startswith("Feuille de marque") and "result" in scored[0]
            cards = [e for e in anne.log if e["type"] == "card"]
            assert cards and all(e["words"].split(" joue ")[1].startswith(("le ", "la ", "l'")) for e in cards)
            assert all(" plays the " in e["words"] for e in watcher.log if e["type"] == "card")
            # every burst's view carried only the entries the connection lacked: none twice, none skipped
            views = [m["view"] for m in anne.messages if m["type"] in ("event", "sync") and m.get("view")]
            held = 0
            for view in views:
                assert view["log_from"] == held, (view["log_from"], held)
                held += len(view["log"])
            assert held == len(anne.log) == state.log_length()
            # the same language again: the sync goes on from where the connection stands
            sync = await anne.reply({"type": "lang", "lang": "fr"}, ("sync",))
            assert sync["view"]["log_from"] == len(anne.log) and sync["view"]["log"] == []
            # another language: the whole log again, in it
            sync = await anne.reply({"type": "lang", "lang": "en"}, ("sync",))
            assert sync["view"]["log_from"] == 0 and len(sync["view"]["log"]) == state.log_length()
            assert all(" plays the " in e["words"] for e in sync["view"]["log"] if e["type"] == "card")
            # a reconnection that says what it holds gets only what it lacks
            held_log = anne.log[:-3]
            back = await Client.open(served, tid, made["token"], last_event=anne.last, holding=(anne.partie, held_log),
                                     log_seat=0)
            sync = back.messages[-1]
            assert sync["view"]["log_from"] == len(held_log) and len(sync["view"]["log"]) == 3
            assert plain(back.log) == state.observation(0).log.to_json()
            # the entries held were a spectator's (or another seat's): the whole log, as this seat sees it
            other = await Client.open(served, tid, made["token"], holding=(watcher.partie, watcher.log), log_seat=-1)
            assert other.messages[-1]["view"]["log_from"] == 0 and plain(other.log) == state.observation(0).log.to_json()
            await other.close()
            # another partie, a number past the log, a number that is no number: from 0
            for hello in ({"log": 5, "partie": 2}, {"log": 10**6, "partie": 1}, {"log": "12", "partie": 1},
                          {"log": -1, "partie": 1}, {"log": True, "partie": 1}):
                other = await Client.open(served, tid, hello=False)
                await other.send({"type": "hello", "lang": "en", "token": None, "last_event": None, **hello})
                sync = await other.wait(lambda m: m["type"] in ("sync", "error"))
                assert sync["type"] == "sync" and sync["view"]["log_from"] == 0, (hello, sync)
                assert len(sync["view"]["log"]) == state.log_length()
                await other.close()
            for c in (anne, watcher, back):
                await c.close()

    asyncio.run(main())


def test_bytes_per_action_do_not_grow_with_the_partie(folder: Path) -> None:
    """A mort partie played to its end by a person and bots: the bytes a connection receives per
    action, and the server's own figures, are no larger in the last hand than in the first."""

    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "mort", "options": {"rubbers": "1"},
                                         "seats": ["human", "random", "random"], "name": "Anne", "seat": 0})
            tid = made["table"]
            anne = await Client.open(served, tid, made["token"])
            hands: list[list[int]] = []   # per hand: bytes received, actions
            start = -1
            done = 0
            for _ in range(5000):
                await settle(served, tid, [anne])
                for raw, m in zip(anne.raw[done:], anne.messages[done:], strict=True):
                    view = m.get("view")
                    if view and view["position"]["hand_log_start"] != start:
                        start = view["position"]["hand_log_start"]
                        hands.append([0, 0])
                    if hands:
                        hands[-1][0] += len(raw.encode())
                        hands[-1][1] += m.get("what") == "action"
                done = len(anne.messages)
                if anne.status != "playing":
                    break
                await play_turn(anne, ("move", "claim"))
            assert anne.status == "finished" and len(hands) >= 3, hands
            first, last = hands[0][0] / hands[0][1], hands[-2][0] / hands[-2][1]   # the last whole hand
            print(f"\nbytes per action: first hand {first:.0f}, last hand {last:.0f} ({len(hands)} hands)")
            assert last <= first * 1.25, (first, last, hands)
            figures = served.hub.meter.json()
            assert figures["first"]["hands"] == 1 and figures["last"]["hands"] == 1
            # the meter's last hand is the partie's final one: it carries the end of the partie (the
            # outcome, the settlement) and may be short (honours shown or called at eight), so a fixed
            # cost weighs more per action there; growth with the partie would be many times this
            assert figures["last"]["bytes_per_action"] <= figures["first"]["bytes_per_action"] * 1.6, figures
            await anne.close()

    asyncio.run(main())

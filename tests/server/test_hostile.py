"""One client cannot stall or confuse the server: text that cannot be written back (a lone
surrogate) is refused and the socket lives on; a refusal for the rate copies the message's ``ref``;
one address holds a bounded number of WebSockets; ``X-Forwarded-For`` is believed only from a
trusted proxy; a socket that cannot be written to is closed, so the seat gets its stand-in."""

from __future__ import annotations

import asyncio
from pathlib import Path

import websockets

from atout.server.actor import Connection
from tests.server.harness import TIMEOUT, Client, create, quick_settings, running

LONE = '"\\ud800"'   # JSON for a lone surrogate: valid JSON, not writable as UTF-8


def test_a_lone_surrogate_is_refused_and_the_socket_lives_on(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "seat": 0})
            client = await Client.open(served, made["table"], made["token"])
            for text in ('{"type":"ping","ref":' + LONE + '}', '{"type":"sit","seat":1,"name":' + LONE + '}',
                         '{"type":"act","action":' + LONE + ',"event":1}'):
                await client.send(text)
                error = await client.wait(lambda m: m["type"] == "error")
                assert error["code"] == "bad_message" and error["ref"] is None, error
                assert "surrogate" in error["message"]
            await client.send({"type": "ping", "ref": "still here"})
            pong = await client.wait(lambda m: m["type"] == "pong")
            assert pong["ref"] == "still here"
            await client.close()

    asyncio.run(main())


def test_a_refusal_for_the_rate_copies_the_ref(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, rate=1.0, burst=2)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "seat": 0})
            client = await Client.open(served, made["table"], made["token"])
            for n in range(6):
                await client.send({"type": "ping", "ref": f"r{n}"})
            answers = [await client.wait(lambda m: m["type"] in ("pong", "error")) for _ in range(6)]
            limited = [a for a in answers if a.get("code") == "rate_limited"]
            assert limited, answers
            assert sorted(a["ref"] for a in answers) == [f"r{n}" for n in range(6)]
            await client.close()

    asyncio.run(main())


def test_one_address_holds_a_bounded_number_of_sockets(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder, sockets_per_address=3)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "seat": 0})
            clients = [await Client.open(served, made["table"]) for _ in range(3)]
            async with websockets.connect(f"{served.ws}/ws/{made['table']}", open_timeout=TIMEOUT) as extra:
                refusal = await asyncio.wait_for(extra.recv(), TIMEOUT)
                assert '"too_many_sockets"' in str(refusal)
                try:
                    await asyncio.wait_for(extra.recv(), TIMEOUT)
                    raise AssertionError("the socket over the cap stayed open")
                except websockets.ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 1008
            await clients.pop().close()
            for _ in range(200):   # the server counts the closed socket out once its handler ends
                if sum(served.hub.sockets.open.values()) == 2:
                    break
                await asyncio.sleep(0.02)
            clients.append(await Client.open(served, made["table"]))   # room again
            await clients[-1].send({"type": "ping", "ref": 1})
            assert (await clients[-1].wait(lambda m: m["type"] == "pong"))["ref"] == 1
            for client in clients:
                await client.close()

    asyncio.run(main())


def test_forwarded_for_is_believed_only_from_a_trusted_proxy(folder: Path) -> None:
    body = {"game": "whist", "seats": ["human"] + ["random"] * 3}

    async def created(served: object, forwarded: list[str]) -> list[int]:
        async with served.http() as http:  # type: ignore[attr-defined]
            return [(await http.post("/api/tables", json=body, headers={"X-Forwarded-For": f})).status_code
                    for f in forwarded]

    async def main() -> None:
        async with running(quick_settings(folder / "a", max_tables_per_minute=2)) as served:
            # no trusted proxy: a client that writes another address each time is still one address
            assert await created(served, ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) == [201, 201, 429]
        async with running(quick_settings(folder / "b", max_tables_per_minute=2,
                                          trusted_proxies=("127.0.0.0/8",))) as served:
            # behind a trusted proxy: each client is its own address, and the left-most entries
            # (what the client wrote itself) are never believed
            codes = await created(served, ["203.0.113.1", "203.0.113.2", "203.0.113.1", "9.9.9.9, 203.0.113.1"])
            assert codes == [201, 201, 201, 429]

    asyncio.run(main())


def test_a_socket_that_cannot_be_written_to_is_closed() -> None:
    async def main() -> None:
        closed: list[int] = []

        async def send(text: str) -> None:
            raise UnicodeEncodeError("utf-8", text, 0, 1, "surrogates not allowed")

        async def close(code: int) -> None:
            closed.append(code)

        conn = Connection(send, close)
        pump = asyncio.create_task(conn.pump())
        conn.send({"type": "pong", "ref": 1})
        await asyncio.wait_for(pump, TIMEOUT)   # the pump ends instead of dying unseen
        assert conn.closed and closed == [1011]
        conn.send({"type": "pong", "ref": 2})    # nothing queued for a closed connection
        assert conn.outbox.empty()

    asyncio.run(main())

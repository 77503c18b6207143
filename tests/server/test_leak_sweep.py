"""The leak sweep: seeded parties of every registered game (and the toy) with a scripted client in
every seat and spectators, each message any of them receives scanned for a card its audience may
not know — first syncs, resyncs after reconnections (with and without the log the client holds),
live events, the views' positions and every log entry they carry, errors, hints, the last trick,
the end of the partie, and records and replays downloaded before the end (over the socket and
over HTTP).

What a viewer may know at event ``e`` (the table after ``t`` actions) is read from the engine,
positively, as the conformance kit does: every card code the spectator's observation shows since
the current deal began, and the cards the viewer's own observation has shown it (its hands,
``known_cards``) since then. A log entry is scanned against what its viewer could know when the
entry was made (the ``t`` of its number), a replay's step against the ``t`` after its action.
``legal`` lists are left out of the text scan, as in the kit (a question may name any card; the
kit's poisoning covers them), and so is the text a client sent itself when an error repeats it.
At the end, each client's log, put together from the deltas it received, is its viewer's log in
the engine.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.game import CHANCE
from atout.games import find_game, game_names
from tests.conformance.kit import card_codes, shown_along
from tests.server.harness import Client, Served, create, quick_settings, running, settle, skip_unported

TABLES = 2          # seeded tables per game
MAX_ACTIONS = 200   # actions a table plays at most (most parties end before)


def quick_options(game: str) -> dict[str, object]:
    """The lowest target among the game's options, so that parties end within the sweep."""
    out: dict[str, object] = {}
    for spec in find_game(game).option_specs:
        if "target" in spec.name and isinstance(spec.default, int) and not isinstance(spec.default, bool) \
                and spec.bounds:
            out[spec.name] = spec.bounds[0]
    return out


class Scan:
    """Texts a viewer received, each with the event it was sent at (or, ``step``, the number of
    actions after which it was true; ``-1 - i`` for log entry ``i``), scanned once the partie is known."""

    def __init__(self) -> None:
        # viewer, event, text, excused, what, step
        self.items: list[tuple[int | None, int, str, set[str], str, int | None]] = []

    def add(self, viewer: int | None, event: int, text: str, excused: set[str], what: str,
            step: int | None = None) -> None:
        self.items.append((viewer, event, text, excused, what, step))

    def entries(self, viewer: int | None, event: int, entries: list[dict[str, Any]], what: str) -> None:
        """Log entries: each scanned against what its viewer knew when it was made."""
        for entry in entries:
            self.add(viewer, event, json.dumps(entry), set(), what, -1 - entry["i"])


def strip(message: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The message without what the text scan leaves out (``legal``, a seat's token), and apart
    from it the log entries its view carries (each scanned at its own time)."""
    out = dict(message)
    out.pop("token", None)
    entries: list[dict[str, Any]] = []
    if isinstance(out.get("view"), dict):
        view = {k: v for k, v in out["view"].items() if k not in ("legal", "log")}
        view["position"] = {k: v for k, v in view["position"].items() if k != "legal"}
        entries = out["view"]["log"]
        out["view"] = view
    if out.get("type") == "hint" and out["action"]["kind"] != "move":
        out.pop("action")
    return out, entries


def collect(client: Client, viewer: int | None, scan: Scan, sent: dict[Any, str]) -> None:
    last = 0
    for message in client.messages:
        if message["type"] in ("event", "sync", "error"):
            event = message["event"]
        else:
            event = last
        last = max(last, event) if message["type"] != "error" else last
        excused = card_codes(sent.get(message.get("ref"), "")) if message["type"] == "error" else set()
        rest, entries = strip(message)
        scan.add(viewer, event, json.dumps(rest), excused, message["type"])
        scan.entries(viewer, event, entries, message["type"])


def collect_replay(viewer: int, event: int, data: dict[str, Any], scan: Scan) -> None:
    """A replay of the partie in progress, downloaded by a seat: its record as a download, its log
    entries each at its time, its start and each step at the number of actions after it."""
    scan.add(viewer, event, data["record"], set(), "download")
    scan.entries(viewer, event, data["log"], "replay")
    scan.add(viewer, event, json.dumps(data["start"]), set(), "replay", 0)
    for t, step in enumerate(data["steps"], start=1):
        scan.add(viewer, event, json.dumps(step), set(), "replay", t)


def knowledge(served: Served, table_id: str) -> tuple[dict[int, int], Any, list[int]]:
    """For each event number, the actions applied by then; a function (viewer, t) -> known codes;
    and for each log entry of the partie, the actions applied when it was made."""
    table = served.table(table_id)
    state = table.state
    history = list(state.history)
    shown, hands = shown_along(state)
    steps: dict[int, int] = {}
    t = 0
    for event in table.events:
        if event.what == "action":
            t += 1
        steps[event.number] = t
    deals = [i for i, (seat, action) in enumerate(history) if seat == CHANCE and hasattr(action, "hands")]
    actions_by_entry = []   # how many actions had been applied when each log entry was made
    count = 0
    for entry in state.observation(None).log:
        count += entry.item.kind is not ActionKind.EVENT
        actions_by_entry.append(count)

    def known(viewer: int | None, t: int, whole: bool = False) -> set[str]:
        """What ``viewer`` may know after ``t`` actions: since the current deal began, or (``whole``,
        for a record of the partie so far) since the partie began."""
        begun = 0 if whole else max([i + 1 for i in deals if i < t], default=0)
        out: set[str] = set()
        for s in range(begun, t + 1):
            out |= set(shown[s])
            if viewer is not None:
                out |= hands[s][viewer]
        return out

    return steps, known, actions_by_entry


def answers(seat: int, message: dict[str, Any]) -> bool:
    """Whether ``message`` answers an action of ``seat``: a refusal, or that seat's action."""
    return message["type"] == "error" or (message["type"] == "event" and message.get("seat") == seat)


async def play_table(served: Served, game: str, seed: int, scan: Scan) -> None:
    rng = random.Random(seed)
    made = await create(served, {"game": game, "options": quick_options(game), "name": "P", "seat": 0})
    tid = made["table"]
    table = served.table(tid)
    n = table.game.num_seats
    seats = [await Client.open(served, tid, made["token"])]
    for seat in range(1, n):
        client = await Client.open(served, tid)
        await client.reply({"type": "sit", "seat": seat, "name": f"P{seat}"}, ("seated",))
        seats.append(client)
    watchers = [await Client.open(served, tid) for _ in range(2)]
    sent: dict[Any, str] = {}
    refs = iter(range(1, 10**9))
    downloads: list[tuple[int | None, int, str]] = []
    replays: list[tuple[int, int, dict[str, Any]]] = []
    gone: list[Client] = []

    async def act(client: Client, code: str) -> None:
        ref = next(refs)
        sent[ref] = code
        await client.send({"type": "act", "action": code, "event": client.last, "ref": ref})

    everyone = [*seats, *watchers]
    for _ in range(MAX_ACTIONS):
        await settle(served, tid, everyone)
        if table.status != "playing":
            break
        mover = table.state.to_move
        assert mover >= 0
        roll = rng.random()
        client = seats[mover]
        if roll < 0.04:  # a reconnection: the missed events, then a sync (with part of the log held, or none)
            index = rng.randrange(len(everyone))
            old = everyone[index]
            seen = max(0, old.last - rng.randint(0, 6))
            await old.close()
            gone.append(old)
            held = old.log[:max(0, len(old.log) - rng.randint(0, 8))] if rng.random() < 0.7 else None
            said = old.view["position"]["seat"] if old.view is not None and rng.random() < 0.5 else None
            everyone[index] = await Client.open(served, tid, old.token, last_event=seen,
                                                holding=None if held is None else (old.partie, held),
                                                log_seat=None if said is None and rng.random() < 0.5 else
                                                -1 if said is None else said)
            if index < n:
                seats[index] = everyone[index]
            else:
                watchers[index - n] = everyone[index]
            continue
        if roll < 0.08:  # something refused: a card code that is not offered, or a stale event
            offered = {a["code"] for a in client.view["legal"]}
            pack = [str(c) for c in table.game.pack]
            code = rng.choice([c for c in pack if c not in offered] or pack)
            await act(client, code)
            await client.wait(lambda m: m["type"] in ("error", "event"))
            continue
        if roll < 0.12:  # the extras: a hint, the last trick, the record so far
            asker = rng.choice(everyone)
            request = rng.choice(["hint", "last_trick", "record"])
            await asker.reply({"type": request}, (request, "error"))
            continue
        if roll < 0.14:  # a record downloaded over HTTP before the end
            holder = rng.choice([*seats, None])
            headers = {"Authorization": f"Bearer {holder.token}"} if holder is not None else {}
            async with served.http() as http:
                r = await http.get(f"/api/tables/{tid}/record", headers=headers)
            assert r.status_code == 200, r.text
            downloads.append((None if holder is None else holder.seat, table.last_event, r.text))
            continue
        if roll < 0.15:  # a seat's replay of the partie so far (its own view)
            holder = rng.choice(seats)
            async with served.http() as http:
                r = await http.get(f"/api/tables/{tid}/replay", headers={"Authorization": f"Bearer {holder.token}"})
            assert r.status_code == 200, r.text
            owner = holder.seat
            assert owner is not None and r.json()["view"] == owner and not r.json()["final"]
            replays.append((owner, table.last_event, r.json()))
            continue
        if roll < 0.2:  # someone not to move speaks, if he may
            speaker = rng.choice(seats)
            talk = [a for a in speaker.choices("talk", "claim") if speaker.seat != mover]
            if talk:
                await act(speaker, rng.choice(talk)["code"])
                await speaker.wait(lambda m: m["type"] in ("error", "event"))
                continue
        moves = client.choices("move") or client.choices("claim")
        extras = client.choices("talk")
        choice = rng.choice(extras) if extras and rng.random() < 0.15 else rng.choice(moves)
        await act(client, choice["code"])
        await client.wait(functools.partial(answers, mover))
    await settle(served, tid, everyone)
    if table.status == "finished":  # the end and the extras after it
        for client in everyone:
            await client.reply({"type": "record"}, ("record", "error"))
    for client in everyone:
        await client.close()
    for client in [*gone, *everyone]:
        viewer = client.seat
        collect(client, viewer, scan, sent)
    for viewer, event, text in downloads:
        scan.add(viewer, event, text, set(), "download")
    for seat, event, data in replays:
        collect_replay(seat, event, data, scan)
    steps, known, entry_steps = knowledge(served, tid)
    finished = table.status == "finished"
    last = table.last_event
    for client in everyone:   # the deltas put together are each viewer's log in the engine
        expected = table.state.observation(client.seat).log.to_json()
        assert [{k: v for k, v in e.items() if k not in ("words", "said")} for e in client.log] == expected
    leaks = []
    for viewer, event, text, excused, what, step in scan.items:
        if finished and what == "record" and event == last:
            continue  # the whole record once the partie is over: everything is public then
        if step is None:
            t = steps.get(event, 0)
        else:
            t = entry_steps[-1 - step] if step < 0 else step
        leak = card_codes(text) - known(viewer, t, whole=what in ("record", "download")) - excused
        if leak:
            leaks.append(f"{game} table {tid} viewer {viewer} at event {event} ({what}): {sorted(leak)}: {text[:400]}")
    scan.items.clear()
    assert not leaks, "\n".join(leaks[:5])


@pytest.mark.parametrize("game", [*game_names(), "toy"])
def test_no_message_shows_a_card_its_audience_may_not_know(folder: Path, game: str,
                                                           request: pytest.FixtureRequest) -> None:
    if game == "toy":
        request.getfixturevalue("toy")
    else:
        skip_unported(game)

    async def main() -> None:
        async with running(quick_settings(folder, seed=sum(map(ord, game)))) as served:
            for seed in range(TABLES):
                await play_table(served, game, seed, Scan())

    asyncio.run(main())


def test_the_sweep_catches_a_leak(folder: Path) -> None:
    """A message that names another seat's card is caught (the scan is not blind)."""

    async def main() -> None:
        async with running(quick_settings(folder)) as served:
            made = await create(served, {"game": "whist", "seats": ["human"] + ["random"] * 3, "name": "P",
                                         "seat": 0})
            anne = await Client.open(served, made["table"], made["token"])
            table = served.table(made["table"])
            for _ in range(20):  # to the deal (the cut comes first)
                await settle(served, made["table"], [anne])
                if table.state.observation(1).hand:
                    break
                await anne.reply({"type": "act", "action": anne.choices("move")[0]["code"], "event": anne.last},
                                 ("event", "error"))
            theirs = {str(c) for c in table.state.observation(1).hand}
            steps, known, _entries = knowledge(served, made["table"])
            # the talk is public, so a card seat 1 spoke of is known to all; the rest only to him
            assert theirs - known(0, steps[table.last_event])
            assert theirs <= known(1, steps[table.last_event])
            assert ActionKind.MOVE.value == "move"
            await anne.close()

    asyncio.run(main())

"""The ASGI application: the page, the JSON routes and the tables' WebSockets (``docs/protocol.md``).

:func:`create_app` builds it from :class:`~atout.server.settings.Settings`; ``atout serve`` runs
it under uvicorn. Each WebSocket belongs to one table: its messages are read and checked here
(size, rate, JSON schema), then run by the table's actor, one at a time.

>>> import pathlib, tempfile
>>> app = create_app(Settings(data_dir=pathlib.Path(tempfile.mkdtemp()), bot_delay=0))
>>> sorted(route.path for route in app.routes if route.path.startswith("/api/tables"))[1:]
['/api/tables/{table_id}', '/api/tables/{table_id}/analysis', '/api/tables/{table_id}/record', '/api/tables/{table_id}/replay']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from atout.bots.registry import lobby_bot, table_bots
from atout.game import JSONObject, parse_int
from atout.games import find_game, game_names, make_game
from atout.server import schema
from atout.server.actor import Connection, TableActor
from atout.server.addresses import client_address
from atout.server.downloads import (
    DownloadKey,
    Partie,
    access,
    build_analysis,
    build_record,
    build_replay,
    gunzip,
    partie_of,
)
from atout.server.hub import Hub, table_config
from atout.server.limits import SlidingWindow, TokenBucket
from atout.server.messages import Refusal
from atout.server.settings import Settings
from atout.server.table import FINISHED

MAX_BODY = 16384
HEAVY = (schema.RecordRequest, schema.Hint)   # per connection, at most Settings.heavy_rate a second
STATUS = {"bad_message": 400, "bad_game": 400, "option": 400, "bad_bot": 400, "bad_name": 400, "no_seat": 400,
          "seat_not_human": 400, "body": 413, "too_many_tables": 429, "no_table": 404, "no_partie": 404,
          "not_over": 403, "analysis_not_over": 403, "no_analysis": 404, "spectators_off": 403, "bad_token": 403, "storage": 503, "rate_limited": 429,
          "busy": 503, "internal": 500}


def static_dir(settings: Settings) -> Path:
    """The folder of the page's files (``src/atout/web/static`` unless the settings name another)."""
    if settings.static_dir is not None:
        return settings.static_dir
    return Path(__file__).resolve().parents[1] / "web" / "static"


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in schema.LANGS else "en"


def refusal_response(refusal: Refusal, lang: str = "en") -> JSONResponse:
    return JSONResponse({"error": refusal.code, "message": refusal.text(lang)}, status_code=STATUS.get(refusal.code, 400))


def bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer …`` header (never from the address)."""
    value = request.headers.get("authorization", "")
    kind, _, token = value.partition(" ")
    return token.strip() or None if kind.lower() == "bearer" else None


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket from ``origin`` may open: no origin (not a browser), the server's own
    address, or one of ``allowed``.

    >>> origin_allowed(None, "h:1", ()), origin_allowed("http://h:1", "h:1", ()), origin_allowed("http://evil", "h:1", ())
    (True, True, False)
    >>> origin_allowed("https://play.example", "127.0.0.1:8765", ("https://play.example",))
    True
    """
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc.lower() == str(host).lower()


def games_json(lang: str) -> list[JSONObject]:
    """Every registered game with its options (typed), presets, bots and view (its fields and
    phases in words, its places: :mod:`atout.view`)."""
    out = []
    for name in game_names():
        cls = find_game(name)
        game = cls()
        options = []
        for spec in cls.option_specs:
            kind = "bool" if isinstance(spec.default, bool) else "int" if isinstance(spec.default, int) else "choice"
            options.append({"name": spec.name, "type": kind, "default": spec.default, "allowed": spec.allowed(),
                            "bounds": list(spec.bounds) if spec.bounds else None, "choices": list(spec.choices),
                            "help": spec.help_fr if lang == "fr" else spec.help_en, "requires": spec.requires})
        presets = [{"name": p, "options": dict(values)} for p, values in cls.presets.items()]
        out.append({"name": name, "title": cls.title.get(lang, cls.title.get("en", name)), "seats": game.num_seats,
                    "bots": table_bots(name), "default_bot": lobby_bot(name), "options": options, "presets": presets,
                    "view": cls.view_json()})
    return out


async def read_body(request: Request) -> object:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refusal("body", limit=MAX_BODY)
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks) or b"null")
    except (ValueError, RecursionError):
        raise Refusal("body", limit=MAX_BODY) from None


def create_app(settings: Settings | None = None) -> Starlette:
    """The server's ASGI application (see the module's doc)."""
    settings = settings or Settings()
    hub = Hub(settings)
    folder = static_dir(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    async def page(request: Request) -> Response:
        index = folder / "index.html"
        if not index.is_file():
            return HTMLResponse("<!doctype html><title>atout</title><p>The web page is not installed "
                                "(no index.html in the static folder).</p>", status_code=503)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        stats = hub.writer.stats() if hub.writer is not None else {}
        return JSONResponse({"ok": True, "tables": len(hub.actors), "store": stats, "actions": hub.timing_stats(),
                             "hands": hub.meter.json(), "downloads": hub.downloads.stats(),
                             "bots": hub.bots.stats()})

    async def games(request: Request) -> Response:
        return JSONResponse({"games": games_json(_lang(request))})

    async def setup(request: Request) -> Response:
        """A game with options (or a preset): its seats and sides, before a table is created."""
        try:
            body = await read_body(request)
            if not isinstance(body, dict):
                raise Refusal("bad_message", reason="the body is a JSON object")
            probe = {"game": request.path_params["game"], **{k: body[k] for k in ("options", "preset") if k in body}}
            config, _name, _seat = table_config(probe, settings.grace)
        except Refusal as refusal:
            return refusal_response(refusal, _lang(request))
        game = make_game(config.game, config.options)
        return JSONResponse({"game": game.name, "seats": game.num_seats, "options": game.options.changed(),
                             "sides": [list(side) for side in game.sides.seats]})

    async def tables(request: Request) -> Response:
        if request.method == "POST":
            try:
                body = await read_body(request)
                made = await hub.create(body, address_of(request))
            except Refusal as refusal:
                return refusal_response(refusal, _lang(request))
            return JSONResponse(made, status_code=201)
        return JSONResponse({"tables": hub.lobby()})

    async def found(request: Request) -> TableActor:
        actor = await hub.get(request.path_params["table_id"])
        if actor is None:
            raise Refusal("no_table")
        return actor

    async def one_table(request: Request) -> Response:
        try:
            actor = await found(request)
        except Refusal as refusal:
            return refusal_response(refusal, _lang(request))
        return JSONResponse(actor.table.info())

    def partie_of_request(request: Request, actor: TableActor) -> int:
        given = request.query_params.get("partie")
        if given is None:
            return actor.table.partie
        number = parse_int(given)
        if number is None:
            raise Refusal("no_partie", partie=given[:12])
        return number

    downloads = SlidingWindow(settings.downloads_per_minute, 60.0)

    def address_of(conn: HTTPConnection) -> str:
        """The client's address (``X-Forwarded-For`` only from a trusted proxy)."""
        return client_address(conn.client.host if conn.client else None, conn.headers.get("x-forwarded-for"),
                              settings.trusted_proxies)

    def download_allowed(request: Request) -> None:
        if not downloads.allow(address_of(request)):
            raise Refusal("rate_limited")

    async def download(request: Request, what: str) -> Response:
        """A record, a replay or an analysis: checked and copied in the table's actor, built in a worker."""
        lang = _lang(request)
        try:
            download_allowed(request)
            actor = await found(request)
            token = bearer(request)
            table = actor.table

            async def job() -> tuple[DownloadKey | None, bytes | None, Partie | None, int | None]:
                number = partie_of_request(request, actor)
                viewer = access(table, token, number, what)
                finished = number < table.partie or table.status == FINISHED
                key = (table.id, number, what, lang if what == "replay" else "") if finished else None
                kept = hub.downloads.kept(key)
                return key, kept, None if kept is not None else partie_of(table, number), viewer

            key, data, partie, viewer = await actor.submit(job)
            if data is None:
                assert partie is not None   # made when no download was kept
                if what == "record":
                    data = await hub.downloads.build(key, build_record, partie, viewer)
                elif what == "analysis":
                    data = await hub.downloads.build(key, build_analysis, partie)
                else:
                    data = await hub.downloads.build(key, build_replay, partie, viewer, lang, settings.download_hold)
        except Refusal as refusal:
            headers = {"Retry-After": "2"} if refusal.code == "busy" else None
            response = refusal_response(refusal, lang)
            if headers:
                response.headers.update(headers)
            return response
        kind = "text/plain; charset=utf-8" if what == "record" else "application/json"
        headers = {"Vary": "Accept-Encoding"}
        if what == "record":
            headers["Content-Disposition"] = f'attachment; filename="{table.id}.txt"'
        if "gzip" in request.headers.get("accept-encoding", "").lower():   # made gzipped: sent as made
            headers["Content-Encoding"] = "gzip"
            return Response(data, media_type=kind, headers=headers)
        return Response(gunzip(data).encode("utf-8"), media_type=kind, headers=headers)

    async def record(request: Request) -> Response:
        return await download(request, "record")

    async def replay(request: Request) -> Response:
        return await download(request, "replay")

    async def analysis(request: Request) -> Response:
        return await download(request, "analysis")

    async def socket(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), settings.allowed_origins):
            await ws.close(code=1008)
            return
        await ws.accept()
        address = address_of(ws)
        if not hub.sockets.take(address):
            refusal = Refusal("too_many_sockets", limit=settings.sockets_per_address)
            await ws.send_text(json.dumps({"type": "error", "code": refusal.code, "message": refusal.text("en"),
                                           "event": 0, "ref": None}))
            await ws.close(code=1008)
            return
        try:
            await open_table(ws)
        finally:
            hub.sockets.give_back(address)

    async def open_table(ws: WebSocket) -> None:
        actor = await hub.get(ws.path_params["table_id"])
        if actor is None:
            refusal = Refusal("no_table")
            await ws.send_text(json.dumps({"type": "error", "code": refusal.code, "message": refusal.text("en"),
                                           "event": 0, "ref": None}))
            await ws.close(code=4404)
            return
        await serve_socket(ws, actor, settings, hub)

    routes = [
        Route("/", page), Route("/t/{table_id}", page),
        Route("/api/health", health), Route("/api/games", games),
        Route("/api/games/{game}/setup", setup, methods=["POST"]),
        Route("/api/tables", tables, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", one_table), Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/analysis", analysis),
        WebSocketRoute("/ws/{table_id}", socket),
        Mount("/static", app=StaticFiles(directory=folder, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


async def _receive(ws: WebSocket) -> str | bytes | None:
    """The next message's text (or bytes), ``None`` once the client is gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def serve_socket(ws: WebSocket, actor: TableActor, settings: Settings, hub: Hub) -> None:
    """One table's WebSocket: hello first, then every message checked and handed to the actor."""

    async def close(code: int) -> None:
        if ws.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, OSError):
                await ws.close(code=code)

    async def send(text: str) -> None:
        if ws.application_state == WebSocketState.CONNECTED:
            await ws.send_text(text)

    conn = Connection(send, close, settings.outbox_limit)
    pump = asyncio.create_task(conn.pump())
    bucket = TokenBucket(settings.rate, settings.burst)
    heavy = TokenBucket(settings.heavy_rate, settings.heavy_burst)  # records and hints cost more than a card
    said_hello = False
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + settings.hello_timeout
        while not said_hello:
            try:
                text = await asyncio.wait_for(_receive(ws), max(0.01, deadline - loop.time()))
            except TimeoutError:
                conn.send({"type": "error", "code": "no_hello", "message": Refusal("no_hello").text("en"),
                           "event": actor.table.last_event, "ref": None})
                await _drain(conn)
                await close(4408)
                return
            if text is None:
                return
            cmd = _checked(conn, text, bucket, settings, actor)
            if cmd is None:
                continue
            if not isinstance(cmd, schema.Hello):
                conn.error(Refusal("no_hello"), actor.table.last_event, cmd.ref)
                continue
            await actor.submit(functools.partial(actor.hello, conn, cmd))
            said_hello = True
        while True:
            text = await _receive(ws)
            if text is None or conn.closed:
                return
            cmd = _checked(conn, text, bucket, settings, actor)
            if cmd is None:
                continue
            if isinstance(cmd, HEAVY) and not heavy.take():
                conn.error(Refusal("rate_limited"), actor.table.last_event, cmd.ref)
                continue
            received = time.perf_counter()
            await actor.submit(functools.partial(actor.command, conn, cmd))
            if isinstance(cmd, schema.Act):
                hub.timings.append(time.perf_counter() - received)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return
    except Refusal:  # the table stopped (its storage failed): the socket closes once told why
        await _drain(conn)
        await close(1011)
    finally:
        if said_hello and not actor.broken:
            with contextlib.suppress(Refusal):
                await actor.submit(functools.partial(actor.bye, conn))
        conn.stop()
        await asyncio.sleep(0)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _drain(conn: Connection) -> None:
    for _ in range(50):
        if conn.outbox.empty():
            return
        await asyncio.sleep(0.01)


def _checked(conn: Connection, text: str | bytes, bucket: TokenBucket, settings: Settings,
             actor: TableActor) -> schema.Command | None:
    """The command of one message, or ``None`` after telling the sender what is wrong."""
    if not bucket.take():
        conn.error(Refusal("rate_limited"), actor.table.last_event, schema.ref_of(text, settings.max_message))
        return None
    try:
        return schema.read_message(text, settings.max_message)
    except Refusal as refusal:
        ref = schema.ref_of(text, settings.max_message) if refusal.code != "too_large" else None
        conn.error(refusal, actor.table.last_event, ref)
        return None

"""``atout serve`` (the online table) and ``atout bench server`` (its load bench), on the command line.

``serve`` opens the database (a SQLite file in the data folder by default, or ``--database-url``),
rebuilds every unfinished table, binds the address and prints it, then runs until interrupted.

>>> parser = argparse.ArgumentParser(prog="atout")
>>> add_serve_parser(parser.add_subparsers(dest="command"), "en")
>>> args = parser.parse_args(["serve", "--port", "0", "--bot-delay", "0"])
>>> args.port, args.host, args.bot_delay, settings_of(args).database_url, settings_of(args).bot_workers > 0
(0, '127.0.0.1', 0.0, '', True)
>>> settings_of(parser.parse_args(["serve", "--bot-workers", "0"])).bot_workers
0
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from atout.cli.i18n import CORE, LANGS, Catalog
from atout.game import keep_frozen_json, parse_int

if TYPE_CHECKING:
    from atout.cli.subcommands import Subcommands
    from atout.server.settings import Settings

GC_THRESHOLD = 7000        # allocations between two collections of the youngest generation (Python's default: 700)
FROZEN_JSON_KEPT = 1280    # values whose JSON is kept (the engine's default: 128, under Python's threshold)
SWITCH_INTERVAL = 0.0005  # seconds: how soon the database thread gets the interpreter lock back

WORDS = Catalog({
    "serve": ("run the online table (web page and WebSockets)", "lancer la table en ligne (page web et WebSockets)"),
    "serve_desc": (("Serve the online table: create a table for any game, invite friends by link, bots fill the "
                    "empty seats. Tables are kept in a SQLite file of the data folder, or in PostgreSQL."),
                   ("Sert la table en ligne : créez une table pour n'importe quel jeu, invitez vos amis par un lien, "
                    "des robots occupent les places libres. Les tables sont gardées dans un fichier SQLite du "
                    "dossier de données, ou dans PostgreSQL.")),
    "host": ("address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)",
             "adresse d'écoute (défaut 127.0.0.1 ; 0.0.0.0 pour toutes les interfaces)"),
    "port": ("port (default 8765; 0: any free port)", "port (défaut 8765 ; 0 : un port libre)"),
    "data": ("data folder (default $ATOUT_DATA or ~/.local/share/atout)",
             "dossier de données (défaut $ATOUT_DATA ou ~/.local/share/atout)"),
    "database_url": (("SQLAlchemy URL of the database, e.g. postgresql+psycopg://user@host/atout (default: the "
                      "SQLite file of the data folder)"),
                     ("URL SQLAlchemy de la base, par ex. postgresql+psycopg://user@host/atout (défaut : le "
                      "fichier SQLite du dossier de données)")),
    "allow_origin": ("another web origin allowed to open WebSockets (repeatable)",
                     "autre origine web autorisée à ouvrir des WebSockets (répétable)"),
    "bot_delay": ("seconds a bot waits before each move (default 0.6; 0: at once)",
                  "secondes d'attente d'un robot avant chaque coup (défaut 0,6 ; 0 : aussitôt)"),
    "bot_workers": (("worker processes in which the bots that think (a search) decide, off the event loop "
                     "(default: one per core but one; 0: on the event loop)"),
                    ("processus où décident les robots qui réfléchissent (une recherche), hors de la boucle "
                     "d'événements (défaut : un par cœur moins un ; 0 : dans la boucle)")),
    "grace": ("default seconds before a bot plays for an absent player (default 60)",
              "secondes par défaut avant qu'un robot joue pour un absent (défaut 60)"),
    "serve_seed": ("seed the deals and bots (tests only: never for real play)",
                   "graine des donnes et des robots (tests seulement : jamais pour jouer)"),
    "create_limit": ("tables one address may create per minute (default 10; 0: no limit)",
                     "tables qu'une adresse peut créer par minute (défaut 10 ; 0 : sans limite)"),
    "sockets_per_address": ("WebSockets one address may hold open at once (default 64; 0: no limit)",
                            "WebSockets qu'une adresse peut tenir ouverts à la fois (défaut 64 ; 0 : sans limite)"),
    "trusted_proxy": (("a proxy (address or network, e.g. 10.0.0.0/8) whose X-Forwarded-For header gives the client's "
                       "address (repeatable; by default the header is ignored)"),
                      ("un mandataire (adresse ou réseau, p. ex. 10.0.0.0/8) dont l'en-tête X-Forwarded-For donne "
                       "l'adresse du client (répétable ; par défaut l'en-tête est ignoré)")),
    "bad_proxy": ("atout serve: --trusted-proxy {proxy!r} is not an address or a network",
                  "atout serve : --trusted-proxy {proxy!r} n'est ni une adresse ni un réseau"),
    "bench_bots": ("the bot in the other seats (default: the lobby's own for the game)",
                   "le robot des autres places (défaut : celui du salon pour ce jeu)"),
    "bench_bot_delay": ("seconds a bot waits before each move (default: atout serve's, 0.6)",
                        "secondes d'attente d'un robot avant chaque coup (défaut : celle d'atout serve, 0,6)"),
    "sqlite_sync": (("SQLite commits: FULL (default) survives a power cut; NORMAL survives a crash of the server, "
                     "not of the machine, and spares a disk sync per commit"),
                    ("validations SQLite : FULL (défaut) résiste à une coupure de courant ; NORMAL résiste à un "
                     "plantage du serveur, pas de la machine, et épargne une synchronisation du disque par validation")),
    "log_level": ("server log level (default warning)", "niveau du journal du serveur (défaut warning)"),
    "started": ("atout serve: tables in {where}\natout serve: open {url}",
                "atout serve : tables dans {where}\natout serve : ouvrez {url}"),
    "seeded": ("atout serve: seeded deals ({seed}) — for tests only", "atout serve : donnes fixées ({seed}) — pour les tests"),
    "missing": ("the online table needs the server extra: pip install 'atout[server]' ({error})",
                "la table en ligne a besoin de l'extra server : pip install 'atout[server]' ({error})"),
    "bind": ("cannot listen on {host}:{port}: {reason}", "impossible d'écouter sur {host}:{port} : {reason}"),
    "tables": ("concurrent tables (default 500)", "tables simultanées (défaut 500)"),
    "think": ("seconds each scripted player thinks before acting (default 2; uniform ±50%%)",
              "secondes de réflexion de chaque joueur simulé avant d'agir (défaut 2 ; uniforme ±50 %%)"),
    "search": ("also search the largest table count that keeps p99 within --p99 ms",
               "chercher aussi le plus grand nombre de tables qui tient le p99 sous --p99 ms"),
    "p99": ("latency target in ms for --search (default 100)", "cible de latence en ms pour --search (défaut 100)"),
}, parent=CORE)


def add_serve_parser(sub: Subcommands, lang: str) -> None:
    """The ``serve`` subcommand's arguments."""
    q = sub.add_parser("serve", help=WORDS.tr("serve", lang), description=WORDS.tr("serve_desc", lang))
    q.add_argument("--host", default="127.0.0.1", help=WORDS.tr("host", lang))
    q.add_argument("--port", type=_number, default=8765, help=WORDS.tr("port", lang))
    q.add_argument("--data", metavar="DIR", default=None, help=WORDS.tr("data", lang))
    q.add_argument("--database-url", metavar="URL", default="", help=WORDS.tr("database_url", lang))
    q.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN", help=WORDS.tr("allow_origin", lang))
    q.add_argument("--bot-delay", type=float, default=0.6, help=WORDS.tr("bot_delay", lang))
    q.add_argument("--bot-workers", type=_number, default=None, metavar="N", help=WORDS.tr("bot_workers", lang))
    q.add_argument("--grace", type=_number, default=60, help=WORDS.tr("grace", lang))
    q.add_argument("--seed", type=_number, default=None, help=WORDS.tr("serve_seed", lang))
    q.add_argument("--create-limit", type=_number, default=10, help=WORDS.tr("create_limit", lang))
    q.add_argument("--sockets-per-address", type=_number, default=64, help=WORDS.tr("sockets_per_address", lang))
    q.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                   help=WORDS.tr("trusted_proxy", lang))
    q.add_argument("--sqlite-sync", choices=("FULL", "NORMAL"), default="FULL", help=WORDS.tr("sqlite_sync", lang))
    q.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"),
                   help=WORDS.tr("log_level", lang))
    q.add_argument("--lang", choices=LANGS, default="en", help=WORDS.tr("cli.lang", lang))


def add_bench_server_arguments(q: argparse.ArgumentParser, lang: str) -> None:
    """The arguments ``atout bench server`` adds to ``atout bench``."""
    q.add_argument("--tables", type=_number, default=500, help=WORDS.tr("tables", lang))
    q.add_argument("--think", type=float, default=2.0, help=WORDS.tr("think", lang))
    q.add_argument("--search", action="store_true", help=WORDS.tr("search", lang))
    q.add_argument("--p99", type=float, default=100.0, help=WORDS.tr("p99", lang))
    q.add_argument("--sqlite-sync", choices=("FULL", "NORMAL"), default="FULL", help=WORDS.tr("sqlite_sync", lang))
    q.add_argument("--bots", default=None, metavar="BOT", help=WORDS.tr("bench_bots", lang))
    q.add_argument("--bot-delay", type=float, default=None, help=WORDS.tr("bench_bot_delay", lang))
    q.add_argument("--bot-workers", type=_number, default=None, metavar="N", help=WORDS.tr("bot_workers", lang))


def _number(text: str) -> int:
    number = parse_int(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return number


def settings_of(args: argparse.Namespace) -> Settings:
    """The server :class:`~atout.server.Settings` of the command line."""
    from atout.server.settings import Settings, default_bot_workers, default_data_dir

    workers = default_bot_workers() if args.bot_workers is None else max(0, args.bot_workers)
    return Settings(bot_workers=workers, database_url=args.database_url, data_dir=Path(args.data) if args.data else default_data_dir(),
                    allowed_origins=tuple(o.rstrip("/") for o in args.allow_origin), seed=args.seed,
                    grace=max(5, min(600, args.grace)), bot_delay=max(0.0, args.bot_delay),
                    max_tables_per_minute=max(0, args.create_limit), sqlite_sync=args.sqlite_sync,
                    sockets_per_address=max(0, args.sockets_per_address),
                    trusted_proxies=tuple(args.trusted_proxy))


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted (exit 0), or report why it cannot start (exit 2)."""
    try:
        import uvicorn

        from atout.server import create_app
        from atout.server.settings import DATABASE_FILE
    except ImportError as error:
        print(WORDS.tr("missing", args.lang, error=error), file=sys.stderr)
        return 2
    from atout.server.addresses import trusted_network

    for proxy in args.trusted_proxy:
        try:
            trusted_network(proxy)
        except ValueError:
            print(WORDS.tr("bad_proxy", args.lang, proxy=proxy), file=sys.stderr)
            return 2
    settings = settings_of(args)
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
    except OSError as error:
        print(WORDS.tr("bind", args.lang, host=args.host, port=args.port, reason=error.strerror or error),
              file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    where = _safe_url(settings.url()) if settings.database_url else str(settings.data_dir / DATABASE_FILE)
    print(WORDS.tr("started", args.lang, where=where, url=f"http://{shown}:{port}/"), flush=True)
    if settings.seed is not None:
        print(WORDS.tr("seeded", args.lang, seed=settings.seed), flush=True)
    # The database thread needs the interpreter lock for a moment at each step of a commit; with the
    # default 5 ms switch interval a busy event loop makes each commit wait several of them.
    sys.setswitchinterval(SWITCH_INTERVAL)
    app = create_app(settings)
    tune_collector()
    # No per-message compression: deflating every frame cost the server more CPU than anything but
    # the rules themselves, and the messages are a few kilobytes.
    config = uvicorn.Config(app, log_level=args.log_level, ws_max_size=settings.max_frame,
                            ws_ping_interval=20.0, ws_ping_timeout=20.0, ws_per_message_deflate=False,
                            lifespan="on", access_log=False, proxy_headers=False)   # X-Forwarded-For: the app's own rule
    server = uvicorn.Server(config)
    # uvicorn shuts down on SIGTERM, then raises the signal again: with its default action the
    # process would die there, before the interpreter's exit, and the worker pools' locks would be
    # left to the resource tracker ("leaked semaphore objects"). Raised again, it ends like Ctrl-C.
    previous = signal.signal(signal.SIGTERM, _stopped)
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, _Stopped):  # pragma: no cover - uvicorn handles the signal itself
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
    return 0


class _Stopped(Exception):
    """SIGTERM, raised again by uvicorn once the server has shut down."""


def _stopped(signum: int, frame: object) -> None:
    raise _Stopped


def tune_collector() -> None:
    """The garbage collector of a long-running server: everything loaded so far (modules, tables of the
    rules) is frozen out of its scans, and the youngest generation is collected ten times less often,
    so that the event loop does not stop for collections under load; the JSON of the values positions
    show is kept for ten times as many (the tables played at once)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, 20, 20)
    keep_frozen_json(FROZEN_JSON_KEPT)


def _safe_url(url: str) -> str:
    """A database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, who = head.partition("://")
    return f"{scheme}://{who.split(':')[0]}@{tail}"


def cmd_bench_server(args: argparse.Namespace) -> int:
    """``atout bench server``: a server in a subprocess, ``--tables`` scripted players on loopback."""
    from atout.bots.registry import lobby_bot
    from atout.server.bench import format_server_bench, run_server_bench, search_tables
    from atout.server.settings import Settings

    games = [g.strip() for g in (args.bench_games or "").split(",") if g.strip()]
    game = games[0] if games else "sizette"
    seconds = 30.0 if args.seconds is None else args.seconds
    bots = args.bots or lobby_bot(game)
    delay = Settings().bot_delay if args.bot_delay is None else max(0.0, args.bot_delay)
    if args.search:
        result = search_tables(game, args.tables, seconds, args.think, args.seed, args.p99, args.sqlite_sync,
                               bots, delay, args.bot_workers)
    else:
        result = run_server_bench(game, args.tables, seconds, args.think, args.seed, args.sqlite_sync, bots, delay,
                                  args.bot_workers)
    if args.json:
        import json

        print(json.dumps(result, indent=2))
    else:
        print(format_server_bench(result, args.lang))
    return 0 if not result.get("errors") else 1


__all__ = ["WORDS", "add_bench_server_arguments", "add_serve_parser", "cmd_bench_server", "cmd_serve", "settings_of"]

"""``atout arena GAME --bots A,B --deals N --seed S``: duplicate matches between two bots
(:mod:`atout.bots.arena`), on local processes or a Ray cluster (``--ray ADDRESS``).

``--bot-option ROLE:NAME=VALUE`` gives a bot an option (``A:worlds=8``; the role is A, B or C, the
partners, or a bot's name for every role it plays); ``-o NAME=VALUE`` sets a game option
(``preset=NAME`` a preset) as for ``atout simulate``.

>>> parser = argparse.ArgumentParser(prog="atout")
>>> add_arena_parser(parser.add_subparsers(dest="command"), "en")
>>> args = parser.parse_args(["arena", "piquet", "--bots", "heuristic,random", "--bot-option", "a:worlds=8"])
>>> args.deals, args.seed, bot_options(args.bot_option, ("heuristic", "random", None))
(100, 1, [{'worlds': 8}, {}, {}])
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from atout.cli.i18n import CORE, LANGS, Catalog

if TYPE_CHECKING:
    from atout.cli.subcommands import Subcommands

BotOptionValue = bool | int | float | str
"""A bot option's value as the command line gives it (:func:`atout.bots.arena.option_value`)."""

WORDS = Catalog({
    "arena": ("duplicate matches between two bots: mean points per deal pair with a 95%% interval",
              "matchs en duplicate entre deux robots : points moyens par paire de donnes, intervalle à 95 %%"),
    "arena_desc": (("Play N deals twice each, the bots' seats swapped the second time (duplicate), and report A's "
                    "points minus B's per deal pair with a 95% confidence interval, and each bot's move times."),
                   ("Joue N donnes deux fois chacune, les robots échangeant leurs places la seconde fois "
                    "(duplicate), et donne les points de A moins ceux de B par paire de donnes avec un intervalle "
                    "de confiance à 95 %, et les temps de coup de chaque robot.")),
    "bots": ("A,B: the bot measured and its opponent (default heuristic,random; one name: itself)",
             "A,B : le robot mesuré et son adversaire (défaut heuristic,random ; un seul nom : contre lui-même)"),
    "deals": ("deals, each played twice (default 100)", "donnes, chacune jouée deux fois (défaut 100)"),
    "partners": ("C: the bot in every seat of a team but its first (one strong bot with weaker partners)",
                 "C : le robot de chaque place d'un camp sauf la première (un robot fort, des partenaires plus faibles)"),
    "bot_option": ("ROLE:NAME=VALUE, a bot's option (repeatable), e.g. A:worlds=8; ROLE is A, B, C or a bot's name",
                   ("RÔLE:NOM=VALEUR, une option d'un robot (répétable), p. ex. A:worlds=8 ; RÔLE vaut A, B, C "
                    "ou le nom d'un robot")),
    "workers": ("local processes (default: one per CPU)", "processus locaux (défaut : un par processeur)"),
    "ray": ("run the deals as Ray tasks at this address (local: a new local instance; needs the arena extra)",
            "jouer les donnes en tâches Ray à cette adresse (local : une instance locale ; extra arena requis)"),
    "err_deals": ("--deals must be at least 1", "--deals doit valoir au moins 1"),
    "err_workers": ("--workers must be at least 1", "--workers doit valoir au moins 1"),
    "err_bot_option": ("--bot-option {text!r}: write ROLE:NAME=VALUE with ROLE A, B, C or a bot of the match",
                       "--bot-option {text!r} : écrivez RÔLE:NOM=VALEUR, RÔLE valant A, B, C ou un robot du match"),
}, parent=CORE)


def add_arena_parser(sub: Subcommands, lang: str) -> None:
    """The ``arena`` subcommand and its arguments."""
    from atout.cli.main import ascii_int
    from atout.games import game_names

    number = ascii_int(lang)
    q = sub.add_parser("arena", help=WORDS.tr("arena", lang), description=WORDS.tr("arena_desc", lang))
    q.add_argument("game", help=WORDS.tr("cli.game", lang, games=", ".join(game_names())))
    q.add_argument("--bots", default="heuristic,random", metavar="A,B", help=WORDS.tr("bots", lang))
    q.add_argument("--deals", type=number, default=100, help=WORDS.tr("deals", lang))
    q.add_argument("--seed", type=number, default=1, help=WORDS.tr("cli.seed", lang))
    q.add_argument("--partners", default=None, metavar="C", help=WORDS.tr("partners", lang))
    q.add_argument("--bot-option", action="append", default=[], metavar="ROLE:NAME=VALUE",
                   help=WORDS.tr("bot_option", lang))
    q.add_argument("--workers", type=number, default=None, help=WORDS.tr("workers", lang))
    q.add_argument("--ray", default=None, metavar="ADDRESS", help=WORDS.tr("ray", lang))
    q.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help=WORDS.tr("cli.progress", lang))
    q.add_argument("--json", action="store_true", help=WORDS.tr("cli.json", lang))
    q.add_argument("--lang", choices=LANGS, default="en", help=WORDS.tr("cli.lang", lang))
    q.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=WORDS.tr("cli.option", lang))


def bot_options(items: Sequence[str], names: Sequence[str | None], lang: str = "en") -> list[dict[str, BotOptionValue]]:
    """``ROLE:NAME=VALUE`` items → the options of A, B and C (``names``: their bots, C's ``None``
    without partners); ``ValueError`` for an item that names no role of the match."""
    from atout.bots.arena import option_value

    out: list[dict[str, BotOptionValue]] = [{}, {}, {}]
    for item in items:
        role, colon, pair = item.partition(":")
        key, eq, value = pair.partition("=")
        role = role.strip()
        roles = [i for i, r in enumerate("ABC") if role.upper() == r and names[i] is not None]
        if not roles:
            roles = [i for i, name in enumerate(names) if name is not None and name.lower() == role.lower()]
        if not colon or not eq or not key.strip() or not roles:
            raise ValueError(WORDS.tr("err_bot_option", lang, text=item))
        for i in roles:
            out[i][key.strip()] = option_value(value)
    return out


def cmd_arena(args: argparse.Namespace) -> int:
    from atout.cli.main import EXIT_INTERRUPTED, EXIT_OK, UsageError, _check_bot, _dump, _make_game, _options, _require

    lang = args.lang
    game = _make_game(args.game, args.option, lang)
    _require("atout.bots", lang)
    names = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise UsageError(WORDS.tr("err.bots", lang))
    for name in (*names, *([args.partners] if args.partners is not None else [])):
        _check_bot(name, game, lang)
    if args.deals < 1:
        raise UsageError(WORDS.tr("err_deals", lang))
    if args.workers is not None and args.workers < 1:
        raise UsageError(WORDS.tr("err_workers", lang))
    import random

    from atout.bots import make_bot
    from atout.bots.arena import arena, format_arena
    from atout.bots.arena_ray import RayMissing, require_ray

    try:
        kw = bot_options(args.bot_option, (*names, args.partners), lang)
        for name, options in zip((*names, args.partners), kw):
            if name is not None:
                make_bot(name, game, random.Random(0), **options)
        if args.ray is not None:
            require_ray()
    except (ValueError, RayMissing) as exc:
        raise UsageError(str(exc)) from None
    result = arena(game.name, _options(args.option, lang), bots=names, deals=args.deals, seed=args.seed,
                   partners=args.partners, bot_options=kw, workers=args.workers, ray=args.ray,
                   progress=args.progress, lang=lang)
    if args.json:
        _dump(result)
    else:
        print(format_arena(result, lang))
    return EXIT_INTERRUPTED if result["interrupted"] else EXIT_OK


__all__ = ["WORDS", "add_arena_parser", "bot_options", "cmd_arena"]

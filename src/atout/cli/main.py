"""``atout``: the command line. Subcommands play, simulate, arena, variants, bench, validate, replay, serve,
analyse, and the games' own (Whist's pbn: a game's ``commands_module``).

Every subcommand works for any registered game through the contract; what a game looks like on
screen comes from its renderer (:mod:`atout.cli.render`). Exit codes: 0 success; 1 an invalid
record (validate, replay); 2 a usage error (bad arguments, unknown game, bad option, unreadable
file). Errors are one line on stderr, never a traceback. Numbers on the command line are ASCII
digits only. Layers below (record, bots, bench) are imported inside the subcommands.

>>> main(["variants", "quadrette", "--lang", "fr"])  # doctest: +ELLIPSIS
Quadrette — 15 options ; à régler avec -o nom=valeur
<BLANKLINE>
target_points
    défaut : 5    valeurs : 1..99
    points qui gagnent la partie
    source : ...
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn, TextIO, TypedDict

from atout.cli.i18n import LANGS, tr
from atout.game import OptionValue, parse_int

if TYPE_CHECKING:
    from atout.cli.subcommands import Command
    from atout.game import Game, State
    from atout.record import Record, ReplayResult

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130   # Ctrl-C, as a shell reports a command its SIGINT ended


class UsageError(Exception):
    """A usage error: reported on one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line on one line (exit 2) instead of usage + message."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, tr("cli.usage_error", self.lang, prog=self.prog, msg=message) + "\n")


def argv_lang(argv: Sequence[str]) -> str:
    """The ``--lang`` given on the command line (read before parsing, for the help texts)."""
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGS:
            return argv[i + 1]
        if word.startswith("--lang=") and word[7:] in LANGS:
            return word[7:]
    return "en"


def ascii_int(lang: str) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits (``int()`` alone would take ``٣``)."""

    def convert(text: str) -> int:
        number = parse_int(text)
        if number is None:
            raise argparse.ArgumentTypeError(tr("cli.not_a_number", lang, value=text))
        return number

    convert.__name__ = "int"
    return convert


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser of ``atout`` and its subcommands, with help texts in ``lang``."""
    from atout.games import game_names

    games = ", ".join(game_names())

    def h(key: str) -> str:
        return tr("cli." + key, lang, games=games) if key in ("description", "game") else tr("cli." + key, lang)

    number = ascii_int(lang)
    _Parser.lang = lang
    p = _Parser(prog="atout", description=h("description"))
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def common(q: argparse.ArgumentParser, options: bool = True) -> None:
        q.add_argument("--lang", choices=LANGS, default="en", help=h("lang"))
        if options:
            q.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE", help=h("option"))

    q = sub.add_parser("play", help=h("play"), description=h("play_desc"))
    q.add_argument("game", help=h("game"))
    q.add_argument("--seat", type=number, default=0, help=h("seat"))
    q.add_argument("--seed", type=number, default=None, help=h("play_seed"))
    q.add_argument("--bots", default="heuristic", metavar="KIND", help=h("play_bots"))
    q.add_argument("--record", metavar="FILE", help=h("record"))
    common(q)

    q = sub.add_parser("simulate", help=h("simulate"), description=h("simulate_desc"))
    q.add_argument("game", help=h("game"))
    q.add_argument("--games", type=number, default=100, help=h("games"))
    q.add_argument("--seed", type=number, default=1, help=h("seed"))
    q.add_argument("--bots", default="heuristic,random", help=h("sim_bots"))
    q.add_argument("--records", metavar="DIR", help=h("records"))
    q.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None, help=h("progress"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q)

    from atout.cli.arena import add_arena_parser

    add_arena_parser(sub, lang)

    q = sub.add_parser("variants", help=h("variants"), description=h("variants_desc"))
    q.add_argument("game", help=h("game"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q, options=False)

    q = sub.add_parser("bench", help=h("bench"), description=h("bench"))
    q.add_argument("what", choices=("engine", "server", "search"), help=h("bench_what"))
    q.add_argument("--seconds", type=float, default=None, help=h("seconds"))
    q.add_argument("--seed", type=number, default=1, help=h("seed"))
    q.add_argument("--games", dest="bench_games", default="", help=h("bench_games"))
    q.add_argument("--runs", type=number, default=5, help=h("runs"))
    q.add_argument("--baseline", metavar="SRC", help=h("baseline"))
    q.add_argument("--rounds", type=number, default=8, help=h("rounds"))
    q.add_argument("--positions", type=number, default=None, help=h("positions"))
    q.add_argument("--presets", action="store_true", help=h("presets"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q)
    from atout.cli.serve import add_bench_server_arguments, add_serve_parser

    add_bench_server_arguments(q, lang)
    add_serve_parser(sub, lang)

    q = sub.add_parser("validate", help=h("validate"), description=h("validate_desc"))
    q.add_argument("file", help=h("file"))
    common(q, options=False)

    q = sub.add_parser("replay", help=h("replay"), description=h("replay_desc"))
    q.add_argument("file", help=h("file"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q, options=False)
    from atout.cli.analyse import add_analyse_parser

    add_analyse_parser(sub, lang)
    for add_parser, _ in game_commands().values():
        add_parser(sub, lang)
    return p


def game_commands() -> dict[str, Command]:
    """The subcommands the registered games bring (each game's ``commands_module``)."""
    from atout.games import find_game, game_names

    modules = dict.fromkeys(find_game(name).commands_module for name in game_names())
    found: dict[str, Command] = {name: command for module in modules if module    # each game's table of its own
                                 for name, command in importlib.import_module(module).COMMANDS.items()}
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``atout`` with ``argv`` (default: the process arguments); return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv_lang(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already reported by the parser
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    from atout.cli.analyse import cmd_analyse
    from atout.cli.arena import cmd_arena
    from atout.cli.serve import cmd_serve
    handlers = {"play": cmd_play, "simulate": cmd_simulate, "arena": cmd_arena, "variants": cmd_variants,
                "bench": cmd_bench, "validate": cmd_validate, "replay": cmd_replay, "serve": cmd_serve,
                "analyse": cmd_analyse, "analyze": cmd_analyse}
    handler = handlers.get(args.command) or game_commands()[args.command][1]
    from atout.errors import OptionError

    try:
        return handler(args)
    except UsageError as exc:
        print(tr("cli.error", args.lang, prog=f"atout {args.command}", msg=exc), file=sys.stderr)
        return EXIT_USAGE
    except OptionError as exc:   # a game, option or preset named on the command line that does not exist
        print(tr("cli.error", args.lang, prog=f"atout {args.command}", msg=exc.text(args.lang)), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # output piped into a closed reader (| head)
        return EXIT_OK
    except KeyboardInterrupt:   # Ctrl-C: one line, not a traceback
        print(file=sys.stderr)
        print(tr("cli.interrupted", args.lang, prog=f"atout {args.command}"), file=sys.stderr)
        return EXIT_INTERRUPTED


# ---------------------------------------------------------------- helpers


def _make_game(name: str, pairs: list[str] | None = None, lang: str = "en") -> Game:
    from atout.errors import OptionError
    from atout.game import parse_option_pairs
    from atout.games import make_game

    try:
        options = parse_option_pairs(pairs or [])
        return make_game(name, options)
    except OptionError as exc:
        raise UsageError(exc.text(lang)) from None


def _options(pairs: list[str], lang: str = "en") -> dict[str, str]:
    from atout.errors import OptionError
    from atout.game import parse_option_pairs

    try:
        return parse_option_pairs(pairs)
    except OptionError as exc:
        raise UsageError(exc.text(lang)) from None


def _require(module: str, lang: str) -> ModuleType:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise UsageError(tr("err.missing", lang, module=module)) from None


def _check_bot(name: str, game: Game, lang: str) -> None:
    """A usage error if ``name`` is not a bot that plays ``game`` (or the bots cannot be loaded)."""
    _require("atout.bots", lang)
    from atout.bots import make_bot

    try:
        make_bot(name, game, random.Random(0))
    except (ValueError, KeyError) as exc:
        raise UsageError(tr("err.bot", lang, name=name, reason=exc)) from None


def _read_text(path: str, lang: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(tr("err.read", lang, path=path, reason=reason)) from None


def _dump(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, default=str))


# ---------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    from atout.cli.play import run_play

    game = _make_game(args.game, args.option, args.lang)
    if not 0 <= args.seat < game.num_seats:
        raise UsageError(tr("err.seat", args.lang, seat=args.seat, game=game.name, last=game.num_seats - 1))
    _check_bot(args.bots, game, args.lang)
    if args.record:
        _require("atout.record", args.lang)
        folder = os.path.dirname(os.path.abspath(args.record))
        if not os.path.isdir(folder):
            raise UsageError(tr("err.write", args.lang, path=args.record, reason=tr("err.no_dir", args.lang)))
        if os.path.isdir(args.record):
            raise UsageError(tr("err.write", args.lang, path=args.record, reason=os.strerror(21)))
    return run_play(game, args.seat, args.lang, args.seed, args.bots, args.record)


# ---------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _make_game(args.game, args.option, args.lang)
    _require("atout.bots", args.lang)
    from atout.bots import format_simulation, records_folder, simulate

    names = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise UsageError(tr("err.bots", args.lang))
    for name in names:
        _check_bot(name, game, args.lang)
    if args.games < 1:
        raise UsageError(tr("err.games", args.lang))
    if args.records:
        try:
            records_folder(args.records)
        except NotADirectoryError:
            raise UsageError(tr("err.not_dir", args.lang, path=args.records)) from None
        except OSError as exc:
            raise UsageError(tr("err.write", args.lang, path=args.records, reason=exc.strerror or exc)) from None
    from atout.errors import OptionError

    try:
        result = simulate(game.name, _options(args.option, args.lang), bots=names, games=args.games, seed=args.seed,
                               records_dir=args.records, progress=args.progress, lang=args.lang)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _dump(result)
    else:
        print(format_simulation(result, args.lang))
    return EXIT_INTERRUPTED if result["interrupted"] else EXIT_OK


# ---------------------------------------------------------------- variants


def _value_text(value: object, lang: str = "en") -> str:
    from atout.game import option_value_text

    return option_value_text(value, lang)


class OptionJSON(TypedDict):
    """One option of a game, as ``atout variants --json`` gives it."""

    name: str
    default: OptionValue
    allowed: str
    help: str
    help_en: str
    help_fr: str
    source: str
    decision: str
    requires: str


class PresetJSON(TypedDict):
    """One preset of a game: its name and the options it sets."""

    name: str
    options: dict[str, object]


class VariantsJSON(TypedDict):
    """What ``atout variants --json`` prints: the game, its options and its presets."""

    game: str
    title: str
    options: list[OptionJSON]
    presets: list[PresetJSON]


def variants_data(game: Game, lang: str) -> VariantsJSON:
    """Every option of ``game`` (name, default, allowed values, help in ``lang`` and in both, source,
    decision) and its presets (name and options)."""
    options: list[OptionJSON] = []
    for spec in game.option_specs:
        options.append({"name": spec.name, "default": spec.default, "allowed": spec.allowed(lang),
                        "help": spec.help_fr if lang == "fr" else spec.help_en,
                        "help_en": spec.help_en, "help_fr": spec.help_fr, "source": spec.source,
                        "decision": spec.decision, "requires": spec.requires})
    presets: list[PresetJSON] = [{"name": name, "options": {k: v for k, v in values.items()}}
               for name, values in game.presets.items()]
    return {"game": game.name, "title": game.title.get(lang, game.title["en"]), "options": options,
            "presets": presets}


def _requires_text(requires: str, lang: str) -> str:
    """What an option depends on (``OptionSpec.requires``), its flags and ``or`` in ``lang``."""
    from atout.game import option_value_text

    text = requires.replace("=true", "=" + option_value_text(True, lang))
    text = text.replace("=false", "=" + option_value_text(False, lang))
    return text.replace(" or ", f" {tr('or', lang)} ")


def variants_lines(data: VariantsJSON, lang: str) -> list[str]:
    """``atout variants`` as text: each option, then the presets."""
    colon = " : " if lang == "fr" else ": "
    lines = [tr("var.title", lang, game=data["title"], n=len(data["options"]))]
    for item in data["options"]:
        lines.append("")
        lines.append(item["name"])
        lines.append(f"    {tr('var.default', lang)}{colon}{_value_text(item['default'], lang)}    "
                     f"{tr('var.allowed', lang)}{colon}{item['allowed']}")
        lines.append(f"    {item['help']}")
        lines.append(f"    {tr('var.source', lang)}{colon}{item['source']}")
        if item["requires"]:
            lines.append(f"    {tr('var.requires', lang)}{colon}{_requires_text(item['requires'], lang)}")
        if item["decision"]:
            lines.append(f"    {tr('var.decision', lang)}{colon}{item['decision']} "
                         f"({tr('var.decisions_file', lang)})")
    lines.append("")
    if not data["presets"]:
        lines.append(tr("var.no_presets", lang))
    else:
        lines.append(tr("var.presets", lang))
        for preset in data["presets"]:
            values = " ".join(f"{k}={_value_text(v, lang)}" for k, v in preset["options"].items())
            lines.append(f"  {preset['name']}: {values or tr('var.preset_defaults', lang)}")
    return lines


def cmd_variants(args: argparse.Namespace) -> int:
    game = _make_game(args.game, lang=args.lang)
    data = variants_data(game, args.lang)
    if args.json:
        _dump(data)
    else:
        print("\n".join(variants_lines(data, args.lang)))
    return EXIT_OK


# ---------------------------------------------------------------- bench


def _bench_search(args: argparse.Namespace) -> int:
    from atout.bench_search import POSITIONS, bench_search, format_search_bench
    from atout.games import find_game

    if args.positions is None:
        args.positions = POSITIONS
    if args.positions < 1:
        raise UsageError(tr("err.seconds", args.lang))
    games = [find_game(name).name for name in args.bench_games.split(",") if name.strip()] or None
    result = bench_search(games, positions=args.positions, seed=args.seed)
    print(json.dumps(result, indent=2) if args.json else format_search_bench(result, args.lang))
    return EXIT_OK


BENCH_READS = {
    "engine": {"seconds", "seed", "bench_games", "runs", "baseline", "rounds", "positions", "presets", "json", "lang",
               "option"},
    "search": {"seed", "bench_games", "positions", "json", "lang"},
    "server": {"seconds", "seed", "bench_games", "json", "lang", "tables", "think", "search", "p99", "sqlite_sync",
               "bots", "bot_delay", "bot_workers"},
}
"""The flags each ``atout bench`` reads; another flag given is refused, not ignored."""


def _flag(dest: str) -> str:
    return {"bench_games": "--games", "option": "-o"}.get(dest, "--" + dest.replace("_", "-"))


def cmd_bench(args: argparse.Namespace) -> int:
    defaults = build_parser(args.lang).parse_args(["bench", args.what])
    unread = [_flag(dest) for dest, value in vars(args).items()
              if dest not in BENCH_READS[args.what] and value != getattr(defaults, dest, value)]
    if unread:
        reads = ", ".join(sorted(_flag(dest) for dest in BENCH_READS[args.what]))
        raise UsageError(tr("err.bench_flags", args.lang, flags=", ".join(unread), what=args.what, reads=reads))
    if args.what == "server":
        if len([g for g in args.bench_games.split(",") if g.strip()]) > 1:
            raise UsageError(tr("err.bench_server_games", args.lang))
        from atout.cli.serve import cmd_bench_server

        return cmd_bench_server(args)
    if args.what == "search":
        return _bench_search(args)
    _require("atout.bench", args.lang)
    from atout import bench

    if args.seconds is None:
        args.seconds = 5.0
    if args.positions is None:
        args.positions = bench.POSITIONS
    if args.seconds <= 0 or args.runs < 1 or args.rounds < 1 or args.positions < 1:
        raise UsageError(tr("err.seconds", args.lang))
    from atout.game import parse_option_pairs
    from atout.games import find_game

    games = [find_game(name).name for name in args.bench_games.split(",") if name.strip()] or None
    options = parse_option_pairs(args.option)
    if args.baseline:
        baseline = Path(args.baseline)
        if not (baseline / "atout" / "__init__.py").is_file():
            raise UsageError(tr("err.baseline", args.lang, path=args.baseline))
        compared = bench.compare_with_baseline(baseline, games, args.seconds, args.rounds, args.seed)
        print(json.dumps(compared, indent=2) if args.json else bench.format_comparison(compared, args.lang))
        return EXIT_OK
    result = bench.run_engine_bench(games, seconds=args.seconds, seed=args.seed, runs=args.runs,
                                    positions=args.positions, options=options, presets=args.presets,
                                    euchre_rounds=args.rounds)
    if args.json:
        _dump(result)
    else:
        print(bench.format_bench(result, args.lang))
    return EXIT_OK


# ---------------------------------------------------------------- validate, replay


def _load_and_replay(path: str, lang: str) -> tuple[Record | None, ReplayResult | None, list[tuple[int, str]]]:
    """Read and replay the record at ``path``: (record, replay result, every error in line order)."""
    _require("atout.record", lang)
    text = _read_text(path, lang)
    from atout.errors import RecordError
    from atout.record import read_record, replay

    try:
        record = read_record(text, lang)
    except RecordError as exc:
        return None, None, list(exc.errors)
    errors: list[tuple[int, str]] = list(record.errors)
    try:
        result = replay(record, lang)
    except RecordError as exc:
        return record, None, _merge(errors, exc.errors)
    return record, result, _merge(errors, list(result.errors))


def _merge(a: list[tuple[int, str]], b: list[tuple[int, str]]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for item in [*a, *b]:
        pair = (int(item[0]), str(item[1]))
        if pair not in out:
            out.append(pair)
    return sorted(out, key=lambda e: e[0])


def result_text(state: State, lang: str) -> str:
    """``result: team A wins A 5 – B 3 (target reached)``, from the state's outcome."""
    from atout.cli.render import SeatNames, is_partnership, score_text

    sides = state.game.sides
    outcome = state.outcome()
    if outcome is None:
        return tr("val.result_open", lang, score=score_text(state.observation(None).scores, sides, lang))
    score = score_text(outcome.scores, sides, lang)
    key = f"reason.{outcome.reason.value}"
    reason = tr(key, lang)
    if not outcome.winners:
        return tr("val.result_tie", lang, score=score, reason=reason)
    side = outcome.winners[0]
    if is_partnership(sides):
        return tr("val.result_win", lang, t=sides.name(side), score=score, reason=reason)
    who = SeatNames(None, sides, lang).name(sides.members(side)[0])
    return tr("val.result_seat", lang, who=who, score=score, reason=reason)


def _print_errors(path: str, errors: list[tuple[int, str]], stream: TextIO) -> None:
    for line, message in errors:
        print(f"{path}:{line}: {message}", file=stream)


def cmd_validate(args: argparse.Namespace) -> int:
    record, result, errors = _load_and_replay(args.file, args.lang)
    if errors or result is None or result.state is None or not result.ok:
        if not errors:
            errors = [(0, tr("err.no_replay", args.lang))]
        _print_errors(args.file, errors, sys.stdout)
        return EXIT_INVALID
    n = len(record.moves) if record is not None else 0
    print(tr("val.ok", args.lang, n=n, result=result_text(result.state, args.lang)))
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    _record, result, errors = _load_and_replay(args.file, args.lang)
    if errors or result is None or result.state is None:
        _print_errors(args.file, errors or [(0, tr("err.no_replay", args.lang))], sys.stderr)
        if result is None or result.state is None:
            return EXIT_INVALID
    state = result.state
    if args.json:
        from atout.record import summary

        _dump(summary(state))
    else:
        from atout.cli.render.account import partie_account

        print("\n".join(partie_account(state, args.lang)))
    return EXIT_INVALID if errors else EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

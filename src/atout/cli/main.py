"""``atout``: the command line. Subcommands play, simulate, variants, bench, validate, replay.

Exit codes: 0 success; 1 an invalid record (validate, replay); 2 a usage error (bad arguments,
unknown game, bad option, unreadable file). Errors are one line on stderr, never a traceback.
Layers below (record, bots, bench) are imported inside the subcommands, so ``atout --help``
works whatever is installed.

>>> main(["variants", "sizette", "--lang", "fr"])  # doctest: +ELLIPSIS
Sizette — 13 options ; à régler avec -o nom=valeur
<BLANKLINE>
target_points
    défaut : 5    valeurs : 1..99
    points qui gagnent la partie
    source : seed 000 §7 ('5 ou 7'); DP-SZ13
...
0
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from atout.cli.i18n import LANGS, tr

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


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


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser of ``atout`` and its subcommands, with help texts in ``lang``."""

    def h(key: str) -> str:
        return tr("cli." + key, lang)

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
    q.add_argument("--seat", type=int, default=0, help=h("seat"))
    q.add_argument("--seed", type=int, default=None, help=h("play_seed"))
    q.add_argument("--bots", choices=("heuristic", "random"), default="heuristic", help=h("play_bots"))
    q.add_argument("--record", metavar="FILE", help=h("record"))
    common(q)

    q = sub.add_parser("simulate", help=h("simulate"), description=h("simulate_desc"))
    q.add_argument("game", help=h("game"))
    q.add_argument("--games", type=int, default=100, help=h("games"))
    q.add_argument("--seed", type=int, default=1, help=h("seed"))
    q.add_argument("--bots", default="heuristic,random", help=h("sim_bots"))
    q.add_argument("--records", metavar="DIR", help=h("records"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q)

    q = sub.add_parser("variants", help=h("variants"), description=h("variants_desc"))
    q.add_argument("game", help=h("game"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q, options=False)

    q = sub.add_parser("bench", help=h("bench"), description=h("bench"))
    q.add_argument("what", choices=("engine",), help=h("bench_what"))
    q.add_argument("--seconds", type=float, default=5.0, help=h("seconds"))
    q.add_argument("--seed", type=int, default=1, help=h("seed"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q, options=False)

    q = sub.add_parser("validate", help=h("validate"), description=h("validate_desc"))
    q.add_argument("file", help=h("file"))
    common(q, options=False)

    q = sub.add_parser("replay", help=h("replay"), description=h("replay_desc"))
    q.add_argument("file", help=h("file"))
    q.add_argument("--json", action="store_true", help=h("json"))
    common(q, options=False)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``atout`` with ``argv`` (default: the process arguments); return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv_lang(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already reported by the parser
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    handler = {"play": cmd_play, "simulate": cmd_simulate, "variants": cmd_variants, "bench": cmd_bench,
               "validate": cmd_validate, "replay": cmd_replay}[args.command]
    try:
        return handler(args)
    except UsageError as exc:
        print(tr("cli.error", args.lang, prog=f"atout {args.command}", msg=exc), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # output piped into a closed reader (| head)
        return EXIT_OK


# ---------------------------------------------------------------- helpers


def _make_game(name: str, pairs: list[str] | None = None) -> Any:
    from atout.errors import OptionError
    from atout.game import parse_option_pairs
    from atout.games import make_game

    try:
        options = parse_option_pairs(pairs or [])
        return make_game(name, options)
    except OptionError as exc:
        raise UsageError(str(exc)) from None


def _options(pairs: list[str]) -> dict[str, str]:
    from atout.errors import OptionError
    from atout.game import parse_option_pairs

    try:
        return parse_option_pairs(pairs)
    except OptionError as exc:
        raise UsageError(str(exc)) from None


def _require(module: str, lang: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise UsageError(tr("err.missing", lang, module=module)) from None


def _simulation_api(lang: str) -> tuple[Any, Any, Any]:
    """``make_bot``, ``simulate`` and ``format_simulation`` of :mod:`atout.bots`."""
    bots = _require("atout.bots", lang)
    return bots.make_bot, bots.simulate, bots.format_simulation


def _read_text(path: str, lang: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(tr("err.read", lang, path=path, reason=reason)) from None


def _dump(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2, default=str))


# ---------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    from atout.cli.play import run_play

    game = _make_game(args.game, args.option)
    if not 0 <= args.seat < game.num_seats:
        raise UsageError(tr("err.seat", args.lang, seat=args.seat, game=game.name, last=game.num_seats - 1))
    if args.record:
        _require("atout.record", args.lang)
        folder = os.path.dirname(os.path.abspath(args.record))
        if not os.path.isdir(folder):
            raise UsageError(tr("err.write", args.lang, path=args.record, reason=tr("err.no_dir", args.lang)))
    return run_play(game, args.seat, args.lang, args.seed, args.bots, args.record)


# ---------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _make_game(args.game, args.option)
    make_bot, simulate, format_simulation = _simulation_api(args.lang)
    names = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if len(names) == 1:
        names = names * 2
    if len(names) != 2:
        raise UsageError(tr("err.bots", args.lang))
    for name in names:
        try:
            make_bot(name, random.Random(0))
        except (ValueError, KeyError) as exc:
            raise UsageError(tr("err.bot", args.lang, name=name, reason=exc)) from None
    if args.games < 1:
        raise UsageError(tr("err.games", args.lang))
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    from atout.errors import OptionError

    try:
        result = simulate(game.name, _options(args.option), bots=names, games=args.games, seed=args.seed,
                                   records_dir=args.records)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        _dump(result)
    else:
        print(format_simulation(result, args.lang))
    return EXIT_OK


# ---------------------------------------------------------------- variants


def variants_data(game: Any, lang: str) -> list[dict[str, Any]]:
    """Every option of ``game``: name, default, allowed values, help in ``lang`` (and both), source."""
    out = []
    for spec in game.option_specs:
        out.append({"name": spec.name, "default": spec.default, "allowed": spec.allowed(),
                    "help": spec.help_fr if lang == "fr" else spec.help_en,
                    "help_en": spec.help_en, "help_fr": spec.help_fr, "source": spec.source})
    return out


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def cmd_variants(args: argparse.Namespace) -> int:
    game = _make_game(args.game)
    data = variants_data(game, args.lang)
    if args.json:
        _dump(data)
        return EXIT_OK
    lang = args.lang
    colon = " : " if lang == "fr" else ": "
    print(tr("var.title", lang, game=game.title[lang], n=len(data)))
    for item in data:
        print()
        print(item["name"])
        print(f"    {tr('var.default', lang)}{colon}{_value_text(item['default'])}    "
              f"{tr('var.allowed', lang)}{colon}{item['allowed']}")
        print(f"    {item['help']}")
        print(f"    {tr('var.source', lang)}{colon}{item['source']}")
    return EXIT_OK


# ---------------------------------------------------------------- bench


def cmd_bench(args: argparse.Namespace) -> int:
    bench = _require("atout.bench", args.lang)
    if args.seconds <= 0:
        raise UsageError(tr("err.seconds", args.lang))
    result = bench.run_engine_bench(seconds=args.seconds, seed=args.seed)
    if args.json:
        _dump(result)
    else:
        print(bench.format_bench(result, args.lang))
    return EXIT_OK


# ---------------------------------------------------------------- validate, replay


def _load_and_replay(path: str, lang: str) -> tuple[Any, Any, list[tuple[int, str]]]:
    """Read and replay the record at ``path``: (record, replay result, every error in line order)."""
    record_mod = _require("atout.record", lang)
    text = _read_text(path, lang)
    from atout.errors import RecordError

    try:
        record = record_mod.read_record(text)
    except RecordError as exc:
        return None, None, list(exc.errors)
    errors: list[tuple[int, str]] = list(getattr(record, "errors", []) or [])
    try:
        result = record_mod.replay(record)
    except RecordError as exc:
        return record, None, _merge(errors, exc.errors)
    return record, result, _merge(errors, list(getattr(result, "errors", []) or []))


def _merge(a: list[tuple[int, str]], b: list[tuple[int, str]]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for item in [*a, *b]:
        pair = (int(item[0]), str(item[1]))
        if pair not in out:
            out.append(pair)
    return sorted(out, key=lambda e: e[0])


def _result_text(state: Any, lang: str) -> str:
    from atout.cli.render import score_text

    score = score_text(state.scores)
    if state.winner_team is None:
        return tr("val.result_open", lang, score=score)
    reason = tr("reason." + state.end_reason, lang) if state.end_reason in ("target", "abandon") else state.end_reason
    return tr("val.result_win", lang, t="AB"[state.winner_team], score=score, reason=reason)


def _print_errors(path: str, errors: list[tuple[int, str]], stream: Any) -> None:
    for line, message in errors:
        print(f"{path}:{line}: {message}", file=stream)


def cmd_validate(args: argparse.Namespace) -> int:
    record, result, errors = _load_and_replay(args.file, args.lang)
    if errors or result is None or not getattr(result, "ok", True):
        if not errors:
            errors = [(0, tr("err.no_replay", args.lang))]
        _print_errors(args.file, errors, sys.stdout)
        return EXIT_INVALID
    n = len(getattr(record, "moves", []) or [])
    print(tr("val.ok", args.lang, n=n, result=_result_text(result.state, args.lang)))
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    record, result, errors = _load_and_replay(args.file, args.lang)
    if errors or result is None:
        _print_errors(args.file, errors or [(0, tr("err.no_replay", args.lang))], sys.stderr)
        if result is None or result.state is None:
            return EXIT_INVALID
    state = result.state
    if args.json:
        from atout.record import summary

        _dump(summary(state))
    else:
        print(replay_account(state, args.lang))
    return EXIT_INVALID if errors else EXIT_OK


def replay_account(state: Any, lang: str) -> str:
    """A readable per-coup account of a replayed partie: atout, levées, talk, points and score.

    Only public facts are told (cards played, talk, results), plus the coup in progress if the
    record stops in the middle of one."""
    from atout.cli.render import render_partie_end, render_result

    options = state.game.options.text()
    lines = [tr("rep.header", lang, game=state.game.title[lang], options=f" ({options})" if options else "")]
    for r in state.results:
        talk = [(e.seat, e.trick, e.action) for e in r.talk]
        plays = [(p.leader, p.cards, p.winner) for p in r.plays]
        lines.extend(_coup_lines(state.n, lang, r.number, r.dealer, r.trump, r.turned, r.captains, plays, talk))
        lines.extend("  " + line for line in render_result(r, lang, state.target))
    if not state.is_terminal() and state.phase_name in ("play", "vole"):
        obs = state.observation(0)
        plays = list(obs.tricks) + ([(obs.leader, obs.trick, -1)] if obs.trick else [])
        lines.extend(_coup_lines(state.n, lang, obs.hand_number, obs.dealer, obs.trump, obs.turned, obs.captains,
                                 plays, list(obs.talk)))
    lines.append("")
    lines.extend(render_partie_end(state.winner_team, state.end_reason, state.scores, lang))
    return "\n".join(lines)


def _coup_lines(n: int, lang: str, number: int, dealer: int, trump_suit: Any, turned: Any, captains: Sequence[int],
                plays: list[tuple[int, Sequence[int], int]], talk: list[tuple[int, int, Any]]) -> list[str]:
    from atout.cli.render import SeatNames, card_label, render_talk, render_trick, suit_display, trick_leader

    names = SeatNames(None, n, lang)
    trump = int(trump_suit) if trump_suit is not None else None
    suit = f"{'♠♥♦♣'[trump]} {suit_display(trump, lang)}" if trump is not None else "—"
    lines = ["", tr("rep.hand", lang, hand=number, dealer=names.name(dealer), suit=suit,
                    card=card_label(turned, lang) if turned is not None else "—",
                    ca=names.name(captains[0]), cb=names.name(captains[1]))]
    first_hand = (dealer + 1) % n
    by_trick: dict[int, list[tuple[int, int, Any]]] = {}
    for entry in talk:
        by_trick.setdefault(entry[1], []).append(entry)

    def say_talk(k: int) -> None:
        for seat, _, action in by_trick.pop(k, []):
            leader = trick_leader(k, first_hand, plays) if action != "nocard" else None
            lines.append(tr("rep.talk", lang, text=render_talk(seat, action, lang, names, trump, leader)))

    for k, (leader, cards, winner) in enumerate(plays, 1):
        say_talk(k)
        text = render_trick(leader, cards, lang, names)
        if winner >= 0:
            lines.append(tr("rep.trick", lang, k=k, cards=text, winner=names.name(winner)))
        else:
            lines.append(tr("rep.trick_open", lang, k=k, cards=text))
    for k in sorted(by_trick):
        say_talk(k)
    return lines


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""``atout analyse RECORD…``: the post-mortem of recorded parties, card by card.

Every card played is valued with all cards in view (:mod:`atout.bots.analysis`): the text lists
the cards that cost their side something (``--all``: every card), hand by hand, then each seat's
total, then the totals by place in the trick (the lead, the second card…); ``--summary`` gives only
the totals. Several records (of one game, e.g. those ``atout simulate --records`` writes) are
summed. ``--json`` gives every verdict (with its ``record``, the file's number, when there are
several). A view record (hidden hands) is refused as ``replay`` refuses it.

>>> parser = argparse.ArgumentParser(prog="atout")
>>> add_analyse_parser(parser.add_subparsers(dest="command"), "en")
>>> args = parser.parse_args(["analyse", "partie.atout", "--all"])
>>> args.files, args.all, args.json, args.summary
(['partie.atout'], True, False, False)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from atout.cli.i18n import CORE, LANGS, Catalog
from atout.words import number_text

if TYPE_CHECKING:
    from atout.bots.analysis import Verdict
    from atout.cards import Card
    from atout.cli.subcommands import Subcommands

WORDS = Catalog({
    "analyse": ("value every card played in a record with all cards in view (double dummy)",
                "évaluer chaque carte jouée d'un enregistrement, toutes cartes vues (double mort)"),
    "analyse_desc": (("The post-mortem of a recorded partie: every card played is valued with every hand in "
                      "view, against the best card the player had. Lists the cards that cost their side "
                      "something, then each seat's total, in the game's own points."),
                     ("L'analyse d'une partie enregistrée : chaque carte jouée est évaluée toutes mains vues, "
                      "contre la meilleure carte que le joueur avait. Donne les cartes qui ont coûté à leur "
                      "camp, puis le total de chaque place, en points du jeu.")),
    "all": ("list every card, not only those that cost something",
            "lister toutes les cartes, pas seulement celles qui ont coûté"),
    "summary_help": ("print only the totals (by seat, by place in the trick)",
                     "n'afficher que les totaux (par place, par rang dans la levée)"),
    "files": ("record files (several: of one game, summed)",
              "fichiers d'enregistrement (plusieurs : d'un même jeu, additionnés)"),
    "records": ("{game}: {n} cards valued with every hand in view, in {k} records",
                "{game} : {n} cartes évaluées toutes mains vues, en {k} enregistrements"),
    "places": ("by place in the trick:", "par rang dans la levée :"),
    "place": ("{name}: cards played {cards}, costly {errors}, points lost {loss} ({mean} a card)",
              "{name} : cartes jouées {cards}, coûteuses {errors}, points perdus {loss} ({mean} par carte)"),
    "lead": ("the lead", "l'entame"),
    "nth": ("card {n}", "carte {n}"),
    "mixed": ("the records are of {a} and {b}: analyse one game at a time",
              "les enregistrements sont de {a} et de {b} : analysez un jeu à la fois"),
    "json_help": ("print the verdicts as JSON", "afficher les verdicts en JSON"),
    "title": ("{game}: {n} cards valued with every hand in view", "{game} : {n} cartes évaluées toutes mains vues"),
    "hand": ("Hand {n}", "Donne {n}"),
    "cost": ("  seat {seat} played {card} (step {step}): {loss} less than {best} (value {value}, best {top})",
             "  place {seat} a joué {card} (coup {step}) : {loss} de moins que {best} (valeur {value}, meilleure {top})"),
    "good": ("  seat {seat} played {card} (step {step}): best (value {value})",
             "  place {seat} a joué {card} (coup {step}) : la meilleure (valeur {value})"),
    "none": ("  every card was the best", "  chaque carte était la meilleure"),
    "total": ("seat {seat}: cards played {cards}, costly {errors}, points lost {loss}",
              "place {seat} : cartes jouées {cards}, coûteuses {errors}, points perdus {loss}"),
    "no_solver": ("{game} has no double-dummy solver", "{game} n'a pas de solveur à cartes ouvertes"),
}, parent=CORE)


def add_analyse_parser(sub: Subcommands, lang: str) -> None:
    """The ``analyse`` subcommand's arguments."""
    q = sub.add_parser("analyse", aliases=["analyze"], help=WORDS.tr("analyse", lang),
                       description=WORDS.tr("analyse_desc", lang))
    q.add_argument("files", nargs="+", metavar="file", help=WORDS.tr("files", lang))
    q.add_argument("--all", action="store_true", help=WORDS.tr("all", lang))
    q.add_argument("--summary", action="store_true", help=WORDS.tr("summary_help", lang))
    q.add_argument("--json", action="store_true", help=WORDS.tr("json_help", lang))
    q.add_argument("--lang", choices=LANGS, default="en", help=WORDS.tr("cli.lang", lang))


def cmd_analyse(args: argparse.Namespace) -> int:
    from atout.bots.analysis import analyse, by_place, solver_of, summary
    from atout.cli.main import EXIT_INVALID, EXIT_OK, _load_and_replay, _print_errors
    from atout.cli.render import make_renderer

    lang = args.lang
    states = []
    for file in args.files:
        _record, result, errors = _load_and_replay(file, lang)
        if errors or result is None or result.state is None:
            _print_errors(file, errors or [(0, CORE.tr("err.no_replay", lang))], sys.stderr)
            return EXIT_INVALID
        states.append(result.state)
    game = states[0].game
    for state in states[1:]:
        if state.game.name != game.name:
            print(WORDS.tr("mixed", lang, a=game.name, b=state.game.name), file=sys.stderr)
            return EXIT_INVALID
    try:
        solver_of(game.name)
    except (ValueError, ImportError):
        print(WORDS.tr("no_solver", lang, game=game.name), file=sys.stderr)
        return EXIT_INVALID
    each = [analyse(state) for state in states]
    verdicts: list[Verdict] = [v for found in each for v in found]
    totals = summary(verdicts, game.num_seats)
    places = by_place(verdicts)
    if args.json:
        listed = [{**v.to_json(), **({"record": k} if len(states) > 1 else {})}
                  for k, found in enumerate(each) for v in found]
        print(json.dumps({"game": game.name, "verdicts": listed, "seats": totals, "places": places},
                         ensure_ascii=False, indent=2))
        return EXIT_OK
    card_label = make_renderer(game, lang, None).card    # as the game shows a card (Bésigue: no copy number)
    if len(states) > 1:
        print(WORDS.tr("records", lang, game=game.name, n=len(verdicts), k=len(states)))
    for file, found in zip(args.files, each, strict=True):
        if not args.summary:
            print(_listing(file if len(states) > 1 else "", found, game.name, card_label, args.all, lang))
    for row in totals:
        print(WORDS.tr("total", lang, **{**row, "loss": _n(row["loss"], lang)}))
    print(WORDS.tr("places", lang))
    for at in places:
        name = WORDS.tr("lead", lang) if at["place"] == 0 else WORDS.tr("nth", lang, n=at["place"] + 1)
        print("  " + WORDS.tr("place", lang, name=name, cards=at["cards"], errors=at["errors"],
                              loss=_n(at["loss"], lang), mean=_n(at["mean"], lang)))
    return EXIT_OK


def _listing(file: str, verdicts: Sequence[Verdict], game: str, card_label: Callable[[Card], str], every: bool,
             lang: str) -> str:
    """One record's verdicts, hand by hand: the cards that cost something (``every``: all)."""
    out = [WORDS.tr("title", lang, game=game, n=len(verdicts)) + (f" ({file})" if file else "")]
    for hand in sorted({v.hand for v in verdicts}):
        out.append(WORDS.tr("hand", lang, n=hand))
        lines = []
        for v in (v for v in verdicts if v.hand == hand):
            card = card_label(v.card)
            if v.loss > 0:
                lines.append(WORDS.tr("cost", lang, seat=v.seat, card=card, step=v.step, loss=_n(v.loss, lang),
                                      best=" / ".join(dict.fromkeys(card_label(c) for c in v.best_cards)),
                                      value=_n(v.value, lang), top=_n(v.best, lang)))
            elif every:
                lines.append(WORDS.tr("good", lang, seat=v.seat, card=card, step=v.step, value=_n(v.value, lang)))
        out.append("\n".join(lines) if lines else WORDS.tr("none", lang))
    return "\n".join(out)


def _n(x: float, lang: str) -> str:
    """A number as the language writes it: ``0.25`` in English, ``0,25`` in French."""
    return str(int(x)) if float(x).is_integer() else number_text(x, ".2f", lang).rstrip("0")


__all__ = ["WORDS", "add_analyse_parser", "cmd_analyse"]

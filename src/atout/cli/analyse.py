"""``atout analyse RECORD``: the post-mortem of a recorded partie, card by card.

Every card played is valued with all cards in view (:mod:`atout.bots.analysis`): the text lists
the cards that cost their side something (``--all``: every card), hand by hand, then each seat's
total; ``--json`` gives every verdict. A view record (hidden hands) is refused as ``replay`` refuses it.

>>> parser = argparse.ArgumentParser(prog="atout")
>>> add_analyse_parser(parser.add_subparsers(dest="command"), "en")
>>> args = parser.parse_args(["analyse", "partie.atout", "--all"])
>>> args.file, args.all, args.json
('partie.atout', True, False)
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from atout.cli.i18n import CORE, LANGS, Catalog

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
    "json_help": ("print the verdicts as JSON", "afficher les verdicts en JSON"),
    "title": ("{game}: {n} cards valued with every hand in view", "{game} : {n} cartes évaluées toutes mains vues"),
    "hand": ("Hand {n}", "Donne {n}"),
    "cost": ("  seat {seat} played {card} (step {step}): {loss} less than {best} (value {value}, best {top})",
             "  place {seat} a joué {card} (coup {step}) : {loss} de moins que {best} (valeur {value}, meilleure {top})"),
    "good": ("  seat {seat} played {card} (step {step}): best (value {value})",
             "  place {seat} a joué {card} (coup {step}) : la meilleure (valeur {value})"),
    "none": ("  every card was the best", "  chaque carte était la meilleure"),
    "total": ("seat {seat}: {cards} cards, {errors} cost something, {loss} in all",
              "place {seat} : {cards} cartes, {errors} ont coûté, {loss} en tout"),
    "no_solver": ("{game} has no double-dummy solver", "{game} n'a pas de solveur à cartes ouvertes"),
}, parent=CORE)


def add_analyse_parser(sub: Any, lang: str) -> None:
    """The ``analyse`` subcommand's arguments."""
    q = sub.add_parser("analyse", aliases=["analyze"], help=WORDS.tr("analyse", lang),
                       description=WORDS.tr("analyse_desc", lang))
    q.add_argument("file", help=WORDS.tr("cli.file", lang))
    q.add_argument("--all", action="store_true", help=WORDS.tr("all", lang))
    q.add_argument("--json", action="store_true", help=WORDS.tr("json_help", lang))
    q.add_argument("--lang", choices=LANGS, default="en", help=WORDS.tr("cli.lang", lang))


def cmd_analyse(args: argparse.Namespace) -> int:
    from atout.bots.analysis import analyse, solver_of, summary
    from atout.cli.main import EXIT_INVALID, EXIT_OK, _load_and_replay, _print_errors
    from atout.cli.render import make_renderer

    lang = args.lang
    _record, result, errors = _load_and_replay(args.file, lang)
    if errors or result is None or result.state is None:
        _print_errors(args.file, errors or [(0, CORE.tr("err.no_replay", lang))], sys.stderr)
        return EXIT_INVALID
    state = result.state
    try:
        solver_of(state.game.name)
    except (ValueError, ImportError):
        print(WORDS.tr("no_solver", lang, game=state.game.name), file=sys.stderr)
        return EXIT_INVALID
    verdicts = analyse(state)
    totals = summary(verdicts, state.game.num_seats)
    if args.json:
        print(json.dumps({"game": state.game.name, "verdicts": [v.to_json() for v in verdicts], "seats": totals},
                         ensure_ascii=False, indent=2))
        return EXIT_OK
    card_label = make_renderer(state.game, lang, None).card    # as the game shows a card (Bésigue: no copy number)
    print(WORDS.tr("title", lang, game=state.game.name, n=len(verdicts)))
    for hand in sorted({v.hand for v in verdicts}):
        print(WORDS.tr("hand", lang, n=hand))
        lines = []
        for v in (v for v in verdicts if v.hand == hand):
            card = card_label(v.card)
            if v.loss > 0:
                lines.append(WORDS.tr("cost", lang, seat=v.seat, card=card, step=v.step, loss=_n(v.loss),
                                      best=" / ".join(dict.fromkeys(card_label(c) for c in v.best_cards)),
                                      value=_n(v.value), top=_n(v.best)))
            elif args.all:
                lines.append(WORDS.tr("good", lang, seat=v.seat, card=card, step=v.step, value=_n(v.value)))
        print("\n".join(lines) if lines else WORDS.tr("none", lang))
    for row in totals:
        print(WORDS.tr("total", lang, **row))
    return EXIT_OK


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


__all__ = ["WORDS", "add_analyse_parser", "cmd_analyse"]

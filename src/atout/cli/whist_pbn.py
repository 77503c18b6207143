"""``atout pbn``: Whist deals in Portable Bridge Notation, both ways.

``atout pbn export RECORD`` writes every deal of a recorded Whist (or mort) partie as one PBN
file (``--out FILE``, else on standard output), so that bridge programs open them.
``atout pbn import FILE`` reads the deals of a PBN file — ours, or a bridge tournament's, whose
auctions, plays, notes and tables Whist has no use for — tells each one, and with
``--records DIR`` writes each as an atout record that starts at that deal (``atout replay``,
``atout analyse`` read them). A bridge board says nothing of a turned card: the dealer's lowest
card of the contract's suit is taken (see :func:`atout.games.whist.pbn.chosen_turned`).

>>> parser = argparse.ArgumentParser(prog="atout")
>>> add_pbn_parser(parser.add_subparsers(dest="command"), "en")
>>> args = parser.parse_args(["pbn", "import", "boards.pbn", "--records", "out"])
>>> args.action, args.file, args.records
('import', 'boards.pbn', 'out')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from atout.cli.i18n import CORE, LANGS, Catalog, suit_display

if TYPE_CHECKING:
    from atout.cli.subcommands import Command, Subcommands
    from atout.games.whist.pbn import BoardDeal

FULL_PACK = 52
WORDS = Catalog({
    "pbn": ("Whist deals in Portable Bridge Notation: export a record's deals, import a PBN file",
            "Les donnes du whist en Portable Bridge Notation : exporter celles d'un enregistrement, importer un fichier PBN"),
    "pbn_desc": (("export: every deal of a recorded Whist or mort partie as one PBN file, for bridge programs. "
                  "import: the deals of a PBN file (a bridge tournament's too: its auctions, plays and tables are "
                  "skipped), told one by one, or written as atout records."),
                 ("export : chaque donne d'une partie de whist ou de mort enregistrée, en un fichier PBN, pour les "
                  "logiciels de bridge. import : les donnes d'un fichier PBN (aussi d'un tournoi de bridge : ses "
                  "enchères, jeux et tables sont ignorés), racontées une à une, ou écrites en enregistrements atout.")),
    "action": ("export (a record to PBN) or import (a PBN file)", "export (un enregistrement en PBN) ou import (un fichier PBN)"),
    "file": ("the record (export) or the PBN file (import)", "l'enregistrement (export) ou le fichier PBN (import)"),
    "out": ("write the PBN file here instead of printing it", "écrire le fichier PBN ici au lieu de l'afficher"),
    "records": ("write each deal as an atout record in this folder", "écrire chaque donne en enregistrement atout dans ce dossier"),
    "mort": ("play the deals as Whist with a mort (the South hand is the mort)",
             "jouer les donnes au whist avec un mort (la main Sud est le mort)"),
    "not_whist": ("{game} deals have no PBN form: only Whist and the mort", "les donnes de {game} n'ont pas de forme PBN : seulement le whist et le mort"),
    "not_52": ("PBN deals hold 52 cards; this partie is played with {n}",
               "une donne PBN compte 52 cartes ; cette partie se joue avec {n}"),
    "no_boards": ("no deal in {path}", "aucune donne dans {path}"),
    "board": ("Board {n}: {dealer} deals, trump {suit} (turned {card}{why}){result}",
              "Donne {n} : {dealer} donne, atout {suit} (retourne {card}{why}){result}"),
    "chosen": (", chosen: the file does not say", ", choisie : le fichier ne le dit pas"),
    "result": ("; the dealer's side took {n} tricks", " ; le camp du donneur a fait {n} levées"),
    "hand": ("  {place}: {cards}", "  {place} : {cards}"),
    "written": ("{n} deals written to {path}", "{n} donnes écrites dans {path}"),
    "record_written": ("{n} records written to {path}", "{n} enregistrements écrits dans {path}"),
    "compass": ("North East South West", "Nord Est Sud Ouest"),
}, parent=CORE)


def add_pbn_parser(sub: Subcommands, lang: str) -> None:
    """The ``pbn`` subcommand's arguments."""
    q = sub.add_parser("pbn", help=WORDS.tr("pbn", lang), description=WORDS.tr("pbn_desc", lang))
    q.add_argument("action", choices=("export", "import"), help=WORDS.tr("action", lang))
    q.add_argument("file", help=WORDS.tr("file", lang))
    q.add_argument("--out", metavar="FILE", help=WORDS.tr("out", lang))
    q.add_argument("--records", metavar="DIR", help=WORDS.tr("records", lang))
    q.add_argument("--mort", action="store_true", help=WORDS.tr("mort", lang))
    q.add_argument("--lang", choices=LANGS, default="en", help=WORDS.tr("cli.lang", lang))


def cmd_pbn(args: argparse.Namespace) -> int:
    return export_pbn(args) if args.action == "export" else import_pbn(args)


COMMANDS: dict[str, Command] = {"pbn": (add_pbn_parser, cmd_pbn)}
"""Whist's own subcommand, which the game's class names (``commands_module``)."""


def export_pbn(args: argparse.Namespace) -> int:
    """Every deal of the record ``args.file`` as one PBN file."""
    from atout.cli.main import EXIT_INVALID, EXIT_OK, UsageError, _load_and_replay, _print_errors
    from atout.games.whist.pbn import partie_pbn
    from atout.games.whist.state import WhistState

    _record, result, errors = _load_and_replay(args.file, args.lang)
    if errors or result is None or result.state is None:
        _print_errors(args.file, errors or [(0, WORDS.tr("err.no_replay", args.lang))], sys.stderr)
        return EXIT_INVALID
    state = result.state
    if not isinstance(state, WhistState):
        raise UsageError(WORDS.tr("not_whist", args.lang, game=state.game.name))
    if len(state.game.pack) != FULL_PACK:
        raise UsageError(WORDS.tr("not_52", args.lang, n=len(state.game.pack)))
    text = partie_pbn(state)
    if not args.out:
        sys.stdout.write(text)
        return EXIT_OK
    _write(args.out, text, args.lang)
    print(WORDS.tr("written", args.lang, n=text.count("[Deal "), path=args.out))
    return EXIT_OK


def import_pbn(args: argparse.Namespace) -> int:
    """The deals of the PBN file ``args.file``, told; with ``--records``, written as records."""
    from atout.cli.main import EXIT_INVALID, EXIT_OK, UsageError, _print_errors, _read_text
    from atout.errors import RecordError
    from atout.games.whist.pbn import read_pbn

    try:
        boards = read_pbn(_read_text(args.file, args.lang))
    except RecordError as exc:
        _print_errors(args.file, list(exc.errors), sys.stderr)
        return EXIT_INVALID
    if not boards:
        raise UsageError(WORDS.tr("no_boards", args.lang, path=args.file))
    for board in boards:
        print("\n".join(board_lines(board, args.lang)))
    if args.records:
        folder = Path(args.records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(WORDS.tr("err.write", args.lang, path=args.records, reason=exc.strerror or exc)) from None
        for k, board in enumerate(boards, 1):
            _write(str(folder / f"board-{k:03d}.atout"), board_record(board, args.mort, args.file), args.lang)
        print(WORDS.tr("record_written", args.lang, n=len(boards), path=args.records))
    return EXIT_OK


def board_lines(board: BoardDeal, lang: str) -> list[str]:
    """A board told: its number, dealer, trump and turned card, result, and the four hands."""
    from atout.cards import SUIT_INDEX, CardSet, Suit
    from atout.cli.render.cards import card_label, render_hand
    from atout.games.whist.pbn import chosen_turned
    from atout.packs import WHIST_ORDER

    compass = WORDS.tr("compass", lang).split()
    turned = board.turned if board.turned >= 0 else chosen_turned(board)
    suit = Suit(SUIT_INDEX[turned])
    lines = [WORDS.tr("board", lang, n=board.number, dealer=compass[board.dealer],
                      suit=f"{suit.symbol} {suit_display(suit, lang)}", card=card_label(turned, lang),
                      why="" if board.turned >= 0 else WORDS.tr("chosen", lang),
                      result=WORDS.tr("result", lang, n=board.result) if board.result >= 0 else "")]
    lines += [WORDS.tr("hand", lang, place=compass[p], cards=render_hand(CardSet(board.hands[p]), lang, WHIST_ORDER))
              for p in range(4)]
    return lines


def board_record(board: BoardDeal, mort: bool, source: str) -> str:
    """An atout record that starts at the board's deal (places are seats; with a mort, North has
    it and South is the mort)."""
    from atout.cards import Card
    from atout.games import make_game
    from atout.games.whist.pbn import chosen_turned, whist_deal
    from atout.record import write_record

    turned = board.turned if board.turned >= 0 else chosen_turned(board)
    board = board._replace(turned=turned)
    game = make_game("mort" if mort else "whist", {"rubbers": 1} if mort else {})
    if mort:
        from atout.chance import Deal

        deal = whist_deal(board, (0, 1, 3))
        deal = Deal(deal.hands, tuple(Card(c) for c in _cards(board.hands[2])), deal.turned)
        place_seat = (0, 1, 3, 2)
        dealer = place_seat[board.dealer]
        setup = {"declarer": "0", "dealer": str(dealer)}
    else:
        deal = whist_deal(board)
        setup = {"dealer": str(board.dealer)}
    state = game.state_from_deal(deal, setup)
    return write_record(state, {"Event": f"PBN board {board.number}", "Source": Path(source).name})


def _cards(mask: int) -> list[int]:
    from atout.cards import cards_of

    return [int(c) for c in cards_of(mask)]


def _write(path: str, text: str, lang: str) -> None:
    from atout.cli.main import UsageError

    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise UsageError(WORDS.tr("err.write", lang, path=path, reason=exc.strerror or exc)) from None

"""The ``atout`` command line: play in the terminal, simulate, list variants, bench, validate and replay records.

The rules, records and bots know nothing of the terminal; this package is the only one that
prints. It works for every registered game through the contract: game-neutral words live in
:mod:`atout.cli.i18n` (English and French), and each game's look on screen in its renderer,
registered in :mod:`atout.cli.render` (a game without one plays with the generic renderer).

>>> from atout.cli.main import main
>>> main(["variants", "quadrette", "--json"]) == 0  # doctest: +ELLIPSIS
{...
True
"""

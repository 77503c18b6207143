"""The ``atout`` command line: play in the terminal, simulate, list variants, bench, validate and replay records.

The rules, records and bots know nothing of the terminal; this package is the only one that
prints. Every user-facing string lives in :mod:`atout.cli.i18n`, in English and French.

>>> from atout.cli.main import main
>>> main(["variants", "quadrette", "--json"]) == 0  # doctest: +ELLIPSIS
[...
True
"""

"""What a subcommand of ``atout`` is made of: the function that adds its parser, given the
subparsers of ``atout`` and the language of the help, and the function that runs it.

A game brings its own subcommands in a table of them (``COMMANDS`` of its ``commands_module``:
Whist's ``pbn``); ``atout`` adds its own the same way (``arena``, ``serve``, ``analyse``).

>>> import argparse
>>> from atout.cli.whist_pbn import COMMANDS
>>> sub: Subcommands = argparse.ArgumentParser(prog="atout").add_subparsers(dest="command")
>>> add_parser, run = COMMANDS["pbn"]
>>> add_parser(sub, "en"); run.__name__
'cmd_pbn'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Protocol


class Subcommands(Protocol):
    """The subparsers of ``atout`` (what ``ArgumentParser.add_subparsers`` returns), as a
    subcommand's ``add_parser`` uses them: one parser more, by name."""

    def add_parser(self, name: str, *, help: str | None = ..., aliases: Sequence[str] = ...,
                   description: str | None = ...) -> argparse.ArgumentParser: ...


AddParser = Callable[[Subcommands, str], None]
"""``add_parser(sub, lang)``: adds a subcommand's parser to ``sub``, its help in ``lang``."""
Run = Callable[[argparse.Namespace], int]
"""``run(args)``: runs the subcommand with its parsed arguments and returns the exit code."""
Command = tuple[AddParser, Run]
"""A subcommand: how to add its parser, how to run it."""

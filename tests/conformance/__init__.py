"""The conformance kit: every game registered in ``atout.games`` passes it by registering.

- ``kit.py``: the checks, through the contract only (``atout.game``, ``atout.actions``,
  ``atout.errors``); nothing in it names a game.
- ``test_kit.py``: the kit run on every registered game, with its presets and option variants.
- ``tests/toygame.py`` (shared with the record, bot and command-line tests): a small trick game
  implementing the whole contract, registered only while ``test_kit.py`` runs; the example of
  what a game must implement.
- ``test_kit_catches.py``: mutants of the toy, each breaking one rule, that the kit must fail.
"""

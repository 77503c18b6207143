"""Whist (long whist, four players, two against two) and Whist with a mort (three players, one
playing the mort's hand too): docs/rules/whist.md.

The rooms of the game: :mod:`~atout.games.whist.spec` (the games, their options in
:mod:`~atout.games.whist.options`, the seating), :mod:`~atout.games.whist.state` (the phases and
the hot path of card play), :mod:`~atout.games.whist.deal` (the cut and the deal),
:mod:`~atout.games.whist.scoring` (hands, games, rubbers), :mod:`~atout.games.whist.observation`,
:mod:`~atout.games.whist.notation`, :mod:`~atout.games.whist.refusals`, and
:mod:`~atout.games.whist.pbn` (each deal in Portable Bridge Notation).
"""

from atout.games.whist.spec import MortGame, WhistGame

GAMES = (WhistGame, MortGame)

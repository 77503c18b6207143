"""Bésigue for two, three or four players or two partnerships (docs/rules/besigue.md): the Haitian
game of four 32-card packs and four jokers by default, the classic two-pack Bézique as a preset.

The rooms of the game: :mod:`~atout.games.besigue.spec` (the game, and its options digested in
``Rules``; the options and presets in :mod:`~atout.games.besigue.options`),
:mod:`~atout.games.besigue.state` (the phases), :mod:`~atout.games.besigue.deal` (the draw and the
deal), :mod:`~atout.games.besigue.declarations` (the combinations and their validity),
:mod:`~atout.games.besigue.brisques` (the count), :mod:`~atout.games.besigue.match` (en bas table and
the hundred), :mod:`~atout.games.besigue.observation`, :mod:`~atout.games.besigue.notation`,
:mod:`~atout.games.besigue.refusals`.
"""

from atout.games.besigue.spec import BesigueGame

GAMES = (BesigueGame,)

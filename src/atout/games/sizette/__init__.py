"""Sizette: six players, three against three, 36 cards, played à la parlante (docs/rules/sizette.md).

The rooms of the game: :mod:`~atout.games.sizette.spec` (the game and its options, in
:mod:`~atout.games.sizette.options`), :mod:`~atout.games.sizette.state` (the phases), and the rule
families it delegates to — :mod:`~atout.games.sizette.deal`, :mod:`~atout.games.sizette.play`,
:mod:`~atout.games.sizette.windows` (the speech windows) with :mod:`~atout.games.sizette.talk`
(what may be said), :mod:`~atout.games.sizette.scoring`, :mod:`~atout.games.sizette.table_law`;
then :mod:`~atout.games.sizette.observation`, :mod:`~atout.games.sizette.refusals`,
:mod:`~atout.games.sizette.notation` (text of actions). Quadrette is a variant
(:mod:`atout.games.quadrette`).
"""

from atout.games.sizette.spec import SizetteGame

GAMES = (SizetteGame,)

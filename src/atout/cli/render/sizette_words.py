"""The words of Sizette and Quadrette on the terminal: the game's phrase book
(:mod:`atout.games.sizette.words`) over the terminal's game-neutral catalog.

>>> WORDS.tr("talk.nocard", "fr", who="Le joueur 1"), WORDS.tr("play.quit", "en")
("Le joueur 1 : je ne l'ai pas.", 'You leave the table.')
"""

from __future__ import annotations

from atout.cli.i18n import CORE, Catalog
from atout.games.sizette.words import MESSAGES

WORDS = Catalog(MESSAGES, parent=CORE)

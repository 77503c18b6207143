"""Sizette: six players, three against three, 36 cards, played à la parlante."""

from atout.games.sizette.spec import SizetteGame

GAMES = (SizetteGame,)

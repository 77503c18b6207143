"""atout: the card games of the old French salons — Sizette and Quadrette first.

>>> from atout.games import make_game
>>> make_game("sizette").num_seats
6
"""

__version__ = "0.1.0"

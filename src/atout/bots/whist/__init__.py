"""The bots written for Whist and Whist with a mort (the generic ``random`` bot plays them too).

>>> sorted(BOTS)
['heuristic']
"""

from atout.bots.whist.heuristic import HeuristicBot

BOTS = {"heuristic": HeuristicBot}

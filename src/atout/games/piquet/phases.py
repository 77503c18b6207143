"""The phases of a Piquet partie and of its declaration dialogue, as small ints (the state's hot
path compares them), with their names.

>>> PHASE_NAMES[EXCHANGE_ELDER], STEP_NAMES[TELL]
('exchange_elder', 'tell')
"""

from __future__ import annotations

DRAW, CUT, DEAL, EXCHANGE_ELDER, BLANCHE_DISCARD, EXCHANGE_YOUNGER, DIALOGUE, PLAY, YOUNGER_DECLARES, OVER = range(10)
PHASE_NAMES = ("draw", "cut", "deal", "exchange_elder", "carte_blanche_discard", "exchange_younger",
               "declarations", "play", "younger_declares", "over")

NO_STEP, DECLARE, ANSWER, TELL, ALSO, YOUNGER_DECLARE = range(6)
STEP_NAMES = ("", "declare", "answer", "tell", "also", "younger_declare")

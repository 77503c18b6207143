"""The phases of a partie and the speech windows of a hand, as small ints (docs/rules/decisions.md#speech-windows).

A partie runs: DRAW (chance) → [CHOOSE_DEALER] → CAPTAINS → for each hand: CUT (window C0: a side
may change its captain) → DEAL (chance) → PLAY (speech windows C1, C2, C3) → [VOLE] → scored →
the next hand, until a side reaches the target (OVER).

``mode`` is :data:`CARD_DUE` exactly when a card is due from the player to play and nothing else
is pending: the engine's fast path.

>>> PHASE_NAMES[PLAY], WINDOW_NAMES[C2]
('play', 'C2')
"""

from __future__ import annotations

DRAW, CHOOSE_DEALER, CAPTAINS, CUT, DEAL, PLAY, VOLE, OVER = range(8)
PHASE_NAMES = ("draw", "choose_dealer", "captains", "cut", "deal", "play", "vole", "over")

NO_WINDOW, C1, C2, C3 = 0, 1, 2, 3
WINDOW_NAMES: tuple[str | None, ...] = (None, "C1", "C2", "C3")

CARD_DUE, OTHER = 0, 1

"""Counting the brisques (aces and tens taken in tricks, 10 points each) at the end of a hand, with
every rule the French Wikipedia article « Bésigue » lists (docs/rules/decisions.md#besigue-brisques):

- ``min_count``: a side scores its brisques only with at least ``brisque_min`` (14 by default for
  two players and partnerships; « parfois au moins 16 »);
- ``min_score``: only with at least ``brisque_min_score`` points already on its score;
- ``count_and_score``: both (independents: 8 brisques and 100 points already scored);
- ``majority``: the side with the most brisques scores them all (320 with four packs), and each other
  side deducts ``majority_deduction``; on a tie for the most, nobody scores or deducts;
- ``none``: every brisque scores.

The winner of the last trick counts first, then the others in turn from him.

>>> from atout.games.besigue.spec import BesigueGame
>>> rules = BesigueGame().rules
>>> brisque_points(rules, 0, [14, 18], 200), brisque_points(rules, 0, [13, 19], 200)
(140, 0)
>>> counting_order(BesigueGame({"partnerships": True}).rules, 3)
[1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.games.besigue.spec import BRISQUE_POINTS, Rules


def counting_order(rules: Rules, last_winner: int) -> list[int]:
    """The sides in the order they count: the last trick's winner's side first, then by seats in turn."""
    out: list[int] = []
    for i in range(rules.n):
        side = rules.side_of[(last_winner + i) % rules.n]
        if side not in out:
            out.append(side)
    return out


def brisque_points(rules: Rules, side: int, counts: Sequence[int], marque: int) -> int:
    """What ``side`` scores (or deducts) for its brisques, ``counts`` being every side's brisques and
    ``marque`` its score before it counts."""
    mine = counts[side]
    rule = rules.brisque_rule
    if rule == "none":
        return BRISQUE_POINTS * mine
    if rule == "majority":
        top = max(counts)
        if list(counts).count(top) > 1:
            return 0
        return BRISQUE_POINTS * rules.brisques_in_pack if mine == top else -rules.majority_deduction
    enough = mine >= rules.brisque_min if rule in ("min_count", "count_and_score") else True
    if rule in ("min_score", "count_and_score"):
        enough = enough and marque >= rules.brisque_min_score
    return BRISQUE_POINTS * mine if enough else 0

"""The partie of Piquet in each format, and its settlement (*la marque*).

- **Rubicon, six deals** (default) or **four deals**: the deals' scores are added (in four deals,
  or by option, the first and the last count double); the higher total wins. If the loser has
  100 or more, the winner gains the difference plus 100; if the loser has less than 100 (he is
  *rubiconed*; exactly 100 is safe), the winner gains the sum plus 100. A tie: one more deal each
  (counted single); still tied, the partie is drawn and nothing is paid.
- **A game to 100, 150 or 221 points**: checked at the end of each deal; the first to reach the
  target wins (both: the higher; equal: another deal). The winner gains his score plus the
  difference. *Sèche*: one game; *liée*: the first to win two manches, each manche settled so and
  the partie's settlement the sum.

Sources: *Le Piquet* (loisirs.savoir.fr), with its examples; Cavendish, *The Laws of Piquet*
(1882) for the tie deals (docs/rules/decisions.md#piquet-partie).

>>> settle_rubicon(118, 102), settle_rubicon(118, 72), settle_rubicon(75, 60), settle_points(175, 125)
(116, 290, 235, 225)
>>> settle_rubicon(130, 100), settle_rubicon(130, 99)
(130, 329)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from atout.game import OptionValue

RUBICON = 100
GAME_BONUS = 100
TIE_DEALS = 2


class Format(NamedTuple):
    """A partie's format: ``deals`` (6 or 4; 0 for a game in points), the deal numbers that count
    double, the ``target`` in points (0 for Rubicon), and whether a game in points is liée."""

    deals: int
    doubled: frozenset[int]
    target: int
    liee: bool

    @property
    def is_rubicon(self) -> bool:
        return self.deals > 0

    def multiplier(self, deal: int) -> int:
        """How many times deal number ``deal`` (from 1) counts."""
        return 2 if deal in self.doubled else 1


def format_of(options: Mapping[str, OptionValue]) -> Format:
    """The format the options describe.

    >>> format_of({"partie": "rubicon4", "double_first_last": "auto", "target": "100", "liee": False})
    Format(deals=4, doubled=frozenset({1, 4}), target=0, liee=False)
    """
    partie = options["partie"]
    if partie == "points":
        return Format(0, frozenset(), int(options["target"]), bool(options["liee"]))
    deals = 4 if partie == "rubicon4" else 6
    doubling = options["double_first_last"]
    doubled = frozenset((1, deals)) if doubling == "always" or (doubling == "auto" and deals == 4) else frozenset()
    return Format(deals, doubled, 0, False)


def settle_rubicon(winner: int, loser: int) -> int:
    """What the winner of a Rubicon partie gains."""
    if loser >= RUBICON:
        return winner - loser + GAME_BONUS
    return winner + loser + GAME_BONUS


def settle_points(winner: int, loser: int) -> int:
    """What the winner of a game in points gains: his score plus the difference."""
    return winner + (winner - loser)


def marque_of(fmt: Format, scores: tuple[int, int], winner: int, gains: int) -> tuple[tuple[str, int], ...]:
    """What the partie is worth as the outcome states it: ``gains`` (what the winner gains, the
    loser pays; in a game liée the sum of the manches), and in a Rubicon partie ``rubiconed_by``
    when the loser stays under 100 (how far under).

    >>> six = format_of({"partie": "rubicon6", "double_first_last": "auto", "target": "100", "liee": False})
    >>> marque_of(six, (118, 72), 0, 290), marque_of(six, (102, 118), 1, 116), marque_of(six, (80, 80), -1, 0)
    ((('gains', 290), ('rubiconed_by', 28)), (('gains', 116),), (('gains', 0),))
    """
    figures = [("gains", gains)]
    if fmt.is_rubicon and winner >= 0 and scores[1 - winner] < RUBICON:
        figures.append(("rubiconed_by", RUBICON - scores[1 - winner]))
    return tuple(figures)


class Verdict(NamedTuple):
    """After a deal: ``winner`` of the game or manche (-1: none yet), whether the partie is
    ``over``, whether a ``manche`` was won (a game in points), and what the winner ``gains``."""

    winner: int
    over: bool
    manche: bool
    gains: int


def after_deal(fmt: Format, deal: int, scores: tuple[int, int], manches: tuple[int, int]) -> Verdict:
    """The partie after deal number ``deal`` (from 1 in the partie; in a game in points, any
    running number) with the ``scores`` then (of the current manche) and the manches won before.

    >>> six = format_of({"partie": "rubicon6", "double_first_last": "auto", "target": "100", "liee": False})
    >>> after_deal(six, 5, (90, 40), (0, 0)), after_deal(six, 6, (118, 72), (0, 0))
    (Verdict(winner=-1, over=False, manche=False, gains=0), Verdict(winner=0, over=True, manche=False, gains=290))
    >>> after_deal(six, 6, (80, 80), (0, 0)).over, after_deal(six, 8, (80, 80), (0, 0))
    (False, Verdict(winner=-1, over=True, manche=False, gains=0))
    """
    a, b = scores
    if fmt.is_rubicon:
        extra = deal - fmt.deals  # the tie deals are played out once begun: each deals once more
        if extra < 0 or (extra == 0 and a == b) or 0 < extra < TIE_DEALS:
            return Verdict(-1, False, False, 0)
        if a == b:
            return Verdict(-1, True, False, 0)
        winner = 0 if a > b else 1
        return Verdict(winner, True, False, settle_rubicon(max(a, b), min(a, b)))
    if max(a, b) < fmt.target or a == b:
        return Verdict(-1, False, False, 0)
    winner = 0 if a > b else 1
    gains = settle_points(max(a, b), min(a, b))
    if not fmt.liee:
        return Verdict(winner, True, False, gains)
    won = manches[winner] + 1
    return Verdict(winner, won >= 2, True, gains)

"""Scoring a Whist hand, a game and a rubber (docs/rules/whist.md §3–§5): plain functions of the
numbers, per partnership (index 0 and 1), that the state calls and the worked tests check.

- Tricks first: the side with seven tricks or more scores one point per trick over six (the
  *chelem*, all thirteen, scores 7 and nothing more).
- Then honours *held* (A K Q J of trumps): three held by a side score 2, four score 4; none if a
  side won the game on tricks in this hand, nor for a side that began the hand one point short
  of the game (at nine in long whist), unless ``honours_at_nine``.
- A game is won at ``game_points`` (10; 5 in short whist); points beyond it are lost. It is worth
  3 if the losers have nothing, 2 if they have less than half the game, else 1.

>>> rules = ScoringRules(10, True, False)
>>> score_hand((0, 0), (8, 5), (3, 1), rules)
HandScore(trick_points=(2, 0), honour_points=(2, 0), game_scores=(4, 0), game_winner=-1, game_value=0)
>>> score_hand((8, 3), (9, 4), (1, 3), rules)   # tricks bring side 0 to 11: side 1's honours void
HandScore(trick_points=(3, 0), honour_points=(0, 0), game_scores=(11, 3), game_winner=0, game_value=2)
"""

from __future__ import annotations

from typing import NamedTuple

HONOURS_THREE = 2
HONOURS_FOUR = 4
BOOK = 6          # the first six tricks of a side score nothing
CALLING_AT = 8    # "calling at eight"


class ScoringRules(NamedTuple):
    """What scoring needs of the options."""

    game_points: int
    honours: bool
    honours_at_nine: bool

    @property
    def calling_score(self) -> int:
        """The score at which a side may show or call honours: eight in a game of ten, and in
        Cotton's game of nine; two short of a shorter game.

        >>> [ScoringRules(n, True, False).calling_score for n in (10, 9, 7, 5)]
        [8, 8, 5, 3]
        """
        return CALLING_AT if self.game_points > CALLING_AT else self.game_points - 2


class HandScore(NamedTuple):
    """A hand's effect on the game, per partnership."""

    trick_points: tuple[int, int]
    honour_points: tuple[int, int]
    game_scores: tuple[int, int]     # after the hand, as reached (the surplus is lost afterwards)
    game_winner: int                 # -1: the game goes on
    game_value: int                  # what the game is worth to its winners (0 if none)


def honour_value(count: int) -> int:
    """Points for ``count`` honours held by one side: 3 → 2, 4 → 4, fewer → 0.

    >>> [honour_value(n) for n in range(5)]
    [0, 0, 0, 2, 4]
    """
    return HONOURS_FOUR if count >= 4 else HONOURS_THREE if count == 3 else 0


def game_value(losers: int, game_points: int) -> int:
    """What a game is worth to its winners, by the losers' score: 3 if nothing, 2 if less than
    half the game (1–4 in long whist, 1–2 in short), else 1.

    >>> [game_value(n, 10) for n in (0, 1, 4, 5, 9)], [game_value(n, 5) for n in (0, 2, 3)]
    ([3, 2, 2, 1, 1], [3, 2, 1])
    """
    if losers <= 0:
        return 3
    return 2 if 2 * losers < game_points else 1


def score_hand(start: tuple[int, int], tricks: tuple[int, int], honours: tuple[int, int],
               rules: ScoringRules) -> HandScore:
    """A played hand: ``start`` the game scores when it was dealt, ``tricks`` won and ``honours``
    held by each partnership.

    >>> rules = ScoringRules(10, True, False)
    >>> score_hand((9, 2), (5, 8), (4, 0), rules).honour_points   # at nine honours do not count
    (0, 0)
    >>> score_hand((6, 2), (6, 7), (4, 0), rules)   # honours win the game when tricks do not
    HandScore(trick_points=(0, 1), honour_points=(4, 0), game_scores=(10, 3), game_winner=0, game_value=2)
    """
    scores = list(start)
    trick_points = [0, 0]
    honour_points = [0, 0]
    for side in (0, 1):
        if tricks[side] > BOOK:
            trick_points[side] = tricks[side] - BOOK
            scores[side] += trick_points[side]
            if scores[side] >= rules.game_points:
                return _won(scores, trick_points, honour_points, side, rules)
    if rules.honours:
        for side in (0, 1):
            points = honour_value(honours[side])
            if points and (rules.honours_at_nine or start[side] != rules.game_points - 1):
                honour_points[side] = points
                scores[side] += points
                if scores[side] >= rules.game_points:
                    return _won(scores, trick_points, honour_points, side, rules)
    return HandScore((trick_points[0], trick_points[1]), (honour_points[0], honour_points[1]),
                     (scores[0], scores[1]), -1, 0)


def score_shown(start: tuple[int, int], side: int, honours: int, rules: ScoringRules) -> HandScore:
    """Honours shown at eight (three in one hand, or a call answered yes): ``side`` scores 2 for
    three honours, 4 for four, and wins the game at once; the hand is not played.

    >>> score_shown((8, 4), 0, 3, ScoringRules(10, True, False))
    HandScore(trick_points=(0, 0), honour_points=(2, 0), game_scores=(10, 4), game_winner=0, game_value=2)
    """
    points = honour_value(honours)
    honour_points = [0, 0]
    honour_points[side] = points
    scores = list(start)
    scores[side] += points
    return _won(scores, [0, 0], honour_points, side, rules)


def _won(scores: list[int], trick_points: list[int], honour_points: list[int], side: int,
         rules: ScoringRules) -> HandScore:
    value = game_value(scores[1 - side], rules.game_points)
    return HandScore((trick_points[0], trick_points[1]), (honour_points[0], honour_points[1]),
                     (scores[0], scores[1]), side, value)


def rubber_winner(games_won: tuple[int, int]) -> int:
    """The partnership that has won two games (the third is not played after 2–0), else -1.

    >>> rubber_winner((2, 0)), rubber_winner((1, 1)), rubber_winner((1, 2))
    (0, -1, 1)
    """
    for side in (0, 1):
        if games_won[side] >= 2:
            return side
    return -1


def net(values: tuple[int, int]) -> int:
    """What partnership 0 collects at the end of a rubber (negative: what it pays): the difference
    of the totals (game values and rubber points) of the two partnerships.

    >>> net((2 + 2, 1)), net((1, 3 + 2))
    (3, -4)
    """
    return values[0] - values[1]

"""The match: games won, *en bas table*, and "giving a hundred" (docs/rules/decisions.md#besigue-match).

From the French Wikipedia article « Bésigue »: a game is won *en bas table* when the loser has
not reached an agreed score (750 for a game of 1000; here a share of the target, 75 %), and it
then counts two. Four consecutive wins "give a hundred" to the loser, who from then on starts
every game with 100 on his score, until he in turn gives a hundred back; two consecutive en bas
table wins make a hundred too. En bas table and the hundred are for two sides (two players, or
two partnerships).

A :class:`Match` is an immutable value: :meth:`Match.won` gives the match after a game won.

>>> from atout.games.besigue.spec import BesigueGame
>>> m, worth = Match.start(BesigueGame().rules).won(0, 700)
>>> worth, m.wins, m.streak
(2, (2, 0), (0, 2))
>>> m, worth = m.won(0, 900)
>>> worth, m.streak
(1, (0, 3))
>>> m, worth = m.won(0, 900)
>>> worth, m.hundreds, m.receiver, m.streak
(1, (1, 0), 1, (-1, 0))
>>> m.start_scores(), m.won(1, 760)[0].streak
((0, 100), (1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.games.besigue.spec import HEAD_START, HUNDRED_STREAK, Rules


@dataclass(frozen=True)
class Match:
    """The match so far: ``wins`` per side (an en bas table game counts two), the running ``streak``
    ``(side, count)``, the ``hundreds`` each side has given, and the ``receiver``: the side that
    starts each game with 100 (``-1``: none)."""

    rules: Rules
    wins: tuple[int, ...]
    streak: tuple[int, int]
    hundreds: tuple[int, ...]
    receiver: int
    games: int = 0

    @classmethod
    def start(cls, rules: Rules, receiver: int = -1, streak: tuple[int, int] = (-1, 0),
              wins: tuple[int, ...] | None = None, hundreds: tuple[int, ...] | None = None) -> Match:
        zeros = (0,) * rules.num_sides
        return cls(rules, wins or zeros, streak, hundreds or zeros, receiver)

    def is_bas_table(self, loser_score: int) -> bool:
        """Whether a loser with ``loser_score`` makes the game count two."""
        return self.rules.bas_table and loser_score < self.rules.bas_table_below

    def won(self, winner: int, loser_score: int) -> tuple[Match, int]:
        """The match after a game won by ``winner`` (the best other score ``loser_score``), and
        the games it counts."""
        worth = 2 if self.is_bas_table(loser_score) else 1
        wins = list(self.wins)
        wins[winner] += worth
        hundreds, receiver, streak = self.hundreds, self.receiver, self.streak
        if self.rules.bas_table:
            side, count = streak
            count = count + worth if side == winner else worth
            if count >= HUNDRED_STREAK:
                given = list(hundreds)
                given[winner] += 1
                hundreds = tuple(given)
                receiver = 1 - winner     # the loser now starts at 100 (never cumulative)
                streak = (-1, 0)
            else:
                streak = (winner, count)
        return Match(self.rules, tuple(wins), streak, hundreds, receiver, self.games + 1), worth

    def over(self) -> int:
        """The side that has won the match (``-1``: not yet): the first to ``match_games`` games, or,
        when the match is counted in hundreds, the first to give ``match_hundreds`` hundreds."""
        rules = self.rules
        counted, length = (self.hundreds, rules.match_hundreds) if rules.match_hundreds else (self.wins,
                                                                                               rules.match_games)
        for side, won in enumerate(counted):
            if won >= length:
                return side
        return -1

    def start_scores(self) -> tuple[int, ...]:
        """Each side's score at the start of a game: 100 for the side that received a hundred."""
        return tuple(HEAD_START if side == self.receiver else 0 for side in range(self.rules.num_sides))

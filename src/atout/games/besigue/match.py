"""The match: games won, *en bas table*, and "giving a hundred" (docs/rules/decisions.md#besigue-match).

From the French Wikipedia article « Bésigue »: a game is won *en bas table* when the loser has
not reached an agreed score (750 for a game of 1000; here a share of the target, 75 %), and it
then counts two. Four consecutive wins "give a hundred" to the loser, who from then on starts
every game with 100 on his score, until he in turn gives a hundred back; two consecutive en bas
table wins make a hundred too. En bas table and the hundred are for two sides (two players, or
two partnerships).

>>> from atout.games.besigue.spec import BesigueGame
>>> m = Match.start(BesigueGame().rules)
>>> m.win(0, 700), m.wins, m.streak
(2, (2, 0), (0, 2))
>>> m.win(0, 900), m.streak, m.win(0, 900), m.hundreds, m.receiver, m.streak
(1, (0, 3), 1, (1, 0), 1, (-1, 0))
>>> m.start_scores(), m.win(1, 760), m.streak
((0, 100), 1, (1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.games.besigue.spec import HEAD_START, HUNDRED_STREAK, Rules


@dataclass
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
              wins: tuple[int, ...] | None = None) -> Match:
        zeros = (0,) * rules.num_sides
        return cls(rules, wins or zeros, streak, zeros, receiver)

    def copy(self) -> Match:
        return Match(self.rules, self.wins, self.streak, self.hundreds, self.receiver, self.games)

    def is_bas_table(self, loser_score: int) -> bool:
        """Whether a loser with ``loser_score`` makes the game count two."""
        return self.rules.bas_table and loser_score < self.rules.bas_table_below

    def win(self, winner: int, loser_score: int) -> int:
        """Record a game won by ``winner`` (the best other score ``loser_score``); the games it counts."""
        worth = 2 if self.is_bas_table(loser_score) else 1
        wins = list(self.wins)
        wins[winner] += worth
        self.wins = tuple(wins)
        self.games += 1
        if not self.rules.bas_table:
            return worth
        side, count = self.streak
        count = count + worth if side == winner else worth
        if count >= HUNDRED_STREAK:
            hundreds = list(self.hundreds)
            hundreds[winner] += 1
            self.hundreds = tuple(hundreds)
            self.receiver = 1 - winner     # the loser now starts at 100 (never cumulative)
            self.streak = (-1, 0)
        else:
            self.streak = (winner, count)
        return worth

    def over(self) -> int:
        """The side that has won the match (``-1``: not yet)."""
        for side, won in enumerate(self.wins):
            if won >= self.rules.match_games:
                return side
        return -1

    def start_scores(self) -> tuple[int, ...]:
        """Each side's score at the start of a game: 100 for the side that received a hundred."""
        return tuple(HEAD_START if side == self.receiver else 0 for side in range(self.rules.num_sides))

"""The search's budget: a decision stops before a world that would overrun it."""

from __future__ import annotations

import random
from collections.abc import Iterator

from atout.bots.pimc import best_move


class Clock:
    """A process clock that each solved world moves on by ``cost`` seconds."""

    def __init__(self, cost: float):
        self.now = 0.0
        self.cost = cost

    def __call__(self) -> float:
        return self.now


def run(cost: float, worlds: int = 24, seconds: float = 0.5, min_worlds: int = 4) -> int:
    clock = Clock(cost)

    def sample(obs: object, rng: random.Random) -> Iterator[float]:
        while True:
            yield rng.random()

    def value(obs: object, world: float, moves: object) -> list[float]:
        clock.now += clock.cost
        return [world, 0.5]

    choice = best_move(None, ["a", "b"], sample, value, random.Random(1), worlds=worlds, seconds=seconds,
                       min_worlds=min_worlds, clock=clock)
    return choice.worlds


def test_cheap_worlds_all_searched() -> None:
    assert run(cost=0.001) == 24


def test_stops_before_a_world_that_would_end_past_the_budget() -> None:
    # 0.03 s a world: 16 worlds end at 0.48 s, a 17th would end at 0.51 s
    assert run(cost=0.03) == 16


def test_min_worlds_within_twice_the_budget() -> None:
    # 0.2 s a world: the budget allows two, four are wanted, the fourth would end at 0.8 ≤ 1.0
    assert run(cost=0.2) == 4


def test_never_past_twice_the_budget() -> None:
    # 0.4 s a world: a third would end at 1.2 s, past twice the budget, even though four are wanted
    assert run(cost=0.4) == 2
    # a world slower than the whole budget: one, never more
    assert run(cost=1.5) == 1


def test_worlds_cap_wins_over_time() -> None:
    assert run(cost=0.0, worlds=7) == 7

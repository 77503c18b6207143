"""The post-mortem of a partie: for every card actually played, its double-dummy value and the best card.

Each position where a seat played a card is rebuilt on a fresh state, and the game's solver
(``atout.bots.<game>.solver``: ``value(obs, world, moves)`` and ``world_of(state, seat)``) values
every card the seat could play there with all cards in view: the value of the card played, the
best value, the cards that reach it, and what the choice cost (``loss``, in the game's own points
for the player's side; 0 when the card was as good as the best). A solver that only values part of
the game (Bésigue's second phase) says so with ``solvable(obs)``; the other cards are left out.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots import make_bot, play_partie
>>> game = make_game("piquet")
>>> state = play_partie(game, [make_bot("heuristic", game, random.Random(s)) for s in range(2)], random.Random(4), hands=1)
>>> verdicts = analyse(state)
>>> len(verdicts), {v.seat for v in verdicts}, all(v.best >= v.value for v in verdicts)
(24, {0, 1}, True)
>>> all(v.loss == 0 for v in verdicts if v.card in v.best_cards)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import NamedTuple, TypedDict

from atout.actions import Action, ActionKind
from atout.bots.registry import search_part
from atout.cards import Card
from atout.game import Observation, State
from atout.record.walk import fresh_start

EPSILON = 1e-9


class Verdict(NamedTuple):
    """One card played: in hand ``hand`` (counted from 1), by ``seat``, at the ``step``-th action
    of the history, at ``place`` in its trick (0: the lead); its value, the best value and the
    cards that reach it."""

    hand: int
    step: int
    seat: int
    card: Card
    value: float
    best: float
    best_cards: tuple[Card, ...]
    place: int = 0

    @property
    def loss(self) -> float:
        """What the card cost the player's side against the best (0 for a best card)."""
        return 0.0 if self.best - self.value < EPSILON else self.best - self.value

    def to_json(self) -> dict[str, object]:
        return {"hand": self.hand, "step": self.step, "seat": self.seat, "card": str(self.card),
                "value": _number(self.value), "best": _number(self.best),
                "best_cards": [str(c) for c in self.best_cards], "loss": _number(self.loss), "place": self.place}


class Totals(TypedDict):
    """Cards valued, cards that cost something, and their total cost."""

    cards: int
    errors: int
    loss: float | int


class SeatTotals(Totals):
    """A seat's :class:`Totals`."""

    seat: int


class PlaceTotals(Totals):
    """The :class:`Totals` of a place in the trick, and the mean cost a card."""

    place: int
    mean: float


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 3)


def solver_of(game: str) -> ModuleType:
    """The solver module of ``game`` (its bots' ``solver``); ``ValueError`` when it has none."""
    solver = search_part(game, "solver")
    if solver is None:
        raise ValueError(f"no double-dummy solver for {game}")
    return solver


def analyse(state: State, seats: Sequence[int] | None = None,
            progress: Callable[[int, int], None] | None = None) -> list[Verdict]:
    """A :class:`Verdict` for every card played in ``state``'s partie (by ``seats``, all by
    default) where the game's solver values the position. ``progress(done, total)`` is called
    after each position."""
    solver = solver_of(state.game.name)
    solvable: Callable[[Observation], bool] = getattr(solver, "solvable", lambda obs: True)
    shadow, rest = fresh_start(state)
    total = sum(1 for _, a in rest if type(a) is Card)
    verdicts: list[Verdict] = []
    done = 0
    offset = len(state.history) - len(rest)
    for index, (seat, action) in enumerate(rest):
        if type(action) is Card and (seats is None or seat in seats):
            obs = shadow.observation(seat)
            if solvable(obs):
                verdicts.append(_verdict(solver, shadow, obs, seat, action, len(shadow.results) + 1, offset + index))
            done += 1
            if progress is not None:
                progress(done, total)
        shadow.apply(action, seat)
    return verdicts


def _verdict(solver: ModuleType, shadow: State, obs: Observation, seat: int, card: Card, hand: int, step: int
             ) -> Verdict:
    moves: list[Action] = [a for a in obs.legal if a.kind is ActionKind.MOVE and type(a) is Card]
    values = list(solver.value(obs, solver.world_of(shadow, seat), moves))
    best = max(values)
    best_cards = tuple(m for m, v in zip(moves, values, strict=True) if best - v < EPSILON and type(m) is Card)
    return Verdict(hand, step, seat, card, values[moves.index(card)], best, best_cards, len(obs.trick))


def summary(verdicts: Sequence[Verdict], num_seats: int) -> list[SeatTotals]:
    """Per seat: cards valued, cards that cost something, and the total cost."""
    return [{"seat": seat, **_totals([v for v in verdicts if v.seat == seat])} for seat in range(num_seats)]


def by_place(verdicts: Sequence[Verdict]) -> list[PlaceTotals]:
    """Per place in the trick (0: the lead), those places where a card was valued: cards valued,
    cards that cost something, the total cost and the mean cost a card. Where a player's side
    loses against play with every card in view: a lead is chosen knowing least.

    >>> v = [Verdict(1, 5, 0, Card("KH"), 0, 1, (Card("AS"),)), Verdict(1, 6, 1, Card("7H"), 1, 1, (Card("7H"),), 1)]
    >>> by_place(v + v[:1])
    [{'place': 0, 'cards': 2, 'errors': 2, 'loss': 2, 'mean': 1.0}, {'place': 1, 'cards': 1, 'errors': 0, 'loss': 0, 'mean': 0.0}]
    """
    out: list[PlaceTotals] = []
    for place in sorted({v.place for v in verdicts}):
        mine = [v for v in verdicts if v.place == place]
        out.append({"place": place, **_totals(mine), "mean": round(sum(v.loss for v in mine) / len(mine), 3)})
    return out


def _totals(verdicts: Sequence[Verdict]) -> Totals:
    return {"cards": len(verdicts), "errors": sum(1 for v in verdicts if v.loss > 0),
            "loss": _number(sum(v.loss for v in verdicts))}


__all__ = ["PlaceTotals", "SeatTotals", "Totals", "Verdict", "analyse", "by_place", "solver_of", "summary"]

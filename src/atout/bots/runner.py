"""Drive one partie with one bot per seat.

Chance steps are drawn with ``state.sample_chance(rng)``. Otherwise the bot of ``state.to_move``
gets only ``state.observation(seat)`` and its answer is applied (the engine refuses anything
not listed in ``obs.legal``). After each action of the seat to move, the bots of the other
seats that interject (:class:`~atout.bots.base.InterjectingBot`) get one chance each, in turn
order from the next seat, to act out of turn (a claim), with their own observation.

Everything is bounded: a seat to move that keeps choosing optional actions (talk, claims) is,
after :data:`MAX_EXTRAS` of them in one turn, shown only the actions it must choose from (its
``MOVE`` actions; when it has none, the ``CLAIM`` answers the game waits for); out-of-turn
actions trigger no further round of chances; and a partie longer than ``max_steps`` actions
raises :class:`RunawayPartie`.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots import make_bot
>>> game = make_game("sizette")
>>> bots = [make_bot("heuristic" if game.sides.of(s) == 0 else "random", game, random.Random(s)) for s in range(6)]
>>> state = play_partie(game, bots, random.Random(5))
>>> outcome = state.outcome()
>>> outcome is not None and len(outcome.winners) == 1
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.actions import ActionKind
from atout.bots.base import Bot, interjects, sees_all
from atout.game import CHANCE, TERMINAL, Game, Observation, State

MAX_STEPS = 100_000  # a safety net: no sane partie comes near it
MAX_EXTRAS = 64  # optional actions a seat to move may take in one turn before it must move


class RunawayPartie(RuntimeError):
    """The partie did not end within ``max_steps`` actions, or a bot would not move (a bug)."""


def play_partie(game: Game, bots: Sequence[Bot], rng: random.Random, max_steps: int = MAX_STEPS,
                state: State | None = None, hands: int | None = None) -> State:
    """Play one partie of ``game`` to its end and return the final state.

    ``bots[seat]`` acts for ``seat`` (see :class:`~atout.bots.base.Bot`); ``rng`` draws the
    shuffles and deals. ``state``: start there instead of a new partie (e.g. from
    ``game.state_from_deal``); ``hands``: stop as soon as that many hands are scored.
    """
    n = game.num_seats
    if len(bots) != n:
        raise ValueError(f"{game.name} needs {n} bots, got {len(bots)}")
    listeners = [s for s in range(n) if hasattr(bots[s], "interject")]
    state = game.new_state() if state is None else state
    extras = 0  # optional actions taken by the seat to move in its current turn
    turn_of = TERMINAL
    for _ in range(max_steps):
        seat = state.to_move
        if seat == TERMINAL or (hands is not None and len(state.results) >= hands):
            return state
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            turn_of = CHANCE
            continue
        if seat != turn_of:
            turn_of, extras = seat, 0
        obs = state.observation(seat)
        if extras >= MAX_EXTRAS:
            obs = _moves_only(obs, seat)
        bot = bots[seat]
        action = bot.act_seeing(obs, state, seat) if sees_all(bot) else bot.act(obs)
        state.apply(action, seat)
        if action.kind is ActionKind.MOVE:
            turn_of = TERMINAL  # the next action starts a new turn, even for the same seat
        else:
            extras += 1
        if listeners:
            _out_of_turn(state, bots, listeners, seat)
    raise RunawayPartie(f"no end after {max_steps} actions: {state!r}")


def _moves_only(obs: Observation, seat: int) -> Observation:
    """The observation with ``legal`` cut down to what the seat must choose from."""
    moves = tuple(a for a in obs.legal if a.kind is ActionKind.MOVE)
    if not moves:
        moves = tuple(a for a in obs.legal if a.kind is ActionKind.CLAIM)  # an answer the game waits for
    if not moves or not hasattr(obs, "_replace"):
        raise RunawayPartie(f"seat {seat} took {MAX_EXTRAS} optional actions in one turn and cannot be made to move")
    replaced: Observation = obs._replace(legal=moves)   # a game's observation is a NamedTuple
    return replaced


def _out_of_turn(state: State, bots: Sequence[Bot], listeners: list[int], actor: int) -> None:
    """One chance for each interjecting bot not to move, in turn order after ``actor``."""
    n = state.game.num_seats
    for offset in range(1, n + 1):
        seat = (actor + offset) % n
        if seat not in listeners:
            continue
        to_move = state.to_move
        if to_move < 0:
            return  # chance or the end: nothing to claim until the game goes on
        bot = bots[seat]
        if seat == to_move or not interjects(bot):
            continue
        obs = state.observation(seat)
        if not obs.legal:
            continue
        action = bot.interject(obs)
        if action is not None:
            if action.kind is ActionKind.MOVE:
                raise ValueError(f"bot {bot.name} at seat {seat} chose a move out of turn: {action}")
            state.apply(action, seat)


__all__ = ["MAX_EXTRAS", "MAX_STEPS", "RunawayPartie", "play_partie"]

"""Positions of real Whist and mort parties for the whist bot tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from atout.actions import Action
from atout.cards import Card, CardSet, cards_of
from atout.chance import Deal
from atout.errors import ActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.spec import WhistGame
from atout.games.whist.state import WhistState


def play_until(game_name: str, seed: int, stop: Callable[[WhistState], bool],
               options: dict[str, object] | None = None) -> tuple[WhistState, list[tuple[int, Action]]]:
    """A partie played at random (cards only: no calls) until ``stop`` holds in play, with the
    actions applied since the last deal."""
    state = make_game(game_name, options or {}).new_state()
    assert isinstance(state, WhistState)
    rng = random.Random(seed)
    since: list[tuple[int, Action]] = []
    while state.outcome() is None:
        if state.phase_name == "play" and stop(state):
            return state, since
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            since = []
            continue
        legal = state.legal_actions()
        cards = [a for a in legal if type(a) is Card] or list(legal)
        action = rng.choice(cards)
        since.append((state.to_move, action))
        state.apply(action)
    raise AssertionError("the partie ended before the position")


def from_deal(game_name: str, seed: int, setup: dict[str, str], stop: Callable[[WhistState], bool],
              choose: Callable[[WhistState, list[Action], random.Random], Action] | None = None,
              deal_ok: Callable[[Deal], bool] = lambda deal: True, options: dict[str, object] | None = None,
              ) -> tuple[WhistState, Deal, list[tuple[int, Action]]]:
    """One hand from a random deal (the first ``deal_ok`` of a seeded series), played by
    ``choose`` (at random among the cards by default) until ``stop`` holds in play: the state,
    the deal and the actions since the deal."""
    game = make_game(game_name, options or {})
    assert isinstance(game, WhistGame)
    rng = random.Random(seed)
    while True:
        deal = WhistState.before_deal(game, setup).sample_chance(rng)
        assert isinstance(deal, Deal)
        if deal_ok(deal):
            break
    state = game.state_from_deal(deal, setup)
    assert isinstance(state, WhistState)
    actions: list[tuple[int, Action]] = []
    while not (state.phase_name == "play" and stop(state)):
        legal = list(state.legal_actions())
        cards = [a for a in legal if type(a) is Card]
        action = (choose or _any_card)(state, cards or legal, rng)
        actions.append((state.to_move, action))
        state.apply(action)
    return state, deal, actions


def _any_card(state: WhistState, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def replayed(state: WhistState, deal: Deal, actions: list[tuple[int, Action]], setup: dict[str, str],
             world: tuple[int, ...]) -> WhistState | None:
    """The hand of ``state`` (dealt ``deal``, then ``actions``) replayed with the cards still to
    play placed as in ``world`` (by hand seat), the cards played where they were; ``None`` when the
    engine refuses the deal or an action."""
    table = state.table
    dealt = [int(h) for h in deal.hands] + ([int(CardSet.of(deal.talon))] if table.mort else [])
    now = [0] * 4
    for place, hand in enumerate(state.hands):
        now[state.seat_of_place(place)] = hand
    hands = [world[h] | (dealt[h] & ~now[h]) for h in range(4)]
    replay_deal = Deal(tuple(CardSet(hands[s]) for s in range(table.n)),
                       tuple(cards_of(hands[3])) if table.mort else (), deal.turned)
    try:
        replay = state.game.state_from_deal(replay_deal, setup)
        for who, action in actions:
            replay.apply(action, who)
    except ActionError:
        return None
    assert isinstance(replay, WhistState)
    return replay

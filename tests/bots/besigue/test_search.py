"""The Bésigue search bot: it sees only its observation (poisoned hidden cards change nothing), it
plays the solver's card once the talon is out, and the registry offers it with its oracle."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.besigue.sampler import consistent, knowledge
from atout.bots.besigue.search import first_phase_values, make_oracle, make_search
from atout.bots.besigue.solver import position_of, solve
from atout.cards import BASE_OF, cards_of
from tests.bots.besigue.helpers import play_until
from tests.bots.clock import BIG_CLOCK


def poisoned_first_phase(state: Any) -> Any:
    """A state seat 0 cannot tell from ``state``: a hidden card of seat 1 swapped with another card
    in the talon."""
    other = state.clone()
    hidden = state.hands[1] & ~state.tabled[1]
    talon = list(state.talon)
    last = len(talon) - (1 if state.retourne is not None else 0)
    for x in cards_of(hidden):
        for i in range(state.talon_pos, last):
            y = talon[i]
            if BASE_OF[y] != BASE_OF[x]:
                talon[i] = x
                hands = list(state.hands)
                hands[1] ^= (1 << x) | (1 << y)
                other.hands, other.talon = tuple(hands), tuple(talon)
                return other
    raise AssertionError("nothing to swap")


def same_view(a: Any, b: Any, seat: int) -> bool:
    oa, ob = a.observation(seat), b.observation(seat)
    return bool(oa.to_json() == ob.to_json() and oa.log.to_json() == ob.log.to_json())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_poisoned_hidden_cards_change_nothing_in_the_first_phase(seed: int) -> None:
    state = play_until(seed, lambda s: s.phase_name == "play" and s.to_move == 0 and len(s.talon) - s.talon_pos < 80)
    assert state is not None
    other = poisoned_first_phase(state)
    assert other.hands != state.hands and same_view(state, other, 0)
    choices = []
    for s in (state, other):
        bot = make_search(random.Random(7), seconds=BIG_CLOCK)
        choices.append((bot.act(s.observation(0)), bot.last.means if bot.last else None))
    assert choices[0] == choices[1]


def test_poisoned_hidden_cards_change_nothing_in_the_last_tricks_of_three() -> None:
    """Three players, the talon out: two hidden cards exchanged between the other seats, both
    placings consistent with the voids shown."""
    for seed in range(40):
        state = play_until(seed, lambda s: s.phase_name == "last_tricks" and s.to_move == 0
                           and s.hands[0].bit_count() >= 3, {"players": 3})
        if state is None:
            continue
        k = knowledge(state.observation(0))
        for x in cards_of(state.hands[1]):
            for y in cards_of(state.hands[2]):
                hands = list(state.hands)
                hands[1] ^= (1 << x) | (1 << y)
                hands[2] ^= (1 << x) | (1 << y)
                if BASE_OF[x] != BASE_OF[y] and consistent(k, tuple(hands)):
                    other = state.clone()
                    other.hands = tuple(hands)
                    assert same_view(state, other, 0)
                    picks = [make_search(random.Random(3), worlds=6, seconds=BIG_CLOCK).act(s.observation(0)) for s in (state, other)]
                    assert picks[0] == picks[1]
                    return
    raise AssertionError("no position found")


def test_two_players_last_tricks_search_plays_as_the_oracle() -> None:
    """With two players the talon out leaves nothing hidden: the search's card is one of the best."""
    for seed in range(3):
        state = play_until(seed, lambda s: s.phase_name == "last_tricks")
        assert state is not None
        seat = state.to_move
        obs = state.observation(seat)
        values = solve(position_of(obs, state.hands))
        bot = make_search(random.Random(0))
        oracle = make_oracle(random.Random(0))
        card = bot.act(obs)
        assert values[card] == max(values.values())
        assert oracle.act_seeing(obs, state, seat) == card


def test_first_phase_evaluator_sees_the_trick() -> None:
    """The opponent leads a ten: taking it with the ace is worth more than a small card, by more than
    the ten (the evaluator in the true world, no draws)."""
    from atout.bots.besigue.sampler import world_of
    from atout.cards import Card, CardSet
    from atout.chance import Deal
    from atout.games import make_game

    game = make_game("besigue", {"target": 10000})
    mine, his = CardSet.parse("AH 8C 9C 7D 8D 9D 8S 9S 7C"), CardSet.parse("10H 7H 8H 9H 7H#2 8H#2 9H#2 7S 8S#2")
    talon = tuple(c for c in game.rules.pack_cards if c not in mine and c not in his)
    state = game.state_from_deal(Deal((mine, his), talon), {"dealer": "0"})
    state.apply(Card("10H"), 1)
    obs = state.observation(0)
    moves = [Card("AH"), Card("8C")]
    take, throw = first_phase_values(obs, world_of(state, 0)._replace(talon=()), moves)
    assert take - throw > 10


def test_registered_with_options() -> None:
    bot = make_bot("search", "besigue", random.Random(0), worlds=8, seconds=0.2)
    assert bot.worlds == 8 and bot.seconds == 0.2  # type: ignore[attr-defined]
    assert make_bot("oracle", "besigue", random.Random(0)).sees_all  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        make_bot("search", "besigue", random.Random(0), worlds="many")


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "partnerships": True}, {"preset": "classic"},
                                     {"trump_mode": "turned_card", "classic_sevens": True}])
def test_a_whole_hand_with_the_search_bot(options: dict[str, object]) -> None:
    """Every decision of a hand, both phases (the talon run out to its last card), is legal."""
    from atout.bots.besigue import HeuristicBot
    from atout.games import make_game

    game = make_game("besigue", {"target": 10000, **options})
    state, rng = game.new_state(), random.Random(5)
    bots = [make_search(random.Random(1), worlds=3) if s == 0 else HeuristicBot(random.Random(s))
            for s in range(game.num_seats)]
    searched = set()
    while not state.results:
        if state.to_move < 0:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.to_move
        obs = state.observation(seat)
        action = bots[seat].act(obs)
        assert action in obs.legal
        if seat == 0 and bots[0].last is not None:  # type: ignore[attr-defined]
            searched.add(obs.phase)
        state.apply(action, seat)
    assert searched == {"play", "last_tricks"}

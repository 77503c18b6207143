"""The Bésigue search bot: it sees only its observation (poisoned hidden cards change nothing), it
plays the solver's card once the talon is out, and the registry offers it with its oracle."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.besigue.sampler import consistent, knowledge
from atout.bots.besigue.search import first_phase_values, make_oracle, make_search
from atout.bots.besigue.solver import BRISQUE, position_of, solve
from atout.cards import BASE_OF, cards_of
from tests.bots.besigue.helpers import play_until


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
        bot = make_search(random.Random(7))
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
                    picks = [make_search(random.Random(3), worlds=6).act(s.observation(0)) for s in (state, other)]
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
    """Following a lead holding brisques, a card that takes the trick is worth more than one that
    does not, by the brisques at least (the evaluator in one world: the true one)."""
    from atout.bots.besigue.sampler import world_of
    from atout.tricks import trick_winner

    found = 0
    for seed in range(30):
        state = play_until(seed, lambda s: s.phase_name == "play" and len(s.trick) == 1
                           and BRISQUE[s.trick[0]] and s.trump is not None)
        if state is None:
            continue
        obs = state.observation(state.to_move)
        moves = [m for m in obs.legal if type(m).__name__ == "Card"]
        values = first_phase_values(obs, world_of(state, state.to_move), moves)
        win = [v for m, v in zip(moves, values, strict=True)
               if trick_winner((state.trick[0], m), state.trump, state.rules.strength) == 1]
        lose = [v for m, v in zip(moves, values, strict=True)
                if trick_winner((state.trick[0], m), state.trump, state.rules.strength) == 0]
        if win and lose:
            assert max(win) > min(lose)
            found += 1
    assert found >= 3


def test_registered_with_options() -> None:
    bot = make_bot("search", "besigue", random.Random(0), worlds=8, seconds=0.2)
    assert bot.worlds == 8 and bot.seconds == 0.2  # type: ignore[attr-defined]
    assert make_bot("oracle", "besigue", random.Random(0)).sees_all  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        make_bot("search", "besigue", random.Random(0), worlds="many")

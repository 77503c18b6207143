"""The Sizette and Quadrette search bots: they decide from the observation alone, search the cards
and the vole decision, and leave the talk to their heuristic."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from atout.bots import make_bot
from atout.bots.sizette.sampler import sample
from atout.bots.sizette.search import searchable
from atout.cards import Card
from atout.chance import Deal
from tests.bots.clock import BIG_CLOCK
from tests.bots.sizette.test_sampler import positions, replayed


def since_deal(obs: Any) -> list[tuple[int, Any]]:
    """The hand's log from its deal on, as (seat, item): what a state made from that deal holds."""
    entries = [(e.seat, e.item) for e in obs.log.since(obs.log.hand_start)]
    start = next(i for i, (_, item) in enumerate(entries) if isinstance(item, Deal))
    return entries[start:]


def drop_log(position: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in position.items() if k not in ("log_length", "hand_log_start")}


def twins(game_name: str, wanted: Callable[[Any], bool]) -> Iterator[tuple[Any, Any]]:
    """At real positions that ``wanted`` picks (of hands started at 0–0: a state from a deal starts
    there), the seat's observation and that of a second real state dealt another world the seat
    cannot tell apart (the same observation, the other hands different)."""
    for obs, truth in positions(game_name):
        if not wanted(obs) or any(obs.scores):
            continue
        world = next((w for w in itertools.islice(sample(obs, random.Random(3)), 20)
                      if tuple(map(int, w)) != truth), None)
        poisoned = replayed(obs, world) if world is not None else None
        if poisoned is None or poisoned.to_move != obs.seat:
            continue
        other = poisoned.observation(obs.seat)   # made from this hand's deal: the log starts there
        assert drop_log(other.to_json()) == drop_log(obs.to_json())
        assert since_deal(other) == since_deal(obs)
        assert tuple(map(int, poisoned.hands)) != truth
        yield obs, other


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_poisoned_hidden_cards_change_nothing(game_name: str) -> None:
    """At real positions, a second real state dealt another world the seat cannot tell apart (the
    same observation, the other hands different): the bot with the same seed plays the same."""
    checked = 0
    every_third = itertools.count()
    for obs, other in twins(game_name, lambda o: next(every_third) % 3 == 0
                            and sum(1 for a in o.legal if searchable(a)) >= 2):
        choices = [make_bot("search", game_name, random.Random(8), worlds=6, seconds=BIG_CLOCK).act(o) for o in (obs, other)]
        assert choices[0] == choices[1]
        checked += 1
    assert checked >= 5


def test_the_search_plays_cards_and_leaves_the_talk_to_its_heuristic() -> None:
    """At positions where the heuristic talks or answers, the search bot does the same (but as a
    captain at the lead: :mod:`tests.bots.sizette.test_talk_search`), talking as the search
    does by default; where it plays a card, the search bot plays a card (its own choice)."""
    bot = make_bot("search", "sizette", random.Random(1), worlds=4)
    heuristic = make_bot("heuristic", "sizette", random.Random(1), tell=None)
    searched = spoken = 0
    for obs, _ in positions("sizette")[::5]:
        mine, theirs = bot.act(obs), heuristic.act(obs)
        assert mine in obs.legal
        if type(theirs) is Card:
            assert type(mine) is Card
            searched += bot.last is not None
        else:
            assert mine == theirs
            spoken += 1
    assert searched > 5


def test_the_oracle_plays_a_best_card_of_the_true_world() -> None:
    from atout.bots.sizette.solver import value, world_of

    class Seen:
        """A state as the oracle is handed it: the true hands."""

        def __init__(self, hands: tuple[int, ...]):
            self.hands = hands

    oracle: Any = make_bot("oracle", "sizette", random.Random(2))
    tried = 0
    for obs, truth in positions("sizette")[::7]:
        moves = [a for a in obs.legal if type(a) is Card]
        if len(moves) < 2:
            continue
        card = oracle.act_seeing(obs, Seen(truth), obs.seat)
        values = value(obs, world_of(Seen(truth), obs.seat), moves)
        assert values[moves.index(card)] == max(values)
        tried += 1
    assert tried >= 5


class _Seen:
    """A state as a yardstick is handed it: the true hands and the sides."""

    def __init__(self, hands: tuple[int, ...], sides: tuple[tuple[int, ...], ...]):
        self.hands = hands
        self.rules = type("Rules", (), {"members": sides})()


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_the_side_oracle_sees_its_team_mates_hands_and_never_the_opponents(game_name: str) -> None:
    """Every world it searches gives its team-mates their true hands; where other cards in the
    opponents' hands (the team-mates' the same) would change the oracle's card, a second real state
    dealt them changes none of the side oracle's choices."""
    checked = 0
    for obs, truth in positions(game_name):
        if any(obs.scores) or sum(1 for a in obs.legal if searchable(a)) < 2:
            continue
        side = next(members for members in obs.sides if obs.seat in members)
        known = {s: truth[s] for s in side if s != obs.seat}
        worlds = list(itertools.islice(sample(obs, random.Random(3), known=known), 12))
        assert all(int(w[s]) == cards for w in worlds for s, cards in known.items())
        oracle: Any = make_bot("oracle", game_name, random.Random(8))
        seen = oracle.act_seeing(obs, _Seen(truth, obs.sides), obs.seat)
        telling = next((w for w in worlds if oracle.act_seeing(obs, _Seen(tuple(map(int, w)), obs.sides), obs.seat)
                        != seen), None)
        poisoned = replayed(obs, telling) if telling is not None else None
        if poisoned is None or poisoned.to_move != obs.seat:
            continue
        other = poisoned.observation(obs.seat)
        assert drop_log(other.to_json()) == drop_log(obs.to_json())
        choices = [make_bot("side_oracle", game_name, random.Random(8), worlds=6, seconds=BIG_CLOCK).act_seeing(o, state, obs.seat)
                   for o, state in ((obs, _Seen(truth, obs.sides)), (other, poisoned))]
        assert choices[0] == choices[1]
        checked += 1
        if checked == 5:
            break
    assert checked >= 3


def test_the_side_oracle_is_a_yardstick_never_a_player_at_the_table() -> None:
    from atout.bots.registry import table_bots, yardsticks

    assert "side_oracle" in yardsticks("sizette") and "side_oracle" not in table_bots("sizette")
    assert make_bot("side_oracle", "quadrette", random.Random(1)).sees_all

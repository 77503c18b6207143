"""Every world the Piquet sampler draws is one the engine accepts: the world's hands, dealt and
exchanged, replay everything the seat's log holds of the deal — the dialogue (statements, told
tie-breaks, answers, the other holdings added), the lead suit named, every card played and every
show asked for — without a refusal. The positions are those of real parties between heuristic
players, under every option that changes what is said or what the seat knows; and, for the
shows (which the heuristic never asks for), of deals played at random."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, islice
from typing import Any

import pytest

from atout.bots.piquet import sampler
from atout.bots.piquet.declarations import DECLARATIONS, Script, world_state
from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.sampler import Hands, honours, knowledge, sample
from atout.bots.piquet.solver import World
from atout.bots.runner import play_partie
from atout.cards import Card
from atout.errors import IllegalActionError
from atout.games.piquet.actions import AskShow, NameSuit, Show
from atout.games.piquet.spec import PiquetGame

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"sinking": "partial"},
    {"sinking": "partial", "left_cards": "expose", "deal_by_threes": True},
    {"sinking": "partial", "left_cards": "hidden", "younger_min_exchange": 0},
    {"left_cards": "hidden", "younger_min_exchange": 0},
]
WORLDS = 12        # worlds drawn at each position


class Recorder(HeuristicBot):
    """The heuristic, keeping every observation it is given once the exchange is over."""

    def __init__(self, rng: random.Random, kept: list[Any]):
        super().__init__(rng)
        self.kept = kept

    def act(self, obs: Any) -> Any:
        if obs.phase in ("declarations", "play", "younger_declares"):
            self.kept.append(obs)
        return super().act(obs)


def heuristic_positions(options: dict[str, Any], seed: int, every: int) -> list[Any]:
    """Every ``every``-th decision after the exchange in one partie between heuristic players."""
    kept: list[Any] = []
    game = PiquetGame(options)
    play_partie(game, [Recorder(random.Random(seed + s), kept) for s in range(2)], random.Random(seed))
    return kept[::every]


def replays(obs: Any, world: World) -> bool:
    """Whether the engine accepts ``world`` at ``obs``: its hands after the exchange (the cards
    played put back) dealt, exchanged and made to say and play all that the log holds."""
    me, opp = obs.seat, 1 - obs.seat
    after = list(world.hands)
    for leader, lead, follow, _ in obs.tricks:
        after[leader] |= 1 << lead
        after[1 - leader] |= 1 << follow
    for seat, card in obs.trick:
        after[seat] |= 1 << card
    assert after[me] == int(obs.hand) | sum(1 << c for c in _played(obs, me))
    script = Script(obs)
    script.lead = -1
    script.steps = [(e.seat, e.item) for e in obs.log.since(obs.log.hand_start)
                    if isinstance(e.item, (*DECLARATIONS, NameSuit, Card, AskShow, Show))]
    try:
        state = world_state(obs, World((after[0], after[1]), world.hidden), script)
    except IllegalActionError:
        return False
    assert state.hands[me] == int(obs.hand) and state.hands[opp] == world.hands[opp]
    return True


def _played(obs: Any, seat: int) -> list[int]:
    cards = [lead if leader == seat else follow for leader, lead, follow, _ in obs.tricks]
    return cards + [card for leader, card in obs.trick if leader == seat]


def refused_share(positions: list[Any], worlds: int) -> tuple[int, int]:
    """(worlds the engine refuses, worlds drawn) over ``positions``."""
    refused = drawn = 0
    for i, obs in enumerate(positions):
        for world in islice(sample(obs, random.Random(i)), worlds):
            drawn += 1
            refused += not replays(obs, world)
    return refused, drawn


def test_the_replay_refuses_a_world_that_contradicts_the_log() -> None:
    """The check can fail: the opponent's hand swapped for the cards out of play is refused
    wherever it cannot have followed suit or said what it said."""
    refused = 0
    for obs in heuristic_positions({}, 3, 2):
        world = next(sample(obs, random.Random(0)))
        opp = 1 - obs.seat
        count = world.hands[opp].bit_count()
        hidden = sorted(c for c in range(64) if world.hidden >> c & 1)
        if len(hidden) >= count:
            swapped = sum(1 << c for c in hidden[:count])
            hands = (world.hands[0], swapped) if opp == 1 else (swapped, world.hands[1])
            refused += not replays(obs, World(hands, world.hidden | world.hands[opp]))
    assert refused >= 10


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_every_world_of_a_heuristic_partie_replays(options: dict[str, Any]) -> None:
    positions = heuristic_positions(options, 7, 3)
    refused, drawn = refused_share(positions, WORLDS)
    assert drawn >= 400
    assert refused == 0, f"{refused} of {drawn} worlds refused"


def random_position(seed: int, options: dict[str, Any], cards_left: int = 8, ask: bool = True) -> Any:
    """A deal played at random (every legal step; ``ask``: asking to see the opponent's
    declarations whenever allowed) until the seat to move holds ``cards_left`` cards or fewer in
    the card play: its observation."""
    state, rng = PiquetGame(options).new_state(), random.Random(seed)
    while not (state.phase_name == "play" and state.to_move >= 0
               and state.hands[state.to_move].bit_count() <= cards_left):
        if state.to_move < 0:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.observation(state.to_move).legal
        asks = [a for a in legal if isinstance(a, AskShow)] if ask else []
        state.apply(asks[0] if asks else rng.choice(legal), state.to_move)
    return state.observation(state.to_move)


def test_every_world_replays_the_shows_of_random_deals() -> None:
    """Deals played at random ask to see the declarations: the cards shown must be what the
    world's hand would show (whole holdings, or under partial sinking parts of them, as stated)."""
    positions = [obs for seed in range(120) if int((obs := random_position(seed, OPTION_SETS[seed % 2])).shown[1 - obs.seat])]
    assert len(positions) >= 40
    refused, drawn = refused_share(positions, WORLDS)
    assert refused == 0, f"{refused} of {drawn} worlds refused"


def consistent_hands(obs: Any) -> list[int]:
    """Every hand after the exchange the engine accepts at ``obs``, by brute force over the pool
    (the opponent's cards the seat cannot place, :func:`~atout.bots.piquet.sampler.knowledge`)."""
    know = knowledge(obs)
    pool = [c for c in range(64) if know.pool >> c & 1]
    found = []
    for chosen in combinations(pool, 12 - know.known.bit_count()):
        after = know.known | sum(1 << c for c in chosen)
        if all((after & m).bit_count() == n for m, n in know.counted):
            mine, theirs = int(obs.hand), after & ~know.played
            if replays(obs, World((mine, theirs) if obs.seat == 0 else (theirs, mine), know.unseen & ~after)):
                found.append(after)
    return found


def test_the_worlds_are_every_consistent_hand_equally_likely() -> None:
    """At late positions of random deals (asking to see whenever allowed) small enough to
    enumerate: where a tie-break told of a part of a holding (partial sinking) rules hands out, and
    where the draw's own check does (the cards shown, the calls added), the worlds are exactly
    the hands the engine accepts, each about equally often."""
    told = checked = 0
    for seed in range(600):
        options = {"sinking": "partial"} if seed % 2 else {}
        obs = random_position(seed, options, 5)
        know = knowledge(obs)
        possible = math.comb(know.pool.bit_count(), 12 - know.known.bit_count())
        if possible > 400:
            continue
        hands = consistent_hands(obs)
        by_told = seed % 2 and len(hands) < possible and any(e.told >= 0 for e in obs.dialogue)
        by_check = len(hands) < Hands(know).count
        if not (by_told and told < 3 or by_check and checked < 2):
            continue
        told += bool(by_told)
        checked += by_check
        it = sample(obs, random.Random(seed))
        per = 50
        seen = Counter(next(it).hands[know.opponent] | know.played for _ in range(per * len(hands)))
        assert set(seen) == set(hands), seed
        chi2 = sum((seen[h] - per) ** 2 / per for h in hands)
        k = len(hands) - 1
        assert chi2 < k + 5 * math.sqrt(2 * k) + 5, seed      # far in the tail for a uniform draw
        if told >= 3 and checked >= 2:
            break
    assert told >= 3 and checked >= 2


def test_a_draw_that_never_honours_what_was_said_gives_up() -> None:
    """A draw is checked only where the opponent added calls or showed cards; were no hand ever to
    pass (a bug), the draw stops with an error instead of looping for ever."""
    obs = next(o for seed in range(40) if knowledge(o := random_position(seed, {})).checked)
    hands = Hands(knowledge(obs))
    assert honours(hands.know, hands.draw(random.Random(1)))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sampler, "honours", lambda _know, _hand: False)
        patch.setattr(sampler, "MAX_DRAWS", 50)
        with pytest.raises(ValueError, match="50"):
            hands.draw(random.Random(1))

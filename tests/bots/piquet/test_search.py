"""The Piquet search and oracle bots: registered with their options, legal, blind to the hidden
cards (two real deals the seat cannot tell apart get the same card), the oracle on the true hands."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from atout.bots.base import Bot
from atout.bots.piquet import BOTS
from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.search import oracle_bot, search_bot
from atout.bots.piquet.solver import pic_need, value, world_of
from atout.bots.registry import bot_names, lobby_bot, make_bot
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.game import CHANCE
from atout.games.piquet.actions import Discard, NameSuit, Show
from atout.games.piquet.declarations import declared_events
from atout.games.piquet.holdings import SUIT_OF
from atout.games.piquet.pic import Tally
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState
from atout.packs import PACK_32
from tests.bots.clock import BIG_CLOCK
from tests.bots.piquet.positions import card_play_position


def test_registered_search_offered_by_the_lobby() -> None:
    assert list(BOTS) == ["search", "oracle", "heuristic"]
    assert lobby_bot("piquet") == "search"
    assert bot_names("piquet") == ["random", "search", "oracle", "heuristic"]
    for name in ("search", "oracle"):
        bot = make_bot(name, "piquet", random.Random(0), worlds=2)
        assert isinstance(bot, Bot) and bot.name == name
    for name in ("search", "oracle"):
        with pytest.raises(ValueError):
            BOTS[name](random.Random(1), worlds=0)
        with pytest.raises(ValueError):
            BOTS[name](random.Random(1), depth=3)
    with pytest.raises(ValueError):
        BOTS["search"](random.Random(1), exchange="guess")
    assert search_bot(random.Random(1), exchange="heuristic", worlds=3).worlds == 3


def heuristic_play(seed: int, tricks: int) -> PiquetState:
    """A deal played by two heuristic bots until ``tricks`` tricks are done and a card is due."""
    state = PiquetGame().new_state()
    rng = random.Random(seed)
    bots = [HeuristicBot(random.Random(seed + s)) for s in range(2)]
    while not (state.phase_name == "play" and len(state.tricks) >= tricks and state.to_move >= 0
               and state.pending < 0):
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots[state.to_move].act(state.observation(state.to_move)))
    return state


def relabelled(state: PiquetState, x: int, y: int) -> PiquetState | None:
    """The same partie with cards ``x`` and ``y`` exchanged everywhere (the deal and every action),
    if the engine accepts every action of it; ``None`` otherwise."""
    def swap(card: int) -> Card:
        return Card(y if card == x else x if card == y else card)

    def swap_set(cards: int) -> CardSet:
        return CardSet(sum(1 << swap(c) for c in PACK_32 if cards >> c & 1))

    other = PiquetGame().new_state()
    try:
        for seat, action in state.history:
            if isinstance(action, Deal):
                action = Deal(tuple(swap_set(int(h)) for h in action.hands), tuple(swap(c) for c in action.talon))
            elif isinstance(action, Card):
                action = swap(action)
            elif isinstance(action, Discard):
                action = Discard(swap(action.card))
            elif isinstance(action, Show):
                action = Show(swap_set(int(action.cards)))
            other.apply(action, CHANCE if seat < 0 else seat)
    except ValueError:
        return None
    return other


def poisoned(state: PiquetState) -> PiquetState:
    """Another real partie the seat to move cannot tell from ``state``: an unplayed card of the
    opponent's exchanged with a card the seat never saw (his discard or the talon left)."""
    seat = state.to_move
    opp = 1 - seat
    obs = state.observation(seat)
    hidden = world_of(state, seat).hidden & ~int(obs.known_cards) & ~int(obs.left_cards)
    for x, y in product(sorted(CardSet(state.hands[opp])), sorted(CardSet(hidden))):
        other = relabelled(state, x, y)
        if other is not None and other.observation(seat).to_json() == obs.to_json():
            assert other.hands[opp] != state.hands[opp]
            return other
    raise AssertionError("no poisoned twin found")


@pytest.mark.parametrize("seed", [2, 3, 10])
def test_the_hidden_cards_do_not_change_the_choice(seed: int) -> None:
    state = heuristic_play(seed, 3)
    twin = poisoned(state)
    seat = state.to_move
    first = search_bot(random.Random(9), worlds=6, seconds=BIG_CLOCK).act(state.observation(seat))
    second = search_bot(random.Random(9), worlds=6, seconds=BIG_CLOCK).act(twin.observation(seat))
    assert first == second


def test_the_oracle_plays_a_best_card_of_the_true_hands() -> None:
    for seed in range(4):
        state = heuristic_play(seed, 4)
        seat = state.to_move
        obs = state.observation(seat)
        bot = oracle_bot(random.Random(1))
        chosen = bot.act_seeing(obs, state, seat)
        cards = [m for m in obs.legal if isinstance(m, Card)]
        values = value(obs, world_of(state, seat), cards)
        assert next(v for c, v in zip(cards, values, strict=True) if c == chosen) == max(values)


def test_the_search_plays_whole_deals_legally() -> None:
    rng = random.Random(4)
    state = PiquetGame({"partie": "rubicon4"}).new_state()
    bots: list[Any] = [search_bot(random.Random(1), worlds=3, seconds=BIG_CLOCK), HeuristicBot(random.Random(2))]
    searched = 0
    while state.outcome() is None and state.deal_no < 2:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        obs = state.observation(state.to_move)
        action = bots[state.to_move].act(obs)
        assert action in obs.legal
        searched += state.to_move == 0 and bots[0].last is not None
        state.apply(action, state.to_move)
    assert searched >= 10


def test_the_pic_at_the_first_lead_counts_the_younger_declarations_to_come() -> None:
    """Before the younger declares (after the elder's first lead), the pic still to be had is
    what the tally gives once he has declared what he holds (as the heuristic does)."""
    checked = opened = 0
    for seed in range(60):
        state = PiquetGame().new_state()
        rng = random.Random(seed)
        bots = [HeuristicBot(random.Random(seed + s)) for s in range(2)]
        while not (state.phase_name == "play" and state.to_move >= 0):
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(bots[state.to_move].act(state.observation(state.to_move)))
        elder = state.elder
        obs = state.observation(elder)
        predicted = pic_need(obs, world_of(state, elder))
        while not state.complete:
            state.apply(bots[state.to_move].act(state.observation(state.to_move)))
        tally = Tally(elder, declared_events(state), True)
        assert predicted == (30 - tally.total[elder] if tally.pic_open else 0), seed
        checked += 1
        opened += predicted > 0
    assert checked == 60 and opened >= 1


def test_naming_a_suit_is_worth_its_best_lead() -> None:
    for seed in range(200):
        state = card_play_position(seed, 12)
        moves = state.moves()
        names = [m for m in moves if isinstance(m, NameSuit)]
        if names:
            break
    else:
        raise AssertionError("no suit to name")
    seat = state.to_move
    cards = [m for m in moves if isinstance(m, Card)]
    worth = dict(zip(cards, value(state.observation(seat), world_of(state, seat), cards), strict=True))
    named = value(state.observation(seat), world_of(state, seat), names)
    for name, v in zip(names, named, strict=True):
        assert v == max(w for c, w in worth.items() if SUIT_OF[c] == name.suit)

"""The Whist search bots: registered, options checked, blind to the hidden cards (the poisoned
test), the oracle fed the true world, the rest of the game left to the heuristic."""

from __future__ import annotations

import random

import pytest

from atout.bots.registry import bot_names, lobby_bot, make_bot
from atout.bots.runner import play_partie
from atout.bots.whist.sampler import Sampler
from atout.bots.whist.search import oracle_bot, search_bot
from atout.bots.whist.solver import world_of
from atout.cards import RANK_INDEX, SUIT_INDEX, Card
from atout.chance import Deal
from atout.games.whist.actions import CALL
from tests.bots.whist.helpers import from_deal, replayed

pytest.importorskip("endplay")


def test_registered_for_both_games_search_the_lobbys() -> None:
    for game in ("whist", "mort"):
        assert bot_names(game) == ["random", "search", "oracle", "heuristic"]
        assert lobby_bot(game) == "search"
        assert make_bot("search", game, random.Random(0), worlds=3, seconds=0.2).name == "search"
    with pytest.raises(ValueError):
        make_bot("search", "whist", random.Random(0), worlds=0)
    with pytest.raises(ValueError):
        make_bot("search", "whist", random.Random(0), depth=3)
    with pytest.raises(ValueError):
        make_bot("oracle", "mort", random.Random(0), seconds=-1)


AFTER_LEAD = {"rubbers": 1, "exposure": "after_lead"}


@pytest.mark.parametrize(("game", "seed", "ncards", "setup", "options"), [
    ("whist", 11, 9, {}, {}), ("whist", 12, 22, {}, {}), ("mort", 13, 5, {"declarer": "1"}, {"rubbers": 1}),
    ("mort", 14, 18, {"declarer": "1"}, {"rubbers": 1}), ("mort", 15, 26, {"declarer": "1"}, {"rubbers": 1}),
    ("mort", 16, 0, {"declarer": "1", "dealer": "1"}, AFTER_LEAD)])     # the opening lead, the mort not yet seen
def test_poisoned_hidden_cards_change_nothing(game: str, seed: int, ncards: int, setup: dict[str, str],
                                              options: dict[str, object]) -> None:
    """Two real hands whose observation for the seat to move is the same but whose hidden cards
    differ (another placing, replayed by the engine): the bot with the same seed plays the same."""
    state, deal, actions = from_deal(game, seed, setup, lambda s: s.ncards >= ncards and len(s.moves()) >= 2,
                                     options=options)
    mover = state.to_move
    obs = state.observation(mover)
    truth = world_of(state, mover)
    rng = random.Random(seed)
    other = next(w for w in (Sampler(obs).world(rng) for _ in range(100)) if w != truth)
    poisoned = replayed(state, deal, actions, setup, other)
    assert poisoned is not None
    twin = poisoned.observation(mover)
    assert (twin.to_json(), twin.log.to_json()) == (obs.to_json(), obs.log.to_json())
    assert world_of(poisoned, mover) != truth
    chosen = []
    for real in (state, poisoned):
        bot = search_bot(random.Random(5), worlds=6, seconds=60)
        action = bot.act(real.observation(mover))
        assert bot.last is not None and bot.last.worlds == 6
        chosen.append((action, bot.last.means))
    assert chosen[0] == chosen[1]
    assert type(chosen[0][0]) is Card


def test_the_oracle_plays_the_world_ofs_best_card() -> None:
    state, _, _ = from_deal("whist", 21, {}, lambda s: s.ncards == 30)
    seat = state.to_move
    bot = oracle_bot(random.Random(0))
    card = bot.act_seeing(state.observation(seat), state, seat)
    assert bot.last is not None and bot.last.worlds == 1
    assert bot.last.means[list(bot.last.moves).index(card)] == max(bot.last.means)


def test_search_plays_a_whole_mort_partie_with_the_heuristic() -> None:
    """Every decision of a partie, the cut and the exposure included (the heuristic's)."""
    from atout.games import make_game

    bots = [search_bot(random.Random(s), worlds=2, seconds=0.05) for s in range(3)]
    state = play_partie(make_game("mort", {"rubbers": 1}), bots, random.Random(8))
    assert state.outcome() is not None


def test_the_call_at_eight_is_the_heuristics() -> None:
    """Holding two honours at eight at his first turn, the search bot calls as the heuristic does."""
    setup = {"game_scores": "8-3"}

    def two_honours(deal: Deal) -> bool:
        trump = SUIT_INDEX[deal.turned[0]]
        return sum(1 for c in deal.hands[0] if SUIT_INDEX[c] == trump and RANK_INDEX[c] >= RANK_INDEX[Card("JS")]) == 2

    state, _, _ = from_deal("whist", 41, setup, lambda s: CALL in s.legal_actions(), deal_ok=two_honours)
    assert state.to_move == 0
    assert search_bot(random.Random(0), worlds=2).act(state.observation(0)) == CALL

"""Bots only ever choose listed actions, in every mode, and the heuristic never revokes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.bots import make_bot, play_partie
from atout.bots.base import Bot
from atout.cards import Card
from atout.games import make_game
from atout.games.sizette.observation import Observation


class Checked:
    """Wraps a bot and checks each of its choices against what it was offered."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.name = bot.name
        self.choices = 0
        self.talked = 0

    def act(self, obs: Any, moves: list[Any], talk: list[Any]) -> Any:
        assert isinstance(obs, Observation)
        action = self.bot.act(obs, moves, talk)
        in_moves = any(action is m or action == m for m in moves)
        in_talk = any(action is t or action == t for t in talk)
        assert in_moves or in_talk, f"{self.name} chose {action} not offered: {moves[:8]} / {talk[:8]}"
        if in_talk and not in_moves:
            self.talked += 1
        if type(action) is Card and obs.trick:
            led = obs.trick[0] // 13
            if self.name == "heuristic" and obs.hand.of_suit(led):
                assert action // 13 == led, "the heuristic never revokes"
        self.choices += 1
        return action


MODES = [
    {},
    {"table_law_mode": "true"},
    {"strict_encyclopedie": "true"},
    {"table_law_mode": "true", "strict_encyclopedie": "true", "command_grammar": "exact_only"},
]


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("options", MODES, ids=lambda o: " ".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_bots_choose_only_offered_actions(game_name: str, options: dict[str, str]) -> None:
    game = make_game(game_name, {**options, "target_points": "3"})
    talked = 0
    for seed in range(32):
        rng = random.Random(seed)
        pairs = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("random", "random")]
        first, second = pairs[seed % 4]
        bots = [Checked(make_bot(first if s % 2 == 0 else second, random.Random(seed * 10 + s),
                                 **({"talk_prob": 0.4} if (first if s % 2 == 0 else second) == "random" else {})))
                for s in range(game.num_seats)]
        state = play_partie(game, bots, rng)
        assert state.is_terminal() and state.winner_team in (0, 1)
        assert sum(b.choices for b in bots) == sum(1 for seat, _ in state.history if seat >= 0)
        talked += sum(b.talked for b in bots)
    assert talked > 0  # optional talk was exercised


def test_bots_satisfy_the_protocol() -> None:
    for name in ("random", "heuristic"):
        bot = make_bot(name, random.Random(0))
        assert isinstance(bot, Bot) and bot.name == name
    with pytest.raises(ValueError):
        make_bot("oracle", random.Random(0))
    with pytest.raises(ValueError):
        make_bot("heuristic", random.Random(0), detail="verbose")
    with pytest.raises(ValueError):
        make_bot("random", random.Random(0), talk_prob=2)


def test_runner_rejects_a_wrong_number_of_bots() -> None:
    game = make_game("quadrette")
    with pytest.raises(ValueError):
        play_partie(game, [make_bot("random", random.Random(0))] * 6, random.Random(0))


def test_random_bot_talks_at_its_rate_and_never_remarks() -> None:
    game = make_game("sizette", {"target_points": "2"})
    bots = [make_bot("random", random.Random(s), talk_prob=0.5) for s in range(6)]
    state = play_partie(game, bots, random.Random(1))
    talk = [e.action for r in state.results for e in r.talk]
    kinds = {type(a).__name__ for a in talk if not isinstance(a, str)}
    assert "Ask" in kinds and "Say" in kinds
    assert "Remark" not in kinds

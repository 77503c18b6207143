"""Bots only ever choose actions listed in their observation, in every mode, on turn and out of
turn; the random bot never claims nor abandons; the heuristic never revokes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.bots import Bot, bot_names, make_bot, play_partie
from atout.cards import SUIT_INDEX, Card
from atout.games import make_game


def listed(action: Any, legal: tuple[Any, ...]) -> bool:
    return any(action is a or action == a for a in legal)


class Checked:
    """Wraps a bot and checks each of its choices against what it was offered."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.name = bot.name
        self.kinds: dict[ActionKind, int] = {}
        self.out_of_turn = 0

    @property
    def interjects(self) -> bool:
        return bool(getattr(self.bot, "interjects", False))

    def act(self, obs: Any) -> Any:
        assert obs.to_move == obs.seat
        action = self.bot.act(obs)
        assert listed(action, obs.legal), f"{self.name} chose {action}, not in {obs.legal[:8]}"
        self.kinds[action.kind] = self.kinds.get(action.kind, 0) + 1
        if type(action) is Card and obs.trick and self.name == "heuristic":
            led = SUIT_INDEX[obs.trick[0][1]]
            if any(SUIT_INDEX[c] == led for c in obs.hand):
                assert SUIT_INDEX[action] == led, "the heuristic never revokes"
        return action

    def interject(self, obs: Any) -> Any | None:
        assert obs.to_move != obs.seat
        action = self.bot.interject(obs)
        if action is not None:
            assert listed(action, obs.legal) and action.kind is not ActionKind.MOVE
            self.out_of_turn += 1
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
    sides = game.sides
    talked = claims = 0
    for seed in range(24):
        rng = random.Random(seed)
        pairs = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"), ("random", "random")]
        names = pairs[seed % 4]
        bots = []
        for s in range(game.num_seats):
            name = names[sides.of(s)]
            kw = {"talk_prob": 0.4} if name == "random" else {}
            bots.append(Checked(make_bot(name, game, random.Random(seed * 10 + s), **kw)))
        state = play_partie(game, bots, rng)
        assert state.outcome() is not None
        on_turn = sum(sum(b.kinds.values()) for b in bots)
        assert on_turn + sum(b.out_of_turn for b in bots) == sum(1 for seat, _ in state.history if seat >= 0)
        for b in bots:
            if b.name == "random":
                assert set(b.kinds) <= {ActionKind.MOVE, ActionKind.TALK} and not b.out_of_turn
            talked += b.kinds.get(ActionKind.TALK, 0)
            claims += b.out_of_turn + b.kinds.get(ActionKind.CLAIM, 0)
    assert talked > 0  # optional talk was exercised
    if options.get("table_law_mode"):
        assert claims > 0  # the random bot revokes; the heuristic claims what it can prove
    else:
        assert claims == 0


def test_bots_satisfy_the_protocol_and_options_are_checked() -> None:
    for game_name in ("sizette", "quadrette"):
        assert bot_names(game_name) == ["random", "search", "oracle", "side_oracle", "heuristic"]
        for name in bot_names(game_name):
            bot = make_bot(name, game_name, random.Random(0))
            assert isinstance(bot, Bot) and bot.name == name
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", "sizette", random.Random(0))
    with pytest.raises(ValueError, match="worlds"):
        make_bot("search", "sizette", random.Random(0), worlds=0)
    with pytest.raises(ValueError, match="worlds"):
        make_bot("side_oracle", "quadrette", random.Random(0), worlds=0)
    with pytest.raises(ValueError):
        make_bot("heuristic", "sizette", random.Random(0), detail="verbose")
    with pytest.raises(ValueError):
        make_bot("random", "sizette", random.Random(0), talk_prob=2)
    with pytest.raises(ValueError, match="talkative"):
        make_bot("random", "sizette", random.Random(0), talkative=True)
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("random", "whisk")
    with pytest.raises(TypeError):
        make_bot("random", random.Random(0))  # type: ignore[arg-type]  # the old signature


def test_random_bot_talks_at_its_rate() -> None:
    game = make_game("sizette", {"target_points": "5"})
    bots = [make_bot("random", game, random.Random(s), talk_prob=0.5) for s in range(6)]
    state = play_partie(game, bots, random.Random(1))
    talk = [a for seat, a in state.history if seat >= 0 and a.kind is ActionKind.TALK]
    kinds = {type(a).__name__ for a in talk}
    assert {"Ask", "Say"} <= kinds

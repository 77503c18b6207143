"""The runner: bots see only their observation, optional actions are bounded, out-of-turn chances
are offered to the bots that ask for them, and nothing depends on the game (a toy game plays)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from atout.actions import ActionKind
from atout.bots import RunawayPartie, make_bot, play_partie
from atout.bots.runner import MAX_EXTRAS
from atout.cards import Card
from tests.toygame import Claim, Show, ToyGame


class Talker:
    """Chooses optional talk whenever it is listed; else the first move."""

    name = "talker"

    def __init__(self) -> None:
        self.talked = 0

    def act(self, obs: Any) -> Any:
        for a in obs.legal:
            if a.kind is ActionKind.TALK:
                self.talked += 1
                return a
        return next(a for a in obs.legal if a.kind is ActionKind.MOVE)


class Claimer:
    """Claims out of turn whenever it is offered the chance and may; records what it saw."""

    name = "claimer"
    interjects = True

    def __init__(self) -> None:
        self.chances: list[tuple[int | None, int]] = []

    def act(self, obs: Any) -> Any:
        return next(a for a in obs.legal if a.kind is ActionKind.MOVE)

    def interject(self, obs: Any) -> Any | None:
        assert obs.to_move != obs.seat
        assert all(a.kind is not ActionKind.MOVE for a in obs.legal)
        self.chances.append((obs.seat, obs.to_move))
        return next((a for a in obs.legal if isinstance(a, Claim)), None)


def test_random_bots_play_a_game_no_bot_was_written_for(toy: type[ToyGame]) -> None:
    for options in ({}, {"preset": "pairs"}, {"seats": "2", "target": "3"}):
        game = toy(options)
        bots = [make_bot("random", "toy", random.Random(s), talk_prob=0.5) for s in range(game.num_seats)]
        state = play_partie(game, bots, random.Random(1))
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        kinds = {a.kind for seat, a in state.history if seat >= 0}
        assert kinds == {ActionKind.MOVE, ActionKind.TALK}  # the random bot never claims


def test_a_bot_that_always_talks_still_moves(toy: type[ToyGame], monkeypatch: pytest.MonkeyPatch) -> None:
    # the toy lets a player show two cards a turn; with no cap at all the runner's own bound holds
    monkeypatch.setattr("tests.toygame.SHOWS", 10**9)
    game = toy({"seats": "2", "target": "4"})
    talkers = [Talker(), Talker()]
    state = play_partie(game, talkers, random.Random(0))
    assert state.outcome() is not None
    moves = sum(1 for seat, a in state.history if seat >= 0 and a.kind is ActionKind.MOVE)
    assert sum(t.talked for t in talkers) == MAX_EXTRAS * moves


def test_the_engine_cap_on_talk_is_respected(toy: type[ToyGame]) -> None:
    game = toy({"seats": "2", "target": "4"})
    state = play_partie(game, [Talker(), Talker()], random.Random(0))
    history = [a for seat, a in state.history if seat >= 0]
    assert [type(a) for a in history[:3]] == [Show, Show, Card]


def test_out_of_turn_chances_go_to_interjecting_bots_only(toy: type[ToyGame]) -> None:
    game = toy({"seats": "3", "target": "6"})
    claimer = Claimer()
    bots = [claimer, make_bot("random", game, random.Random(1)), make_bot("random", game, random.Random(2))]
    state = play_partie(game, bots, random.Random(3))
    assert state.outcome() is not None
    claims = [seat for seat, a in state.history if isinstance(a, Claim)]
    assert claims and set(claims) == {0}
    assert all(seat == 0 and to_move != 0 for seat, to_move in claimer.chances)
    # one chance after each action of another seat while the game goes on, never more
    others = sum(1 for seat, a in state.history if seat in (1, 2))
    assert len(claimer.chances) <= others


def test_a_move_out_of_turn_is_refused(toy: type[ToyGame]) -> None:
    class Cheat(Claimer):
        def interject(self, obs: Any) -> Any | None:
            return min(obs.hand)  # a card: a move

    game = toy({"seats": "2"})
    with pytest.raises(ValueError, match="out of turn"):
        play_partie(game, [Cheat(), make_bot("random", game, random.Random(0))], random.Random(0))


def test_runaway_parties_and_wrong_tables_are_refused(toy: type[ToyGame]) -> None:
    game = toy({"seats": "2", "target": "99"})
    bots = [make_bot("random", game, random.Random(s)) for s in range(2)]
    with pytest.raises(RunawayPartie):
        play_partie(game, bots, random.Random(0), max_steps=20)
    with pytest.raises(ValueError, match="needs 2 bots"):
        play_partie(game, bots * 2, random.Random(0))


def test_a_seat_held_to_what_it_must_choose_from() -> None:
    from atout.bots.runner import _moves_only

    class Obs(NamedTuple):
        legal: tuple[Any, ...]

    card = Card("KH")
    assert _moves_only(Obs((Show(card), card, Claim())), 0).legal == (card,)
    assert _moves_only(Obs((Show(card), Claim())), 0).legal == (Claim(),)  # an answer the game waits for
    with pytest.raises(RunawayPartie, match="cannot be made to move"):
        _moves_only(Obs((Show(card),)), 0)

"""Records of the real games (Sizette, Quadrette) and of the toy game between two players: round
trips of random and heuristic parties, explicit-deal starts, views, a tampered result — all through
the game contract only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from atout.chance import Deal
from atout.game import CHANCE
from atout.games import make_game
from atout.record import read_record, record_view, replay, summary, summary_text, write_record
from tests.record.conftest import DATE, drive, first_deal, line_no, move_lines, play


def assert_round_trip(state: Any) -> str:
    """write → read → replay gives the same partie, and the same record again; returns the text."""
    text = write_record(state, {"Seat0": "Alice", **DATE})
    rec = read_record(text)
    assert rec.errors == []
    result = replay(rec)
    assert result.ok, result.errors
    assert result.applied == len(state.history)
    again = result.state
    assert again.history == state.history
    assert again.results == state.results
    assert again.outcome() == state.outcome()
    assert again.setup == state.setup
    assert again.observation(None).to_json() == state.observation(None).to_json()
    assert write_record(again, {"Seat0": "Alice", **DATE}) == text
    assert summary(again) == summary(state)
    return text


PARTIES = [
    ("sizette", {}, 1, {"talk": 0.2}),
    ("sizette", {"target_points": "3", "table_law_mode": "true"}, 2, {"talk": 0.2, "table": 0.02}),
    ("sizette", {"first_dealer_choice": "any_opponent", "draw_rank": "ace_high", "target_points": "2"}, 3, {}),
    ("quadrette", {}, 4, {"talk": 0.3}),
    ("quadrette", {"win_rule": "four_needed", "deal_packets": "2+2+2", "target_points": "3"}, 5, {}),
    ("quadrette", {"table_law_mode": "true", "target_points": "2"}, 6, {"table": 0.05}),
    ("sizette", {}, 7, {"stop_at": 60}),       # unfinished
    ("quadrette", {}, 8, {"table": 0.01}),     # may be abandoned
]


@pytest.mark.parametrize("name, options, seed, kw", PARTIES)
def test_random_parties_round_trip(name: str, options: dict[str, Any], seed: int, kw: dict[str, Any]) -> None:
    assert_round_trip(play(name, options, seed, **kw))


def test_the_random_parties_use_every_kind() -> None:
    kinds = set()
    for name, options, seed, kw in PARTIES:
        kinds |= {str(a.kind) for _, a in play(name, options, seed, **kw).history}
    assert kinds == {"chance", "move", "talk", "claim", "table"}


@pytest.mark.parametrize("name, seed", [("sizette", 11), ("quadrette", 12)])
def test_heuristic_parties_round_trip(name: str, seed: int) -> None:
    from atout.bots import make_bot, play_partie

    game = make_game(name, {"target_points": "3"})
    bots = [make_bot("heuristic", game, random.Random(seed + s)) for s in range(game.num_seats)]
    assert_round_trip(play_partie(game, bots, random.Random(seed)))


def _first_deal(name: str, seed: int) -> tuple[Deal, int]:
    """The first deal of a random partie, and its dealer."""
    state = make_game(name).new_state()
    rng = random.Random(seed)
    while True:
        if state.to_move == CHANCE:
            dealer = state.observation(None).to_json()["dealer"]
            state.apply(state.sample_chance(rng))
            if isinstance(state.history[-1][1], Deal):
                return state.history[-1][1], dealer
        else:
            state.apply(rng.choice(list(state.moves())))


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_a_partie_from_a_deal(name: str) -> None:
    game = make_game(name, {"target_points": "2"})
    deal, dealer = _first_deal(name, 3)
    start = game.state_from_deal(deal, {"dealer": str(dealer), "scores": "1-0"})
    assert start.setup is not None
    text = assert_round_trip(drive(start, 3, talk=0.2))
    assert "[Start " in text
    assert move_lines(text)[0].startswith("*: deal ")


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_views_hide_the_other_hands(name: str) -> None:
    state = play(name, {}, 9, talk=0.2, stop_at=80)
    n = state.game.num_seats
    for viewer in (0, n - 1, None):
        text = record_view(state, viewer, DATE)
        rec = read_record(text)
        assert rec.errors == [] and rec.is_view and rec.viewer == viewer
        deals = [a for _, a in state.history if isinstance(a, Deal)]
        assert [d for _, d in rec.deals()] == [d.seen_by(viewer) for d in deals]
        for _, deal in rec.deals():
            for seat, hand in enumerate(deal.hands):
                assert (len(hand) > 0) == (seat == viewer)
        result = replay(text)
        assert result.state is None
        assert result.errors == [(line_no(text, lambda ln: ln.startswith("[View")),
                                  "this record is " + ("a spectator" if viewer is None else f"seat {viewer}") +
                                  "'s view of the partie: the cards it hides cannot be replayed")]


def test_a_tampered_result_is_found() -> None:
    state = play("quadrette", {"target_points": "2"}, 13)
    outcome = state.outcome()
    text = write_record(state, DATE)
    real = f"{outcome.winners[0]} {outcome.scores[0]}-{outcome.scores[1]} {outcome.reason.value}"
    fake = f"{1 - outcome.winners[0]} {outcome.scores[1]}-{outcome.scores[0]} {outcome.reason.value}"
    assert f'[Result "{real}"]' in text
    result = replay(text.replace(f'[Result "{real}"]', f'[Result "{fake}"]'))
    assert result.errors == [(line_no(text, lambda ln: ln.startswith("[Result")),
                              f"tampered result: the [Result] tag says '{fake}' but the moves give '{real}'")]


def test_the_summary_shows_every_deal() -> None:
    state = play("sizette", {"target_points": "2"}, 14)
    data = summary(state)
    json.dumps(data)
    deals = [a for _, a in state.history if isinstance(a, Deal)]
    shown = [d for hand in data["hands"] for d in hand["deals"]]
    assert len(shown) == len(deals)
    for d, deal in zip(shown, deals, strict=True):
        assert d["hands"] == [[str(c) for c in h] for h in deal.hands]
        assert d["turned"] == [str(c) for c in deal.turned]
    text = summary_text(state, "fr")
    for seat, hand in enumerate(deals[0].hands):
        assert f"    place {seat} : {hand.text('fr')}" in text.splitlines()


# ----------------------------------------------------------------------------- the toy game between two


def test_the_toy_game_between_two() -> None:
    game = make_game("toy", {"seats": 2})
    for seed in range(10):
        assert_round_trip(drive(game.new_state(), seed, talk=0.2, table=0.01))
    text = assert_round_trip(drive(game.state_from_deal(first_deal(game, 1), {"dealer": "1", "scores": "3-1"}), 2))
    assert '[Start "dealer=1 scores=3-1"]' in text
    view = read_record(record_view(drive(game.new_state(), 4, stop_at=12), 1, DATE))
    assert view.errors == [] and view.is_view

"""The duplicate arena: the swap, the figures, their reproducibility, Ray, the command line."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from atout.bots import arena as arena_module
from atout.bots.arena import (
    ArenaSpec,
    MoveTimes,
    TimedBot,
    arena,
    camps,
    hand_teams,
    play_deals,
    rotation,
    seat_roles,
)
from atout.bots.random_bot import RandomBot
from atout.bots.runner import play_partie
from atout.cli.main import main
from atout.games import make_game

GAMES = [("sizette", {}), ("quadrette", {}), ("piquet", {}), ("besigue", {}), ("besigue", {"players": "3"}),
         ("whist", {}), ("mort", {})]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_bot_against_itself_scores_exactly_zero_on_every_deal(game: str, options: dict[str, str]) -> None:
    # bots are seeded by deal and seat, so both plays of a pair are the same game: any slip in
    # which side's points go to A (no swap, a sign, a team) would show as a non-zero deal
    spec = ArenaSpec(game, tuple(options.items()), ("random", "random"), seed=5)
    scores = play_deals(spec, [0, 1, 2]).scores
    assert [s.value for s in scores] == [0.0, 0.0, 0.0]
    for s in scores:
        assert any(any(p != 0 for p in play.points) for play in s.plays)  # the hands did score something
        assert s.a_led == -s.b_led    # what A's side scored leading is what B's side lost leading the same cards
        helds = [play.a_teams for play in s.plays]
        assert len(helds) == 2 * len(camps(len(s.plays[0][1])))
        for first, second in zip(helds[::2], helds[1::2]):
            assert set(first).isdisjoint(second)
            assert set(first) | set(second) == set(range(len(s.plays[0][1])))


def test_the_second_play_gives_each_bot_the_other_bots_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int, Any]] = []   # (bot, seat, its first hand) in play order

    class Spy(RandomBot):
        def __init__(self, rng: random.Random, label: str, seat: int):
            super().__init__(rng)
            self.label, self.seat, self.first = label, seat, True

        def act(self, obs: Any) -> Any:
            if self.first:
                seen.append((self.label, self.seat, obs.hand))
                self.first = False
            return super().act(obs)

    made: list[int] = []

    def make_spy(name: str, game: Any, rng: random.Random, **options: Any) -> Any:
        made.append(1)
        return Spy(rng, name, (len(made) - 1) % game.num_seats)

    monkeypatch.setattr(arena_module, "make_bot", make_spy)
    spec = ArenaSpec("quadrette", (), ("heuristic", "random"), seed=2)
    arena_module._TABLES.clear()
    play_deals(spec, [0])
    arena_module._TABLES.clear()
    first, second = seen[:4], seen[4:]
    assert len(second) == 4
    hands_a1 = {hand for label, _, hand in first if label == "heuristic"}
    hands_b2 = {hand for label, _, hand in second if label == "random"}
    hands_b1 = {hand for label, _, hand in first if label == "random"}
    hands_a2 = {hand for label, _, hand in second if label == "heuristic"}
    assert len(hands_a1) == 2 and hands_a1 == hands_b2 and hands_b1 == hands_a2 and hands_a1 != hands_a2


@pytest.mark.parametrize(("game", "first"), [("piquet", lambda dealer: 1 - dealer),    # the elder leads
                                             ("whist", lambda dealer: (dealer + 1) % 4)])  # the dealer's left
def test_the_value_parts_into_the_plays_each_side_led(game: str, first: Any) -> None:
    spec = ArenaSpec(game, (), ("heuristic", "random"), seed=7)
    scores = play_deals(spec, range(8)).scores
    teams = make_game(game).sides.seats
    for s in scores:
        leader_team = next(t for t, seats in enumerate(teams) if first(s.index % len(rotation(make_game(game)))) in seats)
        assert {play.led for play in s.plays} == {leader_team}
        a_led = sum(play.points[play.a_teams[0]] - play.points[1 - play.a_teams[0]]
                    for play in s.plays if play.led in play.a_teams)
        assert s.a_led == a_led and s.value == pytest.approx(s.a_led + s.b_led)
    assert any(s.a_led != 0 and s.b_led != 0 for s in scores)
    result = arena(game, bots=("heuristic", "random"), deals=8, seed=7, workers=1, progress=False)
    parts = result["by_leader"]
    assert parts["A"]["mean"] + parts["B"]["mean"] == pytest.approx(result["mean"])
    assert parts["A"]["mean"] == pytest.approx(sum(s.a_led for s in scores) / 8)


def test_heuristic_beats_random_at_piquet_with_the_interval_clear_of_zero() -> None:
    result = arena("piquet", bots=("heuristic", "random"), deals=12, seed=3, workers=1)
    assert result["deal_pairs"] == 12 and result["mean"] > 0
    low, high = result["ci95"]
    assert 0 < low <= result["mean"] <= high
    a, b = result["bots"]
    assert a["mean_points"] > b["mean_points"]
    assert a["move_seconds"]["moves"] > 0 and a["move_seconds"]["median"] <= a["move_seconds"]["p95"]
    swapped = arena("piquet", bots=("random", "heuristic"), deals=12, seed=3, workers=1)
    assert swapped["mean"] == pytest.approx(-result["mean"])   # the bots are seeded by seat, not by role


def test_same_seed_same_figures_whatever_the_worker_count() -> None:
    one = arena("sizette", bots=("heuristic", "random"), deals=6, seed=11, workers=1)
    two = arena("sizette", bots=("heuristic", "random"), deals=6, seed=11, workers=2)
    other = arena("sizette", bots=("heuristic", "random"), deals=6, seed=12, workers=1)
    keys = ("mean", "sd", "ci95", "pairs_won", "deal_pairs", "plays")
    assert [one[k] for k in keys] == [two[k] for k in keys]
    assert [b["move_seconds"]["moves"] for b in one["bots"]] == [b["move_seconds"]["moves"] for b in two["bots"]]
    assert play_deals(ArenaSpec("whist", seed=4), [3]).scores[0].plays != \
        play_deals(ArenaSpec("whist", seed=5), [3]).scores[0].plays
    assert other["seed"] == 12


def test_partners_take_every_seat_of_a_team_but_its_first() -> None:
    assert seat_roles(((0, 2, 4), (1, 3, 5)), (0,), 6, partners=True) == [0, 1, 2, 2, 2, 2]
    assert seat_roles(((0, 2, 4), (1, 3, 5)), (1,), 6, partners=False) == [1, 0, 1, 0, 1, 0]
    result = arena("quadrette", bots=("heuristic", "heuristic"), partners="random", deals=3, seed=1, workers=1)
    assert [b["role"] for b in result["bots"]] == ["A", "B", "C"] and result["mean"] == 0.0
    a, b, c = (bot["move_seconds"]["moves"] for bot in result["bots"])
    assert c > 0 and a + b > 0


def test_hand_teams_and_the_rotation_of_roles() -> None:
    mort = make_game("mort")
    start = mort.state_from_deal(arena_module._dry_deal(mort, random.Random(0)), {"declarer": "1"})
    assert hand_teams(start) == ((1,), (2, 0))
    assert rotation(mort) == [{"declarer": "0"}, {"declarer": "1"}, {"declarer": "2"}]
    assert rotation(make_game("piquet")) == [{"dealer": "0"}, {"dealer": "1"}]
    assert camps(4)[:4] == [(0,), (0, 1), (0, 2), (0, 3)] and len(camps(4)) == 7


def test_the_runner_stops_after_a_hand_and_hands_the_oracle_the_true_state() -> None:
    game = make_game("piquet")
    deal = arena_module._before_deal(game, {"dealer": "1"}).sample_chance(random.Random(1))
    given: list[Any] = []

    class Seeing(RandomBot):
        sees_all = True

        def act_seeing(self, obs: Any, state: Any, seat: int) -> Any:
            given.append((state, seat))
            return self.act(obs)

    times = MoveTimes()
    state = game.state_from_deal(deal, {"dealer": "1"})
    bots = [TimedBot(Seeing(random.Random(0)), times), TimedBot(RandomBot(random.Random(1)), MoveTimes())]
    play_partie(game, bots, random.Random(2), state=state, hands=1)
    assert len(state.results) == 1 and state.outcome() is None
    assert given and all(s is state and seat == 0 for s, seat in given) and times.moves == len(given)


def test_on_a_local_ray_instance_the_figures_are_the_local_ones() -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = arena("piquet", bots=("heuristic", "random"), deals=4, seed=9, ray="local")
    finally:
        ray.shutdown()
    local = arena("piquet", bots=("heuristic", "random"), deals=4, seed=9, workers=1)
    assert on_ray["ray"] == "local" and on_ray["workers"] is None
    assert (on_ray["mean"], on_ray["ci95"], on_ray["pairs_won"]) == (local["mean"], local["ci95"], local["pairs_won"])


@pytest.mark.parametrize("argv", [
    ["arena", "piquet", "--bots", "nobody,random"],
    ["arena", "piquet", "--partners", "nobody"],
    ["arena", "piquet", "--deals", "0"],
    ["arena", "piquet", "--workers", "0"],
    ["arena", "piquet", "-o", "nonsense=1"],
    ["arena", "piquet", "--bot-option", "A:nonsense=1"],
    ["arena", "piquet", "--bot-option", "C:detail=low"],     # no partners: no C
    ["arena", "piquet", "--bots", "a,b,c"],
])
def test_bad_input_is_one_line_and_exit_code_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("atout arena") and len(err.strip().splitlines()) == 1


def test_the_command_prints_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "mort", "--deals", "2", "--seed", "4", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "mort" and data["deal_pairs"] == 2 and data["seed"] == 4 and len(data["ci95"]) == 2
    assert {"median", "p95"} <= set(data["bots"][0]["move_seconds"]) and data["options"] == {}
    assert data["by_leader"]["A"]["mean"] + data["by_leader"]["B"]["mean"] == pytest.approx(data["mean"])
    assert main(["arena", "sizette", "--bots", "heuristic", "--deals", "2", "--workers", "1", "--lang", "fr",
                 "--bot-option", "heuristic:detail=low"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("sizette, 2 paires de donnes : heuristic (A) contre heuristic (B), graine 1")
    assert "0,000 (IC à 95 % 0,000 – 0,000" in text
    assert "où le camp de A a entamé (joué la première carte) : " in text


def test_move_times_merge_in_any_order_and_keep_their_quantiles() -> None:
    rng = random.Random(3)
    samples = [rng.lognormvariate(-6, 1.5) for _ in range(3000)]
    parts = [MoveTimes() for _ in range(3)]
    for k, t in enumerate(samples):
        parts[k % 3].add(t)
    forward, backward = MoveTimes(), MoveTimes()
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    assert forward == backward and forward.moves == 3000 and forward.longest == max(samples)
    ordered = sorted(samples)
    for q in (0.5, 0.95):
        exact = ordered[int(q * len(ordered)) - 1]
        assert forward.quantile(q) == pytest.approx(exact, rel=0.03)


def test_without_ray_the_command_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)   # import ray now raises ImportError
    assert main(["arena", "piquet", "--deals", "2", "--ray", "local"]) == 2
    assert "atout[arena]" in capsys.readouterr().err


def test_piquet_search_match_prints_the_published_reference(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "piquet", "--bots", "search,heuristic", "--deals", "1", "--workers", "1",
            "--bot-option", "A:worlds=1", "--no-progress"]
    assert main(argv) == 0
    assert "for comparison, abartnof/piquet's exact endgame solver over its best heuristic: +5.0 to +6.4" in (
        capsys.readouterr().out)
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["references"]["fr"].startswith("le solveur exact")
    assert main(["arena", "piquet", "--deals", "1", "--workers", "1", "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["references"] == {}

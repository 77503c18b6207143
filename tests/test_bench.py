"""``atout bench engine``: the figures it reports and how they are derived (never their values:
these machines are shared and noisy)."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path

import pytest

from atout import bench
from atout.bench import (
    FIRST_CALLS,
    _chosen_decisions,
    compare_with_baseline,
    end_decisions,
    first_calls_us,
    format_bench,
    format_comparison,
    paired_loops,
    random_history,
    run_engine_bench,
    uniform_positions,
)
from atout.game import CHANCE, Game, State
from atout.games import make_game


@pytest.fixture(scope="module")
def result() -> dict:
    return run_engine_bench(["whist"], seconds=0.4, runs=2, positions=24, euchre_rounds=2)


def test_each_loop_reports_decisions_and_card_plays_with_their_interval(result: dict) -> None:
    g = result["games"]["whist"]
    for loop in ("bare", "observed"):
        x = g[loop]
        assert x["decisions"] > 0 and x["parties"] > 0
        assert x["decisions_per_second"] >= x["cards_per_second"] > 0
        assert x["decisions_per_second_ci95"] is not None


def test_the_observation_in_the_loop_is_the_difference_of_the_two_loops(result: dict) -> None:
    g = result["games"]["whist"]
    bare, observed = g["bare"]["decisions_per_second"], g["observed"]["decisions_per_second"]
    assert g["observation_in_loop_us"] == pytest.approx((1 / observed - 1 / bare) * 1e6, abs=0.01)
    runs = g["observed_over_bare_runs"]   # each run's pair of loops, timed in turn
    assert len(runs) == 2 and g["observed_over_bare"] == pytest.approx(sum(runs) / 2, abs=0.001)
    assert min(runs) - 0.001 <= g["observed_over_bare"] <= max(runs) + 0.001 and g["observed_over_bare_ci95"] > 0
    assert observed / bare == pytest.approx(g["observed_over_bare"], rel=0.5)


def test_the_two_loops_play_the_very_same_parties(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each partie is played bare and observed in turn, the order swapped every other partie, with the
    same moves and deals both times; the counts are those parties'."""
    played: list[tuple[bool, tuple[tuple[int, object], ...]]] = []
    timed = bench._timed_party

    def recording(game: Game, rng: random.Random, observe: bool) -> tuple[float, State]:
        spent, state = timed(game, rng, observe)
        played.append((observe, tuple(state.history)))
        return spent, state

    monkeypatch.setattr(bench, "_timed_party", recording)
    bare, observed = paired_loops(make_game("whist"), 0.05, 3)
    assert len(played) == 2 * bare["parties"] and bare["parties"] == observed["parties"] >= 1
    pairs = list(zip(played[::2], played[1::2], strict=True))
    assert all(a[1] == b[1] and a[0] != b[0] for a, b in pairs)
    assert [a[0] for a, _ in pairs][:2] == [False, True][: len(pairs)]   # bare first, then observed first
    assert len({a[1] for a, _ in pairs}) == len(pairs)   # a new partie each time
    decisions = sum(1 for _, history in played[::2] for seat, _ in history if seat != CHANCE)
    assert bare["decisions"] == observed["decisions"] == decisions
    assert bare["seconds"] >= 0.05 and observed["seconds"] > 0


def test_the_micro_figures_and_the_memory_of_a_live_state(result: dict) -> None:
    mi = result["games"]["whist"]["micro"]
    for key in ("observation_json_us", "observation_json_p90_us", "observation_us", "spectator_us", "clone_us",
                "to_json_us", "legal_actions_us", "undo_us", "state_bytes", "position_json_bytes"):
        assert mi[key] > 0, key
    assert mi["observation_json_p90_us"] >= mi["observation_json_us"]
    assert mi["positions"] == 24 and mi["parties"] >= 1
    assert 2 <= mi["state_bytes_parties"] <= 8 and 0 < mi["state_bytes_ci95"] < mi["state_bytes"]   # 24 positions: 8 parties
    for key in ("observation_json_first_hand_us", "observation_json_last_hand_us", "position_json_first_hand_bytes",
                "position_json_last_hand_bytes"):   # measured at positions of their own, however few the uniform ones
        assert mi[key] > 0, key
    assert mi["first_hand_positions"] >= 20 and mi["last_hand_positions"] >= 20
    assert "NaN" not in json.dumps(result)


def test_the_first_and_last_hands_are_drawn_within_them() -> None:
    """Decisions within the first hand and within the last hand of every partie of two hands or
    more, as many in each; a partie of one hand gives none."""
    game = make_game("whist")
    histories = [random_history(game, seed) for seed in range(3)]
    ends, in_last = end_decisions(game, histories, 4, seed=1)
    assert sorted(ends) == [0, 1, 2]
    for p, stops in ends.items():
        assert stops == sorted(stops) and len(stops) == 8
        state = game.new_state()
        hands: dict[int, int] = {}
        for i, (seat, action) in enumerate(histories[p]):
            if i in stops:
                assert seat != CHANCE
                hands[i] = len(state.results)
            state.apply(action, seat)
        last = max(hands.values())
        assert last == len(state.results) - 1 > 0
        assert sorted(hands.values()) == [0] * 4 + [last] * 4
        assert {i for i in stops if hands[i] == last} == {i for i in stops if (p, i) in in_last}
    one_hand = make_game("sizette", {"target_points": 1})
    assert end_decisions(one_hand, [random_history(one_hand, 1)], 4, seed=1)[0] == {}


def test_positions_are_drawn_over_whole_parties() -> None:
    """Every hand of the parties may hold a position: with enough of them, later hands do."""
    game = make_game("whist")
    spots = uniform_positions(game, 120, 3, parties=4)
    assert len(spots) == 120
    assert all(s.state.to_move >= 0 for s in spots)
    assert any(s.hand > 0 for s in spots) and any(s.hand == 0 for s in spots)
    assert all(0 <= s.hand < s.hands for s in spots)


def test_first_calls_time_each_position_as_the_parties_are_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call is made at every decision of the parties, in order, at the position just reached:
    never twice at one position (a second call would find what the first made)."""
    game = make_game("quadrette")
    kind = type(game.new_state())
    real = kind.observation
    calls: list[tuple[int, int | None, int]] = []

    def observation(self, seat):  # type: ignore[no-untyped-def]
        calls.append((self.version, seat, self.to_move))
        return real(self, seat)

    monkeypatch.setattr(kind, "observation", observation)
    times = first_calls_us(game, 12, 5, rounds=2)
    assert set(times) == set(FIRST_CALLS) and all(len(v) == 12 for v in times.values())
    assert all(0 <= t < 1e6 for values in times.values() for t in values)
    histories, _ = _chosen_decisions(game, 12, 5)
    decisions = sum(seat != CHANCE for history in histories for seat, _ in history)
    assert len(calls) == 2 * 2 * decisions       # two rounds, the seat's observation and the spectator's
    assert all(seat is None or seat == to_move for _, seat, to_move in calls)
    parties = [calls[i:i + decisions] for i in range(0, len(calls), decisions)]
    for versions in ([v for v, _, _ in part] for part in parties):
        assert sum(b <= a for a, b in pairwise(versions)) == len(histories) - 1   # a new partie only


def test_openspiel_when_it_is_there(result: dict) -> None:
    spiel = result["openspiel"]
    e = result["games"]["whist"].get("euchre")
    if spiel is None:
        assert e is None
        pytest.skip("OpenSpiel is not installed (the openspiel extra)")
    assert spiel["clone_us"] > 0 and spiel["legal_actions_us"] > 0
    assert e["rounds"] == 2 and e["ratio"] > 0
    assert e["ratio"] == pytest.approx(e["atout_cards_per_second"] / e["euchre_cards_per_second"], rel=0.5)


@pytest.mark.parametrize(("lang", "words"), [("en", ["in the loop", "first hand", "KiB", "README loop"]),
                                             ("fr", ["dans la boucle", "première donne", "Kio", "boucle du README"])])
def test_the_text_gives_every_figure_in_both_languages(result: dict, lang: str, words: list[str]) -> None:
    text = format_bench(result, lang)
    g = result["games"]["whist"]

    def written(number: str) -> str:   # 0,45 and 193 416 in French
        return number.replace(",", "\u202f").replace(".", ",") if lang == "fr" else number

    assert written(f"{g['observation_in_loop_us']:.2f}") + " µs" in text
    assert written(f"{g['micro']['undo_us']:.2f}") + " µs" in text
    assert written(f"{g['bare']['cards_per_second']:,}") in text
    for word in words:
        assert word in text


def test_side_by_side_with_a_baseline_times_both_loops_of_both_trees() -> None:
    """``--baseline``: the bare loop and the loop with an observation+JSON per decision, of this tree
    and of another (here the same one, so every ratio is near 1), in alternating rounds."""
    src = Path(__file__).resolve().parents[1] / "src"
    compared = compare_with_baseline(src, games=["quadrette"], seconds=0.1, rounds=2, seed=3)
    figures = compared["games"]["quadrette"]
    assert figures["current"] > figures["observed_current"] > 0   # the observation costs something
    assert figures["baseline"] > figures["observed_baseline"] > 0
    assert 0.3 < figures["ratio"] < 3 and 0.3 < figures["observed_ratio"] < 3
    text = format_comparison(compared)
    assert "quadrette" in text and "+ obs+JSON" in text and "ratio" in text
    assert "référence" in format_comparison(compared, "fr")

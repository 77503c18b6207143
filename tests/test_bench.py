"""``atout bench engine``: the figures it reports and how they are derived (never their values:
these machines are shared and noisy)."""

from __future__ import annotations

import pytest

from atout.bench import format_bench, run_engine_bench


@pytest.fixture(scope="module")
def result() -> dict:
    return run_engine_bench(["quadrette"], seconds=0.4, runs=2, positions=20)


def test_each_loop_reports_decisions_and_card_plays_with_their_interval(result: dict) -> None:
    g = result["games"]["quadrette"]
    for loop in ("bare", "observed"):
        x = g[loop]
        assert x["decisions"] > 0 and x["parties"] > 0
        assert x["decisions_per_second"] > x["cards_per_second"] > 0
        assert x["decisions_per_second_ci95"] is not None


def test_the_observation_in_the_loop_is_the_difference_of_the_two_loops(result: dict) -> None:
    g = result["games"]["quadrette"]
    bare, observed = g["bare"]["decisions_per_second"], g["observed"]["decisions_per_second"]
    assert g["observation_in_loop_us"] == pytest.approx((1 / observed - 1 / bare) * 1e6, abs=0.01)
    assert g["observed_over_bare"] == pytest.approx(observed / bare, abs=0.001)


def test_the_micro_figures_and_the_memory_of_a_live_state(result: dict) -> None:
    mi = result["games"]["quadrette"]["micro"]
    for key in ("observation_us", "spectator_us", "clone_us", "to_json_us", "undo_us", "state_bytes"):
        assert mi[key] > 0, key
    assert mi["positions"] == 20


@pytest.mark.parametrize(("lang", "words"), [("en", ["in the loop", "asked again", "KiB per live state"]),
                                             ("fr", ["dans la boucle", "redemandée", "Kio par état"])])
def test_the_text_gives_every_figure_in_both_languages(result: dict, lang: str, words: list[str]) -> None:
    text = format_bench(result, lang)
    g = result["games"]["quadrette"]
    assert f"{g['observation_in_loop_us']:.2f} µs" in text
    assert f"{g['micro']['observation_us']:.2f} µs" in text
    for word in words:
        assert word in text

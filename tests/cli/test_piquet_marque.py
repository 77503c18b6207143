"""Piquet at the terminal and in records: the marque (what the partie is worth, who is rubiconed
and by how much) at the end of ``play``, in ``replay`` and its JSON, in the record's ``Result``;
« Talon : 1 carte »; refusals that name the moment of the deal in words; a menu of one choice that
says why it waits."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from atout.cards import Card
from atout.cli.main import main
from atout.cli.play import TerminalGame
from atout.cli.render import make_renderer
from atout.errors import ActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.piquet.deal import PACK_CARDS, deal_from_pack
from atout.games.piquet.phases import PHASE_NAMES
from atout.record import write_record
from tests.games.piquet.scenarios import after_exchange, say


def played(seed: int, lang: str = "en", options: dict[str, Any] | None = None,
           record: str | None = None) -> tuple[TerminalGame, str]:
    """A whole partie at the terminal, the human taking the first choice of every menu."""
    out = io.StringIO()
    tg = TerminalGame(make_game("piquet", options or {"partie": "rubicon4"}), seat=0, lang=lang, seed=seed,
                      bots="heuristic", record_path=record,
                      input_fn=lambda prompt: "1" if "[1–" in prompt else "", out=out, err=io.StringIO())
    assert tg.run() == 0
    return tg, out.getvalue()


def finished(seed: int, options: dict[str, Any]) -> Any:
    state, rng = make_game("piquet", options).new_state(), random.Random(seed)
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state


def test_play_ends_with_the_marque_and_the_rubicon() -> None:
    tg, out = played(3)
    outcome = tg.state.outcome()
    marque = dict(outcome.marque)
    winner = outcome.winners[0]
    w, lo = outcome.scores[winner], outcome.scores[1 - winner]
    assert f"gains {marque['gains']} (" in out and "La marque (settlement):" in out
    if lo < 100:
        assert marque == {"gains": w + lo + 100, "rubiconed_by": 100 - lo}
        assert f"is rubiconed: {lo}, {100 - lo} short of 100." in out and f"{w} + {lo} + 100" in out
    else:
        assert marque == {"gains": w - lo + 100} and "rubiconed" not in out


def test_the_marque_in_french_and_in_a_game_in_points() -> None:
    tg, out = played(5, "fr", {"partie": "points"})
    outcome = tg.state.outcome()
    w, lo = sorted(outcome.scores, reverse=True)
    assert dict(outcome.marque) == {"gains": 2 * w - lo}
    assert f"La marque : le joueur {outcome.winners[0]}" in out and f"gagne {2 * w - lo} ({w} + ({w} − {lo})" in out


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_rubicon_in_the_record_replay_and_json(seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = finished(seed, {"partie": "rubicon4"})
    outcome = state.outcome()
    figures = " ".join(f"{k}={v}" for k, v in outcome.marque)
    text = write_record(state)
    assert f' deals {figures}"]' in text
    path = tmp_path / "partie.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"gains {dict(outcome.marque)['gains']} (" in out
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["marque"] == dict(outcome.marque)
    # a wrong marque is a tampered result; a record written before the marque was stated still replays
    gains = dict(outcome.marque)["gains"]
    path.write_text(text.replace(f"gains={gains}", f"gains={gains + 1}"), encoding="utf-8")
    assert main(["validate", str(path)]) != 0
    assert "tampered" in capsys.readouterr().out
    path.write_text(text.replace(f" {figures}", ""), encoding="utf-8")
    assert main(["validate", str(path)]) == 0


def test_a_tie_is_worth_nothing_in_the_outcome() -> None:
    for seed in range(40):
        state = finished(seed, {"partie": "rubicon4"})
        if not state.outcome().winners:
            assert state.outcome().marque == (("gains", 0),)
            return
        assert dict(state.outcome().marque)["gains"] > 0


@pytest.mark.parametrize(("lang", "line"), [("fr", "Talon : 1 carte."), ("en", "Talon: 1 card.")])
def test_one_card_left_on_the_talon(lang: str, line: str) -> None:
    st = after_exchange("AS KS QS JS 10S 9H 8H 7H 7D 9C 8C 7C", "KD QD JD 10D AH KH JH AD 9S 8S AC KC",
                        exchange=False)
    rest = [str(c) for c in sorted(st.game.pack) if not (st.hands[0] | st.hands[1]) >> c & 1]
    assert len(rest) == 8
    elder = [str(c) for c in sorted(st.game.pack) if st.hands[0] >> c & 1][:5]
    younger = [str(c) for c in sorted(st.game.pack) if st.hands[1] >> c & 1][:2]
    say(st, *(f"discard {c}" for c in elder), "take", *(f"discard {c}" for c in younger), "take")
    obs = st.observation(0)
    assert obs.talon_size == 1
    screen = make_renderer(st.game, lang, 0, lambda a: st.action_text(a, lang)).screen(obs)
    assert line in screen.splitlines()


def test_refusals_name_the_moment_in_words_never_the_engine_s_phase() -> None:
    state, rng = make_game("piquet").new_state(), random.Random(4)
    phases = set()
    while state.outcome() is None:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        for wrong in (Card("7S"), state.parse_action("good", "en"), state.parse_action("take", "en")):
            if wrong in state.legal_actions(state.to_move):
                continue
            try:
                state.apply(wrong, state.to_move)
            except ActionError as e:
                for lang in ("en", "fr"):
                    text = e.text(lang)
                    assert not any(f"({name})" in text for name in PHASE_NAMES), text
                if e.code == "not_now_in":
                    phases.add(state.phase_name)
        state.apply(rng.choice(state.moves()))
    assert {"exchange_elder", "declarations", "play"} <= phases
    fresh = make_game("piquet").state_from_deal(deal_from_pack(PACK_CARDS, 1, 2))
    with pytest.raises(ActionError) as refused:
        fresh.apply(fresh.parse_action("good", "en"), 0)
    assert "(the elder's écart)" in refused.value.text("en") and "(l'écart de l'aîné)" in refused.value.text("fr")


def test_a_menu_of_one_choice_says_why_it_waits() -> None:
    # The younger answers « not good » to the elder's point: he must then declare his point,
    # which is all he may do; the terminal waits for him to confirm it.
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    say(st, "point 5", "equal", "value 45", "not good", "no sequence", "no set", "AS")
    assert [str(m) for m in st.moves()] == ["point 5"]
    for lang, words in (("en", "only one choice (you answered « not good »"),
                        ("fr", "un seul choix (vous avez répondu « pas bon »")):
        renderer = make_renderer(st.game, lang, 1, lambda a, lang=lang: st.action_text(a, lang))
        title = renderer.menu_title(st.observation(1), list(st.moves()))
        assert words in title and ("type 1 to confirm" in title or "tapez 1 pour le confirmer" in title)
    renderer = make_renderer(st.game, "en", 1, lambda a: st.action_text(a, "en"))
    assert "only one choice" not in renderer.menu_title(st.observation(1), [*st.moves(), *st.moves()])


def test_the_record_s_closing_comment_and_summary_state_the_marque() -> None:
    from atout.record import summary_text

    state = finished(1, {"partie": "rubicon4"})
    figures = " ".join(f"{k}={v}" for k, v in state.outcome().marque)
    assert f"; the marque: {figures}" in write_record(state).splitlines()[-1]
    assert f" ; la marque : {figures}" in summary_text(state, "fr")

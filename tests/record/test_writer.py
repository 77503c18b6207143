"""The writer: tags, one line per action in the position's notation, game-neutral comments,
explicit-deal starts, and views for one seat."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from atout.chance import Deal
from atout.errors import RecordError
from atout.game import CHANCE
from atout.games import make_game
from atout.record import read_record, record_view, write_record
from atout.record.format import parse_move
from tests.record.conftest import DATE, drive, first_deal, move_lines, play
from tests.toygame import Discard


def find(options: dict[str, Any], wanted: Callable[[Any], bool], **kw: Any) -> Any:
    """The first toy partie (seeds 0, 1, …) whose final state satisfies ``wanted``."""
    for seed in range(500):
        state = play("toy", options, seed, **kw)
        if wanted(state):
            return state
    raise AssertionError("no seed gives the partie wanted")


def test_tags_in_standard_order_with_defaults() -> None:
    state = play("toy", {"seats": 4, "partners": True, "target": 5}, 4)
    text = write_record(state, {"Seat1": "Bob", "Event": "club night", "Seat0": "Alice", "Date": "2026-11-21"})
    tags = [ln for ln in text.splitlines() if ln.startswith("[")]
    assert tags[:2] == ['[Game "toy"]', '[Options "seats=4 partners=true target=5"]']
    assert tags[2:6] == ['[Seat0 "Alice"]', '[Seat1 "Bob"]', '[Seat2 "?"]', '[Seat3 "?"]']
    assert tags[6] == '[Date "2026-11-21"]'
    outcome = state.outcome()
    assert tags[7] == f'[Result "{outcome.winners[0]} {outcome.scores[0]}-{outcome.scores[1]} target"]'
    assert tags[8:] == ['[Event "club night"]']


def test_computed_tags_replace_given_ones_and_a_preset_is_stored_as_its_options() -> None:
    state = play("toy", {"preset": "pairs"}, 1, stop_at=6)
    text = write_record(state, {"Game": "whist", "Result": "0 9-0 target", "Options": "x=1", "Start": "a=1",
                                "View": "0"})
    rec = read_record(text)
    assert rec.tags["Game"] == "toy"
    assert rec.tags["Options"] == "seats=4 partners=true"
    assert rec.tags["Result"] == "*"
    assert "Start" not in rec.tags and "View" not in rec.tags
    assert rec.tags["Date"] == datetime.date.today().isoformat()
    assert [rec.tags[f"Seat{i}"] for i in range(4)] == ["?"] * 4


def test_a_bad_tag_name_is_refused() -> None:
    state = play("toy", {}, 1, stop_at=3)
    with pytest.raises(RecordError, match="not a tag name"):
        write_record(state, {"Two words": "x"})


def test_every_action_is_one_line_in_order() -> None:
    state = play("toy", {"seats": 5}, 8, talk=0.3)
    lines = move_lines(write_record(state))
    assert len(lines) == len(state.history)
    for line, (seat, action) in zip(lines, state.history, strict=True):
        assert parse_move(line) == (seat, state.action_text(action))
    assert lines[0].startswith("*: draw ")  # for the first dealer
    assert any(line.split(": ", 1)[1].startswith("show ") for line in lines)


def test_comments_tell_each_hand_and_the_result() -> None:
    state = play("toy", {"seats": 4, "partners": True, "target": 5}, 2)
    text = write_record(state, DATE)
    comments = [ln for ln in text.splitlines() if ln.startswith(";")]
    starts = [c for c in comments if c.startswith("; hand ") and " ends " not in c]
    ends = [c for c in comments if " ends " in c]
    assert starts == [f"; hand {r.number}" for r in state.results]
    for comment, r in zip(ends, state.results, strict=True):
        moved = ", ".join(f"{'AB'[side]} {p:+d}" for side, p in enumerate(r.points) if p) or "no points"
        assert comment == f"; hand {r.number} ends (tricks): {moved}, score {r.scores[0]}-{r.scores[1]}"
    winner = "AB"[state.outcome().winners[0]]
    scores = "-".join(map(str, state.outcome().scores))
    assert comments[-1] == f"; result: {winner} wins {scores} (target reached)"
    assert "\n; hand 1\n*: draw " in text and "\n; hand 2\n*: deal " in text


def test_comments_in_french() -> None:
    state = play("toy", {"seats": 4, "partners": True, "target": 3}, 2)
    text = write_record(state, DATE, lang="fr")
    assert "\n; coup 1\n" in text and "; fin du coup 1 (tricks) : " in text and "; résultat : " in text
    assert read_record(text).errors == []


def test_a_tie_and_several_winners() -> None:
    tie = find({"deals": 1}, lambda s: s.outcome() is not None and not s.outcome().winners, talk=0)
    text = write_record(tie, DATE)
    scores = "-".join(map(str, tie.outcome().scores))
    assert f'[Result "= {scores} deals"]' in text
    assert text.endswith(f"; result: tie {scores} (all deals played)\n")
    # four players alone: when one abandons, the three others win
    several = find({"seats": 4}, lambda s: s.outcome() is not None and len(s.outcome().winners) > 1,
                   talk=0, table=0.05)
    winners = several.outcome().winners
    text = write_record(several, DATE)
    assert f'[Result "{",".join(map(str, winners))} ' in text
    assert f"; result: {', '.join(map(str, winners))} win " in text


def test_an_unfinished_partie_and_an_abandon() -> None:
    state = play("toy", {}, 5, stop_at=20)
    text = write_record(state, DATE)
    assert '[Result "*"]' in text
    scores = "-".join(str(s) for s in state.observation(None).scores)
    assert len(state.results) == 1  # draws, then 16 actions a hand: the second is in progress
    assert "\n; hand 2\n" not in text and "\n; hand in progress\n*: deal " in text
    assert text.endswith(f"\n{move_lines(text)[-1]}\n; result * (unfinished, score {scores})\n")
    abandoned = find({}, lambda s: s.outcome() is not None and s.outcome().reason.value == "abandon", table=0.02)
    text = write_record(abandoned, DATE)
    assert "; hand not scored\n" in text
    assert move_lines(text)[-1].endswith(": abandon")


def test_a_state_made_from_a_deal_has_a_start_tag_and_begins_with_its_deal() -> None:
    game = make_game("toy", {"target": 9})
    deal = first_deal(game, 3)
    state = drive(game.state_from_deal(deal, {"dealer": "2", "scores": "1-0-3", "hand": "4"}), 3)
    text = write_record(state, DATE)
    assert '[Start "dealer=2 scores=1-0-3 hand=4"]' in text
    assert move_lines(text)[0] == f"*: {deal}"
    assert "; hand 4\n" in text


def test_setup_facts_that_cannot_be_written() -> None:
    game = make_game("toy")
    state = game.state_from_deal(first_deal(game), {"dealer": "1"})
    state.setup = {"the dealer": "1"}  # a game that gives back a fact whose key is not a name
    with pytest.raises(RecordError, match="cannot write this partie"):
        write_record(state)


def test_a_history_that_does_not_replay_is_not_written() -> None:
    state = play("toy", {}, 6, stop_at=12)
    codes = state._log.history.codes  # a corrupted history: two actions swapped under the state's feet
    codes[5], codes[6] = codes[6], codes[5]
    with pytest.raises(RecordError, match="does not replay"):
        write_record(state)


# ------------------------------------------------------------------------------------------ views


def test_a_view_shows_only_the_viewers_cards() -> None:
    state = play("toy", {"preset": "pairs", "discard": True, "target": 5}, 9, stop_at=40)
    for viewer in (0, 3, None):
        text = record_view(state, viewer, DATE)
        assert f'[View "{"spectator" if viewer is None else viewer}"]' in text
        lines = move_lines(text)
        assert len(lines) == len(state.history)
        for line, (seat, action) in zip(lines, state.history, strict=True):
            if isinstance(action, Deal):
                assert line == f"*: {action.seen_by(viewer)}"
                for other in range(4):
                    shown = f"{other}=?3" if other != viewer else f"{other}={','.join(map(str, action.hands[other]))}"
                    assert f" {shown} " in line
            elif isinstance(action, Discard) and seat != viewer:
                assert line == f"{seat}: hidden discard 1"
            elif seat == CHANCE:  # the draw for the first dealer, face up
                assert line == f"*: {action}"
            else:
                assert line == f"{seat}: {state.action_text(action)}"
        assert read_record(text).errors == [] and ": hidden discard 1" in text


def test_a_view_of_a_seat_not_at_the_table_is_refused() -> None:
    state = play("toy", {}, 1, stop_at=3)
    with pytest.raises(RecordError, match="no seat 3"):
        record_view(state, 3)

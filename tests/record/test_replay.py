"""Replay: round trips, explicit-deal starts, views refused, and exact errors for bad records."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Card
from atout.chance import Deal
from atout.errors import RecordError
from atout.games import make_game
from atout.record import Move, Record, ReplayResult, read_record, record_view, replay, summary, write_record
from tests.record.conftest import DATE, drive, first_deal, line_no, move_lines, play
from tests.toygame import Discard, ToyState


def join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def assert_same_partie(again: Any, state: Any) -> None:
    assert again.history == state.history
    assert again.results == state.results
    assert again.outcome() == state.outcome()
    assert again.setup == state.setup
    assert again.to_move == state.to_move
    assert again.observation(None).to_json() == state.observation(None).to_json()


# ---------------------------------------------------------------------------------------- round trips

TOY_PARTIES = [
    ({}, 1, {}),
    ({"seats": 4, "partners": True, "target": 6}, 2, {"talk": 0.3}),
    ({"seats": 5, "target": 3, "discard": True}, 3, {}),
    ({"seats": 2, "deals": 3}, 4, {}),
    ({"seats": 4, "deals": 2}, 5, {"talk": 0.2}),
    ({}, 6, {"stop_at": 17}),                 # unfinished, mid-hand
    ({}, 7, {"table": 0.05}),                 # abandoned
]


@pytest.mark.parametrize("options, seed, kw", TOY_PARTIES)
def test_round_trip(options: dict[str, Any], seed: int, kw: dict[str, Any]) -> None:
    state = play("toy", options, seed, **kw)
    text = write_record(state, {"Seat0": "Alice", **DATE})
    rec = read_record(text)
    assert rec.errors == []
    result = replay(rec)
    assert isinstance(result, ReplayResult)
    assert result.ok, result.errors
    assert result.applied == len(state.history)
    assert_same_partie(result.state, state)
    assert write_record(result.state, {"Seat0": "Alice", **DATE}) == text
    assert summary(result.state) == summary(state)


def test_the_round_trips_cover_what_they_claim() -> None:
    kinds, reasons = set(), set()
    for options, seed, kw in TOY_PARTIES:
        state = play("toy", options, seed, **kw)
        kinds |= {str(a.kind) for _, a in state.history}
        reasons.add(state.outcome().reason.value if state.outcome() else "*")
    assert kinds == {"chance", "move", "talk", "table"}
    assert reasons == {"target", "deals", "abandon", "*"}


def test_replay_accepts_text_and_check_raises() -> None:
    state = play("toy", {}, 3, stop_at=20)
    text = write_record(state, DATE)
    assert replay(text).check().history == state.history
    with pytest.raises(RecordError) as info:
        replay(text.replace('[Game "toy"]', '[Game "belote"]')).check()
    assert info.value.errors[0][0] == 1


def test_a_partie_from_a_deal_replays_from_its_start_tag() -> None:
    game = make_game("toy", {"seats": 4, "partners": True, "target": 7})
    deal = first_deal(game, 5)
    state = drive(game.state_from_deal(deal, {"dealer": "3", "scores": "2-5"}), 5)
    text = write_record(state, DATE)
    assert '[Start "dealer=3 scores=2-5"]' in text
    result = replay(text)
    assert result.ok, result.errors
    assert_same_partie(result.state, state)
    assert write_record(result.state, DATE) == text


def test_a_start_tag_with_no_deal_or_a_refused_setup() -> None:
    game = make_game("toy")
    deal = first_deal(game, 1)
    text = write_record(game.state_from_deal(deal, {"dealer": "1"}), DATE)
    start = line_no(text, lambda ln: ln.startswith("[Start"))
    deal_line = line_no(text, lambda ln: ln.startswith("*: deal"))
    assert replay(text.replace('"dealer=1"', '"dealer=7"')).errors == \
        [(deal_line, "the game cannot start from this deal and [Start] tag: bad setup {'dealer': '7'}")]
    assert replay(text.replace('"dealer=1"', '"croupier=1"')).errors[0][1].startswith(
        "the game cannot start from this deal and [Start] tag: unknown setup facts ['croupier']")
    assert replay(text.replace('"dealer=1"', '"dealer"')).errors == \
        [(start, 'bad start \'dealer\': write the starting facts as key=value pairs ("dealer=3 scores=0-0")')]
    lines = text.splitlines()
    no_moves = join([ln for ln in lines if not ln.startswith(("*", "1:", "2:", "0:"))])
    assert replay(no_moves).errors == [(start, "a record with a [Start] tag begins with the deal ('*: deal …')")]
    lines[deal_line - 1] = "1: KH"
    assert replay(join(lines)).errors == [(deal_line, "a record with a [Start] tag begins with the deal ('*: deal …')")]


# ---------------------------------------------------------------------------------------- views


def test_a_view_is_never_replayed() -> None:
    state = play("toy", {}, 2, stop_at=15)
    text = record_view(state, 1, DATE)
    view_line = line_no(text, lambda ln: ln.startswith("[View"))
    result = replay(text)
    assert result.state is None and result.applied == 0
    assert result.errors == [(view_line, ("this record is seat 1's view of the partie: the cards it hides cannot be "
                                         "replayed"))]
    spectator = replay(record_view(state, None, DATE), lang="fr")
    assert spectator.errors[0][1] == ("ce relevé est la vue de la partie pour un spectateur : les cartes qu'il "
                                      "cache ne peuvent pas être rejouées")
    stripped = join([ln for ln in text.splitlines() if not ln.startswith("[View")])
    deal_line = line_no(stripped, lambda ln: ln.startswith("*: deal"))
    assert replay(stripped).errors == \
        [(deal_line, "the table (*): this deal hides cards ('?'): a view of a partie cannot be replayed")]


# ---------------------------------------------------------------------------------------- errors


@pytest.fixture
def partie() -> tuple[Any, str]:
    """A finished 3-seat toy partie with discards and talk, and its record text."""
    state = play("toy", {"discard": True, "target": 5}, 21, talk=0.2)
    return state, write_record(state, DATE)


def test_unknown_game_and_bad_option(partie: tuple[Any, str]) -> None:
    _, text = partie
    result = replay(text.replace('[Game "toy"]', '[Game "belote"]'))
    assert result.state is None and result.applied == 0
    assert [(n, m.split(";")[0]) for n, m in result.errors] == [(1, "unknown game 'belote'")]
    result = replay(text.replace('[Options "discard=true target=5"]', '[Options "discard=true target=5 trumps=none"]'))
    assert result.state is None
    assert len(result.errors) == 1
    assert result.errors[0][0] == 2 and result.errors[0][1].startswith("bad option: unknown option 'trumps'")


def test_a_malformed_tag_does_not_stop_the_replay(partie: tuple[Any, str]) -> None:
    state, text = partie
    result = replay(text.replace('[Seat1 "?"]', "[Seat1 ?]"))
    assert result.errors == [(4, "malformed tag '[Seat1 ?]': a tag is written [Name \"value\"]")]
    assert result.state.history == state.history


def _cards(text: str) -> list[tuple[Move, ToyState]]:
    """(move, state before it) for every card play of the record."""
    rec = read_record(text)
    state = make_game("toy", {"discard": True, "target": 5}).new_state()
    out = []
    for move in rec.moves:
        action = state.parse_action(move.text, "en")
        if type(action) is Card:
            out.append((move, state.clone()))
        state.apply(action, move.seat)
    return out


def test_an_unreadable_action_stops_there(partie: tuple[Any, str]) -> None:
    _state, text = partie
    move, before = _cards(text)[3]
    lines = text.splitlines()
    lines[move.line - 1] = f"{move.seat}: KX"
    result = replay(join(lines))
    assert result.errors == [(move.line, (f"seat {move.seat}: cannot read action 'KX': 'KX' is not a card code in en "
                                         "(e.g. KH for the king of hearts)"))]
    assert result.applied == len(before.history) == len(result.state.history)
    assert result.state.history == before.history


def test_an_illegal_card_names_line_seat_card_and_reason(partie: tuple[Any, str]) -> None:
    _, text = partie
    for move, before in _cards(text):
        hand = before.hands[move.seat]
        wrong = [c for c in hand if c not in before.legal_actions(move.seat)]
        if wrong:
            break
    lines = text.splitlines()
    lines[move.line - 1] = f"{move.seat}: {wrong[0]}"
    result = replay(join(lines))
    assert result.errors == [(move.line, (f"seat {move.seat}: illegal action '{wrong[0]}': must follow suit "
                                         f"{before.trick[0][1].suit.letter}"))]
    assert result.state.history == before.history  # stopped before the bad move, nothing half-applied
    fr = replay(join(lines), lang="fr")
    assert fr.errors == [(move.line, (f"place {move.seat} : action interdite '{wrong[0]}' : il faut fournir à "
                                     f"{before.trick[0][1].suit.letter}"))]


def test_a_card_not_held_points_at_the_deal(partie: tuple[Any, str]) -> None:
    _, text = partie
    move, before = _cards(text)[0]
    other = next(c for c in make_game("toy").pack if c not in before.hands[move.seat])
    lines = text.splitlines()
    lines[move.line - 1] = f"{move.seat}: {other}"
    deal = max(i for i, ln in enumerate(lines[: move.line], start=1) if ln.startswith("*: deal"))
    dealt = next(a for _, a in reversed(before.history) if isinstance(a, Deal)).hands[move.seat]
    hint = "" if other in dealt else f" (the deal on line {deal} did not give {other} to seat {move.seat})"
    assert replay(join(lines)).errors == \
        [(move.line, f"seat {move.seat}: illegal action '{other}': seat {move.seat} does not hold {other}{hint}")]


def test_a_discarded_card_played_gets_no_deal_hint(partie: tuple[Any, str]) -> None:
    _state, text = partie
    move, before = _cards(text)[0]
    discarded = next(a.card for s, a in before.history if s == move.seat and isinstance(a, Discard))
    lines = text.splitlines()
    lines[move.line - 1] = f"{move.seat}: {discarded}"
    assert replay(join(lines)).errors == \
        [(move.line, f"seat {move.seat}: illegal action '{discarded}': seat {move.seat} does not hold {discarded}")]


def test_out_of_turn(partie: tuple[Any, str]) -> None:
    _, text = partie
    move, _before = _cards(text)[4]
    wrong = (move.seat + 1) % 3
    lines = text.splitlines()
    lines[move.line - 1] = f"{wrong}: {move.text}"
    assert replay(join(lines)).errors == \
        [(move.line, f"seat {wrong}: illegal action '{move.text}': not your turn: seat {move.seat} is to act")]


def _deal_fields(line: str) -> dict[str, list[str]]:
    return {k: v.split(",") for k, _, v in (w.partition("=") for w in line.split()[2:])}


def _deal_line(fields: dict[str, list[str]]) -> str:
    return "*: deal " + " ".join(f"{k}={','.join(v)}" for k, v in fields.items())


def test_a_card_dealt_twice(partie: tuple[Any, str]) -> None:
    _, text = partie
    lines = text.splitlines()
    n = line_no(text, lambda ln: ln.startswith("*: deal"))
    fields = _deal_fields(lines[n - 1])
    dup = fields["0"][0]
    fields["talon"][0] = dup
    lines[n - 1] = _deal_line(fields)
    result = replay(join(lines))
    assert len(result.errors) == 1
    line, message = result.errors[0]
    assert line == n
    assert message.startswith("the table (*): illegal action 'deal ")
    assert message.endswith(f"': a deal gives 5 cards to each of 3 seats from the pack ({dup} appears 2 times: "
                            "seat 0, talon)")
    draws = [ln for ln in lines[: n - 1] if ln.startswith("*: draw ")]  # for the first dealer
    assert len(result.state.history) == result.applied == len(draws)  # nothing of the deal applied


def test_chance_and_player_lines_are_kept_apart() -> None:
    deal = first_deal(make_game("toy"))
    rec = Record(tags={"Game": "toy"}, moves=[Move(1, 0, str(deal))])
    assert replay(rec).errors == [(1, f"seat 0: '{str(deal)[:59]}…' is a chance step: write it '*: {str(deal)[:59]}…'")]
    draw = make_game("toy").new_state().sample_chance(random.Random(0))
    rec = Record(tags={"Game": "toy"}, moves=[Move(1, -1, str(draw)), Move(2, -1, "discard KH")])
    assert replay(rec).errors == [(2, ("the table (*): '*:' is for the table's chance steps (draw, deal), not "
                                      "'discard KH'"))]


def test_a_tampered_result(partie: tuple[Any, str]) -> None:
    state, text = partie
    outcome = state.outcome()
    real = f"{outcome.winners[0]} {'-'.join(map(str, outcome.scores))} target"
    result_line = line_no(text, lambda ln: ln.startswith("[Result"))
    fakes = [f"{(outcome.winners[0] + 1) % 3} {'-'.join(map(str, outcome.scores))} target",
             f"{outcome.winners[0]} {'-'.join(str(s + 1) for s in outcome.scores)} target",
             f"{outcome.winners[0]} {'-'.join(map(str, outcome.scores))} abandon",
             f"= {'-'.join(map(str, outcome.scores))} target", "*"]
    for fake in fakes:
        result = replay(text.replace(f'[Result "{real}"]', f'[Result "{fake}"]'))
        assert result.errors == [(result_line, (f"tampered result: the [Result] tag says '{fake}' but the moves give "
                                               f"'{real}'"))]
        assert result.state.history == state.history


def test_truncated_moves_contradict_the_result(partie: tuple[Any, str]) -> None:
    _, text = partie
    lines = text.splitlines()
    last = max(i for i, ln in enumerate(lines) if ln[:1].isdigit())
    result = replay(join(lines[:last]))
    assert len(result.errors) == 1
    assert result.errors[0][1].endswith("but the moves give '*'")


def test_an_unfinished_record_marked_finished() -> None:
    state = play("toy", {}, 5, stop_at=30)
    text = write_record(state, DATE)
    assert replay(text).ok
    result = replay(text.replace('[Result "*"]', '[Result "0 5-0-0 target"]'))
    assert result.errors == [(7, "tampered result: the [Result] tag says '0 5-0-0 target' but the moves give '*'")]


def test_reader_errors_are_kept_and_the_replay_stops_at_an_unreadable_line(partie: tuple[Any, str]) -> None:
    _, text = partie
    lines = text.splitlines()
    n = line_no(text, lambda ln: ln.startswith("2: "))
    lines[n - 1] = "two: " + lines[n - 1][3:]
    lines.insert(2, '[Game "toy"]')  # a duplicate tag on line 3; the move line moves to n + 1
    result = replay(join(lines))
    assert [e[0] for e in result.errors] == [3, n + 1]
    assert "duplicate tag [Game]" in result.errors[0][1]
    assert "bad seat prefix 'two'" in result.errors[1][1]
    assert result.applied == len([m for m in read_record(text).moves if m.line < n])


def test_a_fault_of_the_engine_is_reported_not_raised(partie: tuple[Any, str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, text = partie
    move, _ = _cards(text)[2]

    def broken(self: ToyState, action: Any, seat: int | None = None) -> None:
        if type(action) is Card and len([a for _, a in self.history if type(a) is Card]) == 2:
            raise KeyError("boom")
        original(self, action, seat)

    original = ToyState.apply
    monkeypatch.setattr(ToyState, "apply", broken)
    result = replay(text)
    assert result.errors == [(move.line, (f"seat {move.seat}: internal error of the game engine on '{move.text}': "
                                         "KeyError: 'boom'"))]


def test_replay_never_raises_on_mangled_records(partie: tuple[Any, str]) -> None:
    _, text = partie
    lines = text.splitlines()
    rng = random.Random(2)
    for _ in range(300):
        mangled = list(lines)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(mangled))
            op = rng.randrange(4)
            if op == 0:
                del mangled[i]
            elif op == 1:
                mangled.insert(i, mangled[rng.randrange(len(mangled))])
            elif op == 2 and mangled[i]:
                j = rng.randrange(len(mangled[i]))
                mangled[i] = mangled[i][:j] + rng.choice("0123456789KQJASHDC*:=,?[]\" ٣") + mangled[i][j + 1:]
            else:
                k = rng.randrange(len(mangled))
                mangled[i], mangled[k] = mangled[k], mangled[i]
        result = replay(join(mangled))
        assert result.errors == sorted(result.errors, key=lambda e: e[0])
        assert not any("internal error" in m for _, m in result.errors)
        if result.state is not None:
            assert len(result.state.history) == result.applied
        if result.ok:
            assert move_lines(join(mangled)) == move_lines(write_record(result.state, DATE))

"""Fuzz: reading and replaying any text, or a valid record mangled in any way, raises nothing —
every problem is a ``(line, message)`` entry, and only ``RecordError`` (from ``check()``) is ever
raised. A game engine's own fault would show as an "internal error" entry: none may appear."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.errors import RecordError
from atout.record import read_record, record_view, replay, write_record
from tests.record.conftest import DATE, play

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

ODD = ["\ud800", "\udfff", "\u2028", "\u0085", "\x00", "\ufeff", "٣", "３", "²", "𝟘", "é", "🂡", "\u200b", "\t",
       "\r", "[", "]", '"', "\\", "*", ":", ";", "=", ",", "?", "-", " "]
GAMES = ('"toy"', '"TOY"', '"sizette"', '"quadrette"', '"belote"', '""', '"\\ud800"')


def check(text: str) -> None:
    """The reader and the replay take ``text`` without raising; their answers are well formed."""
    rec = read_record(text)
    for answer in (rec.errors, replay(text).errors, replay(rec).errors):
        assert all(isinstance(n, int) and isinstance(m, str) for n, m in answer)
        assert answer == sorted(answer, key=lambda e: e[0])
        assert not any("internal error" in m for _, m in answer), answer
    result = replay(rec)
    if result.state is not None:
        assert len(result.state.history) == result.applied
    try:
        result.check()
    except RecordError as e:
        assert e.errors == result.errors


@functools.cache
def valid_records() -> tuple[str, ...]:
    """Records of finished, unfinished, from-a-deal and viewed toy parties, and of Sizette and
    Quadrette parties (talk, table law, an unfinished one, a view)."""
    from atout.games import make_game
    from tests.record.conftest import drive, first_deal

    full = play("toy", {"preset": "pairs", "discard": True, "target": 3}, 1, talk=0.2)
    open_ = play("toy", {}, 2, stop_at=25)
    game = make_game("toy", {"deals": 2})
    started = drive(game.state_from_deal(first_deal(game), {"dealer": "1", "scores": "1-0-2"}), 3)
    sizette = play("sizette", {"target_points": "2", "table_law_mode": "true"}, 2, talk=0.2, table=0.02)
    quadrette = play("quadrette", {}, 3, talk=0.2, stop_at=70)
    return (write_record(full, DATE), write_record(open_, DATE), write_record(started, DATE),
            record_view(open_, 1, DATE), record_view(full, None, DATE),
            write_record(sizette, DATE), write_record(quadrette, DATE), record_view(quadrette, 2, DATE))


@pytest.fixture
def records(toy_game: Any) -> tuple[str, ...]:
    return valid_records()


@SETTINGS
@given(st.text(max_size=400))
def test_any_text(text: str) -> None:
    check(text)


line = st.one_of(
    st.builds(lambda name, value: f"[{name} {value}]", st.sampled_from(["Game", "Options", "Result", "Start",
                                                                        "View", "Seat0", "Seat٣", "X"]),
              st.one_of(st.sampled_from(GAMES), st.text(max_size=20).map(lambda t: f'"{t}"'), st.text(max_size=20))),
    st.builds(lambda seat, action: f"{seat}: {action}",
              st.one_of(st.sampled_from(["*", "0", "1", "2", "3", "9", "٣", "1" * 40, "-1", ""]),
                        st.text(max_size=3)),
              st.one_of(st.sampled_from(["deal 0=?5 1=?5 2=?5", "deal 0=KH", "draw 0=KH 1=KH", "KH", "discard KH",
                                         "show KH", "claim", "abandon", "deal", "deal =", "deal 0=?999999", "show"]),
                        st.text(max_size=30))),
    st.text(max_size=40),
)


@SETTINGS
@given(st.lists(line, max_size=30), st.sampled_from(GAMES))
def test_record_like_text(lines: list[str], game: str) -> None:
    check(f"[Game {game}]\n" + "\n".join(lines))


@SETTINGS
@given(data=st.data())
def test_mangled_valid_records(records: tuple[str, ...], data: st.DataObject) -> None:
    lines = data.draw(st.sampled_from(records)).split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.integers(0, 5))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[data.draw(st.integers(0, len(lines) - 1))])
        elif op == 2 and lines[i]:
            j = data.draw(st.integers(0, len(lines[i]) - 1))
            char = data.draw(st.one_of(st.sampled_from(ODD), st.characters()))
            lines[i] = lines[i][:j] + char + lines[i][j + 1:]
        elif op == 3:
            lines.insert(i, data.draw(line))
        elif op == 4:
            k = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[k] = lines[k], lines[i]
        elif lines[i]:
            j = data.draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:j] + data.draw(st.text(min_size=1, max_size=8)) + lines[i][j:]
        if not lines:
            lines = [""]
    check("\n".join(lines))


@pytest.mark.parametrize("text", [
    '[Game "toy"]\n' + "1: " + "K" * 200_000,
    '[Game "toy"]\n*: deal ' + "0=" + ",".join(["KH"] * 50_000),
    '[Game "toy"]\n*: deal 0=?' + "9" * 5000,
    '[Game "toy"]\n' + "[" * 100_000,
    '[Event "' + "\\\\" * 50_000 + '"]\n[Game "toy"]\n',
    '[Event "' + "[" * 50_000 + '"]\n[Game "toy"]\n',
    '[Game "toy"]\n[Options "target=' + "9" * 10_000 + '"]\n',
    '[Game "toy"]\n[Result "0 ' + "9" * 10_000 + '-1-1 target"]\n',
    '[Game "toy"]\n[Start "dealer=' + "9" * 10_000 + '"]\n*: deal 0=KH\n',
    '[Game "toy"]\n[Seat' + "9" * 10_000 + ' "x"]\n',
    "9" * 10_000 + ": KH\n",
    '[Game "toy\ud800"]\n',
    '[Game "toy"]\n[Event "\\ud800"]\n1: show \ud800\n',
    '[Game "toy"]\n[Options "seats=٣"]\n',
    '[Game "toy"]\n[View "٣"]\n',
    '[Game "toy"]\n٢: KH\n１: KH\n',
    ('[Game "toy"]\n[Start "dealer=٢"]\n*: deal 0=KS,AS,KS#2,AS#2,KH 1=AH,KH#2,AH#2,KD,AD '
     '2=KD#2,AD#2,KC,AC,KC#2 talon=AC#2 turn=AC#2\n'),
    '[Game "toy"]\n[Start ""]\n*: deal 0=?5 1=?5 2=?5 talon=?1 turn=AS\n',
    "\ufeff\ufeff[Game \"toy\"]\r\n\r\n",
])
def test_hostile_inputs(text: str) -> None:
    check(text)

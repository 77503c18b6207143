"""The reader: tags in order, moves with line numbers, forgiving error collection."""

from __future__ import annotations

import random

import pytest

from atout.record import Move, Record, read_record, write_record

HEADER = '[Game "quadrette"]\n[Options "target_points=3"]\n[Seat0 "Alice"]\n[Date "2026-11-21"]\n[Result "*"]\n'


def test_tags_moves_and_line_numbers():
    text = HEADER + "\n; a comment\n*: draw 0=KH 1=7S 2=9D 3=QC\n\n2: captain 2\r\n  3:captain 3  \n"
    rec = read_record(text)
    assert isinstance(rec, Record)
    assert list(rec.tags.items()) == [("Game", "quadrette"), ("Options", "target_points=3"), ("Seat0", "Alice"),
                                      ("Date", "2026-11-21"), ("Result", "*")]
    assert rec.tag_lines == {"Game": 1, "Options": 2, "Seat0": 3, "Date": 4, "Result": 5}
    assert rec.moves == [Move(8, -1, "draw 0=KH 1=7S 2=9D 3=QC"), Move(10, 2, "captain 2"), Move(11, 3, "captain 3")]
    assert rec.errors == [] and rec.ok


def test_comments_blank_lines_and_bom_are_ignored():
    rec = read_record("\ufeff; only comments\n\n;[Game \"x\"]\n" + HEADER + "; 0: KH\n")
    assert rec.errors == [] and rec.moves == []
    assert rec.tag_lines["Game"] == 4


def test_written_record_reads_back_clean(player):
    state = player("sizette", {"table_law_mode": "true"}, seed=11, table=0.02)
    rec = read_record(write_record(state))
    assert rec.errors == []
    assert [(m.seat, m.text) for m in rec.moves] == [(s, str(a)) for s, a in state.history]


@pytest.mark.parametrize("line, message", [
    ('[Game sizette]', "malformed tag"),
    ('[Game "sizette"', "malformed tag"),
    ('Game "sizette"]', "is not a tag, a comment or a move"),
    ('[Game "bad \\q escape"]', "bad escape"),
    ('["Game" "sizette"]', "malformed tag"),
])
def test_malformed_tag_is_reported_on_its_line(line, message):
    rec = read_record(HEADER + line + "\n*: draw 0=KH 1=7S 2=9D 3=QC\n")
    assert [n for n, _ in rec.errors] == [6]
    assert message in rec.errors[0][1]
    assert rec.moves == [Move(7, -1, "draw 0=KH 1=7S 2=9D 3=QC")]


def test_duplicate_tag_keeps_the_first():
    rec = read_record(HEADER + '[Seat0 "Mallory"]\n')
    assert rec.tags["Seat0"] == "Alice"
    assert rec.errors == [(6, "duplicate tag [Seat0] (first on line 3); this one is ignored")]


def test_missing_game_tag():
    rec = read_record('[Date "2026-11-21"]\n\n0: KH\n')
    assert rec.errors == [(3, 'missing [Game "…"] tag: the record does not say which game it is')]
    assert rec.moves == [Move(3, 0, "KH")]
    assert read_record("").errors[0][0] == 1


def test_unknown_game():
    rec = read_record('[Date "x"]\n[Game "belote"]\n0: KH\n')
    assert rec.errors == [(2, "unknown game 'belote'; games are: sizette, quadrette")]


@pytest.mark.parametrize("options, message", [
    ("colour=blue", "bad option: unknown option 'colour'"),
    ("target_points=0", "bad option: option target_points: 0 is outside 1..99"),
    ("win_rule=five", "bad option: option win_rule: 'five' is not one of first_to_3, four_needed"),
    ("target_points", "bad option: an option is written name=value"),
])
def test_bad_options(options, message):
    rec = read_record(f'[Game "quadrette"]\n[Options "{options}"]\n*: draw 0=KH 1=7S 2=9D 3=QC\n')
    assert len(rec.errors) == 1
    assert rec.errors[0][0] == 2 and rec.errors[0][1].startswith(message)


@pytest.mark.parametrize("line, message", [
    ("x: KH", "bad seat prefix 'x'"),
    ("4: KH", "bad seat prefix '4': this game has seats 0 to 3"),
    ("-1: KH", "bad seat prefix '-1'"),
    ("KH", "is not a tag, a comment or a move"),
    ("2:", "no action after '2:'"),
])
def test_bad_seat_prefix(line, message):
    rec = read_record(HEADER + line + "\n")
    assert len(rec.errors) == 1 and rec.errors[0][0] == 6
    assert message in rec.errors[0][1]
    assert rec.moves == [] and rec.unreadable == [6]


@pytest.mark.parametrize("line, message", [
    ("0: KX", "cannot read action 'KX'"),
    ("0: ask 9x count H", "cannot read action 'ask 9x count H'"),
    ("1: say count H many", "cannot read action"),
    ('0: remark "unclosed', "a remark is written"),
    ("0: draw 0=KH", "a draw is a chance action: write '*: draw 0=KH'"),
    ("*: KH", "'*:' is for chance actions (draw, deal), not 'KH'"),
    ("*: deal 0=KH", "cannot read action 'deal 0=KH'"),
])
def test_unparsable_action(line, message):
    rec = read_record(HEADER + line + "\n")
    assert len(rec.errors) == 1 and rec.errors[0][0] == 6, rec.errors
    assert message in rec.errors[0][1]
    assert [m.line for m in rec.moves] == [6]  # kept as a move: the replay stops there
    assert rec.unreadable == [6]


def test_command_on_trump_is_left_to_the_replay():
    rec = read_record(HEADER + "2: command high trump\n")
    assert rec.errors == []


def test_several_errors_in_one_pass():
    text = (
        '[Game "quadrette"]\n'        # 1
        '[Options "target_points=3"]\n'  # 2
        '[Seat0 Alice]\n'             # 3 malformed
        '[Game "sizette"]\n'          # 4 duplicate
        '[Seat7 "Zoe"]\n'             # 5 no such seat
        '[Result "A won"]\n'          # 6 bad result
        '*: draw 0=KH 1=7S 2=9D 3=QC\n'  # 7 fine
        'z: captain 2\n'              # 8 bad prefix
        '2: captain two\n'            # 9 unreadable action
        '3: captain 3\n'              # 10 fine
        '[Event "late"]\n'            # 11 tag after the moves
    )
    rec = read_record(text)
    assert [n for n, _ in rec.errors] == [3, 4, 5, 6, 8, 9, 11]
    assert rec.tags == {"Game": "quadrette", "Options": "target_points=3", "Seat7": "Zoe", "Result": "A won",
                        "Event": "late"}
    assert [m.line for m in rec.moves] == [7, 9, 10]
    assert rec.unreadable == [8, 9]


def test_never_raises_on_garbage():
    rng = random.Random(1)
    alphabet = '[]":;*0123456789 abcdefgKHSDC=,\\\n\t\ufeffé'
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 120)))
        rec = read_record(('[Game "sizette"]\n' if rng.random() < 0.5 else "") + text)
        assert all(isinstance(n, int) and n >= 1 and isinstance(m, str) for n, m in rec.errors)
        assert rec.errors == sorted(rec.errors, key=lambda e: e[0])

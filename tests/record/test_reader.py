"""The reader: tags in order, moves with line numbers, chance steps read, every problem collected."""

from __future__ import annotations

import pytest

from atout.cards import CardSet
from atout.chance import Deal, Draw
from atout.record import Move, Record, read_record, record_view, write_record
from tests.record.conftest import DATE, play
from tests.toygame import Discard

HEADER = '[Game "toy"]\n[Options "target=3 discard=true"]\n[Seat0 "Alice"]\n[Date "2026-11-21"]\n[Result "*"]\n'
DEAL = "deal 0=KS,AS,KS#2,AS#2,KH 1=AH,KH#2,AH#2,KD,AD 2=KD#2,AD#2,KC,AC,KC#2 talon=AC#2 turn=AC#2"


def test_tags_moves_and_line_numbers() -> None:
    text = HEADER + f"\n; a comment\n*: {DEAL}\n\n1: discard KD\r\n  2:discard KC  \n"
    rec = read_record(text)
    assert isinstance(rec, Record)
    assert list(rec.tags.items()) == [("Game", "toy"), ("Options", "target=3 discard=true"), ("Seat0", "Alice"),
                                      ("Date", "2026-11-21"), ("Result", "*")]
    assert rec.tag_lines == {"Game": 1, "Options": 2, "Seat0": 3, "Date": 4, "Result": 5}
    assert [(m.line, m.seat, m.text) for m in rec.moves] == [(8, -1, DEAL), (10, 1, "discard KD"),
                                                             (11, 2, "discard KC")]
    assert isinstance(rec.moves[0].chance, Deal) and rec.moves[1].chance is None
    assert rec.moves[0].chance.hands[1] == CardSet.parse("AH KH#2 AH#2 KD AD")
    assert rec.errors == [] and rec.ok and not rec.is_view


def test_comments_blank_lines_and_bom_are_ignored() -> None:
    rec = read_record("\ufeff; only comments\n\n;[Game \"x\"]\n" + HEADER + "; 0: KH\n")
    assert rec.errors == [] and rec.moves == []
    assert rec.tag_lines["Game"] == 4


def test_only_newline_ends_a_line() -> None:
    """A remark may hold any Unicode line separator: only \\n ends a record line."""
    rec = read_record(HEADER + '2: remark "a\u2028b\u0085c\x0cd"\n')
    assert [m.text for m in rec.moves] == ['remark "a\u2028b\u0085c\x0cd"']


def test_written_records_read_back_clean() -> None:
    state = play("toy", {"seats": 4, "partners": True, "target": 6}, 3, talk=0.2)
    text = write_record(state, DATE)
    rec = read_record(text)
    assert rec.errors == []
    assert [(m.seat, m.text) for m in rec.moves] == [(s, state.action_text(a)) for s, a in state.history]


@pytest.mark.parametrize("line, message", [
    ('[Game toy]', "malformed tag"),
    ('[Seat1 "Bob"', "malformed tag"),
    ('Seat1 "Bob"]', "is not a tag, a comment or a move"),
    ('[Seat1 "bad \\q escape"]', "bad escape"),
    ('["Seat1" "Bob"]', "malformed tag"),
])
def test_a_malformed_tag_is_reported_on_its_line(line: str, message: str) -> None:
    rec = read_record(HEADER + line + f"\n*: {DEAL}\n")
    assert [n for n, _ in rec.errors] == [6]
    assert message in rec.errors[0][1]
    assert [m.line for m in rec.moves] == [7]


def test_every_problem_is_collected_not_only_the_first() -> None:
    text = HEADER + (f"*: {DEAL}\nx: KH\n[Seat1 \"late\"]\n٣: KH\n*: deal 0=ZZ\n1:\n9: KH\n"
                     '[Seat0 "again"]\n[Result "A 1-0 target"]\n')
    rec = read_record(text)
    assert [n for n, _ in rec.errors] == [7, 8, 9, 10, 11, 12, 13, 14]
    messages = dict(rec.errors)
    assert "bad seat prefix 'x'" in messages[7]
    assert "tag [Seat1] after the moves" in messages[8]
    assert "bad seat prefix '٣'" in messages[9]
    assert "cannot read the chance step 'deal 0=ZZ'" in messages[10]
    assert "no action after '1:'" in messages[11]
    assert "seats 0 to 2" in messages[12]
    assert "duplicate tag [Seat0] (first on line 3)" in messages[13]
    assert messages[14] == "duplicate tag [Result] (first on line 5); this one is ignored"
    assert rec.unreadable == [7, 9, 10, 11, 12]


def test_missing_and_unknown_game() -> None:
    rec = read_record('[Date "2026-11-21"]\n\n0: KH\n')
    assert rec.errors == [(3, 'missing [Game "…"] tag: the record does not say which game it is')]
    assert read_record("").errors[0][0] == 1
    rec = read_record('[Date "x"]\n[Game "belote"]\n0: KH\n')
    assert len(rec.errors) == 1 and rec.errors[0][0] == 2
    assert rec.errors[0][1].startswith("unknown game 'belote'; games are: ") and "toy" in rec.errors[0][1]


def test_game_names_fold_case_and_accents() -> None:
    assert read_record('[Game "TOY"]\n').errors == []


@pytest.mark.parametrize("options, message", [
    ("colour=blue", "bad option: unknown option 'colour'"),
    ("target=0", "bad option: option target: 0 is outside 1..99"),
    ("target=٣", "bad option: option target: '٣' is not a whole number"),
    ("partners=maybe", "bad option: option partners: 'maybe' is not true or false"),
    ("target", "bad option: an option is written name=value"),
    ("preset=nothing", "bad option: unknown preset 'nothing'"),
])
def test_bad_options(options: str, message: str) -> None:
    rec = read_record(f'[Game "toy"]\n[Options "{options}"]\n*: {DEAL}\n')
    assert len(rec.errors) == 1
    assert rec.errors[0][0] == 2 and rec.errors[0][1].startswith(message)


def test_a_preset_in_options_is_read_as_its_options() -> None:
    rec = read_record('[Game "toy"]\n[Options "preset=pairs"]\n4: KH\n')
    assert rec.errors == [(3, "bad seat prefix '4': this game has seats 0 to 3 (or * for chance)")]


@pytest.mark.parametrize("tag, message", [
    ('[Result "0 1-0 target"]', "this game has 3 sides (0 to 2)"),
    ('[Result "3 1-0-0 target"]', "this game has 3 sides (0 to 2)"),
    ('[Result "A 1-0-0 target"]', "bad result"),
    ('[Start "dealer"]', "bad start"),
    ('[View "3"]', "bad view '3': this game has seats 0 to 2"),
    ('[View "me"]', "bad view 'me'"),
    ('[Seat3 "Dan"]', "tag [Seat3]: this game has seats 0 to 2"),
])
def test_bad_known_tags(tag: str, message: str) -> None:
    rec = read_record(f'[Game "toy"]\n{tag}\n')
    assert len(rec.errors) == 1 and rec.errors[0][0] == 2
    assert message in rec.errors[0][1]


def test_chance_lines_are_read_with_the_common_chance_notation() -> None:
    rec = read_record(HEADER + "*: draw 0=KH 1=7S 2=9D\n*: draw 0=KH 0=7S\n*: shuffle\n")
    assert isinstance(rec.moves[0].chance, Draw)
    assert [n for n, _ in rec.errors] == [8]  # a draw may name a seat twice: the game judges it
    assert "is not a chance step" in rec.errors[0][1]


def test_a_view_is_read_with_its_hidden_hands() -> None:
    state = play("toy", {"discard": True}, 4, stop_at=12)  # the draws, the deal, the discards and a trick
    rec = read_record(record_view(state, 2, DATE))
    assert rec.errors == []
    assert rec.is_view and rec.viewer == 2
    (_line, deal), = rec.deals()
    assert deal.is_view and deal.hidden == (5, 5, 0) and deal.hidden_talon == 1
    dealt = next(i for i, (_, a) in enumerate(state.history) if isinstance(a, Deal))
    assert deal.hands[2] == state.history[dealt][1].hands[2]
    shown = [m.text for m in rec.moves]
    for i, (text, (seat, action)) in enumerate(zip(shown, state.history, strict=True)):
        hidden = isinstance(action, Discard) and seat != 2
        assert i == dealt or text == ("hidden discard 1" if hidden else state.action_text(action))
    assert shown.count("hidden discard 1") == 2


def test_a_spectators_view_and_a_deal_that_hides_cards() -> None:
    rec = read_record('[Game "toy"]\n[View "spectator"]\n*: deal 0=?5 1=?5 2=?5 talon=?1 turn=AS\n')
    assert rec.errors == [] and rec.is_view and rec.viewer is None
    rec = read_record('[Game "toy"]\n*: deal 0=?5 1=?5 2=?5 talon=?1 turn=AS\n')
    assert rec.is_view  # no View tag, but a deal with hidden cards


def test_hand_made_record() -> None:
    rec = Record(tags={"Game": "toy"}, moves=[Move(1, 0, "KH")])
    assert rec.ok and rec.game_name == "toy" and not rec.is_view and rec.deals() == []


def test_errors_in_french() -> None:
    rec = read_record('[Game "toy"]\n[Seat0 "a"]\n[Seat0 "b"]\nx: KH\n', lang="fr")
    assert rec.errors == [(3, "étiquette [Seat0] en double (la première est ligne 2) ; celle-ci est ignorée"),
                          (4, ("préfixe de place invalide 'x' : un coup commence par un numéro de place ou * "
                              "pour le hasard"))]

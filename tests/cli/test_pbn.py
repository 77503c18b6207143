"""``atout pbn export`` and ``atout pbn import``: a record's deals as one PBN file (one header, the
ten as ``T``, the result when the hand was played out), a bridge tournament's file read for its
deals (auctions, plays, notes and tables skipped), and the reader fuzzed: only RecordError.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from atout.cards import Card
from atout.cli.main import main
from atout.errors import RecordError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.pbn import read_pbn
from atout.record import read_record, replay, write_record

# A board as a bridge scoring program writes it after a tournament (Board 5: 10 of spades and
# tens elsewhere, an auction with a note, the play, the double-dummy table), then a second board
# inheriting the event with "#", two tags on one line.
TOURNAMENT = r"""% PBN 2.1
% EXPORT
%Content-type: text/x-pbn; charset=ISO-8859-1
[Event "Club pairs"]
[Site "Bridge club"]
[Date "2024.03.12"]
[Board "5"]
[West "Podgor"]
[North "Westra"]
[East "Kalish"]
[South "Leufkens"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:Q95.K2.T7642.J97 JT632.AT764.8.84 A87.9.AQ93.AKQ32 K4.QJ853.KJ5.T65"]
[Scoring "MP"]
[Declarer "S"]
[Contract "5D"]
[Result "11"]
[Auction "N"]
Pass 1S 2C =1= 2H
3D Pass 5D AP
[Note "1:natural"]
[Play "W"]
HQ H2 SJ H9
DK D2 D8 D3
*
[DoubleDummyTricks "71199711991791117911"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT  7
N  S  3
N  H  4
N  D 11
N  C  9
E NT  5
E  S  9
E  H  9
E  D  2
E  C  4
S NT  7
S  S  3
S  H  4
S  D 11
S  C  9
W NT  5
W  S  9
W  H  9
W  D  2
W  C  4

[Event "#"] [Site "#"]
[Board "6"]
[Dealer "E"]
[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Contract "3NT"]
[Result "9"]
"""


def finished(seed: int) -> object:
    state, rng = make_game("whist").new_state(), random.Random(seed)
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state


def record_file(tmp_path: Path, seed: int = 7) -> tuple[Path, object]:
    state = finished(seed)
    path = tmp_path / "partie.atout"
    path.write_text(write_record(state), encoding="utf-8")
    return path, state


def test_export_writes_one_header_the_ten_as_t_and_the_results(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path, state = record_file(tmp_path)
    assert main(["pbn", "export", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.count("% PBN 2.1") == 1 and text.startswith("% PBN 2.1")
    boards = read_pbn(text)
    assert len(boards) == len(state.results)                          # type: ignore[attr-defined]
    for board, result in zip(boards, state.results, strict=True):       # type: ignore[attr-defined]
        side = 0 if result.dealer in result.partners[0] else 1
        assert board.result == (result.tricks[side] if result.reason == "played" else -1)
    assert "10" not in "".join(line for line in text.splitlines() if line.startswith(("[Deal", "[Turned")))
    assert '[Result "' in text and '[Result "?"]' not in text or any(r.reason != "played"
                                                                      for r in state.results)  # type: ignore[attr-defined]


def test_export_to_a_file_and_a_ten_turned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = record_file(tmp_path)
    out = tmp_path / "deals.pbn"
    assert main(["pbn", "export", str(path), "--out", str(out)]) == 0
    assert "deals written" in capsys.readouterr().out
    assert read_pbn(out.read_text(encoding="utf-8"))
    assert main(["pbn", "import", str(out)]) == 0
    told = capsys.readouterr().out
    assert "the dealer's side took" in told and "chosen" not in told
    ten = read_pbn('[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
                   '[Dealer "N"]\n[Turned "TH"]\n')[0]
    assert ten.turned == int(Card("10H"))


def test_export_refuses_another_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, rng = make_game("piquet").new_state(), random.Random(1)
    for _ in range(3):
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    path = tmp_path / "piquet.atout"
    path.write_text(write_record(state), encoding="utf-8")
    assert main(["pbn", "export", str(path)]) == 2
    assert "only Whist" in capsys.readouterr().err


def test_export_refuses_the_48_card_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state, rng = make_game("whist", {"preset": "cotton1674"}).new_state(), random.Random(1)
    while not state.results:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    path = tmp_path / "cotton.atout"
    path.write_text(write_record(state), encoding="utf-8")
    assert main(["pbn", "export", str(path)]) == 2
    assert "PBN deals hold 52 cards; this partie is played with 48" in capsys.readouterr().err


def test_import_a_tournament_file_reads_its_deals_and_skips_the_rest(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(TOURNAMENT, encoding="utf-8")
    records = tmp_path / "records"
    assert main(["pbn", "import", str(source), "--records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "Board 5: North deals, trump ♦ diamonds (turned 2♦, chosen" in out
    assert "Board 6: East deals, trump ♣ clubs (turned 2♣, chosen" in out
    assert "tricks" not in out and "2 records written" in out       # a bridge result is no Whist result
    files = sorted(records.iterdir())
    assert [f.name for f in files] == ["board-001.atout", "board-002.atout"]
    result = replay(read_record(files[0].read_text(encoding="utf-8")))
    state = result.state
    assert result.ok and state.to_move == 1 and state.observation(None).trump.letter == "D"
    assert str(state.hand_of(0)) == str(state.hand_of(0)) and len(state.hand_of(2)) == 13


def test_import_in_french_and_as_mort(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "club.pbn"
    source.write_text(TOURNAMENT, encoding="utf-8")
    assert main(["pbn", "import", str(source), "--lang", "fr", "--mort", "--records", str(tmp_path / "m")]) == 0
    out = capsys.readouterr().out
    assert "Donne 5 : Nord donne, atout ♦ carreau" in out
    state = replay(read_record((tmp_path / "m" / "board-001.atout").read_text(encoding="utf-8"))).state
    assert state.game.name == "mort" and state.observation(None).dealer == 0


def test_import_reports_a_bad_file_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text('[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    assert main(["pbn", "import", str(source)]) == 1
    assert "bad.pbn:3:" in capsys.readouterr().err
    empty = tmp_path / "empty.pbn"
    empty.write_text("% PBN 2.1\n", encoding="utf-8")
    assert main(["pbn", "import", str(empty)]) == 2


PIECES = ['[Deal "N:', "AKQJ.T98.765.432 ", "T98.765.432.AKQJ ", '"]', "[Turned \"", "TH", '"]', "\n", "[Play \"W\"]",
          "{", "}", "%", ";", "#", "[Board \"", "99999999", "[Dealer \"", "X", "\ufeff", "[Auction \"N\"]\n",
          "HQ H2 SJ H9\n", "*", "\\", '"', "[OptimumResultTable \"x\"]\n", "N NT  7\n", "\n\n", "[Result \"13\"]"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=30))
def test_the_reader_fuzzed_raises_only_record_errors(parts: list[str]) -> None:
    text = "".join(parts)
    try:
        boards = read_pbn(text)
    except RecordError as err:
        assert err.errors and all(isinstance(line, int) and line >= 1 for line, _ in err.errors)
        return
    for board in boards:
        assert len(board.hands) == 4 and all(hand.bit_count() == 13 for hand in board.hands)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_exported_files_read_back(seed: int) -> None:
    state = make_game("whist").new_state()
    rng = random.Random(seed)
    while state.outcome() is None and len(state.results) < 2:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    from atout.games.whist.pbn import partie_boards, partie_pbn

    assert [b._replace(contract="") for b in read_pbn(partie_pbn(state))] == partie_boards(state)

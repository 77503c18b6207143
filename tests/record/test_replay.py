"""Replay: round trips, exact errors for tampered records, and the JSON summary."""

from __future__ import annotations

import json
import random

import pytest

from atout.cards import Card, CardSet
from atout.game import CHANCE
from atout.games import make_game
from atout.record import Move, Record, ReplayResult, read_record, replay, summary, write_record
from atout.errors import RecordError

DATE = {"Date": "2026-11-21"}


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def line_no(lines: list[str], predicate) -> int:
    """1-based number of the first line satisfying ``predicate``."""
    return next(i for i, ln in enumerate(lines, start=1) if predicate(ln))


def join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------- round trips

ROUND_TRIPS = [
    ("sizette", {}, 1, {}),
    ("sizette", {"target_points": "3"}, 2, {"talk": 0.4, "remark": 0.1}),
    ("sizette", {"first_dealer_choice": "any_opponent", "draw_rank": "ace_high", "target_points": "2"}, 3, {}),
    ("sizette", {"table_law_mode": "true", "target_points": "3", "penalty_overflow": "all_to_opponents"}, 2,
     {"table": 0.03}),
    ("sizette", {"play_out_all_tricks": "true", "command_grammar": "exact_only", "target_points": "2"}, 5, {}),
    ("quadrette", {}, 6, {}),
    ("quadrette", {"win_rule": "four_needed", "deal_packets": "2+2+2", "target_points": "3"}, 7, {"talk": 0.4}),
    ("quadrette", {"table_law_mode": "true", "target_points": "2"}, 29, {"table": 0.05}),
    ("quadrette", {"strict_encyclopedie": "true", "free_remarks": "false"}, 9, {}),
    ("sizette", {}, 10, {"max_actions": 57}),  # unfinished
    ("quadrette", {}, 11, {"abandon_after": 80}),  # abandoned
]


@pytest.mark.parametrize("name, options, seed, kw", ROUND_TRIPS)
def test_round_trip(player, name, options, seed, kw):
    state = player(name, options, seed, **kw)
    text = write_record(state, {"Seat0": "Alice", **DATE})
    rec = read_record(text)
    assert rec.errors == []
    result = replay(rec)
    assert isinstance(result, ReplayResult)
    assert result.ok, result.errors
    assert result.applied == len(state.history)
    again = result.state
    assert again.history == state.history
    assert again.scores == state.scores
    assert again.results == state.results
    assert (again.winner_team, again.end_reason, again.is_terminal()) == \
        (state.winner_team, state.end_reason, state.is_terminal())
    assert write_record(again, {"Seat0": "Alice", **DATE}) == text
    assert summary(again) == summary(state)


def test_round_trips_cover_talk_remarks_and_table_actions(player):
    """The seeds above really exercise what they claim to (guards against a silent driver change)."""
    words = set()
    for name, options, seed, kw in ROUND_TRIPS:
        for _, action in player(name, options, seed, **kw).history:
            words.add(str(action).split()[0])
    assert {"draw", "deal", "captain", "cut", "dealer", "ask", "say", "remark", "command", "close", "vole",
            "claim", "penalty", "abandon"} <= words


def test_replay_accepts_text_and_check_raises(player):
    state = player("quadrette", {}, 3, max_actions=20)
    text = write_record(state, DATE)
    assert replay(text).check().history == state.history
    with pytest.raises(RecordError) as info:
        replay(text.replace('[Game "quadrette"]', '[Game "belote"]')).check()
    assert info.value.errors[0][0] == 1


# ---------------------------------------------------------------------------------------- errors


@pytest.fixture
def quiet(player):
    """A finished quadrette partie with talk, and its record text."""
    state = player("quadrette", {"target_points": "3"}, 21, talk=0.3)
    return state, write_record(state, DATE)


def test_unknown_game(quiet):
    _, text = quiet
    result = replay(text.replace('[Game "quadrette"]', '[Game "belote"]'))
    assert result.state is None and result.applied == 0
    assert result.errors == [(1, "unknown game 'belote'; games are: sizette, quadrette")]


def test_unknown_option(quiet):
    _, text = quiet
    result = replay(text.replace('[Options "target_points=3"]', '[Options "target_points=3 trumps=none"]'))
    assert result.state is None
    assert len(result.errors) == 1
    assert result.errors[0][0] == 2 and result.errors[0][1].startswith("bad option: unknown option 'trumps'")


def test_malformed_tag_does_not_stop_the_replay(quiet):
    state, text = quiet
    result = replay(text.replace('[Seat1 "?"]', "[Seat1 ?]"))
    assert result.errors == [(4, "malformed tag '[Seat1 ?]': a tag is written [Name \"value\"]")]
    assert not result.ok
    assert result.state.history == state.history


def test_bad_action_syntax_stops_there(quiet):
    state, text = quiet
    lines = lines_of(text)
    n = line_no(lines, lambda ln: ln.startswith("1: ") and len(ln.split()) == 2 and ln[-1] in "SHDC")
    lines[n - 1] = "1: KX"
    result = replay(join(lines))
    assert result.errors == [(n, "cannot read action 'KX': 'KX' is not a card code in en (e.g. KH for the king of hearts)")]
    moves_before = [m for m in read_record(text).moves if m.line < n]
    assert result.applied == len(moves_before) == len(result.state.history)
    assert result.state.history == state.history[: len(moves_before)]


def _card_moves(text: str):
    """(move, state before it) for every card play of the record."""
    rec = read_record(text)
    game = make_game(rec.tags["Game"], dict(w.split("=") for w in rec.tags["Options"].split()))
    state = game.new_state()
    for move in rec.moves:
        action = state.parse_action(move.text, "en")
        if isinstance(action, Card):
            yield move, state.clone()
        state.apply(action, move.seat)


def test_illegal_card_names_line_seat_card_and_reason(quiet):
    state, text = quiet
    for move, before in _card_moves(text):
        if not before.observation(move.seat).trick:
            continue  # a lead: look for a seat that must follow suit
        hand = before.observation(move.seat).hand
        wrong = [c for c in hand if c not in before.legal_actions(move.seat)]
        if wrong:
            break
    lines = lines_of(text)
    lines[move.line - 1] = f"{move.seat}: {wrong[0]}"
    result = replay(join(lines))
    assert len(result.errors) == 1
    line, message = result.errors[0]
    assert line == move.line
    assert message.startswith(f"seat {move.seat}: illegal action '{wrong[0]}': must follow suit ")
    assert result.state.history == before.history  # stopped before the bad move, nothing half-applied


def test_card_not_held(quiet):
    _, text = quiet
    move, before = next(iter(_card_moves(text)))
    held = before.observation(move.seat).hand
    other = next(c for c in make_game("quadrette").pack if c not in held and c != before.turned)
    lines = lines_of(text)
    lines[move.line - 1] = f"{move.seat}: {other}"
    deal = max(i for i, ln in enumerate(lines[: move.line], start=1) if ln.startswith("*: deal"))
    line, message = replay(join(lines)).errors[0]
    assert line == move.line
    assert message == (f"seat {move.seat}: illegal action '{other}': seat {move.seat} does not hold {other} "
                       f"(the deal on line {deal} did not give {other} to seat {move.seat})")


def test_out_of_turn_seat_prefix(quiet):
    _, text = quiet
    move, before = next((m, b) for m, b in _card_moves(text) if b.observation(m.seat).trick and
                        b.observation(m.seat).tricks)
    wrong = (move.seat + 1) % 4
    lines = lines_of(text)
    lines[move.line - 1] = f"{wrong}: {move.text}"
    result = replay(join(lines))
    assert result.errors == [(move.line, f"seat {wrong}: illegal action '{move.text}': "
                                         f"seat {wrong} cannot play now: seat {move.seat} is to play")]


def _deal_fields(line: str) -> dict[str, list[str]]:
    return {k: v.split(",") for k, _, v in (w.partition("=") for w in line.split()[2:])}


def _deal_line(fields: dict[str, list[str]]) -> str:
    return "*: deal " + " ".join(f"{k}={','.join(v)}" for k, v in fields.items())


def test_duplicated_card_in_a_deal_line(quiet):
    _, text = quiet
    lines = lines_of(text)
    n = line_no(lines, lambda ln: ln.startswith("*: deal"))
    fields = _deal_fields(lines[n - 1])
    dup = fields["0"][0]
    fields["1"][0] = dup
    lines[n - 1] = _deal_line(fields)
    result = replay(join(lines))
    assert len(result.errors) == 1
    line, message = result.errors[0]
    assert line == n
    assert message.startswith("the table (*): illegal action 'deal ")
    assert message.endswith(f": a card is dealt twice ({dup} appears 2 times: seat 0, seat 1)")
    assert result.state.phase_name == "deal"  # stopped before the bad deal: nothing dealt
    assert len(result.state.history) == result.applied


def test_card_duplicated_inside_one_hand(quiet):
    _, text = quiet
    lines = lines_of(text)
    n = line_no(lines, lambda ln: ln.startswith("*: deal"))
    fields = _deal_fields(lines[n - 1])
    fields["2"][1] = fields["2"][0]
    lines[n - 1] = _deal_line(fields)
    line, message = replay(join(lines)).errors[0]
    assert line == n
    assert "a deal gives 6 cards to each of 4 seats" in message
    assert message.endswith(f"({fields['2'][0]} appears 2 times: seat 2, seat 2)")


def test_deal_changed_so_a_later_play_is_impossible(player):
    state = player("sizette", {"target_points": "2"}, 31, talk=0.0, remark=0.0, quiet_commands=True)
    text = write_record(state, DATE)
    lines = lines_of(text)
    deal = line_no(lines, lambda ln: ln.startswith("*: deal"))
    fields = _deal_fields(lines[deal - 1])
    turned = fields["turn"][0]
    # the first two cards of one suit played by different seats in hand 1 (not the turned card)
    plays: list[tuple[int, int, str]] = []
    for i, ln in enumerate(lines[deal:], start=deal + 1):
        if ln.startswith("; hand 1 ends"):
            break
        seat, _, card = ln.partition(": ")
        if seat.isdigit() and len(card) in (2, 3) and card[-1] in "SHDC" and card != turned:
            plays.append((i, int(seat), card))
    first = plays[0]
    second = next(p for p in plays[1:] if p[1] != first[1] and p[2][-1] == first[2][-1])
    (line_a, a, card_a), (_line_b, b, card_b) = first, second
    fields[str(a)][fields[str(a)].index(card_a)] = card_b
    fields[str(b)][fields[str(b)].index(card_b)] = card_a
    lines[deal - 1] = _deal_line(fields)
    result = replay(join(lines))
    assert result.errors == [(line_a, f"seat {a}: illegal action '{card_a}': seat {a} does not hold {card_a} "
                                      f"(the deal on line {deal} did not give {card_a} to seat {a})")]


def test_tampered_result(quiet):
    state, text = quiet
    real = f"{'AB'[state.winner_team]} {state.scores[0]}-{state.scores[1]} target"
    fake = f"{'BA'[state.winner_team]} {state.scores[1]}-{state.scores[0]} target"
    result = replay(text.replace(f'[Result "{real}"]', f'[Result "{fake}"]'))
    assert result.errors == [(8, f"tampered result: the [Result] tag says '{fake}' but the moves give '{real}'")]
    assert result.state.history == state.history


def test_truncated_moves_contradict_the_result(quiet):
    _, text = quiet
    lines = lines_of(text)
    last = max(i for i, ln in enumerate(lines) if ln and ln[0].isdigit())
    result = replay(join(lines[:last]))
    assert len(result.errors) == 1
    assert result.errors[0][0] == 8 and result.errors[0][1].endswith("but the moves give '*'")


def test_unfinished_record_marked_finished_is_fine_only_with_star(player):
    state = player("quadrette", {}, 5, max_actions=30)
    text = write_record(state, DATE)
    assert replay(text).ok
    result = replay(text.replace('[Result "*"]', '[Result "A 5-0 target"]'))
    assert result.errors == [(8, "tampered result: the [Result] tag says 'A 5-0 target' but the moves give '*'")]


def test_reader_errors_are_kept_and_replay_stops_at_an_unreadable_line(quiet):
    state, text = quiet
    lines = lines_of(text)
    n = line_no(lines, lambda ln: ln.startswith("2: "))
    lines[n - 1] = "two: " + lines[n - 1][3:]
    lines.insert(2, '[Game "sizette"]')  # duplicate tag on line 3; the move line moves to n + 1
    result = replay(join(lines))
    assert [e[0] for e in result.errors] == [3, n + 1]
    assert "duplicate tag [Game]" in result.errors[0][1]
    assert "bad seat prefix 'two'" in result.errors[1][1]
    assert result.applied == len([m for m in read_record(text).moves if m.line < n])


def test_chance_prefix_is_enforced_for_hand_made_records():
    rec = Record(tags={"Game": "quadrette"}, moves=[Move(1, 0, "draw 0=KH 1=7S 2=9D 3=QC")])
    result = replay(rec)
    assert result.errors == [(1, "seat 0: 'draw 0=KH 1=7S 2=9D 3=QC' is a chance action: write it '*: draw 0=KH 1=7S 2=9D 3=QC'")]
    rec = Record(tags={"Game": "quadrette"}, moves=[Move(1, CHANCE, "captain 2")])
    assert replay(rec).errors == [(1, "the table (*): '*:' is for chance actions (draw, deal), not 'captain 2'")]


def test_replay_never_raises_on_mangled_records(quiet):
    _, text = quiet
    lines = lines_of(text)[:60]
    rng = random.Random(2)
    for _ in range(150):
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
                mangled[i] = mangled[i][:j] + rng.choice("0123456789KQSHDC*:[]\" ") + mangled[i][j + 1:]
            else:
                k = rng.randrange(len(mangled))
                mangled[i], mangled[k] = mangled[k], mangled[i]
        result = replay(join(mangled))
        assert result.errors == sorted(result.errors, key=lambda e: e[0])
        if result.state is not None:
            assert len(result.state.history) == result.applied


# ---------------------------------------------------------------------------------------- summary


def _explicit_hand():
    """A quadrette hand from a fixed deal, played card by card: team A wins 3-1 and the partie."""
    game = make_game("quadrette", {"target_points": "1"})
    hands = ["KH QH JH 7S 8S 9S", "7H 8H 9H 10S JS QS", "AH 10H KS AS 7D 8D", "9D 10D JD QD KD AD"]
    state = game.state_from_deal([CardSet.parse(h, "en") for h in hands], Card("KC"), 3,
                                 talon=CardSet.parse("KC QC JC AC 10C 9C 8C 7C", "en"))
    script = [
        (2, "command KH"), (0, "KH"),                       # C1: captain 2 commands the first hand
        (3, "ask 1 count H"), (1, "say count H 3"), (1, 'remark "à vous"'), (3, "close"),  # C2
        (1, "7H"), (2, "AH"), (3, "9D"),                    # trick 1 -> seat 0
        (2, "command JD"), (2, "command any"), (0, "QH"), (1, "8H"), (2, "10H"), (3, "10D"),  # -> seat 0
        (2, "command low S"), (0, "7S"), (1, "QS"), (2, "AS"), (3, "KD"),                   # -> seat 1
        (3, "command any"), (1, "JS"), (2, "KS"), (3, "QD"), (0, "8S"),                     # -> seat 2
    ]
    for seat, text in script:
        state.apply(state.parse_action(text, "en"), seat)
    return state


def test_summary_of_an_explicit_hand():
    state = _explicit_hand()
    assert summary(state) == {
        "game": "quadrette",
        "options": {"target_points": 1},
        "result": {"winner": "A", "scores": [1, 0], "reason": "target"},
        "hands": [{
            "number": 1,
            "dealer": 3,
            "trump": "C",
            "turned": "KC",
            "captains": [2, 3],
            "tricks": [
                {"leader": 0, "cards": ["KH", "7H", "AH", "9D"], "winner": 0},
                {"leader": 0, "cards": ["QH", "8H", "10H", "10D"], "winner": 0},
                {"leader": 0, "cards": ["7S", "QS", "AS", "KD"], "winner": 1},
                {"leader": 1, "cards": ["JS", "KS", "QD", "8S"], "winner": 2},
            ],
            "talk": [
                {"seat": 2, "trick": 1, "text": "command KH"},
                {"seat": 3, "trick": 1, "text": "ask 1 count H"},
                {"seat": 1, "trick": 1, "text": "say count H 3"},
                {"seat": 1, "trick": 1, "text": 'remark "à vous"'},
                {"seat": 2, "trick": 2, "text": "command JD"},
                {"seat": 0, "trick": 2, "text": "nocard"},
                {"seat": 2, "trick": 2, "text": "command any"},
                {"seat": 2, "trick": 3, "text": "command low S"},
                {"seat": 3, "trick": 4, "text": "command any"},
            ],
            "tricks_won": [3, 1],
            "points": [1, 0],
            "reason": "three",
            "scores": [1, 0],
        }],
    }
    json.dumps(summary(state))  # JSON-ready


def test_summary_of_an_explicit_hand_survives_a_round_trip():
    state = _explicit_hand()
    text = write_record(state, DATE)
    assert '[Start "dealer=3 captains=2,3 scores=0-0"]' in text
    assert '[Result "A 1-0 target"]' in text
    result = replay(text)
    assert result.ok, result.errors
    assert summary(result.state) == summary(state)


def test_summary_of_an_unfinished_partie_has_only_finished_hands(player):
    state = player("sizette", {}, 12, max_actions=120)
    data = summary(state)
    assert data["result"] == {"winner": None, "scores": state.scores, "reason": None}
    assert len(data["hands"]) == len(state.results) >= 1
    for hand, result in zip(data["hands"], state.results, strict=True):
        assert hand["tricks_won"] == list(result.tricks)
        assert sum(1 for t in hand["tricks"] if t["winner"] is not None) == sum(result.tricks)
    json.dumps(data)

"""The writer: tags, one line per action, comments, quoting, explicit-deal starts."""

from __future__ import annotations

import datetime
import json
import random

from atout.cards import Card, CardSet
from atout.games import make_game
from atout.games.sizette.actions import Deal, Remark
from atout.record import read_record, replay, write_record
from atout.record.format import parse_move


def move_lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln and not ln.startswith((";", "["))]


def test_tags_in_standard_order_with_defaults(player):
    state = player("quadrette", {"target_points": "2", "win_rule": "four_needed"}, seed=4)
    text = write_record(state, {"Seat1": "Bob", "Event": "club night", "Seat0": "Alice", "Date": "2026-11-21"})
    tags = [ln for ln in text.splitlines() if ln.startswith("[")]
    assert tags[:2] == ['[Game "quadrette"]', '[Options "target_points=2 win_rule=four_needed"]']
    assert tags[2:6] == ['[Seat0 "Alice"]', '[Seat1 "Bob"]', '[Seat2 "?"]', '[Seat3 "?"]']
    assert tags[6] == '[Date "2026-11-21"]'
    winner = "AB"[state.winner_team]
    assert tags[7] == f'[Result "{winner} {state.scores[0]}-{state.scores[1]} target"]'
    assert tags[8:] == ['[Event "club night"]']


def test_default_options_and_date_and_computed_tags_win(player):
    state = player("sizette", {}, seed=1, max_actions=30)
    text = write_record(state, {"Game": "whist", "Result": "A 9-0 target", "Options": "x=1"})
    rec = read_record(text)
    assert rec.tags["Game"] == "sizette"
    assert rec.tags["Options"] == ""
    assert rec.tags["Result"] == "*"
    assert rec.tags["Date"] == datetime.date.today().isoformat()
    assert [rec.tags[f"Seat{i}"] for i in range(6)] == ["?"] * 6


def test_every_action_is_one_line_in_order(player):
    state = player("sizette", {"first_dealer_choice": "any_opponent"}, seed=8, remark=0.2)
    lines = move_lines(write_record(state))
    assert len(lines) == len(state.history)
    for line, (seat, action) in zip(lines, state.history, strict=True):
        assert parse_move(line) == (seat, str(action))
    assert lines[0].startswith("*: draw ")
    assert any(ln.startswith("*: deal ") for ln in lines)
    assert any(" dealer " in ln for ln in lines)  # ChooseDealer under any_opponent


def test_deals_are_written_card_by_card(player):
    state = player("quadrette", {}, seed=3, max_actions=12)
    deals = [a for _, a in state.history if isinstance(a, Deal)]
    assert deals
    line = next(ln for ln in move_lines(write_record(state)) if ln.startswith("*: deal"))
    hands = {k: v for k, _, v in (w.partition("=") for w in line.split()[2:])}
    assert [CardSet.parse(hands[str(i)].replace(",", " "), "en") for i in range(4)] == list(deals[0].hands)
    assert hands["turn"] == str(deals[0].turned)
    assert CardSet.parse(hands["talon"].replace(",", " "), "en") == deals[0].talon


def test_comments_before_each_hand_and_at_the_end(player):
    state = player("quadrette", {"target_points": "2"}, seed=5)
    lines = write_record(state).splitlines()
    starts = [ln for ln in lines if ln.startswith("; hand ") and ", dealer " in ln]
    assert len(starts) == len(state.results)
    for ln, result in zip(starts, state.results, strict=True):
        assert ln == f"; hand {result.number}, dealer {result.dealer}, trump {result.trump.letter}"
    ends = [ln for ln in lines if ln.startswith("; hand ") and " ends " in ln]
    assert len(ends) == len(state.results)
    assert lines[-1] == f"; result {'AB'[state.winner_team]} {state.scores[0]}-{state.scores[1]} target: " \
        f"team {'AB'[state.winner_team]} wins"
    # the hand comment precedes the first action of the hand (the captains, or the cut)
    first = lines.index(starts[0])
    assert lines[first + 1].split(": ")[1].startswith("captain")


def test_unfinished_partie(player):
    state = player("sizette", {}, seed=2, max_actions=40)
    text = write_record(state)
    assert '[Result "*"]' in text
    assert text.splitlines()[-1].startswith("; result * (unfinished")
    assert replay(text).state.history == state.history


def test_remarks_and_tag_values_keep_json_quoting():
    game = make_game("quadrette")
    hands = ["KH QH JH 7S 8S 9S", "7H 8H 9H 10S JS QS", "AH 10H KS AS 7D 8D", "9D 10D JD QD KD AD"]
    state = game.state_from_deal([CardSet.parse(h, "en") for h in hands], Card("KC"),
                                 3, talon=CardSet.parse("KC QC JC AC 10C 9C 8C 7C", "en"))
    odd = 'il a dit "atout" ; puis: \\ rien\nfin'
    state.apply(Remark(odd), 0)
    name = 'Jean "le Grand" \\ Dupont'
    text = write_record(state, {"Seat0": name})
    remark_line = next(ln for ln in text.splitlines() if ln.startswith("0: remark "))
    assert remark_line == "0: remark " + json.dumps(odd, ensure_ascii=False)
    rec = read_record(text)
    assert rec.errors == []
    assert rec.tags["Seat0"] == name
    result = replay(rec)
    assert result.ok, result.errors
    assert result.state.history[-1] == (0, Remark(odd))


def test_partie_from_an_explicit_deal_gets_a_start_tag():
    game = make_game("quadrette", {"target_points": "3"})
    hands = ["KH QH JH 7S 8S 9S", "7H 8H 9H 10S JS QS", "AH 10H KS AS 7D 8D", "9D 10D JD QD KD AD"]
    state = game.state_from_deal([CardSet.parse(h, "en") for h in hands], Card("KC"),
                                 3, talon=CardSet.parse("KC QC JC AC 10C 9C 8C 7C", "en"),
                                 captains=(0, 1), scores=(1, 2))
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.legal_actions()))
    text = write_record(state)
    assert '[Start "dealer=3 captains=0,1 scores=1-2"]' in text
    result = replay(text)
    assert result.ok, result.errors
    assert result.state.history == state.history
    assert result.state.results == state.results

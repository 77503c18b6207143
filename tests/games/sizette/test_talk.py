"""Speech "à la parlante" (decisions.md: speech-windows, questions, volunteering): windows C1, C2, C3, questions and true answers,
volunteered statements, lead commands, "nocard", and the silence of the other cards.

All cases use deal H (tests/games/helpers.py): dealer 5, first hand 0 (team A = 0, 2, 4).
Seat 0 holds KH QD QS QC 8H 8D.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Suit
from atout.errors import IllegalActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.sizette.actions import ABANDON, CLOSE, Ask, Command, Remark, Say
from atout.games.sizette.talk import CommandSpec, Statement
from atout.games.sizette.windows import _COMMAND_CARD, is_listed_command
from tests.games.helpers import (
    can_remark,
    card,
    cs,
    parse,
    play,
    sizette,
    talk_actions,
    texts,
)

SEAT0 = cs("KH QD QS QC 8H 8D")


def act(state: Any, text: str, seat: int | None = None) -> None:
    state.apply(parse(state, text), seat)


def talk_of(state: Any, seat: int = 0) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["trick"], e["text"]) for e in state.observation(seat).to_json()["talk"]]


# --------------------------------------------------------------------------- C1


def test_c1_is_open_for_the_first_hands_team_only() -> None:
    state = sizette(captains=(2, 5))
    assert state.window_name == "C1" and state.observation(3).window_team == 0
    assert state.to_move == 2                                         # A's captain
    for seat in (1, 3, 5):
        assert list(talk_actions(state, seat)) == [] and list(state.legal_actions(seat)) == [ABANDON]
        assert not can_remark(state, seat)
    for seat in (0, 2, 4):
        assert can_remark(state, seat)
    with pytest.raises(IllegalActionError, match="window C1 belongs to the other team"):
        act(state, "ask 1 count H", 5)
    with pytest.raises(IllegalActionError, match="window C1 belongs to the other team"):
        act(state, 'remark "à nous"', 3)


def test_the_captain_asks_his_team_mates_only() -> None:
    state = sizette(captains=(2, 5))
    asks = [a for a in talk_actions(state, 2) if isinstance(a, Ask)]
    assert {a.target for a in asks} == {0, 4}
    kinds = {(a.target, str(a.question)) for a in asks}
    assert (0, "count H") in kinds and (4, "void S") in kinds and (0, "highest C") in kinds
    assert (0, "hold KH") in kinds
    assert (0, "hold KS") not in kinds                                # the captain holds KS himself
    assert (0, "hold 9C") not in kinds                                # the turned card: known to be the dealer's
    assert len(asks) == 2 * (16 + 29)
    # a team-mate who is not captain does not ask
    with pytest.raises(IllegalActionError, match=r"only the captain \(seat 2\) asks questions"):
        act(state, "ask 4 count H", 0)
    with pytest.raises(IllegalActionError, match="questions go to a team-mate"):
        act(state, "ask 3 count H", 2)
    with pytest.raises(IllegalActionError, match="questions go to a team-mate"):
        act(state, "ask 2 count H", 2)


@pytest.mark.parametrize("question, answers", [
    ("count H", ["answer count H 2", "answer top H 2 KH", "answer cards H 8H KH", "answer nothing"]),
    ("which H", ["answer top H 2 KH", "answer cards H 8H KH", "answer nothing"]),
    ("highest D", ["answer highest D QD", "answer cards D 8D QD", "answer nothing"]),
    ("void S", ["answer void S no", "answer count S 1", "answer nothing"]),
    ("which C", ["answer top C 1 QC", "answer nothing"]),
    ("hold KH", ["answer hold KH yes", "answer nothing"]),
    ("hold 9S", ["answer hold 9S no", "answer nothing"]),
])
def test_the_asked_mate_must_answer_with_a_true_answer(question: str, answers: list[str]) -> None:
    state = sizette(captains=(2, 5))
    act(state, f"ask 0 {question}")
    assert state.to_move == 0
    assert state.observation(4).pending_question == (2, 0, state.parse_action(f"ask 0 {question}", "en").question)
    assert texts(state.moves()) == answers
    assert texts(state.legal_actions(0)) == answers + ["abandon"]                # a remark waits for the answer
    assert list(talk_actions(state, 4)) == []                          # everybody waits for the answer
    act(state, answers[0], 0)
    assert state.to_move == 2 and state.observation(0).pending_question is None
    assert talk_of(state)[-2:] == [(2, 1, f"ask 0 {question}"), (0, 1, answers[0])]


def test_a_false_answer_is_refused() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    with pytest.raises(IllegalActionError, match="'answer count H 1' is not a true answer to 'count H'") as err:
        act(state, "answer count H 1", 0)
    assert "count H 2" in str(err.value)                               # the true answers are listed
    with pytest.raises(IllegalActionError, match="seat 0 must first answer 'count H'"):
        act(state, "say count S 2", 4)
    with pytest.raises(IllegalActionError, match="seat 0 must first answer"):
        act(state, "ask 4 count H", 2)
    assert state.to_move == 0 and len(state.history) == 2


def test_volunteered_statements_are_true_and_allowed_by_default() -> None:
    state = sizette(captains=(2, 5))
    offered = texts(talk_actions(state, 4))
    assert "say count C 2" in offered and "say cards C 7C KC" in offered and "say hold KC yes" in offered
    assert all(t.startswith("say ") for t in offered)
    act(state, "say top C 2 KC", 4)
    assert talk_of(state, 1) == [(4, 1, "say top C 2 KC")]
    with pytest.raises(IllegalActionError, match="'hold AC yes' is not true of seat 4's hand"):
        act(state, "say hold AC yes", 4)
    act(state, 'remark "je coupe"', 0)                                # free remark: no rule meaning
    assert talk_of(state, 5)[-1] == (0, 1, 'remark "je coupe"')


@pytest.mark.parametrize("option", [{"volunteer_allowed": False}, {"strict_encyclopedie": True}])
def test_team_mates_only_answer_when_volunteering_is_off(option: dict[str, Any]) -> None:
    state = sizette(captains=(2, 5), **option)
    assert list(talk_actions(state, 4)) == [] and list(talk_actions(state, 0)) == []
    with pytest.raises(IllegalActionError, match="team-mates speak only when asked"):
        act(state, "say count C 2", 4)
    act(state, "ask 4 count C")                                      # the captain still asks
    act(state, "answer count C 2", 4)                                # and the mate answers
    assert talk_of(state)[-1] == (4, 1, "answer count C 2")


def test_free_remarks_can_be_switched_off() -> None:
    state = sizette(captains=(2, 5), free_remarks=False)
    assert not can_remark(state, 0)
    with pytest.raises(IllegalActionError, match="free remarks are switched off"):
        state.apply(Remark("hello"), 0)


@pytest.mark.parametrize("command, legal", [
    ("command high D", "QD"), ("command low D", "8D"), ("command any D", "8D QD"),
    ("command any S", "QS"), ("command 8H", "8H"), ("command high trump", "QC"),
    ("command any", "KH QD QS QC 8H 8D"),
])
def test_a_command_closes_c1_and_binds_the_leader(command: str, legal: str) -> None:
    state = sizette(captains=(2, 5))
    act(state, command)
    assert state.window_name is None and state.to_move == 0
    assert sorted(state.moves()) == sorted(cs(legal))
    assert talk_of(state, 3) == [(2, 1, command.replace("trump", "C"))]
    if len(cs(legal)) < 6:
        other = next(c for c in SEAT0 if c not in cs(legal))
        with pytest.raises(IllegalActionError, match="the captain commanded"):
            state.apply(other)
    state.apply(min(cs(legal)))
    assert state.observation(1).trick == ((0, min(cs(legal))),)


def test_a_command_for_a_card_the_leader_lacks_says_nocard_and_may_be_repeated() -> None:
    state = sizette(captains=(2, 5))
    act(state, "command AS")
    assert talk_of(state) == [(2, 1, "command AS"), (0, 1, "nocard")]
    assert state.window_name == "C1" and state.to_move == 2
    assert state.observation(4).failed_commands == 1
    act(state, "command high H")
    assert list(state.moves()) == [card("KH")]
    assert talk_of(state)[-1] == (2, 1, "command high H")


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
def test_a_card_command_is_found_in_the_list_by_its_mask_as_by_a_scan(name: str) -> None:
    """The engine finds a card command in the commands just listed from the mask they were made
    of (windows.is_listed_command): exactly the listed objects, for every card, in many windows."""
    game = make_game(name)
    rng = random.Random(3)
    checked = 0
    for _ in range(15):
        state = game.new_state()
        while state.outcome() is None:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            moves = state.moves()
            if any(type(a) is Command for a in moves):
                for command in _COMMAND_CARD:
                    listed = any(a is command for a in moves)
                    assert is_listed_command(state, command) == listed, (str(command), state.window_name)
                    if listed:   # an equal command made from text is checked the long way
                        copy = Command(CommandSpec("card", card=command.spec.card))
                        assert not is_listed_command(state, copy)
                        checked += 1
            state.apply(rng.choice(moves))
    assert checked > 1000


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_after_max_failed_commands_the_leader_plays_freely(limit: int) -> None:
    state = sizette(captains=(2, 5), max_failed_commands=limit)
    for i, c in enumerate(["AS", "AD", "AH"][:limit]):
        assert state.window_name == "C1"
        act(state, f"command {c}")
    assert state.window_name is None and state.observation(0).command is None
    assert state.to_move == 0 and sorted(state.moves()) == sorted(SEAT0)
    assert [t for t in talk_of(state) if t[2] == "nocard"] == [(0, 1, "nocard")] * limit


def test_default_limit_is_three_failed_commands() -> None:
    state = sizette(captains=(2, 5))
    act(state, "command AS")
    act(state, "command AD")
    assert state.window_name == "C1"
    act(state, "command AH")
    assert state.window_name is None and sorted(state.moves()) == sorted(SEAT0)


def test_a_captain_who_leads_just_plays() -> None:
    state = sizette(captains=(0, 5))
    assert state.window_name == "C1" and state.to_move == 0
    assert sorted(state.moves()) == sorted(SEAT0)
    assert any(isinstance(a, Ask) for a in talk_actions(state, 0))      # he may still consult
    with pytest.raises(IllegalActionError, match="the captain leads himself: he plays, no command"):
        act(state, "command QS")
    act(state, "ask 2 count S")
    act(state, "answer count S 1", 2)
    state.apply(card("QS"))
    assert state.window_name == "C2"


def test_command_grammar_exact_only() -> None:
    state = sizette(captains=(2, 5), command_grammar="exact_only")
    offered = texts(state.moves())
    assert offered[0] == "command any"
    assert all(t == "command any" or len(t.split()) == 2 for t in offered)
    assert "command high H" not in offered and "command AS" in offered
    with pytest.raises(IllegalActionError, match=r"grammar: exact_only"):
        act(state, "command high H")
    act(state, "command QD")
    assert list(state.moves()) == [card("QD")]


# --------------------------------------------------------------------------- C2, silence, C3


def after_opening_lead(**kw: Any) -> Any:
    state = sizette(**kw)
    if state.to_move != 0:
        act(state, "command KH")
    state.apply(card("KH"))
    return state


def test_c2_opens_for_the_other_team_after_the_opening_card() -> None:
    state = after_opening_lead(captains=(2, 5))
    assert state.window_name == "C2" and state.observation(0).window_team == 1
    assert state.to_move == 5 and texts(state.moves()) == ["close"]
    assert {a.target for a in talk_actions(state, 5) if isinstance(a, Ask)} == {1, 3}
    assert "say count S 2" in texts(talk_actions(state, 3))          # volunteering as in C1
    for seat in (0, 2, 4):
        assert list(talk_actions(state, seat)) == [] and not can_remark(state, seat)
    with pytest.raises(IllegalActionError, match="window C2 belongs to the other team"):
        act(state, "ask 4 count H", 2)
    with pytest.raises(IllegalActionError, match="no command in window C2"):
        act(state, "command QH", 5)
    act(state, "ask 1 count H", 5)
    act(state, "answer count H 2", 1)
    act(state, "close", 5)
    assert state.window_name is None and state.to_move == 1
    assert sorted(state.moves()) == sorted(cs("QH 7H"))


def test_c2_the_player_due_to_play_closes_it_by_playing() -> None:
    state = after_opening_lead(captains=(2, 5))
    assert state.window_name == "C2" and state.to_move == 5
    state.apply(card("QH"), 1)
    assert state.window_name is None and state.to_move == 2
    assert state.observation(0).trick == ((0, card("KH")), (1, card("QH")))


def test_c2_captain_due_to_play_closes_by_playing() -> None:
    state = after_opening_lead(captains=(2, 1))
    assert state.window_name == "C2" and state.to_move == 1
    assert sorted(state.moves()) == sorted(cs("QH 7H"))
    with pytest.raises(IllegalActionError, match="you are due to play"):
        state.apply(CLOSE, 1)
    state.apply(card("7H"))
    assert state.window_name is None and state.to_move == 2


def test_silence_during_the_rest_of_trick_one() -> None:
    state = after_opening_lead(captains=(2, 5))
    act(state, "close", 5)
    state.apply(card("QH"))
    for _ in range(3):
        for seat in range(6):
            assert list(talk_actions(state, seat)) == [] and not can_remark(state, seat)
        with pytest.raises(IllegalActionError, match="talk is closed now: no speech window is open"):
            act(state, "say count S 1", 4)
        with pytest.raises(IllegalActionError, match="talk is closed"):
            state.apply(Remark("psst"), 3)
        with pytest.raises(IllegalActionError, match="talk is closed"):
            act(state, "ask 4 count S", 2)
        state.apply(state.moves()[0])
    assert len(state.observation(0).trick) == 5


def test_c3_only_the_captains_lead_command() -> None:
    state = sizette(captains=(2, 5))
    act(state, "command KH")
    play(state, "KH QH JH AH 10H 9H")                                 # seat 0 wins trick 1
    assert state.window_name == "C3" and state.to_move == 2
    assert list(talk_actions(state, 2)) == [] and not can_remark(state, 2)
    assert all(isinstance(a, Command) for a in state.moves())
    with pytest.raises(IllegalActionError, match="in tricks 2–6 only the captain's lead command is allowed"):
        act(state, "ask 0 count D", 2)
    with pytest.raises(IllegalActionError, match="only the captain"):
        act(state, "command QD", 4)
    act(state, "command AS")                                          # the leader may say only "nocard"
    act(state, "command QD")
    assert talk_of(state)[-3:] == [(2, 2, "command AS"), (0, 2, "nocard"), (2, 2, "command QD")]
    assert list(state.moves()) == [card("QD")]
    state.apply(card("QD"))
    # during the trick: no talk at all
    for seat in range(6):
        assert list(talk_actions(state, seat)) == []
    with pytest.raises(IllegalActionError, match="talk is closed: during tricks 2–6"):
        act(state, "say count H 1", 3)


def test_no_c3_when_the_leader_is_the_captain() -> None:
    state = sizette(captains=(0, 5))
    play(state, "KH QH JH AH 10H 9H")
    assert state.window_name is None and state.to_move == 0
    with pytest.raises(IllegalActionError):
        act(state, "command QD", 0)
    play(state, "QD KD JD AD 10D 9D")                                 # seat 1 wins; B's captain is 5
    assert state.window_name == "C3" and state.to_move == 5


def test_talk_is_public_every_seat_sees_it() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 highest H")
    act(state, "answer highest H KH", 0)
    act(state, "say count C 2", 4)
    act(state, "command 8H")
    state.apply(card("8H"))
    act(state, "ask 3 void H", 5)
    act(state, "answer void H no", 3)
    expected = [(2, 1, "ask 0 highest H"), (0, 1, "answer highest H KH"), (4, 1, "say count C 2"),
                (2, 1, "command 8H"), (5, 1, "ask 3 void H"), (3, 1, "answer void H no")]
    for seat in range(6):
        assert talk_of(state, seat) == expected
        assert [(s, t, str(x)) for s, t, x in state.observation(seat).talk] == expected


def test_talk_is_kept_in_the_hand_result() -> None:
    state = sizette(captains=(2, 5))
    act(state, "say count C 2", 4)
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    talk = state.results[0].talk
    assert talk[0].seat == 4 and talk[0].trick == 1 and talk[0].action == Say(Statement("count", card("KC").suit,
                                                                                        count=2))
    assert state.observation(0).talk == ()                             # the next hand starts silent


def test_each_question_and_each_statement_at_most_once_a_hand() -> None:
    state = sizette(captains=(2, 5))
    act(state, "ask 0 count H")
    act(state, "answer count H 2", 0)
    assert "ask 0 count H" not in texts(talk_actions(state, 2))
    assert "ask 4 count H" in texts(talk_actions(state, 2))            # the same question to the other mate
    with pytest.raises(IllegalActionError, match="ask 0 count H"):
        act(state, "ask 0 count H", 2)
    act(state, "say count C 2", 4)
    assert "say count C 2" not in texts(talk_actions(state, 4))
    with pytest.raises(IllegalActionError, match="count C 2"):
        act(state, "say count C 2", 4)
    assert len(state.observation(1).talk) == 3


def test_a_captain_cannot_command_a_card_he_holds() -> None:
    state = sizette(captains=(2, 5))
    assert "command KS" not in texts(state.moves())
    with pytest.raises(IllegalActionError, match="you hold KS yourself"):
        act(state, "command KS")
    assert state.window_name == "C1" and state.observation(0).talk == ()


def test_the_json_of_the_talks_own_actions_and_entries_is_kept_but_not_a_remarks() -> None:
    """The JSON of a question or statement (the tables' own objects) and of an interned talk entry is kept
    per object; a remark's free text, whose class says it is not interned, and an entry that is not the
    table's own, are made each time."""
    from atout.games.sizette import observation
    from atout.games.sizette.events import TalkEntry, talk_entry

    said = Say(Statement("count", Suit.HEARTS, count=2))
    made = observation.kept_action_json(said)
    assert observation.kept_action_json(said) is made
    remark = Remark("je coupe")
    assert observation.kept_action_json(remark) == observation.action_json(remark)
    assert observation.kept_action_json(remark)["remark"] == "je coupe"
    assert observation.kept_action_json(remark) is not observation.kept_action_json(remark)
    entry = talk_entry(3, 2, said)
    assert observation.kept_talk_json(entry) is observation.kept_talk_json(entry)
    assert observation.kept_talk_json(entry) == {"seat": 3, "trick": 2, **made}
    own = tuple.__new__(TalkEntry, (3, 2, said))    # equal, not the table's
    assert observation.kept_talk_json(own) == observation.kept_talk_json(entry)
    assert observation.kept_talk_json(own) is not observation.kept_talk_json(own)

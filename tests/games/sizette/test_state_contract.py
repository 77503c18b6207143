"""The game contract on Sizette and Quadrette states: listing by kind, setup, undo, clone,
observations for a seat and for a spectator, typed talk in JSON, refusals in both languages,
zones, and chance with fixed cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.errors import IllegalActionError, OptionError
from atout.game import CHANCE
from atout.games.sizette.actions import ABANDON, Answer, Penalty
from atout.games.sizette.windows import REMARK_MARKER
from tests.games.helpers import DEAL_H, card, cs, make, parse, play, sizette


def obs_json(state: Any, seat: int | None) -> str:
    return json.dumps(state.observation(seat).to_json(), sort_keys=True)


def everything(state: Any) -> tuple[Any, ...]:
    """All that an exact undo must restore."""
    n = state.game.num_seats
    return (list(state.history), state.scores, state.results, state.to_move, state.setup,
            [obs_json(state, s) for s in [None, *range(n)]], [state.legal_actions(s) for s in range(n)])


def random_partie(name: str, options: dict[str, Any], seed: int, talk: float = 0.2) -> Any:
    """A state in mid-partie after random moves and some talk; returns it."""
    state = make(name, options).new_state()
    rng = random.Random(seed)
    while state.outcome() is None and len(state.results) < 2:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.randrange(state.game.num_seats)
        extra = [a for a in state.legal_actions(seat) if a.kind is ActionKind.TALK and a is not REMARK_MARKER]
        if extra and rng.random() < talk:
            state.apply(rng.choice(extra), seat)
        else:
            state.apply(rng.choice(state.moves()))
    return state


def test_the_seat_to_move_lists_its_moves_first_then_the_rest_by_kind() -> None:
    state = sizette(captains=(2, 5))                                  # C1: the captain commands
    listed = state.legal_actions(2)
    moves = state.moves()
    assert listed[:len(moves)] == moves and all(a.kind is ActionKind.MOVE for a in moves)
    kinds = [a.kind for a in listed[len(moves):]]
    assert kinds == sorted(kinds, key=[ActionKind.TALK, ActionKind.CLAIM, ActionKind.TABLE].index)
    assert listed[-1] == ABANDON and REMARK_MARKER in listed
    assert state.legal_actions() == state.legal_actions(2)
    assert state.legal_actions(1) == (ABANDON,)                       # the other side is silent in C1
    state.apply(parse(state, "ask 0 count H"))
    assert state.to_move == 0 and state.moves() == tuple(a for a in state.legal_actions(0) if isinstance(a, Answer))


def test_state_from_deal_setup_is_given_back_in_full_and_checked() -> None:
    game = make("sizette")
    deal = Deal(tuple(cs(h) for h in DEAL_H), turned=(card("9C"),))
    state = game.state_from_deal(deal, {"dealer": "5", "scores": "3-4"})
    assert state.setup == {"dealer": "5", "captains": "2,5", "scores": "3-4", "hand": "1"}
    assert state.scores == (3, 4) and state.results == () and state.history[0] == (CHANCE, deal)
    for bad in ({"dealer": "6"}, {"dealer": "٣"}, {"captains": "1,2"}, {"scores": "3"}, {"colour": "red"}):
        with pytest.raises(OptionError):
            game.state_from_deal(deal, {"dealer": "5", **bad})


@pytest.mark.parametrize("name, options", [("sizette", {}), ("quadrette", {"table_law_mode": True})])
def test_undo_is_exact_back_to_the_start(name: str, options: dict[str, Any]) -> None:
    state = random_partie(name, options, seed=11)
    trail = []
    replay = make(name, options).new_state()
    for seat, action in state.history:
        trail.append(everything(replay))
        replay.apply(action, seat)
    assert everything(replay) == everything(state)
    while state.history:
        state.undo()
        assert everything(state) == trail.pop()
    with pytest.raises(IndexError):
        state.undo()


def test_undo_of_a_state_made_from_a_deal() -> None:
    state = sizette(captains=(2, 5), scores=(1, 1))
    start = everything(state)
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    state.apply(state.moves()[0])                                     # the cut of hand 2
    while len(state.history) > 1:
        state.undo()
    assert everything(state) == start
    state.undo()                                                       # the deal itself
    assert state.phase_name == "deal" and state.to_move == CHANCE and len(state.history) == 0


def test_a_clone_is_equal_then_independent() -> None:
    state = random_partie("sizette", {}, seed=5)
    before = everything(state)
    copy = state.clone()
    assert everything(copy) == before
    rng = random.Random(1)
    for _ in range(40):
        if copy.outcome() is not None:
            break
        copy.apply(copy.sample_chance(rng) if copy.to_move == CHANCE else rng.choice(copy.moves()))
    assert everything(state) == before


def test_a_spectator_sees_no_hand_and_a_seat_no_other_hand() -> None:
    state = sizette(captains=(2, 5))
    spectator = state.observation(None)
    assert spectator.seat is None and spectator.hand is None and spectator.legal == ()
    assert spectator.log[0].item.hands == (CardSet(0),) * 6            # the deal, every hand hidden
    data = json.loads(obs_json(state, 3))
    assert data["hand"] == [str(c) for c in cs(DEAL_H[3])] and data["seat"] == 3
    assert "log" not in data                                          # the log is apart from the position
    hands = state.observation(3).log.to_json()[0]["hands"]           # the deal as seat 3 saw it: its own hand
    assert hands == [None] * 3 + [data["hand"]] + [None] * 2
    assert data["hand_sizes"] == [6] * 6 and data["sides"] == [[0, 2, 4], [1, 3, 5]]
    with pytest.raises(ValueError, match="no seat 6"):
        state.observation(6)


def test_talk_entries_are_typed_in_json() -> None:
    state = sizette(captains=(2, 5))
    state.apply(parse(state, "ask 0 count H"))
    state.apply(parse(state, "answer top H 2 KH"), 0)
    state.apply(parse(state, "command AS"))
    talk = json.loads(obs_json(state, 1))["talk"]
    assert talk[0] == {"seat": 2, "trick": 1, "type": "ask", "text": "ask 0 count H", "target": 0,
                       "question": {"kind": "count", "suit": "H"}}
    assert talk[1]["statement"] == {"kind": "top", "suit": "H", "count": 2, "card": "KH"}
    assert talk[2]["type"] == "command" and talk[2]["command"] == {"selector": "card", "card": "AS"}
    assert talk[3] == {"seat": 0, "trick": 1, "type": "nocard", "text": "nocard"}
    assert json.loads(obs_json(state, 1))["pending_question"] is None


def test_refusals_speak_both_languages() -> None:
    state = sizette()
    play(state, "KH")                                                 # seat 1 (B's captain) is due to play
    with pytest.raises(IllegalActionError) as err:
        state.apply(card("KD"))
    assert err.value.code == "must_follow"
    assert str(err.value) == "you must follow suit: play one of 7H QH"
    assert err.value.text("fr") == "vous devez fournir : jouez 7C DC"
    with pytest.raises(IllegalActionError) as err:
        state.apply(Penalty("misdeal"), 0)
    assert err.value.text("fr").startswith("« pénalité maldonne » n'existe qu'en mode loi de table")


def test_zones_are_the_pack() -> None:
    for name, options in (("sizette", {}), ("quadrette", {})):
        state = random_partie(name, options, seed=3)
        zones = state.zones()
        total = 0
        for cards in zones.values():
            assert not total & cards
            total |= cards
        assert total == state.game.pack


def test_sample_chance_with_fixed_cards() -> None:
    state = sizette()
    play(state, "KH QH JH AH 10H 9H  QD KD JD AD 10D 9D  JS KS AS 10S 9S QS  AC 10C KC 9C QC JC")
    state.apply(state.moves()[0])
    fixed = {2: cs("KH QH JH"), 4: cs("6S")}
    for seed in range(20):
        deal = state.sample_chance(random.Random(seed), fixed)
        assert cs("KH QH JH") & deal.hands[2] == cs("KH QH JH") and Card("6S") in deal.hands[4]
        state.clone().apply(Deal(deal.hands, turned=deal.turned, pack=deal.pack))   # a deal that checks

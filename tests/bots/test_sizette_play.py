"""The Sizette heuristic's card play and captaincy on explicit deals (exact cards asserted)."""

from __future__ import annotations

import random
from typing import Any

from atout.bots.sizette import HeuristicBot
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.games import make_game
from atout.packs import PACK_36


def deal(fixed: dict[int, str], turned: str = "9C", dealer: int = 5) -> list[CardSet]:
    """Sizette hands: ``fixed`` seats get the cards given; the turned card goes to the dealer;
    the rest of the pack is dealt in order to the other seats."""
    hands = {s: CardSet.parse(text, "en") for s, text in fixed.items()}
    turn = Card(turned, "en")
    used = CardSet(0)
    for h in hands.values():
        used = used | h
    if dealer not in hands:
        hands[dealer] = CardSet.of([turn])
        used = used | hands[dealer]
    rest = [c for c in PACK_36 if c not in used]
    for s in range(6):
        h = hands.get(s, CardSet(0))
        while len(h) < 6:
            h = h.add(rest.pop(0))
        hands[s] = h
    return [hands[s] for s in range(6)]


def start(fixed: dict[int, str], captains: tuple[int, int] = (0, 1), turned: str = "9C",
          options: dict[str, str] | None = None) -> Any:
    game = make_game("sizette", options)
    hands = Deal(tuple(deal(fixed, turned)), turned=(Card(turned, "en"),))
    return game.state_from_deal(hands, {"dealer": "5", "captains": f"{captains[0]},{captains[1]}"})


def play(state: Any, *cards: str) -> None:
    for text in cards:
        state.apply(Card(text, "en"))


def heuristic_choice(state: Any, seat: int, **kw: Any) -> Any:
    assert state.to_move == seat
    bot = HeuristicBot(random.Random(0), **kw)
    return bot.act(state.observation(seat))


def test_partner_winning_plays_low() -> None:
    state = start({0: "10H 7S 8S 6D 7D 8D", 1: "7H JS 10S 6S 9D 10D", 2: "KH QH 8H 9S 6C 7C"})
    play(state, "10H", "7H")
    assert str(heuristic_choice(state, 2)) == "8H"  # QH would win, but the partner already does


def test_wins_as_cheaply_as_possible_in_game_order() -> None:
    state = start({0: "7S 6H 7H 6D 7D 8D", 1: "JS 8S 10S 9D 10D 6S", 2: "KS QS AS 9S 6C 7C"})
    play(state, "7S", "JS")
    assert str(heuristic_choice(state, 2)) == "QS"  # the ace ranks below the jack


def test_void_trumps_low_when_it_wins() -> None:
    state = start({0: "6D 6H 7H 7S 8S 9S", 1: "10D 9D 8H 10S JS 6S", 2: "7C JC QH JH AS KS"})
    play(state, "6D", "10D")
    assert str(heuristic_choice(state, 2)) == "7C"


def test_void_and_beaten_discards_lowest_side_card() -> None:
    state = start({0: "6D 6H 7H 7S 8S 9S", 1: "KC 8H 10S JS 6S 10H", 2: "7C JC QH 9H AS KS"})
    play(state, "6D", "KC")
    assert str(heuristic_choice(state, 2)) == "9H"  # no trump can beat KC: no trump wasted


def test_cannot_beat_plays_lowest_of_suit() -> None:
    state = start({0: "KS 6H 7H 6D 7D 8D", 1: "8S JS 10S 9D 10D 6S", 2: "QS AS 9S 8H 6C 7C"})
    play(state, "KS", "8S")
    assert str(heuristic_choice(state, 2)) == "9S"  # partner's king wins: lowest spade


def test_leads_the_master_trump_to_pull_trumps() -> None:
    state = start({0: "KC 8C 6H 7H 9H 7S"})
    assert str(heuristic_choice(state, 0)) == "KC"


def test_leads_a_side_master() -> None:
    state = start({0: "KH 8C 6D 7D 9D 7S"})
    assert str(heuristic_choice(state, 0)) == "KH"


def test_without_winners_leads_low_from_the_longest_side_suit() -> None:
    state = start({0: "8C 6H 7H 9H 7S 8S"})
    assert str(heuristic_choice(state, 0)) == "6H"


def drive_window(state: Any, bots: dict[int, HeuristicBot]) -> list[str]:
    """Let the bots act while window C1 is open; return the actions, as text."""
    done = []
    while state.observation(None).window == "C1":
        seat = state.to_move
        action = bots[seat].act(state.observation(seat))
        state.apply(action, seat)
        done.append(f"{seat}: {action}")
    return done


def test_captain_asks_fixed_questions_then_commands_the_top_trump() -> None:
    state = start({0: "KC 8C 6H 7H 9H 7S", 2: "6C 7C JH QH 8S 9S"}, captains=(2, 1))
    bots = {s: HeuristicBot(random.Random(s)) for s in (0, 2, 4)}
    done = drive_window(state, bots)
    assert done[0] == "2: ask 0 count C"
    assert done[1] == "0: answer top C 2 KC"  # medium detail: the middle of count / top / cards
    asks = [d for d in done if d.startswith("2: ask")]
    assert "2: ask 0 highest C" not in asks  # already answered
    assert "2: ask 4 count C" in asks and "2: ask 0 highest H" in asks
    assert done[-1] == "2: command high C"
    assert list(state.moves()) == [Card("KC", "en")]


def test_captain_commands_the_card_itself_under_exact_only_grammar() -> None:
    state = start({0: "KC 8C 6H 7H 9H 7S", 2: "6C 7C JH QH 8S 9S"}, captains=(2, 1),
                  options={"command_grammar": "exact_only"})
    done = drive_window(state, {s: HeuristicBot(random.Random(s)) for s in (0, 2, 4)})
    assert done[-1] == "2: command KC"


def test_captain_commands_free_choice_without_a_known_master() -> None:
    state = start({0: "QC 8C 6H 7H 9H 7S", 2: "6C 7C JH QH 8S 9S"}, captains=(2, 1))
    bots = {s: HeuristicBot(random.Random(s), detail="low") for s in (0, 2, 4)}
    done = drive_window(state, bots)
    assert done[1] == "0: answer count C 2"  # low detail
    assert done[-1] == "2: command any"


def test_captain_commands_a_side_master_known_from_answers() -> None:
    # the leader's KH answers "highest H"; no trump master: command high H
    state = start({0: "KH 8C 6H 7D 9D 7S", 2: "6C 7C JH QH 8S 9S"}, captains=(2, 1))
    bots = {s: HeuristicBot(random.Random(s), detail="high") for s in (0, 2, 4)}
    done = drive_window(state, bots)
    assert "0: answer cards H 6H KH" in done
    assert done[-1] == "2: command high H"
    assert list(state.moves()) == [Card("KH", "en")]


def test_answers_follow_the_detail_level() -> None:
    for detail, expected in (("low", "answer count C 2"), ("medium", "answer top C 2 KC"),
                             ("high", "answer cards C 8C KC"), ("none", "answer nothing")):
        state = start({0: "KC 8C 6H 7H 9H 7S", 2: "6C 7C JH QH 8S 9S"}, captains=(2, 1))
        state.apply(state.parse_action("ask 0 count C", "en"), 2)
        assert str(heuristic_choice(state, 0, detail=detail)) == expected


def test_captain_of_the_second_team_closes() -> None:
    state = start({0: "KC 8C 6H 7H 9H 7S"}, captains=(0, 3))
    play(state, "KC")
    assert state.observation(3).window == "C2" and state.to_move == 3
    assert str(heuristic_choice(state, 3)) == "close"


def test_vole_goes_on_with_every_trump() -> None:
    # team A holds all nine trumps; after 3–0 its captain goes on for the vole
    fixed = {0: "KC QC JC KH KS KD", 2: "AC 10C 8C QH QS QD", 4: "7C 6C JH JS JD AH"}
    hands = Deal(tuple(deal({**fixed, 5: "9C 6H 7H 8H 9H 10H"})), turned=(Card("9C"),))
    state = make_game("sizette").state_from_deal(hands, {"dealer": "5", "captains": "2,1"})
    bots = [HeuristicBot(random.Random(s)) for s in range(6)]
    while state.observation(None).phase == "play":
        seat = state.to_move
        state.apply(bots[seat].act(state.observation(seat)), seat)
    assert state.observation(2).phase == "vole" and state.to_move == 2
    assert str(heuristic_choice(state, 2)) == "vole continue"

"""The summary of a partie: each hand's dealt hands, actions and points, as JSON and as text."""

from __future__ import annotations

import json

from atout.chance import Deal
from atout.games import make_game
from atout.record import summary, summary_text
from tests.record.conftest import drive, first_deal, play


def test_each_hand_shows_its_deal_actions_and_points() -> None:
    state = play("toy", {"seats": 4, "partners": True, "target": 6}, 3, talk=0.2)
    data = summary(state)
    assert json.loads(json.dumps(data)) == data  # JSON-ready
    assert data["game"] == "toy" and data["options"] == {"seats": 4, "partners": True, "target": 6}
    assert data["sides"] == [[0, 2], [1, 3]] and data["side_names"] == ["A", "B"]
    assert data["setup"] is None and data["in_progress"] is None
    outcome = state.outcome()
    assert data["result"] == {"scores": list(outcome.scores), "winners": list(outcome.winners),
                               "reason": outcome.reason.value}
    assert data["scores"] == list(outcome.scores)
    deals = [a for _, a in state.history if isinstance(a, Deal)]
    assert len(data["hands"]) == len(state.results) == len(deals)
    for hand, result, deal in zip(data["hands"], state.results, deals, strict=True):
        assert (hand["number"], hand["points"], hand["scores"], hand["reason"]) == \
            (result.number, list(result.points), list(result.scores), result.reason)
        assert hand["deals"] == [{"hands": [[str(c) for c in h] for h in deal.hands],
                                  "talon": [str(c) for c in deal.talon], "turned": [str(c) for c in deal.turned]}]
        chance = [a for a in hand["actions"] if a["kind"] == "chance"]  # the first hand's draws, then the deal
        assert chance[-1] == {"seat": -1, "kind": "chance", "text": str(deal)}
        assert hand["actions"][: len(chance)] == chance and all(a["text"].startswith("draw ") for a in chance[:-1])
    texts = [a["text"] for hand in data["hands"] for a in hand["actions"]]
    assert texts == [state.action_text(a) for _, a in state.history]


def test_the_hand_in_progress() -> None:
    state = play("toy", {}, 4, stop_at=20)
    data = summary(state)
    assert data["result"] is None and data["scores"] == list(state.observation(None).scores)
    assert len(data["hands"]) == len(state.results) == 1
    progress = data["in_progress"]
    assert len(progress["deals"]) == 1 and len(progress["deals"][0]["hands"]) == 3
    assert len(data["hands"][0]["actions"]) + len(progress["actions"]) == len(state.history)


def test_a_partie_from_a_deal_keeps_its_setup() -> None:
    game = make_game("toy")
    state = drive(game.state_from_deal(first_deal(game, 2), {"hand": "3"}), 2)
    data = summary(state)
    assert data["setup"] == {"hand": "3"}
    assert data["hands"][0]["number"] == 3


def test_the_text_summary_shows_every_dealt_hand() -> None:
    state = play("toy", {"target": 3}, 6)
    deals = [a for _, a in state.history if isinstance(a, Deal)]
    for lang, seat_word, turned_word in (("en", "seat", "turned"), ("fr", "place", "retournée")):
        text = summary_text(state, lang)
        lines = text.splitlines()
        assert lines[0] == ("Toy tricks" if lang == "en" else "Levées jouet") + " (target=3)"
        colon = " : " if lang == "fr" else ": "
        for deal in deals:
            for seat, hand in enumerate(deal.hands):
                assert f"    {seat_word} {seat}{colon}{hand.text(lang)}" in lines
            assert f"    {turned_word}{colon}{deal.turned[0].text(lang)}" in lines
        winner = state.outcome().winners[0]
        assert lines[-1].startswith("Result: " if lang == "en" else "Résultat : ")
        assert f" {winner} " in lines[-1]
        assert lines[-1].endswith("(target reached)" if lang == "en" else "(but atteint)")

"""The Sizette heuristic talks with typed actions: in real parties its captain asks its questions
and commands the lead; what it deduces comes from the action objects, never from their text."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.bots import make_bot, play_partie
from atout.bots.sizette.knowledge import Knowledge
from atout.bots.sizette.talk import GAME_TELLS, pick_answer, proven_revoke, stated_own_cards
from atout.cards import Card, CardSet, Suit
from atout.chance import Deal
from atout.games import make_game
from atout.games.sizette.actions import Answer, Ask, ClaimRevoke, Command, Say
from atout.games.sizette.events import NO_CARD
from atout.games.sizette.talk import CommandSpec, Question, Statement


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
@pytest.mark.parametrize("options", [{}, {"strict_encyclopedie": "true"}])
def test_heuristic_captain_asks_and_commands(game_name: str, options: dict[str, str]) -> None:
    game = make_game(game_name, options)
    sides = game.sides
    consulted = c3_commands = masters_commanded = 0
    for seed in range(6):
        bots = [make_bot("heuristic" if sides.of(s) == 0 else "random", game, random.Random(seed * 7 + s))
                for s in range(game.num_seats)]
        state = play_partie(game, bots, random.Random(seed))
        r: Any
        for r in state.results:
            if r.dealer < 0 or r.trump is None:
                continue
            first = (r.dealer + 1) % game.num_seats
            captain = r.captains[sides.of(first)]
            by_captain = [e for e in r.talk if e.seat == captain]
            if sides.of(first) == 0 and captain != first:  # the heuristic side leads, its captain does not
                asks = [e.action for e in by_captain if e.trick == 1 and isinstance(e.action, Ask)]
                commands = [e.action for e in by_captain if e.trick == 1 and isinstance(e.action, Command)]
                assert asks and asks[0].question == Question("count", r.trump), r.talk
                assert commands, r.talk
                consulted += 1
            for e in r.talk:
                if sides.of(e.seat) == 0 and isinstance(e.action, Command):
                    assert e.seat == r.captains[0]
                    c3_commands += e.trick > 1
                    masters_commanded += e.action.spec.selector == "high"
    assert consulted >= 5
    assert c3_commands > 0 and masters_commanded > 0


def test_heuristic_answers_only_what_it_is_asked() -> None:
    game = make_game("sizette")
    bots = [make_bot("heuristic", game, random.Random(s), detail="high") for s in range(6)]
    state = play_partie(game, bots, random.Random(4))
    answered = 0
    r: Any
    for r in state.results:
        talk = list(r.talk)
        for i, e in enumerate(talk):
            if isinstance(e.action, Answer):
                asked = talk[i - 1].action
                assert isinstance(asked, Ask) and asked.target == e.seat, talk  # an answer, never volunteered
                answered += 1
    assert answered > 0


class LyingSay(Say):
    """A statement whose text says nothing: only its fields carry the fact."""

    def __str__(self) -> str:
        return "say nothing"


class LyingCommand(Command):
    def __str__(self) -> str:
        return "command any"


def opening_hands() -> list[CardSet]:
    return [CardSet.parse(h) for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S", "JH AH 9D 10D JD QD",
                                       "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]


def opening() -> Any:
    state = make_game("sizette").state_from_deal(Deal(tuple(opening_hands()), turned=(Card("9C"),)),
                                                 {"dealer": "5", "captains": "0,1"})
    return state.observation(0)


def test_knowledge_reads_the_statement_objects_not_their_text() -> None:
    obs = opening()
    said = LyingSay(Statement("count", Suit.DIAMONDS, count=0))
    k = Knowledge(obs._replace(talk=obs.talk + ((2, 1, said),)))
    assert k.count[2][Suit.DIAMONDS] == 0
    assert k.possible_holders(Card("QD")) == [1, 3, 4, 5]  # not seat 2, who said it has none
    assert Knowledge(obs).possible_holders(Card("QD")) == [1, 2, 3, 4, 5]
    # a command the leader could not obey: he holds no card of that suit
    talk = obs.talk + ((4, 1, LyingCommand(CommandSpec("high", Suit.SPADES))), (2, 1, NO_CARD))
    k = Knowledge(obs._replace(talk=talk))
    assert k.possible_holders(Card("AS")) == [1, 3, 4, 5]
    assert k.possible_holders(Card("AH")) == [1, 2, 3, 4, 5]
    assert Card("9C") in CardSet(k.known[5])  # the turned card is the dealer's


def play_cards(state: Any, *codes: str) -> None:
    """Play these cards in turn; the captains close their windows and leave the lead free."""
    for code in codes:
        card = Card(code)
        while True:
            legal = state.legal_actions(state.to_move)
            if card in legal:
                state.apply(card, state.to_move)
                break
            step = next(a for a in legal if str(a) in ("close", "command any"))
            state.apply(step, state.to_move)


def test_the_heuristic_claims_a_revoke_it_can_prove() -> None:
    game = make_game("sizette", {"table_law_mode": "true"})
    state = game.state_from_deal(Deal(tuple(opening_hands()), turned=(Card("9C"),)), {"dealer": "5", "captains": "0,1"})
    bot: Any = make_bot("heuristic", game, random.Random(0))
    play_cards(state, "KH", "6S", "JH", "10H", "8H", "KC")  # seat 1 holds QH but plays a spade
    obs: Any = state.observation(0)
    assert [t.winner for t in obs.tricks] == [5]
    assert not proven_revoke(state.observation(0))  # a void shown is no proof yet
    assert bot.interject(state.observation(0)) is None
    play_cards(state, "QC", "6D", "QH")  # then seat 1 plays a heart: a revoke
    assert proven_revoke(state.observation(0)) and proven_revoke(state.observation(4))
    assert not proven_revoke(state.observation(3))  # his own side claims nothing
    claim = bot.interject(state.observation(0))
    assert isinstance(claim, ClaimRevoke)
    state.apply(claim, 0)
    result = state.results[-1]
    assert result.reason == "revoke", result
    assert result.points[0] - result.points[1] == 2  # the revoking side is charged


def test_the_heuristic_disputes_a_penalty_claimed_against_its_side() -> None:
    game = make_game("sizette", {"table_law_mode": "true"})
    state = game.state_from_deal(Deal(tuple(opening_hands()), turned=(Card("9C"),)), {"dealer": "5", "captains": "0,1"})
    play_cards(state, "KH")
    state.apply(state.parse_action("penalty out_of_turn 2", "en"), 1)  # seat 2 has not played yet
    assert state.to_move == 1  # a claim stops nothing: play goes on
    obs: Any = state.observation(0)  # the captain of the side at fault answers, out of turn
    assert {str(a) for a in obs.legal if a.kind is ActionKind.CLAIM} >= {"accept", "dispute"}
    bot = make_bot("heuristic", game, random.Random(1))
    answer = bot.interject(obs)
    assert str(answer) == "dispute"  # a bot commits no table fault
    state.apply(answer, 0)
    assert state.observation(0).pending_claims == ()
    assert state.scores == (0, 0)  # a disputed claim changes no score


def _side_0_telling(game: Any, tell: str | None, seed: int, bot: str = "heuristic"
                    ) -> Iterator[tuple[int, Any, Any, tuple[CardSet, ...], int]]:
    """A partie of heuristics, side 0's ``bot`` with ``tell``, replayed: each seat and action with the
    state before it, the hands of the current deal and how many cards of the hand had been played."""
    bots = [make_bot(bot, game, random.Random(seed * 7 + s), tell=tell) if game.sides.of(s) == 0
            else make_bot("heuristic", game, random.Random(seed * 7 + s), tell="asked") for s in range(game.num_seats)]
    final = play_partie(game, bots, random.Random(seed))
    state = game.new_state()
    hands: tuple[CardSet, ...] = ()
    played = -1
    for seat, action in final.history:
        yield seat, action, state, hands, played
        if isinstance(action, Deal):
            hands, played = action.hands, 0
        elif isinstance(action, Card):
            played += 1
        state.apply(action, seat)


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_a_side_that_tells_all_has_every_card_known_after_the_first_trick(game_name: str) -> None:
    """``tell=all``: in its window the captain states his cards suit by suit and asks each team-mate
    which cards of every suit; the mates answer in full. After the first trick an opponent knows
    where every card of that side lies (the talk is public); the other side stays hidden. Having
    stated his cards, the captain orders « any »: his leader knows all he knows of their side."""
    game = make_game(game_name, {"target_points": 2})
    n = game.num_seats
    checked = ambiguous = commands = 0
    for seed in range(3):
        done = -1
        for seat, action, state, hands, played in _side_0_telling(game, "all", seed):
            if isinstance(action, Command) and game.sides.of(seat) == 0:
                assert stated_own_cards(state.observation(seat)) and action.spec == CommandSpec("any"), str(action)
                commands += 1
            if played == n and done != len(state.results):   # the first trick of the hand is complete
                for viewer in (1, 2):   # an opponent, and a team-mate of the side that told all
                    obs = state.observation(viewer)
                    k = Knowledge(obs)
                    for s in range(0, n, 2):
                        live = [c for c in hands[s] if c not in obs.played and s != viewer]
                        assert all(k.possible_holders(c) == [s] for c in live), (seed, viewer, s, str(hands[s]))
                hidden = [c for s in range(1, n, 2) for c in hands[s] if c not in obs.played]
                ambiguous += any(len(k.possible_holders(c)) > 1 for c in hidden)   # the other side's: hidden
                checked += 1
                done = len(state.results)
    assert checked >= 4 and ambiguous >= checked // 2 and commands >= 3


def test_tell_is_checked() -> None:
    with pytest.raises(ValueError, match="tell"):
        make_bot("heuristic", "sizette", random.Random(0), tell="everything")
    with pytest.raises(ValueError, match="tell"):
        make_bot("search", "quadrette", random.Random(0), tell="loud")


@pytest.mark.parametrize(("tell", "when_leading", "when_defending"),
                         [("leading", True, False), ("defending", False, True), ("asked", False, False),
                          (None, True, True)])   # Sizette's listening side (GAME_TELLS)
def test_tell_chooses_the_window(tell: str | None, when_leading: bool, when_defending: bool) -> None:
    """``tell=leading`` tells every card only in the window before its side's opening lead (C1),
    ``defending`` only in the one after the opening lead against it (C2), ``asked`` never."""
    game = make_game("sizette", {"target_points": 2})
    sides = game.sides
    seen = {True: 0, False: 0}
    for seed in range(3):
        bots = [make_bot("heuristic", game, random.Random(seed * 7 + s), tell=tell if sides.of(s) == 0 else "asked")
                for s in range(6)]
        r: Any
        for r in play_partie(game, bots, random.Random(seed)).results:
            if r.dealer < 0 or r.trump is None:
                continue
            leading = sides.of((r.dealer + 1) % 6) == 0
            told = any(isinstance(e.action, Say) and e.action.statement.kind == "cards" and sides.of(e.seat) == 0
                       for e in r.talk)
            assert told == (when_leading if leading else when_defending), (tell, leading, r.talk)
            seen[leading] += 1
    assert seen[True] and seen[False]


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_a_side_that_tells_its_leader_leaves_his_hand_unsaid(game_name: str) -> None:
    """``tell=leader``: before its side's opening lead the captain states his
    cards and asks every team-mate but the leader which cards of every suit. At the opening lead the
    leader knows where every card of his side lies; he was asked nothing and said nothing, so an
    opponent still cannot place all of his cards. When the other side leads, it tells nothing. The
    captain, who knows no more of their side than the leader, leaves him his choice (« any »)."""
    game = make_game(game_name, {"target_points": 2})
    sides, n = game.sides, game.num_seats
    leading = defending = commands = 0
    for seed in range(4):
        for seat, action, state, hands, played in _side_0_telling(game, "leader", seed):
            if isinstance(action, Command) and sides.of(seat) == 0:
                assert action.spec == CommandSpec("any"), (seed, str(action))
                commands += 1
            if isinstance(action, Card) and played == 0:   # the opening lead of a hand
                obs = state.observation(seat)
                talk = [a for _s, _t, a in obs.talk]
                from_side_0 = [a for s, _t, a in obs.talk if sides.of(s) == 0]
                if sides.of(seat) == 0:
                    k = Knowledge(obs)
                    for mate in range(0, n, 2):
                        live = [c for c in hands[mate] if c not in obs.played and mate != seat]
                        assert all(k.possible_holders(c) == [mate] for c in live), (seed, mate, str(hands[mate]))
                    assert not any(isinstance(a, Ask) and a.target == seat for a in talk)
                    assert not any(isinstance(a, (Say, Answer)) for s, _t, a in obs.talk if s == seat)
                    assert any(isinstance(a, (Say, Answer)) and a.statement.kind == "cards" for a in from_side_0)
                    opponent = Knowledge(state.observation((seat + 1) % n))
                    assert any(len(opponent.possible_holders(c)) > 1 for c in hands[seat]), (seed, str(hands[seat]))
                    leading += 1
                else:
                    assert not any(isinstance(a, (Say, Answer)) and a.statement.kind == "cards" for a in from_side_0)
                    defending += 1
    assert leading >= 3 and defending >= 3 and commands >= 3


def test_a_deaf_search_side_does_not_tell() -> None:
    """``talk=false`` (a yardstick whose worlds ignore the talk) talks as the heuristic's fixed questions."""
    bot = make_bot("search", "sizette", random.Random(0), talk=False)
    assert bot.fallback.tell == "asked"
    bot = make_bot("search", "sizette", random.Random(0))
    assert bot.fallback.tell is None and GAME_TELLS == {"sizette": "all", "quadrette": "leader"}   # the game's


@pytest.mark.parametrize(("game_name", "leader_told"), [("sizette", True), ("quadrette", False)])
def test_by_default_a_listening_side_talks_as_its_game_measured_best(game_name: str, leader_told: bool) -> None:
    """``tell=None`` (the search's default): every card told in Sizette, all but the leader's in
    Quadrette — at each of the side's opening leads, whether the leader himself had
    told his cards."""
    game = make_game(game_name, {"target_points": 2})
    leads = 0
    for seat, action, state, _hands, played in (step for seed in (1, 2) for step in _side_0_telling(game, None, seed)):
        if isinstance(action, Card) and played == 0 and game.sides.of(seat) == 0:
            said = {s for s, _t, a in state.observation(seat).talk if isinstance(a, (Say, Answer))
                    and a.statement.kind == "cards"}
            assert (seat in said) == leader_told and len(said) == len(game.sides.seats[0]) - (not leader_told)
            leads += 1
    assert leads >= 2


def test_the_oracle_says_nothing_when_asked() -> None:
    """The oracle needs no talk: asked, it says nothing, so it tells the opponents nothing and its
    captain, knowing nothing of the leader's cards, leaves him the choice."""
    oracle = make_bot("oracle", "quadrette", random.Random(0))
    offered = [Answer(Statement.parse(w.split())) for w in ("count H 2", "top H 2 KH", "nothing")]
    assert str(pick_answer(offered, oracle.fallback.detail)) == "answer nothing"


def test_the_oracle_can_talk_as_the_search() -> None:
    """``tell=None`` gives the oracle the search's own talk (a yardstick of the card play alone): in
    Sizette, before its opening leads (and after the opening lead against it), its captain states his cards and has every team-mate tell his."""
    game = make_game("sizette", {"target_points": 2})
    side = set(game.sides.seats[0])
    told = leads = 0
    for seat, action, state, _hands, played in (step for seed in (0, 1, 2) for step in _side_0_telling(game, None, seed, bot="oracle")):
        if isinstance(action, Card) and played == 0 and game.sides.of(seat) == 0:
            said = {s for s, _t, a in state.observation(seat).talk if isinstance(a, (Say, Answer))
                    and a.statement.kind == "cards"}
            told += said == side
            leads += 1
    assert leads >= 2 and told == leads
    with pytest.raises(ValueError, match="tell"):
        make_bot("oracle", "sizette", random.Random(0), tell="loud")

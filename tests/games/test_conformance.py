"""Random-play conformance for Sizette and Quadrette.

Seeded parties with random legal moves (and, now and then, talk, remarks, captain changes,
abandons and, in table-law mode, claims and penalties). After EVERY action:

* the action's notation round-trips through ``state.parse_action``;
* cards are conserved: current hands + cards played this hand + talon == the pack, disjoint,
  and each seat's observed hand is exactly what it was dealt minus what it played;
* scores are consistent: the sum of the hand results' points, plus the seat penalties
  (out_of_turn, looked_at_tricks) that record no hand result; each new result carries the scores;
* every finished hand is consistent: trick winners recomputed by the reference rule, leaders,
  tricks counted, points matching the reason;
* no observation leaks: every card code in ``json.dumps(observation(seat).to_json())`` is known to
  that seat (its own cards dealt this hand or earlier, cards played, turned cards, the draw, cards
  named in the public talk), and in particular never a card of another seat's current hand nor a
  talon card other than the turned one — unless named in this hand's talk. The draw for the first
  dealer is checked on its own: exactly the cards drawn.

At the end of each partie the history is replayed on a fresh state (chance actions with seat -1
applied as given) and must give the same history, scores, results and observations.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from atout.bots import make_bot
from atout.cards import CARDS, Card
from atout.game import CHANCE
from atout.games.sizette.actions import (
    CLAIM_REVOKE,
    Abandon,
    Ask,
    Captain,
    Deal,
    Draw,
    Penalty,
    Remark,
    Say,
)
from atout.games.sizette.scoring import charge
from atout.tricks import trick_winner
from tests.games.helpers import make

# A card code: rank (10 is read from its "0") then suit. A plain character class keeps the scan fast;
# the JSON holds no other upper-case pairs of this shape.
TOKEN = re.compile(r"[02-9JQKA][SHDC]")
BIT = {str(c): 1 << c for c in CARDS}
REMARKS = ("à toi", "bien joué", "atout ?", "le KH est tombé", "")

HANDS_PER_GAME = 2000
TABLE_LAW_HANDS = 300
HEURISTIC_HANDS = 1000
MAX_RESULTS = 30

# Option sets cycled over the parties (random play must cover the variants too).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sizette": [
        {},
        {"play_out_all_tricks": True},
        {"command_grammar": "exact_only", "volunteer_allowed": False, "max_failed_commands": 1},
        {"target_points": 7, "first_dealer_choice": "any_opponent", "draw_rank": "ace_high"},
        {"strict_encyclopedie": True, "free_remarks": False, "min_cut_packet": 5},
    ],
    "quadrette": [
        {},
        {"win_rule": "four_needed"},
        {"deal_packets": "2+2+2", "play_out_all_tricks": True},
        {"win_rule": "four_needed", "command_grammar": "exact_only", "target_points": 3},
        {"first_dealer_choice": "any_opponent", "strict_encyclopedie": True},
    ],
}
LAW_VARIANTS: list[dict[str, Any]] = [
    {"table_law_mode": True},
    {"table_law_mode": True, "penalty_overflow": "all_to_opponents"},
    {"table_law_mode": True, "penalty_overflow": "negative_allowed", "target_points": 3},
]


@dataclass
class Tracker:
    """What each seat may know, rebuilt independently from the actions applied."""

    n: int
    draws: int = 0
    dealt_ever: list[int] = field(default_factory=list)
    public_ever: int = 0
    dealt: list[int] = field(default_factory=list)
    played_by: list[int] = field(default_factory=list)
    played: int = 0
    turned: Card | None = None
    talon: int = 0
    talk: int = 0
    active: bool = False

    def __post_init__(self) -> None:
        self.dealt_ever = [0] * self.n
        self.dealt = [0] * self.n
        self.played_by = [0] * self.n

    def see(self, seat: int, action: Any) -> None:
        if type(action) is Card:
            bit = 1 << action
            self.played |= bit
            self.played_by[seat] |= bit
            self.public_ever |= bit
        elif isinstance(action, Deal):
            self.dealt = [int(h) for h in action.hands]
            self.played_by = [0] * self.n
            self.played = 0
            self.talk = 0
            self.turned = action.turned
            self.talon = int(action.talon)
            self.active = True
            for s in range(self.n):
                self.dealt_ever[s] |= self.dealt[s]
            self.public_ever |= 1 << action.turned
        elif isinstance(action, Draw):
            for _, c in action.cards:
                self.draws |= 1 << c
        else:
            named = card_codes(str(action))
            self.talk |= named
            self.public_ever |= named

    def hand(self, seat: int) -> int:
        return self.dealt[seat] & ~self.played_by[seat]


@dataclass
class Stats:
    parties: int = 0
    hands: int = 0
    actions: int = 0
    observations: int = 0
    talk: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def check_notation(state: Any, action: Any) -> None:
    text = str(action)
    assert state.parse_action(text, "en") == action, text


def card_codes(text: str) -> int:
    """The cards named in ``text``, as a bitmask (every code found by the regex)."""
    m = 0
    for code in TOKEN.findall(text):
        m |= BIT["1" + code if code[0] == "0" else code]
    return m


def check_observations(state: Any, tracker: Tracker, pack: int, stats: Stats) -> None:
    """Cards conserved (during a hand) and no observation leak, one observation per seat."""
    n = tracker.n
    hands = [tracker.hand(s) for s in range(n)]
    others_all = 0
    for h in hands:
        others_all |= h
    in_hand = tracker.active and state.phase_name in ("play", "vole")
    union = tracker.talon | tracker.played
    if in_hand:
        assert not tracker.talon & tracker.played
    turned_bit = 1 << tracker.turned if tracker.turned is not None else 0
    hidden_talon = tracker.talon & ~turned_bit
    for seat in range(n):
        obs = state.observation(seat)
        if in_hand:
            hand = int(obs.hand)
            assert hand == hands[seat], f"seat {seat} hand {obs.hand}"
            assert not union & hand, "a card is in two places"
            union |= hand
        data = obs.to_json()
        # the draw for the first dealer is public for the whole partie: checked on its own, so that
        # a drawn card now in another seat's hand cannot hide a leak elsewhere in the observation
        draws = data.pop("draws")
        assert card_codes(json.dumps(draws)) == tracker.draws
        text = json.dumps(data)
        seen = card_codes(text)
        known = tracker.dealt_ever[seat] | tracker.public_ever
        leak = seen & ~known
        assert not leak, f"seat {seat} sees unknown cards {[str(c) for c in CARDS if leak >> c & 1]}: {text}"
        secret = ((others_all & ~hands[seat]) | hidden_talon) & ~tracker.talk & ~turned_bit
        shown = seen & secret
        assert not shown, f"seat {seat} sees hidden cards {[str(c) for c in CARDS if shown >> c & 1]}: {text}"
        stats.observations += 1
    if in_hand:
        assert union == pack, "cards not conserved"


def check_result(state: Any, result: Any, n: int) -> None:
    """A finished hand is consistent with the rules (reference winner, leaders, points)."""
    strength = state.game.order.strength
    first = (result.dealer + 1) % n
    leader = first
    won = [0, 0]
    for t in result.plays:
        assert t.leader == leader
        if t.winner == -1:                    # play stopped mid-trick (claim or fault)
            assert t is result.plays[-1] and result.reason in ("revoke", "redeal")
            break
        assert len(t.cards) == n
        assert t.winner == (t.leader + trick_winner(t.cards, result.trump, strength)) % n
        won[t.winner % 2] += 1
        leader = t.winner
    assert tuple(won) == result.tricks
    if result.turned is not None:
        assert result.trump == result.turned.suit
    reason, points, tricks = result.reason, result.points, result.tricks
    if reason in ("revoke", "redeal"):
        return
    options = state.game.options
    need = 4 if state.game.win_rule == "four_needed" else 3
    if reason == "null":
        assert points == (0, 0) and tricks == (3, 3) and need == 4
        return
    winner = 0 if points[0] > 0 else 1
    assert points[1 - winner] == 0
    if reason == "vole":
        assert points[winner] == 2 and tricks[winner] == 6 and tricks[1 - winner] == 0
    elif reason == "vole_failed":
        assert points[winner] == 1 and tricks[1 - winner] == 1 and tricks[winner] >= need
        assert not options["play_out_all_tricks"]
    else:
        assert reason == ("four" if need == 4 else "three")
        assert points[winner] == 1 and tricks[winner] >= need
        if options["play_out_all_tricks"]:
            assert sum(tricks) == 6
        else:
            assert tricks[winner] == need and tricks[1 - winner] < need


def choose(state: Any, rng: random.Random, law: bool, stats: Stats) -> tuple[int, Any]:
    """A random move; now and then optional speech or a table action instead."""
    n = state.game.num_seats
    roll = rng.random()
    if roll < 0.0004 or len(state.results) >= MAX_RESULTS:
        # abandon now and then; and end the parties that drag on (with negative scores allowed,
        # random revokes can keep both teams below the target for ever)
        return rng.randrange(n), Abandon()
    phase = state.phase_name
    if law:
        seat = rng.randrange(n)
        if roll < 0.02 and phase in ("play", "vole"):
            return seat, CLAIM_REVOKE
        penalties = [a for a in state.table_actions(seat) if isinstance(a, Penalty)]
        redeals = [a for a in penalties if a.seat is None and a.kind != "wrong_pack"]
        if redeals and roll < 0.05:
            return seat, rng.choice(redeals)
        if penalties and roll < 0.025:
            return seat, rng.choice(penalties)
    if phase == "cut" and roll < 0.05:
        seat = rng.randrange(n)
        changes = [a for a in state.table_actions(seat) if isinstance(a, Captain)]
        if changes:
            return seat, rng.choice(changes)
    if state.window_name in ("C1", "C2") and roll < 0.25:
        team = state.observation(0).window_team
        seat = rng.choice(range(team, n, 2))
        speech = list(state.talk_actions(seat))
        if state.can_remark(seat):
            speech.append(Remark(rng.choice(REMARKS)))
        if speech:
            stats.talk += 1
            return seat, rng.choice(speech)
    moves = list(state.legal_actions())
    if law and state.phase_name == "play" and state.window_name is None and rng.random() < 0.97:
        # in table-law mode any card may be played: revoke only now and then
        trick = state.observation(state.to_move).trick
        if trick:
            follow = [c for c in moves if c.suit == trick[0].suit]
            if follow:
                moves = follow
    return state.to_move, rng.choice(moves)


def play_partie(game_name: str, options: dict[str, Any], seed: int, stats: Stats, policy: str = "random") -> None:
    game = make(game_name, options)
    bots = [make_bot("heuristic", random.Random(seed * 10 + s)) for s in range(game.num_seats)]
    law = bool(game.options["table_law_mode"])
    state = game.new_state()
    n = game.num_seats
    pack = int(game.pack)
    rng = random.Random(seed)
    tracker = Tracker(n)
    expected = [0, 0]
    seen_results = 0
    overflow = game.options["penalty_overflow"]
    while not state.is_terminal():
        before_len = len(state.history)
        seat: int
        if state.to_move == CHANCE:
            seat, action = CHANCE, state.sample_chance(rng)
            state.apply(action)
        elif policy == "heuristic":
            seat = state.to_move
            action = bots[seat].act(state.observation(seat), state.legal_actions(seat), state.talk_actions(seat))
            if isinstance(action, (Ask, Say)):
                stats.talk += 1
            state.apply(action, seat)
        else:
            seat, action = choose(state, rng, law, stats)
            if isinstance(action, Penalty) and action.seat is not None:
                charge(expected, action.seat % 2, 1, overflow)
            state.apply(action, seat)
        stats.actions += 1
        assert len(state.history) == before_len + 1 and state.history[-1] == (seat, action)
        tracker.see(seat, action)
        check_notation(state, action)
        # scores: results' points plus seat penalties, and each new result carries the scores
        while seen_results < len(state.results):
            result = state.results[seen_results]
            expected[0] += result.points[0]
            expected[1] += result.points[1]
            assert seen_results + 1 == len(state.results)
            assert result.scores == tuple(state.scores)
            check_result(state, result, n)
            if result.reason != "redeal":
                stats.hands += 1
            stats.reasons[result.reason] = stats.reasons.get(result.reason, 0) + 1
            seen_results += 1
        assert state.scores == expected, (state.scores, expected)
        if not law:
            assert state.scores == [sum(r.points[0] for r in state.results), sum(r.points[1] for r in state.results)]
        check_observations(state, tracker, pack, stats)
        if not state.is_terminal() and state.to_move >= 0:
            assert state.legal_actions(state.to_move), f"no move for seat {state.to_move} in {state!r}"
        if stats.actions % 97 == 0:
            check_clone(state, rng)
    # end of the partie
    assert state.winner_team in (0, 1) and state.end_reason in ("target", "abandon")
    if state.end_reason == "target":
        w = state.winner_team
        assert state.scores[w] >= game.options["target_points"] and state.scores[w] > state.scores[1 - w]
    assert state.returns() == [1.0 if s % 2 == state.winner_team else -1.0 for s in range(n)]
    stats.ends[state.end_reason] = stats.ends.get(state.end_reason, 0) + 1
    stats.parties += 1
    replay(game_name, options, state)


def check_clone(state: Any, rng: random.Random) -> None:
    """A clone is equal, then independent: moves on it leave the original untouched."""
    n = state.game.num_seats
    before = [json.dumps(state.observation(s).to_json()) for s in range(n)]
    history = list(state.history)
    scores = list(state.scores)
    copy = state.clone()
    assert [json.dumps(copy.observation(s).to_json()) for s in range(n)] == before
    side = random.Random(rng.random())
    for _ in range(8):
        if copy.is_terminal():
            break
        copy.apply(copy.sample_chance(side) if copy.to_move == CHANCE else side.choice(list(copy.legal_actions())))
    assert [json.dumps(state.observation(s).to_json()) for s in range(n)] == before
    assert state.history == history and state.scores == scores


def replay(game_name: str, options: dict[str, Any], state: Any) -> None:
    fresh = make(game_name, options).new_state()
    for seat, action in state.history:
        fresh.apply(action, seat)
    assert fresh.history == state.history
    assert fresh.scores == state.scores
    assert fresh.results == state.results
    assert fresh.is_terminal() and fresh.winner_team == state.winner_team
    assert fresh.end_reason == state.end_reason
    for seat in range(state.game.num_seats):
        assert fresh.observation(seat).to_json() == state.observation(seat).to_json()


def run(game_name: str, variants: list[dict[str, Any]], hands: int, seed0: int, policy: str = "random") -> Stats:
    stats = Stats()
    seed = seed0
    started = time.perf_counter()
    while stats.hands < hands:
        options = variants[seed % len(variants)]
        try:
            play_partie(game_name, options, seed, stats, policy)
        except AssertionError as err:
            raise AssertionError(f"{game_name} {options} seed {seed}: {err}") from err
        seed += 1
    stats.seconds = round(time.perf_counter() - started, 1)
    print(f"\n{game_name}: {stats}")
    return stats


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_random_play(game_name: str) -> None:
    stats = run(game_name, VARIANTS[game_name], HANDS_PER_GAME, seed0=1000)
    assert stats.hands >= HANDS_PER_GAME
    assert stats.talk > 0
    assert stats.reasons.get("vole", 0) > 0 and stats.reasons.get("vole_failed", 0) > 0
    assert stats.reasons.get("three", 0) > 0
    if game_name == "quadrette":
        assert stats.reasons.get("four", 0) > 0 and stats.reasons.get("null", 0) > 0


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_heuristic_play(game_name: str) -> None:
    """The same checks with every seat played by the heuristic bot (questions, answers, commands)."""
    stats = run(game_name, VARIANTS[game_name], HEURISTIC_HANDS, seed0=3000, policy="heuristic")
    assert stats.hands >= HEURISTIC_HANDS
    assert stats.talk > HEURISTIC_HANDS  # the captains ask and their mates answer, hand after hand
    assert stats.reasons.get("three", 0) > 0


@pytest.mark.parametrize("game_name", ["sizette", "quadrette"])
def test_random_play_table_law(game_name: str) -> None:
    stats = run(game_name, LAW_VARIANTS, TABLE_LAW_HANDS, seed0=5000)
    assert stats.hands >= TABLE_LAW_HANDS
    assert stats.reasons.get("revoke", 0) > 0 and stats.reasons.get("redeal", 0) > 0


def test_tracker_catches_a_leak() -> None:
    """The leak check itself works: a forged observation with another seat's card fails it."""
    state = make("sizette").new_state()
    rng = random.Random(3)
    tracker = Tracker(6)
    while state.phase_name != "play":
        action = state.sample_chance(rng) if state.to_move == CHANCE else state.legal_actions()[0]
        seat = state.to_move
        state.apply(action)
        tracker.see(seat, action)
    check_observations(state, tracker, int(state.game.pack), Stats())
    other = next(c for c in CARDS if tracker.hand(1) >> c & 1 and c != tracker.turned)
    real = state.observation

    class Forged:
        def __init__(self, obs: Any) -> None:
            self.obs = obs
            self.hand = obs.hand

        def to_json(self) -> dict[str, Any]:
            data = self.obs.to_json()
            data["trick"] = [str(other)]
            return data

    class Proxy:
        phase_name = state.phase_name

        def observation(self, seat: int) -> Forged:
            return Forged(real(seat))

    with pytest.raises(AssertionError, match="sees"):
        check_observations(Proxy(), tracker, int(state.game.pack), Stats())

"""The card rule is written out on the hot paths (listing and checking) for speed: this keeps
them one rule. For every seat and every card of the pack, ``apply`` accepts the card exactly
when ``legal_actions(seat)`` lists it — with windows open, commands given, and in table-law mode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Card, cards_of
from atout.errors import IllegalActionError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.sizette.phases import CARD_DUE
from atout.tricks import legal_mask

PARTIES = 4   # of up to three hands each


@pytest.mark.parametrize("name,options", [("sizette", {}), ("quadrette", {}),
                                          ("sizette", {"table_law_mode": "true"}),
                                          ("quadrette", {"command_grammar": "exact_only"})])
def test_apply_accepts_a_card_exactly_when_it_is_listed(name: str, options: dict[str, str]) -> None:
    game = make_game(name, options)
    rng = random.Random(11)
    checked = accepted = 0
    for _ in range(PARTIES):
        state = game.new_state()
        while not state.is_terminal() and len(state.results) < 3:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase_name == "play":
                for seat in range(game.num_seats):
                    listed = {a for a in state.legal_actions(seat) if type(a) is Card}
                    for card in game.pack:
                        trial = state.clone()
                        try:
                            trial.apply(card, seat)
                            ok = True
                        except IllegalActionError:
                            ok = False
                            assert trial.history == state.history
                        assert ok == (card in listed), (seat, card, state)
                        checked += 1
                        accepted += ok
            moves = list(state.moves())
            state.apply(rng.choice(moves))
    print(f"{name} {options}: {checked} cards tried, {accepted} accepted")
    assert checked > 10_000 and accepted > 500


@pytest.mark.parametrize("name,options", [("sizette", {}), ("quadrette", {}), ("sizette", {"table_law_mode": "true"})])
def test_the_listed_cards_are_the_shared_trick_rule(name: str, options: dict[str, str]) -> None:
    """``moves()`` writes the follow rule out for speed; it must list exactly what the shared trick
    machine (:func:`atout.tricks.legal_mask`) allows, or, on the lead, what the command allows."""
    game = make_game(name, options)
    state, rng, compared = game.new_state(), random.Random(5), 0
    for _ in range(4000):
        if state.is_terminal():
            state = game.new_state()
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        moves = state.moves()
        st: Any = state
        if st.mode == CARD_DUE and st.trick:
            expected = legal_mask(st.hands[st.player], st.trick, st.trump, st.follow_rule, st.strength)
            assert {int(c) for c in moves} == set(cards_of(expected)), state
            compared += 1
        state.apply(rng.choice(moves))
    assert compared > 1000

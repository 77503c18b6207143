"""What a Bésigue trick's winner may declare, compiled (``besigue_legal``) and its Python reference
(``pure_legal``): the same answers on any holding and on real parties, the same errors on odd arguments."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout import cards
from atout.game import CHANCE
from atout.games import find_game, make_game
from atout.games.besigue import declarations as besigue
from tests.games.helpers import answer_or_error, needs_compiled, pure_python_name


def test_the_reference_runs_when_asked() -> None:
    """With ``ATOUT_PURE_PYTHON=1`` the Python reference is what runs."""
    assert pure_python_name("atout.games.besigue.declarations", "legal") == "pure_legal"


@needs_compiled
def test_the_compiled_one_runs_when_built() -> None:
    assert besigue.legal is not besigue.pure_legal


_TRUMP_PAIRS = [besigue._KINGS[s] | besigue._QUEENS[s] for s in range(4)]
_DECLARED = sorted({c for masks in (besigue._KINGS, besigue._QUEENS, besigue._ACES, besigue._TENS, besigue._JACKS)
                    for m in masks for c in range(cards.NUM_CARDS) if m >> c & 1}
                   | {c for m in (besigue._QS, besigue._JD, cards.JOKER_MASK) for c in range(cards.NUM_CARDS) if m >> c & 1})
"""The card ids declarations are made of (every copy): a random holding drawn from them meets every combination."""


def _subset(data: st.DataObject, mask: int) -> int:
    ids = [c for c in range(cards.NUM_CARDS) if mask >> c & 1]
    return sum(1 << c for c in data.draw(st.lists(st.sampled_from(ids), unique=True)) if ids) if ids else 0


@needs_compiled
@given(st.data())
def test_besigue_declarations_are_the_pure_ones(data: st.DataObject) -> None:
    """Any holding of the cards declarations use (every copy, the jokers, and other cards), any part of it
    on the table, any cards already used in each class, trump marriages already made, any values and
    either quinte rule: the same declarations both ways, in the same order, with the same cards."""
    ids = data.draw(st.lists(st.sampled_from(_DECLARED), max_size=24, unique=True))
    owned = sum(1 << c for c in ids) | _subset(data, (1 << cards.NUM_CARDS) - 1) * data.draw(st.booleans())
    tabled = _subset(data, owned)
    used = besigue.Used(*(_subset(data, owned) for _ in range(6)),
                        tuple(pair & _subset(data, pair | owned) for pair in
                              data.draw(st.lists(st.sampled_from(_TRUMP_PAIRS), max_size=3))))
    values = besigue.Values(data.draw(st.sampled_from([40, 100])), data.draw(st.sampled_from([40, 100])),
                            data.draw(st.sampled_from([0, 500])))
    trump = data.draw(st.none() | st.integers(0, 3))
    needs_marriage = data.draw(st.booleans())
    args = (values, trump, owned, tabled, used, needs_marriage)
    assert besigue.legal(*args) == besigue.pure_legal(*args)


@needs_compiled
def test_besigue_declarations_of_real_parties_are_the_pure_ones() -> None:
    """Every seat's declarations at every position where a trick's winner declares, in random parties of
    every preset, both quinte rules and before trump is known: the same both ways."""
    compared = 0
    for options in [{}, *({"preset": p} for p in find_game("besigue").presets)]:
        game_ = make_game("besigue", options)
        rng = random.Random(3)
        for _ in range(4):
            state = game_.new_state()
            while state.outcome() is None:
                if state.phase_name == "declare":
                    rules = state.rules
                    for seat, hand in enumerate(state.hands):
                        for trump in (state.trump, None):
                            for rule in (True, False):
                                args = (rules.values, trump, hand, state.tabled[seat], state.used, rule)
                                assert besigue.legal(*args) == besigue.pure_legal(*args), (options, args)
                                compared += 1
                state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    assert compared > 1000


@needs_compiled
@pytest.mark.parametrize("args", [
    (besigue.Values(40, 40, 0), 7, 1, 0, besigue.Used(), True),          # no such suit
    (besigue.Values(40, 40, 0), 0, -1, 0, besigue.Used(), True),         # not a set of cards
    (besigue.Values(40, 40, 0), 0, 1 << 300, 0, besigue.Used(), True),   # past the last card
    (besigue.Values(40, 40, 0), 0, 3, 0, (0, 0), True),                  # not a Used
    (besigue.Values(40, 40, 0), 0, 3, 0, besigue.Used(pairs=(-1,)), True),
    ((40, 40), 0, 3, 0, besigue.Used(), True),                           # not the values
    (besigue.Values(40, 40, "x"), 0, 3, 0, besigue.Used(), True),  # type: ignore[arg-type]
    (besigue.Values(40, 40, 0), "0", 3, 0, besigue.Used(), True),
])
def test_besigue_declarations_refuse_what_the_pure_ones_refuse(args: tuple[object, ...]) -> None:
    """Arguments the reference is not written for go to the reference: the same answer or the same error."""
    assert answer_or_error(besigue.legal, args) == answer_or_error(besigue.pure_legal, args)

"""What a Piquet hand may call, compiled (``piquet_calls``) and its Python reference (``pure_calls_of``): the same
calls on any holding, the same errors on odd arguments."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.games.piquet import calls as piquet_calls
from tests.games.helpers import answer_or_error, needs_compiled, pure_python_name


def test_the_reference_runs_when_asked() -> None:
    """With ``ATOUT_PURE_PYTHON=1`` the Python reference is what runs."""
    assert pure_python_name("atout.games.piquet.calls", "calls_of") == "pure_calls_of"


@needs_compiled
def test_the_compiled_one_runs_when_built() -> None:
    assert piquet_calls.calls_of is not piquet_calls.pure_calls_of


PIQUET_PACK = sorted(int(c) for suit in piquet_calls.SUIT_CARDS for c in suit)


@needs_compiled
@given(st.lists(st.sampled_from(PIQUET_PACK), unique=True, max_size=32), st.integers(0, 2), st.booleans())
def test_piquet_calls_are_the_pure_ones(held: list[int], cls: int, partial: bool) -> None:
    """Any holding of the Piquet pack (a hand of twelve or any other), each class, whole holdings or parts:
    the same calls both ways, in the same order (equal ones as the reference finds them)."""
    hand = sum(1 << c for c in held)
    made, pure = piquet_calls.calls_of(hand, cls, partial), piquet_calls.pure_calls_of(hand, cls, partial)
    assert made == pure and [type(c) for c in made] == [type(c) for c in pure]


@needs_compiled
@pytest.mark.parametrize("args", [(-1, 0, False), (1 << 60, 1, False), (1.0, 0, False), (3, 3, False), (3, -1, False),
                                  (3, True, False), (3, 0, None), ("x", 0, False)])
def test_piquet_calls_refuse_what_the_pure_ones_refuse(args: tuple[object, ...]) -> None:
    """Arguments the reference is not written for go to the reference: the same answer or the same error."""
    assert answer_or_error(piquet_calls.calls_of, args) == answer_or_error(piquet_calls.pure_calls_of, args)

"""A finished Piquet trick in JSON, compiled (``duel_trick_json``) and its Python reference (``pure_trick_json``):
the same JSON for any two cards of the pack, errors on what is not such a trick."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import NUM_CARDS
from atout.compiled import speedups
from atout.games.piquet.deal import PACK_CARDS as PACK
from atout.games.piquet.observation import pure_trick_json
from tests.games.helpers import needs_compiled


@needs_compiled
@given(st.integers(0, 1), st.integers(0, 31), st.integers(0, 31), st.integers(0, 1))
def test_duel_trick_json(leader: int, led: int, answer: int, winner: int) -> None:
    """(leader, card led, card answered, winner) in JSON: the compiled maker as the pure one; what is not such a
    trick is refused with a TypeError, a card past the table with a ValueError."""
    assert speedups is not None
    trick = (leader, PACK[led], PACK[answer], winner)
    made = speedups.duel_trick_json(trick)
    assert made == pure_trick_json(trick) == {"leader": leader, "cards": [str(PACK[led]), str(PACK[answer])],
                                               "winner": winner}
    for bad in ((leader, PACK[led], winner), "trick", None):
        with pytest.raises(TypeError):
            speedups.duel_trick_json(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        speedups.duel_trick_json((leader, NUM_CARDS, PACK[answer], winner))

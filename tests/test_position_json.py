"""The helpers that make a position's JSON from the last one: their lists are those made anew."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout import game
from atout.cards import NUM_CARDS, card_codes
from atout.game import NearbyCodes


@pytest.fixture(autouse=True)
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """NearbyCodes' own way (the compiled card_codes makes every set anew: atout/compiled.py)."""
    monkeypatch.setattr(game, "speedups", None)

CARDS = st.integers(0, NUM_CARDS - 1)
STEP = st.tuples(st.integers(0, 2),                      # the key (a seat)
                 st.lists(CARDS, max_size=6),            # cards that flip: gone if held, come if not
                 st.booleans())                          # or a set of its own, far from the last


@given(st.lists(CARDS, max_size=40), st.lists(STEP, max_size=30))
def test_nearby_codes_are_the_codes_made_anew(start: list[int], steps: list[tuple[int, list[int], bool]]) -> None:
    codes = NearbyCodes()
    held = dict.fromkeys(range(3), sum(1 << c for c in set(start)))
    for key, flips, fresh in steps:
        bits = held[key]
        if fresh:
            bits = sum(1 << c for c in set(flips))
        else:
            for card in flips:
                bits ^= 1 << card
        held[key] = bits
        made = codes(key, bits)
        assert made == card_codes(bits)
        if bits >> 56:                      # a wide set (Bésigue's) is kept: the same set again, the same list
            assert codes(key, bits) is made


def test_the_last_lists_are_left_as_they_were() -> None:
    """A list returned before is read only: making the next one from it does not change it."""
    codes = NearbyCodes()
    wide = 1 << 200
    first = codes("hand", wide | 0b1011)
    kept = list(first)
    assert codes("hand", wide | 0b1110) == card_codes(wide | 0b1110)
    assert first == kept


@dataclass(frozen=True)
class _Shown:
    """An action met again as the very same object (the tables' own)."""

    name: str

    def __str__(self) -> str:
        return f"show {self.name}"


@dataclass(frozen=True)
class _Laid(_Shown):
    """A partie's own value, listed as a new object each time (as a Bésigue declaration is)."""

    interned: ClassVar[bool] = False


@dataclass(frozen=True)
class _Blank(_Laid):
    """The template of such values (as the remark marker is): one object, listed at every decision."""

    @property
    def template(self) -> bool:
        return True


def test_an_action_code_is_kept_unless_its_class_says_it_is_not_interned() -> None:
    """action_code keeps the code of an action object (found again by identity), not that of an action
    whose class says ``interned = False``: the process's table does not fill with a partie's values."""
    shown, laid = _Shown("a"), _Laid("b")
    assert game.action_code(shown) == "show a" and game._ACTION_CODES.get(id(shown)) == "show a"
    kept = len(game._ACTION_CODES)
    assert [game.action_code(laid) for _ in range(3)] == ["show b"] * 3
    assert len(game._ACTION_CODES) == kept and id(laid) not in game._ACTION_CODES
    blank = _Blank("")
    assert game.action_code(blank) == "show " and game._ACTION_CODES.get(id(blank)) == "show "   # a template is kept


@pytest.mark.parametrize("kept_per_object", [game.kept_per_object, game.pure_kept_per_object], ids=["default", "pure"])
def test_kept_per_object_makes_once_what_it_keeps_and_empties_its_table_when_full(
        kept_per_object: Callable[..., Callable[[_Shown], object]]) -> None:
    """kept_per_object (compiled when built, and its pure reference): the same object again, the same value
    made once; an equal object is another one; what ``keeps`` refuses is made each time; past ``limit`` the
    table starts again; an error of ``make`` or ``keeps`` comes out, and nothing is kept."""
    made: list[object] = []

    def make(value: _Shown) -> dict[str, str]:
        if value.name == "boom":
            raise ValueError("boom")
        made.append(value)
        return {"name": value.name}

    def keeps(value: _Shown) -> bool:
        if value.name == "bad":
            raise KeyError("bad")
        return value.name != "free"

    kept = kept_per_object(make, keeps, 2)
    with pytest.raises(ValueError, match="boom"):
        kept(_Shown("boom"))
    bad = _Shown("bad")
    with pytest.raises(KeyError):
        kept(bad)
    with pytest.raises(KeyError):
        kept(bad)
    assert made == [bad, bad]
    made.clear()
    a, b, c, free = _Shown("a"), _Shown("b"), _Shown("c"), _Shown("free")
    assert kept(a) is kept(a) and made == [a]
    assert kept(_Shown("a")) == kept(a) and len(made) == 2
    assert kept(free) is not kept(free) and made[-2:] == [free, free]
    kept(b)                                   # the table was full (a, its equal): emptied, then b kept
    kept(c)
    count = len(made)
    kept(c)
    kept(a)
    assert made[count:] == [a]

"""The contract every game follows: an immutable :class:`Game` spec with named options, and a
mutable :class:`State` with ``legal_actions()``, ``apply()``, ``observation(seat)``.

``to_move`` is a seat number, :data:`CHANCE` when the table must shuffle or draw (call
``state.sample_chance(rng)`` and apply the result), or :data:`TERMINAL`.

>>> from atout.games import make_game
>>> game = make_game("sizette", {"target_points": "7"})
>>> game.options["target_points"], game.num_seats
(7, 6)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from atout.errors import OptionError

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class OptionSpec:
    """One named variant: its type, default, allowed values, bilingual help and source."""

    name: str
    default: bool | int | str
    help_en: str
    help_fr: str
    source: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None

    def parse(self, value: object) -> bool | int | str:
        """Check and convert a value (from a command line, a record or a dict)."""
        text = str(value).strip().lower() if not isinstance(value, bool) else value
        if isinstance(self.default, bool):
            if value is True or text in ("true", "yes", "1", "on"):
                return True
            if value is False or text in ("false", "no", "0", "off"):
                return False
            raise OptionError(f"option {self.name}: {value!r} is not true or false")
        if isinstance(self.default, int):
            try:
                number = int(str(value))
            except ValueError:
                raise OptionError(f"option {self.name}: {value!r} is not a whole number") from None
            lo, hi = self.bounds or (-(10**9), 10**9)
            if not lo <= number <= hi:
                raise OptionError(f"option {self.name}: {number} is outside {lo}..{hi}")
            return number
        if text not in self.choices:
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}")
        return str(text)

    def allowed(self) -> str:
        if isinstance(self.default, bool):
            return "true | false"
        if isinstance(self.default, int):
            lo, hi = self.bounds or (0, 0)
            return f"{lo}..{hi}"
        return " | ".join(self.choices)


class Options(Mapping[str, Any]):
    """A frozen, validated mapping of option values (every option present)."""

    def __init__(self, specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None = None):
        by_name = {s.name: s for s in specs}
        values = {s.name: s.default for s in specs}
        for key, value in (given or {}).items():
            spec = by_name.get(key)
            if spec is None:
                raise OptionError(f"unknown option {key!r}; options are: {', '.join(by_name)}")
            values[key] = spec.parse(value)
        self._values = values
        self._specs = specs

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {s.name: self._values[s.name] for s in self._specs if self._values[s.name] != s.default}

    def text(self) -> str:
        """``key=value`` pairs of the non-default options (``""`` for all defaults)."""
        return " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in self.changed().items())

    def __repr__(self) -> str:
        return f"Options({self.changed()!r})"


def parse_option_pairs(pairs: list[str] | str) -> dict[str, str]:
    """``["a=1", "b=x"]`` or ``"a=1 b=x"`` → ``{"a": "1", "b": "x"}``."""
    items = pairs.split() if isinstance(pairs, str) else pairs
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise OptionError(f"an option is written name=value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


class Game(ABC):
    """An immutable game spec: a name, a number of seats and validated options."""

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def __init__(self, options: Mapping[str, object] | None = None):
        self.options = Options(self.option_specs, options)

    @property
    @abstractmethod
    def num_seats(self) -> int: ...

    @abstractmethod
    def new_state(self) -> State:
        """The state at the start of a partie (the first step is usually chance)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options.changed()!r})"


class State(ABC):
    """A position of a game. Mutable; ``clone()`` gives an independent copy."""

    __slots__ = ()
    game: Game

    @property
    @abstractmethod
    def to_move(self) -> int: ...

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Any]:
        """The moves ``seat`` (default: ``to_move``) must choose from now; empty if none."""

    def talk_actions(self, seat: int) -> Sequence[Any]:
        """Optional speech open to ``seat`` now (games without table talk have none)."""
        return ()

    @abstractmethod
    def apply(self, action: Any, seat: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default ``to_move``); refused actions raise and change nothing."""

    @abstractmethod
    def sample_chance(self, rng: random.Random | None = None) -> Any:
        """The chance action (shuffle-and-deal, draw) to apply when ``to_move == CHANCE``."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat: +1 for the winners of the partie, -1 for the losers, 0 while unfinished."""

    @abstractmethod
    def observation(self, seat: int) -> Any:
        """What ``seat`` may know, built from that seat's point of view only."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def parse_action(self, text: str, lang: str | None = None) -> Any:
        """Read an action in this position's notation (cards in English or French)."""

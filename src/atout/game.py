"""The contract every game follows, and the only thing the record, bots, command line and
server know of a game.

- :class:`Game`: an immutable spec — name, bilingual title, aliases, seats and :class:`Sides`
  (both may depend on the options), validated :class:`Options` with named presets.
- :class:`State`: a position. ``to_move`` is a seat, :data:`CHANCE` when the table must draw or
  deal (``state.apply(state.sample_chance(rng))``), or :data:`TERMINAL`.
  ``legal_actions(seat)`` lists *everything* that seat may do now, each action with its
  :class:`~atout.actions.ActionKind`; ``moves()`` is the part the seat to move must choose from.
  ``apply(action, seat)`` checks with the same rule and refuses without changing anything;
  ``undo()`` takes the last action back exactly; ``outcome()`` is the typed result or ``None``.
- :class:`Observation`: what one seat (``observation(seat)``) or a spectator
  (``observation(None)``) may know, built positively, with ``to_json()`` in the shape documented
  in ``docs/observation.md``.

>>> import random
>>> from atout.games import make_game
>>> game = make_game("sizette", {"target_points": "7"})
>>> game.options["target_points"], game.num_seats, game.sides.members(1)
(7, 6, (1, 3, 5))
>>> state, rng = game.new_state(), random.Random(1)
>>> while state.outcome() is None:
...     if state.to_move == CHANCE:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.moves()))
>>> state.outcome().reason in (EndReason.TARGET, EndReason.ABANDON)
True
"""

from __future__ import annotations

import random
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol

from atout.actions import ActionKind
from atout.cards import CardSet
from atout.errors import OptionError
from atout.seats import Sides

CHANCE = -1
TERMINAL = -2


# ---------------------------------------------------------------------------------- options


@dataclass(frozen=True)
class OptionSpec:
    """One named variant: its type, default, allowed values, bilingual help and source.

    ``source`` names the text the rule comes from, by title; ``decision`` names the entry of
    ``docs/rules/decisions.md`` that explains the choice, when there is one.
    """

    name: str
    default: bool | int | str
    help_en: str
    help_fr: str
    source: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    decision: str = ""

    def parse(self, value: object) -> bool | int | str:
        """Check and convert a value (from a command line, a record or a dict)."""
        if isinstance(self.default, bool):
            text = value if isinstance(value, bool) else str(value).strip().lower()
            if text is True or text in ("true", "yes", "1", "on"):
                return True
            if text is False or text in ("false", "no", "0", "off"):
                return False
            raise OptionError(f"option {self.name}: {value!r} is not true or false")
        if isinstance(self.default, int):
            number = parse_int(value)
            if number is None:
                raise OptionError(f"option {self.name}: {value!r} is not a whole number")
            lo, hi = self.bounds or (-(10**9), 10**9)
            if not lo <= number <= hi:
                raise OptionError(f"option {self.name}: {number} is outside {lo}..{hi}")
            return number
        text = str(value).strip().lower()
        if text not in self.choices:
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}")
        return text

    def allowed(self) -> str:
        if isinstance(self.default, bool):
            return "true | false"
        if isinstance(self.default, int):
            lo, hi = self.bounds or (0, 0)
            return f"{lo}..{hi}"
        return " | ".join(self.choices)


def parse_int(value: object) -> int | None:
    """A whole number written in ASCII digits (``"12"``, ``"-3"``, ``12``), else ``None``.

    Only ASCII digits are numbers: ``²`` or ``٣`` are not.

    >>> parse_int("12"), parse_int(" -3 "), parse_int("²"), parse_int("٣"), parse_int(True)
    (12, -3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits or len(digits) > 12 or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)


PRESET = "preset"


class Options(Mapping[str, Any]):
    """A frozen, validated mapping of option values (every option present).

    ``preset=NAME`` among the given values sets the options of that named preset first; options
    given beside it override. The preset name itself is not kept: only the option values.
    """

    def __init__(self, specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None = None,
                 presets: Mapping[str, Mapping[str, object]] | None = None):
        by_name = {s.name: s for s in specs}
        values: dict[str, Any] = {s.name: s.default for s in specs}
        given = dict(given or {})
        if PRESET in given:
            name = str(given.pop(PRESET)).strip().lower()
            if not presets or name not in presets:
                raise OptionError(f"unknown preset {name!r}; presets are: {', '.join(presets or ()) or 'none'}")
            given = {**presets[name], **given}
        for key, value in given.items():
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


def parse_option_pairs(pairs: Sequence[str] | str) -> dict[str, str]:
    """``["a=1", "b=x"]`` or ``"a=1 b=x"`` → ``{"a": "1", "b": "x"}``."""
    items = pairs.split() if isinstance(pairs, str) else pairs
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"an option is written name=value, got {item!r}")
        out[key.strip()] = value.strip()
    return out


# ---------------------------------------------------------------------------------- results


class EndReason(str, Enum):
    """Why a partie ended."""

    TARGET = "target"      # a side reached the winning score
    ABANDON = "abandon"    # a side left the partie and lost it
    DEALS = "deals"        # the agreed number of deals was played (Piquet's partie)
    RUBBER = "rubber"      # a rubber was won (Whist)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Outcome:
    """The end of a partie: final ``scores`` per side, the winning ``winners`` sides (empty for a
    tie), and the ``reason``."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: EndReason

    def returns(self, sides: Sides) -> list[float]:
        """Per seat: +1 on a winning side, -1 on a losing side, 0 for everyone in a tie."""
        if not self.winners:
            return [0.0] * sides.num_seats
        return [1.0 if sides.of(s) in self.winners else -1.0 for s in range(sides.num_seats)]


class HandResult(Protocol):
    """What every game records when a hand (a deal) is scored."""

    @property
    def number(self) -> int: ...

    @property
    def points(self) -> tuple[int, ...]:
        """Points each side won (or lost) in this hand: the scores move by exactly these."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores per side after this hand."""

    @property
    def reason(self) -> str: ...


class Observation(Protocol):
    """What one seat (or, with ``seat is None``, a spectator) may know.

    Every game's observation has these attributes; ``to_json()`` gives at least the keys of
    :data:`OBSERVATION_KEYS`, in the shape documented in ``docs/observation.md``.
    """

    @property
    def game(self) -> str: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def num_seats(self) -> int: ...

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_move(self) -> int: ...

    @property
    def hand(self) -> CardSet | None: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def trump(self) -> Any: ...

    @property
    def trick(self) -> tuple[tuple[int, Any], ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def legal(self) -> tuple[Any, ...]: ...

    @property
    def log(self) -> Sequence[tuple[int, Any]]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> dict[str, Any]: ...


OBSERVATION_KEYS = ("game", "seat", "num_seats", "sides", "phase", "to_move", "hand", "hand_sizes", "trump",
                    "trick", "scores", "legal", "log", "outcome")


def common_json(obs: Observation, log_entry: Callable[[int, Any], dict[str, Any]] | None = None) -> dict[str, Any]:
    """The common part of every observation's JSON (:data:`OBSERVATION_KEYS`, ``docs/observation.md``).

    ``log_entry(seat, action)`` gives one log entry's typed JSON; by default its seat, kind, type
    (the class name) and text. A game's ``to_json`` adds its own keys after these.
    """
    entry = log_entry or _plain_entry
    trump = obs.trump
    return {
        "game": obs.game, "options": dict(obs.options), "seat": obs.seat, "num_seats": obs.num_seats,
        "sides": [list(side) for side in obs.sides], "phase": obs.phase, "to_move": mover_json(obs.to_move),
        "hand": None if obs.hand is None else [str(c) for c in obs.hand], "hand_sizes": list(obs.hand_sizes),
        "trump": None if trump is None else "SHDC"[trump], "trick": [{"seat": s, "card": str(c)} for s, c in obs.trick],
        "scores": list(obs.scores), "legal": [str(a) for a in obs.legal],
        "log": [entry(seat, action) for seat, action in obs.log], "outcome": outcome_json(obs.outcome),
    }


def _plain_entry(seat: int, action: Any) -> dict[str, Any]:
    return {"seat": seat, "kind": str(action.kind), "type": type(action).__name__.lower(), "text": str(action)}


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"scores": list(outcome.scores), "winners": list(outcome.winners), "reason": outcome.reason.value}


def mover_json(seat: int) -> int | str:
    """``to_move`` in JSON: a seat number, ``"chance"`` or ``"none"``."""
    return "chance" if seat == CHANCE else "none" if seat == TERMINAL else seat


# ---------------------------------------------------------------------------------- game and state


def fold_name(name: str) -> str:
    """A name as the registry compares it: lower case, accents removed (``Bésigue`` → ``besigue``)."""
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class Game(ABC):
    """An immutable game spec: a name, seats, sides and validated options."""

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]
    aliases: ClassVar[tuple[str, ...]] = ()
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    presets: ClassVar[dict[str, dict[str, object]]] = {}

    def __init__(self, options: Mapping[str, object] | None = None):
        self.options = Options(self.option_specs, options, self.presets)

    @property
    @abstractmethod
    def num_seats(self) -> int: ...

    @property
    @abstractmethod
    def sides(self) -> Sides: ...

    @property
    @abstractmethod
    def pack(self) -> CardSet:
        """Every card the game is played with (copies are distinct cards)."""

    @abstractmethod
    def new_state(self) -> State:
        """The state at the start of a partie (the first step is usually chance)."""

    def state_from_deal(self, deal: Any, setup: Mapping[str, str] | None = None) -> State:
        """A state at the start of play of one hand from an explicit deal (tests, analysis, records).

        ``setup`` holds the game's own starting facts as text (``dealer``, ``scores``…); the
        state's :attr:`State.setup` gives them back, so a record can store them.
        """
        raise NotImplementedError(f"{self.name} cannot start from a deal")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options.changed()!r})"


class State(ABC):
    """A position of a game. Mutable; ``clone()`` gives an independent copy.

    Attributes every state has: ``game``; ``history``, the ``(seat, action)`` pairs applied so
    far (seat :data:`CHANCE` for the table); ``results``, the :class:`HandResult` of each scored
    hand; ``setup``, the text facts it started from when made by ``state_from_deal`` (else ``None``).
    """

    __slots__ = ()
    game: Game
    history: Sequence[tuple[int, Any]]
    results: Sequence[HandResult]
    setup: Mapping[str, str] | None

    @property
    @abstractmethod
    def to_move(self) -> int: ...

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Any]:
        """Everything ``seat`` (default: ``to_move``) may do now, of every kind; empty if nothing."""

    def moves(self) -> Sequence[Any]:
        """What the seat to move must choose from: its :data:`~atout.actions.ActionKind.MOVE` actions.

        The fast path of random play and search; ``()`` at chance and at the end.
        """
        seat = self.to_move
        if seat < 0:
            return ()
        return tuple(a for a in self.legal_actions(seat) if a.kind is ActionKind.MOVE)

    @abstractmethod
    def apply(self, action: Any, seat: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default ``to_move``); refused actions raise and change nothing."""

    def undo(self) -> tuple[int, Any]:
        """Take back the last action; the state is then exactly as it was before it.

        This reference version replays the history on a fresh state; games may do better.
        """
        if not self.history:
            raise IndexError("nothing to undo")
        last = self.history[-1]
        fresh = self._replayed(list(self.history[:-1]))
        self._become(fresh)
        return last

    def _replayed(self, history: Sequence[tuple[int, Any]]) -> State:
        if self.setup is not None:
            deal = (history[0] if history else self.history[0])[1]
            fresh = self.game.state_from_deal(deal, self.setup)
            rest = history[1:]
        else:
            fresh = self.game.new_state()
            rest = history
        for seat, action in rest:
            fresh.apply(action, seat)
        return fresh

    def _become(self, other: State) -> None:
        raise NotImplementedError(f"{type(self).__name__} does not support undo")

    @abstractmethod
    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Any:
        """The chance action (draw, shuffle and deal) to apply when ``to_move == CHANCE``.

        ``fixed`` maps seats to cards they must receive; the rest is dealt uniformly at random
        (a search bot's sampler starts from what it knows).
        """

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result of the partie once it is over, else ``None``."""

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def returns(self) -> list[float]:
        """Per seat: +1 for the winners of the partie, -1 for the losers, 0 while unfinished or tied."""
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * self.game.num_seats
        return outcome.returns(self.game.sides)

    @abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know (``None``: a spectator, public information only), built positively."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def zones(self) -> dict[str, CardSet]:
        """Where every card of the pack is now (``"hand 0"``, ``"talon"``, ``"played"``…): for checks
        and analysis, never for players. The zones are disjoint and make up ``game.pack``."""

    @abstractmethod
    def parse_action(self, text: str, lang: str | None = None) -> Any:
        """Read an action in this position's notation (``lang=None``: either language)."""

    def action_text(self, action: Any, lang: str = "en") -> str:
        """The notation of ``action`` in ``lang``; ``parse_action`` reads it back."""
        return str(action)

    def visible_action(self, action: Any, actor: int, viewer: int | None) -> Any:
        """How ``actor``'s ``action`` appears to ``viewer`` (``None``: a spectator).

        Deals show the viewer only its own hand and the turned cards; a game whose players
        discard or draw face down returns :class:`~atout.actions.Hidden` for them.
        """
        seen_by = getattr(action, "seen_by", None)
        return seen_by(viewer) if seen_by is not None else action

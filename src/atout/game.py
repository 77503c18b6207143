"""The contract every game follows, and the only thing the record, bots, command line and
server know of a game.

- :class:`Game`: an immutable spec — name, bilingual title, aliases, seats and :class:`Sides`
  (both may depend on the options), validated :class:`Options` with named presets.
- :class:`State`: a position. ``to_move`` is a seat, :data:`CHANCE` when the table must draw or
  deal (``state.apply(state.sample_chance(rng))``), or :data:`TERMINAL`.
  ``legal_actions(seat)`` lists *everything* that seat may do now, each action with its
  :class:`~atout.actions.ActionKind`; ``moves()`` is the part the seat to move must choose from.
  ``apply(action, seat)`` checks with the same rule and refuses without changing anything;
  ``undo()`` takes the last action back exactly; ``clone()`` copies. The base class owns apply,
  the history, the log, undo and clone: a game gives its check (:meth:`State._check`) and its
  change (:meth:`State._change`), as OpenSpiel's ``ApplyAction`` calls a game's ``DoApplyAction``.
- :class:`Observation`: what one seat (``observation(seat)``) or a spectator
  (``observation(None)``) may know, built positively, in two parts: the *position* (what the seat
  needs to decide now; ``to_json()``), whose size does not grow with the partie, and the *log*
  (``obs.log``, a :class:`~atout.log.LogView`: every action and event of the partie as that
  viewer may see it, numbered, read from any number). ``docs/observation.md`` has the shapes.

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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from operator import is_
from types import MethodType
from typing import ClassVar, Protocol, Self, TypeVar, overload

from atout.actions import Action, ActionKind, is_kept
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.compiled import speedups
from atout.errors import OptionError
from atout.fields import Copier, Getter, Setter, copier, getter, setter
from atout.history import CARD_BYTES, CARD_CODE, MAX_SEATS, NARROW_CODE, SEAT_CODE, History
from atout.log import EntryJSON, Log, LogEntry, LogView, Visibility, log_view
from atout.seats import Direction, Sides
from atout.view import DEFAULT, GameView
from atout.words import ENTRY, SeatWords, entry_words

CHANCE = -1
TERMINAL = -2

OptionValue = bool | int | str
"""The value of one option: a flag, a whole number or one of a list of words."""
JSONObject = dict[str, object]
"""A JSON-ready dict (what ``to_json`` methods return)."""


# ---------------------------------------------------------------------------------- options


@dataclass(frozen=True)
class OptionSpec:
    """One named variant: its type, default, allowed values, bilingual help and source.

    ``source`` names the text the rule comes from, by title; ``decision`` names the entry of
    ``docs/rules/decisions.md`` that explains the choice, when there is one.

    ``requires`` says which values of other options this one needs to do anything, written as
    on the command line: ``partie=points``; several values of one option ``brisques=a|b``;
    several options, all needed, separated by spaces; alternatives separated by `` or ``. An
    option given at a value other than its default while no alternative holds does nothing: it
    is refused (:class:`Options`); at its default it is harmless.
    """

    name: str
    default: bool | int | str
    help_en: str
    help_fr: str
    source: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    decision: str = ""
    requires: str = ""

    def parse(self, value: object) -> OptionValue:
        """Check and convert a value (from a command line, a record or a dict)."""
        if isinstance(self.default, bool):
            text = value if isinstance(value, bool) else str(value).strip().lower()
            if text is True or text in TRUE_WORDS:
                return True
            if text is False or text in FALSE_WORDS:
                return False
            raise OptionError(f"option {self.name}: {value!r} is not true or false",
                              f"option {self.name} : {value!r} n'est ni vrai ni faux")
        if isinstance(self.default, int):
            number = parse_int(value)
            if number is None:
                raise OptionError(f"option {self.name}: {value!r} is not a whole number",
                                  f"option {self.name} : {value!r} n'est pas un nombre entier")
            lo, hi = self.bounds or (-(10**9), 10**9)
            if not lo <= number <= hi:
                raise OptionError(f"option {self.name}: {number} is outside {lo}..{hi}",
                                  f"option {self.name} : {number} est hors de {lo}..{hi}")
            return number
        text = str(value).strip().lower()
        if text not in self.choices:
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}",
                              f"option {self.name} : {value!r} n'est pas l'une des valeurs {', '.join(self.choices)}")
        return text

    def allowed(self, lang: str = "en") -> str:
        """The values the option takes, as typed (``vrai | faux`` in French, which reads too)."""
        if isinstance(self.default, bool):
            return f"{option_value_text(True, lang)} | {option_value_text(False, lang)}"
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


class Options(Mapping[str, OptionValue]):
    """A frozen, validated mapping of option values (every option present).

    ``preset=NAME`` among the given values sets the options of that named preset first; options
    given beside it override. The preset name itself is not kept: only the option values.
    """

    def __init__(self, specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None = None,
                 presets: Mapping[str, Mapping[str, object]] | None = None):
        by_name = {s.name: s for s in specs}
        values: dict[str, OptionValue] = {s.name: s.default for s in specs}
        given = dict(given or {})
        if PRESET in given:
            name = str(given.pop(PRESET)).strip().lower()
            if not presets or name not in presets:
                raise OptionError(f"unknown preset {name!r}; presets are: {', '.join(presets or ()) or 'none'}",
                                  f"préréglage inconnu {name!r} ; préréglages : {', '.join(presets or ()) or 'aucun'}")
            given = {**presets[name], **given}
        for key, value in given.items():
            spec = by_name.get(key)
            if spec is None:
                raise OptionError(f"unknown option {key!r}; options are: {', '.join(by_name)}",
                                  f"option inconnue {key!r} ; options : {', '.join(by_name)}")
            values[key] = spec.parse(value)
        for spec in specs:
            if spec.requires and values[spec.name] != spec.default:
                _check_requirement(spec, values, by_name)
        self._values = values
        self._specs = specs

    def __getitem__(self, key: str) -> OptionValue:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def changed(self) -> dict[str, OptionValue]:
        """Only the options that differ from their defaults."""
        return {s.name: self._values[s.name] for s in self._specs if self._values[s.name] != s.default}

    def text(self, lang: str = "en") -> str:
        """``key=value`` pairs of the non-default options (``""`` for all defaults); a flag ``true``
        or ``false``, in French ``vrai`` or ``faux`` (both read back)."""
        return " ".join(f"{k}={option_value_text(v, lang)}" for k, v in self.changed().items())

    def __repr__(self) -> str:
        return f"Options({self.changed()!r})"


Requirement = tuple[tuple[tuple[str, tuple[OptionValue, ...]], ...], ...]
"""Alternatives, each a tuple of (option name, the values it may have) that must all hold."""


def requirement(spec: OptionSpec, by_name: Mapping[str, OptionSpec]) -> Requirement:
    """``spec.requires`` read against the other options' specs (their values checked).

    >>> specs = {s.name: s for s in (OptionSpec("mode", "a", "", "", "", choices=("a", "b", "c")),
    ...                              OptionSpec("on", False, "", "", ""))}
    >>> requirement(OptionSpec("x", 1, "", "", "", requires="mode=b|c on=true or mode=a"), specs)
    ((('mode', ('b', 'c')), ('on', (True,))), (('mode', ('a',)),))
    """
    alternatives = []
    for alternative in spec.requires.split(" or "):
        terms = []
        for term in alternative.split():
            name, eq, values = term.partition("=")
            other = by_name.get(name)
            if not eq or other is None or other is spec:
                raise ValueError(f"option {spec.name}: requires {spec.requires!r} names no other option in {term!r}")
            terms.append((name, tuple(other.parse(value) for value in values.split("|"))))
        alternatives.append(tuple(terms))
    return tuple(alternatives)


def _check_requirement(spec: OptionSpec, values: Mapping[str, OptionValue],
                       by_name: Mapping[str, OptionSpec]) -> None:
    """Refuse ``spec``'s value (not its default) when none of its required alternatives holds."""
    alternatives = requirement(spec, by_name)
    if any(all(values[name] in allowed for name, allowed in terms) for terms in alternatives):
        return
    en, fr = (_requirement_words(spec, values, alternatives, lang) for lang in ("en", "fr"))
    raise OptionError("option {} does nothing without {} (now {}); leave it out or set what it depends on".format(*en),
                      "l'option {} est sans effet sans {} (ici {}) : retirez-la ou réglez ce dont elle dépend".format(*fr))


def _requirement_words(spec: OptionSpec, values: Mapping[str, OptionValue], alternatives: Requirement,
                       lang: str) -> tuple[str, str, str]:
    """The option as given, what it needs and what the options it depends on are now, in ``lang``."""
    shown = option_value_text
    either = " ou " if lang == "fr" else " or "
    needed = either.join(" ".join(f"{name}={'|'.join(shown(v, lang) for v in allowed)}" for name, allowed in terms)
                         for terms in alternatives)
    now = ", ".join(dict.fromkeys(f"{name}={shown(values[name], lang)}" for terms in alternatives for name, _ in terms))
    return f"{spec.name}={shown(values[spec.name], lang)}", needed, now


TRUE_WORDS = ("true", "yes", "1", "on", "vrai", "oui")
FALSE_WORDS = ("false", "no", "0", "off", "faux", "non")


def option_value_text(value: object, lang: str = "en") -> str:
    """An option's value as typed: a flag ``true``/``false`` (French ``vrai``/``faux``), else as it is.

    >>> option_value_text(True, "fr"), option_value_text(False), option_value_text("points", "fr")
    ('vrai', 'false', 'points')
    """
    if isinstance(value, bool):
        return ("vrai" if value else "faux") if lang == "fr" else ("true" if value else "false")
    return str(value)


def parse_option_pairs(pairs: Sequence[str] | str) -> dict[str, str]:
    """``["a=1", "b=x"]`` or ``"a=1 b=x"`` → ``{"a": "1", "b": "x"}``."""
    items = pairs.split() if isinstance(pairs, str) else pairs
    out: dict[str, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"an option is written name=value, got {item!r}",
                              f"une option s'écrit nom=valeur, lu {item!r}")
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
    tie), and the ``reason``; ``marque``: for a game that settles a partie so, what it is worth as
    named figures (Piquet: ``(("gains", 290), ("rubiconed_by", 28))``), else empty."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: EndReason
    marque: tuple[tuple[str, int], ...] = ()

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


# ---------------------------------------------------------------------------------- observations


class Observation(Protocol):
    """What one seat (or, with ``seat is None``, a spectator) may know: the common fields of every
    game's observation (a game adds its own after them).

    ``to_json()`` is the *position* in JSON, with at least the keys of :data:`OBSERVATION_KEYS`;
    ``log`` is the viewer's log (its JSON: ``obs.log.to_json(since)``). See ``docs/observation.md``.
    """

    @property
    def game(self) -> str: ...

    @property
    def options(self) -> Mapping[str, OptionValue]: ...

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
    def trump(self) -> Suit | None: ...

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def legal(self) -> tuple[Action, ...]: ...

    @property
    def log(self) -> LogView: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> JSONObject: ...


OBSERVATION_KEYS = ("game", "options", "seat", "num_seats", "sides", "phase", "to_move", "hand", "hand_sizes",
                    "trump", "trick", "scores", "legal", "outcome", "log_length", "hand_log_start")


def pure_common_json(obs: Observation) -> JSONObject:
    """The common part of every position's JSON (:data:`OBSERVATION_KEYS`, ``docs/observation.md``);
    a game's ``to_json`` adds its own keys after these. Cards are codes from a table, actions
    their notation (:func:`action_code`); ``log_length`` says how many log entries the position
    follows, ``hand_log_start`` where the hand in progress begins in the log.

    Values made once and shared between positions (the options, the sides, lists of codes of the
    same actions) are read-only: a caller that wants to change the JSON copies it first.
    :data:`common_json` is this function, or its compiled twin (:mod:`atout.compiled`)."""
    options_json, sides_json = _options_sides_json(obs.options, obs.sides)
    trump = obs.trump
    hand = obs.hand
    log = obs.log
    trick = obs.trick
    outcome = obs.outcome
    to_move = obs.to_move
    legal = obs.legal
    return {
        "game": obs.game, "options": options_json, "seat": obs.seat, "num_seats": obs.num_seats, "sides": sides_json,
        "phase": obs.phase, "to_move": to_move if to_move >= 0 else mover_json(to_move),
        "hand": None if hand is None else card_codes(hand) if hand < _NARROW else _hand_codes(obs.seat, hand),
        "hand_sizes": list(obs.hand_sizes),
        "trump": None if trump is None else "SHDC"[trump],
        "trick": [{"seat": s, "card": CARD_CODES[c]} for s, c in trick] if trick else [],
        "scores": list(obs.scores), "legal": codes_json(legal) if legal else [],
        "outcome": None if outcome is None else outcome_json(outcome), "log_length": len(log),
        "hand_log_start": log.hand_start,
    }


_TABLE_JSON: dict[int, tuple[object, object, JSONObject, list[list[int]]]] = {}


def _table_json(options: Mapping[str, OptionValue], sides: tuple[tuple[int, ...], ...],
                ) -> tuple[object, object, JSONObject, list[list[int]]]:
    """The JSON of a table's options and sides, made once per options object (the objects kept:
    their ids stay their own)."""
    made = (options, sides, options_json(options), sides_json(sides))
    if len(_TABLE_JSON) >= 1_000:
        _TABLE_JSON.clear()
    _TABLE_JSON[id(options)] = made
    return made


_FROZEN_JSON: dict[int, tuple[object, object]] = {}
_FROZEN_LIMIT = 128
"""At most this many values' JSON are kept, then the table is emptied: what the last positions of a table
showed (a partie makes fifty to a hundred). Each value kept holds a few objects that Python's collector
counts among its youngest until the table is emptied; kept fewer than that generation's threshold (700),
they do not make the collector run (4,096 made it run ten to twenty times as often in a loop of parties
observed at every decision). A server that raises the threshold keeps more: :func:`keep_frozen_json`."""
T = TypeVar("T")
V = TypeVar("V")


def pure_frozen_json(value: V, make: Callable[[V], T]) -> T:
    """``make(value)``, made once per object ``value`` (an immutable value: options, sides, a record)
    and kept while that object lives; the result is shared, read only. :data:`frozen_json` is this
    function, or its compiled twin (:mod:`atout.compiled`), which keeps them in the same table."""
    cached = _FROZEN_JSON.get(id(value))
    if cached is not None and cached[0] is value:
        return cached[1]  # type: ignore[return-value]
    made = make(value)
    if len(_FROZEN_JSON) >= _FROZEN_LIMIT:
        _FROZEN_JSON.clear()
    _FROZEN_JSON[id(value)] = (value, made)   # holding the value keeps its id its own
    return made


def kept_per_object(make: Callable[[V], T], keeps: Callable[[V], bool], limit: int) -> Callable[[V], T]:
    """``make`` with what it made kept per object, in a table of its own (read only), for values met again
    from one partie to the next — the tables' own objects (an action listed, a talk entry interned) —,
    whose JSON :data:`frozen_json` would make again once its small table is emptied. A value that ``keeps``
    refuses (a partie's own: free text) is made each time; the table is emptied when it holds ``limit``.
    Compiled when built (``atout._speedups.KeptJSON``: a value found costs no Python call);
    :func:`pure_kept_per_object` is the reference."""
    if speedups is None:
        return pure_kept_per_object(make, keeps, limit)
    compiled: Callable[[V], T] = speedups.KeptJSON(make, keeps, limit)
    return compiled


def pure_kept_per_object(make: Callable[[V], T], keeps: Callable[[V], bool], limit: int) -> Callable[[V], T]:
    """:func:`kept_per_object` in Python."""
    table: dict[int, tuple[V, T]] = {}
    get = table.get

    def kept(value: V) -> T:
        found = get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        made = make(value)
        if keeps(value):
            if len(table) >= limit:
                table.clear()
            table[id(value)] = (value, made)   # holding the value keeps its id its own
        return made

    return kept


def pure_frozen_of(make: Callable[[V], T], value: V | None) -> T | None:
    """:func:`frozen_json` of ``value``, or ``None`` for ``None``: ``partial(frozen_of, make)`` is the
    JSON maker of a field that holds a record or ``None`` (compiled, called with no Python frame)."""
    return None if value is None else pure_frozen_json(value, make)


def pure_json_list(make: Callable[[V], T], items: Sequence[V]) -> list[T]:
    """``[make(item) for item in items]``: ``partial(json_list, make)`` is the JSON maker of a field that holds
    a tuple of values (compiled, called with no Python frame)."""
    return [make(item) for item in items]


def pure_json_dict(keys: tuple[str, ...], values: Sequence[object]) -> JSONObject:
    """``dict(zip(keys, values))``, as many values as keys: ``partial(json_dict, keys)`` is the JSON maker of a
    field that holds a tuple of values named by ``keys`` (compiled, called with no Python frame)."""
    if type(keys) is not tuple:
        raise TypeError("json_dict takes a tuple of keys")
    if len(values) != len(keys):
        raise ValueError("json_dict: as many values as keys")
    return dict(zip(keys, values))


TrickRecordValues = tuple[int, Sequence[int], int]
"""A finished trick as Whist, Sizette and Bésigue record it: its leader, its cards in play order, its winner."""


@overload
def pure_trick_json(record: TrickRecordValues) -> JSONObject: ...


@overload
def pure_trick_json(record: None) -> None: ...


def pure_trick_json(record: TrickRecordValues | None) -> JSONObject | None:
    """A finished trick's JSON, ``{"leader", "cards", "winner"}`` (its cards' codes in play order), of a record
    ``(leader, cards, winner)`` (each game's ``TrickRecord.to_json``); ``None`` for ``None``.
    :data:`trick_json` is this function, or its compiled twin (:mod:`atout.compiled`)."""
    if record is None:
        return None
    return {"leader": record[0], "cards": [CARD_CODES[card] for card in record[1]], "winner": record[2]}


class TrickJSON(Protocol):
    """The type of :data:`trick_json`."""

    @overload
    def __call__(self, record: TrickRecordValues, /) -> JSONObject: ...

    @overload
    def __call__(self, record: None, /) -> None: ...


class JSONList(Protocol):
    """The type of :data:`json_list`."""

    def __call__(self, make: Callable[[V], T], items: Sequence[V], /) -> list[T]: ...


class JSONDict(Protocol):
    """The type of :data:`json_dict`."""

    def __call__(self, keys: tuple[str, ...], values: Sequence[object], /) -> JSONObject: ...


class FrozenJSON(Protocol):
    """The type of :data:`frozen_json`."""

    def __call__(self, value: V, make: Callable[[V], T], /) -> T: ...


class FrozenOf(Protocol):
    """The type of :data:`frozen_of`."""

    def __call__(self, make: Callable[[V], T], value: V | None, /) -> T | None: ...


frozen_json: FrozenJSON = pure_frozen_json
"""``make(value)`` made once per object: :func:`pure_frozen_json`, compiled when built."""
frozen_of: FrozenOf = pure_frozen_of
"""A record's :data:`frozen_json`, or ``None``: :func:`pure_frozen_of`, compiled when built."""
json_list: JSONList = pure_json_list
"""``[make(item) for item in items]``: :func:`pure_json_list`, compiled when built."""
json_dict: JSONDict = pure_json_dict
"""``dict(zip(keys, values))``: :func:`pure_json_dict`, compiled when built."""
trick_json: TrickJSON = pure_trick_json
"""A finished trick's JSON, or ``None``: :func:`pure_trick_json`, compiled when built."""


_COMMON_FIELDS = 15
"""How many fields every observation begins with (``game`` … ``outcome``: :class:`Observation`)."""
_INDICES = 32_768
"""A position part's indices are below this."""
PositionPart = tuple[int | tuple[int, int], str, Callable[..., object] | None]
"""A game's part of a position's JSON (:class:`PurePositionJSON`): where its value is, its key, its maker."""


class PurePositionJSON:
    """A position's whole JSON (an observation's ``to_json``): the common keys
    (:func:`pure_common_json`), then a game's own ``parts``, in order, each ``(field, key, make)``:
    the observation's field at index ``field`` (past the common ones), or at ``(index, sub)`` the field
    ``sub`` of the record the observation holds at ``index`` (a Piquet table, a Whist sheet), as
    ``key`` with the JSON ``make`` makes of it (``None``: the value as it is).

    :data:`PositionJSON` is this class, or its compiled twin (:mod:`atout.compiled`), which keeps
    the last observation and its JSON and makes again only the keys of the fields that are not the
    very same objects (a hand: the same cards; the log's length and start every time): the cost
    follows what differs from the last position made (another seat's of the same position, or the
    one before). What either returns is a new dict; the values in it may be shared with other
    positions' (read only).

    >>> from atout.games import make_game
    >>> obs = make_game("whist").new_state().observation(0)
    >>> made = PurePositionJSON(((obs._fields.index("mort_hand"), "mort", None),
    ...                          ((obs._fields.index("sheet"), 0), "deal", lambda number: number + 1)))
    >>> {key: value for key, value in made(obs).items() if key in ("seat", "mort", "deal")}
    {'seat': 0, 'mort': None, 'deal': 1}
    """

    __slots__ = ("_parts",)

    def __init__(self, parts: Iterable[PositionPart]):
        made = []
        for part in parts:
            if not isinstance(part, tuple) or len(part) != 3:
                raise TypeError("PositionJSON takes (field, key, maker) parts")
            where, key, make = part
            field, sub = where if isinstance(where, tuple) and len(where) == 2 else (where, None)
            if (type(field) is not int or not _COMMON_FIELDS <= field < _INDICES
                    or sub is not None and (type(sub) is not int or not 0 <= sub < _INDICES)):
                raise ValueError(f"a part's field is an index past the {_COMMON_FIELDS} common ones, or such an index "
                                 f"and the index of a field of the record there (below {_INDICES})")
            if not isinstance(key, str):
                raise TypeError("a part's key is a str")
            made.append((field, sub, key, make))
        self._parts = tuple(made)

    def __get__(self, obs: Observation | None, owner: type | None = None) -> Callable[[], JSONObject] | PurePositionJSON:
        """Read on an observation: bound to it, as a method (an observation class's ``to_json``)."""
        return self if obs is None else MethodType(self, obs)

    def __call__(self, obs: Observation) -> JSONObject:
        if not isinstance(obs, tuple):
            raise TypeError(f"PositionJSON takes an observation (a tuple), not {type(obs).__name__}")
        reach = max((field for field, _, _, _ in self._parts), default=_COMMON_FIELDS - 1) + 1
        if len(obs) < reach:
            raise ValueError(f"an observation of {len(obs)} fields has no field {reach - 1}")
        out = pure_common_json(obs)
        for field, sub, key, make in self._parts:
            value = obs[field]
            if sub is not None:
                if not isinstance(value, tuple) or sub >= len(value):
                    raise ValueError(f"the observation's field {field} holds no record with a field {sub}")
                value = value[sub]
            out[key] = value if make is None else make(value)
        return out


class PureGrowingJSON:
    """The JSON list of a tuple that grows by appending (a hand's tricks, its talk): when the tuple
    asked begins with the last one made (the very same objects), only the items added are made.
    One list kept (the last), not a table of them; each item's JSON is made once per item object
    (:func:`frozen_json`: another seat's view, or a position of another table, shares the items'
    objects); what it returns is read only. :data:`GrowingJSON` is this class, or its compiled twin
    (:mod:`atout.compiled`), which keeps only a tuple, and calls a maker that keeps what it makes itself
    (:func:`kept_per_object`, compiled) without the frozen table; in a position's JSON that alone holds its last
    list, that list is given the new items' JSON in place (made directly: they are met for the first time).

    >>> made = PureGrowingJSON(str)
    >>> a = (1, 2); made(a), made(a + (3,)), made((4,))
    (['1', '2'], ['1', '2', '3'], ['4'])
    """

    __slots__ = ("_last", "_make")

    def __init__(self, make: Callable[..., object]):
        self._make = make
        self._last: tuple[tuple[object, ...], list[object]] = ((), [])   # one value: read and replaced whole

    def __call__(self, items: tuple[object, ...]) -> list[object]:
        last = self._last
        done = last[0]
        if done is items:
            return last[1]
        k = len(done)
        make = self._make
        if k and k <= len(items) and items[k - 1] is done[k - 1] and all(map(is_, items, done)):
            made = last[1] + [frozen_json(item, make) for item in items[k:]]
        else:
            made = [frozen_json(item, make) for item in items]
        self._last = (items, made)
        return made


class PureRecentJSON:
    """``make(value)``, kept for the last ``size`` values met, by identity (each held while it is
    kept): a value met again in the next positions (a seat's discard, a row of points that did not
    change, a class of the dialogue that stands) gives its JSON again, read only, with no table
    look-up. ``None`` is its own JSON (``make`` is not called for it: a spectator's discard, no
    command yet). :data:`RecentJSON` is this class, or its compiled twin (:mod:`atout.compiled`).

    >>> made = PureRecentJSON(str, 2)
    >>> a = (1, 2); made(a) is made(a), made(None)
    (True, None)
    """

    __slots__ = ("_kept", "_make", "_next", "_size")

    def __init__(self, make: Callable[..., object], size: int):
        if not callable(make) or not 1 <= size <= 16:
            raise ValueError("RecentJSON(make, size): a callable and a size from 1 to 16")
        self._make = make
        self._size = size
        self._kept: list[tuple[object, object]] = []
        self._next = 0

    def __call__(self, value: object) -> object:
        if value is None:
            return None
        for kept, made in self._kept:
            if kept is value:
                return made
        made = self._make(value)
        at = self._next   # read after the call: make may have called this object
        self._next = (at + 1) % self._size
        if at < len(self._kept):
            self._kept[at] = (value, made)
        else:
            self._kept.append((value, made))
        return made


class NearbyCodes:
    """The codes of a card set (:func:`~atout.cards.card_codes`) made from the last ones of the same
    key when few cards differ (a seat's hand from one of its turns to the next, the cards played
    from one card to the next): the codes of the cards gone taken out and those of the cards come
    put in at their places, instead of reading every byte of the set again (Bésigue's cards lie
    over 27 bytes; a set within the first seven is read anew, as quickly). One list kept per key;
    what it returns is read only. With the compiled helpers (:mod:`atout.compiled`), which read
    eight bytes at a time, every set is read anew.

    >>> codes = NearbyCodes()
    >>> codes(0, int(CardSet.parse("KH QS#2 3D"))), codes(0, int(CardSet.parse("KH QS#2 3S")))
    (['KH', '3D', 'QS#2'], ['3S', 'KH', 'QS#2'])
    """

    __slots__ = ("_last",)
    NEAR = 4
    """Cards that may differ for the codes to be made from the last ones."""

    def __init__(self) -> None:
        self._last: dict[object, tuple[int, list[str]]] = {}

    def __call__(self, key: object, bits: int) -> list[str]:
        bits = int(bits)
        if bits < _NARROW or speedups is not None:   # a 32 or 52-card pack's seven bytes, or compiled: quicker anew
            return card_codes(bits)
        last = self._last.get(key)
        if last is not None and last[0] == bits:
            return last[1]
        if last is None or (last[0] ^ bits).bit_count() > self.NEAR:
            made = card_codes(bits)
        else:
            now, made = last[0], last[1][:]
            gone = now & ~bits
            while gone:                  # the highest first: the places below stay where they are
                card = gone.bit_length() - 1
                del made[(now & ((1 << card) - 1)).bit_count()]
                gone ^= 1 << card
            now &= bits
            come = bits & ~now
            while come:
                low = come & -come
                card = low.bit_length() - 1
                made.insert((now & (low - 1)).bit_count(), CARD_CODES[card])
                now |= low
                come ^= low
        if len(self._last) >= 64:   # keys are seats and fields: a few; anything else starts over
            self._last.clear()
        self._last[key] = (bits, made)
        return made


_NARROW = 1 << 56
_hand_codes = NearbyCodes()
"""The codes of each seat's hand in :func:`common_json`, from its last ones."""


class KeptCardSet:
    """A bitmask as a :class:`~atout.cards.CardSet`: the last one made while the bits stay the same
    (the cards played between two cards falling), so that :class:`PositionJSON` keeps its JSON.

    >>> kept = KeptCardSet()
    >>> kept(6) is kept(6), kept(7) == 7
    (True, True)
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[int, CardSet] = (0, CardSet(0))   # one value: read and replaced whole

    def __call__(self, bits: int) -> CardSet:
        last = self._last
        if last[0] == bits:
            return last[1]
        made = int.__new__(CardSet, bits)
        self._last = (bits, made)
        return made


def _lists(value: object) -> list[list[int]]:
    return [list(part) for part in value]  # type: ignore[attr-defined]


def options_json(options: Mapping[str, OptionValue]) -> JSONObject:
    """The options that differ from the defaults, as JSON (made once per options object; read only)."""
    return frozen_json(options, _changed_options)


def _changed_options(options: object) -> JSONObject:
    if isinstance(options, Options):
        return dict(options.changed())
    return dict(options)  # type: ignore[call-overload,no-any-return]


def sides_json(sides: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """The sides as JSON lists (made once per value; read only)."""
    return frozen_json(sides, _lists)


def codes_json(actions: Sequence[Action]) -> list[str]:
    """The notations of ``actions`` (:func:`action_code`), each from a table (read only when shared)."""
    if not actions:
        return []
    if type(actions[0]) is Card:   # a seat's cards (the usual listing), then maybe abandon: from the table, made anew
        return _codes(actions)
    cached = _CODES_JSON.get(id(actions))   # made once per tuple of actions kept (a shared listing)
    if cached is not None and cached[0] is actions:
        return cached[1]
    made = _codes(actions)
    if len(_CODES_JSON) >= 1_024:   # a table of its own: a position's new listings do not push out the rest
        _CODES_JSON.clear()
    _CODES_JSON[id(actions)] = (actions, made)
    return made


_CODES_JSON: dict[int, tuple[Sequence[Action], list[str]]] = {}


def _codes(actions: Sequence[Action]) -> list[str]:
    try:
        if type(actions[0]) is not Card:
            return list(map(_code_of_id, map(id, actions)))
        cards = len(actions)          # a seat's cards, then what else it may do (ask, name a suit…)
        while type(actions[cards - 1]) is not Card:
            cards -= 1
        made = list(map(_card_code, actions[:cards]))   # type: ignore[arg-type]
        made += map(_code_of_id, map(id, actions[cards:]))
        return made
    except (KeyError, TypeError):    # an action not met before, or cards among other actions
        pass
    get = _ACTION_CODES.get
    return [_card_code(a) if type(a) is Card else get(id(a)) or action_code(a) for a in actions]


def action_code(action: Action) -> str:
    """An action's canonical notation (``str(action)``): a card's from the table of codes, another
    action's made once per action object and kept while that object lives in the engine's tables;
    not kept for an action whose class says ``interned = False`` (a Bésigue declaration, free text: a
    partie's own values, listed as new objects, which the table would hold for the process's life),
    unless it is a template (:func:`~atout.actions.is_kept`)."""
    if type(action) is Card:
        return CARD_CODES[action]
    code = _ACTION_CODES.get(id(action))
    if code is not None:
        return code
    code = str(action)
    if len(_ACTION_CODES) < ACTION_CODES_KEPT and is_kept(action):
        _ACTION_CODES[id(action)] = code
        _ACTIONS_KEPT.append(action)   # holding the action keeps its id its own
    return code


ACTION_CODES_KEPT = 200_000
"""At most this many action codes are kept (then a new action's code is made at each listing)."""
_ACTION_CODES: dict[int, str] = {}
"""The code of each action object met, by its id (the object kept alive in :data:`_ACTIONS_KEPT`:
an id found here is that very object's)."""
_ACTIONS_KEPT: list[Action] = []
_code_of_id = _ACTION_CODES.__getitem__
_card_code = CARD_CODES.__getitem__


def outcome_json(outcome: Outcome | None) -> JSONObject | None:
    if outcome is None:
        return None
    found: JSONObject = {"scores": list(outcome.scores), "winners": list(outcome.winners),
                         "reason": outcome.reason.value}
    if outcome.marque:
        found["marque"] = dict(outcome.marque)
    return found


def mover_json(seat: int) -> int | str:
    """``to_move`` in JSON: a seat number, ``"chance"`` or ``"none"``."""
    return "chance" if seat == CHANCE else "none" if seat == TERMINAL else seat


def _options_sides_json(options: Mapping[str, OptionValue], sides: tuple[tuple[int, ...], ...],
                        ) -> tuple[JSONObject, list[list[int]]]:
    """The JSON of a table's options and sides (made once per options object: :func:`_table_json`)."""
    made = _TABLE_JSON.get(id(options))
    if made is None or made[0] is not options or made[1] is not sides:
        made = _table_json(options, sides)
    return made[2], made[3]


common_json: Callable[[Observation], JSONObject] = pure_common_json
"""The common part of every position's JSON: :func:`pure_common_json`, compiled when built."""
PositionJSON: Callable[[Iterable[PositionPart]], Callable[[Observation], JSONObject]] = PurePositionJSON
"""A position's whole JSON: :class:`PurePositionJSON`, compiled when built."""
GrowingJSON: Callable[[Callable[..., object]], Callable[[tuple[object, ...]], list[object]]] = PureGrowingJSON
"""The JSON list of a growing tuple: :class:`PureGrowingJSON`, compiled when built."""
RecentJSON: Callable[[Callable[..., object], int], Callable[[object], object]] = PureRecentJSON
"""The JSON of the last values met, kept by identity: :class:`PureRecentJSON`, compiled when built."""
COMPILED_HELPERS = (("S", "H", "D", "C"), _options_sides_json, mover_json, codes_json, action_code, _ACTION_CODES,
                    outcome_json, _FROZEN_JSON)
"""What the compiled helpers read and call (``atout._speedups.set_helpers``, with the frozen JSON's limit)."""


def keep_frozen_json(limit: int) -> None:
    """Keep at most ``limit`` values' JSON (:data:`frozen_json`; the table emptied now): a long-running server
    whose collector runs less often (``atout serve``) keeps more, for more tables at once."""
    global _FROZEN_LIMIT
    if limit < 1:
        raise ValueError(f"keep_frozen_json: a limit of at least 1, not {limit}")
    _FROZEN_JSON.clear()
    _FROZEN_LIMIT = limit
    if speedups is not None:
        speedups.set_helpers(*COMPILED_HELPERS, limit)


if speedups is not None:
    speedups.set_helpers(*COMPILED_HELPERS, _FROZEN_LIMIT)
    frozen_json = speedups.frozen_json
    frozen_of = speedups.frozen_of
    json_list = speedups.json_list
    json_dict = speedups.json_dict
    trick_json = speedups.trick_json
    common_json = speedups.common_json
    PositionJSON = speedups.PositionJSON
    GrowingJSON = speedups.GrowingJSON
    RecentJSON = speedups.RecentJSON


def position_json(observation_class: type[tuple[object, ...]], parts: Iterable[PositionPart],
                  ) -> Callable[[Observation], JSONObject]:
    """Make ``observation_class.to_json`` the :data:`PositionJSON` of ``parts``, and return it. It is
    a method itself (compiled: a method descriptor, called with the observation and no Python frame
    between), so the ``to_json`` the class defines, which calls it, is replaced by it."""
    made = PositionJSON(parts)
    setattr(observation_class, "to_json", made)   # noqa: B010 - the method the type checker knows
    return made


def item_type(item: Action) -> str:
    """The ``type`` of an action or event in JSON: its class's ``json_type``, else its class name
    in lower case."""
    kind = type(item)
    return str(getattr(kind, "json_type", kind.__name__.lower()))


def plain_entry_json(entry: LogEntry) -> JSONObject:
    """A log entry's JSON in its plain form: number, seat, kind, type and notation."""
    item = entry.item
    return {"i": entry.number, "seat": entry.seat, "kind": str(item.kind), "type": item_type(item),
            "text": action_code(item)}


# ---------------------------------------------------------------------------------- game and state


def _slow_properties(cls: type, record: type[tuple[object, ...]]) -> None:
    """A property on ``cls`` for each field of its slow ``record``: reading it reads the record,
    writing it replaces the record by a copy with that one value changed."""
    new = tuple.__new__
    for index, name in enumerate(record._fields):  # type: ignore[attr-defined]
        def get(self: State, index: int = index) -> object:
            return self._slow[index]

        def put(self: State, value: object, index: int = index) -> None:
            slow = self._slow
            self._slow = new(record, (*slow[:index], value, *slow[index + 1:]))

        setattr(cls, name, property(get, put, doc=f"{name} (a slow field: see State.slow_record)"))


def slow_setter(cls: type[State], names: Sequence[str]) -> Setter:
    """``set(state, values)``: the slow fields ``names`` of a state of ``cls`` set to ``values`` at
    once (one new record; what a reset of many of them between hands calls)."""
    record = cls.slow_record
    slow: tuple[str, ...] = record._fields if record is not None else ()  # type: ignore[attr-defined]
    unknown = [name for name in names if name not in slow]
    if unknown:
        raise ValueError(f"not slow fields of {cls.__name__}: {', '.join(unknown)}")
    where = {name: index for index, name in enumerate(names)}
    parts = ", ".join(f"values[{where[name]}]" if name in where else f"slow[{index}]" for index, name in enumerate(slow))
    space: dict[str, object] = {"new": tuple.__new__, "record": record}
    exec(f"def set_slow(state, values):\n    slow = state._slow\n"  # noqa: S102 - names checked above
         f"    state._slow = new(record, ({parts},))\n", space)
    found: Setter = space["set_slow"]  # type: ignore[assignment]
    return found


def _as_played(item: Action, actor: int, viewer: int | None) -> Action:
    return item


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
    direction: ClassVar[Direction] = Direction.COUNTER_CLOCKWISE
    """Which way play goes round the table: to the right (counter-clockwise), as in the French
    games, unless a game says otherwise (Whist goes to the left)."""
    view: ClassVar[GameView] = DEFAULT
    """How the game's position reads on a screen (``atout.games.<game>.view``): its fields'
    labels and values in words, its phases, the places round the table (:mod:`atout.view`)."""
    bots_module: ClassVar[str] = ""
    """The module of the bots written for the game (it defines ``BOTS`` and ``LOBBY_BOT``:
    :mod:`atout.bots.registry`); ``""``: the generic bots only. Named, not imported: the rules
    never import their bots."""
    renderer_module: ClassVar[str] = ""
    """The module of the game's terminal renderer (it defines ``RENDERER``: :mod:`atout.cli.render`);
    ``""``: the generic renderer."""
    commands_module: ClassVar[str] = ""
    """The module of the game's own ``atout`` subcommands (it defines ``COMMANDS``, a table from
    each command's name to the pair ``(add_parser(sub, lang), run(args) -> exit code)``: Whist's
    ``pbn``); ``""``: none."""

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

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> State:
        """A state at the start of play of one hand from an explicit deal (tests, analysis, records).

        ``setup`` holds the game's own starting facts as text (``dealer``, ``scores``…); the
        state's :attr:`State.setup` gives them back, so a record can store them.
        """
        raise NotImplementedError(f"{self.name} cannot start from a deal")

    def visible_action(self, item: Action, actor: int, viewer: int | None) -> Action:
        """How ``actor``'s action (or an event concerning ``actor``) appears to ``viewer``
        (``None``: a spectator). A deal shows the viewer only its own hand and the turned cards
        (its ``seen_by``); a game whose players discard or draw face down returns
        :class:`~atout.actions.Hidden` for them. Depends on nothing but its arguments."""
        seen_by = getattr(item, "seen_by", None)
        if seen_by is None:
            return item
        seen: Action = seen_by(viewer)
        return seen

    def entry_json(self, entry: LogEntry) -> JSONObject:
        """One log entry in JSON: ``i``, ``seat``, ``kind``, ``type``, ``text`` and the typed fields
        of its action or event (each game documents its own)."""
        return plain_entry_json(entry)

    def entry_words(self, entry: LogEntry, lang: str, names: Sequence[str] = ()) -> str:
        """One entry of a viewer's log (as that viewer sees it: a deal shows only what it may
        see) told in a sentence in ``lang`` (``en``, ``fr``), never in notation: « Robot 4
        demande à Anne : combien de cœurs ? ». ``names`` are the seats' names as the caller
        shows them (a seat without one is « joueur 2 »). A game says its own actions and events
        in :meth:`phrase`; the entries every game shares (a card played, a deal, a trick won, the
        score sheet) are said by :func:`atout.words.entry_words`."""
        seats = SeatWords(names, lang)
        said = self.phrase(entry, lang, seats)
        if said is None:
            said = entry_words(entry, lang, seats, self.sides.seats)
        return said if said is not None else ENTRY.tr("other", lang, who=seats.Name(entry.seat))

    @classmethod
    def view_json(cls) -> dict[str, object]:
        """The game's :attr:`view` in JSON (what the page reads; made once per game class)."""
        made: dict[str, object] | None = cls.__dict__.get("_view_json")
        if made is None:
            made = cls.view.to_json()
            cls._view_json = made  # type: ignore[attr-defined]
        return made

    def entry_said(self, entry: LogEntry, lang: str, names: Sequence[str] = ()) -> str | None:
        """What the entry's seat says aloud, as a speech bubble by that seat shows it: its words
        without the speaker's name (« Combien de cœurs, Claire ? »), or ``None`` when the entry is
        best shown by its :meth:`entry_words`. A game says its own in :meth:`speech`."""
        return self.speech(entry, lang, SeatWords(names, lang))

    def speech(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        """The words a seat says aloud in an entry of this game's own (see :meth:`entry_said`)."""
        return None

    def phrase(self, entry: LogEntry, lang: str, names: SeatWords) -> str | None:
        """The sentence of an entry of this game's own (its phrase book, ``games/<game>/words.py``),
        or ``None`` for an entry every game shares."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options.changed()!r})"


S = TypeVar("S", bound="State")
ANCHOR_MASK = 255
"""A position is kept after each chance step (a deal, a draw: a hand starts) and every 256 actions
(``len(history) & ANCHOR_MASK == 0``), where an undo deeper than the last :attr:`State.undo_depth`
positions starts replaying. Kept at a hand's start, it holds no finished hand's tricks alive."""


class State(ABC):
    """A position of a game. Mutable; ``clone()`` gives an independent copy.

    Attributes every state has: ``game``; ``history``, the ``(seat, action)`` pairs applied so
    far (seat :data:`CHANCE` for the table); ``results``, the :class:`HandResult` of each scored
    hand; ``setup``, the text facts it started from when made by ``state_from_deal`` (else ``None``).

    **What a game writes.** Its fields in ``__slots__``; :attr:`position`, the names of those that
    make the position (what an action may change; each holds an immutable value — a number, a
    tuple, a frozen record — that the game replaces, never changes in place); :meth:`_check`
    (refuse an action, with the reason, without changing anything) and :meth:`_change` (make the
    change of an action :meth:`_check` allowed); the queries below. Other slots hold what never
    changes during the partie (rules, tables) or caches keyed on :attr:`version`, which every
    apply and undo moves on. Events the log shows besides actions (a trick won, a hand scored) are
    announced from :meth:`_change` with :meth:`announce`.

    **What the base does.** :meth:`apply` checks, keeps a snapshot of the position (the last
    :attr:`undo_depth` of them, and one after each chance step and every 256 actions, the last of
    which is kept with the first), records the action and makes the change; :meth:`undo` puts the
    last snapshot back (no replay); past the kept snapshots it starts from the nearest older one
    (the start of the hand, as a rule) and replays forward to the action before. Every snapshot
    kept costs memory for as long as the state lives (the objects its position held then): one
    is the usual take-back, and a deeper undo replays at most a hand.
    :meth:`clone` copies every slot (the values are immutable) and the log. A game's
    ``sample_chance`` hands its deal through :meth:`_made_here`; its check may then pass that very
    deal at once, in that very position (:meth:`_sampled_here`).
    """

    __slots__ = ("_anchors", "_codes", "_how", "_log", "_ring", "_sampled", "_slow", "game", "setup", "version")

    position: ClassVar[tuple[str, ...]] = ()
    """The names of the slotted fields that make the position (snapshot for :meth:`undo`)."""
    slow_record: ClassVar[type[tuple[object, ...]] | None] = None
    """A ``NamedTuple`` type whose fields are position fields that change slowly (a few times a
    hand at most: the scores, the dealer, the trick count…): the state keeps them together in one
    record (``_slow``), read and written as plain attributes (a write replaces the record), so
    that a snapshot holds one reference for all of them. Hot code may read ``self._slow.name``
    and write several at once with :func:`slow_setter`."""
    undo_depth: ClassVar[int] = 1
    """How many positions back :meth:`undo` takes without replaying anything."""
    _snap: Getter          # the class's snapshot of the position, set below per class
    _put: Setter
    _copy_slots: Copier

    game: Game
    setup: Mapping[str, str] | None
    version: int
    results: Sequence[HandResult]
    """Each change of the score sheet, in order (a hand scored…)."""
    to_move: int
    """Who acts next: a seat, :data:`CHANCE` or :data:`TERMINAL` (a field the game keeps up to date)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        record = cls.slow_record
        if record is not None and "slow_record" in cls.__dict__:
            _slow_properties(cls, record)
        names = (*cls.position, "_slow") if record is not None else tuple(cls.position)
        cls._snap = staticmethod(getter(names, cls))
        cls._put = staticmethod(setter(names, cls))
        slots: list[str] = []
        for klass in reversed(cls.__mro__):
            names = klass.__dict__.get("__slots__", ())
            slots += [names] if isinstance(names, str) else list(names)
        cls._copy_slots = staticmethod(copier(tuple(dict.fromkeys(slots)), cls))

    def __init__(self, game: Game):
        if game.num_seats > MAX_SEATS:
            raise ValueError(f"{game.name} has {game.num_seats} seats; a state's history numbers {MAX_SEATS} at most")
        self.game = game
        self.setup = None
        self.version = 0
        record = self.slow_record
        self._slow = record._make([None] * len(record._fields)) if record is not None else ()  # type: ignore[attr-defined]
        self._log = Log()
        self._codes = self._log.history.codes    # the history's array (apply appends to it)
        how = game.__dict__.get("_log_how")      # how the game shows its log (one pair per game)
        if how is None:
            how = game._log_how = (game.visible_action, game.entry_json)  # type: ignore[attr-defined]
        self._how: tuple[Visibility, EntryJSON] = how
        self._ring: list[tuple[object, ...]] = []   # the last undo_depth snapshots (a list: a deque takes 600 bytes)
        self._anchors: list[tuple[int, tuple[object, ...]]] = []
        self._sampled: tuple[int, object] | None = None   # the deal sample_chance made, and the version it was made at

    # ------------------------------------------------------------------ what a game writes

    @abstractmethod
    def _check(self, action: Action, seat: int) -> None:
        """Refuse ``action`` for ``seat`` (an :class:`~atout.errors.ActionError` with the reason)
        unless :meth:`legal_actions` would list it; change nothing either way."""

    @abstractmethod
    def _change(self, action: Action, seat: int) -> None:
        """Make the change of ``action`` by ``seat`` (already checked and recorded): replace the
        position's fields, announce events. It does not fail."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Everything ``seat`` (default: ``to_move``) may do now, of every kind; empty if nothing."""

    def moves(self) -> Sequence[Action]:
        """What the seat to move must choose from: its :data:`~atout.actions.ActionKind.MOVE` actions.

        The fast path of random play and search; ``()`` at chance and at the end.
        """
        seat = self.to_move
        if seat < 0:
            return ()
        return tuple(a for a in self.legal_actions(seat) if a.kind is ActionKind.MOVE)

    @abstractmethod
    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Action:
        """The chance action (draw, shuffle and deal) to apply when ``to_move == CHANCE``.

        ``fixed`` maps seats to cards they must receive; the rest is dealt uniformly at random
        (a search bot's sampler starts from what it knows).
        """

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result of the partie once it is over, else ``None``."""

    @abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know (``None``: a spectator, public information only), built positively."""

    @abstractmethod
    def zones(self) -> dict[str, CardSet]:
        """Where every card of the pack is now (``"hand 0"``, ``"talon"``, ``"played"``…): for checks
        and analysis, never for players. The zones are disjoint and make up ``game.pack``."""

    @abstractmethod
    def parse_action(self, text: str, lang: str | None = None) -> Action:
        """Read an action in this position's notation (``lang=None``: either language)."""

    def action_text(self, action: Action, lang: str = "en") -> str:
        """The notation of ``action`` in ``lang``; ``parse_action`` reads it back."""
        return str(action)

    # ------------------------------------------------------------------ what the base does

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default ``to_move``); refused actions raise and change nothing."""
        if seat is None:
            seat = self.to_move
        self._check(action, seat)
        codes = self._codes
        snapshot = self._snap(self)
        if not len(codes) & ANCHOR_MASK:
            self._keep_anchor(len(codes), snapshot)
        ring = self._ring
        ring.append(snapshot)
        if len(ring) > self.undo_depth:
            del ring[0]
        if type(action) is Card:
            try:
                codes.frombytes(CARD_BYTES[seat][action])   # a card's code always fits 16 bits
            except ValueError:                              # a history turned 32-bit
                codes.append(CARD_CODE[seat][action])
        else:
            code = NARROW_CODE.get(id(action))
            if code is not None:
                codes.append(SEAT_CODE[seat] | code)
            else:                             # interned now, or the side list (perhaps the first code not to fit)
                history = self._log.history
                history.record(seat, action)
                self._codes = history.codes
        self.version += 1
        self._change(action, seat)
        if seat < 0:   # a chance step: the position after it is kept (a hand's start)
            self._keep_anchor(len(self._codes), self._snap(self))

    def _made_here(self, deal: T) -> T:
        """Keep ``deal``, the deal :meth:`sample_chance` made for this very position, and give it back:
        :meth:`_sampled_here` then knows it (a game's deal check may pass it at once)."""
        self._sampled = (self.version, deal)
        return deal

    def _sampled_here(self, action: Action) -> bool:
        """Whether ``action`` is the very deal :meth:`sample_chance` made for this position (of this
        version: any apply or undo since makes it another), right by construction."""
        made = self._sampled
        return made is not None and made[1] is action and made[0] == self.version

    def _keep_anchor(self, length: int, snapshot: tuple[object, ...]) -> None:
        anchors = self._anchors
        if anchors and anchors[-1][0] >= length:
            return
        anchors.append((length, snapshot))
        if len(anchors) > 2:   # the first (the start of the partie) and the last one
            del anchors[1]

    def announce(self, seat: int, event: Action) -> None:
        """Put ``event`` (concerning ``seat``; ``-1``: the table) in the log after the action being
        applied (from :meth:`_change`)."""
        self._log.event(seat, event)

    def undo(self) -> tuple[int, Action]:
        """Take back the last action; the state is then exactly as it was before it."""
        log = self._log
        length = len(self._codes)
        if not length:
            raise IndexError("nothing to undo")
        last = log.history[-1]
        if self._ring:
            self._put(self, self._ring.pop())
            log.truncate(length - 1)
            self._codes = log.history.codes
            self.version += 1
        else:
            self._replay_to(length - 1)
        anchors = self._anchors
        while len(anchors) > 1 and anchors[-1][0] > length - 1:
            anchors.pop()
        return last

    def _replay_to(self, target: int) -> None:
        """The state after the first ``target`` actions: from the nearest kept position, replayed."""
        log = self._log
        anchors = self._anchors
        while len(anchors) > 1 and anchors[-1][0] > target:
            anchors.pop()
        start, values = anchors[-1]
        actions = list(log.history.view(start, target))
        self._put(self, values)
        log.truncate(start)
        self._codes = log.history.codes
        self._ring.clear()
        self.version += 1
        for seat, action in actions:
            self.apply(action, seat)

    def clone(self) -> Self:
        """An independent copy (the position's values are immutable: shared; the log copied)."""
        new = object.__new__(type(self))
        self._copy_slots(self, new)
        new._log = log = self._log.copy()
        new._codes = log.history.codes
        new._ring = self._ring[:]
        new._anchors = self._anchors[:]
        return new

    @property
    def history(self) -> History:
        """Every ``(seat, action)`` applied, seat ``-1`` for the table (chance): a view of the
        history as it is now."""
        return self._log.history.view()

    def log_length(self) -> int:
        """How many entries the log has (actions and events)."""
        return len(self._log)

    def log_view(self, viewer: int | None, hand_start: int = 0) -> LogView:
        """The log as ``viewer`` may see it (what an observation holds)."""
        return log_view(self._log, viewer, self._how, hand_start)

    def full_log(self) -> LogView:
        """The whole log with every action as it was played, hidden cards included (deals, discards):
        what nobody at the table may see before the partie is over — replays and records of a
        finished partie, analysis. A seat's log is :meth:`observation`'s ``log``."""
        return self._log.view(None, _as_played, self.game.entry_json, 0)

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def returns(self) -> list[float]:
        """Per seat: +1 for the winners of the partie, -1 for the losers, 0 while unfinished or tied."""
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * self.game.num_seats
        return outcome.returns(self.game.sides)

    def visible_action(self, action: Action, actor: int, viewer: int | None) -> Action:
        """How ``actor``'s ``action`` appears to ``viewer`` (``None``: a spectator); see
        :meth:`Game.visible_action`."""
        return self.game.visible_action(action, actor, viewer)


base_apply: Callable[[State, Action, int | None], None] = State.apply
"""What :meth:`State.apply` does, compiled when built (the same reads and calls on the state: its class's
``_check`` and ``_change``, a subclass's own): the compiled card play's way for every other action
(:mod:`atout.card_play`)."""
if speedups is not None:
    speedups.set_apply(CARD_BYTES, CARD_CODE, NARROW_CODE, SEAT_CODE, ANCHOR_MASK)
    base_apply = speedups.base_apply

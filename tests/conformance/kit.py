"""The conformance kit: what every registered game must pass, checked through the contract only.

Nothing here knows a game: only ``atout.game`` (``Game``, ``State``, ``Outcome``, observations),
``atout.actions`` (kinds) and ``atout.errors``. A new game gets every check by registering.

- :func:`play_partie` plays one partie (random actions of every kind, or the game's heuristic
  bots) and, after EVERY action, runs :meth:`Checker.after_action`: history, kinds, ``moves()``,
  notation round trips (``action_text`` → ``parse_action``, English and French), cards conserved
  (``zones()``), the observation of every seat and of a spectator — the position's JSON and the
  new entries of the log (shape and a text leak scan) —, what ``visible_action`` shows each
  viewer, scores moving by the hand results' points; then ``undo()`` must give back exactly the
  observations (position and log) and the legal actions of every seat from before the action,
  and the action is applied again; now and then refused actions (nothing changes) and clones
  (independent).
- At the end, :func:`check_end` (outcome consistent with the results, replay of the history
  equals the state); :func:`check_undo`, :func:`check_record` and :func:`poison` on some parties.

The leak scan has two parts. (a) Text: every card code in a seat's observation JSON (``legal``
aside, see below) is known to it: its own cards (any hand it has held) or public ones (any card
code a spectator has been shown so far). (b) Poisoning: two cards of one suit that a viewer
cannot know (in two other seats' hands or in the talon under the turned cards, not shown since
the deal) are exchanged in the deal; the history replayed on that deal must give the viewer, and
the spectator, exactly the same observation JSON. (b) also covers ``legal`` (whose questions may
name cards the seat has not seen) and everything that is not a card code (counts, flags).
Copies of a card (``KH``, ``KH#2``) are distinct cards for both parts.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from atout.actions import ActionKind
from atout.cards import CardSet
from atout.errors import ActionError, IllegalActionError, OptionError
from atout.game import (
    CHANCE,
    OBSERVATION_KEYS,
    TERMINAL,
    EndReason,
    Game,
    OptionSpec,
    State,
    mover_json,
    outcome_json,
    requirement,
)

LANGS = ("en", "fr")
MIXED = 3  # random mixes of moved options per game
ERRORS = (ActionError,)  # InvalidActionError, IllegalActionError, AmbiguousActionError
# A canonical card code standing alone (JSON cards are canonical English codes: KH, 10S, KH#2, JK1).
CARD_CODE = re.compile(r"(?<![A-Za-z0-9#])(?:(?:10|[2-9JQKA])[SHDC](?:#[2-9])?|JK[1-9])(?![A-Za-z0-9#])")
KINDS = {k.value for k in ActionKind}
SOAK = int(os.environ.get("ATOUT_SOAK") or 1)
"""How many times the CI budget of random parties the kit and the undo check play (``ATOUT_SOAK=10
pytest tests/conformance`` for a long run; the README's test command plays 1)."""
SHORT: dict[str, dict[str, object]] = {
    "sizette": {"target_points": 1},
    "quadrette": {"target_points": 1},
    "whist": {"game_points": 5},
    "mort": {"rubbers": 1, "game_points": 5},
    "piquet": {"partie": "points", "target": "100"},
    "besigue": {"target": 300},
}
"""Options that make a partie short, where a game has them (the rules exercised are the same ones,
hand after hand): for soaks where the number of parties counts, not their length."""


def card_codes(text: str) -> set[str]:
    """The card codes named in ``text``.

    >>> sorted(card_codes('["KH", "10S", "ask 2 count H", "deal 0=7S,AC#2 1=?6", "JK1", "QS#4"]'))
    ['10S', '7S', 'AC#2', 'JK1', 'KH', 'QS#4']
    """
    return set(CARD_CODE.findall(text))


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------------------ configuration


@dataclass(frozen=True)
class Rates:
    """How often the costlier checks run (per action); 1.0 = after every action."""

    observations: float = 0.3     # every seat's observation JSON checked and scanned (the spectator's: always)
    all_notation: float = 0.25    # round trip of every listed action of every seat (else: the mover's)
    refusals: float = 0.06        # try illegal actions, and check nothing changed
    undo: float = 0.25            # undo the action just applied: everything as before it, then apply it again
    #                               (after every action of a thousand parties per game: test_undo.py)
    clone: float = 0.02           # clone, play on the clone, check the original is untouched
    listed_apply: float = 0.03    # apply a listed action of each seat on a clone: it is accepted


@dataclass(frozen=True)
class Policy:
    """Random play: mostly ``moves()``; now and then a random seat takes a non-move action."""

    talk: float = 0.08
    claim: float = 0.02
    table: float = 0.001
    follow: float = 0.95          # chance of following suit when a game lets one play any card
    max_extras: int = 3           # non-move actions in a row before a move is forced
    max_results: int = 40         # hands a partie may last before it is stopped unfinished
    max_actions: int = 20_000


def needed_by(game_cls: type[Game], spec: OptionSpec) -> dict[str, object]:
    """The other options' values ``spec`` needs to do anything (``OptionSpec.requires``: the first
    value of each option of its first alternative), ``{}`` when it needs none."""
    if not spec.requires:
        return {}
    by_name = {s.name: s for s in game_cls.option_specs}
    return {name: allowed[0] for name, allowed in requirement(spec, by_name)[0]}


def configurations(game_cls: type[Game]) -> list[tuple[str, dict[str, object]]]:
    """The option sets a game is tested with: defaults, every preset, every option moved off its
    default alone (each other choice, a flipped flag, the lowest bound of a number), a few random
    mixes of those, and the sets the game declares in ``conformance_options`` (if any); each
    distinct set of values once.

    >>> from tests.toygame import ToyGame
    >>> print(*(label for label, _ in configurations(ToyGame)))
    default preset=pairs preset=long seats=2 partners=true discard=true target=1 mixed0 mixed2 declared0
    """
    out: list[tuple[str, dict[str, object]]] = [("default", {})]
    out += [(f"preset={p}", {"preset": p}) for p in game_cls.presets]
    others: dict[str, list[object]] = {}
    for spec in game_cls.option_specs:
        values: list[object]
        if isinstance(spec.default, bool):
            values = [not spec.default]
        elif isinstance(spec.default, int):
            values = [spec.bounds[0]] if spec.bounds and spec.bounds[0] != spec.default else []
        else:
            values = [c for c in spec.choices if c != spec.default]
        others[spec.name] = values
        needed = needed_by(game_cls, spec)   # what the option needs to do anything (its first alternative)
        for v in values:
            out.append((f"{spec.name}={str(v).lower() if isinstance(v, bool) else v}", {**needed, spec.name: v}))
    rng = random.Random(game_cls.name)
    for i in range(MIXED):  # options moved together, as they interact (a penalty rule needs the table law)
        mixed = {name: rng.choice(values) for name, values in others.items() if values and rng.random() < 0.5}
        try:
            game_cls(mixed)
        except OptionError:
            continue
        if len(mixed) >= 2:
            out.append((f"mixed{i}", mixed))
    for i, options in enumerate(getattr(game_cls, "conformance_options", ())):
        out.append((f"declared{i}", dict(options)))
    distinct: list[tuple[str, dict[str, object]]] = []
    seen: list[dict[str, object]] = []
    for label, options in out:  # a preset of default values, say, is the defaults again
        chosen = dict(game_cls(options).options)
        if chosen not in seen:
            seen.append(chosen)
            distinct.append((label, options))
    return distinct


DEFAULT_RATES = Rates()
DEFAULT_POLICY = Policy()
S = TypeVar("S", bound=State)


# ------------------------------------------------------------------------------ statistics


@dataclass
class Stats:
    parties: int = 0
    unfinished: int = 0
    hands: int = 0
    actions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    ends: Counter[str] = field(default_factory=Counter)
    observations: int = 0
    round_trips: int = 0
    refusals: int = 0
    refusals_without_french: int = 0
    clones: int = 0
    undos: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        return (f"{self.parties} parties ({self.unfinished} stopped), {self.hands} hands, {self.actions} actions "
                f"{dict(self.kinds)}, hand ends {dict(self.reasons)}, partie ends {dict(self.ends)}, "
                f"{self.observations} observations, {self.round_trips} round trips, {self.refusals} refusals "
                f"({self.refusals_without_french} without French), {self.clones} clones, {self.undos} undos, "
                f"{self.seconds:.1f}s")


# ------------------------------------------------------------------------------ snapshots


def viewers(state: State) -> list[int | None]:
    return [*range(state.game.num_seats), None]


LOG_TAIL = 8  # log entries compared by the snapshots taken after every action (the whole log: at the end)


def snapshot(state: State, whole_log: bool = False) -> dict[str, Any]:
    """Everything a refused action must leave unchanged, as comparable plain values: the
    observation of every viewer (its position's JSON, its log's length and last entries — or the
    whole log), the legal actions, the history, the results, the zones."""
    observations = [state.observation(v) for v in viewers(state)]
    return {
        "history": list(state.history),   # (seat, action) pairs, compared as values
        "results": [repr(r) for r in state.results],
        "to_move": state.to_move,
        "outcome": state.outcome(),
        "observations": [dumps(obs.to_json()) for obs in observations],
        "logs": [(len(obs.log), dumps(obs.log.to_json(0 if whole_log else len(obs.log) - LOG_TAIL)))
                 for obs in observations],
        "legal": [[repr(a) for a in state.legal_actions(s)] for s in range(state.game.num_seats)],
        "zones": {k: sorted(map(str, v)) for k, v in state.zones().items()},
    }


def probe(state: State) -> tuple[Any, ...]:
    """What an undo must give back exactly (cheaper than :func:`snapshot`): whose turn, the
    history's length, the outcome, the results, each viewer's position JSON, log length and last
    log entries, each seat's legal actions."""
    observations = [state.observation(v) for v in viewers(state)]
    return (state.to_move, len(state.history), state.outcome(), (len(state.results), repr(state.results[-2:])),
            [dumps(obs.to_json()) for obs in observations],
            [(len(obs.log), dumps(obs.log.to_json(len(obs.log) - 3))) for obs in observations],
            [[repr(a) for a in state.legal_actions(s)] for s in range(state.game.num_seats)])


def replayed(state: State, history: Sequence[tuple[int, Any]] | None = None) -> State:
    """A fresh state (``new_state``, or ``state_from_deal`` with the state's setup) with ``history``
    (default: the state's own) applied."""
    history = list(state.history if history is None else history)
    if state.setup is not None:
        fresh = state.game.state_from_deal(history[0][1], state.setup)
        history = history[1:]
    else:
        fresh = state.game.new_state()
    for seat, action in history:
        fresh.apply(action, seat)
    return fresh


def texts(actions: Iterable[Any], but: Iterable[Any] = ()) -> list[str]:
    """The notations of ``actions`` that are not in ``but`` (for messages)."""
    others = set(map(repr, but))
    return [str(a) for a in actions if repr(a) not in others]


def multiset(cards: Iterable[Any]) -> Counter[str]:
    return Counter(str(c) for c in cards)


# ------------------------------------------------------------------------------ the checker


class Checker:
    """Checks a state after every action; keeps what each viewer has been shown so far."""

    def __init__(self, state: State, rng: random.Random, stats: Stats, rates: Rates = DEFAULT_RATES,
                 policy: Policy = DEFAULT_POLICY):
        self.state = state
        self.game = state.game
        self.n = state.game.num_seats
        self.rng = rng
        self.stats = stats
        self.rates = rates
        self.policy = policy
        self.pack = multiset(self.game.pack)
        self.sides = self.game.sides
        self.public: set[str] = set()
        self.own: list[set[str]] = [set() for _ in range(self.n)]
        self.scores = self._initial_scores()
        self.results_seen = list(state.results)
        self.last_chance: Any = None
        self.views: dict[int | None, tuple[Any, dict[str, Any], str]] = {}
        self.seen: dict[int | None, Any] = {}
        self.log_read: dict[int | None, int] = {}   # how far each viewer's log has been checked
        self.read_back: set[tuple[str, str, str]] = set()  # (action, lang, text) seen to round-trip
        self.read_objects: dict[int, object] = {}   # the action objects read back in every language, by id
        self.legal: list[tuple[Any, ...]] = [tuple(state.legal_actions(s)) for s in range(self.n)]
        self.look()
        self.learn()

    def _initial_scores(self) -> tuple[int, ...]:
        state = self.state
        if state.results:
            first = state.results[0]
            return tuple(s - p for s, p in zip(first.scores, first.points))
        return tuple(state.observation(None).scores)

    # -- knowledge

    def look(self, every_seat: bool = True) -> None:
        """The observations now; for the spectator (and, if ``every_seat``, each seat) its position's
        JSON and, as text, that JSON without ``legal`` and the log entries it has not been checked on."""
        self.seen = {viewer: self.state.observation(viewer) for viewer in viewers(self.state)}
        self.views = {}
        for viewer, obs in self.seen.items():
            if viewer is None or every_seat:
                data = obs.to_json()
                start = self.log_read.get(viewer, 0)
                log = obs.log.to_json(start)
                self.log_read[viewer] = len(obs.log)
                data["log"] = log
                self.views[viewer] = (obs, data, dumps({k: v for k, v in data.items() if k != "legal"}))

    def learn(self) -> None:
        """Add what the spectator and each seat are shown now to what they know."""
        self.public |= card_codes(self.views[None][2])
        for seat in range(self.n):
            hand = self.seen[seat].hand
            self.own[seat] |= {str(c) for c in hand or ()}
            self.own[seat] |= {str(c) for c in getattr(self.seen[seat], "known_cards", ())}  # seen, not held

    def known(self, viewer: int | None) -> set[str]:
        return self.public if viewer is None else self.public | self.own[viewer]

    # -- after every action

    def after_action(self, seat: int, action: Any, history_before: int, before: tuple[Any, ...] | None = None) -> None:
        """Every check after ``seat`` applied ``action``; with ``before`` (the :func:`probe` taken
        before it), the action is also undone, checked against ``before``, and applied again."""
        state = self.state
        self.stats.actions += 1
        self.stats.kinds[str(action.kind)] += 1
        assert len(state.history) == history_before + 1, "apply must add exactly one history entry"
        assert tuple(state.history[-1]) == (seat, action), f"history ends {state.history[-1]!r}, not {(seat, action)!r}"
        if action.kind is ActionKind.CHANCE:
            self.last_chance = action
        self.check_round_trip(action)
        self.legal = [tuple(state.legal_actions(s)) for s in range(self.n)]
        self.check_turn()
        self.look(self.rng.random() < self.rates.observations)
        self.check_zones()
        self.learn()
        self.check_observations()
        self.check_visible(seat, action)
        self.check_results()
        if self.rng.random() < self.rates.all_notation:
            for s in range(self.n):
                for a in self.legal[s]:
                    self.check_round_trip(a)
        elif state.to_move >= 0:
            for a in self.legal[state.to_move]:
                self.check_round_trip(a)
        if self.rng.random() < self.rates.refusals:
            self.check_refusals()
        if self.rng.random() < self.rates.clone:
            self.check_clone()
        if self.rng.random() < self.rates.listed_apply:
            self.check_listed_apply()
        if before is not None:
            self.check_undo_one(seat, action, before)

    def check_undo_one(self, seat: int, action: Any, before: tuple[Any, ...]) -> None:
        """Undo gives back exactly the position, the log and the legal actions of every viewer from
        before the action; the action then applies again to the same state."""
        state = self.state
        after = probe(state)
        last = state.undo()
        assert tuple(last) == (seat, action), f"undo gave back {last!r}, not {(seat, action)!r}"
        undone = probe(state)
        for name, was, now in zip(("to_move", "history length", "outcome", "results", "positions", "logs", "legal"), before,
                                  undone, strict=True):
            assert was == now, f"undo of {action!r} by seat {seat} does not give back the {name}:\n{was}\n{now}"
        state.apply(action, seat)
        assert probe(state) == after, f"{action!r} applied again after its undo gives another state"
        self.stats.undos += 1

    def check_round_trip(self, action: Any) -> None:
        if self.read_objects.get(id(action)) is action:   # this very object, read back before (kept: its id stays its own)
            return
        for lang in LANGS:
            text = self.state.action_text(action, lang)
            assert isinstance(text, str) and text.strip(), f"{action!r} has no {lang} text"
            key = (repr(action), lang, text)
            if key in self.read_back:
                continue
            self.read_back.add(key)
            try:
                back = self.state.parse_action(text, lang)
            except ERRORS as err:
                raise AssertionError(f"{lang} text {text!r} of {action!r} is refused: {err}") from err
            assert back == action, f"{lang} text {text!r} of {action!r} reads back as {back!r}"
            self.stats.round_trips += 1
        self.read_objects[id(action)] = action

    def check_turn(self) -> None:
        state = self.state
        to_move, outcome = state.to_move, state.outcome()
        assert (outcome is None) == (to_move != TERMINAL), f"to_move {to_move} with outcome {outcome}"
        assert to_move == TERMINAL or to_move == CHANCE or 0 <= to_move < self.n, f"to_move {to_move}"
        assert state.is_terminal() == (to_move == TERMINAL)
        for s in range(self.n):
            listed = self.legal[s]
            for a in listed:
                assert isinstance(a.kind, ActionKind) and a.kind is not ActionKind.CHANCE, f"{a!r}: kind {a.kind!r}"
            if to_move == TERMINAL:
                assert not listed, f"seat {s} may still {texts(listed)} after the end"
        moves = tuple(state.moves())
        if to_move >= 0:
            assert tuple(state.legal_actions()) == self.legal[to_move], "legal_actions() is not legal_actions(to_move)"
            listed = tuple(a for a in self.legal[to_move] if a.kind is ActionKind.MOVE)
            assert moves == listed, (f"moves() is not the MOVE actions listed: only listed {texts(listed, moves)}, "
                                     f"only in moves() {texts(moves, listed)}")
            assert moves, f"seat {to_move} is to move but has no move"
        else:
            assert moves == (), f"moves() at {mover_json(to_move)}: {moves}"

    def check_zones(self) -> None:
        zones = self.state.zones()
        total: Counter[str] = Counter()
        for cards in zones.values():
            total += multiset(cards)
        assert total == self.pack, f"zones are not the pack: extra {total - self.pack}, missing {self.pack - total}"
        for seat in range(self.n):
            hand = zones.get(f"hand {seat}")
            if hand is not None:
                seen = self.seen[seat].hand
                assert multiset(hand) == multiset(seen or ()), f"zone 'hand {seat}' is {hand}, observation {seen}"

    def check_observations(self) -> None:
        state = self.state
        outcome = outcome_json(state.outcome())
        sides = [list(s) for s in self.sides.seats]
        for viewer, (obs, data, text) in self.views.items():
            self.stats.observations += 1
            missing = [k for k in OBSERVATION_KEYS if k not in data]
            assert not missing, f"observation JSON lacks {missing}"
            assert obs.seat == viewer and data["seat"] == viewer
            assert obs.game == data["game"] == self.game.name
            assert data["num_seats"] == self.n and data["sides"] == sides
            assert obs.to_move == state.to_move and data["to_move"] == mover_json(state.to_move)
            assert data["outcome"] == outcome, f"observation outcome {data['outcome']} != {outcome}"
            assert data["scores"] == list(obs.scores) and len(obs.scores) == len(self.sides)
            assert len(data["hand_sizes"]) == self.n
            assert data["log_length"] == len(obs.log) and 0 <= data["hand_log_start"] <= data["log_length"]
            for entry in data["log"]:
                assert entry["kind"] in KINDS and {"i", "seat", "type", "text"} <= set(entry), entry
            if "options" in data:
                assert data["options"] == json.loads(dumps(self.game.options.changed()))
            played = getattr(obs, "played", None)
            if isinstance(played, int) and "played" in data:   # the cards played, as the record holds them
                assert data["played"] == [str(c) for c in CardSet(played)], data["played"]
            if viewer is None:
                assert obs.hand is None and data["hand"] is None and data["legal"] == []
                continue
            hand = obs.hand
            assert hand is not None and data["hand"] == [str(c) for c in hand]
            assert data["hand_sizes"][viewer] == len(hand)
            legal = [state.action_text(a) for a in self.legal[viewer]]
            assert data["legal"] == legal, f"seat {viewer}: JSON legal {data['legal']} != {legal}"
            # (a) the text scan: every card named is known to the viewer ('legal' is left to the poisoning)
            leak = card_codes(text) - self.known(viewer)
            assert not leak, f"seat {viewer} is shown cards it cannot know: {sorted(leak)}\n{text}"

    def check_visible(self, actor: int, action: Any) -> None:
        """What each viewer is shown of the action names only cards it knows."""
        for viewer in viewers(self.state):
            if viewer == actor:
                continue
            shown = self.state.visible_action(action, actor, viewer)
            leak = card_codes(str(shown)) - self.known(viewer)
            assert not leak, (f"visible_action shows viewer {viewer} {sorted(leak)} in {shown!s} (of {action!s}), which "
                              "no observation has shown it: a leak, or a public card the observations never show")
            hands = getattr(action, "hands", None)
            if hands is not None and action.kind is ActionKind.CHANCE:
                mine = {str(c) for c in hands[viewer]} if viewer is not None else set()
                turned = {str(c) for c in getattr(action, "turned", ())}
                extra = card_codes(str(shown)) - mine - turned
                assert not extra, f"viewer {viewer} is shown {sorted(extra)} of the deal: {shown}"

    def check_results(self) -> None:
        state = self.state
        results = list(state.results)
        seen = self.results_seen
        assert results[: len(seen)] == seen, "a hand result changed after it was recorded"
        for result in results[len(seen):]:
            assert len(result.points) == len(result.scores) == len(self.sides), result
            moved = tuple(s + p for s, p in zip(self.scores, result.points))
            assert tuple(result.scores) == moved, f"result {result} does not move the scores {self.scores} by its points"
            self.scores = tuple(result.scores)
            self.stats.reasons[str(result.reason)] += 1
            self.stats.hands += 1
        self.results_seen = results
        now = tuple(state.observation(None).scores)
        assert now == self.scores, f"scores {now} are not the running sum of the results' points {self.scores}"

    # -- now and then

    def check_refusals(self) -> None:
        """Illegal actions are refused with the documented errors, and change nothing."""
        state = self.state
        before = snapshot(state)
        cheap = (len(state.history), state.to_move)
        for seat, action in self.illegal_trials():
            try:
                state.apply(action, seat)
            except ERRORS as err:
                self.stats.refusals += 1
                assert err.code and isinstance(err.text("en"), str) and isinstance(err.text("fr"), str)
                if isinstance(err, IllegalActionError) and "fr" not in getattr(err, "templates", {}):
                    self.stats.refusals_without_french += 1
            except Exception as err:  # the point: only the documented errors
                raise AssertionError(f"apply({action!r}, {seat}) raised {err!r}") from err
            else:
                raise AssertionError(f"seat {seat} may {action!r} though it is not listed")
            assert (len(state.history), state.to_move) == cheap, f"refusing {action!r} for seat {seat} changed the state"
        for text in self.garbage():
            for lang in (*LANGS, None):
                try:
                    action = state.parse_action(text, lang)
                except ERRORS:
                    continue
                except Exception as err:  # the point: only the documented errors
                    raise AssertionError(f"parse_action({text!r}, {lang}) raised {err!r}") from err
                if state.to_move >= 0 and action not in state.legal_actions(state.to_move):
                    try:
                        state.apply(action, state.to_move)
                    except ERRORS:
                        self.stats.refusals += 1
                    except Exception as err:
                        raise AssertionError(f"apply({action!r}) read from {text!r} raised {err!r}") from err
                    else:
                        raise AssertionError(f"{text!r} read as {action!r} was applied though not listed")
        assert snapshot(state) == before, "a refused action changed the state (one of those tried now)"

    def illegal_trials(self) -> list[tuple[int, Any]]:
        state, rng, n = self.state, self.rng, self.n
        trials: list[tuple[int, Any]] = []
        listed = [set(map(repr, self.legal[s])) for s in range(n)]
        to_move = state.to_move
        mover = list(self.legal[to_move]) if to_move >= 0 else []
        for seat in range(n):  # another seat's actions, out of turn
            for a in rng.sample(mover, min(3, len(mover))):
                if repr(a) not in listed[seat]:
                    trials.append((seat, a))
        cards = sorted(set(self.game.pack), key=str)
        for card in rng.sample(cards, min(4, len(cards))):  # cards not held / not playable
            seat = to_move if to_move >= 0 else rng.randrange(n)
            if repr(card) not in listed[seat]:
                trials.append((seat, card))
        if mover:
            trials.append((n, mover[0]))      # no such seat
            trials.append((CHANCE, mover[0]))  # the table does not play cards
        if to_move != CHANCE and self.last_chance is not None:
            trials.append((CHANCE, self.last_chance))  # a chance step out of its time
        return trials

    def garbage(self) -> list[str]:
        """Texts no action should be read from without care: mangled notations, odd Unicode."""
        state, rng = self.state, self.rng
        base = [state.action_text(a, rng.choice(LANGS)) for s in range(self.n) for a in self.legal[s]]
        texts = ["", " ", "?", "²", "٣", "KH KH", "99999999999999999999", "-1", "ask 9 count H", "deal 0=KH",
                 "draw 0=ZZ", "\x00", "K♥♥", "10", "ask 2² count H", "say 99999999999999999999 count H 2"]
        for text in rng.sample(base, min(4, len(base))):
            cut = rng.randrange(len(text) + 1)
            texts += [text[:cut], text + " x", text.replace("1", "²").replace("2", "٣"), text.upper() + " 0",
                      " ".join(reversed(text.split())), text + " " + text]
        return texts

    def check_clone(self) -> None:
        """A clone is equal, then independent of the original."""
        state = self.state
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before, "a fresh clone differs from its original"
        rng = random.Random(self.rng.random())
        for _ in range(6):
            if copy.to_move == TERMINAL:
                break
            seat, action = choose_random(copy, rng, Policy(talk=0.3, claim=0.1, table=0.02), [0])
            copy.apply(action, seat)
        assert snapshot(state) == before, "playing on a clone changed the original"
        self.stats.clones += 1

    def check_listed_apply(self) -> None:
        """Every seat's listed actions are accepted (on clones, which leave the original untouched)."""
        before = snapshot(self.state)
        for seat in range(self.n):
            listed = list(self.legal[seat])
            for action in self.rng.sample(listed, min(2, len(listed))):
                copy = self.state.clone()
                try:
                    copy.apply(action, seat)
                except ERRORS as err:
                    raise AssertionError(f"seat {seat}'s listed {action!r} is refused: {err}") from err
        assert snapshot(self.state) == before, "playing on a clone changed the original"


# ------------------------------------------------------------------------------ policies


def choose_random(state: State, rng: random.Random, policy: Policy, extras: list[int]) -> tuple[int, Any]:
    """A chance step, or mostly a move of the seat to move; now and then a random seat's talk,
    claim or table action (at most ``policy.max_extras`` in a row; ``extras`` counts them)."""
    if state.to_move == CHANCE:
        return CHANCE, state.sample_chance(rng)
    if extras[0] < policy.max_extras:
        roll = rng.random()
        kind = (ActionKind.TALK if roll < policy.talk else ActionKind.CLAIM if roll < policy.talk + policy.claim
                else ActionKind.TABLE if roll < policy.talk + policy.claim + policy.table else None)
        if kind is not None:
            options = [(seat, a) for seat in range(state.game.num_seats) for a in state.legal_actions(seat)
                       if a.kind is kind]
            if options:
                extras[0] += 1
                return rng.choice(options)
    extras[0] = 0
    moves = list(state.moves())
    if len(moves) > 1 and policy.follow:
        following = [m for m in moves if getattr(m, "suit", None) == led_suit(state)]
        if following and len(following) < len(moves) and rng.random() < policy.follow:
            moves = following  # mostly follow suit where one need not (a table-law revoke, now and then)
    return state.to_move, rng.choice(moves)


def led_suit(state: State) -> Any:
    """The suit of the first card of the trick in progress (the common ``trick`` field), if any."""
    trick = getattr(state.observation(None), "trick", ())
    if not trick:
        return None
    first = trick[0][1] if isinstance(trick[0], tuple) else trick[0]
    return getattr(first, "suit", None)


class BotPolicy:
    """Every seat played by one of the game's bots, with their out-of-turn interjections."""

    def __init__(self, game: Game, name: str, seed: int, make_bot: Callable[..., Any]):
        self.bots = [make_bot(name, game, random.Random(seed * 100 + s)) for s in range(game.num_seats)]
        self.queue: list[tuple[int, Any]] = []
        self.extras = 0
        self.interjected = False

    def choose(self, state: State, rng: random.Random) -> tuple[int, Any]:
        self.interjected = bool(self.queue)
        if self.queue:
            return self.queue.pop(0)
        if state.to_move == CHANCE:
            return CHANCE, state.sample_chance(rng)
        seat = state.to_move
        action = self.bots[seat].act(state.observation(seat))
        if action.kind is ActionKind.MOVE or self.extras >= 64:
            self.extras = 0
            if action.kind is not ActionKind.MOVE:
                action = rng.choice(list(state.moves()))
        else:
            self.extras += 1
        return seat, action

    def after(self, state: State, actor: int) -> None:
        """The other seats' bots that interject may act out of turn (once each, not in chains)."""
        if actor == CHANCE or self.queue or self.interjected:
            return
        for seat, bot in enumerate(self.bots):
            if seat != actor and state.to_move != TERMINAL and getattr(bot, "interjects", False):
                action = bot.interject(state.observation(seat))
                if action is not None:
                    self.queue.append((seat, action))
                    return


# ------------------------------------------------------------------------------ a partie


def play_partie(state: S, seed: int, stats: Stats, rates: Rates = DEFAULT_RATES, policy: Policy = DEFAULT_POLICY,
                bots: BotPolicy | None = None) -> S:
    """Play ``state`` to its end (or to the policy's bounds) with every check after every action."""
    rng = random.Random(seed)
    checker = Checker(state, random.Random(seed + 1), stats, rates, policy)
    extras = [0]
    started = time.perf_counter()
    while state.to_move != TERMINAL:
        if len(state.results) >= policy.max_results or len(state.history) >= policy.max_actions:
            stats.unfinished += 1
            break
        if bots is not None:
            seat, action = bots.choose(state, rng)
        else:
            seat, action = choose_random(state, rng, policy, extras)
        before = len(state.history)
        prior = probe(state) if checker.rng.random() < rates.undo else None
        try:
            state.apply(action, seat)
        except ERRORS as err:
            raise AssertionError(f"seat {seat}'s {action!r} is refused: {err}") from err
        checker.after_action(seat, action, before, prior)
        if bots is not None:
            bots.after(state, seat)
    if state.to_move == TERMINAL:
        stats.ends[str(state.outcome().reason)] += 1  # type: ignore[union-attr]
    stats.parties += 1
    check_end(state)
    stats.seconds += time.perf_counter() - started
    return state


# ------------------------------------------------------------------------------ at the end


def check_end(state: State) -> None:
    """The outcome agrees with the results and the scores; a replay of the history gives the same state."""
    outcome = state.outcome()
    sides = state.game.sides
    if outcome is not None:
        scores = tuple(state.observation(None).scores)
        assert tuple(outcome.scores) == scores, f"outcome scores {outcome.scores} != scores {scores}"
        if state.results:
            assert tuple(state.results[-1].scores) == scores
        winners = tuple(outcome.winners)
        assert len(set(winners)) == len(winners) and all(0 <= w < len(sides) for w in winners), winners
        assert isinstance(outcome.reason, EndReason)
        if outcome.reason in (EndReason.TARGET, EndReason.DEALS):
            best = max(scores)
            top = tuple(i for i, s in enumerate(scores) if s == best)
            assert winners == (top if len(top) == 1 else ()), f"winners {winners} with scores {scores}"
        else:   # a rubber is won by those who collect: nobody when nothing changes hands
            assert 0 < len(winners) < len(sides) or (not winners and len(set(scores)) == 1), \
                f"{outcome.reason}: winners {winners} with scores {scores}"
        assert state.returns() == outcome.returns(sides)
    else:
        assert state.returns() == [0.0] * sides.num_seats
    try:
        fresh = replayed(state)
    except ERRORS as err:
        raise AssertionError(f"the history does not replay on a fresh state: {err}") from err
    assert list(fresh.history) == list(state.history)
    assert snapshot(fresh, True) == snapshot(state, True), "the replayed history gives another state"


def check_undo(state: State, checkpoints: int = 4) -> int:
    """Undo back to the start: the last action comes back each time, and the state equals the
    replayed prefix at a few points and a fresh state at the end. Returns the undos made."""
    copy = state.clone()
    history = list(state.history)
    stop = 1 if state.setup is not None else 0  # a state from a deal starts with its deal
    marks = set(random.Random(len(history)).sample(range(stop, len(history)), min(checkpoints, len(history) - stop)))
    for k in range(len(history), stop, -1):
        last = copy.undo()
        assert tuple(last) == tuple(history[k - 1]), f"undo gave back {last!r}, not {history[k - 1]!r}"
        if k - 1 in marks:
            assert snapshot(copy) == snapshot(replayed(state, history[: k - 1])), f"undo to {k - 1} actions differs"
    start = (state.game.state_from_deal(history[0][1], state.setup) if state.setup is not None
             else state.game.new_state())
    assert snapshot(copy) == snapshot(start), "undo back to the start differs from a fresh state"
    assert snapshot(state) == snapshot(replayed(state)), "undo on a clone changed the original"
    if stop == 0:
        try:
            copy.undo()
        except IndexError:
            pass
        else:
            raise AssertionError("undo with an empty history must raise IndexError")
    return len(history) - stop


def check_record(state: State) -> None:
    """write_record → read_record → replay gives the same history and observations (records with
    English and French comments); a seat's view of the record names only cards that seat has seen."""
    from atout.record import read_record, record_view, replay, write_record

    tags = {"Date": "2026-01-01"}
    for lang in LANGS:
        text = write_record(state, tags, lang=lang)
        result = replay(read_record(text))
        assert getattr(result, "ok", True), f"the record does not replay: {getattr(result, 'errors', result)}\n{text}"
        back = result.state
        assert [(s, repr(a)) for s, a in back.history] == [(s, repr(a)) for s, a in state.history]
        assert snapshot(back) == snapshot(state), "the record replays to another state"
        assert write_record(back, tags, lang=lang) == text, "the record of the replayed partie differs"
    shown, hands = shown_along(state)
    public = set().union(*shown)
    for viewer in viewers(state):
        own = set().union(*(h[viewer] for h in hands)) if viewer is not None else set()
        leak = card_codes(record_view(state, viewer, tags)) - public - own
        assert not leak, f"the record seen by {viewer} names {sorted(leak)}, which that viewer never saw"


# ------------------------------------------------------------------------------ poisoning


@dataclass
class PoisonStats:
    trials: int = 0
    compared: int = 0
    refused: int = 0
    no_swap: int = 0


def shown_along(state: State) -> tuple[list[Counter[str]], list[list[set[str]]]]:
    """Replaying the history: after each prefix of ``t`` actions, how often each card code appears
    in the spectator's observation (its position's JSON and its log so far), and each seat's hand."""
    n = state.game.num_seats
    start = 1 if state.setup is not None else 0
    fresh = replayed(state, state.history[:start])
    shown: list[Counter[str]] = []
    hands: list[list[set[str]]] = []

    logged: Counter[str] = Counter()   # the codes of the spectator's log so far (it only grows)
    read = [0]

    def look() -> None:
        spectator = fresh.observation(None)
        logged.update(CARD_CODE.findall(dumps(spectator.log.to_json(read[0]))))
        read[0] = len(spectator.log)
        shown.append(Counter(CARD_CODE.findall(dumps(spectator.to_json()))) + logged)
        hands.append([{str(c) for c in fresh.observation(seat).hand or ()}
                      | {str(c) for c in getattr(fresh.observation(seat), "known_cards", ())} for seat in range(n)])

    for _ in range(start + 1):
        look()
    for seat, action in state.history[start:]:
        fresh.apply(action, seat)
        look()
    return shown, hands


def known_after(deal: int, t: int, viewer: int | None, current: bool, shown: list[Counter[str]],
                hands: list[list[set[str]]]) -> set[str]:
    """What ``viewer`` may know after ``t`` actions of the cards dealt by action ``deal``.

    For the hand in progress (``current``): the codes the spectator is shown more often at some
    point since the deal than just after it (a code may already be there, naming a card of an
    earlier hand), and the viewer's own cards since the deal. For an earlier hand: every code
    ever shown to the spectator, and every card the viewer has held.
    """
    first = deal + 1 if current else 0
    base = shown[deal + 1] if current else Counter()
    known: set[str] = set()
    for step in range(first, t + 1):
        known.update(code for code, count in shown[step].items() if count > base[code])
        if viewer is not None:
            known |= hands[step][viewer]
    return known


def swapped_deal(deal: Any, known: set[str], viewer: int | None, rng: random.Random) -> Any | None:
    """``deal`` with two same-suit cards the viewer cannot know exchanged between two of the hidden
    places (other seats' hands, the talon below the turned cards); ``None`` if there are none."""
    hands = getattr(deal, "hands", None)
    if hands is None or not dataclasses.is_dataclass(deal):
        return None
    turned = {str(c) for c in getattr(deal, "turned", ())}
    places: list[tuple[str, int, Any]] = []
    for seat, hand in enumerate(hands):
        if seat != viewer:
            places += [("hand", seat, c) for c in hand]
    places += [("talon", 0, c) for c in getattr(deal, "talon", ())]
    hidden = [p for p in places if str(p[2]) not in known and str(p[2]) not in turned]
    pairs = [(a, b) for i, a in enumerate(hidden) for b in hidden[i + 1:]
             if a[:2] != b[:2] and str(a[2]) != str(b[2]) and a[2].suit == b[2].suit]
    if not pairs:
        return None
    (pa, sa, ca), (pb, sb, cb) = rng.choice(pairs)
    new_hands = [list(h) for h in hands]
    new_talon = list(getattr(deal, "talon", ()))
    for place, seat, old, new in ((pa, sa, ca, cb), (pb, sb, cb, ca)):
        target = new_hands[seat] if place == "hand" else new_talon
        target[target.index(old)] = new
    changes: dict[str, Any] = {"hands": tuple(type(h)(_rebuild(h, new_hands[i])) for i, h in enumerate(hands))}
    if new_talon:
        changes["talon"] = tuple(new_talon)
    pack = getattr(deal, "pack", ())
    if pack:
        order = list(pack)
        i, j = order.index(ca), order.index(cb)
        order[i], order[j] = order[j], order[i]
        changes["pack"] = tuple(order)
    return dataclasses.replace(deal, **changes)  # type: ignore[type-var]


def _rebuild(original: Any, cards: list[Any]) -> Any:
    """A hand of the same kind as ``original`` (a card set, or a sequence) holding ``cards``."""
    of = getattr(type(original), "of", None)
    return of(cards) if of is not None else cards


def poison(state: State, rng: random.Random, trials: int, stats: PoisonStats) -> None:
    """Re-deal, for a viewer, cards it cannot know; its observation (and the spectator's) must not change."""
    history = list(state.history)
    shown, hands = shown_along(state)
    deals = [i for i, (s, a) in enumerate(history) if s == CHANCE and getattr(a, "hands", None) is not None]
    if not deals:
        return
    for _ in range(trials):
        stats.trials += 1
        t = rng.randrange(deals[0] + 1, len(history) + 1)
        before = [i for i in deals if i < t]
        index = before[-1] if rng.random() < 0.7 else rng.choice(before)  # mostly the hand in progress
        viewer: int | None = rng.choice(viewers(state))
        known = known_after(index, t, viewer, index == before[-1], shown, hands)
        deal = swapped_deal(history[index][1], known, viewer, rng)
        if deal is None:
            stats.no_swap += 1
            continue
        modified = list(history[:t])
        modified[index] = (CHANCE, deal)
        try:
            other = replayed(state, modified)
        except ERRORS:
            stats.refused += 1
            continue
        original = replayed(state, history[:t])
        for v in {viewer, None}:
            mine = {**original.observation(v).to_json(), "log": original.observation(v).log.to_json()}
            theirs = {**other.observation(v).to_json(), "log": other.observation(v).log.to_json()}
            assert dumps(mine) == dumps(theirs), (
                f"viewer {v}'s observation after {t} actions depends on cards it cannot know: deal "
                f"{history[index][1]} re-dealt as {deal}\nbefore: {dumps(mine)}\nafter:  {dumps(theirs)}")
        stats.compared += 1

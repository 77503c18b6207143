"""The compiled helpers of a position's JSON (``atout._speedups``) against their pure-Python
reference: the same JSON, byte for byte, at every action of random parties of every game and
preset (the reference run in a process of its own with ``ATOUT_PURE_PYTHON=1``), and the same
results and errors on random inputs. Skipped, with the reason, where the extension was not built
(no C compiler at install)."""

from __future__ import annotations

import copy
import hashlib
import importlib
import json
import math
import operator
import os
import random
import subprocess
import sys
from array import array
from collections import namedtuple
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from atout import cards, dealing, game, log
from atout.actions import Hidden
from atout.compiled import speedups
from atout.events import Scored
from atout.game import TERMINAL
from atout.games import find_game, game_names, make_game
from atout.games.piquet import observation as piquet_view
from atout.games.piquet import play as piquet_play
from atout.games.sizette import observation as sizette_view
from atout.games.sizette.actions import Say
from atout.games.sizette.talk import Statement
from atout.games.whist import observation as whist
from tests.conformance import kit

ROOT = Path(__file__).resolve().parents[1]
needs_compiled = pytest.mark.skipif(speedups is None, reason="atout._speedups is not built (no C compiler at install)")
PARTIES = 60 * kit.SOAK     # per game and preset, up to this many positions (seats and spectator);
POSITIONS = 16_000 * kit.SOAK  # ATOUT_SOAK=10: ten times as many
POLICY = kit.Policy(talk=0.1, claim=0.02, table=0.0005, max_results=4, max_actions=3000)


def position_digest(name: str, options: dict[str, object], parties: int) -> str:
    """A digest of the JSON of every seat's position and a spectator's, at every action of
    ``parties`` random parties (talk, claims and table actions included), or of as many as make
    :data:`POSITIONS` positions; and how many parties that was."""
    made = make_game(name, options)
    digest = hashlib.sha256()
    viewers = [*range(made.num_seats), None]
    positions = played = 0
    for seed in range(parties):
        if positions >= POSITIONS:
            break
        played += 1
        state, rng, extras = made.new_state(), random.Random(seed), [0]
        while state.to_move != TERMINAL and len(state.results) < POLICY.max_results:
            for viewer in viewers:
                digest.update(json.dumps(state.observation(viewer).to_json()).encode())
            positions += len(viewers)
            state.apply(*reversed(kit.choose_random(state, rng, POLICY, extras)))
    return f"{digest.hexdigest()} {played} parties"


def games_and_presets() -> list[tuple[str, dict[str, object]]]:
    return [(name, options) for name in game_names() for options in
            [{}, *({"preset": p} for p in find_game(name).presets)]]


def test_the_pure_python_functions_run_when_asked() -> None:
    code = ("from atout import cards, dealing, game, log; from atout.compiled import speedups; from atout.games import make_game; "
            "from atout.games.whist import observation as whist; "
            "kind = type(make_game('whist', {}).new_state()); "
            "print(speedups, game.common_json is game.pure_common_json, "
            "cards.card_codes is cards.pure_card_codes, cards.cards_of is cards.pure_cards_of, type(kind._snap).__name__, "
            "type(kind._copy_slots).__name__, log.log_view is log.pure_log_view, whist.observe is whist.pure_observe, "
            "game.PositionJSON is game.PurePositionJSON, dealing.shuffle is dealing.pure_shuffle, "
            "log.Log.event is log.pure_event)")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "ATOUT_PURE_PYTHON": "1"}, cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == ["None", "True", "True", "True", "function", "function", "True", "True", "True", "True", "True"]


@needs_compiled
def test_the_compiled_functions_run_when_built() -> None:
    assert game.common_json is not game.pure_common_json and cards.card_codes is not cards.pure_card_codes
    assert cards.cards_of is not cards.pure_cards_of and log.log_view is not log.pure_log_view
    assert whist.observe is not whist.pure_observe and game.PositionJSON is not game.PurePositionJSON
    assert dealing.shuffle is not dealing.pure_shuffle and log.Log.event is not log.pure_event


@needs_compiled
def test_the_shuffle_is_the_pure_ones() -> None:
    """The same order from the same draw, for every pack size up to Bésigue's and beyond, draws of n!
    and over (the digits past the last are ignored alike), and the draws at the edges."""
    rng = random.Random(11)
    for n in [*range(70), 104, 106, 132, 212, 300]:
        top = math.factorial(n)
        draws = [0, top - 1, top, 1 << 70, *(rng.randrange(top) for _ in range(60)), rng.randrange(top * 1000)]
        for draw in draws:
            assert dealing.shuffle(draw, range(n)) == dealing.pure_shuffle(draw, range(n)), (n, draw)
    assert dealing.shuffle(5, ("a", "b", "c")) == ["a", "b", "c"]
    with pytest.raises(ValueError):
        dealing.shuffle(-1, [1, 2])
    with pytest.raises(TypeError):
        dealing.shuffle(1.0, [1, 2])  # type: ignore[arg-type]


@needs_compiled
@given(st.data())
def test_dealt_cards_are_the_pure_ones(data: st.DataObject) -> None:
    """Any pack (of the 212 card ids, in any order) cut into hands and a talon at any positions: the
    same hands, talon and cards both ways; an id that is no card refused alike."""
    pack = data.draw(st.permutations(range(cards.NUM_CARDS)).map(lambda ids: ids[:data.draw(st.integers(2, len(ids)))]))
    positions = data.draw(st.permutations(range(len(pack))))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(pack)), max_size=8)))
    parts = [tuple(positions[a:b]) for a, b in zip([0, *cuts], [*cuts, len(pack)], strict=True)]
    hands, talon = tuple(parts[:-1]), parts[-1]
    assert dealing.deal_cards(pack, hands, talon) == dealing.pure_deal_cards(pack, hands, talon)
    for deal in (dealing.deal_cards, dealing.pure_deal_cards):
        with pytest.raises(IndexError):
            deal([*pack[:-1], cards.NUM_CARDS], hands, talon)


@needs_compiled
@given(st.lists(st.tuples(st.booleans(), st.integers(-2, 9) | st.sampled_from([1 << 70, -(1 << 70)]), st.integers(0, 4)),
                max_size=60), st.integers(0, 66_000))
def test_log_events_are_the_pure_ones(steps: list[tuple[bool, int, int]], start: int) -> None:
    """The compiled ``Log.event`` and the reference log the same events: interned or kept aside, the
    table's score, seats out of range, and numbers past 16 bits (the arrays turned 32-bit alike)."""
    items = [Hidden("trick", 1), Hidden("discard", 2), Scored("x"), cards.Card("7H"), object()]
    compiled, pure = log.Log(), log.Log()
    for made in (compiled, pure):
        made.history.codes = array("H", [5]) * start
    for is_action, seat, which in steps:
        if is_action:
            compiled.history.record(0, items[3])
            pure.history.record(0, items[3])
            continue
        outcomes = []
        for made, event in ((compiled, log.Log.event), (pure, log.pure_event)):
            try:
                event(made, seat, items[which])
                outcomes.append(None)
            except IndexError as error:   # a seat past SEAT_CODE
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]
        assert (compiled.at, compiled.codes, compiled.side) == (pure.at, pure.codes, pure.side)
        assert (compiled.at.typecode, compiled.codes.typecode) == (pure.at.typecode, pure.codes.typecode)


def _log_fields(view: log.LogView) -> tuple[object, ...]:
    return (*view._parts, view._stop, view.viewer, view._how, view.hand_start, type(view))


def pure_observe_of(name: str) -> Callable[..., Any]:
    """The reference observation of a registered game: ``pure_observe`` of the ``observation`` module beside
    its state's."""
    module = type(make_game(name).new_state()).__module__.rsplit(".", 1)[0] + ".observation"
    found: Callable[..., Any] = importlib.import_module(module).pure_observe
    return found


@needs_compiled
@pytest.mark.parametrize("name", game_names())
def test_observations_are_the_pure_ones(name: str) -> None:
    """A compiled observation is the pure one, field by field and type by type (its log: the same
    parts, length, viewer and start), and so is its JSON, for every seat and a spectator at every
    action of random parties of every preset (Sizette's table-law mode, which the reference takes,
    included), undos included; a seat that is not one is refused, or taken, the same way; and a state
    of a subclass goes to the reference."""
    pure_observe, positions = pure_observe_of(name), 0
    for options in [{}, *({"preset": p} for p in find_game(name).presets)]:
        made = make_game(name, options)
        viewers = [*range(made.num_seats), None]
        for seed in range(4 * kit.SOAK):
            state, rng, extras = made.new_state(), random.Random(seed), [0]
            while state.to_move != TERMINAL and len(state.results) < 3:
                for viewer in viewers:
                    pure, ours = pure_observe(state, viewer), state.observation(viewer)
                    assert type(ours) is type(pure)
                    assert [type(x) for x in ours] == [type(x) for x in pure]
                    assert ours._replace(log=None) == pure._replace(log=None)
                    assert _log_fields(ours.log) == _log_fields(pure.log)
                    assert ours.to_json() == pure.to_json()
                    positions += 1
                view = log.log_view(state._log, viewers[-1], state._how, len(state.history))
                assert _log_fields(view) == _log_fields(log.pure_log_view(state._log, None, state._how,
                                                                          len(state.history)))
                state.apply(*reversed(kit.choose_random(state, rng, POLICY, extras)))
                if rng.random() < 0.05 and state.history:
                    state.undo()
    assert positions > 3000
    method = type(state).__dict__["observation"]   # the compiled observation itself, with no Python frame between
    assert isinstance(method, speedups.Method) and method.function is not pure_observe  # type: ignore[union-attr]
    bound = state.observation
    assert bound.__self__ is state and bound(0)._replace(log=None) == pure_observe(state, 0)._replace(log=None)
    state = make_game(name).new_state()
    for seat in (7, made.num_seats, -1, 1 << 70, "0", True, 1.0, None):
        outcomes = []
        for observe in (pure_observe, type(state).observation):
            try:
                outcomes.append(("made", observe(state, seat).to_json()))  # type: ignore[arg-type]
            except (ValueError, TypeError) as error:
                outcomes.append((type(error).__name__, str(error)))
        assert outcomes[0] == outcomes[1], seat

    class Other(type(state)):  # type: ignore[misc]
        __slots__ = ()

    other = Other(state.game)
    assert other.observation(0)._replace(log=None) == pure_observe(other, 0)._replace(log=None)


@needs_compiled
@pytest.mark.parametrize("name", game_names())
def test_an_observation_kept_never_changes(name: str) -> None:
    """The compiled observations, their log views and Piquet's tables are made again in place once nothing holds
    them (the caller and the position's JSON let them go): one a caller keeps, or whose log view or table it keeps,
    stays as it was made, whatever is observed after, while those let go are few objects used again."""
    made, rng = make_game(name), random.Random(5)
    kept: list[tuple[Any, object, object]] = []
    let_go: list[int] = []
    for _ in range(3):
        state = made.new_state()
        while state.outcome() is None:
            if state.to_move == game.CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            obs = state.observation(rng.choice([state.to_move, None]))
            obs.to_json()
            roll = rng.random()
            if roll < 0.05:   # the observation kept
                kept.append((obs, tuple(obs), _log_fields(obs.log)))
            elif roll < 0.1:   # its log view, or its table, kept alone
                part = getattr(obs, "table", obs.log)
                kept.append((part, tuple(part) if isinstance(part, tuple) else _log_fields(part), None))
            else:
                let_go.append(id(obs))
            del obs
            state.apply(rng.choice(state.moves()))
    for thing, fields, log_fields in kept:
        assert (tuple(thing) if isinstance(thing, tuple) else _log_fields(thing)) == fields
        if log_fields is not None:
            assert _log_fields(thing.log) == log_fields
    assert len(kept) > 20 and len(set(let_go)) < len(let_go) / 5


@pytest.mark.parametrize("name", ["whist", "mort"])
def test_whist_sheet_is_made_anew(name: str) -> None:
    """The sheet a Whist observation holds, kept in the state from one trick to the next (compiled: looked up
    and made a trick more in C), is at every action of random parties, undos included, the sheet made anew
    from the state, field by field."""
    made, checked = make_game(name), 0
    for seed in range(6 * kit.SOAK):
        state, rng, extras = made.new_state(), random.Random(seed), [0]
        while state.to_move != TERMINAL and len(state.results) < 3:
            sheet = state.observation(state.to_move if state.to_move >= 0 else None).sheet
            anew = whist._make_sheet(state, state._slow)
            assert sheet == anew and type(sheet) is type(anew)
            checked += 1
            state.apply(*reversed(kit.choose_random(state, rng, POLICY, extras)))
            if rng.random() < 0.05 and state.history:
                state.undo()
    assert checked > 1000


@needs_compiled
def test_sizette_legal_listed_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled Sizette observation lists the seat's legal actions itself when nothing is open to it but its
    moves and abandon (a card due from it; out of the cut and of the talk windows, the seat to move), and the talk
    of the seat to move in windows C1 and C2, as the Python lists them anew (its kept listing forgotten first); in
    the cut it asks the Python once for each case (whether the seat cuts, its side, that side's captain and changes
    made) and keeps that listing; in every other case it asks the Python. A Sizette and a Quadrette partie (two
    packs, two rank orders) are played side by side, a decision of one then of the other, with much talk."""
    from atout.games.sizette import turns
    from atout.games.sizette.phases import CARD_DUE, CUT, PLAY

    games = [make_game("sizette"), make_game("quadrette")]
    state_class = type(games[0].new_state())
    assert type(games[1].new_state()) is state_class
    python_legal = state_class.legal_actions
    asked: list[int | None] = []

    def legal_actions(state: Any, seat: int | None = None) -> object:
        asked.append(seat)
        return python_legal(state, seat)

    monkeypatch.setattr(state_class, "legal_actions", legal_actions)
    rng, talkative = random.Random(11), kit.Policy(talk=0.5, claim=0.0, table=0.0)
    listed_in_c = talk_in_c = asked_of_python = said = cut_kept = 0
    for _ in range(6):
        states, extras = [made.new_state() for made in games], [0]
        while any(state.outcome() is None for state in states):
            for state in states:
                if state.outcome() is not None:
                    continue
                if state.to_move == game.CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                for seat in range(state.n):
                    asked.clear()
                    legal = state.observation(seat).legal
                    state._lkey = -1   # the listing the observation kept forgotten: the Python's made anew
                    assert legal == python_legal(state, seat)
                    only_moves = (state.mode == CARD_DUE and seat == state.player) if state.mode == CARD_DUE else (
                        seat == state.to_move and state.phase != CUT
                        and (state.phase != PLAY or state.window not in turns.TALK_WINDOWS))
                    talk = (state.mode != CARD_DUE and seat == state.to_move and state.phase == PLAY
                            and state.window in turns.TALK_WINDOWS)
                    if only_moves or talk:
                        assert asked == [] and legal[-1] == turns.ABANDON_ONLY[0]
                        listed_in_c += only_moves
                        talk_in_c += talk and len(legal) > 10
                        said += talk and bool(state.talk)
                    elif state.mode != CARD_DUE and state.phase == CUT:
                        assert asked in ([], [seat])
                        cut_kept += not asked
                    else:
                        assert asked == [seat]
                        asked_of_python += 1
                state.apply(*reversed(kit.choose_random(state, rng, talkative, extras)))   # the talk said, struck out
    assert listed_in_c > asked_of_python / 10 > 0 and talk_in_c > 20 and said > 20 and cut_kept > 20


@needs_compiled
def test_piquet_points_are_one_row_per_value() -> None:
    """The compiled score gives a seat's points by category as one row object per value, whichever deal they come
    from (the row table keeps each), so that a row's JSON is found again by the row itself."""
    made, rng, rows = make_game("piquet"), random.Random(4), {}
    for _ in range(40):
        state = made.new_state()
        while state.to_move != TERMINAL:
            if state.to_move == game.CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for row in state.observation(state.to_move).table.categories:
                assert rows.setdefault(row, row) is row
            state.apply(rng.choice(state.moves()))
    assert len(rows) > 100


@needs_compiled
@pytest.mark.parametrize("options", [{}, {"trick_points": "ten_or_higher", "left_cards": "expose"}])
def test_piquet_table_is_made_anew(options: dict[str, object]) -> None:
    """The table every Piquet viewer is shown, made in C from the one kept in the state while the dialogue
    stands (the tricks fed to the kept tally), is at every action of random parties, undos and clones that
    play on from a shared table included, the table :func:`table_of` makes anew from the state, field by
    field; and the C code, not its fallback, makes most of them."""
    fallbacks: list[int] = []

    def counted(state: Any) -> Any:
        fallbacks.append(1)
        return piquet_view.table_of(state)

    made, checked = make_game("piquet", options), 0
    table = piquet_view.compiled_table(counted)
    try:
        for seed in range(8 * kit.SOAK):
            state, rng, extras = made.new_state(), random.Random(seed), [0]
            while state.to_move != TERMINAL and len(state.history) < 600:
                compiled = table(state)
                fresh = state.clone()
                fresh.public_cache = None
                anew = piquet_view.table_of(fresh)
                assert compiled == anew and type(compiled) is type(anew)
                assert list(map(type, compiled)) == list(map(type, anew))
                checked += 1
                if rng.random() < 0.05:   # a clone plays on from the table it shares, then is left
                    other = state.clone()
                    for _ in range(rng.randrange(1, 6)):
                        if other.to_move == TERMINAL:
                            break
                        table(other)
                        other.apply(*reversed(kit.choose_random(other, rng, POLICY, extras)))
                state.apply(*reversed(kit.choose_random(state, rng, POLICY, extras)))
                if rng.random() < 0.05 and state.history:
                    state.undo()
    finally:
        piquet_view.compiled_table()
    assert checked > 1000 and len(fallbacks) < checked / 20
    print(f"\n{checked} tables, {len(fallbacks)} made by the fallback")


@needs_compiled
@pytest.mark.parametrize(("name", "options"), games_and_presets())
def test_every_position_json_is_the_pure_pythons(name: str, options: dict[str, object]) -> None:
    code = (f"from tests.test_compiled import position_digest; "
            f"print(position_digest({name!r}, {options!r}, {PARTIES}))")
    pure = subprocess.run([sys.executable, "-c", code], env={**os.environ, "ATOUT_PURE_PYTHON": "1"}, cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    assert position_digest(name, options, PARTIES) == pure
    print(f"\n{name} {options}: {pure.split(' ', 1)[1]}, the same JSON")


@needs_compiled
@given(st.integers(0, (1 << cards.NUM_CARDS) - 1))
@example((1 << 30) - 1)   # the edges of an int's digits and of 64 bits, where the C code reads a set otherwise
@example(1 << 30)
@example((1 << 60) - 1)   # two digits and three
@example(1 << 60)
@example((1 << 64) - 1)
@example(1 << 64)
@example((1 << cards.NUM_CARDS) - 1)   # every card: a set read as bytes
def test_card_codes(bits: int) -> None:
    assert cards.card_codes(bits) == cards.pure_card_codes(bits)
    assert cards.card_codes(cards.CardSet(bits)) == cards.pure_card_codes(bits)


@needs_compiled
@given(st.integers(0, (1 << cards.NUM_CARDS) - 1))
def test_cards_of(bits: int) -> None:
    made = cards.cards_of(bits)
    assert made == cards.pure_cards_of(bits)
    assert all(map(operator.is_, made, cards.pure_cards_of(bits)))   # the very Card objects
    assert cards.cards_of(cards.CardSet(bits)) == made


@needs_compiled
def test_card_codes_refuses_what_is_not_a_set_of_cards() -> None:
    for bad, error in ((-1, ValueError), (-(1 << 100), ValueError), (1 << cards.NUM_CARDS, ValueError),
                       ((1 << 256) - 1, ValueError), (1 << 256, ValueError), ("KH", TypeError), (1.0, TypeError)):
        for compiled in (cards.card_codes, cards.cards_of):
            with pytest.raises(error):
                compiled(bad)  # type: ignore[arg-type]


@needs_compiled
@pytest.mark.parametrize("name", ["whist", "sizette"])
def test_common_json_reads_the_fields_as_the_object_gives_them(name: str) -> None:
    """The compiled common JSON reads a game's named tuple by index, and anything else (a field made
    a property by a subclass, fields in another order, an object that is not a tuple) by name, as
    the Python does; the codes of actions met are kept by address and stay right after an undo."""
    state, rng = make_game(name).new_state(), random.Random(3)
    seen = 0
    while state.to_move != TERMINAL and seen < 400:
        seen += 1
        obs = state.observation(state.to_move if state.to_move >= 0 else None)
        kind = type(obs)
        shadow = type("Shadow", (kind,), {"__slots__": (), "scores": property(lambda self: (7,) * len(self[11])),
                                          "legal": property(lambda self: self[12][::-1])})
        reordered = namedtuple("Reordered", list(reversed(kind._fields)))(*reversed(obs))  # type: ignore[misc]
        for other in (obs, shadow(*obs), reordered, SimpleNamespace(**obs._asdict())):
            assert game.common_json(other) == game.pure_common_json(other)
        assert game.common_json(shadow(*obs))["scores"] == [7] * len(obs.scores)
        late = type("Late", (kind,), {"__slots__": ()})   # read by index, until its class changes
        assert game.common_json(late(*obs)) == game.pure_common_json(obs)
        late.scores = property(lambda self: (8,) * len(self[11]))  # type: ignore[attr-defined]
        assert game.common_json(late(*obs))["scores"] == [8] * len(obs.scores)
        moves = state.moves()
        if moves:
            state.apply(rng.choice(moves))
            if rng.random() < 0.1:
                state.undo()
                state.apply(rng.choice(state.moves()))
        else:
            state.apply(state.sample_chance(rng))


def _talk_position() -> Any:
    """A Sizette observation whose seat may talk (some two hundred actions listed)."""
    state, rng = make_game("sizette").new_state(), random.Random(5)
    while state.to_move < 0 or not any(isinstance(a, Say) for a in state.legal_actions(state.to_move)):
        state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
    return state.observation(state.to_move)


@needs_compiled
@given(st.lists(st.tuples(st.integers(-1, 9), st.lists(st.integers(0, 400), max_size=60), st.booleans()), max_size=25))
def test_a_seats_same_listing_again_gives_its_same_list(steps: list[tuple[int, list[int], bool]]) -> None:
    """Listings of seats one after another — parts struck out or put in, reordered, the very same
    tuple again, a spectator, a seat past those whose last listing is kept —: the compiled JSON lists
    the pure one's codes, and the seat's same long listing again (a talk window's) gives its same list (shared,
    read only); a short one (a seat's cards) is listed anew."""
    obs = _talk_position()
    pool = obs.legal + tuple(cards.Card(c) for c in range(36))
    last: dict[int, tuple[tuple[object, ...], list[str]]] = {}
    for seat, picks, again in steps:
        listing = last[seat][0] if again and seat in last else tuple(pool[i % len(pool)] for i in picks)
        position = obs._replace(seat=None if seat < 0 else seat, legal=listing)
        made = game.common_json(position)["legal"]
        assert made == game.pure_common_json(position)["legal"] == [str(a) for a in listing]
        if again and seat in last and len(listing) >= 16 and 0 <= seat < 8:
            assert made is last[seat][1]
        last[seat] = (listing, made)


@needs_compiled
def test_actions_met_for_the_first_time_get_their_codes_among_known_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing whose actions are mostly known and some new (a statement no seat made before)
    gets every code right in the compiled common JSON, the new ones made one by one (the listing is
    not handed whole to the Python) and kept; an action
    whose notation fails raises its error, nothing half made."""
    obs = _talk_position()
    # room for what this test lists, whatever the tests before this one kept
    monkeypatch.setattr(game, "ACTION_CODES_KEPT", len(game._ACTION_CODES) + len(obs.legal))
    game.common_json(obs)   # every listed action known now
    fresh = (Say(Statement("count", cards.Suit.CLUBS, count=2)), Say(Statement("void", cards.Suit.SPADES, yes=True)))
    assert all(id(a) not in game._ACTION_CODES for a in fresh)
    monkeypatch.setattr(game, "ACTION_CODES_KEPT", len(game._ACTION_CODES) + len(fresh))
    mixed = obs._replace(legal=obs.legal[:3] + fresh[:1] + obs.legal[3:] + fresh[1:])
    assert speedups is not None
    helpers = game.COMPILED_HELPERS
    speedups.set_helpers(*helpers[:3], boom, *helpers[4:], game._FROZEN_LIMIT)   # the whole listing never handed back to Python
    try:
        made = game.common_json(mixed)["legal"]
    finally:
        speedups.set_helpers(*helpers, game._FROZEN_LIMIT)
    assert made == game.pure_common_json(mixed)["legal"] == [str(a) for a in mixed.legal]
    assert all(game._ACTION_CODES[id(a)] == str(a) for a in fresh)
    assert game.common_json(mixed)["legal"] == made
    full = Say(Statement("count", cards.Suit.DIAMONDS, count=3))   # no room left: its code made, not kept
    assert game.common_json(obs._replace(legal=obs.legal + (full,)))["legal"][-1] == str(full)
    assert id(full) not in game._ACTION_CODES

    class Mute(Say):
        def __str__(self) -> str:
            raise Boom

    with pytest.raises(Boom):
        game.common_json(obs._replace(legal=obs.legal[:2] + (Mute(Statement("count", cards.Suit.HEARTS, count=1)),)))


class Boom(Exception):
    pass


def boom(value: object) -> object:
    raise Boom




def _made_by_both(pure: Callable[[Any], Any], compiled: Callable[[Any], Any], value: object) -> list[Any]:
    """What the pure and the compiled maker each make of ``value`` (``None``: it raised :class:`Boom`; the
    type of a TypeError it raised)."""
    made: list[Any] = []
    for make in (pure, compiled):
        try:
            made.append(make(value))
        except Boom:
            made.append(None)
        except TypeError:
            made.append(TypeError)
    return made


@needs_compiled
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), max_size=40))
def test_frozen_json(steps: list[tuple[int, bool]]) -> None:
    """The compiled frozen_json and frozen_of make a value's JSON once per object, as the pure ones do: the
    same calls of ``make``, the same answers and the same table, cleared when full; frozen_of gives None
    for None; an error of ``make`` keeps nothing."""
    values: list[object] = [("a",), ("b",), None, ["c"], ("a",), ("fails",)]

    def made_by(calls: list[object]) -> Callable[[object], object]:
        def make(value: object) -> object:
            calls.append(value)
            if value == ("fails",):
                raise ValueError("no JSON")
            return [repr(value)]
        return make

    def play(frozen: Any, of: Any, table: dict[int, tuple[object, object]]) -> tuple[list[object], list[object]]:
        calls: list[object] = []
        make, out = made_by(calls), []
        for at, optional in steps:
            try:
                out.append(of(make, values[at]) if optional else frozen(values[at], make))
            except ValueError as error:
                out.append(str(error))
            out.append(sorted(table))
        return calls, out

    assert speedups is not None
    pure_table: dict[int, tuple[object, object]] = {}
    compiled_table: dict[int, tuple[object, object]] = {}
    saved = game._FROZEN_JSON, game._FROZEN_LIMIT
    game._FROZEN_JSON, game._FROZEN_LIMIT = pure_table, 3
    speedups.set_helpers(*game.COMPILED_HELPERS[:7], compiled_table, 3)
    try:
        assert play(game.pure_frozen_json, game.pure_frozen_of, pure_table) == play(
            speedups.frozen_json, speedups.frozen_of, compiled_table)
    finally:
        game._FROZEN_JSON, game._FROZEN_LIMIT = saved
        speedups.set_helpers(*game.COMPILED_HELPERS, game._FROZEN_LIMIT)


def test_keep_frozen_json() -> None:
    """keep_frozen_json sets how many values' JSON are kept, for the pure and the compiled frozen_json
    alike (the table emptied when full: never more than the limit), and refuses a limit below one."""
    saved = game._FROZEN_LIMIT
    values = [(n,) for n in range(7)]
    try:
        game.keep_frozen_json(3)
        for frozen in (game.pure_frozen_json, game.frozen_json):
            sizes = []
            for value in values:
                assert frozen(value, list) == list(value)
                sizes.append(len(game._FROZEN_JSON))
            assert sizes == [1, 2, 3, 1, 2, 3, 1]
            game.keep_frozen_json(3)
        with pytest.raises(ValueError, match="at least 1"):
            game.keep_frozen_json(0)
    finally:
        game.keep_frozen_json(saved)


@needs_compiled
@given(st.lists(st.integers(-3, 3), max_size=8).map(tuple) | st.lists(st.integers(-3, 3), max_size=8))
def test_json_list(items: tuple[int, ...] | list[int]) -> None:
    """The compiled json_list makes each item's JSON in order, as the pure one does; an error of ``make``
    comes out as it is; something that is not a sequence is refused with a TypeError."""
    assert speedups is not None

    def make(value: int) -> object:
        if value == 3:
            raise ValueError("no JSON")
        return {"value": value}

    outcomes = []
    for made_by in (game.pure_json_list, speedups.json_list):
        try:
            outcomes.append(made_by(make, items))
        except ValueError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]
    with pytest.raises(TypeError):
        speedups.json_list(make, 5)  # type: ignore[arg-type]


@needs_compiled
@given(st.lists(st.text(max_size=3), max_size=6).map(tuple) | st.lists(st.text(max_size=3), max_size=2),
       st.lists(st.integers(-3, 3), max_size=7).map(tuple) | st.lists(st.integers(-3, 3), max_size=7) | st.integers())
def test_json_dict(keys: tuple[str, ...] | list[str], values: tuple[int, ...] | list[int] | int) -> None:
    """The compiled json_dict gives the pure one's dict (its keys in order, a key named twice keeping its last
    value), and the same error for keys that are not a tuple, values that are no sequence, or values as many
    as the keys."""
    assert speedups is not None
    outcomes = []
    for made_by in (game.pure_json_dict, speedups.json_dict):
        try:
            made = made_by(keys, values)  # type: ignore[arg-type]
            outcomes.append((list(made.items()), None))
        except (TypeError, ValueError) as error:
            outcomes.append((None, type(error)))
    assert outcomes[0] == outcomes[1]
    fits = type(keys) is tuple and not isinstance(values, int) and len(values) == len(keys)
    assert (outcomes[0][0] is not None) == fits


_PACK_BITS = st.integers(0, (1 << 52) - 1)


@needs_compiled
@given(_PACK_BITS, _PACK_BITS, st.sets(st.integers(0, 9), max_size=3), st.lists(st.booleans(), min_size=4, max_size=4),
       st.lists(st.integers(0, 10**6), max_size=6), st.data())
def test_talk_listing(hand: int, unseen: int, mates: set[int], made: list[bool], picks: list[int],
                      data: st.DataObject) -> None:
    """The compiled talk_listing lists a Sizette seat's questions and statements as the pure one does: the same
    objects in the same order, what was said struck by identity (not from what comes before and after them),
    None while a suit's statements are not made; handed the last listing, that one when it is the same; a card past a per-card table is an IndexError both ways, and
    bad arguments are refused."""
    assert speedups is not None
    from atout.games.sizette import windows

    def suit_says(suit: int) -> tuple[object, ...]:
        return tuple(data.draw(st.lists(st.sampled_from(windows._HOLD_SAY), max_size=3))) + (object(),)

    says = {(hand & mask) << 2 | suit: suit_says(suit) for suit, mask in enumerate(cards.SUIT_MASK) if made[suit]}
    asks = tuple(windows._MATE_ASKS[m] for m in sorted(mates))
    pool = [*windows._HOLD_SAY, *windows._LACK_SAY, *(a for m in mates for a in windows._HOLD_ASKS[m]),
            *(a for m in mates for a in windows._SUIT_ASKS[m]), *(a for part in says.values() for a in part), object()]
    said = tuple(pool[p % len(pool)] for p in picks)
    before, after = said[:1] + (object(),) * data.draw(st.integers(0, 2)), (object(),) * data.draw(st.integers(0, 2))
    args = (cards.SUIT_MASK, says, windows._HOLD_SAY, windows._LACK_SAY, asks, hand, unseen, said, before, after)
    listed = speedups.talk_listing(*args)
    pure = windows.pure_talk_listing(*args)  # type: ignore[arg-type]
    if pure is None:
        assert listed is None and not all(made)
    else:
        assert listed is not None and len(listed) == len(pure) and all(map(operator.is_, listed, pure))
        assert all(map(operator.is_, listed[:len(before)], before)) and all(map(operator.is_, listed[len(listed) - len(after):], after))
        assert not any(a is b for a in listed[len(before):len(listed) - len(after)] for b in said)
        # the last listing handed back is that very one when it is the same, else a new one all the same
        assert speedups.talk_listing(*args, listed) is listed
        for last in (listed[:-1], (*listed, object()), (object(), *listed[1:]), None):
            again = speedups.talk_listing(*args, last)
            assert again is not last and all(map(operator.is_, again, pure)) and len(again) == len(pure)
        with pytest.raises(TypeError):
            speedups.talk_listing(*args, list(listed))
    short = windows._HOLD_SAY[:13]   # a per-card table that stops at the first suit's cards
    for bad_args in ((*args[:2], short, *args[3:]), (*args[:3], short, *args[4:])):
        outcomes = []
        for listing in (speedups.talk_listing, windows.pure_talk_listing):
            try:
                outcomes.append(listing(*bad_args))  # type: ignore[arg-type]
            except IndexError:
                outcomes.append("IndexError")
        assert outcomes[0] == outcomes[1] or all(map(operator.is_, outcomes[0], outcomes[1]))
    for bad in ((cards.SUIT_MASK[:3], *args[1:]), (*args[:5], -1, *args[6:]), (*args[:6], "unseen", *args[7:])):
        with pytest.raises(ValueError):
            speedups.talk_listing(*bad)  # type: ignore[arg-type]
    for bad in ((*args[:1], [], *args[2:]), (*args[:2], set(), *args[3:]), (*args[:4], ((),), *args[5:]),
                (*args[:4], ((1, []),), *args[5:]), (*args[:7], list(said), *args[8:]), (*args[:8], list(before), after),
                (*args[:9], list(after))):
        with pytest.raises(TypeError):
            speedups.talk_listing(*bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        speedups.talk_listing(*args[:9])  # type: ignore[call-arg]


@needs_compiled
@given(st.integers(-1, 5), st.lists(st.integers(0, cards.NUM_CARDS - 1), max_size=6), st.integers(-1, 5))
def test_trick_json(leader: int, played: list[int], winner: int) -> None:
    """The compiled trick_json makes a trick record's JSON as the pure one does, and as each game's trick
    record does; None for None; what is not a trick record is refused with a TypeError, a card id out of
    the table with a ValueError."""
    assert speedups is not None
    from atout.games.besigue.events import TrickRecord as BesigueTrick
    from atout.games.sizette.events import TrickRecord as SizetteTrick
    from atout.games.whist.events import TrickRecord as WhistTrick

    record = (leader, tuple(cards.Card(c) for c in played), winner)
    made = speedups.trick_json(record)
    assert made == game.pure_trick_json(record)
    for kind in (WhistTrick, SizetteTrick, BesigueTrick):
        assert speedups.trick_json(kind(*record)) == kind(*record).to_json() == made
    assert speedups.trick_json(None) is None is game.pure_trick_json(None)
    for bad in ((leader, played, winner), (leader, winner), "trick", 5):
        with pytest.raises(TypeError):
            speedups.trick_json(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        speedups.trick_json((leader, (cards.NUM_CARDS,), winner))



@needs_compiled
def test_method_takes_a_callable_and_binds() -> None:
    """A compiled Method refuses what it cannot call, and binds to an instance as a function does."""
    for bad in (3, None):
        with pytest.raises(TypeError, match="callable"):
            speedups.Method(bad)  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        speedups.Method()  # type: ignore[union-attr]

    class Holder:
        twice = speedups.Method(lambda self, x: (self, 2 * x))  # type: ignore[union-attr]

    holder = Holder()
    assert holder.twice(4) == (holder, 8) and Holder.twice(holder, 1) == (holder, 2)


def _dealer_odd_fails(dealer: int) -> int:
    if dealer % 2:
        raise Boom
    return dealer


_POSITIONS: list[tuple[object, ...]] = []


def _sizette_positions() -> list[tuple[object, ...]]:
    """Every seat's and a spectator's observations along a few Sizette parties (made once)."""
    if not _POSITIONS:
        made = make_game("sizette")
        for seed in range(2):
            state, rng = made.new_state(), random.Random(seed)
            while state.to_move != TERMINAL and len(_POSITIONS) < 1500:
                _POSITIONS.extend(state.observation(v) for v in (state.to_move if state.to_move >= 0 else None, None))
                state.apply(*reversed(kit.choose_random(state, rng, POLICY, [0])))
    return _POSITIONS


@needs_compiled
@given(st.lists(st.tuples(st.integers(0, 1499), st.sampled_from(["keep", "change", "drop", "again", "take"]),
                          st.booleans()), max_size=40))
def test_position_json(steps: list[tuple[int, str, bool]]) -> None:
    """Observations one after another (the same again, another seat's, a later one), the JSON
    given changed by its caller, kept or let go (then made again in place, its lists too), some of its
    lists kept when it is let go, a maker that fails on some values: the compiled PositionJSON gives the
    pure one's JSON and errors, and changes nothing its caller keeps."""
    positions = _sizette_positions()
    own = sizette_view._OWN
    parts = [(own + i, key, make) for i, (key, make) in enumerate(sizette_view._OWN_FIELDS) if key is not None]
    parts.append((own + 1, "dealer_again", _dealer_odd_fails))
    parts.insert(0, ((sizette_view.SizetteObservation._fields.index("tricks_won"), 1), "second_side_won", str))
    pure, compiled = game.PurePositionJSON(parts), speedups.PositionJSON(parts)  # type: ignore[union-attr]
    obs = positions[0]
    held: list[tuple[object, object]] = []   # the JSON its caller keeps, and a copy (let go: made again in place)
    for index, caller, let_go in steps:
        if caller != "again":
            obs = positions[index % len(positions)]
        results = _made_by_both(pure, compiled, obs)
        assert results[0] == results[1]
        assert all(json == copied for json, copied in held)   # what the caller keeps is never changed
        given_json = results[1]
        if given_json is not None and caller == "change":
            given_json["phase"] = "changed"
            given_json["hand_sizes"] = None
        elif given_json is not None and caller == "drop":
            del given_json["legal"]
        held.clear()
        if given_json is not None and caller == "take":   # its lists kept, the JSON let go
            held.extend((given_json[key], copy.deepcopy(given_json[key])) for key in ("hand", "trick", "played", "legal", "talk", "tricks"))
        elif not let_go:
            held.append((given_json, copy.deepcopy(given_json)))
        del results, given_json


@needs_compiled
@pytest.mark.parametrize("kept_every", [0, 3])
def test_position_json_grows_the_talk_in_place(kept_every: int) -> None:
    """A hand's talk and its tricks, grown from one position to the next, are given only their new items, in the very
    list the position's JSON held alone when its caller let that JSON go (a list made anew would live beside the old
    one, at another address); a JSON its caller keeps (every third one) is never changed; each is the pure one's."""
    positions = _sizette_positions()[::2]   # the seat to move's, in the order of play
    own = sizette_view._OWN
    parts = [(own + i, key, make) for i, (key, make) in enumerate(sizette_view._OWN_FIELDS) if key is not None]
    pure, compiled = game.PurePositionJSON(parts), speedups.PositionJSON(parts)  # type: ignore[union-attr]
    kept: list[tuple[object, object]] = []
    grown = {"talk": 0, "tricks": 0}
    last: dict[str, tuple[tuple[object, ...], int]] = {}
    for i, obs in enumerate(positions):
        made = compiled(obs)
        assert made == pure(obs)
        assert all(json == copied for json, copied in kept)
        for key in grown:
            items = getattr(obs, key)
            was, address = last.get(key, ((), 0))
            if len(was) < len(items) and all(map(operator.is_, was, items)) and id(made[key]) == address:
                grown[key] += 1
            last[key] = (items, id(made[key]))
        if kept_every and i % kept_every == 0:
            kept.append((made, copy.deepcopy(made)))
        del made
    if not kept_every:
        assert grown["talk"] > 20 and grown["tricks"] > 20, grown


@needs_compiled
@given(st.lists(st.integers(0, 1499), max_size=30))
def test_position_json_called_within_its_maker(indices: list[int]) -> None:
    """A maker that asks the same PositionJSON for another position's JSON, while it makes one: the compiled
    PositionJSON gives the pure one's JSON each time, the lists it makes again in place included."""
    positions = _sizette_positions()
    own = sizette_view._OWN
    parts = [(own + i, key, make) for i, (key, make) in enumerate(sizette_view._OWN_FIELDS) if key is not None]
    made: dict[str, Any] = {}

    def nested(kind: str) -> Callable[[object], object]:
        depth = [0]

        def make(value: object) -> object:   # the leader: another position's JSON made (once within), its hand
            if depth[0]:
                return None
            depth[0] += 1
            try:
                other = made[kind](positions[(int(value) * 7 + 3) % len(positions)])  # type: ignore[call-overload]
            finally:
                depth[0] -= 1
            return copy.deepcopy((other["hand"], other["trick"]))
        return make

    for kind, maker in (("pure", game.PurePositionJSON), ("compiled", speedups.PositionJSON)):  # type: ignore[union-attr]
        made[kind] = maker([(own + [key for key, _ in sizette_view._OWN_FIELDS].index("leader"), "nested", nested(kind)),
                            *parts])
    for index in indices:
        obs = positions[index % len(positions)]
        assert made["pure"](obs) == made["compiled"](obs)


@needs_compiled
@given(st.integers(1, 16), st.lists(st.tuples(st.integers(0, 20), st.sampled_from(["same", "equal", "fails", "within",
                                                                                 "none"])),
                                    max_size=60))
def test_recent_json(size: int, steps: list[tuple[int, str]]) -> None:
    """Values met again (the very same object, or an equal one), a value whose JSON fails, a make that asks its
    own RecentJSON for another value, None (its own JSON, never made nor kept): the compiled RecentJSON gives
    what the pure one gives, each time the same object for a value among the last ``size`` made, and a new one
    made for an equal value that is another object."""
    objects = [(n,) for n in range(21)]
    both: dict[str, Any] = {}

    def make_for(kind: str) -> Callable[[tuple[int]], object]:
        def make(value: tuple[int]) -> object:
            if value[0] == 13:
                raise Boom
            if value[0] == 7:   # made from another value's JSON, asked of this very object
                return ["seven", both[kind](objects[8])]
            return [value[0]]
        return make

    both["pure"] = game.PureRecentJSON(make_for("pure"), size)
    both["compiled"] = speedups.RecentJSON(make_for("compiled"), size)  # type: ignore[union-attr]
    alive: list[object] = []   # every value asked, held: an id stays its value's
    last: dict[str, dict[int, object]] = {"pure": {}, "compiled": {}}   # each value's JSON last given
    for n, how in steps:
        value = (objects[13] if how == "fails" else objects[7] if how == "within" else objects[n] if how == "same"
                 else None if how == "none" else (n,))
        alive.append(value)
        results = []
        for kind in ("pure", "compiled"):
            try:
                made = both[kind](value)
            except Boom:
                results.append(("boom", False))
                continue
            assert made is not None or value is None
            results.append((made, made is last[kind].get(id(value))))   # the same object: still kept
            last[kind][id(value)] = made
            assert both[kind](value) is made   # kept: the same object again at once
        assert results[0] == results[1]
    for bad in [(str, 0), (str, 17), (3, 2)]:
        for maker in (game.PureRecentJSON, speedups.RecentJSON):  # type: ignore[union-attr]
            with pytest.raises(ValueError, match="a callable and a size from 1 to 16"):
                maker(*bad)


@needs_compiled
@given(st.lists(st.tuples(st.sampled_from(["grow", "same", "shrink", "other", "first", "list", "fails", "number"]),
                          st.integers(0, 3)), max_size=30))
def test_growing_json(steps: list[tuple[str, int]]) -> None:
    """A tuple grown item by item, asked again, cut, replaced (whole, or its first item only), given as a
    list, with an item whose JSON fails, or a number that is no tuple: the compiled GrowingJSON gives the pure
    one's lists and errors."""
    def make(item: object) -> object:
        if item == "boom":
            raise Boom
        return [str(item)]

    pure, compiled = game.PureGrowingJSON(make), speedups.GrowingJSON(make)  # type: ignore[union-attr]
    items: tuple[object, ...] = ()
    for step, count in steps:
        if step == "grow":
            items = items + tuple(object() for _ in range(count + 1))
        elif step == "shrink":
            items = items[:count]
        elif step == "other":
            items = tuple(object() for _ in range(count))
        elif step == "first" and items:
            items = (object(), *items[1:])
        asked: object = (list(items) if step == "list" else (*items, "boom") if step == "fails"
                         else count if step == "number" else items)
        made = _made_by_both(pure, compiled, asked)
        assert made[0] == made[1]


@needs_compiled
@pytest.mark.parametrize("parts", [[(3, "a", None)], [(15, None, None)], [(15, 1, None)], [(15, "a")], ["a"],
                                   [("15", "a", None)], [(True, "a", None)], [(1 << 70, "a", None)], [(40_000, "a", None)],
                                   [((15, -1), "a", None)], [((15, 1 << 70), "a", None)], [((15, "0"), "a", None)],
                                   [((15, 0, 1), "a", None)], [((3, 0), "a", None)]])
def test_position_json_refuses_parts_alike(parts: list[object]) -> None:
    errors = []
    for made in (game.PurePositionJSON, speedups.PositionJSON):  # type: ignore[union-attr]
        with pytest.raises((TypeError, ValueError)) as error:
            made(parts)
        errors.append((error.type, str(error.value)))
    assert errors[0] == errors[1]


@needs_compiled
def test_position_json_takes_observations_of_its_fields_only() -> None:
    """A position that has not the part's field (an observation too short, a field that holds no such
    record), or that is not a tuple: the same errors both ways."""
    obs = _sizette_positions()[0]
    for parts in ([(40, "a", None)], [((15, 3), "a", None)]):
        errors = []
        for made in (game.PurePositionJSON(parts), speedups.PositionJSON(parts)):  # type: ignore[union-attr]
            for value in (obs, [1, 2]):
                with pytest.raises((TypeError, ValueError)) as error:
                    made(value)  # type: ignore[arg-type]
                errors.append((error.type, str(error.value)))
        assert errors[:2] == errors[2:]


@needs_compiled
@given(st.integers(0, 1), st.lists(st.tuples(st.integers(0, 8), st.integers(0, 1), st.integers(0, 70)), max_size=4),
       st.lists(st.tuples(st.integers(0, 1), st.integers(0, 51), st.integers(0, 51), st.integers(0, 1)), max_size=13),
       st.booleans(), st.one_of(st.none(), st.tuples(st.integers(0, 1), st.integers(0, 1))), st.booleans(),
       st.one_of(st.none(), st.tuples(st.integers(0, 20), st.sampled_from([2, -1, 64, 1 << 70, True, "0", None]))))
@example(0, [(1, 0, 5), (2, 0, 15)], [(0, 1, 0, 0)] * 12, False, None, True, None)   # the elder's pic and capot
@example(1, [(1, 1, 31)], [], True, (1, 1), True, None)                             # a repic
def test_piquet_deal_score(elder: int, declared: list[tuple[int, int, int]], tricks: list[tuple[int, int, int, int]],
                           rule_ten: bool, lead: tuple[int, int] | None, complete: bool,
                           odd: tuple[int, object] | None) -> None:
    """A Piquet deal's score from any declarations and finished tricks (and, now and then, one value out
    of range or of another type in them): the compiled count is the pure one, or fails as it does."""
    args: list[object] = [elder, declared, tricks, rule_ten, lead, complete]
    if odd is not None:   # one value made odd: a seat, a category, a card or the elder
        at, value = odd
        rows = [("declared", i, j) for i in range(len(declared)) for j in range(2)]
        rows += [("tricks", i, j) for i in range(len(tricks)) for j in range(4)]
        if at < len(rows):
            part, i, j = rows[at]
            items = declared if part == "declared" else tricks
            items[i] = (*items[i][:j], value, *items[i][j + 1:])  # type: ignore[assignment]
        else:
            args[0] = value
    args[2] = tuple(args[2])  # type: ignore[arg-type]
    outcomes = []
    for score in (piquet_play.pure_deal_score, piquet_play.deal_score):
        try:
            outcomes.append(score(*args))  # type: ignore[arg-type]
        except (IndexError, TypeError, ValueError) as error:
            outcomes.append((type(error).__name__, str(error)))
    assert outcomes[0] == outcomes[1]
    assert type(outcomes[0]) is type(outcomes[1])


@needs_compiled
def test_piquet_hand_sizes_are_one_object_per_pair_of_sizes() -> None:
    """The hands' sizes of a Piquet position: the same sizes, the very same tuple (its JSON is then kept)."""
    state, rng = make_game("piquet").new_state(), random.Random(3)
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    while state.to_move != TERMINAL:
        if state.to_move >= 0:
            sizes = state.observation(state.to_move).hand_sizes
            assert seen.setdefault(sizes, sizes) is sizes
        state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
    assert len(seen) > 5


@needs_compiled
@given(st.integers(0, 1), st.lists(st.tuples(st.integers(0, 8), st.integers(0, 1), st.integers(0, 70)), max_size=4),
       st.lists(st.tuples(st.integers(0, 1), st.integers(0, 31), st.integers(0, 31), st.integers(0, 1)), max_size=12),
       st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=1, max_size=30))
def test_piquet_deal_score_takes_up_its_last_count(elder: int, declared: list[tuple[int, int, int]],
                                                   tricks: list[tuple[int, int, int, int]],
                                                   calls: list[tuple[bool, bool, bool]]) -> None:
    """A deal's tricks counted as they grow (the same trick objects, call after call, as a deal's play
    hands them), the declarations, the ten rule and the repic now and then changed between two calls:
    the compiled count, which takes up its last one, is the pure one each time."""
    shown = tuple(tricks)
    k = 0
    for grow, change, rule_ten in calls:
        k = min(k + grow, len(shown))
        told = declared[:-1] if change and declared else declared
        args = (elder, told, shown[:k], rule_ten, None, not change)
        assert piquet_play.deal_score(*args) == piquet_play.pure_deal_score(*args)  # type: ignore[arg-type]


# ------------------------------------------------------------------------- a class's slots, in place

class Fields:
    __slots__ = ("a", "b", "c", "d")


class MoreFields(Fields):
    __slots__ = ("e",)


class LikeFields:   # the same names, not slots of the class the fields were made for
    a = b = c = d = e = None


FIELD_NAMES = ("a", "b", "c", "d", "e")
UNSET = object()


def _names(kind: type) -> tuple[str, ...]:
    return FIELD_NAMES[:4] if kind is Fields else FIELD_NAMES


def _made(kind: type, values: list[object]) -> object:
    made = kind()
    for name, value in zip(_names(kind), values, strict=False):
        if value is not UNSET:
            setattr(made, name, value)
    return made


def _outcome(call: object, *args: object) -> tuple[str, object]:
    try:
        return "ok", call(*args)  # type: ignore[operator]
    except (AttributeError, ValueError, TypeError) as error:
        return type(error).__name__, None


def _state(obj: object) -> list[object]:
    return [getattr(obj, name, UNSET) for name in _names(type(obj))]


@needs_compiled
@given(st.lists(st.sampled_from("abcd"), max_size=6, unique=True).map(tuple),
       st.sampled_from([Fields, MoreFields, LikeFields]), st.sampled_from([Fields, MoreFields, LikeFields]),
       st.lists(st.one_of(st.integers(), st.just(UNSET)), min_size=5, max_size=5),
       st.lists(st.integers(), max_size=6))
def test_slots_do_what_the_pure_fields_do(names: tuple[str, ...], source_kind: type, target_kind: type,
                                          values: list[object], put: list[object]) -> None:
    """The compiled getter, setter and copier against the generated Python ones, on objects of the
    class, of a subclass, of another class (read through their attributes), with fields unset, with
    as many values as names or not: the same results, the same errors, the same objects after."""
    from atout import fields
    compiled = speedups.Slots(Fields, names)  # type: ignore[union-attr]
    for pure_call, compiled_call, args in [
        (fields.pure_getter(names), compiled.get, 1),
        (fields.pure_setter(names), compiled.put, 2),
        (fields.pure_copier(names), compiled.copy, 3),
    ]:
        ours, theirs = _made(source_kind, values), _made(source_kind, values)
        other_ours, other_theirs = _made(target_kind, [UNSET] * 5), _made(target_kind, [UNSET] * 5)
        if args == 1:
            assert _outcome(compiled_call, ours) == _outcome(pure_call, theirs)
        elif args == 2:
            assert _outcome(compiled_call, ours, tuple(put)) == _outcome(pure_call, theirs, tuple(put))
        else:
            assert _outcome(compiled_call, ours, other_ours)[0] == _outcome(pure_call, theirs, other_theirs)[0]
        assert _state(ours) == _state(theirs) and _state(other_ours) == _state(other_theirs)


@needs_compiled
def test_slots_are_made_for_slots_only() -> None:
    class Odd:
        __slots__ = ("x",)
        y = property(lambda self: 1)

        def z(self) -> None: ...

    class Guarded:   # a class that writes its attributes its own way: its fields through it
        __slots__ = ("x",)

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError("read only")

    for owner, names in [(Odd, ("y",)), (Odd, ("z",)), (Odd, ("missing",)), (Odd, ("x", "y")), (Guarded, ("x",))]:
        with pytest.raises(ValueError):
            speedups.Slots(owner, names)  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        speedups.Slots(Odd(), ("x",))  # type: ignore[union-attr, arg-type]
    from atout import fields
    assert fields.getter(("y",), Odd) is fields.pure_getter(("y",))   # not slots: the Python functions
    assert fields.getter(("x",), Odd) is not fields.pure_getter(("x",))


@needs_compiled
def test_slots_let_their_class_go() -> None:
    import gc
    import weakref

    from atout import fields

    kind = type("Passing", (), {"__slots__": ("x",)})
    kind.snap = speedups.Slots(kind, ("x",)).get  # type: ignore[attr-defined, union-attr]   # a cycle through the class
    kind.put = staticmethod(fields.setter(("x",), kind))  # type: ignore[attr-defined]    # kept by nothing else
    gone = weakref.ref(kind)
    del kind
    gc.collect()
    assert gone() is None


@needs_compiled
def test_every_state_snapshot_is_compiled() -> None:
    """Every game's state takes its snapshot, undo and clone through the compiled fields."""
    for name in game_names():
        kind = type(make_game(name, {}).new_state())
        for made in (kind._snap, kind._put, kind._copy_slots):
            assert type(made).__name__ == "builtin_function_or_method", (name, made)

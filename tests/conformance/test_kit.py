"""Every registered game, and the toy game of this folder, passes the conformance kit.

The cases are every game of ``atout.games.game_names()`` (plus :mod:`tests.toygame`,
registered for this module only) with each of its option sets (:func:`kit.configurations`).
The counts below keep the whole kit within a CI budget; each test prints what it covered
(``pytest -s`` or ``-rP`` shows it).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from atout.errors import OptionError
from atout.game import CHANCE, TERMINAL, Game, Options, State, fold_name, parse_option_pairs
from atout.games import find_game, game_names, make_game
from tests.conformance import kit
from tests.toygame import ToyGame, registered

# Hands (deals) of random play per game, shared among its option sets (the defaults get a quarter);
# every set gets at least MIN_HANDS. Heuristic play likewise, over the defaults and the presets.
# ATOUT_SOAK multiplies them (kit.SOAK).
RANDOM_HANDS = 600 * kit.SOAK
HEURISTIC_HANDS = 180 * kit.SOAK
MIN_HANDS = 12 * kit.SOAK
UNDO_PARTIES = 3
RECORD_PARTIES = 12
POISON_PARTIES = 16
POISON_TRIALS = 12
FROM_DEAL_HANDS = 60


def _cases() -> tuple[list[str], list[tuple[str, str, dict[str, object]]]]:
    with registered():
        names = game_names()
        cases = [(name, label, options) for name in names for label, options in kit.configurations(find_game(name))]
    return names, cases


GAMES, CASES = _cases()
HEURISTIC_CASES = [c for c in CASES if c[1] == "default" or c[1].startswith("preset=")]


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    with registered():
        yield


def share(name: str, label: str, total: int, cases: list[tuple[str, str, dict[str, object]]]) -> int:
    """The hands one option set of ``name`` plays out of the game's ``total`` (the toy: a fifth)."""
    total = total // 5 if name == ToyGame.name else total
    count = sum(1 for c in cases if c[0] == name)
    if count == 1:
        return total
    if label == "default":
        return max(MIN_HANDS, total // 4)
    return max(MIN_HANDS, (total - total // 4) // (count - 1))


def ids(case: tuple[str, str, dict[str, object]]) -> str:
    return f"{case[0]}-{case[1]}"


def run(game: Game, hands: int, seed: int, bots: Any = None) -> kit.Stats:
    """Parties of ``game`` with every check until ``hands`` hands are scored; ``bots(seed)`` gives
    a :class:`kit.BotPolicy` (default: random play)."""
    stats = kit.Stats()
    while stats.hands < hands:
        state = game.new_state()
        policy = bots(seed) if bots is not None else None
        try:
            kit.play_partie(state, seed, stats, bots=policy)
        except AssertionError as err:
            raise AssertionError(f"{game!r} seed {seed}, after {len(state.history)} actions "
                                 f"(last {state.history[-1:]!r}): {err}") from err
        seed += 1
    return stats


# ------------------------------------------------------------------------------ the spec


@pytest.mark.parametrize("name", GAMES)
def test_game_spec(name: str) -> None:
    """Name, aliases, titles, options and presets, seats and sides, the pack."""
    cls = find_game(name)
    assert cls.name == name and fold_name(name) == name
    for alias in (name, name.upper(), *cls.aliases):
        assert find_game(alias) is cls
    assert cls.title.get("en") and cls.title.get("fr")
    for spec in cls.option_specs:
        assert spec.help_en and spec.help_fr and spec.source, spec.name
        assert spec.parse(spec.default) == spec.default
    game = make_game(name)
    assert set(game.options) == {s.name for s in cls.option_specs}
    assert game.sides.num_seats == game.num_seats
    assert len(game.pack) >= game.num_seats
    for label, options in kit.configurations(cls):
        configured = make_game(name, options)
        again = make_game(name, parse_option_pairs(configured.options.text()))
        assert dict(again.options) == dict(configured.options), label
    with pytest.raises(OptionError):
        make_game(name, {"preset": "no such preset"})
    with pytest.raises(OptionError):
        Options(cls.option_specs, {"no_such_option": "1"}, cls.presets)


# ------------------------------------------------------------------------------ play


@functools.cache
def sample_parties(name: str) -> tuple[State, ...]:
    """Finished (or stopped) parties of ``name``, random play of every kind, cycling its option sets."""
    configs = kit.configurations(find_game(name))
    out = []
    for i in range(max(POISON_PARTIES, RECORD_PARTIES, UNDO_PARTIES)):
        state = make_game(name, configs[i % len(configs)][1]).new_state()
        rng, extras = random.Random(7000 + i), [0]
        while state.to_move != TERMINAL and len(state.results) < kit.Policy().max_results:
            seat, action = kit.choose_random(state, rng, kit.Policy(), extras)
            state.apply(action, seat)
        out.append(state)
    return tuple(out)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_random_play(case: tuple[str, str, dict[str, object]]) -> None:
    """Random actions of every kind, every check after every action, over many deals."""
    name, label, options = case
    hands = share(name, label, RANDOM_HANDS, CASES)
    stats = run(make_game(name, options), hands, seed=1000 * (CASES.index(case) + 1))
    print(f"\n{name} {label} random: {stats.line()}")
    assert stats.hands >= hands
    assert stats.kinds["move"] > 0 and stats.kinds["chance"] > 0
    assert stats.refusals > 0 and stats.round_trips > 0


@pytest.mark.parametrize("case", HEURISTIC_CASES, ids=ids)
def test_heuristic_play(case: tuple[str, str, dict[str, object]]) -> None:
    """The same checks with every seat played by the game's heuristic bot (skipped if it has none)."""
    name, label, options = case
    from atout.bots.registry import bot_names, make_bot

    game = make_game(name, options)
    if "heuristic" not in bot_names(game):
        pytest.skip(f"{name} has no heuristic bot")
    hands = share(name, label, HEURISTIC_HANDS, HEURISTIC_CASES)

    def bots(seed: int) -> kit.BotPolicy:
        return kit.BotPolicy(game, "heuristic", seed, make_bot)

    stats = run(game, hands, seed=50_000, bots=bots)
    print(f"\n{name} {label} heuristic: {stats.line()}")
    assert stats.hands >= hands


@pytest.mark.parametrize("name", GAMES)
def test_from_deal(name: str) -> None:
    """States made by ``state_from_deal`` pass the same checks; replay and undo start from the deal."""
    game = make_game(name)
    deals = [a for state in sample_parties(name) for s, a in state.history
             if s == CHANCE and getattr(a, "hands", None) is not None]
    assert deals, f"{name}: no deal in the sample parties"
    stats = kit.Stats()
    undone = refused = 0
    for i, deal in enumerate(deals[:FROM_DEAL_HANDS]):
        try:
            state = game.state_from_deal(deal)
        except NotImplementedError:
            pytest.skip(f"{name} cannot start from a deal")
        except kit.ERRORS:
            refused += 1  # a deal that does not fit the default setup (another dealer, say)
            continue
        assert state.setup is not None and [a for _, a in state.history[:1]] == [deal]
        kit.play_partie(state, 90_000 + i, stats, policy=kit.Policy(max_results=len(state.results) + 2))
        if undone < 200:
            undone += kit.check_undo(state)
    print(f"\n{name} from deals: {stats.line()}, {undone} undos, {refused} deals refused")
    assert stats.parties > 0, "no deal of the sample parties fits the default setup"


@pytest.mark.parametrize("name", GAMES)
def test_undo(name: str) -> None:
    """Undo back to the start, on a few whole parties."""
    undone = sum(kit.check_undo(state) for state in sample_parties(name)[:UNDO_PARTIES])
    print(f"\n{name}: {undone} undos")
    assert undone > 0


@pytest.mark.parametrize("name", GAMES)
def test_record_round_trip(name: str) -> None:
    """A record of the partie replays to the same state."""
    for state in sample_parties(name)[:RECORD_PARTIES]:
        kit.check_record(state)


@pytest.mark.parametrize("name", GAMES)
def test_no_leak_by_poisoning(name: str) -> None:
    """Cards a viewer cannot know, dealt otherwise, leave its observation unchanged."""
    stats = kit.PoisonStats()
    rng = random.Random(11)
    for state in sample_parties(name)[:POISON_PARTIES]:
        kit.poison(state, rng, POISON_TRIALS, stats)
    print(f"\n{name} poisoning: {stats}")
    assert stats.compared >= POISON_PARTIES * POISON_TRIALS // 3, stats


@pytest.mark.parametrize("name", GAMES)
def test_sample_chance_fixed(name: str) -> None:
    """``sample_chance(rng, fixed)`` gives each named seat the cards it must receive."""
    rng = random.Random(5)
    tried = 0
    for state in sample_parties(name)[:4]:
        for k, (seat, action) in enumerate(state.history):
            if seat != CHANCE or getattr(action, "hands", None) is None:
                continue
            before = kit.replayed(state, state.history[:k])
            fixed = {s: type(h).of(list(h)[: rng.randrange(len(h) + 1)]) for s, h in enumerate(action.hands)
                     if rng.random() < 0.5}
            dealt = before.sample_chance(rng, fixed)
            before.apply(dealt)
            for s, cards in fixed.items():
                hand = before.observation(s).hand
                assert hand is not None and set(cards) <= set(hand), f"seat {s} must receive {cards}: {hand}"
            tried += 1
    assert tried > 0

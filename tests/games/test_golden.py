"""Golden playthroughs: seeded parties (random moves, the chance from the same seeded
``random.Random``) written step by step — the mover's moves, the action taken, the spectator's
position, what each seat's position adds to it (its hand and its legal actions), and the log
entries the action added as the spectator sees them (and as a seat sees them where that differs) —
and compared with the committed files in ``tests/games/golden/``. Deals are written in full (every
card, the pack in its order), so the files do not depend on the random generator.

Regenerate after an intended change with ``ATOUT_UPDATE_GOLDEN=1 pytest tests/games/test_golden.py``
and review the diff.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from atout.game import CHANCE
from tests.games.helpers import make

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("ATOUT_UPDATE_GOLDEN") == "1"
OWN = ("seat", "hand", "legal")   # what a seat's observation adds to the spectator's

CASES = [
    ("sizette_seed1", "sizette", {"target_points": 2}, 1),
    ("sizette_seed2", "sizette", {"target_points": 2}, 2),
    ("quadrette_seed1", "quadrette", {"target_points": 2}, 1),
    ("besigue_seed1", "besigue", {"target": 150}, 1), ("besigue_players4", "besigue", {"players": 4, "target": 120}, 2),
    ("piquet_seed1", "piquet", {"partie": "points", "target": "100"}, 1),
    ("piquet_seed2", "piquet", {"partie": "rubicon4", "left_cards": "expose", "younger_min_exchange": 0}, 2),
    ("whist_short4", "whist", {"preset": "short"}, 4), ("mort_short2", "mort", {"preset": "short", "rubbers": 1}, 2),
]


def compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def observations(state: Any, since: int) -> list[str]:
    """The spectator's position, then per seat only what it adds (every other field must be the
    spectator's); the log entries numbered ``since`` and on, the spectator's, then a seat's where
    they differ."""
    spectator = state.observation(None)
    public = spectator.to_json()
    log = spectator.log.to_json(since)
    lines = ["obs -: " + compact(public)]
    if log:
        lines.append("log -: " + compact(log))
    for seat in range(state.game.num_seats):
        obs = state.observation(seat)
        own = OWN + tuple(getattr(obs, "private_fields", ()))  # a game's other fields for the seat alone
        data = obs.to_json()
        assert {k: v for k, v in data.items() if k not in own} == {k: v for k, v in public.items() if k not in own}
        lines.append(f"obs {seat}: " + compact({k: data[k] for k in own}))
        seen = obs.log.to_json(since)
        if seen != log:
            lines.append(f"log {seat}: " + compact(seen))
    return lines


def playthrough(game_name: str, options: dict[str, Any], seed: int) -> str:
    game = make(game_name, options)
    state = game.new_state()
    rng = random.Random(seed)
    lines = [f"# atout golden playthrough: {game_name} {game.options.text()} seed={seed}"]
    lines += observations(state, 0)
    step = 0
    while state.outcome() is None:
        mover = state.to_move
        lines.append(f"== step {step}")
        if mover == CHANCE:
            action = state.sample_chance(rng)
            lines.append("moves chance")
        else:
            moves = state.moves()
            lines.append(f"moves {mover}: " + " | ".join(str(a) for a in moves))
            action = rng.choice(moves)
        since = state.log_length()
        state.apply(action)
        lines.append(f"action {mover}: {action}")
        lines += observations(state, since)
        step += 1
    outcome = state.outcome()
    lines.append(f"== end scores={list(outcome.scores)} winners={list(outcome.winners)} reason={outcome.reason} "
                 f"results={len(state.results)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name, game_name, options, seed", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name: str, game_name: str, options: dict[str, Any], seed: int) -> None:
    path = GOLDEN / f"{name}.txt"
    text = playthrough(game_name, options, seed)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}: run with ATOUT_UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for number, (want, have) in enumerate(zip(expected, got), start=1):
        assert have == want, f"{path.name} line {number} differs:\n  golden: {want}\n  now:    {have}"
    assert len(got) == len(expected), f"{path.name}: {len(got)} lines now, {len(expected)} in the golden file"


def test_playthrough_is_deterministic() -> None:
    assert playthrough("quadrette", {"target_points": 1}, 7) == playthrough("quadrette", {"target_points": 1}, 7)

"""Golden playthroughs: seeded parties (random legal play, the chance from the same seeded
``random.Random``) written step by step — the mover's legal moves, the action taken, and every
seat's observation — and compared with the committed files in ``tests/games/golden/``.

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

CASES = [
    ("sizette_seed1", "sizette", {"target_points": 2}, 1),
    ("sizette_seed2", "sizette", {"target_points": 2}, 2),
    ("quadrette_seed1", "quadrette", {"target_points": 2}, 1),
]


def compact(obs: Any) -> str:
    return json.dumps(obs.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def playthrough(game_name: str, options: dict[str, Any], seed: int) -> str:
    game = make(game_name, options)
    state = game.new_state()
    rng = random.Random(seed)
    n = game.num_seats
    lines = [f"# atout golden playthrough: {game_name} {game.options.text()} seed={seed}"]
    lines += [f"obs {s}: {compact(state.observation(s))}" for s in range(n)]
    step = 0
    while not state.is_terminal():
        mover = state.to_move
        lines.append(f"== step {step}")
        if mover == CHANCE:
            action = state.sample_chance(rng)
            lines.append("legal chance")
        else:
            moves = list(state.legal_actions())
            lines.append(f"legal {mover}: " + " | ".join(str(a) for a in moves))
            action = rng.choice(moves)
        state.apply(action)
        lines.append(f"action {mover}: {action}")
        lines += [f"obs {s}: {compact(state.observation(s))}" for s in range(n)]
        step += 1
    lines.append(f"== end scores={state.scores} winner_team={state.winner_team} reason={state.end_reason} "
                 f"hands={len(state.results)}")
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

"""The project stands alone: its documentation cites what a user has.

Every option's ``decision`` names an entry of ``docs/rules/decisions.md``; no user-facing text (the
sources' docstrings, the docs, the README) cites the maintainers' private reference material or
its decision codes.
"""

from __future__ import annotations

import re
from pathlib import Path

from atout.games import find_game, game_names

ROOT = Path(__file__).resolve().parents[1]
DECISIONS = ROOT / "docs" / "rules" / "decisions.md"
PRIVATE = re.compile(r"\.\./shared|RULES\.md|\bseeds?\s+0\d\d\b|\bDP-[A-Z]+\d*")


def decision_anchors() -> set[str]:
    return {line[4:].strip() for line in DECISIONS.read_text(encoding="utf-8").splitlines() if line.startswith("### ")}


def test_every_option_decision_is_documented() -> None:
    anchors = decision_anchors()
    missing = [f"{name}.{spec.name} -> {spec.decision}" for name in game_names()
               for spec in find_game(name).option_specs if spec.decision and spec.decision not in anchors]
    assert not missing, missing


def test_every_option_names_its_source() -> None:
    bare = [f"{name}.{spec.name}" for name in game_names() for spec in find_game(name).option_specs
            if not spec.source.strip()]
    assert not bare, bare


def test_user_facing_text_cites_nothing_private() -> None:
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "src").rglob("*.py")]
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PRIVATE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_scan_catches_each_private_form() -> None:
    for text in ("see ../shared/rules", "RULES.md §1.8", "seed 000 §3", "DP-SZ13"):
        assert PRIVATE.search(text), text
    assert not PRIVATE.search("decisions.md#first-dealer; Lalanne, La Sizette §7")

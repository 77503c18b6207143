"""The layer contract: each layer imports only the layers above it (GUIDE.md), and the rules
layer uses the standard library only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "atout"

# lower number = higher layer; a module may import from its own layer or a lower number
LAYERS = {"core": 0, "games": 1, "record": 2, "bots": 3, "bench": 4, "cli": 4}
CORE = {"__init__", "actions", "cards", "chance", "packs", "seats", "dealing", "tricks", "game", "errors"}


def layer_of(module: str) -> str:
    parts = module.split(".")
    assert parts[0] == "atout", module
    if len(parts) == 1 or parts[1] in CORE:
        return "core"
    return parts[1]


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_every_module_belongs_to_a_layer() -> None:
    for path in SRC.rglob("*.py"):
        assert layer_of(module_name(path)) in LAYERS, path


def test_layers_import_only_upwards() -> None:
    bad = []
    for path in SRC.rglob("*.py"):
        mine = layer_of(module_name(path))
        for target in imports(path):
            if target.split(".")[0] != "atout":
                continue
            theirs = layer_of(target)
            if LAYERS[theirs] > LAYERS[mine]:
                bad.append(f"{module_name(path)} ({mine}) imports {target} ({theirs})")
    assert not bad, "\n".join(bad)


def test_rules_layer_uses_the_standard_library_only() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    bad = []
    for path in list(SRC.glob("*.py")) + list((SRC / "games").rglob("*.py")):
        if layer_of(module_name(path)) not in ("core", "games"):
            continue
        for target in imports(path):
            top = target.split(".")[0]
            if top != "atout" and top not in stdlib:
                bad.append(f"{module_name(path)} imports {target}")
    assert not bad, "\n".join(bad)


def test_the_contract_catches_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from atout.cli.main import main\nimport atout.record\n")
    assert [LAYERS[layer_of(t)] for t in imports(bad)] == [4, 2]

"""The layer contract and the project's grep invariants, checked on the source tree.

- Each layer imports only the layers above it (GUIDE.md), and the rules layer uses the standard
  library only.
- A game's package is imported only by its own modules and by the modules written for it: any
  module whose dotted name has a part named after the game (``atout.bots.sizette``,
  ``atout.cli.render.sizette``, ``atout.cli.render.sizette_talk``), and the modules of a game
  derived from it (Quadrette's ``Game`` class derives from Sizette's, so ``atout.games.quadrette``
  may import ``atout.games.sizette``). Everything else goes through the contract
  (``atout.game``) and the registry (``atout.games``), which names game modules by string.
- Who plays with whom is decided only by a :class:`~atout.seats.Sides`: no ``seat % 2`` or
  ``seat & 1`` team logic, no ``… % 2 == …`` parity comparison, outside ``seats.py``.
- Card ids are computed only in ``cards.py``: no ``// 13``, ``% 13``, ``// 52``, ``% 52`` elsewhere.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from atout.games import find_game, game_names

SRC = Path(__file__).resolve().parents[1] / "src" / "atout"

# lower number = higher layer; a module may import from its own layer or a lower number
LAYERS = {"core": 0, "games": 1, "record": 2, "bots": 3, "bench": 4, "bench_search": 4, "cli": 4, "server": 4}
CORE = {"__init__", "actions", "cards", "chance", "packs", "seats", "dealing", "tricks", "game", "errors", "events",
        "fields", "history", "log", "packed", "refusals", "view", "words", "card_play",
        "machine", "confidence",   # how every command that prints figures states them
        "processes",
        "compiled", "_speedups"}               # worker processes that leave with their parent (the server's, the arena's)
FACADE = "atout"   # the package itself re-exports the public names, the registry of games among them
REGISTRY = "atout.games"
SEAT_WORDS = ("seat", "player", "leader", "dealer", "winner", "mover", "team", "side", "captain", "asker",
              "holder", "partner", "target", "who", "turn")


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


def sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def imports_in(tree: ast.AST, module: str = "atout", is_package: bool = False) -> list[str]:
    """Every module an import names, relative imports resolved against ``module``; for
    ``from a import b`` both ``a`` and ``a.b`` (``b`` may be a submodule)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".")
                if not is_package:
                    package = package[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append(base)
            found.extend(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return [f for f in found if f]


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return imports_in(tree, module_name(path), path.name == "__init__.py")


def test_every_module_belongs_to_a_layer() -> None:
    for path in sources():
        assert layer_of(module_name(path)) in LAYERS, path


def test_layers_import_only_upwards() -> None:
    bad = []
    packages = set(game_packages())
    for path in sources():
        mine = layer_of(module_name(path))
        for target in imports(path):
            if target.split(".")[0] != "atout":
                continue
            theirs = layer_of(target)
            head, _, name = target.rpartition(".")
            if module_name(path) == FACADE and (target == REGISTRY or (head == REGISTRY and name not in packages)):
                continue   # the registry and its functions (it names game packages by string): nothing of a game
            if theirs in LAYERS and LAYERS[theirs] > LAYERS[mine]:
                bad.append(f"{module_name(path)} ({mine}) imports {target} ({theirs})")
    assert not bad, "\n".join(sorted(set(bad)))


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


def test_the_contract_catches_an_upward_import() -> None:
    bad = ast.parse("from atout.cli.main import main\nimport atout.record\n")
    assert [LAYERS[layer_of(t)] for t in imports_in(bad)] == [4, 4, 2]
    tree = ast.parse("from ..record import replay\nfrom . import state\n")
    assert imports_in(tree, "atout.games.sizette.play") == [
        "atout.games.record", "atout.games.record.replay", "atout.games.sizette", "atout.games.sizette.state"]
    assert imports_in(ast.parse("from .. import game"), "atout.bots.sizette", is_package=True) == [
        "atout.bots", "atout.bots.game"]


# ------------------------------------------------------------------------------ games by the contract


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in (SRC / "games").glob("*/__init__.py"))


def derived_from() -> dict[str, set[str]]:
    """For each registered game, the games whose ``Game`` class its own class derives from."""
    classes = {name: find_game(name) for name in game_names()}
    return {name: {other for other, base in classes.items() if base is not cls and issubclass(cls, base)}
            for name, cls in classes.items()}


def may_import_game(module: str, game: str, games: list[str], bases: dict[str, set[str]]) -> bool:
    """Whether ``module`` may import ``atout.games.<game>``: a dotted part of ``module`` names a game
    (``sizette``, or ``sizette_…``) that is ``game`` or derives from it."""
    for part in module.split(".")[1:]:
        named = part if part in games else part.split("_")[0]
        if named in games and (named == game or game in bases.get(named, set())):
            return True
    return False


def game_import_violations(module: str, targets: list[str], games: list[str], bases: dict[str, set[str]]) -> list[str]:
    bad = []
    for target in targets:
        parts = target.split(".")
        if (parts[:2] == ["atout", "games"] and len(parts) > 2 and parts[2] in games
                and not may_import_game(module, parts[2], games, bases)):
            bad.append(f"{module} imports {target}")
    return bad


def test_games_are_imported_only_by_their_own_modules() -> None:
    games, bases = game_packages(), derived_from()
    bad = []
    for path in sources():
        bad += game_import_violations(module_name(path), imports(path), games, bases)
    assert not bad, "\n".join(sorted(set(bad)))


def test_the_game_import_rule_catches_a_stray_import() -> None:
    games, bases = ["sizette", "quadrette"], {"quadrette": {"sizette"}, "sizette": set()}
    allowed = ["atout.games.sizette.state", "atout.games.quadrette", "atout.bots.sizette.play",
               "atout.cli.render.sizette", "atout.cli.render.sizette_talk", "atout.cli.render.quadrette"]
    for module in allowed:
        assert not game_import_violations(module, ["atout.games.sizette.actions"], games, bases), module
    for module in ("atout.cli.play", "atout.record.writer", "atout.bots.random_bot", "atout.games",
                   "atout.cli.render.sizettes"):
        assert game_import_violations(module, ["atout.games.sizette.actions"], games, bases), module
    assert game_import_violations("atout.games.sizette.state", ["atout.games.quadrette"], games, bases)
    tree = ast.parse("from atout.games import sizette\n")
    assert game_import_violations("atout.cli.play", imports_in(tree), games, bases)


# ------------------------------------------------------------------------------ sides and card ids


def _text(node: ast.AST) -> str:
    return ast.unparse(node).lower()


def team_logic(tree: ast.AST) -> list[str]:
    """``seat % 2``, ``seat & 1`` (a seat-like operand) and ``… % 2 == …`` comparisons in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant):
            parity = (isinstance(node.op, ast.Mod) and node.right.value == 2) or (
                isinstance(node.op, ast.BitAnd) and node.right.value == 1
                and not (isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.RShift)))
            if parity and any(word in _text(node.left) for word in SEAT_WORDS):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if (isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mod) and isinstance(side.right, ast.Constant)
                        and side.right.value == 2):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def card_arithmetic(tree: ast.AST) -> list[str]:
    """``// 13``, ``% 13``, ``// 52``, ``% 52`` in ``tree``: computing with card ids."""
    return [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.FloorDiv, ast.Mod))
            and isinstance(node.right, ast.Constant) and node.right.value in (13, 52)]


def test_no_team_logic_outside_sides() -> None:
    bad = []
    for path in sources():
        if path != SRC / "seats.py":
            bad += [f"{module_name(path)} {hit}" for hit in team_logic(ast.parse(path.read_text(encoding="utf-8")))]
    assert not bad, "team logic outside a Sides definition:\n" + "\n".join(bad)


def test_no_card_id_arithmetic_outside_cards() -> None:
    bad = []
    for path in sources():
        if path != SRC / "cards.py":
            bad += [f"{module_name(path)} {hit}" for hit in card_arithmetic(ast.parse(path.read_text(encoding="utf-8")))]
    assert not bad, "card ids computed outside cards.py:\n" + "\n".join(bad)


def test_the_invariant_scans_catch_what_they_forbid() -> None:
    flagged = ["team = seat % 2", "if s.winner & 1 != team: pass", "x = 1 - (mover & 1)",
               "same = a % 2 == b % 2", "t = self.dealer % 2"]
    for source in flagged:
        assert team_logic(ast.parse(source)), source
    for source in ("if r % 2: pass", "held = hand >> card & 1", "n = len(cards) % 3", "side = sides.of(seat)"):
        assert not team_logic(ast.parse(source)), source
    for source in ("suit = card // 13", "rank = c % 13", "copy = card // 52"):
        assert card_arithmetic(ast.parse(source)), source
    assert not card_arithmetic(ast.parse("x = total // 12 + n % 4"))

"""The package as a library: ``pip install atout`` pulls no dependency, the rules engine and
everything but the online table import with the standard library alone, the online table asks for
its extra, and the package says it is typed (``py.typed``)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER_PACKAGES = ("starlette", "uvicorn", "sqlalchemy", "psycopg", "httpx", "websockets")

WITHOUT_SERVER_PACKAGES = f"""
import importlib.abc, random, sys
class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {SERVER_PACKAGES!r}:
            raise ImportError(f"{{name}} is not installed")
        return None
sys.meta_path.insert(0, Blocked())
import atout
from atout import CHANCE, game_names, make_game
import atout.bots, atout.record, atout.cli.main, atout.bench
for name in game_names():
    state, rng = make_game(name).new_state(), random.Random(1)
    for _ in range(300):
        if state.outcome() is not None:
            break
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    state.observation(0).to_json()
from atout.cli.main import main
code = main(["serve", "--port", "0"])
print("serve exit", code)
"""


def project() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]  # type: ignore[no-any-return]


def test_the_engine_depends_on_nothing() -> None:
    meta = project()
    assert meta["dependencies"] == [], "pip install atout must pull no dependency"
    extras = meta["optional-dependencies"]
    assert isinstance(extras, dict)
    server = " ".join(extras["server"])
    for package in ("starlette", "uvicorn", "sqlalchemy", "psycopg"):
        assert package in server
    assert "atout[server" in " ".join(extras["test"])   # the test extra installs the online table


def test_everything_but_the_online_table_imports_without_the_server_packages() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_SERVER_PACKAGES], capture_output=True, text=True, check=False,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "serve exit 2" in done.stdout
    assert "atout[server]" in done.stderr, done.stderr


def test_the_package_is_typed() -> None:
    assert (ROOT / "src" / "atout" / "py.typed").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["atout"]
    assert "py.typed" in data

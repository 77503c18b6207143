"""Another installed package adds its games through the ``atout.games`` entry points, with no
change to atout: the registry, the bots, the renderer and the command line then know it. A
package that cannot be loaded, or whose names are taken, is left out with a warning, and atout's
own games still play.

Each test installs a throwaway distribution (a ``*.dist-info`` folder with its
``entry_points.txt``) on ``sys.path``, as pip would, and empties the registry for its length.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import atout.games
from atout.bots import make_bot
from atout.bots.registry import bot_names
from atout.cli.main import main
from atout.cli.render import Renderer, renderer_class

OWN = ["sizette", "quadrette", "besigue", "whist", "mort", "piquet"]


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str, str], None]]:
    """``install(name, module_text, entry)``: a distribution with a module and one entry point in
    the ``atout.games`` group; the registry is loaded afresh afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(atout.games, "_GAMES", {})
    monkeypatch.setattr(atout.games, "_NAMES", {})
    monkeypatch.setattr(atout.games, "_loaded", False)

    def make(name: str, module_text: str, entry: str) -> None:
        (tmp_path / f"{name}.py").write_text(module_text, encoding="utf-8")
        info = tmp_path / f"{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text(f"[atout.games]\n{name} = {entry}\n", encoding="utf-8")

    yield make
    sys.modules.pop("toy_plugin", None)


TOY_MODULE = "from tests.toygame import ToyGame\n\nGAMES = (ToyGame,)\n"
CLASH_MODULE = """from tests.toygame import ToyGame

class Clash(ToyGame):
    name = "clash"
    aliases = ("Bésigue",)

GAMES = (Clash,)
"""


def test_an_installed_package_adds_its_game(install, capsys: pytest.CaptureFixture[str]) -> None:
    install("toy_plugin", TOY_MODULE, "toy_plugin")
    assert atout.games.game_names() == [*OWN, "toy"]
    game = atout.games.make_game("Jouet", {"target": "2"})   # by its alias, with its options
    assert game.name == "toy" and game.options["target"] == 2
    assert bot_names("toy") == ["random"] and make_bot("random", game, random.Random(1)).name == "random"
    assert renderer_class("toy") is Renderer   # it names no renderer: the generic one
    assert renderer_class("sizette").__name__ == "SizetteRenderer"
    assert main(["simulate", "toy", "--bots", "random,random", "--games", "3", "--seed", "2"]) == 0
    assert "toy" in capsys.readouterr().out


COMMANDS_MODULE = """from tests.toygame import ToyGame


def add(sub, lang):
    sub.add_parser("toy-hello", help="greet").add_argument("--lang", default="en")


def run(args):
    print("hello from the toy")
    return 0


COMMANDS = {"toy-hello": (add, run)}


class Talking(ToyGame):
    commands_module = "toy_plugin"


GAMES = (Talking,)
"""


def test_a_game_brings_its_own_subcommand(install, capsys: pytest.CaptureFixture[str]) -> None:
    install("toy_plugin", COMMANDS_MODULE, "toy_plugin")
    assert main(["toy-hello"]) == 0
    assert capsys.readouterr().out == "hello from the toy\n"
    assert main(["pbn", "--help"]) == 0            # Whist's own, named the same way


def test_an_entry_point_may_name_the_game_class(install) -> None:
    install("toy_plugin", TOY_MODULE, "toy_plugin:ToyGame")
    assert atout.games.find_game("toy").__name__ == "ToyGame"


@pytest.mark.parametrize(("module_text", "entry", "why"), [
    ("raise ImportError('no such library')\n", "toy_plugin", "ImportError: no such library"),
    ("GAMES = (int,)\n", "toy_plugin", "is not a Game class"),
    ("", "toy_plugin", "AttributeError"),
    (CLASH_MODULE, "toy_plugin", "'Bésigue' is already taken by besigue"),
])
def test_a_broken_package_is_left_out_with_a_warning(install, module_text: str, entry: str, why: str) -> None:
    install("toy_plugin", module_text, entry)
    with pytest.warns(RuntimeWarning, match="toy_plugin") as caught:
        names = atout.games.game_names()
    assert names == OWN
    assert why in str(caught[0].message)
    assert atout.games.make_game("bésigue").name == "besigue"

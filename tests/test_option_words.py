"""Every option refusal reads in French too: each ``OptionError(...)`` made in ``src/atout`` is
given its French text (the second argument or ``fr=``), so the terminal and the online table can
say it in the player's language; and the French of the Bésigue and Sizette refusals is their own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import atout
from atout.errors import OptionError
from atout.games import find_game

SOURCE = Path(atout.__file__).parent


def option_errors_without_french() -> list[str]:
    """``file:line`` of each call of ``OptionError`` in the package given no French text."""
    missing = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id != "OptionError":
                continue
            if len(node.args) < 2 and not any(k.arg == "fr" for k in node.keywords):
                missing.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return missing


def test_the_scan_sees_the_calls() -> None:
    calls = [node for path in SOURCE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "OptionError"]
    assert len(calls) >= 15, "the scan finds the option refusals of game.py, Bésigue and Sizette"


def test_every_option_error_has_a_french_text() -> None:
    assert option_errors_without_french() == []


def refusal(make: object) -> OptionError:
    with pytest.raises(OptionError) as caught:
        make()  # type: ignore[operator]
    return caught.value


BESIGUE = [
    ({"players": 3, "partnerships": True}, "deux contre deux"),
    ({"players": 3, "match_hundreds": 5}, "centaines"),
    ({"match_hundreds": 5, "match_games": 3}, "parties"),
    ({"players": 3, "pack": "classic"}, "talon de 40 cartes"),
]


@pytest.mark.parametrize(("options", "word"), BESIGUE)
def test_besigue_refuses_options_in_french(options: dict[str, object], word: str) -> None:
    error = refusal(lambda: find_game("besigue")(options))
    assert word in error.text("fr") and error.text("fr") != str(error)
    assert error.text("en") == str(error)


SIZETTE = [
    ({"colour": "red"}, "inconnue"),
    ({"dealer": "9"}, "donneur"),
    ({"hand": "0"}, "coup"),
    ({"captains": "1,0"}, "équipe A"),
    ({"captains": "x,1"}, "capitaine"),
    ({"scores": "21"}, "A-B"),
    ({"scores": "2-1000"}, "score"),
]


@pytest.mark.parametrize(("setup", "word"), SIZETTE)
def test_sizette_refuses_a_setup_in_french(setup: dict[str, str], word: str) -> None:
    game = find_game("sizette")()
    deal = game.deal_from_pack(list(game.pack), dealer=2)
    error = refusal(lambda: game.state_from_deal(deal, {"dealer": "2", **setup}))
    assert word in error.text("fr") and error.text("fr") != str(error), error.text("fr")

"""Shared helpers for the game tests: explicit deals, scripted play through the speech windows,
and snapshots of everything a refused action must leave unchanged."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.compiled import speedups
from atout.games import make_game
from atout.games.sizette.actions import CLOSE, Ask, Command, Remark, Say
from atout.games.sizette.talk import FREE_CHOICE

# Sizette deal "H" (dealer 5, first hand 0, trump clubs by the turned 9C in seat 5's hand).
# Every seat holds one heart, one diamond and one spade of the top six and one club, so the
# first tricks are won by the holder of the highest card of the suit led.
DEAL_H = (
    "KH QD QS QC 8H 8D",   # seat 0 (team A)
    "QH KD JS JC 7H 7D",   # seat 1 (team B)
    "JH JD KS AC 6H 6D",   # seat 2 (team A)
    "AH AD AS 10C 8S 8C",  # seat 3 (team B)
    "10H 10D 10S KC 7S 7C",  # seat 4 (team A)
    "9H 9D 9S 9C 6S 6C",   # seat 5 (team B), dealer
)
TURNED_H = "9C"

# Sizette deal "V": team A holds every club but the 6 (which seat 5, the dealer, turned) and the
# top hearts/diamonds/spades: a vole is possible.
DEAL_V = (
    "KC QC JC KH QH JH",   # seat 0
    "JS AS 10S 9S 8S 10H",  # seat 1
    "AC 10C 9C AH KD QD",  # seat 2
    "7S 6S 9H 8H 7H 6H",   # seat 3
    "8C 7C JD AD KS QS",   # seat 4
    "6C 10D 9D 8D 7D 6D",  # seat 5, dealer
)
TURNED_V = "6C"
# A line of play in which team A wins all six tricks (seat 0 is A's captain).
VOLE_LINE_FIRST_THREE = "KC 8S 9C 6S 7C 6C  KH 10H AH 6H 8C 6D  KS 7D JH AS 10C 7S"
VOLE_LINE_LAST_THREE = "KD 7H JD 10D QH 9S  QD 8H AD 9D JC 10S  QC JS AC 9H QS 8D"

# Quadrette deal (dealer 3, first hand 0): every seat holds two hearts, two diamonds, two spades;
# the talon holds all eight clubs, the 7 of clubs turned. Nobody can trump.
DEAL_Q = (
    "KH 9H KD 9D KS 9S",   # seat 0 (team A)
    "QH 8H QD 8D QS 8S",   # seat 1 (team B)
    "JH 7H JD 7D JS 7S",   # seat 2 (team A)
    "AH 10H AD 10D AS 10S",  # seat 3 (team B), dealer
)
TALON_Q = "7C 8C 9C 10C JC QC KC AC"
TURNED_Q = "7C"


def make(name: str, options: Mapping[str, object] | None = None) -> Any:
    """``make_game`` typed loosely: tests use the Sizette/Quadrette attributes of the game and state."""
    return make_game(name, options)


def cs(text: str) -> CardSet:
    """A card set from English codes (``AC`` is the ace of clubs here)."""
    return CardSet.parse(text, "en")


def card(text: str) -> Card:
    return Card(text, "en")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def setup_of(dealer: int, captains: tuple[int, int] | None, scores: tuple[int, int]) -> dict[str, str]:
    setup = {"dealer": str(dealer), "scores": f"{scores[0]}-{scores[1]}"}
    if captains is not None:
        setup["captains"] = f"{captains[0]},{captains[1]}"
    return setup


def sizette(hands: tuple[str, ...] = DEAL_H, turned: str = TURNED_H, dealer: int = 5,
            captains: tuple[int, int] | None = (0, 1), scores: tuple[int, int] = (0, 0),
            **options: Any) -> Any:
    """A Sizette state at the first lead of one hand from an explicit deal."""
    game = make("sizette", options)
    deal = Deal(tuple(cs(h) for h in hands), turned=(card(turned),))
    return game.state_from_deal(deal, setup_of(dealer, captains, scores))


def quadrette(hands: tuple[str, ...] = DEAL_Q, turned: str = TURNED_Q, talon: str = TALON_Q, dealer: int = 3,
              captains: tuple[int, int] | None = (0, 1), scores: tuple[int, int] = (0, 0),
              **options: Any) -> Any:
    """A Quadrette state at the first lead of one hand; ``talon`` in order, top first."""
    game = make("quadrette", options)
    deal = Deal(tuple(cs(h) for h in hands), talon=cards(talon), turned=(card(turned),))
    return game.state_from_deal(deal, setup_of(dealer, captains, scores))


def open_windows(state: Any) -> None:
    """Pass the speech windows without information: the captain commands ``any`` (free choice)
    in C1/C3, and closes C2; stops when the player due may play a card."""
    while state.phase_name == "play" and state.window_name is not None and state.to_move != state.player:
        if state.window_name == "C2":
            state.apply(CLOSE)
        else:
            state.apply(Command(FREE_CHOICE))


def play(state: Any, line: str) -> None:
    """Play the cards of ``line`` (English codes) in order, through the speech windows."""
    for text in line.split():
        open_windows(state)
        state.apply(card(text))


def snapshot(state: Any) -> dict[str, Any]:
    """Everything a refused action must leave unchanged, as plain comparable values."""
    n = state.game.num_seats
    return {
        "history": [(s, str(a)) for s, a in state.history],
        "scores": state.scores,
        "results": state.results,
        "phase": state.phase_name,
        "window": state.window_name,
        "to_move": state.to_move,
        "hands": [str(state.observation(s).hand) for s in range(n)],
        "observations": [json.dumps(state.observation(s).to_json(), sort_keys=True) for s in range(n)],
        "legal": [[str(a) for a in state.legal_actions(s)] for s in range(n)],
        "spectator": json.dumps(state.observation(None).to_json(), sort_keys=True),
    }


def parse(state: Any, text: str, lang: str | None = "en") -> Any:
    return state.parse_action(text, lang)


def texts(listed: Any) -> list[str]:
    return [str(a) for a in listed]


def talk_actions(state: Any, seat: int) -> list[Any]:
    """The optional speech ``seat`` may make now: the TALK actions it is offered (questions,
    statements), without the remark marker."""
    return [a for a in state.legal_actions(seat) if type(a) in (Ask, Say)]


def can_remark(state: Any, seat: int) -> bool:
    return any(type(a) is Remark for a in state.legal_actions(seat))


def table_actions(state: Any, seat: int) -> list[Any]:
    """What ``seat`` may do out of the turn order: claims and table actions."""
    return [a for a in state.legal_actions(seat) if a.kind in (ActionKind.CLAIM, ActionKind.TABLE)]


def answer_or_error(call: object, args: tuple[object, ...]) -> tuple[str, object]:
    """What ``call`` gives for ``args``, or the name of the error it raises (whichever it is)."""
    try:
        return "ok", call(*args)  # type: ignore[operator]
    except Exception as error:   # noqa: BLE001 - any error, compared by its type
        return type(error).__name__, None


def pure_python_name(module: str, name: str) -> str:
    """The ``__name__`` of ``module.name`` in a new process where ``ATOUT_PURE_PYTHON=1`` (the reference runs)."""
    import os
    import subprocess
    import sys

    code = f"import importlib; print(importlib.import_module({module!r}).{name}.__name__)"
    return subprocess.run([sys.executable, "-c", code], env={**os.environ, "ATOUT_PURE_PYTHON": "1"},
                          capture_output=True, text=True, check=True).stdout.strip()


needs_compiled = pytest.mark.skipif(speedups is None, reason="atout._speedups is not built (no C compiler at install)")
"""Marks a test of a compiled helper against its Python reference."""

"""atout: the card games of the old French salons — Sizette and Quadrette, Piquet, Bésigue, Whist
and the mort — as a pure rules engine (the standard library only), with records, computer
players, a command line and an online table (the ``server`` extra).

The public names, importable from ``atout`` itself:

>>> import random
>>> from atout import CHANCE, make_game
>>> game = make_game("whist")
>>> state, rng = game.new_state(), random.Random(1)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> state.outcome().reason
<EndReason.RUBBER: 'rubber'>
"""

from atout.actions import Action, ActionKind, Hidden
from atout.cards import Card, CardSet, Rank, Suit
from atout.chance import Deal, Draw
from atout.errors import (
    ActionError,
    AmbiguousActionError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    RecordError,
)
from atout.events import Scored, TrickWon
from atout.game import (
    CHANCE,
    TERMINAL,
    EndReason,
    Game,
    HandResult,
    Observation,
    Options,
    OptionSpec,
    Outcome,
    State,
)
from atout.games import find_game, game_names, make_game
from atout.history import History
from atout.log import LogEntry, LogView
from atout.seats import Direction, Sides

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Action", "ActionError", "ActionKind", "AmbiguousActionError", "Card", "CardSet", "Deal",
    "Direction", "Draw", "EndReason", "Game", "HandResult", "Hidden", "History", "IllegalActionError",
    "InvalidActionError", "LogEntry", "LogView", "Observation", "OptionError", "OptionSpec", "Options", "Outcome",
    "Rank", "RecordError", "Scored", "Sides", "State", "Suit", "TrickWon", "find_game", "game_names", "make_game",
]

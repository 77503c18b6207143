"""The Piquet search player: Perfect Information Monte Carlo for the card play
(:mod:`atout.bots.pimc`) over the worlds of :mod:`atout.bots.piquet.sampler`, each valued by the
double-dummy :mod:`atout.bots.piquet.solver`; the discards chosen by sampling the talon and the
opponent (:mod:`atout.bots.piquet.discards`; option ``exchange="heuristic"`` leaves them to the
heuristic); the declarations (statements, tie-breaks, answers, other holdings) searched the same
way, each world made a full engine state where the heuristic makes the rest of the declarations
for both seats (:mod:`atout.bots.piquet.declarations`; option ``declare="heuristic"`` leaves them
to the heuristic); the carte blanche and the cut are the heuristic's
(:class:`~atout.bots.piquet.heuristic.HeuristicBot`). The ``oracle`` is the card play and the
declarations searched on the true hands, the rest the heuristic's.

A card's value in a world is what the seat will still score in the deal's play less what the
opponent will (tricks, the last trick, the cards or the capot, the pic still to be had): the
declarations already scored are the same whatever is played, so they are left out. A
declaration's value adds the declarations' score (the repic included) to the play's.

>>> import random
>>> from atout.games.piquet.spec import PiquetGame
>>> state, rng = PiquetGame().new_state(), random.Random(5)
>>> while len(state.tricks) < 4:
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> bot = search_bot(random.Random(1), worlds=6)
>>> obs = state.observation(state.to_move)
>>> bot.act(obs) in obs.legal, bot.last.worlds
(True, 6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeGuard, Unpack, cast

from atout.actions import Action, ActionKind
from atout.bots.pimc import OracleBot, SearchBot, Searched, SearchOptions, fallback_first
from atout.bots.piquet import declarations
from atout.bots.piquet.declarations import DECLARATIONS, Built, is_declaration
from atout.bots.piquet.discards import ELDER_SHARE, plan
from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.sampler import sample
from atout.bots.piquet.solver import World, is_ten_rule, solver_for, world_of
from atout.bots.piquet.solver import value as play_value
from atout.cards import Card, CardSet
from atout.games.piquet.actions import CarteBlanche, Discard, NameSuit, Take
from atout.games.piquet.observation import PiquetObservation

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState


def is_card_play(move: Action) -> bool:
    """A card, or naming the suit of the first lead: what the search decides."""
    return isinstance(move, (Card, NameSuit))


def searched_by(fallback: HeuristicBot, declare: str = "heuristic") -> Searched[PiquetObservation, Action]:
    """The card play is searched (and the declarations, with ``declare="search"``), the heuristic's
    choice listed first (so that the moves the worlds value alike go its way); the rest is the
    heuristic's."""
    if declare == "search":
        return fallback_first(fallback, lambda m: is_card_play(m) or is_declaration(m))
    return fallback_first(fallback, is_card_play)


def _plays_cards(moves: Sequence[Action]) -> TypeGuard[Sequence[Card | NameSuit]]:
    """Whether ``moves`` are the card play's (cards, a suit named: :func:`is_card_play`), not declarations."""
    return not isinstance(moves[0], DECLARATIONS)


def value(obs: PiquetObservation, world: World | Built, moves: Sequence[Action]) -> list[float]:
    """Each move's value in ``world``: a card by the double-dummy solver, a declaration by playing
    the declarations out (:mod:`atout.bots.piquet.declarations`)."""
    if _plays_cards(moves):
        return play_value(obs, cast(World, world), moves)   # the card play is searched on the sampler's worlds
    return declarations.value(obs, world, moves)


class PiquetOptions(SearchOptions, total=False):
    """The options of the Piquet search bot."""

    exchange: str
    declare: str


def _options(options: SearchOptions) -> SearchOptions:
    unknown = sorted(set(options) - {"worlds", "seconds"})
    if unknown:
        raise ValueError(f"unknown option(s) for the Piquet search bot: {', '.join(unknown)}")
    return options


EXCHANGES = ("search", "heuristic")
DIALOGUE_PHASES = ("declarations", "younger_declares")
DECLARES = ("search", "heuristic")


def _declare(declare: str) -> str:
    if declare not in DECLARES:
        raise ValueError(f"declare must be one of {', '.join(DECLARES)}, got {declare!r}")
    return declare


class PiquetSearchBot(SearchBot[PiquetObservation, World | Built, Action]):
    """The search bot, with the exchange searched too (``exchange="search"``, :mod:`discards`) or
    left to the heuristic (``exchange="heuristic"``), and the declarations searched
    (``declare="search"``, :mod:`declarations`) or left to the heuristic (``declare="heuristic"``)."""

    def __init__(self, rng: random.Random, *, exchange: str = "search", declare: str = "search",
                 **options: Unpack[SearchOptions]):
        if exchange not in EXCHANGES:
            raise ValueError(f"exchange must be one of {', '.join(EXCHANGES)}, got {exchange!r}")
        fallback = HeuristicBot(rng)
        super().__init__(rng, sample=sample, value=value, searched=searched_by(fallback, _declare(declare)),
                         fallback=fallback, **_options(options))
        self.exchange = exchange
        self.declare = declare
        self.planned: list[Card] = []

    def act(self, obs: PiquetObservation) -> Action:
        if self.exchange == "search":
            chosen = self._exchange(obs)
            if chosen is not None:
                self.last = None
                return chosen
        if obs.phase in DIALOGUE_PHASES and any(is_declaration(m) for m in obs.legal):
            return self._decide(obs, declarations.sample)   # worlds made full states
        return super().act(obs)

    def _exchange(self, obs: PiquetObservation) -> Action | None:
        """The next step of the searched exchange, or ``None`` (not an exchange step it plans)."""
        if obs.phase not in ("exchange_elder", "exchange_younger") or obs.carte_blanche >= 0:
            return None
        moves = [m for m in obs.legal if m.kind is ActionKind.MOVE]
        if any(isinstance(m, CarteBlanche) for m in moves):
            return None
        discards = {m.card: m for m in moves if isinstance(m, Discard)}
        takes = [m for m in moves if isinstance(m, Take)]
        me = obs.seat
        elder = me == obs.elder
        if not obs.discard_sizes[me]:
            hand = int(cast(CardSet, obs.hand))   # a seat's observation: its hand is shown
            if elder:
                least, most, before = 1, ELDER_SHARE, 0
            else:
                before = obs.discard_sizes[obs.elder]
                least, most = int(obs.options.get("younger_min_exchange", 1)), obs.talon_size
            self.planned = list(plan(hand, elder, least, most, self.rng, elder_discards=before,
                                     younger_least=int(obs.options.get("younger_min_exchange", 1)),
                                     solver=solver_for(is_ten_rule(obs)), seconds=self.seconds))
        while self.planned:
            card = self.planned.pop(0)
            if card in discards:
                return discards[card]
        if takes:
            return max(takes, key=lambda t: t.see == "look")
        return None


def search_bot(rng: random.Random, **options: Unpack[PiquetOptions]) -> PiquetSearchBot:
    """The ``search`` bot (options ``worlds``, ``seconds``, ``exchange``, ``declare``)."""
    return PiquetSearchBot(rng, **options)


def oracle_bot(rng: random.Random, *, declare: str = "search", **options: Unpack[SearchOptions]
               ) -> OracleBot[PiquetObservation, World | Built, Action, PiquetState]:
    """The ``oracle``: the card play and the declarations (``declare``) searched on the true hands
    (a yardstick for the arena), the rest the heuristic's."""
    fallback = HeuristicBot(rng)
    return OracleBot(rng, world_of=world_of, sample=sample, value=value,
                     searched=searched_by(fallback, _declare(declare)), fallback=fallback, **_options(options))


__all__ = ["DECLARES", "EXCHANGES", "PiquetSearchBot", "oracle_bot", "search_bot", "searched_by", "value"]

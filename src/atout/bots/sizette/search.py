"""The Sizette and Quadrette search bots: Perfect Information Monte Carlo (:mod:`atout.bots.pimc`)
over the worlds consistent with everything the seat saw and heard (:mod:`atout.bots.sizette.sampler`:
every statement of the talk a hard constraint), valued on the hand's true objective by the
double-dummy solver (:mod:`atout.bots.sizette.solver`).

``search`` plays every card and makes the vole decision by search; with ``captain="search"``, as
captain in a lead window it asks its questions by their value and orders the lead by search
(:mod:`atout.bots.sizette.talk_search`; measured no better than the heuristic's captain so far, and
slower, so not the default); the answers, the captains, the cut and the claims are its
heuristic's (:class:`~atout.bots.sizette.heuristic.HeuristicBot`, whose ``detail`` it takes). The
heuristic's card is listed first, so cards of equal value go its way. ``oracle`` is the same search
handed the true world by the arena, with the heuristic's talk, saying nothing when asked (its ``tell``, ``asked`` by
default: ``None`` gives its side the search's own talk). Options: ``worlds`` (default 24),
``seconds`` (process time per decision before the search stops early, default :data:`SECONDS`, 0.3), ``detail``,
``captain`` (``"heuristic"``, the default: the heuristic's questions and commands, or
``"search"``), ``captain_worlds`` (worlds of a captain's decision, default 40), ``talk`` (``True``; ``False``: a yardstick whose worlds ignore every word of the talk,
with the heuristic's captain, since answers it would not hear are not worth asking), ``infer``
(``False``, the default: the sampler's uniform worlds; ``True``: the worlds weighed by what the
others' card play tells, :mod:`atout.bots.sizette.inference`, which has measured no gain yet),
``answers`` (``"heuristic"``, the default: at ``detail``; ``"search"``: asked before its side's
lead, the answer of best worth to the captain's lead net of what it tells the opponents,
:mod:`atout.bots.sizette.answers`, within ``seconds``; with ``talk=False``, the heuristic's), ``tell``
(``None``, the default: the game's, :data:`~atout.bots.sizette.talk.GAME_TELLS`, ``all`` in
Sizette and ``leader`` in Quadrette; ``"all"``: in its windows, before its side's opening lead or just after the opening
lead against it, the captain states his cards and asks every team-mate every suit, answered in full,
so that its side plays as if it saw its own cards — and the opponents hear it all; having stated his
cards, the captain leaves every lead free (« any »), since his leader knows all he knows;
``"asked"``: the heuristic's fixed questions and orders; ``"leader"``: before its side's opening
lead the captain states his cards and asks every team-mate but the leader every suit, so that the
leader knows his whole side while the opponents hear nothing of his hand; ``"leading"`` or
``"defending"``: all, only in the window before its side's opening lead, or after the opening lead
against it). With ``talk=False`` its side talks as the heuristic's (``asked``).

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> from atout.bots.sizette.heuristic import HeuristicBot
>>> game = make_game("quadrette", {"target_points": 1})
>>> bots = [search_bot(random.Random(s), worlds=2) if s % 2 == 0 else HeuristicBot(random.Random(s)) for s in range(4)]
>>> play_partie(game, bots, random.Random(4)).outcome() is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, cast

from atout.actions import Action
from atout.bots.base import Offered
from atout.bots.pimc import WORLDS, OracleBot, SearchBot, fallback_first
from atout.bots.sizette.answers import answer_decision, is_searched_answer
from atout.bots.sizette.heuristic import HeuristicBot
from atout.bots.sizette.inference import weighed
from atout.bots.sizette.sampler import Sampler, World, sample
from atout.bots.sizette.solver import value, world_of
from atout.bots.sizette.talk import TELLS
from atout.bots.sizette.talk_search import WORLDS as CAPTAIN_WORLDS
from atout.bots.sizette.talk_search import Decision, captain_decision, is_captains_lead
from atout.cards import Card
from atout.games.sizette.actions import Vole
from atout.games.sizette.observation import SizetteObservation

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

SECONDS = 0.3
"""Process time per decision before the search stops early (less than other games' 0.5 s: the same
search at 0.3 s against itself at 0.5 s measured +0.01, 95 % CI −0.02 – 0.04, over 300 deal pairs)."""


def searchable(move: Action) -> bool:
    """What the solver values: a card, or the captain's vole decision."""
    return type(move) is Card or isinstance(move, Vole)


CAPTAINS = ("search", "heuristic")
ANSWERS = ("search", "heuristic")


class SizetteSearchBot(SearchBot[SizetteObservation, World, Action]):
    """The search bot, whose captain decides by search (:func:`captain_decision`) when ``captain``
    is ``"search"``. ``last_captain``: its last such decision (for analysis and tests)."""

    def __init__(self, rng: random.Random, *, captain: str, detail: str, captain_worlds: int, sample: Sampler,
                 value: Callable[[SizetteObservation, World, Sequence[Action]], Sequence[float]],
                 searched: Callable[[Offered, Sequence[Action]], Sequence[Action] | None], fallback: HeuristicBot,
                 worlds: int, seconds: float, answers: str = "heuristic"):
        super().__init__(rng, sample=sample, value=value, searched=searched, fallback=fallback, worlds=worlds,
                         seconds=seconds)
        self.answers = answers
        self.captain = captain
        self.captain_worlds = captain_worlds
        self.detail = detail
        self.last_captain: Decision | None = None

    def act(self, offered: Offered) -> Action:
        obs = cast("SizetteObservation", offered)   # the runner hands a bot its own game's observations
        if self.answers == "search" and is_searched_answer(obs):
            answer: Action = answer_decision(obs, self.rng, detail=self.detail, seconds=self.seconds,
                                             sampler=self.sample).action
            return answer
        if self.captain == "search" and is_captains_lead(obs):
            decision = self.last_captain = captain_decision(
                obs, self.rng, detail=self.detail, worlds=self.captain_worlds, sampler=self.sample)
            if decision.action is not None:
                chosen: Action = decision.action
                return chosen
        return super().act(obs)


def search_bot(rng: random.Random, worlds: int = WORLDS, seconds: float = SECONDS, detail: str = "medium",
               captain: str = "heuristic", talk: bool = True, captain_worlds: int = CAPTAIN_WORLDS,
               infer: bool = False, answers: str = "heuristic", tell: str | None = None) -> SizetteSearchBot:
    """The ``search`` bot (see the module doc)."""
    if infer is not True and infer is not False:
        raise ValueError(f"infer must be true or false, got {infer!r}")
    if captain not in CAPTAINS:
        raise ValueError(f"captain must be one of {', '.join(CAPTAINS)}, got {captain!r}")
    if answers not in ANSWERS:
        raise ValueError(f"answers must be one of {', '.join(ANSWERS)}, got {answers!r}")
    if talk is not True and talk is not False:
        raise ValueError(f"talk must be true or false, got {talk!r}")
    if not isinstance(captain_worlds, int) or captain_worlds < 1:
        raise ValueError(f"captain_worlds must be a whole number ≥ 1, got {captain_worlds!r}")
    if tell is not None and tell not in TELLS:
        raise ValueError(f"tell must be one of {', '.join(TELLS)}, got {tell!r}")
    heuristic = HeuristicBot(rng, detail=detail, tell=tell if talk else "asked")   # deaf: tells nothing it won't hear
    sampler: Sampler = sample if talk else partial(sample, talk=False)
    if infer:
        sampler = weighed(sampler)
    return SizetteSearchBot(rng, captain=captain if talk else "heuristic", detail=detail, answers=answers if talk else "heuristic",
                            captain_worlds=captain_worlds, sample=sampler, value=value, searched=fallback_first(heuristic, searchable), fallback=heuristic,
                            worlds=worlds, seconds=seconds)


def oracle_bot(rng: random.Random, worlds: int = 1, seconds: float = SECONDS, detail: str = "none",
               tell: str | None = "asked") -> OracleBot[SizetteObservation, World, Action, SizetteState]:
    """The ``oracle``: the search given the true world (a yardstick for the arena). It needs no talk
    and says nothing when asked (``detail="none"``), so its captain, knowing nothing of the leader's
    cards, orders « any » and its leader leads the best card of the true world; with answers, it
    would tell the opponents and its captain's heuristic orders would tie its leader. ``tell``: its
    side talks as a search's side with that ``tell`` (``None``: the search's own talk, so that the
    margin counts only what seeing every card adds to the card play, not what talking costs)."""
    heuristic = HeuristicBot(rng, detail=detail, tell=tell)   # which checks ``tell``
    return OracleBot(rng, world_of=world_of, sample=sample, value=value, searched=fallback_first(heuristic, searchable),
                     fallback=heuristic, worlds=worlds, seconds=seconds)


class SideOracleBot(SizetteSearchBot):
    """The search handed its team-mates' hands (``side_oracle``): as if the talk had told its side
    everything, the opponents' cards still hidden. A yardstick, never a player: between the
    search and the oracle, it parts what the oracle gains from seeing its own side's cards (what
    table talk could give at best) from what it gains from seeing the opponents'."""

    name = "side_oracle"
    sees_all = True

    def act_seeing(self, obs: Offered, seen: object, seat: int) -> Action:
        state = cast("SizetteState", seen)      # the arena hands a seeing bot its own game's state
        hands = world_of(state, seat)
        side = next(members for members in state.rules.members if seat in members)
        known = {s: int(hands[s]) for s in side if s != seat}
        return self._decide(cast("SizetteObservation", obs), partial(sample, known=known))   # the heuristic's captain and answers


def side_oracle_bot(rng: random.Random, worlds: int = WORLDS, seconds: float = SECONDS,
                    detail: str = "medium") -> SideOracleBot:
    """The ``side_oracle``: the search with its team-mates' hands in view (a yardstick)."""
    heuristic = HeuristicBot(rng, detail=detail)
    return SideOracleBot(rng, captain="heuristic", detail=detail, captain_worlds=CAPTAIN_WORLDS, sample=sample,
                         value=value, searched=fallback_first(heuristic, searchable), fallback=heuristic,
                         worlds=worlds, seconds=seconds)


__all__ = ["ANSWERS", "CAPTAINS", "SECONDS", "SideOracleBot", "SizetteSearchBot", "oracle_bot", "search_bot",
           "searchable", "side_oracle_bot"]

"""The search player's declarations: each candidate valued on sampled worlds by playing the rest
of the declarations out in the engine and solving the card play.

A world (:mod:`atout.bots.piquet.sampler`: the opponent's hand consistent with everything said so
far) is made a full engine state: a deal that the exchange turns into the world's hands (the
cards out of play standing in for the discards and the talon left; a carte blanche shown dealt as
it was shown), then the dialogue replayed from the seat's log (and the elder's first lead, if the
younger is declaring). For each candidate (a statement, a tie-break, an answer, the other
holdings), on a copy of that state:

- the candidate is applied, and the heuristic (:class:`~atout.bots.piquet.heuristic.HeuristicBot`)
  makes every declaration left, for BOTH seats, each from its own observation of that world;
- the declarations are worth what the engine scores them — the carte blanche, point, sequences,
  sets and the repic — for the seat less what they are worth for the opponent;
- the card play is worth its double-dummy value from the first lead (:func:`play_worth`, the pic
  still to be had included), taken where the play first waits for a card: the elder's lead once
  the dialogue is over, or the younger's answer to it when the younger was declaring; the elder's
  lead that lets the younger declare is the heuristic's (his declarations do not depend on it).
  The hands are the same whatever is declared, so only the pic still to be had can make the play
  differ between candidates: it is solved only in a world where it does (elsewhere it adds the same
  to every candidate and is left out: about three worlds in four, each then about a millisecond).

A world the engine refuses would be drawn again (:func:`sample`; the sampler's worlds say all that
was said, so none is in practice). The mean over the worlds decides (:func:`atout.bots.pimc.best_move`,
with its budget), the heuristic's choice listed first so that it wins ties.

Double-dummy values cannot reward concealment: both hands are in view, so hiding a holding from
the opponent (sinking it) is worth nothing here. Without it, the fullest declaration is never worse
— points for one side are points the other does not score, and they bring a pic or repic closer
or block the opponent's — so the search agrees with the heuristic in practice (docs/bots.md).

>>> import random
>>> from atout.games.piquet.spec import PiquetGame
>>> state, rng = PiquetGame().new_state(), random.Random(11)
>>> while state.phase_name != "declarations":
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> obs = state.observation(state.to_move)
>>> built = next(sample(obs, random.Random(1)))
>>> len(value(obs, built, obs.legal)) == len(obs.legal), built.state.observation(obs.seat).legal == obs.legal
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, cast

from atout.actions import Action
from atout.bots.piquet.heuristic import HeuristicBot
from atout.bots.piquet.sampler import sample as sample_worlds
from atout.bots.piquet.solver import INF, PACK, Position, World, compact, position_of, solver_for
from atout.cards import Card, CardSet, cards_of
from atout.chance import Deal
from atout.errors import IllegalActionError
from atout.games.piquet.actions import TAKES, Also, Answer, CarteBlanche, Declare, Discard, NameSuit, Take, Tell
from atout.games.piquet.pic import CARTE_BLANCHE, REPIC
from atout.games.piquet.spec import PiquetGame
from atout.games.piquet.state import PiquetState

if TYPE_CHECKING:
    from atout.game import OptionValue
    from atout.games.piquet.observation import PiquetObservation

DECLARATIONS = (Declare, Tell, Answer, Also)
_HEURISTIC = HeuristicBot(random.Random(0))   # deterministic but for the cut, never reached here


def is_declaration(move: Action) -> bool:
    """A step of the declaration dialogue: what this module decides."""
    return isinstance(move, DECLARATIONS)


@lru_cache(maxsize=16)
def _game(options: tuple[tuple[str, OptionValue], ...]) -> PiquetGame:
    return PiquetGame(dict(options))


class Script:
    """What a world's state is made from, read once from an observation: the game, the seats, a
    carte blanche, and the dialogue (and first lead) to replay."""

    def __init__(self, obs: PiquetObservation):
        self.game = _game(tuple(sorted(obs.options.items())))
        self.elder = obs.elder
        self.dealer = obs.dealer
        self.blanche = obs.carte_blanche
        self.blanche_cards = int(obs.carte_blanche_cards)
        entries = obs.log.since(obs.log.hand_start)
        self.blanche_count = next((e.item.count for e in entries if isinstance(e.item, CarteBlanche)), 0)
        self.takes = {e.seat: e.item for e in entries if isinstance(e.item, Take)}
        self.steps = [(e.seat, e.item) for e in entries if isinstance(e.item, (*DECLARATIONS, NameSuit, Card))]
        self.lead = int(obs.trick[0][1]) if obs.trick else -1


def world_state(obs: PiquetObservation, world: World, script: Script | None = None) -> PiquetState:
    """A full state of ``world`` at ``obs``'s decision: the deal, an exchange leading to the
    world's hands, and what was said (see the module); ``script``: ``obs``'s, if already read."""
    script = script or Script(obs)
    elder, younger = script.elder, 1 - script.elder
    now = list(world.hands)
    if script.lead >= 0:
        now[elder] |= 1 << script.lead
    out_of_play = cards_of(PACK & ~(now[0] | now[1]))
    dealt = list(now)
    taken: list[list[Card]] = [[], []]
    thrown: list[list[Card]] = [[], []]
    for seat in (elder, younger):
        if seat == script.blanche:
            dealt[seat] = script.blanche_cards
            taken[seat] = cards_of(now[seat] & ~dealt[seat])
            thrown[seat] = cards_of(dealt[seat] & ~now[seat])
            out_of_play = [c for c in out_of_play if c not in thrown[seat]]
    for seat in (elder, younger):
        if seat != script.blanche:     # one card swapped with one out of play
            swap = max(cards_of(now[seat]))
            thrown[seat], taken[seat] = [out_of_play.pop()], [swap]
            dealt[seat] = now[seat] & ~(1 << swap) | 1 << thrown[seat][0]
    talon = (*taken[elder], *taken[younger], *out_of_play)
    state: PiquetState = script.game.state_from_deal(
        Deal((CardSet(dealt[0]), CardSet(dealt[1])), talon),
        {"dealer": str(script.dealer)})
    if script.blanche == elder:
        state.apply(CarteBlanche(script.blanche_count), elder)
        _exchange(state, younger, thrown[younger], script)
    _exchange(state, elder, thrown[elder], script)
    if script.blanche != elder:
        if script.blanche == younger:
            state.apply(CarteBlanche(script.blanche_count), younger)
        _exchange(state, younger, thrown[younger], script)
    for seat, action in script.steps:
        state.apply(action, seat)
    return state


def _exchange(state: PiquetState, seat: int, thrown: list[Card], script: Script) -> None:
    """``seat`` discards ``thrown`` and takes as he did (looking, exposing or neither)."""
    for c in thrown:
        state.apply(Discard(c), seat)
    state.apply(script.takes.get(seat, TAKES[""]), seat)


class Play(NamedTuple):
    """Where the card play first waits for a card: its position and the cards the seat to move may
    play (``obs.legal``)."""

    pos: Position
    cards: tuple[int, ...]


def play_worth(play: Play) -> float:
    """The card play's double-dummy value for the seat to move, both playing perfectly from there
    (:mod:`atout.bots.piquet.solver`): at a trick's start, one search of the whole position; else
    the best of the seat's cards."""
    pos = play.pos
    solver = solver_for(pos.ten_rule)
    solver.trim()
    mover = pos.to_move
    need = pos.pic_need if pos.elder == pos.leader else -pos.pic_need
    if pos.lead >= 0:
        return float(max(solver.values(pos, play.cards)))
    return float(solver.search(compact(pos.hands[mover]), compact(pos.hands[1 - mover]), pos.won[mover], need,
                               -INF, INF))


def settle(state: PiquetState, seat: int, hidden: int) -> tuple[int, Play]:
    """From ``state`` (in the declarations), the heuristic declaring for both seats: the seat's
    declarations less the opponent's (the engine's score: carte blanche, point, sequences, sets,
    repic), and the card play's position where it first waits for a card."""
    play: Play | None = None
    while True:
        if state.phase_name == "play" and state.pending < 0:
            if play is None:
                obs = state.observation(state.to_move)
                play = Play(position_of(obs, World(state.hands, hidden)),
                            tuple(int(m) for m in obs.legal if isinstance(m, Card)))
            if state.complete:
                cats = state.hand_score().categories
                mine, theirs = (sum(cats[s][CARTE_BLANCHE:REPIC + 1]) for s in (seat, 1 - seat))
                return mine - theirs, play
        state.apply(_HEURISTIC.act(state.observation(state.to_move)))


class Built(NamedTuple):
    """A sampled world with its full state (:func:`world_state`), made once for every candidate."""

    world: World
    state: PiquetState


REFUSED_IN_A_ROW = 200   # worlds the engine refuses before the sampler gives up


def sample(obs: PiquetObservation, rng: random.Random) -> Iterator[World | Built]:
    """The sampler's worlds (:func:`atout.bots.piquet.sampler.sample`) made full states, less those
    the engine refuses (a guard: the sampler's worlds honour every statement, so the engine refuses
    none of them; tests/bots/piquet/test_sampler_faithful.py). After
    :data:`REFUSED_IN_A_ROW` refusals in a row it gives the worlds as they come (each then worth
    the same to every candidate: the heuristic's choice stands)."""
    refused = 0
    script = Script(obs)
    for world in sample_worlds(obs, rng):
        if refused >= REFUSED_IN_A_ROW:
            yield world
            continue
        try:
            built = Built(world, world_state(obs, world, script))
        except IllegalActionError:
            refused += 1
            continue
        refused = 0
        yield built


def value(obs: PiquetObservation, world: World | Built, moves: Sequence[Action]) -> list[float]:
    """Each declaration of ``moves`` valued in ``world`` for the seat to move (see the module); a
    world the engine refuses is worth 0 for every candidate."""
    if isinstance(world, Built):
        world, base = world
    else:
        try:
            base = world_state(obs, world)
        except IllegalActionError:
            return [0.0] * len(moves)
    settled = []
    seat = cast(int, obs.seat)   # a seat's observation
    for move in moves:
        state = base.clone()
        state.apply(move, seat)
        settled.append(settle(state, seat, world.hidden))
    if len({play for _, play in settled}) == 1:       # the same play whatever is declared: left out
        return [float(points) for points, _ in settled]
    worth: dict[Play, float] = {}
    out = []
    for points, play in settled:
        if play not in worth:
            worth[play] = play_worth(play)
        out.append(points + (worth[play] if play.pos.to_move == seat else -worth[play]))
    return out


__all__ = ["DECLARATIONS", "REFUSED_IN_A_ROW", "Built", "Play", "Script", "is_declaration", "play_worth", "sample",
           "settle", "value", "world_state"]

"""A team-mate's answer by search (Sizette, Quadrette): how much to tell the captain, whom the
opponents overhear.

Asked a question before his side's lead (windows C1, C3, no card of the trick played yet), the
team-mate weighs every answer the engine offers him (all true, least to most detailed, and
« nothing ») by what it is worth to his side at the lead, less what it tells the opponents:

* **The lead decision.** The captain will order the lead (a command to the leader; when he leads
  himself, his own card, read as a command to himself: ``high T`` is his highest trump…). The
  commands weighed are those that do not depend on the captain's own hand: ``any``, suit and
  selector (extended grammar), and a card command for every live card. Each world is solved once
  at the lead and every command valued from that table
  (:func:`~atout.bots.sizette.talk_search.decision_values`, as the captain's search does).
* **What the captain knows.** He sees his own hand and the public talk (the answer included), not
  the answerer's hand. A round draws one world the answerer thinks possible (his own hand as it
  is) and, for every offered answer, one world *the captain* would think possible after hearing
  it: sampled for the captain's seat (:func:`~atout.bots.sizette.sampler.sample`, the answer a hard
  fact) with the captain's hand of that round's world. Over the rounds, the captain's worlds of an
  answer mix the captain's hands the answerer thinks possible: the captain is approximated by one
  who knows the public talk, the answer, and his hand only as well as the answerer guesses it. He
  orders the command best on average over the worlds of the answer heard (ties: ``any``).
* **Its worth** is the mean value of that command over the answerer's own worlds (the answerer's
  hand there is the true one: the captain's choice is judged where it will be played).
* **Its cost**: the opponents hear the answer. It is charged
  :data:`~atout.bots.sizette.talk_search.BIT_COST` points a bit of what it tells them: for each
  opponent, with his hand of a round's world, ``log2`` of how many placings of the hidden cards
  he thought possible before the answer over how many after (exact counts,
  :func:`~atout.bots.sizette.sampler.count_worlds`), averaged over the opponents and the rounds —
  the information of *this* answer to *him* (its mean over the answers he might hear would be the
  entropy the captain's search charges a question). « Nothing » costs nothing and tells nothing.

The answer of best net worth is given when its gain over the heuristic's answer (the bot's
``detail``, :func:`~atout.bots.sizette.talk.pick_answer`), world by world, clears
:data:`MARGIN` standard errors of that gain; otherwise (ties, noise) the heuristic's. A round costs
one solve a world (one plus one per offered answer); the rounds stop on
:func:`atout.bots.pimc.best_move`'s clock (``seconds``; past twice that, whatever the count): fewer
than :data:`MIN_ROUNDS` rounds (a slow position) keep the heuristic's answer. Any other
question (a card of the trick already played, the other side's window) gets the heuristic's answer.
The worth counts the lead only, as the captain's search does: what the answer later tells the card
players of both sides is not valued. Measured against the heuristic's answers (the figures are in
:mod:`atout.bots.sizette.talk_search`'s doc): no measurable gain, mostly « nothing » said, about
half a second an answer; the search bot answers as its heuristic unless ``answers="search"``.

>>> import random
>>> from atout.games import make_game
>>> from atout.cards import Card, CardSet
>>> from atout.chance import Deal
>>> from atout.games.sizette.actions import Ask
>>> from atout.games.sizette.talk import Question
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> state = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
...                                               {"dealer": "5", "captains": "2,1"})
>>> state.apply(Ask(0, Question("count", suit=Card("9C").suit)), 2)
>>> obs = state.observation(0)
>>> obs.pending_question[:2]
(2, 0)
>>> decision = answer_decision(obs, random.Random(1), rounds=4, seconds=60)
>>> decision.action in obs.legal, decision.rounds, len(decision.worths) == len(decision.answers)
(True, 4, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import log2
from typing import TYPE_CHECKING

from atout.bots.pimc import best_move
from atout.bots.sizette.knowledge import Knowledge
from atout.bots.sizette.sampler import Sampler, World, _strength, count_worlds, sample
from atout.bots.sizette.talk import pick_answer
from atout.bots.sizette.talk_search import BIT_COST, MARGIN, decision_values
from atout.cards import CardSet, Suit, cards_of
from atout.games.sizette.actions import Answer, Command
from atout.games.sizette.events import TalkEntry
from atout.games.sizette.talk import FREE_CHOICE, SELECTORS, CommandSpec

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

ROUNDS = 12
"""Rounds of an answer decision (each: one world of the answerer, one of the captain per answer)."""
MIN_ROUNDS = 4
"""Rounds always made, whatever the clock says."""
SECONDS = 0.5


@dataclass(frozen=True)
class AnswerDecision:
    """The answer given, the answers weighed (the heuristic's first), the command each leads the
    captain to, each one's net worth (the mean value of that command less the answer's cost in
    bits), its bits, and the rounds."""

    action: Answer
    answers: Sequence[Answer]
    orders: list[Command | None]
    worths: list[float]
    bits: list[float]
    rounds: int


def is_searched_answer(obs: SizetteObservation) -> bool:
    """Whether ``obs`` asks its seat to answer a question before its own side's lead (the answers
    then weighed by search); every other answer is the heuristic's."""
    pending = obs.pending_question
    if pending is None or pending[1] != obs.seat or obs.trump is None or obs.trick:
        return False
    if obs.window not in ("C1", "C3"):
        return False
    side = next(side for side in obs.sides if obs.seat in side)
    return obs.leader in side and pending[0] in side and sum(isinstance(a, Answer) for a in obs.legal) > 1


def lead_commands(k: Knowledge) -> list[Command]:
    """The captain's commands that do not depend on his own hand: ``any`` and suit and selector
    (extended grammar), else ``any`` and a card command for every live card."""
    specs = [FREE_CHOICE]
    if k.obs.options.get("command_grammar", "extended") == "extended":
        specs += [CommandSpec(sel, s) for s in Suit for sel in SELECTORS]
    else:
        specs += [CommandSpec("card", card=c) for c in cards_of(k.live)]
    return [Command(spec) for spec in specs]


def _heard(obs: SizetteObservation, seat: int, hand: CardSet, answer: Answer | None) -> SizetteObservation:
    """``obs`` as ``seat`` holding ``hand`` would see it, the question answered with ``answer``
    (``None``: not yet)."""
    talk = obs.talk
    if answer is not None:
        assert obs.seat is not None, "the answerer's observation"
        talk = (*talk, TalkEntry(obs.seat, len(obs.tricks) + 1, answer))
    return obs._replace(seat=seat, hand=hand, talk=talk, pending_question=None)


def _bits(obs: SizetteObservation, world: World, opponents: Sequence[int], answer: Answer) -> float:
    """What ``answer`` tells the opponents, each holding his hand of ``world`` (mean bits)."""
    if answer.statement.kind == "nothing":
        return 0.0
    told = [log2(count_worlds(_heard(obs, o, world[o], None)) / count_worlds(_heard(obs, o, world[o], answer)))
            for o in opponents]
    return sum(told) / len(told)


def answer_decision(obs: SizetteObservation, rng: random.Random, *, detail: str = "medium", rounds: int = ROUNDS,
                    seconds: float = SECONDS, sampler: Sampler = sample) -> AnswerDecision:
    """The answer to the question pending for ``obs``'s seat, by search (module doc)."""
    offered = [a for a in obs.legal if isinstance(a, Answer)]
    usual = pick_answer(offered, detail)
    if not is_searched_answer(obs):
        return AnswerDecision(usual, [usual], [None], [0.0], [0.0], 0)
    offered = [usual, *(a for a in offered if a != usual)]
    k = Knowledge(obs)
    pending = obs.pending_question
    assert pending is not None, "a searched answer answers the question pending"
    captain = pending[0]
    commands = lead_commands(k)
    strength = _strength(obs.game)
    mine: list[list[float]] = []                                # the answerer's worlds: every command's value
    theirs: list[list[list[float]]] = [[] for _ in offered]     # each answer: the captain's worlds
    bits = [0.0] * len(offered)

    def rounds_of(o: SizetteObservation, r: random.Random) -> Iterator[int]:
        for world in sampler(o, r):
            mine.append(decision_values(obs, world, commands, strength))
            seed = r.random()            # the same random draws for every answer: their worlds alike
            for i, answer in enumerate(offered):
                heard = next(sampler(_heard(obs, captain, world[captain], answer), random.Random(seed)))
                theirs[i].append(decision_values(obs, heard, commands, strength))
                bits[i] += _bits(obs, world, k.opponents, answer)
            yield len(mine)

    # pimc's clock, a round for its world: the values are kept aside, its own choice is not used
    best_move(obs, offered, rounds_of, lambda o, n, moves: [0.0] * len(moves), rng, rounds, seconds, MIN_ROUNDS)
    n = len(mine)
    bits = [b / n for b in bits]
    got: list[list[float]] = []          # each answer: the value, world by world, of the command it leads to
    orders: list[Command | None] = []
    for i in range(len(offered)):
        means = [sum(col) for col in zip(*theirs[i], strict=True)]
        order = max(range(len(commands)), key=lambda c: (means[c], -c))
        orders.append(commands[order])
        got.append([row[order] for row in mine])
    worths = [sum(g) / n - BIT_COST * b for g, b in zip(got, bits, strict=True)]
    best = 0
    for i in range(1 if n >= MIN_ROUNDS else len(offered), len(offered)):
        gains = [a - b for a, b in zip(got[i], got[0], strict=True)]
        gain = worths[i] - worths[0]
        mean = sum(gains) / n
        se = (sum((g - mean) ** 2 for g in gains) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
        if gain > MARGIN * se and worths[i] > worths[best]:
            best = i
    return AnswerDecision(offered[best], offered, orders, worths, bits, n)


__all__ = ["MIN_ROUNDS", "ROUNDS", "AnswerDecision", "answer_decision", "is_searched_answer", "lead_commands"]

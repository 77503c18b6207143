"""The captain's talk by search (Sizette, Quadrette): which question to ask, and which lead to order.

**One solve a world.** In a lead window (C1, C3) the captain samples worlds consistent with what
he saw and heard (:mod:`atout.bots.sizette.sampler`) and solves each once at the lead
(:func:`~atout.bots.sizette.solver.card_values`: the exact value of every card the leader may
lead, for the leader's side, which is the captain's). That one table values every decision:

* a **command** in a world is worth the card(s) it makes the leader lead
  (:meth:`~atout.games.sizette.talk.CommandSpec.matching` on his hand there): one card, its
  value; several (``any S``, ``any``), a leader who knows his hand but not the others' —
  :data:`LEADER_SKILL` of the way from the mean of those cards (a blind choice) to the best (a
  clairvoyant one); none (he cannot obey: « pas de carte »), what the free choice is worth there
  (the captain orders again, the opponents hearing that he lacks it);
* when the captain leads himself (C1), his own **cards** (then the card is searched as usual).

**Order** (C1 when no question is worth asking, and C3): the command with the best mean over the
worlds; ties go to the heuristic's command (listed first,
:func:`~atout.bots.sizette.talk.choose_command`).

**Questions by value** (C1). The candidates are a handful: the heuristic's next question
(:func:`~atout.bots.sizette.talk.next_question`), and the suit questions (``count``, ``which``,
``highest``, ``void``) to the leader of every suit and to the other team-mates of the trump suit;
never a ``hold`` question (thirty of them, each worth little: many noisy estimates would let
one pass by chance). The team-mate asked answers at the bot's own ``detail``
(:func:`~atout.bots.sizette.talk.pick_answer` over the true answers in each world: the answer he
would give). The answer splits the worlds; knowing it, the captain orders the best command of the
worlds that gave it. The question's worth is the expected value of that sample information: the
mean value of the command chosen knowing the answer, minus the command chosen without it. Both
are estimated *leave one out* — each world is valued by the command chosen on the *other* worlds
(of its answer; of all, for the baseline, and for an answer no other world gave) — so the noise of
a few worlds does not pass for information (in-sample, an answer that tells every world apart
would look worth the whole perfect-information gain). A question costs what it tells the
opponents, who hear the answer: double-dummy values cannot price that (every card is visible to
the solver's defenders already), so it is charged at :data:`BIT_COST` points per bit of the
answer's entropy over the captain's worlds (the opponents, knowing less, learn at least about as
much). The captain asks the question of the best net worth if that worth is above
:data:`MARGIN` standard errors of its estimate (the gains world by world) and above
:data:`MIN_GAIN` (at most :data:`MAX_QUESTIONS` a window), else orders. Every question costs no
more solving: the worlds and their table are shared, so a decision is one sample of ``worlds``
worlds and their solves (the ``seconds`` budget stops early, after :data:`MIN_WORLDS`).
The worth counts the lead only: what the answer later tells every card player of both sides is
not valued (so this captain asks less than the heuristic's fixed set).

**Measured** (``atout arena sizette``, duplicate deal pairs, default search, 95 % CIs, a shared
2-core machine): this captain against the heuristic's captain (both ``search``), +0.03
[−0.12, 0.18] (100 pairs); talk inference alone (both with the heuristic's captain, against
``talk=False``), +0.20 [0.06, 0.34] (100 pairs); ``search`` against ``talk=False``, −0.04
[−0.26, 0.18] (50 pairs, seed 17) and +0.35 [0.13, 0.57] (60 pairs, seed 29). A captain's
decision: median 0.25 s, 95th percentile 1.56 s, longest 1.78 s of process time (97 decisions,
16 Sizette hands).

**Answers** are the heuristic's (``detail``) by default. With ``answers="search"`` the search bot
weighs them on the same tables (:mod:`atout.bots.sizette.answers`): each answer offered is worth
the lead the captain would order on hearing it (his worlds sampled with the answer a hard fact
and his own hand as the answerer guesses it), judged in the answerer's worlds, less
:data:`BIT_COST` a bit of what it tells each opponent (exact counts of his worlds before and
after it). Against the heuristic's answers (both ``search``), +0.07 [−0.10, 0.24] (100 pairs,
seed 2031, 16 won, 73 tied, 11 lost; before ``infer``), +0.01 [−0.13, 0.15] (the same deals with
``infer``; 11, 80, 9): no measurable gain; it says « nothing » to about three
questions in four, and an answer takes a median 0.49 s, 95th percentile 0.75 s of process time
(28 answers, 4 one-hand parties).

>>> import random
>>> from atout.games import make_game
>>> from atout.cards import CardSet
>>> from atout.chance import Deal
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> state = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
...                                               {"dealer": "5", "captains": "2,1"})
>>> obs = state.observation(state.to_move)
>>> obs.seat, obs.leader, obs.window
(2, 0, 'C1')
>>> decision = captain_decision(obs, random.Random(1), worlds=8)
>>> decision.action in obs.legal, decision.worlds
(True, 8)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import log2
from typing import TYPE_CHECKING, cast

from atout.actions import Action, ActionKind
from atout.bots.sizette.knowledge import Knowledge
from atout.bots.sizette.sampler import Sampler, _strength, sample
from atout.bots.sizette.solver import card_values, position_of, rules_of
from atout.bots.sizette.talk import choose_command, next_question, pick_answer
from atout.cards import Card, Suit, cards_of
from atout.games.sizette.actions import Answer, Ask, Command
from atout.games.sizette.talk import FREE_CHOICE, Question, answers

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

LEADER_SKILL = 0.5
"""How far a leader left a choice of cards goes from their mean value (0) to the best one (1)."""
BIT_COST = 0.02
"""Points a bit the answer tells the opponents costs the captain's side."""
MIN_GAIN = 0.02
"""The net worth (points) a question must beat to be asked."""
MARGIN = 0.5
"""Standard errors of its estimated gain by which a question's net worth must clear zero."""
SUIT_KINDS = ("count", "which", "highest", "void")
"""The kinds of question weighed (the ``hold`` questions are not)."""
MAX_QUESTIONS = 4
"""Questions a captain asks at most in one window (each decision is one search)."""
WORLDS = 40
SECONDS = 1.5
MIN_WORLDS = 8


@dataclass(frozen=True)
class Decision:
    """The captain's choice, the decisions he weighed and their means, each question's net worth."""

    action: Ask | Command | Card | None
    moves: Sequence[Command | Card]
    means: list[float]
    worths: dict[Ask, float]    # the net worth of each question that cleared its margin
    worlds: int


def decision_values(obs: SizetteObservation, world: Sequence[int], moves: Sequence[Command | Card],
                    strength: tuple[int, ...]) -> list[float]:
    """What each of ``moves`` (lead commands, or the leader's own cards) is worth in ``world`` for
    the leader's side (see the module doc)."""
    values = card_values(rules_of(obs), position_of(obs, world))
    hand = int(world[obs.leader])
    free: float | None = None

    def led(mask: int) -> float:
        got = [values[Card(c)] for c in cards_of(mask)]
        best = max(got)
        return best if len(got) == 1 else LEADER_SKILL * best + (1 - LEADER_SKILL) * sum(got) / len(got)

    out: list[float] = []
    for move in moves:
        if isinstance(move, Command):
            mask = move.spec.matching(hand, strength)
            if not mask:
                if free is None:
                    free = led(FREE_CHOICE.matching(hand, strength))
                out.append(free)
            else:
                out.append(led(mask))
        else:
            out.append(float(values[move]))
    return out


def _loo_choice(sums: list[float], row: list[float]) -> int:
    """The decision best on the other worlds (``sums`` less this world's ``row``); ties: the first."""
    best, at = -1e9, 0
    for i, (s, v) in enumerate(zip(sums, row, strict=True)):
        if s - v > best + 1e-9:
            best, at = s - v, i
    return at


def question_worth(table: list[list[float]], said: list[str]) -> tuple[float, float, float]:
    """The leave-one-out value of knowing the answer (``said[w]`` in world ``w``) over not knowing
    it, the standard error of that estimate, and the answer's entropy in bits (see the module doc).

    >>> table = [[1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, 1.0]]   # two decisions, four worlds
    >>> question_worth(table, ["a", "a", "b", "b"])     # the answer tells which decision wins
    (2.0, 0.0, 1.0)
    >>> question_worth(table, ["a", "a", "a", "a"])     # it tells nothing
    (0.0, 0.0, 0.0)
    """
    n = len(table)
    total = [sum(col) for col in zip(*table, strict=True)]
    blind = [_loo_choice(total, row) for row in table]
    groups: dict[str, list[int]] = {}
    for w, a in enumerate(said):
        groups.setdefault(a, []).append(w)
    gains = [0.0] * n
    for members in groups.values():
        if len(members) == 1:
            continue            # no other world gave this answer: the blind choice, no gain
        sums = [sum(table[w][i] for w in members) for i in range(len(total))]
        for w in members:
            gains[w] = table[w][_loo_choice(sums, table[w])] - table[w][blind[w]]
    mean = sum(gains) / n
    se = (sum((g - mean) ** 2 for g in gains) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
    bits = -sum(len(m) / n * log2(len(m) / n) for m in groups.values())
    return mean, se, max(0.0, bits)


def candidate_questions(k: Knowledge, legal: Sequence[Action]) -> list[Ask]:
    """The questions worth weighing (module doc), among the legal ones."""
    leader = k.obs.leader
    wanted = {Ask(leader, Question(kind, suit=Suit(q))) for kind in SUIT_KINDS for q in range(4)}
    if k.trump is not None:
        wanted |= {Ask(m, Question(kind, suit=Suit(k.trump))) for kind in SUIT_KINDS for m in k.partners}
    talk = [a for a in legal if isinstance(a, Ask) and a.target in k.partners]
    found = [a for a in talk if a in wanted]
    usual = next_question(k, talk)
    if usual is not None and usual not in found:
        found.insert(0, usual)
    return found


def _answer(ask: Ask, hand: int, strength: tuple[int, ...], detail: str) -> str:
    offered = [Answer(st) for st in answers(ask.question, hand, strength)]
    return str(pick_answer(offered, detail).statement)


def captain_decision(obs: SizetteObservation, rng: random.Random, *, detail: str = "medium", worlds: int = WORLDS,
                     seconds: float = SECONDS, sampler: Sampler = sample) -> Decision:
    """The captain's question or lead decision in a lead window (C1, C3), by search (module doc).
    When he leads himself and asks nothing, ``action`` is ``None``: his card is searched as usual."""
    # in a lead window, the captain's moves are his commands or (leading himself) his cards
    moves = cast("list[Command | Card]", [a for a in obs.legal if a.kind is ActionKind.MOVE])
    k = Knowledge(obs)
    asks = candidate_questions(k, obs.legal)
    asked = sum(1 for seat, trick, a in obs.talk if seat == obs.seat and trick == 1 and isinstance(a, Ask))
    if asked >= MAX_QUESTIONS or obs.window != "C1":
        asks = []
    commanding = any(isinstance(m, Command) for m in moves)
    if commanding:
        first = choose_command(k, moves)
        moves = [first, *(m for m in moves if m != first and isinstance(m, Command))]
    strength = _strength(obs.game)
    played = [k.played_by[s] for s in range(k.n)]
    table: list[list[float]] = []
    said: list[list[str]] = [[] for _ in asks]
    deadline = time.process_time() + seconds
    for world in sampler(obs, rng):
        table.append(decision_values(obs, world, moves, strength))
        for i, ask in enumerate(asks):
            said[i].append(_answer(ask, int(world[ask.target]) | played[ask.target], strength, detail))
        if len(table) >= worlds or (len(table) >= MIN_WORLDS and time.process_time() > deadline):
            break
    means = [sum(col) / len(table) for col in zip(*table, strict=True)]
    worths: dict[Ask, float] = {}
    for ask, answered in zip(asks, said, strict=True):
        gain, se, bits = question_worth(table, answered)
        worth = gain - BIT_COST * bits
        if worth > MARGIN * se:
            worths[ask] = worth
    best_ask = max(worths, key=lambda a: worths[a], default=None)
    if best_ask is not None and worths[best_ask] > MIN_GAIN:
        return Decision(best_ask, moves, means, worths, len(table))
    if not commanding:
        return Decision(None, moves, means, worths, len(table))
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return Decision(moves[best], moves, means, worths, len(table))


def is_captains_lead(obs: SizetteObservation) -> bool:
    """Whether ``obs`` asks its seat for the captain's lead decision: a command to give (C1, C3),
    or in C1 the captain's own opening card with questions he may still ask first."""
    if obs.window not in ("C1", "C3") or obs.pending_question is not None or obs.trump is None:
        return False
    if any(isinstance(a, Command) for a in obs.legal):
        return True
    return obs.window == "C1" and obs.leader == obs.seat and any(isinstance(a, Ask) for a in obs.legal)


__all__ = ["BIT_COST", "LEADER_SKILL", "MARGIN", "MAX_QUESTIONS", "MIN_GAIN", "Decision", "candidate_questions",
           "captain_decision",
           "decision_values", "is_captains_lead", "question_worth"]

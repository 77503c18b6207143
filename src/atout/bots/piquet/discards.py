"""The search player's exchange: which cards to discard, chosen by sampling the unseen cards.

The candidates are the heuristic's (:func:`atout.bots.piquet.exchange.worst_cards`): its worst one
to five cards (the younger: up to what the talon holds), and the same with the last card swapped
for the next worst. Each candidate is valued on worlds drawn uniformly for the cards the seat has
not seen (the opponent's twelve and the talon in order) — the same worlds for every candidate:

- the exchange is played out: the elder takes the talon's top cards; the opponent discards as the
  heuristic would (his worst cards while they are worth less than an average draw; the elder, as
  many as he did), and the younger takes the next;
- the declarations are scored as both would make them, no sinking (each class to the better
  holding, with the winner's others), in the tally's order — repic and pic included;
- the play is valued by the double-dummy solver from the first lead, on the first worlds only (it
  costs some milliseconds a world: ``play_worlds``); the declarations on all of them.

A candidate's value is the seat's mean points less the opponent's. Deterministic for a given rng.

>>> import random
>>> from atout.cards import CardSet
>>> hand = int(CardSet.parse("AS KS QS JS 7H AD AC 9C 8D 7D 10C 9H"))
>>> chosen = plan(hand, elder=True, least=1, most=5, rng=random.Random(1), worlds=12, play_worlds=2)
>>> 1 <= len(chosen) <= 5 and all(hand >> c & 1 for c in chosen)
True
"""

from __future__ import annotations

import random
import time

from atout.bots.piquet.exchange import AVERAGE, keep_value, worst_cards
from atout.bots.piquet.solver import INF, Solver, compact
from atout.cards import Card
from atout.games.piquet.declarations import class_points
from atout.games.piquet.holdings import analyse
from atout.games.piquet.pic import Tally
from atout.packs import PACK_32

ELDER_SHARE = 5
TALON = 8


def candidates(hand: int, least: int, most: int) -> list[tuple[Card, ...]]:
    """The discards weighed: the worst ``n`` cards for each ``n`` allowed, and each with its last
    card swapped for the next worst."""
    ranked = worst_cards(hand, min(most + 1, hand.bit_count()))
    out: list[tuple[Card, ...]] = []
    for n in range(max(least, 1), most + 1):
        out.append(tuple(ranked[:n]))
        if n < len(ranked) and n >= 2:
            out.append((*ranked[:n - 1], ranked[n]))
    if least == 0:
        out.insert(0, ())
    return out


def heuristic_discards(hand: int, least: int, most: int) -> int:
    """The cards the heuristic throws: its worst, one at a time, while worth less than an average
    draw (at least ``least``, at most ``most``)."""
    thrown = 0
    while thrown.bit_count() < most:
        worst = worst_cards(hand, 1)[0]
        if thrown.bit_count() >= least and keep_value(hand, worst) >= AVERAGE:
            break
        hand ^= 1 << worst
        thrown |= 1 << worst
    return thrown


def declarations(elder_hand: int, younger_hand: int, elder: int) -> Tally:
    """Both hands' declarations as the heuristic makes them (best holding per class, the winner's
    others too), counted by the engine's tally."""
    e, y = analyse(elder_hand), analyse(younger_hand)
    younger = 1 - elder
    events = []
    best_e = max(e.suits)[:2]
    best_y = max(y.suits)[:2]
    keys = ((best_e, best_y),
            (max(((n, t) for n, t, _ in e.runs), default=(0, 0)), max(((n, t) for n, t, _ in y.runs), default=(0, 0))),
            (max(e.sets, default=(0, 0)), max(y.sets, default=(0, 0))))
    for cls, (mine, theirs) in enumerate(keys):
        if mine == theirs or max(mine[0], theirs[0]) == 0:
            continue
        seat, hold, top = (elder, e, mine) if mine > theirs else (younger, y, theirs)
        others = hold.sizes(cls)
        others.remove(top[0])
        points = class_points(cls, top[0], tuple(others) if cls else ())
        events.append((cls + 1, seat, points))
    return Tally(elder, events, True)


def plan(hand: int, elder: bool, least: int, most: int, rng: random.Random, worlds: int = 40,
         play_worlds: int = 4, elder_discards: int = 0, younger_least: int = 1,
         solver: Solver | None = None, seconds: float = 0.6) -> tuple[Card, ...]:
    """The discard of the candidates with the best mean value (see the module). ``elder_discards``:
    for the younger, how many cards the elder exchanged; ``younger_least``: the fewest the
    younger must exchange; ``seconds``: process time after which the play is valued on no more
    worlds (one at least)."""
    options = candidates(hand, least, most)
    if len(options) == 1:
        return options[0]
    solver = solver or Solver(False)
    unseen = [c for c in PACK_32 if not hand >> c & 1]
    totals = [0.0] * len(options)
    play = [0.0] * len(options)
    me, opp = (0, 1) if elder else (1, 0)          # seat 0 is the elder in these worlds
    deadline = time.process_time() + seconds
    played = 0
    for w in range(worlds):
        rng.shuffle(unseen)
        other = sum(1 << c for c in unseen[:12])
        talon = unseen[12:]
        if not elder:
            thrown = 0
            kept = other
            for _ in range(elder_discards):
                worst = worst_cards(kept, 1)[0]
                kept ^= 1 << worst
                thrown |= 1 << worst
            other = kept | sum(1 << c for c in talon[:elder_discards])
            talon = talon[elder_discards:]
        solve = w < play_worlds and (w == 0 or time.process_time() < deadline)
        played += solve
        for i, thrown_mine in enumerate(options):
            mine = hand & ~sum(1 << c for c in thrown_mine)
            n = len(thrown_mine)
            if elder:
                mine |= sum(1 << c for c in talon[:n])
                rest = talon[n:]
                theirs_out = heuristic_discards(other, younger_least, len(rest))
                theirs = other & ~theirs_out | sum(1 << c for c in rest[:theirs_out.bit_count()])
                hands = (mine, theirs)
            else:
                mine |= sum(1 << c for c in talon[:n])
                hands = (other, mine)
            tally = declarations(hands[0], hands[1], 0)
            totals[i] += tally.total[me] - tally.total[opp]
            if solve:
                need = max(0, 30 - tally.total[0]) if tally.pic_open else 0
                solver.trim()
                v = solver.search(compact(hands[0]), compact(hands[1]), 0, need, -INF, INF)
                play[i] += v if elder else -v
    scores = [t / worlds + (p / played if played else 0.0)
              for t, p in zip(totals, play, strict=True)]
    best = max(range(len(options)), key=lambda i: (scores[i], -i))
    return options[best]


__all__ = ["candidates", "declarations", "heuristic_discards", "plan"]

"""What the card play tells (Sizette, Quadrette): worlds weighed by how the others played.

The sampler (:mod:`atout.bots.sizette.sampler`) draws worlds uniformly among those consistent
with the rules and the talk: a card played tells it only a void. But players follow maxims, and a
world in which a play broke one is less likely. Three are read, for every play but a lead and
this seat's own:

1. **The last of a side to play to a trick that an opponent is winning wins it if he can**
   (the first side to its tricks wins the hand). A world where he held a card that would have
   won (of the suit led if he had any; else a trump high enough) and he played under: weight
   :data:`UNLIKELY`. Not read when a side-mate still plays after him (ducking to a partner).
2. **Win as cheaply as you can.** A world where he won with a card while holding a lower one of
   the same suit that would have won as well: :data:`COSTLY`.
3. **Follow low when not winning.** A world where he followed suit under the winning card while
   holding a lower card of the suit: :data:`COSTLY`.

Each broken maxim multiplies the world's weight. :func:`weighed` turns a sampler into one whose
worlds follow those weights: it draws a pool of :data:`POOL` uniform worlds (the sampler is
fast; the solver is not), orders them by a weighted draw without replacement (each world's key
``u ** (1 / weight)``, largest first), keeps the first :data:`KEPT`, and draws a new pool. With no
play to read, the worlds are the sampler's own.

The search uses it with ``infer=True`` (off by default): against the same search without it, it
measured −0.01 (95 % CI −0.10 – 0.08) hand points a deal pair over 300 duplicate deal pairs, and
did not measurably close the gap to the oracle (docs/bots.md).

>>> import random
>>> from atout.games import make_game
>>> from atout.cards import Card, CardSet
>>> from atout.chance import Deal
>>> from atout.bots.sizette.sampler import sample
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> state = make_game("sizette").state_from_deal(Deal(tuple(hands), turned=(Card("9C"),)),
...                                               {"dealer": "5", "captains": "0,1"})
>>> for card in ("7H", "QH", "JH", "10H", "8H"):
...     state.apply(Card(card))
>>> obs = state.observation(1)   # seats 2, 3 and 4 followed low; seat 4, last of its side, under the queen
>>> [(t.seat, t.factor) for t in play_tests(obs)]
[(2, 0.4), (3, 0.4), (4, 0.4), (4, 0.15)]
>>> def share(worlds, n=240):     # of the worlds where seat 4 holds the king of hearts
...     return sum(Card("KH") in next(worlds)[4] for _ in range(n)) / n
>>> share(sample(obs, random.Random(1))) > 0.15 > share(weighed(sample)(obs, random.Random(1)))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from atout.bots.sizette.knowledge import STRONGER, WEAKER, pack_of, trick_winner
from atout.bots.sizette.sampler import Sampler, World
from atout.cards import SUIT_INDEX, SUIT_MASK

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

UNLIKELY = 0.15
"""A world's weight for each time it has the last of a side play under an opponent he could beat."""
COSTLY = 0.4
"""A world's weight for each time it has a player win dearer, or follow higher, than he had to."""
POOL = 96
"""Uniform worlds drawn at once and weighed."""
KEPT = 24
"""Worlds kept of each pool: the first in the weighted order (a weighted draw without replacement)."""


class PlayTest(NamedTuple):
    """One play read by a maxim: a world in which ``seat`` held (with what it still holds and the
    cards ``held`` it played from that trick on) a card of ``better`` among those it could play
    then (its cards of ``suit``, the suit led, if it had any; else all) weighs ``factor``."""

    seat: int
    held: int
    suit: int
    better: int
    factor: float


def _beaters(best: int, trump: int | None, pack: int) -> int:
    """The cards of ``pack`` that would beat ``best``, the card winning a trick (of the suit led, or a trump)."""
    best_suit = SUIT_INDEX[best]
    out = STRONGER[best]
    if trump is not None and best_suit != trump:
        out |= SUIT_MASK[trump]
    return out & pack


def play_tests(obs: SizetteObservation) -> list[PlayTest]:
    """The plays of this hand the maxims read (module doc), this seat's own left out."""
    n = obs.num_seats
    me = obs.seat
    side_of = {s: i for i, side in enumerate(obs.sides) for s in side}
    trump = int(obs.trump) if obs.trump is not None else None
    pack = pack_of(obs)
    tricks = [[((t.leader + i) % n, c) for i, c in enumerate(t.cards)] for t in obs.tricks]
    if obs.trick:
        tricks.append([(s, c) for s, c in obs.trick])
    later = [0] * n       # each seat's cards played from the trick read on, filled from the last trick
    out: list[PlayTest] = []
    for trick in reversed(tricks):
        for s, c in trick:
            later[s] |= 1 << c
        led = SUIT_INDEX[trick[0][1]]
        suit = SUIT_MASK[led]
        for i in range(1, len(trick)):
            s, c = trick[i]
            if s == me:
                continue
            cards = [card for _, card in trick[:i]]
            w = trick_winner(cards, trump)
            opponent_wins = side_of[trick[w][0]] != side_of[s]
            beaters = _beaters(cards[w], trump, pack)
            if beaters >> c & 1:
                if opponent_wins:
                    out.append(PlayTest(s, later[s], suit, beaters & WEAKER[c], COSTLY))
                continue
            if SUIT_INDEX[c] == led and WEAKER[c] & pack:
                out.append(PlayTest(s, later[s], suit, WEAKER[c] & pack, COSTLY))
            if opponent_wins and not any(side_of[t] == side_of[s] for t, _ in trick[i + 1:]):
                out.append(PlayTest(s, later[s], suit, beaters, UNLIKELY))
    return out


def weight(world: Sequence[int], tests: Sequence[PlayTest]) -> float:
    """The product of the factors of the maxims ``world`` makes its players break."""
    out = 1.0
    for t in tests:
        hand = int(world[t.seat]) | t.held
        if (hand & t.suit or hand) & t.better:
            out *= t.factor
    return out


def weighed(sampler: Sampler) -> Sampler:
    """``sampler`` with its worlds weighed by the card play (module doc)."""
    def draw(obs: SizetteObservation, rng: random.Random) -> Iterator[World]:
        tests = play_tests(obs)
        worlds = sampler(obs, rng)
        if not tests:
            yield from worlds
            return
        while True:
            pool = [next(worlds) for _ in range(POOL)]
            keys = [rng.random() ** (1.0 / weight(w, tests)) for w in pool]
            for i in sorted(range(POOL), key=keys.__getitem__, reverse=True)[:KEPT]:
                yield pool[i]

    return draw


__all__ = ["COSTLY", "KEPT", "POOL", "UNLIKELY", "PlayTest", "play_tests", "weighed", "weight"]

"""Worlds of Bésigue consistent with what one seat knows, drawn uniformly (exactly, not by guessing).

A *world* (:class:`World`) places every card the seat does not see: each seat's cards (its hand
and its table) and the talon still to draw, top first. What the seat knows, read from its
observation only (:func:`knowledge`):

- its own hand and table; every seat's tabled cards (declared, still its own); the cards played;
- the turned card (the *retourne*) at the bottom of the talon while it lies there, and then who
  drew it face up; the seven of trumps exchanged for it (the exchanger holds the old retourne:
  the deal's turned card); a known card stays its holder's until it is played or tabled;
- each seat's count of hidden cards and the talon's count;
- in the last tricks (must follow, head the trick, trump), every card played: a seat that did not
  follow is void in the suit led, and each card must have been legal (the engine's
  :func:`~atout.tricks.legal_mask`) with the cards the seat held then.

Copies of a card are alike in play; the engine still names each copy, and the sampler places the
unseen copies as the deal did: uniformly among the slots. A uniform placing of the unseen card
identities is uniform over the worlds the seat cannot tell apart, weighted as the deal weighs them.

Without constraints (the first phase, or two players) a world is a shuffle of the unseen cards into
the hidden hands and the talon. With voids the cards are grouped by the seats that may hold them and
dealt group by group with the exact number of completions of each split (a count over the hidden
hands' sizes), so every world fitting the voids is equally likely; the few that break a rule of
heading or trumping are then refused (this keeps it exact: the true world is among the accepted).

>>> import random
>>> from atout.games import make_game
>>> state, rng = make_game("besigue").new_state(), random.Random(2)
>>> while state.phase_name != "play" or state.observation(0).talon > 100:
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> obs = state.observation(0)
>>> world = next(sample(obs, random.Random(0)))
>>> world.hands[0] == int(obs.hand) | int(obs.tabled[0]), len(world.talon) == obs.talon
(True, True)
>>> [h.bit_count() for h in world.hands] == [state.hands[0].bit_count(), state.hands[1].bit_count()]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import factorial
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from atout.cards import SUIT_INDEX, SUIT_MASK_ALL, Card, CardSet, cards_of
from atout.chance import Deal
from atout.games.besigue.actions import Exchange
from atout.games.besigue.events import Drew
from atout.games.besigue.spec import BesigueGame, Rules
from atout.tricks import led_suit, legal_mask

if TYPE_CHECKING:
    from atout.game import OptionValue
    from atout.games.besigue.observation import BesigueObservation
    from atout.games.besigue.state import BesigueState


class World(NamedTuple):
    """Every card placed: ``hands`` (each seat's cards, hand and table, bitmasks) and ``talon`` (the
    cards still to draw, top first; the turned card, if any, last)."""

    hands: tuple[int, ...]
    talon: tuple[int, ...]


@lru_cache(maxsize=64)
def _rules(options: tuple[tuple[str, OptionValue], ...]) -> Rules:
    return BesigueGame(dict(options)).rules


def rules_of(obs: BesigueObservation) -> Rules:
    """The rules of the observation's table (from its options)."""
    return _rules(tuple(sorted(obs.options.items())))


class Play(NamedTuple):
    """A card played in the last tricks: by ``seat``, to ``before`` (the trick so far), while the seat
    still held ``later`` too (the cards it played from then on, this one included)."""

    seat: int
    card: int
    before: tuple[int, ...]
    later: int


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of the placing of the cards (see the module doc)."""

    seat: int
    known: tuple[int, ...]        # per seat: the cards known to be its (the seat's own: all of them)
    hidden: tuple[int, ...]       # per seat: how many of its cards are unknown
    pool: tuple[int, ...]         # the cards not seen, to place
    talon_unknown: int            # how many of them lie in the talon
    bottom: int | None            # the known last card of the talon (the turned card), if there
    forbidden: tuple[int, ...]    # per seat: cards it cannot hold (voids shown in the last tricks)
    plays: tuple[Play, ...]       # the last tricks' plays by the seats with unknown cards
    trump: int | None
    rules: Rules


def knowledge(obs: BesigueObservation) -> Knowledge:
    """Read what ``obs``'s seat knows (see the module doc)."""
    rules = rules_of(obs)
    n, me = obs.num_seats, cast(int, obs.seat)   # a seat's observation
    tabled = [int(t) for t in obs.tabled]
    played = int(obs.played)
    extra = [0] * n                       # cards known in a seat's hidden hand
    turned: int | None = None
    plays: list[tuple[int, int]] = []
    for entry in obs.log.since(obs.log.hand_start):   # this hand's deal, draws and plays only
        item: Any = entry.item   # Any: told apart by ``kind``, a local mypy does not narrow by
        kind = type(item)
        if kind is Card:
            plays.append((entry.seat, int(item)))
        elif kind is Deal:
            turned = int(item.turned[0]) if item.turned else None
        elif kind is Exchange and turned is not None:
            extra[entry.seat] |= 1 << turned
        elif kind is Drew and item.face_up and item.card is not None:
            extra[entry.seat] |= 1 << int(item.card)
    mine = int(cast(CardSet, obs.hand)) | tabled[me]
    known = []
    hidden = []
    for s in range(n):
        if s == me:
            known.append(mine)
            hidden.append(0)
            continue
        seen = extra[s] & ~played & ~tabled[s]
        known.append(tabled[s] | seen)
        hidden.append(obs.hand_sizes[s] - seen.bit_count())
    bottom = None
    if obs.retourne is not None and obs.talon > 0 and obs.retourne_holder < 0:
        bottom = int(obs.retourne)
    seen_all = played
    for k in known:
        seen_all |= k
    if bottom is not None:
        seen_all |= 1 << bottom
    pool = tuple(cards_of(int(rules.pack) & ~seen_all))
    talon_unknown = obs.talon - (1 if bottom is not None else 0)
    forbidden, checks = _last_tricks(rules, n, me, plays, hidden, None if obs.trump is None else int(obs.trump))
    return Knowledge(me, tuple(known), tuple(hidden), pool, talon_unknown, bottom, forbidden, checks,
                     None if obs.trump is None else int(obs.trump), rules)


def _last_tricks(rules: Rules, n: int, me: int, plays: list[tuple[int, int]], hidden: list[int],
                 trump: int | None) -> tuple[tuple[int, ...], tuple[Play, ...]]:
    """The voids shown and the plays to check, from the cards played once the talon was out (the
    first ``talon_size`` cards played are the first phase's: one trick per draw of ``n`` cards)."""
    last = plays[rules.talon_size:]
    forbidden = [0] * n
    checks: list[Play] = []
    rule = rules.phase2_rule
    for start in range(0, len(last), n):
        trick = last[start:start + n]
        for i, (seat, card) in enumerate(trick):
            if seat == me or not hidden[seat]:
                continue
            before = tuple(c for _, c in trick[:i])
            later = 0
            for s, c in last[start + i:]:
                if s == seat:
                    later |= 1 << c
            checks.append(Play(seat, card, before, later))
            led = led_suit(before)
            if led is not None and SUIT_INDEX[card] != led and (SUIT_INDEX[card] < 4 or rule.jokers_discard_only):
                forbidden[seat] |= SUIT_MASK_ALL[led]
    del trump
    return tuple(forbidden), tuple(checks)


def consistent(k: Knowledge, hands: tuple[int, ...]) -> bool:
    """Whether every checked play was legal with the cards its seat held then."""
    rules = k.rules
    for play in k.plays:
        held = hands[play.seat] | play.later
        if not legal_mask(held, play.before, k.trump, rules.phase2_rule, rules.strength) >> play.card & 1:
            return False
    return True


def sample(obs: BesigueObservation, rng: random.Random) -> Iterator[World]:
    """Endless worlds uniformly drawn among those consistent with ``obs`` (see the module doc)."""
    k = knowledge(obs)
    return draws(k, rng)


def draws(k: Knowledge, rng: random.Random) -> Iterator[World]:
    """Endless uniform worlds of the knowledge ``k``."""
    grouped = any(k.forbidden[s] & (1 << c) for s in range(len(k.hidden)) if k.hidden[s] for c in k.pool)
    dealer = _Grouped(k) if grouped else None
    while True:
        if dealer is not None:
            hands = dealer.deal(rng)
            talon: tuple[int, ...] = ()
        else:
            cards = list(k.pool)
            rng.shuffle(cards)
            out = list(k.known)
            i = 0
            for s, count in enumerate(k.hidden):
                for c in cards[i:i + count]:
                    out[s] |= 1 << c
                i += count
            hands = tuple(out)
            talon = tuple(cards[i:i + k.talon_unknown])
            if k.bottom is not None:
                talon = (*talon, k.bottom)
        if not k.plays or consistent(k, hands):
            yield World(hands, talon)


class _Grouped:
    """Deals the unseen cards into the hidden hands when voids forbid some: cards grouped by the
    seats that may hold them, each group split among them with probability proportional to the
    number of ways to deal it times the number of completions."""

    def __init__(self, k: Knowledge):
        self.k = k
        self.seats = [s for s, h in enumerate(k.hidden) if h]
        groups: dict[tuple[int, ...], list[int]] = {}
        for c in k.pool:
            allowed = tuple(i for i, s in enumerate(self.seats) if not k.forbidden[s] >> c & 1)
            groups.setdefault(allowed, []).append(c)
        self.groups = sorted(groups.items())
        self.count = lru_cache(maxsize=None)(self._count)

    def _splits(self, size: int, allowed: tuple[int, ...], caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Every way to give ``size`` cards to the ``allowed`` seats within their capacities."""
        for counts in product(*(range(min(size, caps[i]) + 1) for i in allowed)):
            if sum(counts) == size:
                split = [0] * len(caps)
                for i, c in zip(allowed, counts, strict=True):
                    split[i] = c
                yield tuple(split)

    def _count(self, index: int, caps: tuple[int, ...]) -> int:
        """How many deals of groups ``index``… fill exactly the capacities ``caps``."""
        if index == len(self.groups):
            return 0 if any(caps) else 1
        allowed, cards = self.groups[index]
        total = 0
        for split in self._splits(len(cards), allowed, caps):
            rest = tuple(c - s for c, s in zip(caps, split, strict=True))
            total += _ways(len(cards), split) * self.count(index + 1, rest)
        return total

    def deal(self, rng: random.Random) -> tuple[int, ...]:
        k = self.k
        caps = tuple(k.hidden[s] for s in self.seats)
        hands = list(k.known)
        for index, (allowed, cards) in enumerate(self.groups):
            options = []
            for split in self._splits(len(cards), allowed, caps):
                rest = tuple(c - s for c, s in zip(caps, split, strict=True))
                weight = _ways(len(cards), split) * self.count(index + 1, rest)
                if weight:
                    options.append((split, rest, weight))
            pick = rng.randrange(sum(w for _, _, w in options))
            for split, rest, weight in options:
                if pick < weight:
                    break
                pick -= weight
            shuffled = list(cards)
            rng.shuffle(shuffled)
            i = 0
            for j, size in enumerate(split):
                for c in shuffled[i:i + size]:
                    hands[self.seats[j]] |= 1 << c
                i += size
            caps = rest
        return tuple(hands)


def _ways(size: int, split: tuple[int, ...]) -> int:
    """The multinomial coefficient: ways to deal ``size`` distinct cards in the parts ``split``."""
    out = factorial(size)
    for part in split:
        out //= factorial(part)
    return out


def world_of(state: BesigueState, seat: int) -> World:
    """The true world of a state (for the oracle): every seat's cards and the talon in its order."""
    del seat
    talon = list(state.talon[state.talon_pos:])
    if talon and state.retourne is not None:
        talon[-1] = state.retourne
    return World(tuple(state.hands), tuple(int(c) for c in talon))


__all__ = ["Knowledge", "Play", "World", "consistent", "draws", "knowledge", "rules_of", "sample", "world_of"]

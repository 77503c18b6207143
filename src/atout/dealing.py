"""Shuffling, cutting and dealing by packets.

The shuffle draws from :mod:`secrets` unless a seeded ``random.Random`` is given (tests,
simulations). The cut is a separate, visible step: a rotation of the pack chosen by the
cutting player. A record stores the resulting deal, never only a seed.

>>> import random
>>> pack = shuffled(range(6), random.Random(1))
>>> cut(pack, 2) == pack[2:] + pack[:2]
True
>>> deal_by_packets(list("abcdef"), [0, 1], (1, 2))
[['a', 'c', 'd'], ['b', 'e', 'f']]

For searches and bots, :func:`deal_with_fixed` deals the cards still unseen at random while giving
some slots (hands, talon) cards they are known to hold.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TypeVar

from atout.cards import ALL_CARDS, BIT, JOKER_MASK, Card, CardSet, cards_of
from atout.chance import Deal
from atout.compiled import speedups
from atout.history import NO_ZONE, TALON_ZONE, zone_section

T = TypeVar("T")

_SYSTEM = secrets.SystemRandom()


def default_rng() -> random.Random:
    """The shuffle source when none is injected: the operating system's CSPRNG."""
    return _SYSTEM


def shuffled(items: Iterable[T], rng: random.Random | None = None) -> list[T]:
    """A uniformly random order of ``items``.

    One draw in ``[0, n!)`` is read as the mixed-radix digits of a Fisher–Yates shuffle
    (:func:`pure_shuffle`), so every order has probability exactly ``1/n!`` — and it costs one call
    to the random source, not n.
    """
    out = list(items)
    return shuffle((rng or _SYSTEM).randrange(_factorial(len(out))), out)


def pure_shuffle(code: int, items: Sequence[T]) -> list[T]:
    """``items`` in the order the draw ``code`` (in ``[0, n!)``) gives: its digits from radix ``n``
    down to 2, each digit ``r`` of radix ``i + 1`` swapping the items at ``i`` and ``r``.

    The reference of the compiled ``atout._speedups.shuffle``, which :func:`shuffled` calls when it is
    built.

    >>> pure_shuffle(0, "abc"), pure_shuffle(1, "abc"), pure_shuffle(5, "abc")
    (['b', 'c', 'a'], ['c', 'a', 'b'], ['a', 'b', 'c'])
    """
    out = list(items)
    for i, radix, firsts, seconds in _digit_steps(len(out)):
        code, r = divmod(code, radix)
        if firsts is None or seconds is None:
            out[i], out[r] = out[r], out[i]
        else:   # two digits at once: the positions for i and i - 1
            j = firsts[r]
            k = seconds[r]
            out[i], out[j] = out[j], out[i]
            out[i - 1], out[k] = out[k], out[i - 1]
    return out


_STEPS: dict[int, list[tuple[int, int, bytes | None, bytes | None]]] = {}


def _digit_steps(n: int) -> list[tuple[int, int, bytes | None, bytes | None]]:
    """How :func:`shuffled` reads its draw for ``n`` items: digit by digit, from radix ``n`` down
    to 2, as in a Fisher–Yates shuffle; where two consecutive radices multiply to at most 4096,
    one division reads both digits and two small tables give them (the same digits, fewer
    divisions of a big number)."""
    steps = _STEPS.get(n)
    if steps is None:
        steps = []
        i = n - 1
        while i > 0:
            a, b = i + 1, i
            if i > 1 and a * b <= 4096:
                steps.append((i, a * b, bytes(r % a for r in range(a * b)), bytes(r // a for r in range(a * b))))
                i -= 2
            else:
                steps.append((i, a, None, None))
                i -= 1
        _STEPS[n] = steps
    return steps


_FACTORIALS: dict[int, int] = {}


def _factorial(n: int) -> int:
    f = _FACTORIALS.get(n)
    if f is None:
        f = _FACTORIALS[n] = math.factorial(n)
    return f


shuffle = pure_shuffle if speedups is None else speedups.shuffle


def cut(pack: Sequence[T], position: int) -> list[T]:
    """Lift the top ``position`` cards and put them under the rest."""
    if not 0 < position < len(pack):
        raise ValueError(f"cut position {position} outside 1..{len(pack) - 1}")
    return [*pack[position:], *pack[:position]]


def cut_range(pack_size: int, min_packet: int) -> range:
    """Allowed cut positions: each packet holds at least ``min_packet`` cards."""
    return range(min_packet, pack_size - min_packet + 1)


def deal_by_packets(pack: Sequence[T], order: Sequence[int], packets: Sequence[int]) -> list[list[T]]:
    """Deal from the top: for each packet size, every seat of ``order`` gets that many cards.

    Returns the hands indexed by seat (``len(order)`` seats numbered ``0 … n-1``), each in the
    order received; cards not dealt stay in the pack.
    """
    hands: list[list[T]] = [[] for _ in order]
    k = 0
    for size in packets:
        for seat in order:
            hands[seat].extend(pack[k:k + size])
            k += size
    return hands


def deal_with_fixed(cards: int | Iterable[int], sizes: Sequence[int], fixed: Mapping[int, int] | None = None,
                    rng: random.Random | None = None) -> list[CardSet]:
    """Deal ``cards`` (a bitmask or the cards) into slots of ``sizes`` (seat hands, a talon …): each
    slot ``k`` gets the cards of ``fixed[k]`` and the rest at random, uniformly among all the
    deals that respect ``fixed``.

    One shuffle (:func:`shuffled`, one draw from ``rng``, by default the operating system's
    CSPRNG) orders the free cards. A slot's cards come as a set: for a talon in order, shuffle it.

    >>> from atout.cards import Card
    >>> pack = CardSet.parse("KH QH JH 10H 9H")
    >>> hands = deal_with_fixed(pack, (2, 3), {0: CardSet.parse("KH")}, random.Random(3))
    >>> Card("KH") in hands[0], [len(h) for h in hands], hands[0] | hands[1] == pack
    (True, [2, 3], True)
    """
    pool = cards if isinstance(cards, int) else int(CardSet.of(cards))
    if sum(sizes) != pool.bit_count():
        raise ValueError(f"the slots take {sum(sizes)} cards, but {pool.bit_count()} are to be dealt")
    hands = [0] * len(sizes)
    taken = 0
    for slot, given in (fixed or {}).items():
        given = int(given)
        if not 0 <= slot < len(sizes):
            raise ValueError(f"no slot {slot} (slots 0 … {len(sizes) - 1})")
        if given & ~pool:
            raise ValueError(f"slot {slot} is given {CardSet(given & ~pool)}, which are not to be dealt")
        if given & taken:
            raise ValueError(f"{CardSet(given & taken)} given to two slots")
        if given.bit_count() > sizes[slot]:
            raise ValueError(f"slot {slot} takes {sizes[slot]} cards but is given {given.bit_count()}")
        hands[slot] |= given
        taken |= given
    free = iter(shuffled(cards_of(pool & ~taken), rng))
    for slot, size in enumerate(sizes):
        for _ in range(size - hands[slot].bit_count()):
            hands[slot] |= 1 << next(free)
    return [CardSet(h) for h in hands]


# ---------------------------------------------------------------------------------- deal plans

_card_set = int.__new__   # CardSet(bits) without its Python-level __new__ (once per hand per seat)
TURNED_RULES = ("dealer_last", "talon_first", "talon_last", "none")


class DealPlan:
    """How a game deals its pack: for each dealer, which positions of the pack (its order after
    the cut, top first) make each seat's hand and the talon (in order), and which card is turned.

    ``hands[dealer][seat]`` and ``talon[dealer]`` are the positions; ``turned`` says which card
    is turned up: ``dealer_last`` (the last card dealt to the dealer, which he keeps), ``talon_first``
    (the top card of the talon, which stays there), ``talon_last`` (the first card of the talon that
    is not a joker goes face up to its bottom), or ``none``.

    The one definition of a deal for its game: :meth:`deal` makes it from a pack, :meth:`sample`
    shuffles, cuts and deals (some cards given to some seats, for a search's sampler),
    :meth:`check` refuses a deal given from outside that the dealer could not have made.

    >>> from atout.cards import CARDS
    >>> pack = CARDS[:6]
    >>> plan = DealPlan(pack, [[(1, 3), (0, 2)], [(0, 2), (1, 3)]], [(4, 5), (4, 5)], "talon_first")
    >>> deal = plan.deal(pack, 0)
    >>> str(deal)
    'deal 0=3S,5S 1=2S,4S talon=6S,7S turn=6S pack=2S,3S,4S,5S,6S,7S'
    >>> plan.check(deal, 0) is None
    True
    """

    __slots__ = ("_zones", "dealer_slot", "hand_size", "hands", "pack", "pack_cards",
                 "pack_ids", "talon", "talon_size", "turned")

    def __init__(self, pack: Sequence[Card], hands: Sequence[Sequence[Sequence[int]]],
                 talon: Sequence[Sequence[int]], turned: str = "none", dealer_slot: Sequence[int] | None = None):
        if turned not in TURNED_RULES:
            raise ValueError(f"turned rule {turned!r} is not one of {', '.join(TURNED_RULES)}")
        self.pack_cards: tuple[Card, ...] = tuple(pack)
        self.pack_ids: tuple[int, ...] = tuple(int(c) for c in pack)
        self.pack = CardSet.of(pack)
        self.hands = tuple(tuple(tuple(seat) for seat in dealer) for dealer in hands)
        self.talon = tuple(tuple(t) for t in talon)
        self.turned = turned
        self.dealer_slot = tuple(range(len(self.hands)) if dealer_slot is None else dealer_slot)
        """Whose cards the dealer keeps, by dealer: a seat, or ``-1`` for the talon (Whist's mort)."""
        self.hand_size = len(self.hands[0][0])
        self.talon_size = len(self.talon[0])
        self._zones = tuple(self._zone_section(dealer) for dealer in range(len(self.hands)))

    def _zone_section(self, dealer: int) -> bytes | None:
        """Where each position of the pack goes when ``dealer`` deals (the deals' ``zones``, :func:`atout.history.zone_section`),
        or ``None`` when the deal's record cannot be written so (a talon out of the pack's order…)."""
        talon = self.talon[dealer]
        if len(self.hands[dealer]) >= TALON_ZONE or self.turned == "talon_last" or list(talon) != sorted(talon):
            return None
        zones = bytearray([NO_ZONE]) * len(self.pack_ids)
        for position in talon:
            zones[position] = TALON_ZONE
        for seat, positions in enumerate(self.hands[dealer]):
            for position in positions:
                zones[position] = seat
        return zone_section(bytes(zones))

    @property
    def seats(self) -> int:
        return len(self.hands[0])

    def deal(self, pack: Sequence[int], dealer: int) -> Deal:
        """The deal ``dealer`` makes from ``pack`` (card ids or cards, top first, after the cut)."""
        hands, talon, cards = deal_cards(pack, self.hands[dealer], self.talon[dealer])
        turned: tuple[Card, ...] = ()
        rule = self.turned
        if rule == "dealer_last":
            slot = self.dealer_slot[dealer]
            turned = (cards[max(self.hands[dealer][slot] if slot >= 0 else self.talon[dealer])],)
        elif rule == "talon_first":
            turned = talon[:1]
        elif rule == "talon_last":
            for k, card in enumerate(talon):
                if not BIT[card] & JOKER_MASK:
                    talon = talon[:k] + talon[k + 1:] + (card,)
                    turned = (card,)
                    break
        return _new_deal(hands, talon, turned, cards, self._zones[dealer])

    def sample(self, dealer: int, cut_position: int, rng: random.Random | None = None,
               fixed: Mapping[int, int] | None = None) -> Deal:
        """Shuffle, cut at ``cut_position`` (``0``: no cut) and deal; ``fixed`` maps seats to cards
        they must receive (placed at random among that seat's positions), the rest is dealt
        uniformly among the deals that respect it."""
        rng = rng or default_rng()
        if not fixed:
            order = shuffled(self.pack_ids, rng)
            return self.deal(cut(order, cut_position) if cut_position else order, dealer)
        pack: list[int] = [-1] * len(self.pack_ids)
        taken = 0
        positions = self.hands[dealer]
        for seat, given in fixed.items():
            given = int(given)
            if not 0 <= seat < len(positions):
                raise ValueError(f"no seat {seat} (seats 0 … {len(positions) - 1})")
            if given & taken or given & ~self.pack or given.bit_count() > len(positions[seat]):
                raise ValueError(f"seat {seat} cannot receive {CardSet(given)}")
            taken |= given
            for position, card in zip(shuffled(positions[seat], rng), cards_of(given), strict=False):
                pack[position] = card
        rest = iter(shuffled([c for c in self.pack_ids if not taken >> c & 1], rng))
        return self.deal([c if c >= 0 else next(rest) for c in pack], dealer)

    def check(self, deal: object, dealer: int) -> None:
        """Refuse (core refusals) a deal ``dealer`` could not have made: a view, wrong sizes, not
        the pack, the turned card out of place, or a pack whose dealing gives other hands."""
        from atout.refusals import WHERE_TURNED, Words, refuse

        if not isinstance(deal, Deal):
            raise refuse("not_chance", action=deal)
        if deal.is_view:
            raise refuse("deal_hidden")
        hands = deal.hands
        if (len(hands) != len(self.hands[0]) or any(len(h) != self.hand_size for h in hands)
                or len(deal.talon) != self.talon_size):
            raise refuse("deal_sizes", size=self.hand_size, seats=len(self.hands[0]), talon=self.talon_size)
        union = 0
        for h in hands:
            if union & h:
                raise refuse("deal_not_pack")
            union |= h
        talon = 0
        for c in deal.talon:
            talon |= BIT[c]
        if union & talon or talon.bit_count() != len(deal.talon) or union | talon != self.pack:
            raise refuse("deal_not_pack")
        rule = self.turned
        turned = deal.turned
        slot = self.dealer_slot[dealer]
        kept = hands[slot] if slot >= 0 else talon
        fits = {"dealer_last": len(turned) == 1 and bool(kept >> turned[0] & 1),
                "talon_first": turned == deal.talon[:1] and len(turned) == 1,
                "talon_last": len(turned) == 1 and turned == deal.talon[-1:] and not BIT[turned[0]] & JOKER_MASK,
                "none": not turned}[rule]
        if not fits:
            raise refuse("turned_card", where=Words(WHERE_TURNED[rule]))
        if deal.pack:
            if len(deal.pack) != len(self.pack_ids) or CardSet.of(deal.pack) != self.pack:
                raise refuse("deal_not_pack")
            if self.deal(deal.pack, dealer) != deal:
                raise refuse("pack_mismatch", dealer=dealer)


def pure_deal_cards(pack: Sequence[int], hands: tuple[tuple[int, ...], ...], talon: tuple[int, ...]
                    ) -> tuple[tuple[CardSet, ...], tuple[Card, ...], tuple[Card, ...]]:
    """From ``pack`` (card ids, top first): each hand's :class:`CardSet` of the cards at its
    positions (``hands``), the talon's cards at its positions in order, and the pack's cards.

    The reference of the compiled ``atout._speedups.deal_cards``, which :meth:`DealPlan.deal` calls
    when it is built.

    >>> hands, talon, cards = pure_deal_cards([5, 0, 3, 7], ((0, 2), (1,)), (3,))
    >>> [str(h) for h in hands], talon, len(cards)
    (['5S 7S', '2S'], (Card('9S'),), 4)
    """
    take_all = _taker(pack)   # one C call looks up a whole pack
    bits = take_all(BIT)
    cards = take_all(ALL_CARDS)
    return (tuple([_card_set(CardSet, sum(_taker(positions)(bits))) for positions in hands]), _taker(talon)(cards),
            cards)


deal_cards = pure_deal_cards if speedups is None else speedups.deal_cards


def _taker(positions: Sequence[int]) -> itemgetter[tuple[int, ...]]:
    """An itemgetter of ``positions`` that always gives a tuple (of one or no item too)."""
    if len(positions) < 2:   # a slice gives a tuple of one item, or none
        one = positions[0] if positions else 0
        return itemgetter(slice(one, one + len(positions)))  # type: ignore[arg-type]
    return itemgetter(*positions)


def _new_deal(hands: tuple[CardSet, ...], talon: tuple[Card, ...], turned: tuple[Card, ...],
              pack: tuple[Card, ...], zones: bytes | None = None) -> Deal:
    """``Deal(hands, talon, turned, pack, zones=zones)``, made without the frozen dataclass's slow ``__init__``
    (once per hand, on the engine's hot path); equal to it in every way."""
    deal = object.__new__(Deal)
    deal.__dict__.update(hands=hands, talon=talon, turned=turned, pack=pack, hidden=(), hidden_talon=0, zones=zones)
    return deal

"""Shuffle, cut and deal: packets of three counter-clockwise from the dealer's right, the cut as a
rotation, the partial deal with fixed cards (for sampling what a seat does not see). The same
through the Sizette and Quadrette state: tests/games/sizette/test_deal.py."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest

from atout.cards import CardSet
from atout.dealing import cut, cut_range, deal_by_packets, deal_with_fixed, shuffled
from atout.packs import PACK_BESIGUE


def expected_seat(k: int, dealer: int, n: int) -> int:
    """Card k (1-based) goes to dealer + 1 + ((k-1) mod 3n) // 3."""
    return (dealer + 1 + ((k - 1) % (3 * n)) // 3) % n


# --------------------------------------------------------------------------- pure functions


@pytest.mark.parametrize("dealer", range(6))
def test_deal_by_packets_threes_counter_clockwise_from_the_dealers_right(dealer: int) -> None:
    pack = list(range(1, 37))                    # card k is the integer k
    order = [(dealer + 1 + i) % 6 for i in range(6)]
    hands = deal_by_packets(pack, order, (3, 3))
    assert [len(h) for h in hands] == [6] * 6
    for seat, hand in enumerate(hands):
        for k in hand:
            assert expected_seat(k, dealer, 6) == seat
    first = (dealer + 1) % 6
    assert hands[first] == [1, 2, 3, 19, 20, 21]
    assert hands[dealer] == [16, 17, 18, 34, 35, 36]     # the dealer ends each round; 36 is his last


def test_deal_by_packets_leaves_the_rest_of_the_pack_undealt() -> None:
    pack = list(range(1, 33))
    order = [1, 2, 3, 0]                          # dealer 0
    hands = deal_by_packets(pack, order, (3, 3))
    dealt = sorted(c for h in hands for c in h)
    assert dealt == list(range(1, 25))            # 24 cards dealt, 25…32 stay (the talon)
    assert hands[1] == [1, 2, 3, 13, 14, 15]
    assert hands[0] == [10, 11, 12, 22, 23, 24]


def test_deal_by_packets_other_packet_sizes() -> None:
    hands = deal_by_packets(list("abcdefgh"), [0, 1], (1, 3))
    assert hands == [["a", "c", "d", "e"], ["b", "f", "g", "h"]]


def test_cut_is_a_rotation_at_the_position() -> None:
    pack = list(range(10))
    assert cut(pack, 3) == [3, 4, 5, 6, 7, 8, 9, 0, 1, 2]
    assert cut(pack, 9) == [9, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert sorted(cut(pack, 4)) == pack
    for bad in (0, 10, -1, 11):
        with pytest.raises(ValueError, match="cut position"):
            cut(pack, bad)


def test_cut_range_keeps_min_packet_on_each_side() -> None:
    assert cut_range(36, 2) == range(2, 35)
    assert cut_range(32, 2) == range(2, 31)
    assert cut_range(36, 1) == range(1, 36)


def test_shuffled_is_a_permutation_and_seeded() -> None:
    items = list(range(36))
    a = shuffled(items, random.Random(7))
    b = shuffled(items, random.Random(7))
    c = shuffled(items, random.Random(8))
    assert sorted(a) == items and a == b and a != c
    assert items == list(range(36))               # input untouched


def test_shuffled_reaches_every_order_of_three() -> None:
    rng = random.Random(0)
    seen = {tuple(shuffled("abc", rng)) for _ in range(300)}
    assert len(seen) == 6


def _fisher_yates_by_digits(items: list[int], rng: random.Random) -> list[int]:
    """The definition :func:`shuffled` follows: one draw in [0, n!), read digit by digit."""
    out = list(items)
    code = rng.randrange(math.factorial(len(out)))
    for i in range(len(out) - 1, 0, -1):
        code, j = divmod(code, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 31, 32, 36, 52, 63, 64, 65, 66, 132])
def test_shuffled_reads_its_draw_digit_by_digit(n: int) -> None:
    """Reading two digits at a time from small tables gives the very order of the plain reading,
    so a seed gives the same deals as before (pack sizes of every game, and around the table limit)."""
    fast, plain = random.Random(n), random.Random(n)
    for _ in range(200):
        assert shuffled(range(n), fast) == _fisher_yates_by_digits(list(range(n)), plain)


# --------------------------------------------------------------------------- the partial deal


def test_deal_with_fixed_respects_sizes_and_fixed_cards() -> None:
    rng = random.Random(2)
    fixed = {0: CardSet.parse("KH#2 JK1"), 3: CardSet.parse("AS#4 7D 8D")}
    for _ in range(50):
        slots = deal_with_fixed(PACK_BESIGUE, (9, 9, 9, 105), fixed, rng)
        assert [len(s) for s in slots] == [9, 9, 9, 105]
        union = CardSet(0)
        for slot in slots:
            assert isinstance(slot, CardSet) and not union & slot
            union |= slot
        assert union == PACK_BESIGUE
        assert all(given.issubset(slots[k]) for k, given in fixed.items())


def test_deal_with_fixed_takes_a_mask_or_cards_and_no_fixed() -> None:
    cards = CardSet.parse("KH QH JH 10H")
    a = deal_with_fixed(cards, (1, 3), rng=random.Random(4))
    b = deal_with_fixed(list(cards), (1, 3), {}, random.Random(4))
    c = deal_with_fixed(int(cards), (1, 3), None, random.Random(4))
    assert a == b == c and a[0] | a[1] == cards
    assert deal_with_fixed(cards, (4,))[0] == cards                        # default source: the system's
    assert deal_with_fixed(CardSet(0), (0, 0)) == [CardSet(0), CardSet(0)]
    full = deal_with_fixed(cards, (2, 2), {0: CardSet.parse("KH QH"), 1: CardSet.parse("JH 10H")})
    assert full == [CardSet.parse("KH QH"), CardSet.parse("JH 10H")]     # nothing left to chance


def test_deal_with_fixed_is_uniform_given_the_fixed_cards() -> None:
    cards = CardSet.parse("AS KS QS JS 10S")
    fixed = {0: CardSet.parse("AS")}
    # the four free cards fill 1 + 2 + 1 places: 4! / (1! 2! 1!) = 12 deals, each 1/12
    expected = {
        (CardSet.parse("AS").add(a), CardSet.of(b), CardSet.of([c]))
        for a, *rest in itertools.permutations(CardSet.parse("KS QS JS 10S"))
        for b, c in [(rest[:2], rest[2])]
    }
    assert len(expected) == 12
    rng = random.Random(11)
    counts = Counter(tuple(deal_with_fixed(cards, (2, 2, 1), fixed, rng)) for _ in range(6000))
    assert set(counts) == expected
    assert all(abs(n - 500) < 100 for n in counts.values()), counts       # ±100 is about ±4.7 sigma


def test_deal_with_fixed_uses_one_draw() -> None:
    class Counting(random.Random):
        calls = 0

        def randrange(self, *args: Any, **kwargs: Any) -> int:
            Counting.calls += 1
            return super().randrange(*args, **kwargs)

    deal_with_fixed(PACK_BESIGUE, (9, 9, 114), {1: CardSet.parse("JK2")}, Counting(0))
    assert Counting.calls == 1


@pytest.mark.parametrize("sizes, fixed, message", [
    ((2, 2), {}, "take 4 cards, but 5"),
    ((2, 3), {2: CardSet.parse("KH")}, "no slot 2"),
    ((2, 3), {-1: CardSet.parse("KH")}, "no slot -1"),
    ((2, 3), {0: CardSet.parse("7C")}, "7C, which are not to be dealt"),
    ((2, 3), {0: CardSet.parse("KH QH JH")}, "takes 2 cards but is given 3"),
    ((2, 3), {0: CardSet.parse("KH"), 1: CardSet.parse("KH QH")}, "KH given to two slots"),
])
def test_deal_with_fixed_refuses_impossible_requests(sizes: tuple[int, ...], fixed: dict[int, CardSet],
                                                     message: str) -> None:
    with pytest.raises(ValueError, match=message):
        deal_with_fixed(CardSet.parse("KH QH JH 10H 9H"), sizes, fixed, random.Random(0))

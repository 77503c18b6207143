"""What a Piquet hand holds, read from its bitmask with precomputed tables: the point (each suit's
length and value), the sequences (maximal runs of three or more in the order A K Q J 10 9 8 7)
and the sets (three or four aces, kings, queens, jacks or tens; nines, eights and sevens are
worth nothing), and the carte blanche (no king, queen or jack).

A suit's *pattern* is an 8-bit number: bit ``i`` is the ``i``-th rank from the seven up
(``0`` = 7 … ``7`` = ace). Every table below is indexed by a pattern, so reading a hand costs four
lookups per suit. Sources: the point, sequences and sets — *Le Piquet* (loisirs.savoir.fr);
runs counted once at their full length — Cavendish, *The Laws of Piquet* (1882).

>>> h = analyse(int(CardSet.parse("AS KS QS JS 9S AH AD AC KH KD 7C 8C")))
>>> h.suits[0], h.runs, h.sets
((5, 50, 0), ((4, 7, 0),), ((4, 7), (3, 6)))
>>> [name_of_rank(r, "en") for r in (7, 3, 0)], is_carte_blanche(int(CardSet.parse("AS 10H 9D")))
(['A', '10', '7'], True)
"""

from __future__ import annotations

from typing import NamedTuple

from atout.cards import RANK_CODES, RANK_INDEX, SUIT_INDEX, Card, CardSet, Rank
from atout.packs import PACK_32

PIQUET_RANKS = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""The eight ranks, lowest first: a pattern's bit ``i`` is ``PIQUET_RANKS[i]``."""
ACE, KING, QUEEN, JACK, TEN = 7, 6, 5, 4, 3
CARD_VALUES = (7, 8, 9, 10, 10, 10, 10, 11)
"""The value of each rank for the point: the ace 11, the court cards 10, the others their pips."""
SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_POINTS = {3: 3, 4: 14}
SET_RANKS = (TEN, JACK, QUEEN, KING, ACE)
"""The ranks whose trios and quatorzes count (nines, eights and sevens are worth nothing)."""

SUIT_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(sorted((c for c in PACK_32 if SUIT_INDEX[c] == s), key=lambda c: RANK_INDEX[c])) for s in range(4))
"""The eight cards of each suit, lowest rank first."""
SHIFT: tuple[int, ...] = tuple(int(cards[0]) for cards in SUIT_CARDS)
"""``hand >> SHIFT[suit] & 0xFF`` is the suit's pattern (the seven's bit comes first)."""
RANK_OF_CARD: dict[int, int] = {int(c): i for cards in SUIT_CARDS for i, c in enumerate(cards)}
"""A card's piquet rank index, 0 (seven) … 7 (ace)."""
STRENGTH: tuple[int, ...] = tuple(RANK_OF_CARD.get(i, -1) for i in range(64))
"""``STRENGTH[card]``: the card's piquet rank index (for the trick), -1 off the pack."""
SUIT_OF: tuple[int, ...] = tuple(SUIT_INDEX[i] if i in RANK_OF_CARD else -1 for i in range(64))
SUIT_BITS: tuple[int, ...] = tuple(0xFF << SHIFT[s] for s in range(4))
"""The mask of each suit's eight cards."""
RANK_BITS: tuple[int, ...] = tuple(sum(1 << SUIT_CARDS[s][r] for s in range(4)) for r in range(8))
"""The four cards of each piquet rank."""
COURT_MASK: int = sum(1 << c for c in PACK_32 if RANK_OF_CARD[int(c)] in (JACK, QUEEN, KING))
TEN_OR_HIGHER: int = sum(1 << c for c in PACK_32 if RANK_OF_CARD[int(c)] >= TEN)


def _runs(pattern: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of three or more: ``(length, top)``, longest then highest first."""
    runs = []
    i = 0
    while i < 8:
        if pattern >> i & 1:
            j = i
            while j + 1 < 8 and pattern >> (j + 1) & 1:
                j += 1
            if j - i + 1 >= 3:
                runs.append((j - i + 1, j))
            i = j + 1
        else:
            i += 1
    return tuple(sorted(runs, reverse=True))


PATTERN_LENGTH: tuple[int, ...] = tuple(p.bit_count() for p in range(256))
PATTERN_VALUE: tuple[int, ...] = tuple(sum(CARD_VALUES[i] for i in range(8) if p >> i & 1) for p in range(256))
PATTERN_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs(p) for p in range(256))
PATTERN_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(SUIT_CARDS[s][i] for i in range(8) if p >> i & 1) for p in range(256)) for s in range(4))
"""``PATTERN_CARDS[suit][pattern]``: the cards of that pattern, lowest first (for listing moves)."""


def cards_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask of the Piquet pack, suit by suit, lowest first (no loop per card).

    >>> cards_tuple(int(CardSet.parse("AS 7S KH")))
    (Card('7S'), Card('AS'), Card('KH'))
    """
    s0, s1, s2, s3 = SHIFT
    t0, t1, t2, t3 = PATTERN_CARDS
    return t0[mask >> s0 & 255] + t1[mask >> s1 & 255] + t2[mask >> s2 & 255] + t3[mask >> s3 & 255]


def pattern(hand: int, suit: int) -> int:
    return hand >> SHIFT[suit] & 255


class Holdings(NamedTuple):
    """A hand's combinations: ``suits[s] = (length, value, s)``; ``runs`` = ``(length, top, suit)``
    longest first; ``sets`` = ``(count, rank)`` with count 3 or 4, rank a :data:`SET_RANKS`."""

    suits: tuple[tuple[int, int, int], ...]
    runs: tuple[tuple[int, int, int], ...]
    sets: tuple[tuple[int, int], ...]

    def lengths(self, cls: int) -> tuple[int, ...]:
        """The distinct sizes of this hand's holdings of class ``cls`` (0 point, 1 sequences,
        2 sets), largest first."""
        if cls == 0:
            found = {n for n, _, _ in self.suits if n}
        elif cls == 1:
            found = {n for n, _, _ in self.runs}
        else:
            found = {n for n, _ in self.sets}
        return tuple(sorted(found, reverse=True))

    def tie_values(self, cls: int, size: int) -> tuple[int, ...]:
        """What breaks a tie between holdings of ``size``: the point's value, the sequence's top,
        the set's rank — for each holding of that size, highest first."""
        if cls == 0:
            found = {v for n, v, _ in self.suits if n == size}
        elif cls == 1:
            found = {t for n, t, _ in self.runs if n == size}
        else:
            found = {r for n, r in self.sets if n == size}
        return tuple(sorted(found, reverse=True))

    def sizes(self, cls: int) -> list[int]:
        """Every holding's size of class ``cls`` (a multiset), largest first."""
        if cls == 0:
            return sorted((n for n, _, _ in self.suits if n), reverse=True)
        if cls == 1:
            return [n for n, _, _ in self.runs]
        return sorted((n for n, _ in self.sets), reverse=True)


def analyse(hand: int) -> Holdings:
    """Every combination of ``hand`` (a bitmask)."""
    suits = []
    runs: list[tuple[int, int, int]] = []
    for s in range(4):
        p = hand >> SHIFT[s] & 255
        suits.append((PATTERN_LENGTH[p], PATTERN_VALUE[p], s))
        runs.extend((n, top, s) for n, top in PATTERN_RUNS[p])
    runs.sort(reverse=True)
    sets = []
    for r in SET_RANKS:
        count = (hand & RANK_BITS[r]).bit_count()
        if count >= 3:
            sets.append((count, r))
    sets.sort(reverse=True)
    return Holdings(tuple(suits), tuple(runs), tuple(sets))


def is_carte_blanche(hand: int) -> bool:
    """No king, queen or jack in ``hand``."""
    return not hand & COURT_MASK


def suit_cards(hand: int, suit: int) -> CardSet:
    return CardSet(hand & SUIT_BITS[suit])


def run_cards(suit: int, length: int, top: int) -> CardSet:
    """The cards of the run of ``length`` in ``suit`` whose highest rank is ``top``."""
    return CardSet(sum(1 << SUIT_CARDS[suit][i] for i in range(top - length + 1, top + 1)))


def set_cards(hand: int, rank: int) -> CardSet:
    """The cards of ``rank`` in ``hand``."""
    return CardSet(sum(1 << SUIT_CARDS[s][rank] for s in range(4) if hand >> SUIT_CARDS[s][rank] & 1))


def name_of_rank(rank: int, lang: str) -> str:
    """A piquet rank index as its code in ``lang`` (``A``, ``R``, ``10`` …)."""
    return RANK_CODES[lang][PIQUET_RANKS[rank]]


def rank_from_code(text: str) -> int | None:
    """The piquet rank index of a rank code in either language (``K``, ``R``, ``10``, ``T``), else ``None``."""
    t = text.strip().upper()
    for lang in ("en", "fr"):
        codes = RANK_CODES[lang]
        for i, rank in enumerate(PIQUET_RANKS):
            if codes[rank] == t:
                return i
    return 3 if t == "T" else None

"""The declarations (*combinations*) of Bésigue, their values and every validity rule.

The table (Wikipédia, « Bésigue »): trump marriage 40 (or 100), simple marriage 20, carré de
jokers 200, carrés of trump aces 200, kings 160, queens 120, jacks 80, carrés of aces 100, kings
80, queens 60, jacks 40 (a joker may stand for one missing card), quinte (A 10 K Q J of trumps)
250, bésigue (queen of spades and jack of diamonds) 40 (or 100); with the classic game's double
bésigue as an option.

Validity (docs/rules/decisions.md#besigue-declaration-rules):

- only the winner of a trick, in the first phase, before drawing; one declaration per trick won
  (option: any number); before trump is known (trump by the first marriage) only a marriage,
  which fixes trump and scores as the trump marriage;
- every card is the declarer's (in hand or on his own table), and at least one comes from his
  hand;
- classes: M (marriages and the quinte), B (bésigues), C (every carré); a card already used in a
  class is never used again in that class, but may serve in another class — except that the king
  and queen of a trump marriage may go on into a quinte (and the quinte may need that marriage
  first, still on the table); so cards of a plain carré never make a trump carré;
- a trump carré is the four copies of one trump card, no joker; a plain carré is four aces,
  kings, queens or jacks of any suits, at most one joker; the carré de jokers is the four
  jokers; a joker serves in one declaration only;
- a double bésigue (when scored) may take a bésigue already on the table.

Each legal combination is listed once, its copies chosen by the engine: cards already on the
table first (they are shown already), then cards from the hand; non-trump cards before trump
cards in a plain carré (the trump copies stay free for a trump carré); a joker only when a real
card is missing; and at least one card from the hand.

>>> from atout.cards import Suit
>>> table = Values(40, 40, 0)
>>> hand = int(CardSet.parse("KH QH QS JD AS 9C 8C 7C JK1"))
>>> [str(d) for d in pure_legal(table, Suit.HEARTS, hand, 0, Used(), True)]
['trump-marriage KH QH 40', 'besigue QS JD 40']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from atout.actions import ActionKind
from atout.cards import (
    ALL_CARDS,
    BASE_OF,
    COPIES_MASK,
    JOKER_MASK,
    RANK_INDEX,
    SUIT_INDEX,
    SUIT_MASK_ALL,
    Card,
    CardSet,
    Rank,
    Suit,
    card_of,
)
from atout.compiled import speedups
from atout.packs import BESIGUE_ORDER

# ---------------------------------------------------------------------------------- the table

MARRIAGE, TRUMP_MARRIAGE, QUINTE = "marriage", "trump-marriage", "quinte"
BESIGUE, DOUBLE_BESIGUE, JOKERS = "besigue", "double-besigue", "jokers"
CARRE_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
PLAIN_CARRE = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks"}
TRUMP_CARRE = {r: f"trump-{name}" for r, name in PLAIN_CARRE.items()}
FIXED_VALUES: dict[str, int] = {
    MARRIAGE: 20, QUINTE: 250, JOKERS: 200,
    "trump-aces": 200, "trump-kings": 160, "trump-queens": 120, "trump-jacks": 80,
    "aces": 100, "kings": 80, "queens": 60, "jacks": 40,
}
NAMES: tuple[str, ...] = (TRUMP_MARRIAGE, MARRIAGE, BESIGUE, DOUBLE_BESIGUE, QUINTE, JOKERS,
                          *TRUMP_CARRE.values(), *PLAIN_CARRE.values())
WORDS: dict[str, dict[str, str]] = {
    "en": {TRUMP_MARRIAGE: "trump-marriage", MARRIAGE: "marriage", BESIGUE: "besigue",
           DOUBLE_BESIGUE: "double-besigue", QUINTE: "quinte", JOKERS: "jokers",
           "trump-aces": "trump-aces", "trump-kings": "trump-kings", "trump-queens": "trump-queens",
           "trump-jacks": "trump-jacks", "aces": "aces", "kings": "kings", "queens": "queens", "jacks": "jacks"},
    "fr": {TRUMP_MARRIAGE: "mariage-atout", MARRIAGE: "mariage", BESIGUE: "bésigue",
           DOUBLE_BESIGUE: "double-bésigue", QUINTE: "quinte", JOKERS: "carré-jokers",
           "trump-aces": "carré-as-atout", "trump-kings": "carré-rois-atout", "trump-queens": "carré-dames-atout",
           "trump-jacks": "carré-valets-atout", "aces": "carré-as", "kings": "carré-rois", "queens": "carré-dames",
           "jacks": "carré-valets"},
}
"""The word of each combination in each language (French also read without accents)."""
LONG_NAMES: dict[str, dict[str, str]] = {
    "en": {TRUMP_MARRIAGE: "trump marriage", MARRIAGE: "marriage", BESIGUE: "bésigue",
           DOUBLE_BESIGUE: "double bésigue", QUINTE: "quinte", JOKERS: "four jokers",
           "trump-aces": "four trump aces", "trump-kings": "four trump kings", "trump-queens": "four trump queens",
           "trump-jacks": "four trump jacks", "aces": "four aces", "kings": "four kings", "queens": "four queens",
           "jacks": "four jacks"},
    "fr": {TRUMP_MARRIAGE: "mariage d'atout", MARRIAGE: "mariage simple", BESIGUE: "bésigue",
           DOUBLE_BESIGUE: "double bésigue", QUINTE: "quinte", JOKERS: "carré de jokers",
           "trump-aces": "carré d'as d'atout", "trump-kings": "carré de rois d'atout",
           "trump-queens": "carré de dames d'atout", "trump-jacks": "carré de valets d'atout", "aces": "carré d'as",
           "kings": "carré de rois", "queens": "carré de dames", "jacks": "carré de valets"},
}


class Values(NamedTuple):
    """The values set by options: the trump marriage, the bésigue, the double bésigue (0: none)."""

    trump_marriage: int
    besigue: int
    double_besigue: int

    def of(self, name: str) -> int:
        """The points of the combination ``name``.

        >>> Values(40, 40, 0).of("kings"), Values(100, 40, 0).of("trump-marriage")
        (80, 100)
        """
        if name == TRUMP_MARRIAGE:
            return self.trump_marriage
        if name == BESIGUE:
            return self.besigue
        if name == DOUBLE_BESIGUE:
            return self.double_besigue
        return FIXED_VALUES[name]


@dataclass(frozen=True)
class Declaration:
    """A combination laid on the table: its ``name``, its ``cards`` (exact copies) and its ``points``.

    >>> d = Declaration("kings", CardSet.parse("KS KH KD JK1"), 80)
    >>> str(d), d.text("fr")
    ('kings KS KH KD JK1 80', 'carré-rois RP RC RK JO1 80')
    """

    name: str
    cards: CardSet
    points: int
    kind: ClassVar[ActionKind] = ActionKind.MOVE
    interned: ClassVar[bool] = False   # thousands of values (exact copies): the partie's, not the process's table

    def text(self, lang: str = "en") -> str:
        cards = " ".join(c.text(lang) for c in ordered(self.cards))
        return f"{WORDS[lang][self.name]} {cards} {self.points}"

    def __str__(self) -> str:
        return self.text()


def ordered(cards: int) -> list[Card]:
    """Cards in the order a declaration is written: by suit, then A 10 K Q J …, copies together; jokers last."""
    return BESIGUE_ORDER.sorted(ALL_CARDS[c] for c in _bits(cards))


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------------------------- card masks

RANK_MASK_ALL: tuple[int, ...] = tuple(
    sum(1 << c for c in range(len(ALL_CARDS)) if RANK_INDEX[c] == r) for r in range(13)
)
"""Every copy of every card of a rank, all suits."""


def copies(rank: Rank, suit: int) -> int:
    """Every copy of the card of ``rank`` and ``suit`` (the pack decides which exist)."""
    return COPIES_MASK[card_of(rank, suit)]


_QS, _JD = copies(Rank.QUEEN, Suit.SPADES), copies(Rank.JACK, Suit.DIAMONDS)
_COPIES: dict[Rank, tuple[int, ...]] = {r: tuple(copies(r, s) for s in range(4))
                                        for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)}
"""The copies of the cards declarations use, by rank and suit (the hot path of :func:`legal`)."""
_KINGS, _QUEENS, _ACES, _TENS, _JACKS = (_COPIES[r] for r in (Rank.KING, Rank.QUEEN, Rank.ACE, Rank.TEN, Rank.JACK))


class Used(NamedTuple):
    """Which cards have served in which class of declaration this hand (bitmasks of card ids); an
    immutable value: :meth:`record` gives a new one.

    ``m``: a marriage or quinte; ``tm``: a trump marriage; ``q``: a quinte; ``b``: a bésigue;
    ``db``: a double bésigue; ``c``: a carré (a joker, once used, is in ``c``); ``pairs``: each
    trump marriage's king and queen (a quinte takes both of one marriage).
    """

    m: int = 0
    tm: int = 0
    q: int = 0
    b: int = 0
    db: int = 0
    c: int = 0
    pairs: tuple[int, ...] = ()

    def record(self, name: str, cards: int) -> Used:
        """The cards used after a declaration ``name`` of ``cards``."""
        m, tm, q, b, db, c, pairs = self
        if name in (MARRIAGE, TRUMP_MARRIAGE, QUINTE):
            m |= cards
            if name == TRUMP_MARRIAGE:
                tm |= cards
                pairs = (*pairs, cards)
            elif name == QUINTE:
                q |= cards
        elif name == BESIGUE:
            b |= cards
        elif name == DOUBLE_BESIGUE:
            db |= cards
        else:
            c |= cards
        return Used(m, tm, q, b, db, c, pairs)

    def masks(self) -> tuple[int, ...]:
        """The six classes' masks (``pairs`` left out)."""
        return self[:6]


NO_USE = Used()


# ---------------------------------------------------------------------------------- choosing copies


def _pick(slots: list[tuple[int, int]], hand: int) -> int:
    """One card per slot ``(candidates, preferred)``: a card of ``preferred`` (tabled) if any, else the
    lowest candidate; then, if none comes from ``hand``, the first slot that can takes a hand card
    instead. 0 if a slot is empty or no card can come from the hand."""
    chosen = []
    for cands, tabled in slots:
        if not cands:
            return 0
        pool = cands & tabled or cands
        chosen.append(pool & -pool)
    if not any(c & hand for c in chosen):
        for i, (cands, _) in enumerate(slots):
            fresh = cands & hand
            if fresh:
                chosen[i] = fresh & -fresh
                break
        else:
            return 0
    mask = 0
    for c in chosen:
        mask |= c
    return mask


def _lowest(mask: int, count: int) -> list[int]:
    out: list[int] = []
    while mask and len(out) < count:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _carre(cands: int, jokers: int, tabled: int, hand: int, trump_mask: int) -> int:
    """Four cards for a plain carré: tabled before hand, non-trump before trump, a joker only if a card
    is missing (at most one); at least one card from the hand."""
    order = (cands & tabled & ~trump_mask, cands & tabled & trump_mask,
             cands & hand & ~trump_mask, cands & hand & trump_mask)
    picked: list[int] = []
    for group in order:
        picked += _lowest(group, 4 - len(picked))
    if len(picked) < 3 or (len(picked) == 3 and not jokers):
        return 0
    if len(picked) == 3:
        picked.append(jokers & -jokers)   # an unused joker is in the hand
    elif not any(p & hand for p in picked):
        spare = cands & hand & ~_or(picked)
        if spare:
            picked[-1] = spare & -spare
        elif jokers:
            picked[-1] = jokers & -jokers
        else:
            return 0
    return _or(picked)


def _or(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


# ---------------------------------------------------------------------------------- what is legal


def pure_legal(values: Values, trump: int | None, owned: int, tabled: int, used: Used,
               quinte_needs_marriage: bool) -> list[Declaration]:
    """Every combination the trick's winner may declare now, once each (copies chosen as above): the
    reference of :func:`legal`, which is compiled when built (:mod:`atout.compiled`).

    ``owned``: all his cards (hand and table); ``tabled``: those on his table; ``trump``: ``None``
    while no marriage has fixed it (then only marriages, each a trump marriage).
    """
    hand = owned & ~tabled
    if not hand:
        return []
    out: list[Declaration] = []
    free_m = owned & ~used.m
    if trump is None:
        for suit in range(4):
            kings, queens = free_m & _KINGS[suit], free_m & _QUEENS[suit]
            cards = _pick([(kings, tabled), (queens, tabled)], hand) if kings and queens else 0
            if cards:
                out.append(Declaration(TRUMP_MARRIAGE, CardSet(cards), values.trump_marriage))
        return out
    for suit in range(4):
        kings, queens = free_m & _KINGS[suit], free_m & _QUEENS[suit]
        cards = _pick([(kings, tabled), (queens, tabled)], hand) if kings and queens else 0   # no pair: none
        if cards:
            name = TRUMP_MARRIAGE if suit == trump else MARRIAGE
            out.append(Declaration(name, CardSet(cards), values.of(name)))
    free_b = owned & ~used.b & ~used.db    # a double bésigue's cards never make a single one
    cards = _pick([(free_b & _QS, tabled), (free_b & _JD, tabled)], hand) if free_b & _QS and free_b & _JD else 0
    if cards:
        out.append(Declaration(BESIGUE, CardSet(cards), values.besigue))
    if values.double_besigue:
        free_db = owned & ~used.db
        qs, jd = free_db & _QS, free_db & _JD
        if qs.bit_count() >= 2 and jd.bit_count() >= 2:
            two_q, two_j = _two(qs, tabled, hand), _two(jd, tabled, hand)
            if not (two_q | two_j) & hand:
                if qs & hand:
                    two_q = _two(qs, tabled, hand, True)
                else:
                    two_j = _two(jd, tabled, hand, True)
            if (two_q | two_j) & hand:
                out.append(Declaration(DOUBLE_BESIGUE, CardSet(two_q | two_j), values.double_besigue))
    quinte = (_quinte(trump, owned, tabled, hand, used, quinte_needs_marriage)
              if free_m & _ACES[trump] and free_m & _TENS[trump] and free_m & _JACKS[trump] else 0)   # else no quinte
    if quinte:
        out.append(Declaration(QUINTE, CardSet(quinte), FIXED_VALUES[QUINTE]))
    free_c = owned & ~used.c
    jokers = free_c & JOKER_MASK
    if jokers.bit_count() == 4 and jokers & hand:
        out.append(Declaration(JOKERS, CardSet(jokers), FIXED_VALUES[JOKERS]))
    trump_mask = SUIT_MASK_ALL[trump]
    ranks = [rank for rank in CARRE_RANKS if (free_c & RANK_MASK_ALL[rank]).bit_count() >= 3]   # else no carré
    for rank in ranks:
        four = free_c & _COPIES[rank][trump]
        if four.bit_count() == 4 and four & hand:
            name = TRUMP_CARRE[rank]
            out.append(Declaration(name, CardSet(four), FIXED_VALUES[name]))
    for rank in ranks:
        cands = free_c & RANK_MASK_ALL[rank]
        if cands.bit_count() == 3 and not jokers:
            continue   # no four cards, nor three and a joker: what _carre would find
        cards = _carre(cands, jokers, tabled, hand, trump_mask)
        if cards:
            name = PLAIN_CARRE[rank]
            out.append(Declaration(name, CardSet(cards), FIXED_VALUES[name]))
    return out


def _two(cands: int, tabled: int, hand: int, from_hand: bool = False) -> int:
    """Two cards of ``cands``: tabled first (or, with ``from_hand``, at least one from the hand)."""
    if from_hand:
        first = cands & hand
        first &= -first
        rest = cands & ~first
        second = rest & tabled or rest
        return first | (second & -second) if first and second else 0
    picked = _lowest(cands & tabled, 2)
    picked += _lowest(cands & ~tabled, 2 - len(picked))
    return _or(picked) if len(picked) == 2 else 0


def _quinte(trump: int, owned: int, tabled: int, hand: int, used: Used, needs_marriage: bool) -> int:
    """A quinte of trumps: A, 10 and J new to class M; K and Q new to it, or from a trump marriage not
    yet in a quinte (first choice when tabled). When the quinte needs the marriage, its K and Q are
    the two cards of one trump marriage, both still on the table."""
    free_m = owned & ~used.m
    kings, queens = _KINGS[trump], _QUEENS[trump]
    if needs_marriage:
        whole = [p for p in used.pairs if p & owned & tabled == p and not p & used.q]
        if not whole:
            return 0
        pair = whole[0]
        return _pick([(free_m & _ACES[trump], tabled), (free_m & _TENS[trump], tabled),
                      (free_m & _JACKS[trump], tabled), (pair & kings, pair), (pair & queens, pair)], hand)
    from_marriage = owned & used.tm & ~used.q & tabled
    slots = [(free_m & _ACES[trump], tabled), (free_m & _TENS[trump], tabled),
             (free_m & _JACKS[trump], tabled),
             ((free_m | from_marriage) & kings, from_marriage or tabled),
             ((free_m | from_marriage) & queens, from_marriage or tabled)]
    return _pick(slots, hand)


def check_cards(decl: Declaration) -> bool:
    """Whether ``decl``'s cards have the shape of its combination (used when reading a record).

    >>> check_cards(Declaration("kings", CardSet.parse("KS KH KD JK1"), 80))
    True
    >>> check_cards(Declaration("kings", CardSet.parse("KS KH JK2 JK1"), 80))
    False
    """
    cards = list(decl.cards)
    ranks = sorted(RANK_INDEX[c] for c in cards)
    jokers = (decl.cards & JOKER_MASK).bit_count()
    if decl.name in PLAIN_CARRE.values():
        rank = next(r for r, n in PLAIN_CARRE.items() if n == decl.name)
        return len(cards) == 4 and jokers <= 1 and all(RANK_INDEX[c] == rank for c in cards if not c.is_joker)
    if decl.name in TRUMP_CARRE.values():
        return len(cards) == 4 and jokers == 0 and len({BASE_OF[c] for c in cards}) == 1
    if decl.name == JOKERS:
        return jokers == 4
    if decl.name in (MARRIAGE, TRUMP_MARRIAGE):
        return ranks == [Rank.QUEEN, Rank.KING] and len({SUIT_INDEX[c] for c in cards}) == 1
    if decl.name == BESIGUE:
        return len(cards) == 2 and bool(decl.cards & _QS) and bool(decl.cards & _JD)
    if decl.name == DOUBLE_BESIGUE:
        return len(cards) == 4 and (decl.cards & _QS).bit_count() == 2 and (decl.cards & _JD).bit_count() == 2
    return decl.name == QUINTE and ranks == [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE] \
        and len({SUIT_INDEX[c] for c in cards}) == 1


legal: Callable[[Values, int | None, int, int, Used, bool], list[Declaration]] = pure_legal
"""What the trick's winner may declare: :func:`pure_legal`, compiled when built (its masks handed over once)."""
if speedups is not None:
    speedups.set_besigue_legal(
        tuple(tuple(masks[s] for s in range(4)) for masks in (_KINGS, _QUEENS, _ACES, _TENS, _JACKS, SUIT_MASK_ALL)),
        tuple(RANK_MASK_ALL[r] for r in CARRE_RANKS), tuple(_COPIES[r] for r in CARRE_RANKS), (_QS, _JD, JOKER_MASK),
        Declaration, CardSet, NAMES, tuple(FIXED_VALUES.get(name, 0) for name in NAMES), pure_legal)
    legal = speedups.besigue_legal

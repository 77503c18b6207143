"""Table talk "à la parlante" (decisions.md: questions, true-statements): questions, statements, commands.

Every structured statement is a fact about the speaker's own hand at the moment he speaks.
The engine offers a speaker every true answer at each level of detail, plus
:data:`NOTHING` ("I won't say"); a statement that is not true is refused. Because every
statement is true and public, any player may treat it as a hard constraint.

>>> from atout.cards import CardSet, Suit
>>> hand = CardSet.parse("KH 7H 9S")
>>> [str(s) for s in answers(Question("count", Suit.HEARTS), hand, SIZETTE_STRENGTH)]
['count H 2', 'top H 2 KH', 'cards H 7H KH', 'nothing']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from atout.cards import CARDS, SUIT_MASK, Card, CardSet, Suit
from atout.games.sizette.vocabulary import (
    EN,
    SYMBOLS,
    Localized,
    Words,
    error,
    key_of,
    read_card,
    read_either,
    read_number,
    read_suit,
    read_yes_no,
    words_for,
)
from atout.packs import SIZETTE_ORDER

if TYPE_CHECKING:
    from atout.game import JSONObject

SIZETTE_STRENGTH = SIZETTE_ORDER.strength

QUESTION_KINDS = ("count", "which", "hold", "highest", "void")
STATEMENT_KINDS = ("count", "top", "cards", "hold", "highest", "void", "nothing")
SELECTORS = ("high", "low", "any")
NO_CARDS = CardSet(0)


def parse_suit(text: str, lang: str | None = "en") -> Suit:
    """A suit in speech: its letter (``S H D C``; in French ``P C K T``), name or symbol.

    >>> parse_suit("H"), parse_suit("C", "fr"), parse_suit("♣", None)
    (<Suit.HEARTS: 1>, <Suit.HEARTS: 1>, <Suit.CLUBS: 3>)
    """
    if lang is None:
        return read_either(lambda la: read_suit(text, la), text, SYMBOLS.suit)
    return read_suit(text, lang)


@dataclass(frozen=True)
class Question:
    """``count S`` how many spades; ``which S``; ``hold KS``; ``highest S``; ``void S``."""

    kind: str
    suit: Suit | None = None
    card: Card | None = None

    def written(self, words: Words) -> str:
        if self.kind == "hold":
            assert self.card is not None
            return f"{words.word('hold')} {words.card(self.card)}"
        return f"{words.word(self.kind)} {words.suit(self.suit)}"

    def text(self, lang: str = "en") -> str:
        """The question in ``lang``: ``count H`` in English, ``nombre C`` in French."""
        return self.written(words_for(lang))

    def __str__(self) -> str:
        return self.written(EN)

    def to_json(self) -> JSONObject:
        """``{"kind": "count", "suit": "H"}``, or ``{"kind": "hold", "card": "KS"}``."""
        if self.kind == "hold":
            return {"kind": "hold", "card": str(self.card)}
        return {"kind": self.kind, "suit": self.suit.letter if self.suit is not None else None}

    @classmethod
    def parse(cls, words: list[str], lang: str | None = "en") -> Question:
        """Read a question from its words (``["count", "H"]``); ``lang=None``: either language."""
        if lang is None:
            return read_either(lambda la: cls.parse(words, la), " ".join(words), lambda q: q.written(SYMBOLS))
        kind = key_of(words[0], lang, QUESTION_KINDS) if len(words) == 2 else None
        if kind is None:
            raise error("question", forms=QUESTION_FORMS)
        if kind == "hold":
            return cls("hold", card=read_card(words[1], lang))
        return cls(kind, suit=read_suit(words[1], lang))


QUESTION_FORMS = Localized("'count S', 'which S', 'hold KS', 'highest S' or 'void S'",
                           "'nombre P', 'quelles P', 'tiens RP', 'haute P' ou 'renonce P'")


@dataclass(frozen=True)
class Statement:
    """A fact about the speaker's hand. ``nothing`` is the refusal to say."""

    kind: str
    suit: Suit | None = None
    count: int = 0
    card: Card | None = None
    cards: CardSet = NO_CARDS
    yes: bool = False

    def is_true(self, hand: int, strength: tuple[int, ...]) -> bool:
        k = self.kind
        if k == "nothing":
            return True
        if k == "hold":
            return self.card is not None and bool(hand >> self.card & 1) == self.yes
        assert self.suit is not None
        in_suit = hand & SUIT_MASK[self.suit]
        n = in_suit.bit_count()
        if k == "count":
            return n == self.count
        if k == "void":
            return (n == 0) == self.yes
        if k == "cards":
            return in_suit == int(self.cards)
        top = highest_of(in_suit, strength)
        if k == "highest":
            return top == self.card
        if k == "top":
            return n == self.count and n > 0 and top == self.card
        return False

    def known_cards(self) -> CardSet:
        """Cards this statement names (for observation scans)."""
        named = int(self.cards)
        if self.card is not None:
            named |= 1 << self.card
        return CardSet(named)

    def written(self, words: Words) -> str:
        k, s, w = self.kind, words.suit(self.suit), words.word
        if k == "nothing":
            return w("nothing")
        if k == "count":
            return f"{w('count')} {s} {self.count}"
        if k == "top":
            assert self.card is not None
            return f"{w('top')} {s} {self.count} {words.card(self.card)}"
        if k == "cards":
            return f"{w('cards')} {s} {words.cards(self.cards)}"
        if k == "hold":
            assert self.card is not None
            return f"{w('hold')} {words.card(self.card)} {w('yes' if self.yes else 'no')}"
        if k == "highest":
            return f"{w('highest')} {s} {words.card(self.card) if self.card is not None else w('none')}"
        return f"{w('void')} {s} {w('yes' if self.yes else 'no')}"

    def text(self, lang: str = "en") -> str:
        """The statement in ``lang``: ``top H 2 KH`` in English, ``par C 2 RC`` in French."""
        return self.written(words_for(lang))

    def __str__(self) -> str:
        return self.written(EN)

    def to_json(self) -> JSONObject:
        """The typed fields that apply: ``{"kind": "count", "suit": "H", "count": 2}``."""
        k = self.kind
        out: JSONObject = {"kind": k}
        if k in ("count", "top", "cards", "highest", "void"):
            out["suit"] = self.suit.letter if self.suit is not None else None
        if k in ("count", "top"):
            out["count"] = self.count
        if k in ("top", "hold", "highest"):
            out["card"] = str(self.card) if self.card is not None else None
        if k == "cards":
            out["cards"] = [str(c) for c in self.cards]
        if k in ("hold", "void"):
            out["yes"] = self.yes
        return out

    @classmethod
    def parse(cls, words: list[str], lang: str | None = "en") -> Statement:
        """Read a statement from its words (``["count", "H", "2"]``); ``lang=None``: either language."""
        if lang is None:
            return read_either(lambda la: cls.parse(words, la), " ".join(words), lambda s: s.written(SYMBOLS))
        k = key_of(words[0], lang, STATEMENT_KINDS) if words else None
        n = len(words)
        if k == "nothing" and n == 1:
            return NOTHING
        if k == "count" and n == 3:
            return cls("count", read_suit(words[1], lang), count=read_number(words[2], "count", 13))
        if k == "top" and n == 4:
            return cls("top", read_suit(words[1], lang), count=read_number(words[2], "count", 13),
                       card=read_card(words[3], lang))
        if k == "cards" and n >= 3:
            named = [] if words[2:] == ["-"] else [read_card(w, lang) for w in words[2:]]
            return cls("cards", read_suit(words[1], lang), cards=CardSet.of(named))
        if k == "hold" and n == 3:
            return cls("hold", card=read_card(words[1], lang), yes=read_yes_no(words[2], lang))
        if k == "highest" and n == 3:
            none = key_of(words[2], lang, ("none",)) is not None
            return cls("highest", read_suit(words[1], lang), card=None if none else read_card(words[2], lang))
        if k == "void" and n == 3:
            return cls("void", read_suit(words[1], lang), yes=read_yes_no(words[2], lang))
        raise error("statement", forms=STATEMENT_FORMS)


STATEMENT_FORMS = Localized(
    "'count S 2', 'top S 2 KS', 'cards S KS 7S', 'hold KS yes', 'highest S KS', 'void S yes' or 'nothing'",
    "'nombre P 2', 'par P 2 RP', 'cartes P RP 7P', 'tiens RP oui', 'haute P RP', 'renonce P oui' ou 'rien'",
)
NOTHING = Statement("nothing")


@dataclass(frozen=True)
class CommandSpec:
    """What a captain orders the leader to lead: ``KH``, ``high H``, ``low H``, ``any H``, ``any``."""

    selector: str  # "card", "high", "low", "any"
    suit: Suit | None = None
    card: Card | None = None
    # the cards that could obey it: the leader can obey iff his hand meets this mask
    mask: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        if self.card is not None:
            mask = 1 << self.card
        elif self.suit is not None:
            mask = SUIT_MASK[self.suit]
        else:
            mask = (1 << 52) - 1
        object.__setattr__(self, "mask", mask)

    def matching(self, hand: int, strength: tuple[int, ...]) -> int:
        """The cards of ``hand`` that obey the command (a bitmask, maybe empty)."""
        if self.selector == "card":
            assert self.card is not None
            return hand & (1 << self.card)
        if self.suit is None:
            return hand
        in_suit = hand & SUIT_MASK[self.suit]
        if not in_suit or self.selector == "any":
            return in_suit
        pick = highest_of(in_suit, strength) if self.selector == "high" else lowest_of(in_suit, strength)
        assert pick is not None
        return 1 << pick

    def named_cards(self) -> CardSet:
        return CardSet(1 << self.card) if self.card is not None else CardSet(0)

    def written(self, words: Words) -> str:
        if self.selector == "card":
            assert self.card is not None
            return words.card(self.card)
        if self.suit is None:
            return words.word("any")
        return f"{words.word(self.selector)} {words.suit(self.suit)}"

    def text(self, lang: str = "en") -> str:
        """The command in ``lang``: ``high H`` in English, ``haute C`` in French."""
        return self.written(words_for(lang))

    def __str__(self) -> str:
        return self.written(EN)

    def to_json(self) -> JSONObject:
        """``{"selector": "high", "suit": "H"}``, ``{"selector": "card", "card": "KH"}``, ``{"selector": "any"}``."""
        out: JSONObject = {"selector": self.selector}
        if self.card is not None:
            out["card"] = str(self.card)
        elif self.suit is not None:
            out["suit"] = self.suit.letter
        return out

    @classmethod
    def parse(cls, words: list[str], trump: Suit | None = None, lang: str | None = "en") -> CommandSpec:
        """Read a command from its words (``["high", "H"]``, ``["high", "trump"]``, ``["KH"]``).

        ``trump`` is the suit the word ``trump`` (French ``atout``) stands for, once known.
        """
        if lang is None:
            return read_either(lambda la: cls.parse(words, trump, la), " ".join(words),
                               lambda c: c.written(SYMBOLS))
        if len(words) == 1:
            if key_of(words[0], lang, ("any",)) is not None:
                return FREE_CHOICE
            return cls("card", card=read_card(words[0], lang))
        selector = key_of(words[0], lang, SELECTORS) if len(words) == 2 else None
        if selector is None:
            raise error("command", forms=COMMAND_FORMS)
        if key_of(words[1], lang, ("trump",)) is not None:
            if trump is None:
                raise error("trump_unknown", word=words[1], example=f"{words[0]} {words_for(lang).suit(Suit.HEARTS)}")
            return cls(selector, trump)
        return cls(selector, read_suit(words[1], lang))


COMMAND_FORMS = Localized("a card (KH), 'high H', 'low H', 'any H', 'high trump' or 'any'",
                          "une carte (RC), 'haute C', 'basse C', 'libre C', 'haute atout' ou 'libre'")


FREE_CHOICE = CommandSpec("any")


def highest_of(bits: int, strength: tuple[int, ...]) -> Card | None:
    best = None
    while bits:
        low = bits & -bits
        c = CARDS[low.bit_length() - 1]
        if best is None or strength[c] > strength[best]:
            best = c
        bits ^= low
    return best


def lowest_of(bits: int, strength: tuple[int, ...]) -> Card | None:
    worst = None
    while bits:
        low = bits & -bits
        c = CARDS[low.bit_length() - 1]
        if worst is None or strength[c] < strength[worst]:
            worst = c
        bits ^= low
    return worst


def answers(q: Question, hand: int, strength: tuple[int, ...]) -> list[Statement]:
    """Every true answer to ``q`` from least to most detailed, then ``nothing``."""
    if q.kind == "hold":
        assert q.card is not None
        return [Statement("hold", card=q.card, yes=bool(hand >> q.card & 1)), NOTHING]
    assert q.suit is not None
    s = q.suit
    in_suit = hand & SUIT_MASK[s]
    n = in_suit.bit_count()
    top = highest_of(in_suit, strength)
    full = Statement("cards", s, cards=CardSet(in_suit))
    out: list[Statement] = []
    if q.kind == "count":
        out.append(Statement("count", s, count=n))
        if n >= 1:
            out.append(Statement("top", s, count=n, card=top))
        if n >= 2:
            out.append(full)
    elif q.kind == "which":
        if n >= 1:
            out.append(Statement("top", s, count=n, card=top))
        if n != 1:
            out.append(full)
    elif q.kind == "highest":
        out.append(Statement("highest", s, card=top))
        if n >= 2:
            out.append(full)
    else:  # void
        out.append(Statement("void", s, yes=n == 0))
        if n >= 1:
            out.append(Statement("count", s, count=n))
    out.append(NOTHING)
    return out


def volunteer_statements(hand: int, strength: tuple[int, ...]) -> list[Statement]:
    """Every true statement a player may make on his own initiative about the suits of ``hand``
    and the cards he holds, suit by suit, then « I hold … » card by card (``nothing`` answers a
    question; « I do not hold … » is about cards he cannot see: :mod:`~atout.games.sizette.windows`
    adds it).

    >>> from atout.cards import CardSet
    >>> [str(s) for s in volunteer_statements(int(CardSet.parse("QC 9S 7S 10H KH 8H")), SIZETTE_STRENGTH)][:10]
    ['count S 2', 'top S 2 9S', 'highest S 9S', 'cards S 7S 9S', 'void S no', 'count H 3', 'top H 3 KH', \
'highest H KH', 'cards H 8H 10H KH', 'void H no']
    """
    out: list[Statement] = []
    for s in Suit:
        out += suit_statements(s, hand & SUIT_MASK[s], strength)
    out.extend(Statement("hold", card=c, yes=True) for c in CardSet(hand))
    return out


def suit_statements(suit: Suit, in_suit: int, strength: tuple[int, ...]) -> tuple[Statement, ...]:
    """The statements a player may volunteer about one suit he holds as ``in_suit`` (its cards)."""
    cards = Statement("cards", suit, cards=CardSet(in_suit))
    n = in_suit.bit_count()
    if n == 0:
        return Statement("void", suit, yes=True), Statement("count", suit, count=0), Statement("highest", suit), cards
    top = highest_of(in_suit, strength)
    return (Statement("count", suit, count=n), Statement("top", suit, count=n, card=top),
            Statement("highest", suit, card=top), cards, Statement("void", suit, yes=False))

"""Table talk "à la parlante" (RULES.md §1.8): questions, true statements, lead commands.

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

from atout.cards import CARDS, SUIT_MASK, Card, CardSet, Suit, parse_card
from atout.errors import InvalidActionError
from atout.packs import SIZETTE_ORDER

SIZETTE_STRENGTH = SIZETTE_ORDER.strength

QUESTION_KINDS = ("count", "which", "hold", "highest", "void")
STATEMENT_KINDS = ("count", "top", "cards", "hold", "highest", "void", "nothing")
SELECTORS = ("high", "low", "any")


def parse_suit(text: str) -> Suit:
    t = text.strip().upper()
    if t in ("S", "♠", "SPADES"):
        return Suit.SPADES
    if t in ("H", "♥", "HEARTS"):
        return Suit.HEARTS
    if t in ("D", "♦", "DIAMONDS"):
        return Suit.DIAMONDS
    if t in ("C", "♣", "CLUBS"):
        return Suit.CLUBS
    raise InvalidActionError(f"{text!r} is not a suit (S H D C or ♠ ♥ ♦ ♣)")


@dataclass(frozen=True)
class Question:
    """``count S`` how many spades; ``which S``; ``hold KS``; ``highest S``; ``void S``."""

    kind: str
    suit: Suit | None = None
    card: Card | None = None

    def __str__(self) -> str:
        return f"hold {self.card}" if self.kind == "hold" else f"{self.kind} {_suit_letter(self.suit)}"

    @classmethod
    def parse(cls, words: list[str], lang: str | None = "en") -> Question:
        if len(words) != 2 or words[0] not in QUESTION_KINDS:
            raise InvalidActionError(
                "a question is 'count S', 'which S', 'hold KS', 'highest S' or 'void S'"
            )
        if words[0] == "hold":
            return cls("hold", card=parse_card(words[1], lang))
        return cls(words[0], suit=parse_suit(words[1]))


@dataclass(frozen=True)
class Statement:
    """A fact about the speaker's hand. ``nothing`` is the refusal to say."""

    kind: str
    suit: Suit | None = None
    count: int = 0
    card: Card | None = None
    cards: CardSet = CardSet(0)
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

    def __str__(self) -> str:
        k, s = self.kind, _suit_letter(self.suit)
        if k == "nothing":
            return "nothing"
        if k == "count":
            return f"count {s} {self.count}"
        if k == "top":
            return f"top {s} {self.count} {self.card}"
        if k == "cards":
            return f"cards {s} {self.cards}"
        if k == "hold":
            return f"hold {self.card} {'yes' if self.yes else 'no'}"
        if k == "highest":
            return f"highest {s} {self.card if self.card is not None else 'none'}"
        return f"void {s} {'yes' if self.yes else 'no'}"

    @classmethod
    def parse(cls, words: list[str], lang: str | None = "en") -> Statement:
        try:
            k = words[0]
            if k == "nothing" and len(words) == 1:
                return NOTHING
            if k == "count" and len(words) == 3:
                return cls("count", parse_suit(words[1]), count=_count(words[2]))
            if k == "top" and len(words) == 4:
                return cls("top", parse_suit(words[1]), count=_count(words[2]), card=parse_card(words[3], lang))
            if k == "cards" and len(words) >= 3:
                return cls("cards", parse_suit(words[1]), cards=CardSet.parse(" ".join(words[2:]), lang))
            if k == "hold" and len(words) == 3:
                return cls("hold", card=parse_card(words[1], lang), yes=_yes(words[2]))
            if k == "highest" and len(words) == 3:
                card = None if words[2] == "none" else parse_card(words[2], lang)
                return cls("highest", parse_suit(words[1]), card=card)
            if k == "void" and len(words) == 3:
                return cls("void", parse_suit(words[1]), yes=_yes(words[2]))
        except IndexError:
            pass
        raise InvalidActionError(
            "a statement is 'count S 2', 'top S 2 KS', 'cards S KS 7S', 'hold KS yes', "
            "'highest S KS', 'void S yes' or 'nothing'"
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

    def __str__(self) -> str:
        if self.selector == "card":
            return str(self.card)
        if self.suit is None:
            return "any"
        return f"{self.selector} {_suit_letter(self.suit)}"

    @classmethod
    def parse(cls, words: list[str], trump: Suit | None = None, lang: str | None = "en") -> CommandSpec:
        if words == ["any"]:
            return FREE_CHOICE
        if len(words) == 1:
            return cls("card", card=parse_card(words[0], lang))
        if len(words) == 2 and words[0] in SELECTORS:
            if words[1] == "trump":
                if trump is None:
                    raise InvalidActionError("'trump' needs a trump suit")
                return cls(words[0], trump)
            return cls(words[0], parse_suit(words[1]))
        raise InvalidActionError("a command is a card (KH), 'high H', 'low H', 'any H', 'high trump' or 'any'")


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
    """True statements a player may make on his own initiative."""
    out: list[Statement] = []
    for s in Suit:
        in_suit = hand & SUIT_MASK[s]
        n = in_suit.bit_count()
        if n == 0:
            out.append(Statement("void", s, yes=True))
            continue
        out.append(Statement("count", s, count=n))
        out.append(Statement("top", s, count=n, card=highest_of(in_suit, strength)))
        if n >= 2:
            out.append(Statement("cards", s, cards=CardSet(in_suit)))
    out.extend(Statement("hold", card=c, yes=True) for c in CardSet(hand))
    return out


def _suit_letter(suit: Suit | None) -> str:
    return "SHDC"[suit] if suit is not None else "?"


def _count(word: str) -> int:
    if not word.isdigit() or int(word) > 13:
        raise InvalidActionError(f"{word!r} is not a count")
    return int(word)


def _yes(word: str) -> bool:
    if word not in ("yes", "no"):
        raise InvalidActionError(f"expected yes or no, got {word!r}")
    return word == "yes"

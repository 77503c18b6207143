"""Explicit Whist deals for the worked tests, and a driver that plays them out.

Seats around the table, clockwise: N = 0, E = 1, S = 2, W = 3 (partners 0-2 and 1-3). Cards
are English codes (``AC`` is the ace of clubs here).
"""

from __future__ import annotations

from typing import Any

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.game import CHANCE, TERMINAL
from atout.games import make_game

SUITS = "SHDC"


def cs(text: str) -> CardSet:
    return CardSet.parse(text, "en")


def suit(letter: str, ranks: str = "A K Q J 10 9 8 7 6 5 4 3 2") -> CardSet:
    """The cards of ``ranks`` (English codes) in the suit ``letter``."""
    return cs(" ".join(r + letter for r in ranks.split()))


def whole(letter: str) -> CardSet:
    return suit(letter)


def deal(hands: list[CardSet], turned: str, talon: CardSet | None = None) -> Deal:
    """A deal of these hands (by seat), the ``turned`` card in the dealer's hand; with a mort,
    ``talon`` is the mort's hand."""
    return Deal(tuple(hands), tuple(talon or ()), (Card(turned, "en"),))


def dealer_slam(dealer: int) -> list[CardSet]:
    """Hands by place in which the dealer holds the thirteen clubs (the turned card is one): his
    side ruffs the opening lead and takes every trick."""
    hands = [CardSet(0)] * 4
    others = [s for s in range(4) if s != dealer]
    for place, letter in zip(others, "SHD", strict=True):
        hands[place] = whole(letter)
    hands[dealer] = whole("C")
    return hands


def leader_slam(dealer: int) -> list[CardSet]:
    """Hands by place in which the player on the dealer's left holds the ace of hearts and the
    twelve top clubs, the dealer the two of clubs (turned) and the other hearts: the dealer's
    opponents take every trick."""
    leader = (dealer + 1) % 4
    hands = [CardSet(0)] * 4
    hands[leader] = cs("AH") | suit("C", "A K Q J 10 9 8 7 6 5 4 3")
    hands[dealer] = cs("2C") | suit("H", "K Q J 10 9 8 7 6 5 4 3 2")
    hands[(leader + 1) % 4] = whole("D")
    hands[(leader + 2) % 4] = whole("S")
    return hands


def lowest_first(state: Any) -> None:
    """Play the current hand out, every seat playing its first listed card (lowest id first),
    passing at the honours and exposing the mort, until the hand is scored."""
    results = len(state.results)
    while len(state.results) == results and state.to_move not in (CHANCE, TERMINAL):
        state.apply(state.moves()[0])


def whist(**options: Any) -> Any:
    return make_game("whist", options)


def mort(**options: Any) -> Any:
    return make_game("mort", options)


def start(game: Any, hands: list[CardSet], turned: str, talon: CardSet | None = None, **setup: str) -> Any:
    """A state at the start of play of one hand dealt as given (``setup``: dealer, game_scores…)."""
    return game.state_from_deal(deal(hands, turned, talon), setup)


def next_deal(state: Any, hands: list[CardSet], turned: str, talon: CardSet | None = None) -> None:
    """Cut (at 2) and deal the next hand as given."""
    state.apply(state.moves()[0])
    state.apply(deal(hands, turned, talon), CHANCE)


def by_seat(state: Any, hands_by_place: list[CardSet]) -> tuple[list[CardSet], CardSet | None]:
    """Hands given by place turned into the deal's hands by seat (and the mort's hand)."""
    seating = state.seating
    seats = [hands_by_place[seating.place_of[s]] for s in range(state.table.n)]
    return seats, (hands_by_place[2] if state.table.mort else None)


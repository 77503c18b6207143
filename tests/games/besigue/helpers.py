"""Explicit Bésigue positions for the worked tests: deals written card by card, tricks played,
and positions of the last tricks."""

from __future__ import annotations

from typing import Any

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.games import make_game
from atout.games.besigue.state import LAST, BesigueState

FILLER_TEXT = ("8C 9C 8D 9D 8C#2 9C#2 8D#2 9D#2 8C#3 9C#3 8D#3 9D#3 8C#4 9C#4 8D#4 9D#4 "
               "7C 7D 7C#2 7D#2 7C#3 7D#3 7C#4 7D#4 9S#2 9S#3 9S#4 7S#2 7S#3 7S#4 10C#2 10D#2 10C#3 10D#3 "
               "JC#3 JC#4 JD#3 JD#4")
FILLER = FILLER_TEXT.split()


def pad(cards: str, size: int, used: set[Card]) -> CardSet:
    """``cards`` and filler cards (not in ``used``) up to ``size`` cards."""
    hand = [Card(c) for c in cards.split()]
    for code in FILLER:
        if len(hand) >= size:
            break
        card = Card(code)
        if card not in hand and card not in used:
            hand.append(card)
    return CardSet.of(hand)


def deal_of(game: Any, hands: list[str], top: str = "", turned: str | None = None) -> Deal:
    """A deal: the hands (padded with filler cards), the talon with ``top`` first and the rest of the
    pack in card order, the ``turned`` card (atout vu) at its bottom."""
    rules = game.rules
    used: set[Card] = {Card(c) for h in hands for c in h.split()} | {Card(c) for c in top.split()}
    if turned:
        used.add(Card(turned))
    dealt = []
    for h in hands:
        hand = pad(h, rules.hand_size, used)
        used |= set(hand)
        dealt.append(hand)
    talon = [Card(c) for c in top.split()]
    talon += [c for c in rules.pack_cards if c not in used]
    if turned:
        talon.append(Card(turned))
    return Deal(tuple(dealt), tuple(talon), (Card(turned),) if turned else ())


def start(options: dict[str, Any], hands: list[str], top: str = "", turned: str | None = None,
          setup: dict[str, str] | None = None) -> BesigueState:
    """A state right after an explicit deal (dealer: the last seat, so seat 0 leads)."""
    game = make_game("besigue", options)
    state = game.state_from_deal(deal_of(game, hands, top, turned), setup or {})
    assert isinstance(state, BesigueState)
    return state


def play(state: BesigueState, *cards: str) -> None:
    for code in cards:
        state.apply(Card(code))


def last_tricks(state: BesigueState, hands: list[str], trick: list[str] = (), leader: int = 0,  # type: ignore[assignment]
                trump: int | None = 0, brisques: list[int] | None = None, scores: list[int] | None = None) -> None:
    """Turn ``state`` into a position of the last tricks (talon out, tabled cards back in hand)."""
    state.phase = LAST
    state.talon_pos = len(state.talon)
    state.tabled = (0,) * state.n
    state.hands = tuple(int(CardSet.parse(h)) for h in hands)
    state.trick = tuple(Card(c) for c in trick)
    state.trick_mask = int(CardSet.of(state.trick))
    state.leader = leader
    state.to_move = (leader + len(trick)) % state.n
    state.trump = trump
    state.played = int(state.game.pack) & ~int(CardSet.of(Card(c) for h in hands for c in h.split()))
    if brisques is not None:
        state.brisques = tuple(brisques)
    if scores is not None:
        state.scores = tuple(scores)
    state._mkey = -1

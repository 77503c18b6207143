"""The Piquet heuristic: a sensible player that decides from its observation alone.

- **Exchange** (:mod:`atout.bots.piquet.exchange`): keeps its long suit, its sequences and its
  sets, throws low singletons first, and exchanges every card worth less than an average draw
  from the talon (at least the minimum); announces a carte blanche (the elder taking five);
  looks at the cards it leaves.
- **Declarations**: states its best holding in each class, tells its best tie-break, answers the
  strongest true answer, adds every other holding when it wins a class. It does not sink: with
  scores made only of what is declared, sinking gives points away and hides nothing a literal
  opponent reads; it never asks to see the opponent's cards (there is nothing to check: the
  engine refuses what does not fit).
- **Play** (:mod:`atout.bots.piquet.play`): leads masters from its longest suit, wins a lead
  as cheaply as it can, keeps its guards, and counts the cards gone.

Deterministic except for the cut.

>>> import random
>>> from atout.games import make_game
>>> from atout.bots.runner import play_partie
>>> state = play_partie(make_game("piquet"), [HeuristicBot(random.Random(s)) for s in range(2)], random.Random(2))
>>> state.outcome() is not None
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from atout.actions import Action, ActionKind
from atout.bots.piquet.exchange import AVERAGE, keep_value, worst_cards
from atout.bots.piquet.play import choose_follow, choose_lead
from atout.cards import Card, CardSet
from atout.games.piquet.actions import (
    Also,
    Answer,
    CarteBlanche,
    Cut,
    Declare,
    Discard,
    NameSuit,
    Show,
    Take,
    Tell,
)
from atout.games.piquet.holdings import PATTERN_LENGTH, SHIFT, SUIT_OF, cards_tuple

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation

ANSWER_STRENGTH = {"not_good": 2, "equal": 1, "good": 0}


class HeuristicBot:
    """A sensible Piquet player (see the module)."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng if rng is not None else random.Random()

    def act(self, obs: PiquetObservation) -> Action:
        moves: list[Action] = [a for a in obs.legal if a.kind is ActionKind.MOVE]
        if not moves:
            raise ValueError(f"seat {obs.seat} has nothing to choose from")
        first = moves[0]
        if isinstance(first, Cut):
            return moves[int(self.rng.random() * len(moves))]
        if isinstance(first, Show):
            return first
        blanche = [m for m in moves if isinstance(m, CarteBlanche)]
        if blanche:
            return max(blanche, key=lambda m: m.count)
        if any(isinstance(m, (Discard, Take)) for m in moves):
            return self.exchange(obs, moves)
        if isinstance(first, (Declare, Tell)):
            # the dialogue lists one kind of step at a time: its moves are all of the first's kind
            return max(cast("list[Declare | Tell]", moves), key=lambda m: m.size if isinstance(m, Declare) else m.value)
        if isinstance(first, Answer):
            return max(cast("list[Answer]", moves), key=lambda m: ANSWER_STRENGTH[m.word])
        if isinstance(first, Also):
            return max(cast("list[Also]", moves), key=lambda m: (len(m.sizes), sum(m.sizes)))
        return self.play(obs, moves)

    def exchange(self, obs: PiquetObservation, moves: list[Action]) -> Action:
        hand = int(cast(CardSet, obs.hand))   # a seat's observation: its hand is shown
        discards = [m for m in moves if isinstance(m, Discard)]
        takes = [m for m in moves if isinstance(m, Take)]
        if takes and (not discards or all(keep_value(hand, m.card) >= AVERAGE for m in discards)):
            return max(takes, key=lambda t: t.see == "look")
        worst = worst_cards(hand, 1)[0]
        return next(m for m in discards if m.card == worst)

    def play(self, obs: PiquetObservation, moves: list[Action]) -> Action:
        hand = int(cast(CardSet, obs.hand))   # a seat's observation: its hand is shown
        gone = int(obs.discard or 0) | int(obs.left_cards)
        if obs.seat != obs.elder:
            gone |= int(obs.known_cards)
        for t in obs.tricks:
            gone |= 1 << t[1] | 1 << t[2]
        if obs.trick:
            lead = obs.trick[0][1]
            return choose_follow(hand, gone | 1 << lead, lead)
        names = [m for m in moves if isinstance(m, NameSuit)]
        suit = obs.named_suit
        card = choose_lead(hand, gone, suit)
        if names:
            longest = max(cards_tuple(hand), key=lambda c: PATTERN_LENGTH[hand >> SHIFT[SUIT_OF[c]] & 255])
            wanted = SUIT_OF[card] if SUIT_OF[card] == SUIT_OF[longest] else SUIT_OF[longest]
            return next(m for m in names if m.suit == wanted)
        if card not in moves:
            return next(m for m in moves if isinstance(m, Card))
        return card

    def __repr__(self) -> str:
        return "HeuristicBot()"

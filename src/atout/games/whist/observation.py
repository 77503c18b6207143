"""What one seat (or a spectator) may know of a Whist or mort partie, built positively.

Each field is chosen for the viewer: a seat sees its own hand, the turned card while the dealer
still holds it, the mort's hand once it lies face up (every viewer does), the cards played, the
public calls and answers, the score sheet; never another seat's hand. A spectator
(``seat=None``) sees no hand of a player at all. Seats name hands; in Whist with a mort, seat
``3`` in ``trick``, ``tricks``, ``dealer``, ``leader`` and ``partners`` stands for the mort.

The fields and their JSON are documented in ``docs/observation.md`` (section "Whist and the mort").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from atout.cards import Card, CardSet, Suit
from atout.chance import Deal, Draw
from atout.game import Outcome, common_json
from atout.games.whist.actions import Answer, Call, Cut, Pass, Show
from atout.games.whist.events import HandResult, TrickRecord
from atout.games.whist.history import History
from atout.games.whist.state import MORT_PLACE, PHASE_NAMES

if TYPE_CHECKING:
    from atout.games.whist.state import WhistState

_new_tuple = tuple.__new__
_cardset = int.__new__
_SUITS: tuple[Suit | None, ...] = (*Suit, None)


class WhistObservation(NamedTuple):
    """What ``seat`` may know now (see ``docs/observation.md``): the common fields, then Whist's."""

    game: str
    options: Mapping[str, Any]
    seat: int | None
    num_seats: int
    sides: tuple[tuple[int, ...], ...]
    phase: str
    to_move: int
    hand: CardSet | None
    hand_sizes: tuple[int, ...]
    trump: Suit | None
    trick: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]
    legal: tuple[Any, ...]
    log: History
    outcome: Outcome | None
    hand_number: int
    rubber: int
    game_number: int
    dealer: int
    leader: int
    declarer: int
    partners: tuple[tuple[int, ...], tuple[int, ...]]
    turned: Card | None
    turned_in_hand_of: int | None
    mort_hand: CardSet | None
    game_scores: tuple[int, int]
    games: tuple[tuple[int, int], ...]
    games_won: tuple[int, int]
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, int]
    calling: tuple[int, ...]
    call: int | None
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    results: tuple[HandResult, ...]
    played: CardSet
    settlement: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: cards as codes (``KH``), suits as letters, actions in notation and typed."""
        return {
            **common_json(self, entry_json),
            "hand_number": self.hand_number, "rubber": self.rubber, "game_number": self.game_number,
            "dealer": self.dealer, "leader": self.leader, "declarer": self.declarer,
            "partners": [list(p) for p in self.partners],
            "turned": None if self.turned is None else str(self.turned),
            "turned_in_hand_of": self.turned_in_hand_of,
            "mort_hand": None if self.mort_hand is None else [str(c) for c in self.mort_hand],
            "game_scores": list(self.game_scores), "games": [{"winner": w, "value": v} for w, v in self.games],
            "games_won": list(self.games_won), "tricks": [t.to_json() for t in self.tricks],
            "tricks_won": list(self.tricks_won), "calling": list(self.calling), "call": self.call,
            "draws": [{str(s): str(c) for s, c in d} for d in self.draws],
            "results": [r.to_json(k == len(self.results) - 1) for k, r in enumerate(self.results)],
            "played": [str(c) for c in self.played],
            "settlement": list(self.settlement),
        }


_TYPES: dict[type, str] = {Card: "card", Cut: "cut", Show: "show", Pass: "pass", Call: "call", Answer: "answer",
                           Deal: "deal", Draw: "draw"}


def entry_json(seat: int, action: Any) -> dict[str, Any]:
    """A log entry: ``{"seat", "kind", "type", "text", …typed fields}``."""
    kind = _TYPES.get(type(action), type(action).__name__.lower())
    out: dict[str, Any] = {"seat": seat, "kind": str(action.kind), "type": kind, "text": str(action)}
    if kind == "card":
        out["card"] = str(action)
    elif kind == "cut":
        out["position"] = action.position
    elif kind == "answer":
        out["yes"] = action.yes
    elif kind == "deal":
        out["hands"] = [None if action.hidden and action.hidden[s] else [str(c) for c in h]
                        for s, h in enumerate(action.hands)]
        out["turned"] = [str(c) for c in action.turned]
    elif kind == "draw":
        out["cards"] = {str(s): str(c) for s, c in action.cards}
    return out


def observe(st: WhistState, seat: int | None) -> WhistObservation:
    """The observation of ``seat`` (``None``: a spectator)."""
    table = st.table
    seating = st.seating
    place_of = seating.place_of
    hands = st.hands
    if seat is None:
        hand = None
        legal: tuple[Any, ...] = ()
    elif 0 <= seat < table.n:
        hand = _cardset(CardSet, hands[place_of[seat]])
        legal = st.legal_actions(seat)
    else:
        raise ValueError(f"no seat {seat} at this table")
    hand_seat = seating.hand_seat
    trick = st.trick
    if trick:
        leader = st.leader
        places = (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)
        shown_trick = tuple((hand_seat[p], c) for p, c in zip(places, trick, strict=False))
    else:
        shown_trick = ()
    turned = st.turned
    in_hand = turned is not None and bool(hands[st.dealer] >> turned & 1)
    mort_hand = _cardset(CardSet, hands[MORT_PLACE]) if table.mort and st.exposed else None
    scores = st.scores
    settlement = scores if table.mort else tuple(scores[table.sides.of(s)] for s in range(table.n))
    return _new_tuple(WhistObservation, (
        table.name, table.options_view, seat, table.n, table.members, PHASE_NAMES[st.phase], st.to_move, hand,
        tuple(hands[place_of[s]].bit_count() for s in range(table.n)), _SUITS[st.trump], shown_trick, scores,
        legal, History(st.codes, st.side, st.hand_start, len(st.codes), True), st._outcome,
        st.hand_no, st.rubber_no, st.game_no, hand_seat[st.dealer] if st.dealer >= 0 else -1,
        hand_seat[st.leader] if turned is not None else -1, seating.declarer, seating.partners,
        turned if in_hand else None, hand_seat[st.dealer] if in_hand else None, mort_hand,
        st.game_scores, st.games, st.games_won, st.trick_log, st.tricks_won,
        tuple(seating.owner[p] for p in st.queue), (seating.owner[st.caller] if st.caller >= 0 else None),
        st.draws, st.results, _cardset(CardSet, st.played), settlement,
    ))

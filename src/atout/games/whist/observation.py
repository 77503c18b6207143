"""What one seat (or a spectator) may know of a Whist or mort partie, built positively.

Each field is chosen for the viewer: a seat sees its own hand, the turned card while the dealer
still holds it, the mort's hand once it lies face up (every viewer does), the cards played, the
public calls and answers, the score sheet; never another seat's hand. A spectator
(``seat=None``) sees no hand of a player at all. Seats name hands; in Whist with a mort, seat
``3`` in ``trick``, ``tricks``, ``dealer``, ``leader`` and ``partners`` stands for the mort.

Two parts: the *position* (``to_json()``: what the seat needs to decide now, the same size at the
last hand as at the first) and the *log* (``log``: every action and event of the partie as the
viewer sees them; the tricks of past hands and the score sheet's entries are there). The fields
``tricks``, ``results`` and ``draws`` are Python conveniences (the state's own values, shared):
their JSON is in the log. ``docs/observation.md`` has the shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from atout.actions import Action
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.chance import Deal, Draw
from atout.events import Scored, TrickWon
from atout.game import JSONObject, OptionValue, Outcome, action_code, common_json, item_type
from atout.games.whist.actions import Answer, Cut
from atout.games.whist.events import HandResult, TrickRecord
from atout.games.whist.state import MORT_PLACE, PHASE_NAMES
from atout.log import LogEntry, LogView

if TYPE_CHECKING:
    from atout.games.whist.state import WhistState

_new_tuple = tuple.__new__
_cardset = int.__new__
_SUITS: tuple[Suit | None, ...] = (*Suit, None)


class WhistObservation(NamedTuple):
    """What ``seat`` may know now (see ``docs/observation.md``): the common fields, then Whist's."""

    game: str
    options: Mapping[str, OptionValue]
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
    legal: tuple[Action, ...]
    log: LogView
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
    last_trick: TrickRecord | None
    tricks_won: tuple[int, int]
    calling: tuple[int, ...]
    call: int | None
    played: CardSet
    settlement: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    results: tuple[HandResult, ...]
    draws: tuple[tuple[tuple[int, Card], ...], ...]

    def to_json(self) -> JSONObject:
        """The position as a JSON-ready dict: cards as codes (``KH``), suits as letters."""
        out = common_json(self)
        turned = self.turned
        mort = self.mort_hand
        last = self.last_trick
        out.update({
            "hand_number": self.hand_number, "rubber": self.rubber, "game_number": self.game_number,
            "dealer": self.dealer, "leader": self.leader, "declarer": self.declarer,
            "partners": [list(p) for p in self.partners],
            "turned": None if turned is None else CARD_CODES[turned],
            "turned_in_hand_of": self.turned_in_hand_of,
            "mort_hand": None if mort is None else card_codes(mort),
            "game_scores": list(self.game_scores), "games": [{"winner": w, "value": v} for w, v in self.games],
            "games_won": list(self.games_won),
            "last_trick": None if last is None else last.to_json(),
            "tricks_won": list(self.tricks_won), "calling": list(self.calling), "call": self.call,
            "played": card_codes(self.played), "settlement": list(self.settlement),
        })
        return out


def entry_json(entry: LogEntry) -> JSONObject:
    """A log entry: ``{"i", "seat", "kind", "type", "text", …typed fields}`` (``docs/observation.md``)."""
    item = entry.item
    kind = type(item)
    if kind is Card:
        return {"i": entry.number, "seat": entry.seat, "kind": "move", "type": "card", "text": CARD_CODES[item],
                "card": CARD_CODES[item]}
    out: JSONObject = {"i": entry.number, "seat": entry.seat, "kind": str(item.kind), "type": item_type(item),
                       "text": action_code(item)}
    if kind is TrickWon or kind is Scored:
        out.update(item.to_json())  # type: ignore[attr-defined]
    elif kind is Cut:
        out["position"] = item.position  # type: ignore[attr-defined]
    elif kind is Answer:
        out["yes"] = item.yes  # type: ignore[attr-defined]
    elif kind is Deal:
        deal: Deal = item  # type: ignore[assignment]
        out["hands"] = [None if deal.hidden and deal.hidden[s] else card_codes(h) for s, h in enumerate(deal.hands)]
        out["turned"] = [CARD_CODES[c] for c in deal.turned]
    elif kind is Draw:
        out["cards"] = {str(s): CARD_CODES[c] for s, c in item.cards}  # type: ignore[attr-defined]
    return out


def observe(st: WhistState, seat: int | None) -> WhistObservation:
    """The observation of ``seat`` (``None``: a spectator)."""
    table = st.table
    seating = st.seating
    place_of = seating.place_of
    hands = st.hands
    if seat is None:
        hand = None
        legal: tuple[Action, ...] = ()
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
        shown_trick = tuple(zip([hand_seat[p] for p in places], trick, strict=False))
        last = None
    else:
        shown_trick = ()
        last = st.trick_log[-1] if st.trick_log else None
    turned = st.turned
    in_hand = turned is not None and bool(hands[st.dealer] >> turned & 1)
    mort_hand = _cardset(CardSet, hands[MORT_PLACE]) if table.mort and st.exposed else None
    scores = st.scores
    settlement = scores if table.mort else tuple(scores[table.sides.of(s)] for s in range(table.n))
    return _new_tuple(WhistObservation, (
        table.name, table.options_view, seat, table.n, table.members, PHASE_NAMES[st.phase], st.to_move, hand,
        tuple([hands[place_of[s]].bit_count() for s in range(table.n)]), _SUITS[st.trump], shown_trick, scores,
        legal, st.log_view(seat, st.hand_start), st._outcome,
        st.hand_no, st.rubber_no, st.game_no, hand_seat[st.dealer] if st.dealer >= 0 else -1,
        hand_seat[st.leader] if turned is not None else -1, seating.declarer, seating.partners,
        turned if in_hand else None, hand_seat[st.dealer] if in_hand else None, mort_hand,
        st.game_scores, st.games, st.games_won, last, st.tricks_won,
        tuple([seating.owner[p] for p in st.queue]), (seating.owner[st.caller] if st.caller >= 0 else None),
        _cardset(CardSet, st.played), settlement, st.trick_log, st.results, st.draws,
    ))

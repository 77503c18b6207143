"""What one seat (or a spectator) may know of a Whist or mort partie, built positively.

Each field is chosen for the viewer: a seat sees its own hand, the turned card while the dealer
still holds it, the mort's hand once it lies face up (every viewer does), the cards played, the
public calls and answers, the score sheet; never another seat's hand. A spectator
(``seat=None``) sees no hand of a player at all. Seats name hands; in Whist with a mort, seat
``3`` in ``trick``, ``tricks``, ``dealer``, ``leader`` and ``partners`` stands for the mort.

Two parts: the *position* (``to_json()``: what the seat needs to decide now, the same size at the
last hand as at the first) and the *log* (``log``: every action and event of the partie as the
viewer sees them; the tricks of past hands and the score sheet's entries are there).

What changes only with the score sheet, the deal or a trick (the state's slow record) is read
once into a :class:`WhistSheet`, shared by every observation until the record changes, with its
JSON made once; the observation's own fields of it are properties. ``docs/observation.md`` has the
shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from atout.actions import Action
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.chance import Deal, Draw
from atout.compiled import install_method, speedups
from atout.events import Scored, TrickWon
from atout.game import (
    JSONObject,
    OptionValue,
    Outcome,
    action_code,
    item_type,
    json_list,
    position_json,
    trick_json,
)
from atout.games.whist.actions import Answer, Cut
from atout.games.whist.events import HandResult, TrickRecord
from atout.games.whist.spec import PLACES
from atout.games.whist.state import MORT_PLACE, PHASE_NAMES, PLAY, WhistSlow, WhistState
from atout.log import LogEntry, LogView

if TYPE_CHECKING:
    from atout.games.whist.spec import Seating

_new_tuple = tuple.__new__
_cardset = int.__new__
_SUITS: tuple[Suit | None, ...] = (*Suit, None)


class WhistSheet(NamedTuple):
    """The part of a Whist observation that changes only with the score sheet, the deal or a
    trick: the same for every viewer."""

    hand_number: int
    rubber: int
    game_number: int
    dealer: int
    leader: int
    declarer: int
    partners: tuple[tuple[int, ...], tuple[int, ...]]
    places: tuple[int, ...]
    game_scores: tuple[int, int]
    games: tuple[tuple[int, int], ...]
    games_won: tuple[int, int]
    last_trick: TrickRecord | None
    tricks_won: tuple[int, int]
    calling: tuple[int, ...]
    call: int | None
    settlement: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    results: Sequence[HandResult]  # a HandResults: kept packed
    draws: tuple[tuple[tuple[int, Card], ...], ...]

    def to_json(self) -> JSONObject:
        return {key: value if make is None else make(value)
                for (key, make), value in zip(SHEET_KEYS, self, strict=True) if key is not None}


SHEET_KEYS: tuple[tuple[str | None, Callable[..., object] | None], ...] = (
    ("hand_number", None), ("rubber", None), ("game_number", None), ("dealer", None), ("leader", None),
    ("declarer", None), ("partners", partial(json_list, list)), ("places", list), ("game_scores", list),
    ("games", lambda g: [{"winner": w, "value": v} for w, v in g]), ("games_won", list),
    ("last_trick", trick_json), ("tricks_won", list), ("calling", list),
    ("call", None), ("settlement", list), (None, None), (None, None), (None, None))
"""The key of each field of the sheet in JSON (``None``: not in it: the tricks, results and draws are in the log)
and the function that makes its JSON (``None``: as it is). The observations of a trick share their sheet; in a
position's JSON (:class:`~atout.game.PositionJSON`), only the keys of the fields that changed are made again."""


class WhistObservation(NamedTuple):
    """What ``seat`` may know now (see ``docs/observation.md``): the common fields, then Whist's;
    the fields that change with the score sheet are in ``sheet`` (and read as properties)."""

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
    turned: Card | None
    turned_in_hand_of: int | None
    mort_hand: CardSet | None
    played: CardSet
    sheet: WhistSheet

    def to_json(self) -> JSONObject:
        """The position as a JSON-ready dict: cards as codes (``KH``), suits as letters."""
        return _position_json(self)

    @property
    def hand_number(self) -> int:
        """The hand in progress, from 1 over the partie."""
        return self.sheet.hand_number

    @property
    def rubber(self) -> int:
        """The rubber in progress, from 1."""
        return self.sheet.rubber

    @property
    def game_number(self) -> int:
        """The game in progress in this rubber."""
        return self.sheet.game_number

    @property
    def dealer(self) -> int:
        """Who deals this hand (-1 before the cut)."""
        return self.sheet.dealer

    @property
    def leader(self) -> int:
        """Who led the trick in progress."""
        return self.sheet.leader

    @property
    def declarer(self) -> int:
        """With a mort, who has it this rubber."""
        return self.sheet.declarer

    @property
    def partners(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The two partnerships of this rubber."""
        return self.sheet.partners

    @property
    def places(self) -> tuple[int, ...]:
        """The seats round the table in the order of play (with a mort, 3 for the mort: opposite
        the player who has it)."""
        return self.sheet.places

    @property
    def game_scores(self) -> tuple[int, int]:
        """The game's score per partnership."""
        return self.sheet.game_scores

    @property
    def games(self) -> tuple[tuple[int, int], ...]:
        """Games won this rubber: (partnership, value)."""
        return self.sheet.games

    @property
    def games_won(self) -> tuple[int, int]:
        """Games won this rubber per partnership."""
        return self.sheet.games_won

    @property
    def last_trick(self) -> TrickRecord | None:
        """The last finished trick, until the next lead."""
        return self.sheet.last_trick

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won this hand per partnership."""
        return self.sheet.tricks_won

    @property
    def calling(self) -> tuple[int, ...]:
        """Seats still to say whether they show honours."""
        return self.sheet.calling

    @property
    def call(self) -> int | None:
        """The seat whose call waits for its answer."""
        return self.sheet.call

    @property
    def settlement(self) -> tuple[int, ...]:
        """Settlement points per seat."""
        return self.sheet.settlement

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """This hand's finished tricks (not in the JSON)."""
        return self.sheet.tricks

    @property
    def results(self) -> Sequence[HandResult]:
        """Every hand scored (in JSON: the log's events)."""
        return self.sheet.results

    @property
    def draws(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The draws for partners (in JSON: the log)."""
        return self.sheet.draws


def entry_json(entry: LogEntry) -> JSONObject:
    """A log entry: ``{"i", "seat", "kind", "type", "text", …typed fields}`` (``docs/observation.md``)."""
    item = entry.item
    kind = type(item)
    if kind is Card:
        code = CARD_CODES[item]  # type: ignore[call-overload]
        return {"i": entry.number, "seat": entry.seat, "kind": "move", "type": "card", "text": code, "card": code}
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


def sheet_of(st: WhistState) -> WhistSheet:
    """The sheet of the state's slow record and this hand's tricks (made once for them). The compiled
    observation looks it up, and makes a trick more's, in C (``whist_sheet``); this is its reference."""
    cached = st._sheet
    slow, log = st._slow, st.trick_log
    if cached is not None and cached[0] is slow:
        if cached[1] is log:
            return cached[2]
        old = cached[2]   # a trick more: the other fields are the same objects (their JSON kept)
        sheet = _new_tuple(WhistSheet, (
            *old[:4], slow.seating.hand_seat[st.leader] if slow.turned is not None else -1, *old[5:11],
            log[-1] if log else None, st.tricks_won, *old[13:16], log, *old[17:]))
    else:
        sheet = _make_sheet(st, slow)
    st._sheet = (slow, log, sheet)
    return sheet


def _make_sheet(st: WhistState, slow: WhistSlow) -> WhistSheet:
    table = st.table
    seating = slow.seating
    hand_seat = seating.hand_seat
    scores = slow.scores
    settlement = scores if table.mort else table.seat_scores(scores)
    dealer = slow.dealer
    owner = seating.owner
    return _new_tuple(WhistSheet, (
        slow.hand_no, slow.rubber_no, slow.game_no, hand_seat[dealer] if dealer >= 0 else -1,
        hand_seat[st.leader] if slow.turned is not None else -1, seating.declarer, seating.partners, hand_seat,
        slow.game_scores, slow.games, slow.games_won, st.trick_log[-1] if st.trick_log else None,
        st.tricks_won, tuple([owner[p] for p in slow.queue]) if slow.queue else (),
        owner[slow.caller] if slow.caller >= 0 else None, settlement, st.trick_log, slow.results,
        slow.draws))


_bit_count = int.bit_count
_TURNS: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], Callable[[tuple[int, ...]], tuple[int, ...]]]] = {}
"""By the hands' seats round the table (``hand_seat``): the seats of a trick's cards by its leader's
place, and a getter of the seats' own hands from the places' hands, in seat order."""


def _turns(seating: Seating) -> tuple[tuple[tuple[int, ...], ...], Callable[[tuple[int, ...]], tuple[int, ...]]]:
    hand_seat = seating.hand_seat
    order = tuple(tuple(hand_seat[(leader + k) % 4] for k in range(4)) for leader in range(4))
    place_of = seating.place_of
    made = _TURNS[hand_seat] = (order, itemgetter(*place_of))   # three or four seats: a tuple
    return made


def pure_observe(st: WhistState, seat: int | None) -> WhistObservation:
    """The observation of ``seat`` (``None``: a spectator); :data:`observe` is this function, or its
    compiled twin (which hands every case it does not take, such as a seat that is not an int, to
    this one)."""
    table = st.table
    slow = st._slow
    seating = slow.seating
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
    trick = st.trick
    turns = _TURNS.get(seating.hand_seat)
    if turns is None:
        turns = _turns(seating)
    shown_trick = tuple(zip(turns[0][st.leader], trick)) if trick else ()
    turned = slow.turned
    dealer = slow.dealer
    in_hand = turned is not None and bool(hands[dealer] >> turned & 1)
    sheet = sheet_of(st)
    return _new_tuple(WhistObservation, (
        table.name, table.options_view, seat, table.n, table.members, PHASE_NAMES[st.phase], st.to_move, hand,
        tuple(map(_bit_count, turns[1](hands))), _SUITS[slow.trump], shown_trick, slow.scores,
        legal, st.log_view(seat, slow.hand_start), st._outcome,
        turned if in_hand else None, seating.hand_seat[dealer] if in_hand else None,
        _cardset(CardSet, hands[MORT_PLACE]) if table.mort and slow.exposed else None,
        _cardset(CardSet, st.played), sheet,
    ))


_position_json = position_json(WhistObservation, (
    *(((WhistObservation._fields.index("sheet"), i), key, make) for i, (key, make) in enumerate(SHEET_KEYS)
      if key is not None),
    (WhistObservation._fields.index("turned"), "turned", lambda turned: None if turned is None else CARD_CODES[turned]),
    (WhistObservation._fields.index("turned_in_hand_of"), "turned_in_hand_of", None),
    (WhistObservation._fields.index("mort_hand"), "mort_hand", lambda mort: None if mort is None else card_codes(mort)),
    (WhistObservation._fields.index("played"), "played", card_codes)))
"""A position's JSON (:class:`~atout.game.PositionJSON`): the common keys, the sheet's, then Whist's own."""
OBSERVED_FIELDS = ("table", "_slow", "hands", "trick", "leader", "phase", "played", "to_move", "_outcome", "_log", "_how",
                   "_sheet", "trick_log", "tricks_won", "ncards")
"""The state's fields the compiled observation reads, in its order (``atout/_speedups.c``: ``WF_*``)."""


def _compiled_observe() -> Callable[[WhistState, int | None], WhistObservation]:
    if speedups is None:
        return pure_observe
    speedups.set_whist(WhistObservation, PHASE_NAMES, _SUITS, MORT_PLACE, sheet_of, pure_observe,
                       tuple(WhistSlow._fields.index(name) for name in (
                           "dealer", "seating", "scores", "hand_start", "turned", "trump", "exposed")),
                       speedups.Slots(WhistState, OBSERVED_FIELDS), PLAY, PLACES)
    compiled: Callable[[WhistState, int | None], WhistObservation] = speedups.whist_observe
    install_method(WhistState, "observation", compiled)
    return compiled


observe = _compiled_observe()
"""The observation of a seat: :func:`pure_observe`, compiled when built (:mod:`atout.compiled`: ``whist_observe``,
the same fields in one call; a seat that is not an int and a state of a subclass go to :func:`pure_observe`)."""

"""What one seat (or a spectator) may know of a Piquet partie, built positively.

Each field is chosen for the viewer: his own hand and his own discard; the cards he looked at
(``known_cards``: the elder's leftovers of his five if he looked, the cards the younger left if
the younger looked — and the elder once he has named his lead suit); what is public — the dialogue
as it was spoken, the carte blanche shown, the cards shown on request, the cards the younger
exposed, the tricks, the scores. Never the opponent's hand, discard or undeclared holdings, nor
a talon card nobody was allowed to see. The fields and their JSON: ``docs/observation.md``.

>>> import random
>>> from atout.games.piquet.spec import PiquetGame
>>> state, rng = PiquetGame().new_state(), random.Random(1)
>>> while state.phase_name != "declarations":
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> obs = state.observation(None)
>>> obs.hand is None, obs.discard is None, len(obs.dialogue), obs.to_json()["step"]
(True, True, 3, 'declare')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from atout.actions import Action, Hidden
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.chance import Deal, Draw
from atout.compiled import install_method, speedups
from atout.events import Scored, TrickWon
from atout.game import (
    GrowingJSON,
    JSONObject,
    OptionValue,
    Outcome,
    RecentJSON,
    json_dict,
    json_list,
    kept_per_object,
    plain_entry_json,
    position_json,
)
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
from atout.games.piquet.declarations import ASK_ONLY, class_points, declared_events, winner_of
from atout.games.piquet.events import BlancheShown, Scoring, Seen, Taken
from atout.games.piquet.holdings import SEQUENCE_POINTS, SET_POINTS, TEN_OR_HIGHER
from atout.games.piquet.phases import PHASE_NAMES, PLAY, STEP_NAMES, YOUNGER_DECLARES
from atout.games.piquet.pic import CATEGORIES, Tally
from atout.games.piquet.play import lead_points, tricks_points
from atout.log import LogEntry, LogView

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState


class ClassEntry(NamedTuple):
    """One class of the dialogue as spoken: the elder's statement (-1 not yet, 0 nothing), the
    tie-break he told (-1 none), the younger's answers, the younger's own declaration (-1 not
    yet, 0 nothing), the winner's other holdings, the winner (-1: nobody or not yet) and his points."""

    cls: int
    stated: int
    told: int
    answers: tuple[str, ...]
    younger_declared: int
    extras: tuple[int, ...] | None
    winner: int
    points: int

    def to_json(self) -> JSONObject:
        return {"class": ("point", "sequences", "sets")[self.cls], "stated": self.stated, "told": self.told,
                "answers": list(self.answers), "younger_declared": self.younger_declared,
                "extras": None if self.extras is None else list(self.extras), "winner": self.winner,
                "points": self.points}


_class_entry = lru_cache(maxsize=4_096)(ClassEntry)
"""A :class:`ClassEntry`, one object per value: a class that did not change since the last position is the
very same entry (its JSON kept, the dialogue compared by identity)."""


class PiquetTable(NamedTuple):
    """The part of a Piquet observation that is the same for every viewer (the deal in progress as
    the table sees it, the partie's scores): made once per position, its JSON once."""

    hand_number: int
    partie_deal: int
    dealer: int
    elder: int
    talon_size: int
    discard_sizes: tuple[int, ...]
    left_cards: CardSet
    carte_blanche: int
    carte_blanche_cards: CardSet
    dialogue: tuple[ClassEntry, ...]
    step: str
    step_class: int
    complete: bool
    categories: tuple[tuple[int, ...], ...]
    hand_scores: tuple[int, ...]
    tricks: tuple[tuple[int, Card, Card, int], ...]
    tricks_won: tuple[int, ...]
    shown: tuple[CardSet, ...]
    pending_show: int
    named_suit: int
    manches: tuple[int, ...]
    settlement: tuple[int, ...]

    def to_json(self) -> JSONObject:
        return {key: value if make is None else make(value) for (key, make), value in zip(TABLE_KEYS, self, strict=True)}


_seat_set_json = RecentJSON(card_codes, 4)
"""A seat's discard or the cards it knows in JSON (``None`` for a spectator's discard): found by the set's object
among the last four (the compiled observation gives a seat's set as the same object while it stays)."""


def pure_trick_json(trick: tuple[int, Card, Card, int]) -> JSONObject:
    """A finished trick's JSON (made once per trick object: the table keeps its finished tricks while they stand)."""
    return {"leader": trick[0], "cards": [CARD_CODES[trick[1]], CARD_CODES[trick[2]]], "winner": trick[3]}


_trick_json: Callable[[tuple[int, Card, Card, int]], JSONObject] = (
    pure_trick_json if speedups is None else speedups.duel_trick_json)
"""A finished trick's JSON: :func:`pure_trick_json`, compiled when built (``duel_trick_json``: no Python frame)."""


@lru_cache(maxsize=4_096)
def _entry_json(entry: ClassEntry) -> JSONObject:
    """A class of the dialogue in JSON, made once per value and shared, read only."""
    return entry.to_json()


def _every_row(row: tuple[int, ...]) -> bool:
    return True


_row_json = kept_per_object(partial(json_dict, CATEGORIES), _every_row, 8_192)
"""A seat's points by category in JSON, made once per row object and shared, read only: the compiled score
gives the same points as the same row, whichever deal they come from (a few thousand rows in all)."""


TABLE_KEYS: tuple[tuple[str, Callable[..., object] | None], ...] = (
    ("hand_number", None), ("partie_deal", None), ("dealer", None), ("elder", None), ("talon_size", None),
    ("discard_sizes", list), ("left_cards", card_codes), ("carte_blanche", None), ("carte_blanche_cards", card_codes),
    ("dialogue", partial(json_list, RecentJSON(_entry_json, 6))), ("step", None), ("step_class", None), ("complete", None),
    ("categories", partial(json_list, RecentJSON(_row_json, 4))), ("hand_scores", list),
    ("tricks", GrowingJSON(_trick_json)), ("tricks_won", list), ("shown", partial(json_list, card_codes)),
    ("pending_show", None), ("named_suit", lambda n: None if n < 0 else "SHDC"[n]), ("manches", list),
    ("settlement", list))
"""The key of each field of the table in JSON and the function that makes its JSON (``None``: as it is); in a
position's JSON (:class:`~atout.game.PositionJSON`), only the keys of the fields that changed are made again."""


class _Fields(NamedTuple):
    """The fields of :class:`PiquetObservation`."""

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
    discard: CardSet | None
    known_cards: CardSet
    table: PiquetTable


class PiquetObservation(_Fields):
    """The common fields of ``docs/observation.md``, then Piquet's own: the viewer's ``discard``
    and ``known_cards``, and the ``table`` (the same for every viewer; its fields are read as
    properties). Past deals and the score sheet's entries are in ``log``."""

    __slots__ = ()

    @property
    def private_fields(self) -> tuple[str, ...]:
        """The fields besides ``seat``, ``hand`` and ``legal`` that only the seat itself is shown."""
        return ("discard", "known_cards")

    def to_json(self) -> JSONObject:
        """The position in JSON: the common keys, then Piquet's (``docs/observation.md``)."""
        return _position_json(self)

    hand_number = property(lambda self: self.table.hand_number, doc="deals dealt in the partie so far")
    partie_deal = property(lambda self: self.table.partie_deal, doc="the deal's number in the partie")
    dealer = property(lambda self: self.table.dealer, doc="the dealer, the younger hand")
    elder = property(lambda self: self.table.elder, doc="the elder hand")
    talon_size = property(lambda self: self.table.talon_size, doc="cards still on the talon")
    discard_sizes = property(lambda self: self.table.discard_sizes, doc="how many cards each seat discarded")
    left_cards = property(lambda self: self.table.left_cards, doc="the cards the younger left and exposed")
    carte_blanche = property(lambda self: self.table.carte_blanche, doc="who announced a carte blanche, -1")
    carte_blanche_cards = property(lambda self: self.table.carte_blanche_cards, doc="its cards, once shown")
    dialogue = property(lambda self: self.table.dialogue, doc="the three classes of the dialogue as spoken")
    step = property(lambda self: self.table.step, doc="the dialogue's step")
    step_class = property(lambda self: self.table.step_class, doc="the class of the dialogue's step")
    complete = property(lambda self: self.table.complete, doc="every declaration is known")
    categories = property(lambda self: self.table.categories, doc="the deal's score so far by category")
    hand_scores = property(lambda self: self.table.hand_scores, doc="the deal's score so far")
    tricks = property(lambda self: self.table.tricks, doc="the deal's finished tricks")
    tricks_won = property(lambda self: self.table.tricks_won, doc="tricks won this deal per seat")
    shown = property(lambda self: self.table.shown, doc="what each seat showed on request")
    pending_show = property(lambda self: self.table.pending_show, doc="the seat that must show now, -1")
    named_suit = property(lambda self: self.table.named_suit, doc="the suit the elder named, -1")
    manches = property(lambda self: self.table.manches, doc="manches won (a game liée)")
    settlement = property(lambda self: self.table.settlement, doc="la marque so far per seat")


_position_json = position_json(PiquetObservation, (
    *(((_Fields._fields.index("table"), i), key, make) for i, (key, make) in enumerate(TABLE_KEYS)),
    (_Fields._fields.index("discard"), "discard", _seat_set_json),
    (_Fields._fields.index("known_cards"), "known_cards", _seat_set_json)))
"""The position's JSON (:class:`~atout.game.PositionJSON`): the common keys, the table's, then the viewer's
discard and the cards it knows."""


def entry_json(entry: LogEntry) -> JSONObject:
    """A log entry: ``{"i", "seat", "kind", "type", "text", …typed fields}`` (``docs/observation.md``)."""
    item = entry.item
    kind = type(item)
    if kind is Card:
        code = CARD_CODES[item]  # type: ignore[call-overload]
        return {"i": entry.number, "seat": entry.seat, "kind": "move", "type": "card", "text": code, "card": code}
    out = plain_entry_json(entry)
    fields = _TYPED.get(kind)
    if fields is not None:
        out.update(fields(item))
    return out


def _deal_json(deal: Deal) -> JSONObject:
    hidden = deal.hidden
    return {"hands": [None if hidden and hidden[s] else card_codes(h) for s, h in enumerate(deal.hands)],
            "hidden": list(hidden) if hidden else [0, 0],
            "talon": None if deal.hidden_talon else [CARD_CODES[c] for c in deal.talon]}


CLASS_KEYS = ("point", "sequences", "sets")
_TYPED: dict[type, Callable[[Any], JSONObject]] = {  # Any: each reads an item of the type of its key
    TrickWon: lambda e: e.to_json(), Scored: lambda e: e.to_json(), Taken: lambda e: e.to_json(),
    Seen: lambda e: e.to_json(), BlancheShown: lambda e: e.to_json(), Scoring: lambda e: e.to_json(),
    Deal: _deal_json, Draw: lambda d: {"cards": {str(s): CARD_CODES[c] for s, c in d.cards}},
    Cut: lambda a: {"position": a.position}, Discard: lambda a: {"card": CARD_CODES[a.card]},
    Hidden: lambda a: {"count": a.count}, Take: lambda a: {"see": a.see}, CarteBlanche: lambda a: {"count": a.count},
    Declare: lambda a: {"class": CLASS_KEYS[a.cls], "size": a.size},
    Tell: lambda a: {"class": CLASS_KEYS[a.cls], "value": a.value}, Answer: lambda a: {"answer": a.word},
    Also: lambda a: {"class": CLASS_KEYS[a.cls], "sizes": list(a.sizes)},
    Show: lambda a: {"cards": card_codes(a.cards)}, NameSuit: lambda a: {"suit": "SHDC"[a.suit]},
}
_CARDS = tuple(Card(i) for i in range(52))
PublicCache = tuple[int, PiquetTable, tuple[object, ...], tuple[ClassEntry, ...], list[tuple[int, int, int]],
                    tuple[tuple[int, int, int, int], ...], tuple[tuple[int, Card, Card, int], ...], Tally | None,
                    tuple[int, int] | None]
"""A state's ``public_cache``: its version and table, the dialogue's key, entries and scored events,
the finished tricks (as kept and as shown), their tally (``None`` in the cache the compiled table writes:
it counts the score anew in C) and the card led to the trick in progress with its leader (:func:`table_of`)."""
_new_tuple = tuple.__new__
_cardset = int.__new__
_NO_CARDS = CardSet(0)


def table_of(st: PiquetState) -> PiquetTable:
    """What every viewer is shown alike, made once per position; the dialogue and the finished
    tricks are kept between positions while they stand."""
    version = st.version
    cached = st.public_cache
    if cached is not None and cached[0] == version:
        found: PiquetTable = cached[1]
        return found
    key = (st.stmt, st.told, st.answers, st.ydecl, st.extras, st.complete, st.cb_seat, st.elder)
    # the dialogue stands (what it scores follows from these alone, whatever the phase)
    kept = cached if cached is not None and cached[2] == key else None
    if kept is not None:
        dialogue, events = kept[3], kept[4]
    else:
        entries = []
        for cls in range(3):
            winner, size = winner_of(st, cls)
            extras = st.extras[cls]
            scored = class_points(cls, size, extras or ()) if winner >= 0 else 0
            entries.append(_class_entry(cls, st.stmt[cls], st.told[cls], st.answers[cls], st.ydecl[cls], extras,
                                        winner, scored))
        dialogue, events = tuple(entries), declared_events(st)
    raw = st.tricks
    tricks: tuple[tuple[int, Card, Card, int], ...] = ()
    if kept is not None and _prefix(kept[5], raw) and kept[7] is not None and kept[7].tricks == len(kept[6]):
        tricks, tally = kept[6], kept[7]   # fed on in place: a state that shared it (a clone) then sees more tricks
    else:
        tally = Tally(st.elder, events, st.complete)
    if len(tricks) < len(raw):
        ten = st.rules.ten_rule
        new = raw[len(tricks):]
        tricks += tuple(map(_shown_trick, new))
        tally.feed(tricks_points(ten, new))
    lead_card = st.lead_card
    lead = (st.leader, lead_card) if lead_card >= 0 else None
    if kept is not None and tricks is kept[6] and lead == kept[8]:   # no trick, no lead since: the same score
        last = kept[1]
        categories, totals, won = last.categories, last.hand_scores, last.tricks_won
    else:
        score = tally.result((lead[0], lead_points(st.rules.ten_rule, lead_card)) if lead is not None else None)
        categories, totals, won = score.categories, score.totals, (tally.won[0], tally.won[1])
    if cached is not None:   # a value equal to the last table's is given as that very object: its JSON is kept
        last = cached[1]
        if dialogue == last.dialogue:
            dialogue = last.dialogue
        if categories == last.categories:
            categories, totals = last.categories, last.hand_scores   # the totals are their sums
        if won == last.tricks_won:
            won = last.tricks_won
    left = st.left
    table = _new_tuple(PiquetTable, (
        st.deal_no, st.partie_deal, st.dealer, st.elder, len(st.talon) - st.tpos if st.talon else 0, st.ndisc,
        _cardset(CardSet, left) if left and st.left_mode == "expose" else _NO_CARDS, st.cb_seat, st.cb_cards,
        dialogue, STEP_NAMES[st.step], st.step_cls, st.complete, categories, totals, tricks,
        won, st.shown, st.pending, st.named_suit, st.manches, st.settlement))
    st.public_cache = (version, table, key, dialogue, events, raw, tricks, tally, lead)
    return table


def _shown_trick(trick: tuple[int, int, int, int]) -> tuple[int, Card, Card, int]:
    """A finished trick as the table shows it (its cards as :class:`Card`), made when it is won and kept by the
    table while it stands, so that its JSON is made once."""
    return trick[0], _CARDS[trick[1]], _CARDS[trick[2]], trick[3]


def _prefix(done: tuple[object, ...], tricks: tuple[object, ...]) -> bool:
    """Whether the tricks ``done`` begin ``tricks`` (each trick is a value made once when it is won:
    the same object while it stands, even across an undo)."""
    k = len(done)
    return k <= len(tricks) and (k == 0 or tricks[k - 1] is done[k - 1])


def pure_observe(st: PiquetState, seat: int | None) -> PiquetObservation:
    """``seat``'s observation of ``st`` (``None``: a spectator): the reference of its compiled twin
    (:data:`observe`), which hands it what it does not take (a seat that is not an int)."""
    hands = st.hands
    if seat is None:
        hand = discard = None
        known = 0
        legal: tuple[Action, ...] = ()
    elif seat == 0 or seat == 1:
        hand = _cardset(CardSet, hands[seat])
        discard = _cardset(CardSet, st.discards[seat])
        if seat == st.elder:
            known = st.elder_seen | (st.left if st.elder_saw_left else 0)
        else:
            known = st.left if st.left_mode == "look" else 0
        legal = st.legal_actions(seat)
    else:
        raise ValueError(f"no seat {seat} at this table (seats 0 and 1)")
    lead_card = st.lead_card
    return _new_tuple(PiquetObservation, (
        "piquet", st.game.options, seat, 2, _SIDES, PHASE_NAMES[st.phase], st.to_move, hand,
        (hands[0].bit_count(), hands[1].bit_count()), None,
        ((st.leader, _CARDS[lead_card]),) if lead_card >= 0 else (), st.scores, legal,
        st.log_view(seat, st.hand_start), st.ended, discard, _cardset(CardSet, known) if known else _NO_CARDS,
        table_of(st)))


_SIDES = ((0,), (1,))


OBSERVED_FIELDS = ("game", "hands", "discards", "elder", "elder_seen", "left", "elder_saw_left", "left_mode", "lead_card",
                   "leader", "phase", "to_move", "scores", "hand_start", "ended", "_log", "_how", "younger", "pending",
                   "asked", "complete", "stmt", "answers", "ydecl")
"""The state's fields the compiled observation reads, in its order (``atout/_speedups.c``: ``QF_*``)."""
TABLE_FIELDS = ("version", "public_cache", "stmt", "told", "answers", "ydecl", "extras", "complete", "cb_seat", "elder",
                "tricks", "lead_card", "leader", "rules", "deal_no", "partie_deal", "dealer", "talon", "tpos",
                "ndisc", "left", "left_mode", "cb_cards", "step", "step_cls", "shown", "pending", "named_suit",
                "manches", "settlement")
"""The state's fields the compiled table (``piquet_table``, :func:`table_of`'s twin) reads, in its order
(``atout/_speedups.c``: ``QT_*``; the dialogue's key from ``stmt`` to ``elder``)."""


def compiled_table(fallback: Callable[[PiquetState], PiquetTable] = table_of) -> Callable[[PiquetState], PiquetTable]:
    """:func:`table_of` compiled (``piquet_table``), which hands ``fallback`` what it does not take; or
    :func:`table_of` when the extension is not built."""
    if speedups is None:
        return table_of
    from atout.games.piquet.state import PiquetState  # here: the state's module imports this one when observed

    speedups.set_piquet_table(PiquetTable, STEP_NAMES, speedups.Slots(PiquetState, TABLE_FIELDS),
                              TEN_OR_HIGHER, _NO_CARDS, "expose", fallback, ClassEntry, SEQUENCE_POINTS, SET_POINTS)
    compiled: Callable[[PiquetState], PiquetTable] = speedups.piquet_table
    return compiled


def _compiled_observe() -> Callable[[PiquetState, int | None], PiquetObservation]:
    if speedups is None:
        return pure_observe
    from atout.games.piquet.state import PiquetState  # here: the state's module imports this one when observed

    speedups.set_piquet(PiquetObservation, PHASE_NAMES, _CARDS, _NO_CARDS,
                        speedups.Slots(PiquetState, OBSERVED_FIELDS), "look", compiled_table(), pure_observe, _SIDES,
                        PLAY, YOUNGER_DECLARES, ASK_ONLY)
    compiled: Callable[[PiquetState, int | None], PiquetObservation] = speedups.piquet_observe
    install_method(PiquetState, "observation", compiled)
    return compiled


observe = _compiled_observe()
"""The observation of a seat: :func:`pure_observe`, compiled when built (:mod:`atout.compiled`: ``piquet_observe``,
the same fields in one call; the table every viewer is shown by ``piquet_table``, :func:`table_of`'s twin, for a
state of the class read, and by :func:`table_of` otherwise)."""

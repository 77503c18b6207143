"""What one seat (or a spectator) may know of a Sizette or Quadrette partie, built positively.

Each field is chosen for the viewer, never copied from the state and then filtered: a seat sees
its own hand, the turned card, the cards played (it saw them fall), the public talk, the scores;
never another seat's hand, nor the talon beyond the turned card. A spectator (``seat=None``) sees
no hand at all. The fields are the state's own immutable values, referenced, not rebuilt.

Two parts: the *position* (``to_json()``: what the seat needs to decide now — this hand's tricks
and talk, the open window, the scores —, the same size at the last hand as at the first) and the
*log* (``log``: every action and event of the partie as the viewer sees them; the draws, past
hands' tricks and talk and the score sheet's entries are there). ``results`` and ``draws`` are
attributes for programs, not in the position's JSON.

``tricks`` is the seat's memory of this hand's tricks (perfect recall, as a player at the table
remembers what he saw fall). ``last_trick`` is what the table lets a player *look at* again
(docs/rules/decisions.md#memory-and-review): the previous trick until the next lead, when ``allow_last_trick_review`` is on.

The fields and their JSON are documented in ``docs/observation.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from atout.actions import Action, is_kept
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.chance import Deal, Draw
from atout.compiled import install_method, speedups
from atout.events import Scored, TrickWon
from atout.game import (
    ACTION_CODES_KEPT,
    GrowingJSON,
    JSONObject,
    KeptCardSet,
    OptionValue,
    Outcome,
    RecentJSON,
    kept_per_object,
    plain_entry_json,
    position_json,
    trick_json,
)
from atout.games.sizette import turns
from atout.games.sizette.actions import (
    Abandon,
    Accept,
    Answer,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Cut,
    Dispute,
    NewCaptain,
    Penalty,
    Remark,
    Say,
    Vole,
)
from atout.games.sizette.actions import Action as SizetteAction
from atout.games.sizette.events import ENTRIES_BY_ID, HandResult, TableEvent, TalkEntry, TrickRecord
from atout.games.sizette.phases import CARD_DUE, CUT, OVER, PHASE_NAMES, PLAY, VOLE, WINDOW_NAMES
from atout.games.sizette.talk import CommandSpec, Question
from atout.log import LogEntry, LogView

if TYPE_CHECKING:
    from atout.games.sizette.rules import Rules
    from atout.games.sizette.state import SizetteState

_new_tuple = tuple.__new__
_cardset = int.__new__
_SUITS: tuple[Suit | None, ...] = (*Suit, None)     # indexed by the trump's int, -1: none


class SizetteObservation(NamedTuple):
    """What ``seat`` may know now (see ``docs/observation.md``): the common fields, then Sizette's."""

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
    scores: tuple[int, int]
    legal: tuple[SizetteAction, ...]
    log: LogView
    outcome: Outcome | None
    hand_number: int
    dealer: int
    first_hand: int
    captains: tuple[int, int]
    target: int
    turned: Card | None
    turned_in_hand_of: int | None
    leader: int
    tricks: tuple[TrickRecord, ...]
    last_trick: TrickRecord | None
    tricks_won: tuple[int, int]
    window: str | None
    window_team: int | None
    pending_question: tuple[int, int, Question] | None
    pending_claims: tuple[tuple[int, Penalty, int], ...]
    command: CommandSpec | None
    failed_commands: int
    vole_team: int | None
    talk: tuple[TalkEntry, ...]
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    results: tuple[HandResult, ...]
    played: CardSet

    def to_json(self) -> JSONObject:
        """A JSON-ready dict: cards as codes (``KH``), suits as letters, actions in notation and typed."""
        return _position_json(self)


_TYPES: dict[type, str] = {
    Card: "card", Ask: "ask", Say: "say", Remark: "remark", Command: "command", Close: "close", Vole: "vole",
    Cut: "cut", Captain: "captain", ChooseDealer: "dealer", Abandon: "abandon", ClaimRevoke: "claim_revoke",
    Penalty: "penalty", Accept: "accept", Dispute: "dispute", Deal: "deal", Draw: "draw",
    Answer: "answer", NewCaptain: "new_captain",
}


def action_json(action: Action) -> JSONObject:
    """``type``, ``text`` (the English notation) and the typed fields of an action or table event."""
    if isinstance(action, TableEvent):
        return {"type": action.type, "text": str(action)}
    kind = _TYPES.get(type(action)) or type(action).__name__.lower()
    out: JSONObject = {"type": kind, "text": str(action)}
    if type(action) is Card:
        out["card"] = str(action)
    elif type(action) is Ask:
        out["target"] = action.target
        out["question"] = action.question.to_json()
    elif type(action) is Say or type(action) is Answer:
        out["statement"] = action.statement.to_json()
    elif type(action) is Remark:
        out["remark"] = action.text
    elif type(action) is Command:
        out["command"] = action.spec.to_json()
    elif type(action) is Vole:
        out["go_on"] = action.go_on
    elif type(action) is Cut:
        out["position"] = action.position
    elif type(action) is Captain or type(action) is NewCaptain or type(action) is ChooseDealer:
        out["seat"] = action.seat
    elif type(action) is Penalty:
        out["fault"] = action.fault
        out["offender"] = action.seat
    elif type(action) is Deal:
        out["hands"] = [None if action.hidden and action.hidden[s] else [str(c) for c in h]
                        for s, h in enumerate(action.hands)]
        out["turned"] = [str(c) for c in action.turned]
    elif type(action) is Draw:
        out["cards"] = {str(s): str(c) for s, c in action.cards}
    return out


kept_action_json: Callable[[Action], JSONObject] = kept_per_object(action_json, is_kept, ACTION_CODES_KEPT)
""":func:`action_json`, made once per action object and kept while that object lives in the engine's
tables (read only): the talk's questions, statements and commands are the tables' own objects, met
again from one partie to the next (and so are the talk entries that hold them: :data:`kept_talk_json`). Not kept,
as its code is not (:func:`~atout.game.action_code`), for an action whose class says ``interned = False``
(a remark's free text; the remark template is kept: :func:`~atout.actions.is_kept`)."""


def _talk_entry_json(entry: TalkEntry) -> JSONObject:
    """A talk entry's JSON: its seat and trick, then its action's (:func:`action_json`)."""
    return {"seat": entry.seat, "trick": entry.trick, **kept_action_json(entry.action)}


def _interned(entry: TalkEntry) -> bool:
    return ENTRIES_BY_ID.get((entry.seat, entry.trick, id(entry.action))) is entry


kept_talk_json: Callable[[TalkEntry], JSONObject] = kept_per_object(_talk_entry_json, _interned, ACTION_CODES_KEPT)
"""A talk entry's JSON, made once per entry object and kept (read only) when the entry is the table's
own (:func:`~atout.games.sizette.events.talk_entry`: the same question at the same trick is one object,
hand after hand): the talk of a new hand is mostly made of entries whose JSON is already made."""


_command_text = kept_per_object(str, is_kept, ACTION_CODES_KEPT)
"""A captain's command in words, made once per command (the table's own objects, met again hand after hand)."""


_OWN = SizetteObservation._fields.index("hand_number")
_OWN_FIELDS: tuple[tuple[str | None, Callable[..., object] | None], ...] = (
    ("hand_number", None), ("dealer", None), ("first_hand", None), ("captains", list), ("target", None),
    ("turned", RecentJSON(CARD_CODES.__getitem__, 2)), ("turned_in_hand_of", None), ("leader", None),
    ("tricks", GrowingJSON(trick_json)), ("last_trick", trick_json), ("tricks_won", list),
    ("window", None), ("window_team", None),
    ("pending_question", lambda p: None if p is None else {"asker": p[0], "target": p[1], "text": str(p[2]),
                                                            "question": p[2].to_json()}),
    ("pending_claims", lambda claims: [{"claimant": c[0], "claim": str(c[1]), "answerer": c[2]} for c in claims]),
    ("command", RecentJSON(_command_text, 4)), ("failed_commands", None), ("vole_team", None),
    ("talk", GrowingJSON(kept_talk_json)), (None, None),
    (None, None), ("played", card_codes))
_position_json = position_json(SizetteObservation, ((_OWN + i, key, make) for i, (key, make) in enumerate(_OWN_FIELDS)
                                                     if key is not None))
"""The position's JSON (:class:`~atout.game.PositionJSON`): the common keys, then Sizette's own (``draws`` and
``results`` are in the log)."""


def entry_json(entry: LogEntry) -> JSONObject:
    """A log entry: ``{"i", "seat", "kind", "type", "text", …typed fields}`` (``docs/observation.md``);
    a ``trick`` event carries its ``number``, a ``scored`` event the hand's ``result``."""
    item = entry.item
    kind = type(item)
    if kind is Card:
        code = CARD_CODES[item]  # type: ignore[call-overload]
        return {"i": entry.number, "seat": entry.seat, "kind": "move", "type": "card", "text": code, "card": code}
    out = plain_entry_json(entry)
    if kind is TrickWon or kind is Scored:
        out.update(item.to_json())  # type: ignore[attr-defined]
        return out
    typed = action_json(item)
    del typed["text"]
    out.update(typed)
    return out


_played = KeptCardSet()


def pure_observe(st: SizetteState, seat: int | None) -> SizetteObservation:
    """The observation of ``seat`` (``None``: a spectator): the reference of its compiled twin
    (:func:`compiled_observe`), which hands it what it does not take (a seat that is not an int,
    table-law mode)."""
    rules = st.rules
    if seat is None:
        hand = None
        legal: tuple[SizetteAction, ...] = ()
    elif 0 <= seat < rules.n:
        hand = _cardset(CardSet, st.hands[seat])
        legal = st.legal_actions(seat)
    else:
        raise ValueError(f"no seat {seat} at this table")
    trick = st.trick
    dealer = st.dealer
    hand_no, scores, hand_start, draws, results = st.observed_slow(st._slow)
    played = _played(st.played)
    turned = st.turned
    done = st.done_tricks
    window = st.window
    phase = st.phase
    return _new_tuple(SizetteObservation, (
        rules.game.name, rules.options_view, seat, rules.n, rules.members, PHASE_NAMES[phase], st.to_move, hand,
        rules.hand_sizes[st.trick_no][st.leader][len(trick)] if phase == PLAY or phase == VOLE
        else tuple(map(int.bit_count, st.hands)),
        _SUITS[st.trump if st.trump is not None else -1],
        tuple(zip(rules.seats_from[st.leader], trick)) if trick else (), scores, legal,
        st.log_view(seat, hand_start), st._outcome,
        hand_no, dealer, (dealer + 1) % rules.n if dealer >= 0 else -1, st.captains, rules.target, turned,
        dealer if turned is not None and not rules.talon_size and not st.played >> turned & 1 else None,
        st.leader, done,
        done[-1] if done and not trick and rules.last_trick_review else None,
        st.tricks_won, WINDOW_NAMES[window], st.window_team if window else None, st.pending,
        tuple(c for c in st.claims if c is not None) if st.table_law else (),
        st.command, st.failed_commands, st.vole_team, st.talk, draws, results, played,
    ))


OBSERVED_FIELDS = (
    "rules", "phase", "to_move", "dealer", "captains", "_outcome", "turned", "trump", "leader", "trick_no", "played",
    "tricks_won", "done_tricks", "vole_team", "window", "window_team", "pending", "command", "failed_commands", "talk",
    "table_law", "hands", "trick", "_slow", "_log", "_how", "mode", "player", "side_of", "strength", "remarks", "version",
    "_lkey", "_legal")
"""The state's fields the compiled observation reads, in its order (``atout/_speedups.c``: ``ZF_*``)."""


def table_facts(rules: Rules) -> tuple[object, ...]:
    """What the compiled observation reads of a table, once per table (``ZT_*``)."""
    return (rules.game.name, rules.options_view, rules.n, rules.members, rules.target, rules.talon_size,
            rules.last_trick_review, rules.hand_sizes, rules.seats_from, rules.free_remarks, rules.volunteer, rules.pack)


def compiled_observe(state_class: type[SizetteState]) -> Callable[[SizetteState, int | None], SizetteObservation]:
    """The observation of a seat as :class:`SizetteState` makes it: :func:`pure_observe`, compiled when
    built (:mod:`atout.compiled`: ``sizette_observe``, the same fields in one call)."""
    if speedups is None:
        return pure_observe
    slow = state_class.slow_record._fields
    speedups.set_sizette(SizetteObservation, PHASE_NAMES, WINDOW_NAMES, _SUITS, pure_observe,
                         speedups.Slots(state_class, OBSERVED_FIELDS),
                         tuple(map(slow.index, ("hand_no", "scores", "hand_start", "draws", "results", "turned_bit",
                                                   "captain_changes"))), PLAY, VOLE,
                         table_facts, CARD_DUE, CUT, OVER, turns.TALK_WINDOWS, turns.ABANDON_ONLY)
    compiled: Callable[[SizetteState, int | None], SizetteObservation] = speedups.sizette_observe
    install_method(state_class, "observation", compiled)
    return compiled

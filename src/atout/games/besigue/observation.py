"""What one seat (or a spectator) may know of a Bésigue partie, built positively
(docs/observation.md, section Bésigue).

Public: the tabled cards of every seat (they stay playable), the turned card (the retourne) while
it lies at the bottom of the talon and who drew it, the talon's count, the trick, the cards
played this hand, the brisques each side has taken, the live scores (``marque``) and the score
sheet. Private: the seat's own hand (its cards not on the table). A card drawn is seen by its
drawer only, except the last card of the talon when it is the face-up retourne.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("besigue", {"players": 3}).new_state()
>>> rng = random.Random(1)
>>> while state.phase_name != "play":
...     state.apply(state.sample_chance(rng) if state.to_move < 0 else rng.choice(state.moves()))
>>> obs = state.observation(0)
>>> len(obs.hand), obs.talon, obs.retourne is not None, obs.phase
(9, 105, True, 'play')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from atout.cards import Card, CardSet, Suit
from atout.chance import Deal
from atout.game import Outcome, common_json
from atout.games.besigue.events import GameRecord, HandResult, TrickRecord

if TYPE_CHECKING:
    from atout.games.besigue.state import BesigueState


class BesigueObservation(NamedTuple):
    """The common fields of ``docs/observation.md``, then Bésigue's own."""

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
    log: tuple[tuple[int, Any], ...]
    outcome: Outcome | None
    hand_number: int
    dealer: int
    leader: int
    target: int
    marque: tuple[int, ...]
    tabled: tuple[CardSet, ...]
    retourne: Card | None
    retourne_holder: int
    talon: int
    brisques: tuple[int, ...]
    played: CardSet
    last_trick: TrickRecord | None
    declared: int
    wins: tuple[int, ...]
    streak: tuple[int, int]
    hundreds: tuple[int, ...]
    head_start: int
    games: tuple[GameRecord, ...]
    results: tuple[HandResult, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            **common_json(self, log_entry),
            "hand_number": self.hand_number, "dealer": self.dealer, "leader": self.leader, "target": self.target,
            "marque": list(self.marque), "tabled": [[str(c) for c in t] for t in self.tabled],
            "retourne": None if self.retourne is None else str(self.retourne),
            "retourne_holder": self.retourne_holder, "talon": self.talon, "brisques": list(self.brisques),
            "played": [str(c) for c in self.played],
            "last_trick": None if self.last_trick is None else self.last_trick.to_json(),
            "declared": self.declared, "wins": list(self.wins), "streak": list(self.streak),
            "hundreds": list(self.hundreds), "head_start": self.head_start,
            "games": [g.to_json() for g in self.games], "results": [r.to_json() for r in self.results],
        }


_ENTRIES: dict[tuple[int, Any], dict[str, Any]] = {}
_MAX_ENTRIES = 20_000


def log_entry(seat: int, action: Any) -> dict[str, Any]:
    """One log entry's JSON: seat, kind, type, text, and the action's own fields (a fresh dict; the
    entries of cards and declarations are made once and copied)."""
    if isinstance(action, Deal):
        return _entry(seat, action)
    key = (seat, action)
    entry = _ENTRIES.get(key)
    if entry is None:
        if len(_ENTRIES) >= _MAX_ENTRIES:
            _ENTRIES.clear()
        entry = _ENTRIES[key] = _entry(seat, action)
    return {**entry, "cards": list(entry["cards"])} if "cards" in entry else dict(entry)


def _entry(seat: int, action: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "kind": str(action.kind), "type": type(action).__name__.lower(),
                             "text": str(action)}
    if isinstance(action, Card):
        entry["card"] = str(action)
    elif isinstance(action, Deal):
        entry["hands"] = [None if action.hidden and action.hidden[s] else [str(c) for c in h]
                          for s, h in enumerate(action.hands)]
        entry["turned"] = [str(c) for c in action.turned]
    else:
        for name in ("card", "position", "name", "points"):
            value = getattr(action, name, None)
            if value is not None:
                entry[name] = value if isinstance(value, (int, str)) and not isinstance(value, Card) else str(value)
        cards = getattr(action, "cards", None)
        if cards is not None and not isinstance(cards, tuple):
            entry["cards"] = [str(c) for c in cards]
    return entry


def observe(st: BesigueState, seat: int | None) -> BesigueObservation:
    """The observation of ``seat`` (``None``: a spectator)."""
    n = st.n
    hands, tabled = st.hands, st.tabled
    history = st.history
    if st.hand_no:
        view = st.deal_views.get(seat)
        if view is None:
            view = st.deal_views[seat] = history[st.log_start][1].seen_by(seat)
        log = ((-1, view), *history[st.log_start + 1:])
    else:
        log = tuple(history)
    leader = st.leader
    match = st.match
    return BesigueObservation(
        game="besigue", options=st.rules.changed_options, seat=seat, num_seats=n, sides=st.rules.sides.seats,
        phase=st.phase_name, to_move=st.to_move,
        hand=None if seat is None else CardSet(hands[seat] & ~tabled[seat]),
        hand_sizes=tuple((hands[s] & ~tabled[s]).bit_count() for s in range(n)),
        trump=None if st.trump is None else Suit(st.trump),
        trick=tuple(((leader + i) % n, c) for i, c in enumerate(st.trick)), scores=tuple(st.scores),
        legal=() if seat is None else st.legal_actions(seat), log=log, outcome=st.ended,
        hand_number=st.hand_no, dealer=st.dealer, leader=leader, target=st.rules.target, marque=st.marque,
        tabled=tuple(CardSet(t) for t in tabled),
        retourne=st.retourne, retourne_holder=st.retourne_holder,
        talon=len(st.talon) - st.talon_pos, brisques=tuple(st.brisques), played=CardSet(st.played),
        last_trick=st.last_trick, declared=st.declared, wins=match.wins, streak=match.streak,
        hundreds=match.hundreds, head_start=match.receiver, games=tuple(st.games), results=tuple(st.results),
    )

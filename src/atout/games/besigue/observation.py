"""What one seat (or a spectator) may know of a Bésigue partie, built positively
(docs/observation.md, section Bésigue), in two parts.

The *position* (``to_json()``; its size does not grow with the partie). Public: the tabled cards
of every seat (they stay playable), the turned card (the retourne) while it lies at the bottom of
the talon and who drew it, the talon's count, the trick, the last trick, the cards played this
hand, the brisques each side has taken, the live scores (``marque``), the score sheet and the
match (games won, the hundreds). Private: the seat's own hand (its cards not on the table).

The *log* (``log``): every action and event of the partie as the viewer may see it: the draw for
the first dealer, the deals (the viewer's own hand and the turned card), the cards, declarations,
exchanges and passes, ``trick`` (:class:`~atout.events.TrickWon`), ``drew`` (a card drawn from
the talon: seen by its drawer only, except the last card of the talon when it is the face-up
retourne), ``points`` (points scored outside a declaration: a seven, the last trick, the
brisques), ``scored`` (each change of the score sheet) and ``game_won``.

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

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from atout.actions import Action
from atout.cards import CARD_CODES, Card, CardSet, Suit, card_codes
from atout.chance import Deal, Draw
from atout.compiled import install_method, speedups
from atout.events import Scored, TrickWon
from atout.game import (
    JSONObject,
    KeptCardSet,
    NearbyCodes,
    OptionValue,
    Outcome,
    action_code,
    frozen_json,
    item_type,
    json_list,
    position_json,
    trick_json,
)
from atout.games.besigue.actions import Cut, Exchange
from atout.games.besigue.declarations import Declaration
from atout.games.besigue.events import Drew, GameWon, Points, TrickRecord
from atout.log import LogEntry, LogView

if TYPE_CHECKING:
    from atout.games.besigue.spec import Rules
    from atout.games.besigue.state import BesigueState

_cardset = int.__new__
_new_tuple = tuple.__new__
_SUITS: tuple[Suit, ...] = tuple(Suit)


class BesigueObservation(NamedTuple):
    """The common fields of ``docs/observation.md``, then Bésigue's own."""

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

    def to_json(self) -> JSONObject:
        """The position as a JSON-ready dict: cards as codes (``KH#2``), suits as letters."""
        return _position_json(self)


_OWN = BesigueObservation._fields.index("hand_number")
_played_json: Callable[[int], list[str]] = card_codes if speedups is not None else partial(NearbyCodes(), None)
"""The codes of the cards played: compiled, read anew (eight bytes at a time); else from the last ones
(:class:`~atout.game.NearbyCodes`: one or two cards more from one position to the next)."""
_position_json = position_json(BesigueObservation, ((_OWN + i, key, make) for i, (key, make) in enumerate((
    ("hand_number", None), ("dealer", None), ("leader", None), ("target", None), ("marque", list),
    ("tabled", partial(json_list, card_codes)),
    ("retourne", lambda c: None if c is None else CARD_CODES[c]), ("retourne_holder", None), ("talon", None),
    ("brisques", list), ("played", _played_json), ("last_trick", trick_json),
    ("declared", None), ("wins", list), ("streak", list), ("hundreds", list), ("head_start", None)))))
"""The position's JSON (:class:`~atout.game.PositionJSON`): the common keys, then Bésigue's own."""
_played = KeptCardSet()


def _cardsets(tabled: object) -> tuple[CardSet, ...]:
    return tuple([_cardset(CardSet, t) for t in tabled])  # type: ignore[attr-defined]


def entry_json(entry: LogEntry) -> JSONObject:
    """A log entry: ``{"i", "seat", "kind", "type", "text", …typed fields}`` (``docs/observation.md``)."""
    item = entry.item
    kind = type(item)
    if kind is Card:
        code = CARD_CODES[item]  # type: ignore[call-overload]
        return {"i": entry.number, "seat": entry.seat, "kind": "move", "type": "card", "text": code, "card": code}
    out: JSONObject = {"i": entry.number, "seat": entry.seat, "kind": str(item.kind), "type": item_type(item),
                       "text": action_code(item)}
    if kind is TrickWon or kind is Scored or kind is Drew or kind is Points or kind is GameWon:
        out.update(item.to_json())  # type: ignore[attr-defined]
    elif kind is Declaration:
        decl: Declaration = item  # type: ignore[assignment]
        out["name"] = decl.name
        out["cards"] = card_codes(decl.cards)
        out["points"] = decl.points
    elif kind is Exchange:
        out["card"] = CARD_CODES[item.card]  # type: ignore[attr-defined]
    elif kind is Cut:
        out["position"] = item.position  # type: ignore[attr-defined]
    elif kind is Deal:
        deal: Deal = item  # type: ignore[assignment]
        out["hands"] = [None if deal.hidden and deal.hidden[s] else card_codes(h) for s, h in enumerate(deal.hands)]
        out["turned"] = [CARD_CODES[c] for c in deal.turned]
    elif kind is Draw:
        out["cards"] = {str(s): CARD_CODES[c] for s, c in item.cards}  # type: ignore[attr-defined]
    return out


_SIZES: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = [((), (), ())]
"""The hands, the tabled cards and the sizes of the hands last made of them (one item, read and
replaced whole; every viewer of a position shares them)."""


def pure_observe(st: BesigueState, seat: int | None) -> BesigueObservation:
    """The observation of ``seat`` (``None``: a spectator): the reference of its compiled twin
    (:func:`compiled_observe`), which hands it what it does not take (a seat that is not an int)."""
    n = st.n
    rules = st.rules
    hands, tabled = st.hands, st.tabled
    if seat is None:
        hand = None
        legal: tuple[Action, ...] = ()
    elif 0 <= seat < n:
        hand = _cardset(CardSet, hands[seat] & ~tabled[seat])
        legal = st.legal_actions(seat)
    else:
        raise ValueError(f"no seat {seat} at this table")
    leader = st.leader
    trick = st.trick
    match = st.match
    trump = st.trump
    played = _played(st.played)
    kept = _SIZES[0]
    if kept[0] is hands and kept[1] is tabled:
        sizes = kept[2]
    else:
        sizes = tuple([(h & ~t).bit_count() for h, t in zip(hands, tabled, strict=True)])
        _SIZES[0] = (hands, tabled, sizes)
    return _new_tuple(BesigueObservation, (
        "besigue", rules.changed_options, seat, n, rules.sides.seats, st.phase_name, st.to_move, hand,
        sizes,
        None if trump is None else _SUITS[trump],
        tuple([((leader + i) % n, c) for i, c in enumerate(trick)]) if trick else (), st.scores,
        legal, st.log_view(seat, st.hand_start), st.ended,
        st.hand_no, st.dealer, leader, rules.target, st.marque,
        frozen_json(tabled, _cardsets), st.retourne, st.retourne_holder,
        len(st.talon) - st.talon_pos, st.brisques, played, st.last_trick, st.declared,
        match.wins, match.streak, match.hundreds, match.receiver,
    ))


OBSERVED_FIELDS = (
    "rules", "n", "phase", "to_move", "dealer", "hand_no", "scores", "match", "ended", "hand_start", "hands", "tabled",
    "talon", "talon_pos", "retourne", "retourne_holder", "trump", "trick", "leader", "played", "brisques", "hand_points",
    "last_trick", "declared", "_log", "_how")
"""The state's fields the compiled observation reads, in its order (``atout/_speedups.c``: ``BF_*``)."""


def table_facts(rules: Rules) -> tuple[object, ...]:
    """What the compiled observation reads of a table, once per table (``BT_*``)."""
    return rules.changed_options, rules.sides.seats, rules.target


def compiled_observe(state_class: type[BesigueState], phase_names: tuple[str, ...],
                     ) -> Callable[[BesigueState, int | None], BesigueObservation]:
    """The observation of a seat as :class:`BesigueState` (whose phases are named ``phase_names``) makes
    it: :func:`pure_observe`, compiled when built (:mod:`atout.compiled`: ``besigue_observe``, the same
    fields in one call)."""
    if speedups is None:
        return pure_observe
    speedups.set_besigue(BesigueObservation, phase_names, _SUITS, pure_observe,
                         speedups.Slots(state_class, OBSERVED_FIELDS), table_facts,
                         lambda tabled: frozen_json(tabled, _cardsets))
    compiled: Callable[[BesigueState, int | None], BesigueObservation] = speedups.besigue_observe
    install_method(state_class, "observation", compiled)
    return compiled

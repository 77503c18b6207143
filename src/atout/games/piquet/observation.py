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

from typing import TYPE_CHECKING, Any, NamedTuple

from atout.cards import Card, CardSet, Suit
from atout.game import Outcome, common_json
from atout.games.piquet.declarations import class_points, declared_events, winner_of
from atout.games.piquet.phases import STEP_NAMES
from atout.games.piquet.pic import CATEGORIES, HandScore, Tally
from atout.games.piquet.play import lead_points, trick_points
from atout.games.piquet.results import DealResult

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

    def to_json(self) -> dict[str, Any]:
        return {"class": ("point", "sequences", "sets")[self.cls], "stated": self.stated, "told": self.told,
                "answers": list(self.answers), "younger_declared": self.younger_declared,
                "extras": None if self.extras is None else list(self.extras), "winner": self.winner,
                "points": self.points}


class PiquetObservation(NamedTuple):
    """The common fields of ``docs/observation.md``, then Piquet's own."""

    game: str
    options: dict[str, Any]
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
    partie_deal: int
    dealer: int
    elder: int
    talon_size: int
    discard: CardSet | None
    discard_sizes: tuple[int, ...]
    known_cards: CardSet
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
    results: tuple[DealResult, ...]
    manches: tuple[int, ...]
    settlement: tuple[int, ...]

    @property
    def private_fields(self) -> tuple[str, ...]:
        """The fields besides ``seat``, ``hand`` and ``legal`` that only the seat itself is shown."""
        return ("discard", "known_cards")

    def to_json(self) -> dict[str, Any]:
        return {
            **common_json(self, _log_entry),
            "hand_number": self.hand_number, "partie_deal": self.partie_deal, "dealer": self.dealer,
            "elder": self.elder, "talon_size": self.talon_size,
            "discard": None if self.discard is None else [str(c) for c in self.discard],
            "discard_sizes": list(self.discard_sizes), "known_cards": [str(c) for c in self.known_cards],
            "left_cards": [str(c) for c in self.left_cards], "carte_blanche": self.carte_blanche,
            "carte_blanche_cards": [str(c) for c in self.carte_blanche_cards],
            "dialogue": [e.to_json() for e in self.dialogue], "step": self.step, "step_class": self.step_class,
            "complete": self.complete,
            "categories": [dict(zip(CATEGORIES, cats, strict=True)) for cats in self.categories],
            "hand_scores": list(self.hand_scores),
            "tricks": [{"leader": t[0], "cards": [str(t[1]), str(t[2])], "winner": t[3]} for t in self.tricks],
            "tricks_won": list(self.tricks_won), "shown": [[str(c) for c in s] for s in self.shown],
            "pending_show": self.pending_show, "named_suit": None if self.named_suit < 0 else "SHDC"[self.named_suit],
            "results": [r.to_json() for r in self.results], "manches": list(self.manches),
            "settlement": list(self.settlement),
        }


def _log_entry(seat: int, action: Any) -> dict[str, Any]:
    entry = {"seat": seat, "kind": str(action.kind), "type": type(action).__name__.lower(), "text": str(action)}
    if isinstance(action, Card):
        entry["card"] = str(action)
    return entry


_CARDS = tuple(Card(i) for i in range(52))


Public = tuple[tuple[ClassEntry, ...], HandScore, tuple[tuple[int, Card], ...],
               tuple[tuple[int, Card, Card, int], ...], tuple[int, int]]


def _public(st: PiquetState) -> Public:
    """What every viewer is shown alike, made once per position (the dialogue, the deal's score,
    the tricks); the dialogue and the finished tricks are kept between positions while they stand."""
    version = len(st.history)
    cached = st.public_cache
    if cached is not None and cached[0] == version:
        found: Public = cached[1]
        return found
    key = (st.deal_no, st.said, st.complete, st.cb_seat, st.elder, st.phase)
    if cached is not None and cached[2] == key:
        dialogue, events = cached[3], cached[4]
    else:
        entries = []
        for cls in range(3):
            winner, size = winner_of(st, cls)
            extras = st.extras[cls]
            scored = class_points(cls, size, extras or ()) if winner >= 0 else 0
            entries.append(ClassEntry(cls, st.stmt[cls], st.told[cls], st.answers[cls], st.ydecl[cls], extras,
                                      winner, scored))
        dialogue, events = tuple(entries), declared_events(st)
    n = len(st.tricks)
    tricks: tuple[tuple[int, Card, Card, int], ...] = ()
    if cached is not None and cached[2] == key and cached[5] == st.deal_no and len(cached[6]) <= n:
        tricks, tally = cached[6], cached[7].copy()
    else:
        tally = Tally(st.elder, events, st.complete)
    ten = st.rules.ten_rule
    for t in st.tricks[len(tricks):]:
        tricks += ((t[0], _CARDS[t[1]], _CARDS[t[2]], t[3]),)
        tally.trick(*trick_points(ten, *t))
    lead = (st.leader, lead_points(ten, st.lead_card)) if st.lead_card >= 0 else None
    score = tally.result(lead)
    won = (tally.won[0], tally.won[1])
    trick = ((st.leader, _CARDS[st.lead_card]),) if st.lead_card >= 0 else ()
    public: Public = (dialogue, score, trick, tricks, won)
    st.public_cache = (version, public, key, dialogue, events, st.deal_no, tricks, tally)
    return public


def observe(st: PiquetState, seat: int | None) -> PiquetObservation:
    """``seat``'s observation of ``st`` (``None``: a spectator)."""
    history = st.history
    start = st.log_start
    cached = st.log_cache.get(seat)
    if cached is not None and cached[0] == start and cached[1] <= len(history):
        _, done, log = cached
        log = log + tuple((s, st.visible_action(a, s, seat)) for s, a in history[done:])
    else:
        log = tuple((s, st.visible_action(a, s, seat)) for s, a in history[start:])
    st.log_cache[seat] = (start, len(history), log)
    elder = st.elder
    known = 0
    discard: CardSet | None = None
    if seat is not None:
        discard = CardSet(st.discards[seat])
        if seat == elder:
            known = st.elder_seen | (st.left if st.elder_saw_left else 0)
        elif st.left_mode == "look":
            known = st.left
    dialogue, score, trick, tricks, won = _public(st)
    return PiquetObservation(
        game="piquet", options=st.rules.changed, seat=seat, num_seats=2, sides=((0,), (1,)),
        phase=st.phase_name, to_move=st.mover, hand=None if seat is None else CardSet(st.hands[seat]),
        hand_sizes=(st.hands[0].bit_count(), st.hands[1].bit_count()), trump=None, trick=trick,
        scores=(st.scores[0], st.scores[1]), legal=() if seat is None else st.legal_actions(seat), log=log,
        outcome=st.ended, hand_number=st.deal_no, partie_deal=st.partie_deal, dealer=st.dealer, elder=elder,
        talon_size=len(st.talon) - st.tpos if st.talon else 0, discard=discard,
        discard_sizes=(st.ndisc[0], st.ndisc[1]), known_cards=CardSet(known),
        left_cards=CardSet(st.left if st.left_mode == "expose" else 0), carte_blanche=st.cb_seat,
        carte_blanche_cards=st.cb_cards, dialogue=tuple(dialogue), step=STEP_NAMES[st.step], step_class=st.step_cls,
        complete=st.complete, categories=score.categories, hand_scores=score.totals, tricks=tricks, tricks_won=won,
        shown=(st.shown[0], st.shown[1]), pending_show=st.pending, named_suit=st.named_suit,
        results=tuple(st.results), manches=(st.manches[0], st.manches[1]),
        settlement=(st.settlement[0], st.settlement[1]),
    )

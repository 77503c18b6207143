"""What one seat may know of a Sizette or Quadrette partie, built positively.

Nothing is copied from the state wholesale: each field is chosen for the seat. A seat sees its
own hand, the turned card, the cards played (it saw them fall), the public talk, the scores;
never another seat's hand, nor the talon beyond the turned card.

``tricks`` is the seat's memory of this hand's tricks (perfect recall, as a player at the table
remembers what he saw fall; what research environments expect). ``last_trick`` is what the table
lets a player *look at* again (DP-SZ15): the previous trick until the next lead, when
``allow_last_trick_review`` is on; a user interface shows that, not the full memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atout.cards import Card, CardSet, Suit
from atout.game import CHANCE, TERMINAL


@dataclass(frozen=True)
class Observation:
    game: str
    options: dict[str, Any]
    seat: int
    num_seats: int
    phase: str
    to_move: int
    hand_number: int
    dealer: int
    first_hand: int
    captains: tuple[int, int]
    scores: tuple[int, int]
    target: int
    hand: CardSet
    trump: Suit | None
    turned: Card | None
    turned_in_hand_of: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    tricks_won: tuple[int, int]
    last_trick: tuple[int, tuple[Card, ...], int] | None
    window: str | None
    window_team: int | None
    pending_question: tuple[int, int, str] | None
    command: str | None
    failed_commands: int
    vole_team: int | None
    talk: tuple[tuple[int, int, Any], ...]
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    results: tuple[dict[str, Any], ...]
    winner_team: int | None
    end_reason: str
    played: CardSet = field(default=CardSet(0))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: cards as codes (``KH``), actions in notation."""
        return {
            "game": self.game, "options": self.options, "seat": self.seat, "num_seats": self.num_seats,
            "phase": self.phase, "to_move": _mover(self.to_move), "hand_number": self.hand_number,
            "dealer": self.dealer, "first_hand": self.first_hand, "captains": list(self.captains),
            "scores": list(self.scores), "target": self.target,
            "hand": [str(c) for c in self.hand],
            "trump": self.trump.letter if self.trump is not None else None,
            "turned": str(self.turned) if self.turned is not None else None,
            "turned_in_hand_of": self.turned_in_hand_of, "leader": self.leader,
            "trick": [str(c) for c in self.trick],
            "tricks": [{"leader": ld, "cards": [str(c) for c in cs], "winner": w} for ld, cs, w in self.tricks],
            "tricks_won": list(self.tricks_won),
            "last_trick": ({"leader": self.last_trick[0], "cards": [str(c) for c in self.last_trick[1]],
                            "winner": self.last_trick[2]} if self.last_trick else None),
            "window": self.window, "window_team": self.window_team,
            "pending_question": list(self.pending_question) if self.pending_question else None,
            "command": self.command, "failed_commands": self.failed_commands, "vole_team": self.vole_team,
            "talk": [{"seat": s, "trick": t, "text": x} for s, t, x in self.talk],
            "draws": [{str(s): str(c) for s, c in d} for d in self.draws],
            "results": list(self.results),
            "winner_team": self.winner_team, "end_reason": self.end_reason,
        }


def _mover(seat: int) -> int | str:
    return "chance" if seat == CHANCE else "none" if seat == TERMINAL else seat


def observe(state: Any, seat: int) -> Observation:
    from atout.games.sizette.state import WINDOW_NAMES

    if not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat} at this table")
    turned = state.turned
    in_hand = turned is not None and not state.game.talon_size and not state.played_cards() >> turned & 1
    holder = state.dealer if in_hand else None
    pending = None
    if state.pending is not None:
        asker, target, q = state.pending
        pending = (asker, target, str(q))
    tricks = tuple((t.leader, t.cards, t.winner) for t in state.done_tricks)
    played = state.played_cards()
    return Observation(
        game=state.game.name,
        options=dict(state.game.options.changed()),
        seat=seat,
        num_seats=state.n,
        phase=state.phase_name,
        to_move=state.to_move,
        hand_number=state.hand_no,
        dealer=state.dealer,
        first_hand=state.first_hand if state.dealer >= 0 else -1,
        captains=(state.captains[0], state.captains[1]),
        scores=(state.scores[0], state.scores[1]),
        target=state.target,
        hand=CardSet(state.hands[seat]),
        trump=Suit(state.trump) if state.trump is not None else None,
        turned=turned,
        turned_in_hand_of=holder,
        leader=state.leader,
        trick=tuple(state.trick),
        tricks=tricks,
        tricks_won=(state.tricks_won[0], state.tricks_won[1]),
        last_trick=_last_trick(state),
        window=WINDOW_NAMES[state.window],
        window_team=state.window_team if state.window else None,
        pending_question=pending,
        command=str(state.command) if state.command is not None else None,
        failed_commands=state.failed_commands,
        vole_team=state.vole_team,
        talk=tuple((e.seat, e.trick, e.text()) for e in state.talk),
        draws=tuple(tuple(d.items()) for d in state.draws),
        results=tuple(_result(r) for r in state.results),
        winner_team=state.winner_team,
        end_reason=state.end_reason,
        played=CardSet(played),
    )


def _last_trick(state: Any) -> tuple[int, tuple[Card, ...], int] | None:
    """DP-SZ15: the last trick may be looked at until the next lead, if the table allows it."""
    if not state.game.options["allow_last_trick_review"] or state.trick or not state.done_tricks:
        return None
    t = state.done_tricks[-1]
    return (t.leader, t.cards, t.winner)


def _result(r: Any) -> dict[str, Any]:
    return {"hand": r.number, "dealer": r.dealer, "trump": r.trump.letter if r.trump is not None else None,
            "tricks": list(r.tricks), "points": list(r.points), "reason": r.reason, "scores": list(r.scores)}

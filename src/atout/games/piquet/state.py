"""A Piquet partie in progress: the draw for the first deal, then deal after deal — the elder's
cut, the deal, the exchange, the declaration dialogue, the twelve tricks — until the partie's
format says it is over (docs/rules/piquet.md).

The state is slotted and holds ints and small lists: hands and discards are bitmasks, the tricks
plain tuples; ``clone`` copies a few lists; ``moves()`` during the play reads precomputed tuples.

>>> import random
>>> from atout.games.piquet.spec import PiquetGame
>>> state, rng = PiquetGame().new_state(), random.Random(3)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> state.outcome().reason, len(state.results) >= 6
(<EndReason.DEALS: 'deals'>, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from atout.actions import ActionKind, Hidden
from atout.cards import Card, CardSet
from atout.chance import Deal, Draw, parse_chance
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, parse_int
from atout.games.piquet import deal as dealing
from atout.games.piquet.actions import (
    Also,
    Answer,
    AskShow,
    CarteBlanche,
    Cut,
    Declare,
    Discard,
    NameSuit,
    Show,
    Take,
    Tell,
)
from atout.games.piquet.declarations import (
    apply_dialogue,
    ask_actions,
    check_dialogue,
    declared_events,
    dialogue_moves,
    may_ask,
    next_step,
    show_moves,
)
from atout.games.piquet.exchange import apply_exchange, check_exchange, exchange_moves
from atout.games.piquet.holdings import SUIT_BITS, Holdings, analyse
from atout.games.piquet.notation import action_text, parse_action
from atout.games.piquet.partie import after_deal
from atout.games.piquet.phases import (
    BLANCHE_DISCARD,
    CUT,
    DEAL,
    DIALOGUE,
    DRAW,
    EXCHANGE_ELDER,
    EXCHANGE_YOUNGER,
    NO_STEP,
    OVER,
    PHASE_NAMES,
    PLAY,
    YOUNGER_DECLARES,
)
from atout.games.piquet.pic import HandScore, score_hand
from atout.games.piquet.play import (
    apply_card,
    apply_name,
    check_card,
    lead_points,
    may_name,
    play_moves,
    playable,
    trick_points,
)
from atout.games.piquet.refusals import refuse
from atout.games.piquet.results import DealResult

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation
    from atout.games.piquet.spec import PiquetGame

HIDDEN_DISCARD = Hidden("discard", 1)
_LISTS = ("history", "results", "scores", "manches", "settlement", "draws", "hands", "dealt", "discards", "ndisc",
          "stmt", "told", "answers", "ydecl", "extras", "after_exchange", "hold", "tricks", "asked", "shown")


class PiquetState(State):
    """A partie of Piquet: two seats, ``dealer`` and ``elder`` (the non-dealer) change every deal."""

    __slots__ = (
        "after_exchange",
        "answers",
        "asked",
        "cb_cards",
        "cb_count",
        "cb_seat",
        "complete",
        "cut_position",
        "deal_no",
        "dealer",
        "dealt",
        "discards",
        "draws",
        "elder",
        "elder_saw_left",
        "elder_seen",
        "ended",
        "extras",
        "game",
        "hands",
        "history",
        "hold",
        "lead_card",
        "leader",
        "left",
        "left_mode",
        "listed",
        "listed_at",
        "log_cache",
        "log_start",
        "manches",
        "mover",
        "named_suit",
        "ndisc",
        "partie_deal",
        "pending",
        "phase",
        "public_cache",
        "results",
        "resume",
        "rules",
        "said",
        "scores",
        "settlement",
        "setup",
        "shown",
        "step",
        "step_cls",
        "stmt",
        "talon",
        "told",
        "tpos",
        "tricks",
        "y_take",
        "ydecl",
        "younger",
    )

    game: PiquetGame

    def __init__(self, game: PiquetGame):
        self.game = game
        self.rules = game.rules
        self.history: list[tuple[int, Any]] = []
        self.results: list[DealResult] = []
        self.setup: dict[str, str] | None = None
        self.scores = [0, 0]
        self.manches = [0, 0]
        self.settlement = [0, 0]
        self.ended: Outcome | None = None
        self.deal_no = 0
        self.partie_deal = 0
        self.dealer = self.elder = self.younger = -1
        self.phase = DRAW
        self.mover = CHANCE
        self.cut_position = 0
        self.draws: list[Draw] = []
        self.log_start = 0
        self.log_cache: dict[int | None, tuple[int, int, tuple[tuple[int, Any], ...]]] = {}
        self.listed_at = -1  # moves() of the position after that many actions: self.listed
        self.listed: tuple[Any, ...] = ()
        self.public_cache: tuple[Any, ...] | None = None
        self._clear_deal()

    def _clear_deal(self) -> None:
        self.hands = [0, 0]
        self.dealt = [0, 0]
        self.talon: tuple[Card, ...] = ()
        self.tpos = 0
        self.discards = [0, 0]
        self.ndisc = [0, 0]
        self.cb_seat = -1
        self.cb_count = 0
        self.cb_cards = CardSet(0)
        self.y_take: str | None = None
        self.elder_seen = 0
        self.left = 0
        self.left_mode = ""
        self.named_suit = -1
        self.elder_saw_left = False
        self.stmt = [-1, -1, -1]
        self.told = [-1, -1, -1]
        self.answers: list[tuple[str, ...]] = [(), (), ()]
        self.ydecl = [-1, -1, -1]
        self.extras: list[tuple[int, ...] | None] = [None, None, None]
        self.step = NO_STEP
        self.said = 0  # dialogue moves made this deal (a version for caches)
        self.step_cls = -1
        self.complete = False
        self.after_exchange = [0, 0]
        self.hold: list[Holdings] = []
        self.lead_card = -1
        self.leader = -1
        self.tricks: list[tuple[int, int, int, int]] = []
        self.pending = -1
        self.resume = -1
        self.asked = [False, False]
        self.shown = [CardSet(0), CardSet(0)]

    @classmethod
    def from_deal(cls, game: PiquetGame, deal: Deal, setup: Mapping[str, str]) -> PiquetState:
        setup = {str(k): str(v) for k, v in setup.items()}
        unknown = sorted(set(setup) - {"dealer", "scores", "hand", "manches"})
        if unknown:
            raise refuse("bad_setup", facts=", ".join(unknown))
        dealer = parse_int(setup.get("dealer", "1"))
        hand = parse_int(setup.get("hand", "1"))
        scores = _pair(setup.get("scores", "0-0"))
        manches = _pair(setup.get("manches", "0-0"))
        if dealer not in (0, 1) or hand is None or not 1 <= hand <= 99 or scores is None or manches is None:
            raise refuse("bad_setup", facts=", ".join(f"{k}={v}" for k, v in setup.items()))
        state = cls(game)
        state.setup = {"dealer": str(dealer), "scores": f"{scores[0]}-{scores[1]}", "hand": str(hand),
                       "manches": f"{manches[0]}-{manches[1]}"}
        state.scores, state.manches = list(scores), list(manches)
        state.partie_deal = state.deal_no = hand - 1
        state._set_dealer(dealer)
        state.phase, state.mover = DEAL, CHANCE
        state.apply(deal, CHANCE)
        return state

    def _set_dealer(self, dealer: int) -> None:
        self.dealer = dealer
        self.younger = dealer
        self.elder = 1 if dealer == 0 else 0

    # ------------------------------------------------------------------ who acts

    @property
    def to_move(self) -> int:
        return self.mover

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def set_step(self, step: int, cls: int, seat: int) -> None:
        self.step, self.step_cls, self.mover = step, cls, seat

    def moves(self) -> tuple[Any, ...]:
        seat = self.mover
        if seat < 0:
            return ()
        version = len(self.history)
        if self.listed_at == version:
            return self.listed
        phase = self.phase
        found: tuple[Any, ...]
        if self.pending >= 0:
            found = show_moves(self, seat)
        elif phase == PLAY:
            found = play_moves(self, seat)
        elif phase == DIALOGUE or phase == YOUNGER_DECLARES:
            found = dialogue_moves(self, seat)
        elif phase == CUT:
            found = self.rules.cuts
        else:
            found = exchange_moves(self, seat)
        self.listed_at, self.listed = version, found
        return found

    def legal_actions(self, seat: int | None = None) -> tuple[Any, ...]:
        seat = self.mover if seat is None else seat
        if self.ended is not None or seat not in (0, 1):
            return ()
        talk = ask_actions(self, seat)
        if seat != self.mover:
            return talk
        return self.moves() + talk

    # ------------------------------------------------------------------ acting

    def apply(self, action: Any, seat: int | None = None) -> None:
        if seat is None:
            seat = self.mover
        if type(action) is Card and self.phase == PLAY and seat == self.mover and self.pending < 0:
            if playable(self, seat) >> action & 1:
                self.history.append((seat, action))
                apply_card(self, action, seat)
                return
            check_card(self, action, seat)
        self._check(action, seat)
        self.history.append((seat, action))
        _APPLY[type(action)](self, action, seat)

    def _on_cut(self, action: Cut, seat: int) -> None:
        self.cut_position = action.position
        self.phase, self.mover = DEAL, CHANCE

    def _on_ask(self, action: AskShow, seat: int) -> None:
        holder = self.elder if seat == self.younger else self.younger
        self.asked[holder] = True
        self.pending, self.resume, self.mover = holder, self.mover, holder

    def _on_show(self, action: Show, seat: int) -> None:
        self.shown[seat] = action.cards
        self.pending, self.mover = -1, self.resume

    def _check(self, action: Any, seat: int) -> None:
        """Refuse, with the reason, anything :meth:`legal_actions` does not list for ``seat``."""
        if self.ended is not None:
            raise refuse("over")
        if isinstance(action, (Draw, Deal)):
            wanted = Draw if self.phase == DRAW else Deal if self.phase == DEAL else None
            if seat != CHANCE or self.mover != CHANCE or type(action) is not wanted:
                raise refuse("not_chance", action=action)
            if isinstance(action, Draw):
                dealing.check_draw(action)
            else:
                dealing.check_deal(action, self.dealer, self.rules.packet)
            return
        if seat not in (0, 1):
            raise refuse("no_seat", seat=seat)
        if getattr(action, "kind", None) not in (ActionKind.MOVE, ActionKind.TALK):
            raise refuse("not_now", action=action, phase=self.phase_name)
        if self.mover == CHANCE:
            raise refuse("chance_due")
        if isinstance(action, AskShow):
            if not may_ask(self, seat):
                raise refuse("no_ask")
            return
        if self.pending >= 0:
            if seat != self.pending:
                raise refuse("show_first", seat=self.pending)
            if action not in show_moves(self, seat):
                raise refuse("show_mismatch")
            return
        if seat != self.mover:
            raise refuse("turn", seat=self.mover)
        if self.listed_at == len(self.history) and action in self.listed:
            return  # listed for the seat to move: the same rule
        phase = self.phase
        if isinstance(action, Show):
            raise refuse("not_now", action=action, phase=self.phase_name)
        if phase == CUT:
            if action not in self.rules.cuts:
                raise refuse("not_now", action=action, phase=self.phase_name)
        elif phase in (EXCHANGE_ELDER, EXCHANGE_YOUNGER, BLANCHE_DISCARD):
            check_exchange(self, action, seat)
        elif phase in (DIALOGUE, YOUNGER_DECLARES):
            check_dialogue(self, action, seat)
        elif isinstance(action, Card):
            check_card(self, action, seat)
        elif not (isinstance(action, NameSuit) and may_name(self, seat) and self.hands[seat] & _suit_bits(action.suit)):
            raise refuse("not_now", action=action, phase=self.phase_name)

    def _on_draw(self, draw: Draw, seat: int = CHANCE) -> None:
        self.draws.append(draw)
        dealer = dealing.draw_dealer(draw, self.rules.low_deals)
        if dealer >= 0:
            self._set_dealer(dealer)
            self.phase, self.mover = CUT, self.elder

    def _on_deal(self, deal: Deal, seat: int = CHANCE) -> None:
        self._clear_deal()
        self.log_start = len(self.history) - 1
        self.deal_no += 1
        self.partie_deal += 1
        self.hands = [int(deal.hands[0]), int(deal.hands[1])]
        self.dealt = list(self.hands)
        self.talon = tuple(deal.talon)
        self.phase, self.mover = EXCHANGE_ELDER, self.elder

    def start_declarations(self) -> None:
        """After the exchange: read both hands once, and open the dialogue."""
        self.after_exchange = list(self.hands)
        self.hold = [analyse(self.hands[0]), analyse(self.hands[1])]
        self.phase = DIALOGUE
        next_step(self)

    def hand_score(self) -> HandScore:
        """The deal's score so far, from its ordered scoring events."""
        ten = self.rules.ten_rule
        tricks = [trick_points(ten, *t) for t in self.tricks]
        lead = (self.leader, lead_points(ten, self.lead_card)) if self.lead_card >= 0 else None
        return score_hand(self.elder, declared_events(self), tricks, lead, self.complete)

    def end_deal(self) -> None:
        """Score the deal, settle the partie if it is over, else pass the deal."""
        score = self.hand_score()
        fmt = self.rules.format
        mult = fmt.multiplier(self.partie_deal)
        points = (score.totals[0] * mult, score.totals[1] * mult)
        scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        won = [0, 0]
        for t in self.tricks:
            won[t[3]] += 1
        self.results.append(DealResult(self.deal_no, points, scores, "deal", self.dealer, self.elder,
                                       score.categories, mult, score.pic, score.repic, (won[0], won[1])))
        self.scores = list(scores)
        verdict = after_deal(fmt, self.partie_deal, scores, (self.manches[0], self.manches[1]))
        if verdict.winner >= 0:
            loser = 1 if verdict.winner == 0 else 0
            self.settlement[verdict.winner] += verdict.gains
            self.settlement[loser] -= verdict.gains
            if verdict.manche:
                self.manches[verdict.winner] += 1
        if verdict.over:
            winners = (verdict.winner,) if verdict.winner >= 0 else ()
            reason = EndReason.DEALS if fmt.is_rubicon else EndReason.TARGET
            self.ended = Outcome(scores, winners, reason)
            self.phase, self.mover = OVER, TERMINAL
            return
        if verdict.manche:
            self.results.append(DealResult(self.deal_no, (-scores[0], -scores[1]), (0, 0), "manche", self.dealer,
                                           self.elder, ((0,) * 9, (0,) * 9), 1, -1, -1, (won[0], won[1])))
            self.scores = [0, 0]
        self._clear_deal()  # the deal is on the score sheet; the next one starts from nothing
        self._set_dealer(self.elder)
        self.phase, self.mover = CUT, self.elder

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Draw | Deal:
        if self.phase == DRAW:
            return dealing.sample_draw(rng)
        if self.phase != DEAL:
            raise refuse("not_chance", action="deal")
        return dealing.sample_deal(self.dealer, self.rules.packet, self.cut_position, rng, fixed)

    # ------------------------------------------------------------------ copies

    def clone(self) -> PiquetState:
        copy = object.__new__(PiquetState)
        for name in PiquetState.__slots__:
            setattr(copy, name, getattr(self, name))
        for name in _LISTS:
            setattr(copy, name, list(getattr(self, name)))
        copy.setup = None if self.setup is None else dict(self.setup)
        copy.log_cache = dict(self.log_cache)
        return copy

    def _become(self, other: State) -> None:
        assert isinstance(other, PiquetState)
        fresh = other.clone()
        for name in PiquetState.__slots__:
            setattr(self, name, getattr(fresh, name))

    # ------------------------------------------------------------------ what is known

    def outcome(self) -> Outcome | None:
        return self.ended

    def observation(self, seat: int | None) -> PiquetObservation:
        from atout.games.piquet.observation import observe

        return observe(self, seat)

    def visible_action(self, action: Any, actor: int, viewer: int | None) -> Any:
        if type(action) is Discard and actor != viewer:
            return HIDDEN_DISCARD
        return super().visible_action(action, actor, viewer)

    def zones(self) -> dict[str, CardSet]:
        if self.phase in (DRAW, CUT, DEAL):
            return {"pack": self.game.pack}
        played = 0
        for _, lead, follow, _ in self.tricks:
            played |= 1 << lead | 1 << follow
        if self.lead_card >= 0:
            played |= 1 << self.lead_card
        talon = 0
        for c in self.talon[self.tpos:]:
            talon |= 1 << c
        return {"hand 0": CardSet(self.hands[0]), "hand 1": CardSet(self.hands[1]), "talon": CardSet(talon),
                "discard 0": CardSet(self.discards[0]), "discard 1": CardSet(self.discards[1]),
                "played": CardSet(played)}

    # ------------------------------------------------------------------ notation

    def action_text(self, action: Any, lang: str = "en") -> str:
        return action_text(action, lang)

    def parse_action(self, text: str, lang: str | None = None) -> Any:
        if text.strip().split(" ", 1)[0] in ("draw", "deal"):
            return parse_chance(text)
        return parse_action(text, lang)


def _pair(text: str) -> tuple[int, int] | None:
    parts = text.split("-")
    if len(parts) != 2:
        return None
    a, b = parse_int(parts[0]), parse_int(parts[1])
    if a is None or b is None or a < 0 or b < 0:
        return None
    return a, b


def _suit_bits(suit: int) -> int:
    return SUIT_BITS[suit] if 0 <= suit < 4 else 0


_APPLY: dict[type, Callable[[PiquetState, Any, int], None]] = {
    Card: apply_card, Discard: apply_exchange, Take: apply_exchange, CarteBlanche: apply_exchange,
    Declare: apply_dialogue, Tell: apply_dialogue, Answer: apply_dialogue, Also: apply_dialogue,
    Deal: PiquetState._on_deal, Draw: PiquetState._on_draw, Cut: PiquetState._on_cut, AskShow: PiquetState._on_ask,
    Show: PiquetState._on_show, NameSuit: lambda st, action, seat: apply_name(st, action),
}
"""What applying each type of action does (after its check)."""

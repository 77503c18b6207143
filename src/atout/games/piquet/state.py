"""A Piquet partie in progress: the draw for the first deal, then deal after deal — the elder's
cut, the deal, the exchange, the declaration dialogue, the twelve tricks — until the partie's
format says it is over (docs/rules/piquet.md).

The state is slotted and its position holds immutable values only (ints, tuples, frozen records):
hands and discards are bitmasks, the tricks plain tuples, each replaced on change; the base
:class:`~atout.game.State` owns the history, the log, undo and clone. ``moves()`` during the play
reads precomputed tuples. The log shows, besides the actions, the cards taken and looked at (to
their seat; the other is told how many), the cards exposed, a carte blanche shown, the
declarations scored, each trick won and each deal scored (:mod:`atout.games.piquet.events`).

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

from atout import card_play
from atout.actions import Action, ActionKind, is_listed
from atout.cards import Card, CardSet
from atout.chance import ChanceAction, Deal, Draw, parse_chance
from atout.events import Scored, TrickWon
from atout.fields import setter
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, parse_int
from atout.games.piquet import deal as dealing
from atout.games.piquet.actions import (
    DISCARDS,
    TAKE_MODES,
    TAKES,
    Also,
    Answer,
    AskShow,
    CarteBlanche,
    Cut,
    Declare,
    Discard,
    NameSuit,
    PiquetAction,
    Show,
    Take,
    Tell,
)
from atout.games.piquet.calls import Call, calls_of
from atout.games.piquet.declarations import (
    COMPILED_DIALOGUE,
    apply_dialogue,
    ask_actions,
    check_dialogue,
    declared_events,
    dialogue_moves,
    may_ask,
    next_step,
    show_moves,
)
from atout.games.piquet.events import scoring_of
from atout.games.piquet.exchange import apply_exchange, check_exchange, exchange_moves, put
from atout.games.piquet.holdings import COURT_MASK, SUIT_BITS
from atout.games.piquet.notation import action_text, parse_action
from atout.games.piquet.partie import after_deal, marque_of
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
from atout.games.piquet.pic import HandScore
from atout.games.piquet.play import (
    apply_card,
    apply_name,
    check_card,
    deal_score,
    lead_points,
    may_name,
    play_moves,
    playable,
)
from atout.games.piquet.refusals import refuse
from atout.games.piquet.results import DealResult
from atout.games.piquet.vocabulary import POINT, SEQUENCES, SETS
from atout.history import NARROW_CODE, SEAT_CODE
from atout.refusals import seat_refusal

if TYPE_CHECKING:
    from atout.games.piquet.observation import PiquetObservation, PublicCache
    from atout.games.piquet.spec import PiquetGame

_TRICK_WON = tuple(TrickWon(n) for n in range(13))
NO_CARDS = CardSet(0)

DEAL_DEFAULTS: dict[str, object] = {
    "hands": (0, 0), "dealt": (0, 0), "talon": (), "tpos": 0, "discards": (0, 0), "ndisc": (0, 0), "cb_seat": -1,
    "cb_count": 0, "cb_cards": NO_CARDS, "y_take": None, "elder_seen": 0, "left": 0, "left_mode": "",
    "named_suit": -1, "elder_saw_left": False, "stmt": (-1, -1, -1), "told": (-1, -1, -1), "answers": ((), (), ()),
    "ydecl": (-1, -1, -1), "extras": (None, None, None), "step": NO_STEP, "said": 0, "step_cls": -1,
    "complete": False, "after_exchange": (0, 0), "calls": (), "lead_card": -1, "leader": -1, "tricks": (),
    "pending": -1, "resume": -1, "asked": (False, False), "shown": (NO_CARDS, NO_CARDS),
}
"""The fields of the deal in progress, as they are before a deal."""


class PiquetState(State):
    """A partie of Piquet: two seats, ``dealer`` and ``elder`` (the non-dealer) change every deal."""

    position = (
        "phase", "to_move", "ended", "results", "scores", "manches", "settlement", "deal_no", "partie_deal",
        "dealer", "elder", "younger", "cut_position", "draws", "hand_start", *DEAL_DEFAULTS,
    )
    __slots__ = (*position, "rules", "listed_at", "listed", "public_cache")

    game: PiquetGame
    phase: int
    ended: Outcome | None
    results: tuple[DealResult, ...]
    scores: tuple[int, int]
    manches: tuple[int, int]
    settlement: tuple[int, int]
    deal_no: int
    partie_deal: int
    dealer: int
    elder: int
    younger: int
    cut_position: int
    draws: tuple[Draw, ...]
    hand_start: int                          # the log's number of the deal's first entry
    hands: tuple[int, int]                   # bitmasks
    dealt: tuple[int, int]                   # the hands as dealt
    talon: tuple[Card, ...]
    tpos: int                                # talon cards taken
    discards: tuple[int, int]
    ndisc: tuple[int, int]
    cb_seat: int
    cb_count: int
    cb_cards: CardSet
    y_take: str | None
    elder_seen: int
    left: int
    left_mode: str
    named_suit: int
    elder_saw_left: bool
    stmt: tuple[int, int, int]
    told: tuple[int, int, int]
    answers: tuple[tuple[str, ...], ...]
    ydecl: tuple[int, int, int]
    extras: tuple[tuple[int, ...] | None, ...]
    step: int
    said: int
    step_cls: int
    complete: bool
    after_exchange: tuple[int, int]
    calls: tuple[tuple[tuple[Call, ...], ...], ...]   # per seat, per class: what it may call
    lead_card: int
    leader: int
    tricks: tuple[tuple[int, int, int, int], ...]
    pending: int
    resume: int
    asked: tuple[bool, bool]
    shown: tuple[CardSet, CardSet]
    listed_at: int                           # the version when ``listed`` (the moves) was made
    listed: tuple[Action, ...]
    public_cache: PublicCache | None

    def __init__(self, game: PiquetGame):
        super().__init__(game)
        self.rules = game.rules
        self.results = ()
        self.scores = (0, 0)
        self.manches = (0, 0)
        self.settlement = (0, 0)
        self.ended = None
        self.deal_no = 0
        self.partie_deal = 0
        self.dealer = self.elder = self.younger = -1
        self.phase = DRAW
        self.to_move = CHANCE
        self.cut_position = 0
        self.draws = ()
        self.hand_start = 0
        self.listed_at = -1  # moves() of the position of that version: self.listed
        self.listed = ()
        self.public_cache = None
        self._clear_deal()

    def _clear_deal(self) -> None:
        _RESET_DEAL(self, _DEAL_VALUES)

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
        state.scores, state.manches = scores, manches
        state.partie_deal = state.deal_no = hand - 1
        state._set_dealer(dealer)
        state.phase, state.to_move = DEAL, CHANCE
        state.apply(deal, CHANCE)
        return state

    def _set_dealer(self, dealer: int) -> None:
        self.dealer = dealer
        self.younger = dealer
        self.elder = 1 if dealer == 0 else 0

    # ------------------------------------------------------------------ who acts

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def set_step(self, step: int, cls: int, seat: int) -> None:
        self.step, self.step_cls, self.to_move = step, cls, seat

    def moves(self) -> tuple[Action, ...]:
        seat = self.to_move
        if seat < 0:
            return ()
        version = self.version
        if self.listed_at == version:
            return self.listed
        phase = self.phase
        found: tuple[Action, ...]
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

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        seat = self.to_move if seat is None else seat
        if self.ended is not None or seat not in (0, 1):
            return ()
        talk = ask_actions(self, seat)
        if seat != self.to_move:
            return talk
        return self.moves() + talk

    # ------------------------------------------------------------------ checks and changes

    def _check(self, action: Action, seat: int) -> None:
        """Refuse, with the reason, anything :meth:`legal_actions` does not list for ``seat``."""
        if type(action) is Card and self.phase == PLAY and seat == self.to_move and self.pending < 0:
            if playable(self, seat) >> action & 1:
                return
            check_card(self, action, seat)
        if seat == self.to_move and self.listed_at == self.version and is_listed(action, self.listed):
            return  # listed for the seat to move at this very position: the same rule
        if self.ended is not None:
            raise refuse("over")
        if isinstance(action, (Draw, Deal)):
            wanted = Draw if self.phase == DRAW else Deal if self.phase == DEAL else None
            if seat != CHANCE or self.to_move != CHANCE or type(action) is not wanted:
                raise refuse("not_chance", action=action)
            if isinstance(action, Draw):
                dealing.check_draw(action)
            elif not self._sampled_here(action):   # the deal sample_chance just made is right by construction
                dealing.check_deal(action, self.dealer, self.rules.packet)
            return
        if seat not in (0, 1):
            raise seat_refusal(seat)
        if getattr(action, "kind", None) not in (ActionKind.MOVE, ActionKind.TALK):
            raise refuse("not_now", action=action, phase=self.phase_name)
        if self.to_move == CHANCE:
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
        if seat != self.to_move:
            raise refuse("not_your_turn", seat=self.to_move)
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

    def _change(self, action: Action, seat: int) -> None:
        if type(action) is Card:
            apply_card(self, action, seat)
        else:
            _APPLY[type(action)](self, action, seat)

    def _on_cut(self, action: Cut, seat: int) -> None:
        self.cut_position = action.position
        self.phase, self.to_move = DEAL, CHANCE

    def _on_ask(self, action: AskShow, seat: int) -> None:
        holder = self.elder if seat == self.younger else self.younger
        self.asked = put(self.asked, holder, True)
        self.pending, self.resume, self.to_move = holder, self.to_move, holder

    def _on_show(self, action: Show, seat: int) -> None:
        self.shown = put(self.shown, seat, action.cards)
        self.pending, self.to_move = -1, self.resume

    def _on_draw(self, draw: Draw, seat: int = CHANCE) -> None:
        self.draws = (*self.draws, draw)
        dealer = dealing.draw_dealer(draw, self.rules.low_deals)
        if dealer >= 0:
            self._set_dealer(dealer)
            self._begin_deal()

    def _begin_deal(self) -> None:
        """The elder is to cut: the deal begins (in the log, from the next entry)."""
        self.phase, self.to_move = CUT, self.elder
        self.hand_start = self.log_length()

    def _on_deal(self, deal: Deal, seat: int = CHANCE) -> None:
        self._clear_deal()
        self.deal_no += 1
        self.partie_deal += 1
        self.hands = self.dealt = (int(deal.hands[0]), int(deal.hands[1]))
        self.talon = tuple(deal.talon)
        self.phase, self.to_move = EXCHANGE_ELDER, self.elder

    def start_declarations(self) -> None:
        """After the exchange: read what each hand may call once, and open the dialogue."""
        self.after_exchange = self.hands
        partial = self.rules.partial
        first, second = self.hands
        self.calls = ((calls_of(first, POINT, partial), calls_of(first, SEQUENCES, partial), calls_of(first, SETS, partial)),
                      (calls_of(second, POINT, partial), calls_of(second, SEQUENCES, partial),
                       calls_of(second, SETS, partial)))
        self.phase = DIALOGUE
        next_step(self)

    def announce_declarations(self) -> None:
        """The dialogue is complete: each declaration scored, in the order of precedence."""
        for category, seat, points in declared_events(self):
            self.announce(seat, scoring_of(seat, category, points))

    def hand_score(self) -> HandScore:
        """The deal's score so far, from its ordered scoring events."""
        ten = self.rules.ten_rule
        lead = (self.leader, lead_points(ten, self.lead_card)) if self.lead_card >= 0 else None
        return deal_score(self.elder, declared_events(self), self.tricks, ten, lead, self.complete)

    def end_trick(self, trick: tuple[int, int, int, int]) -> None:
        """A trick is complete: the log says who won it; after the twelfth, the deal is scored."""
        self.tricks = tricks = (*self.tricks, trick)
        winner = trick[3]
        self.announce(winner, _TRICK_WON[len(tricks)])
        self.lead_card = -1
        self.named_suit = -1
        self.leader = self.to_move = winner
        if len(tricks) == 12:
            self.end_deal()

    def end_deal(self) -> None:
        """Score the deal, settle the partie if it is over, else pass the deal."""
        score = self.hand_score()
        fmt = self.rules.format
        mult = fmt.multiplier(self.partie_deal)
        points = (score.totals[0] * mult, score.totals[1] * mult)
        scores = (self.scores[0] + points[0], self.scores[1] + points[1])
        second = sum([t[3] for t in self.tricks])   # the tricks won by seat 1
        won = (len(self.tricks) - second, second)
        result = DealResult(self.deal_no, points, scores, "deal", self.dealer, self.elder, score.categories, mult,
                            score.pic, score.repic, won)
        self.results = (*self.results, result)
        self.announce(-1, Scored(result))
        self.scores = scores
        verdict = after_deal(fmt, self.partie_deal, scores, self.manches)
        if verdict.winner >= 0:
            loser = 1 if verdict.winner == 0 else 0
            settlement = put(self.settlement, verdict.winner, self.settlement[verdict.winner] + verdict.gains)
            self.settlement = put(settlement, loser, settlement[loser] - verdict.gains)
            if verdict.manche:
                self.manches = put(self.manches, verdict.winner, self.manches[verdict.winner] + 1)
        if verdict.over:
            winners = (verdict.winner,) if verdict.winner >= 0 else ()
            reason = EndReason.DEALS if fmt.is_rubicon else EndReason.TARGET
            gains = self.settlement[verdict.winner] if verdict.winner >= 0 else 0
            self.ended = Outcome(scores, winners, reason, marque_of(fmt, scores, verdict.winner, gains))
            self.phase, self.to_move = OVER, TERMINAL
            return
        if verdict.manche:
            manche = DealResult(self.deal_no, (-scores[0], -scores[1]), (0, 0), "manche", self.dealer, self.elder,
                                ((0,) * 9, (0,) * 9), 1, -1, -1, won)
            self.results = (*self.results, manche)
            self.announce(-1, Scored(manche))
            self.scores = (0, 0)
        self._clear_deal()  # the deal is on the score sheet; the next one starts from nothing
        self._set_dealer(self.elder)
        self._begin_deal()

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Draw | Deal:
        if self.phase == DRAW:
            return dealing.sample_draw(rng)
        if self.phase != DEAL:
            raise refuse("not_chance", action="deal")
        return self._made_here(dealing.sample_deal(self.dealer, self.rules.packet, self.cut_position, rng, fixed))

    # ------------------------------------------------------------------ what is known

    def outcome(self) -> Outcome | None:
        return self.ended

    def observation(self, seat: int | None) -> PiquetObservation:
        found = _OBSERVE[0]
        if found is None:   # imported once (the observation module imports this one)
            from atout.games.piquet.observation import observe
            found = _OBSERVE[0] = observe
        return found(self, seat)

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

    def action_text(self, action: Action, lang: str = "en") -> str:
        return action_text(action, lang)

    def parse_action(self, text: str, lang: str | None = None) -> PiquetAction | ChanceAction:
        if text.strip().split(" ", 1)[0] in ("draw", "deal"):
            return parse_chance(text)
        return parse_action(text, lang)

    def __repr__(self) -> str:
        return (f"<PiquetState deal {self.deal_no} {self.phase_name} scores {self.scores[0]}-{self.scores[1]} "
                f"to_move {self.to_move}>")


_DEAL_FIELDS = tuple(DEAL_DEFAULTS)
_OBSERVE: list[Callable[[PiquetState, int | None], PiquetObservation] | None] = [None]
_RESET_DEAL = setter(_DEAL_FIELDS)
_DEAL_VALUES = tuple(DEAL_DEFAULTS.values())


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


_APPLY: dict[type, Callable[[PiquetState, Any, int], None]] = {  # Any: each takes the type of its key
    Card: apply_card, Discard: apply_exchange, Take: apply_exchange, CarteBlanche: apply_exchange,
    Declare: apply_dialogue, Tell: apply_dialogue, Answer: apply_dialogue, Also: apply_dialogue,
    Deal: PiquetState._on_deal, Draw: PiquetState._on_draw, Cut: PiquetState._on_cut, AskShow: PiquetState._on_ask,
    Show: PiquetState._on_show, NameSuit: lambda st, action, seat: apply_name(st, action),
}
"""What applying each type of action does (after its check)."""

_DISCARD_OF = tuple(DISCARDS.get(c) for c in range(52))
card_play.install(PiquetState, "piquet", (PLAY, _TRICK_WON, EXCHANGE_ELDER, EXCHANGE_YOUNGER, Discard, NARROW_CODE, SEAT_CODE,
                                          COMPILED_DIALOGUE),
                  (PLAY, EXCHANGE_ELDER, EXCHANGE_YOUNGER, _DISCARD_OF, tuple(TAKES[m] for m in TAKE_MODES), COMPILED_DIALOGUE,
                   COURT_MASK))
"""A card played when the hand plays on (not the first lead, not the twelfth trick's last card), a
discard of the exchange once a card is put aside (no carte blanche), the list of the exchange's moves (no carte
blanche shown or to show), and a move of the dialogue after
which it goes on: listed and played in compiled calls (:mod:`atout.card_play`)."""

"""The state of a Sizette or Quadrette partie: the phases as a small state machine that delegates
card play to :mod:`~atout.games.sizette.play`, talk to :mod:`~atout.games.sizette.windows`,
scoring to :mod:`~atout.games.sizette.scoring`, revokes and penalties to
:mod:`~atout.games.sizette.table_law`, chance to :mod:`~atout.games.sizette.deal`.

Phases (:mod:`~atout.games.sizette.phases`): DRAW (chance) → [CHOOSE_DEALER] → CAPTAINS → for each
hand: CUT (window C0) → DEAL (chance) → PLAY (windows C1, C2, C3) → [VOLE] → scored → next hand,
until a side reaches the target. Refused actions raise and change nothing.

The base :class:`~atout.game.State` applies an action (:meth:`_check`, then :meth:`_change`), keeps
the history and the log, takes actions back and clones; every field of :attr:`position` holds an
immutable value, replaced on change. The log shows, besides the actions, a ``trick`` event after
each trick, a ``scored`` event for each change of the score sheet, and the table's own events of
the talk (``nocard``, ``claim_rejected``).

>>> import random
>>> from atout.games import make_game
>>> state, rng = make_game("sizette").new_state(), random.Random(3)
>>> while state.outcome() is None:
...     if state.to_move == CHANCE:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.moves()))
>>> max(state.scores) >= 5, state.scores == tuple(map(sum, zip(*(r.points for r in state.results))))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from atout import card_play
from atout.actions import Action
from atout.cards import SUIT_INDEX, Card, CardSet, Suit
from atout.chance import Deal, Draw
from atout.compiled import speedups
from atout.events import Scored
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, slow_setter
from atout.games.sizette import deal as dealing
from atout.games.sizette import scoring, table_law, turns, windows
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
from atout.games.sizette.events import (
    ENTRIES_BY_ID,
    NO_CARD,
    HandResult,
    PlayedTricks,
    TalkEntry,
    TrickRecord,
    talk_entry,
)
from atout.games.sizette.follow import follow_rule
from atout.games.sizette.observation import SizetteObservation, compiled_observe
from atout.games.sizette.phases import (
    C1,
    C2,
    C3,
    CAPTAINS,
    CARD_DUE,
    CHOOSE_DEALER,
    CUT,
    DEAL,
    DRAW,
    NO_WINDOW,
    OTHER,
    OVER,
    PHASE_NAMES,
    PLAY,
    VOLE,
    WINDOW_NAMES,
)
from atout.games.sizette.play import TRICK_WON, check_card, play_card
from atout.games.sizette.refusals import refuse
from atout.games.sizette.rules import HAND_FIELDS, SLOW_HAND
from atout.games.sizette.setup import read_setup
from atout.games.sizette.spec import SizetteGame
from atout.games.sizette.talk import CommandSpec, Question
from atout.history import NARROW_CODE, SEAT_CODE, ZONED
from atout.tricks import FOLLOW_SUIT

__all__ = ["HandResult", "SizetteState", "TalkEntry", "TrickRecord"]

_SUITS = tuple(Suit)
_new_tuple = tuple.__new__


class SizetteSlow(NamedTuple):
    """The fields of a Sizette state that change a few times a hand at most (see
    :attr:`~atout.game.State.slow_record`): the partie's, then the hand's (:data:`SLOW_HAND`)."""

    hand_no: int
    scores: tuple[int, int]
    results: tuple[HandResult, ...]
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    drawers: tuple[int, ...]
    high_drawer: int
    winner: int | None
    end_reason: str
    captain_changes: tuple[int, int]
    hand_start: int                       # the log's number of the hand's first entry
    talon: tuple[Card, ...]               # Quadrette: top first
    turned_bit: int
    talon_turned: int                     # the Quadrette turned card's bit (it lies on the talon)
    cut_position: int
    captain_queue: tuple[int, ...]        # sides still to name a captain (phase captains)
    first_to_win: int | None
    revokes: tuple[tuple[int, int, Card], ...]  # (seat, trick, card)
    offsuit: int                          # bit per side: has played off the suit led this hand
    revoke_claims: tuple[int, ...]        # per seat: cards played when it last claimed a revoke
    disputed: tuple[tuple[int, Penalty, int], ...]       # claims disputed, settled when the hand ends
    claimed: frozenset[tuple[str, int | None, int]]       # (fault, offender, trick) claimed this hand


class SizetteState(State):
    """A Sizette or Quadrette partie in progress (see the module doc for the phases)."""

    position = (
        # the partie (and SizetteSlow)
        "phase", "mode", "to_move", "dealer", "captains", "_outcome",
        # the hand in progress (Rules.fresh_hand)
        "turned", "trump", "keys", "leader", "player", "led", "trick_no", "played", "tricks_won", "done_tricks",
        "vole_team", "window", "window_team", "pending", "command", "failed_commands", "talk",
        "remarks", "claims", "hands", "trick",
    )
    slow_record = SizetteSlow
    observed_slow = itemgetter(*map(SizetteSlow._fields.index, ("hand_no", "scores", "hand_start", "draws", "results")))
    """The slow fields an observation reads (hand_no, scores, hand_start, draws, results), read at once
    from the slow record."""
    __slots__ = (
        # the rules (never change during the partie)
        "rules", "n", "side_of", "strength", "table_law", "follow_rule",
        *position,
        # caches: the moves last listed (turns.moves, turns.legal_actions) keyed on the version,
        # the commands last listed (keyed on the cards they are made of)
        "command_list", "_mkey", "_mseat", "_cards", "_moves", "_mask", "_ckey", "_lkey",
        "_legal",
    )

    game: SizetteGame
    phase: int
    mode: int
    dealer: int
    captains: tuple[int, int]
    _outcome: Outcome | None
    # the hand in progress (reset by _reset_hand before each deal)
    hands: tuple[int, ...]                # bitmask per seat
    turned: Card | None
    trump: int | None
    keys: tuple[tuple[int, ...], ...]     # trick keys by suit led, for this trump
    leader: int
    player: int
    trick: tuple[Card, ...]
    led: int | None
    trick_no: int                         # tricks completed
    played: int                           # bitmask of the cards played this hand
    tricks_won: tuple[int, int]
    done_tricks: tuple[TrickRecord, ...]
    vole_team: int | None
    window: int
    window_team: int
    pending: tuple[int, int, Question] | None  # (asker, target, question)
    command: CommandSpec | None           # the captain's command in force
    failed_commands: int
    talk: tuple[TalkEntry, ...]           # the hand's talk and table events
    remarks: tuple[int, ...]              # free remarks per seat in the open window
    claims: tuple[tuple[int, Penalty, int] | None, ...]   # the open claim against each side
    if TYPE_CHECKING:   # the slow fields, read and written as attributes (SizetteSlow)
        hand_no: int
        scores: tuple[int, int]
        results: tuple[HandResult, ...]
        draws: tuple[tuple[tuple[int, Card], ...], ...]
        drawers: tuple[int, ...]
        high_drawer: int
        winner: int | None
        end_reason: str
        captain_changes: tuple[int, int]
        hand_start: int
        talon: tuple[Card, ...]
        turned_bit: int
        talon_turned: int
        cut_position: int
        captain_queue: tuple[int, ...]
        first_to_win: int | None
        revokes: tuple[tuple[int, int, Card], ...]
        offsuit: int
        revoke_claims: tuple[int, ...]
        disputed: tuple[tuple[int, Penalty, int], ...]
        claimed: frozenset[tuple[str, int | None, int]]
    command_list: tuple[int, tuple[Command, ...]]
    _mkey: int                            # the version when the moves were listed (-1: none)
    _mseat: int
    _cards: tuple[Card, ...]              # the card moves listed at version _ckey
    _moves: tuple[SizetteAction, ...]
    _mask: int
    _ckey: int
    _lkey: int
    _legal: tuple[SizetteAction, ...]

    def __init__(self, game: SizetteGame):
        super().__init__(game)
        rules = game.rules
        self.rules = rules
        self.n = rules.n
        self.side_of = rules.side_of
        self.strength = rules.strength
        self.table_law = rules.table_law
        self.follow_rule = follow_rule(rules.table_law)
        self.phase = DRAW
        self.mode = OTHER
        self.to_move = CHANCE
        self.dealer = -1
        self.captains = (-1, -1)
        self._outcome = None
        self._slow = _new_tuple(SizetteSlow, (0, (0, 0), (), (), tuple(range(rules.n)), -1, None, "", (0, 0), 0,
                                              *rules.fresh_slow_values))   # SizetteSlow's fields, in order
        rules.reset_hand(self, rules.fresh_values)
        self._mkey = -1
        self._mseat = -1
        self._cards = ()
        self._moves = ()
        self._mask = 0
        self._ckey = -1
        self._lkey = -1
        self._legal = ()
        self.command_list = (-1, ())   # windows.commands' last list

    @classmethod
    def from_deal(cls, game: SizetteGame, deal: Action, setup: Mapping[str, str]) -> SizetteState:
        """The state at the start of play of one hand (see :meth:`SizetteGame.state_from_deal`): ``deal``
        is checked as the table's chance step (anything but a deal of this hand is refused)."""
        st = cls.before_deal(game, setup)
        st.apply(deal, CHANCE)
        return st

    @classmethod
    def before_deal(cls, game: SizetteGame, setup: Mapping[str, str]) -> SizetteState:
        """The state of :meth:`from_deal` just before its deal."""
        st = cls(game)
        read_setup(st, setup)
        st.phase = DEAL
        st._turn()
        return st

    def _reset_hand(self) -> None:
        """Every per-hand field back to its value before a deal (the immutable ones from one shared dict)."""
        rules = self.rules
        rules.reset_hand(self, rules.fresh_values)
        _SET_SLOW_HAND(self, rules.fresh_slow_values)

    # ------------------------------------------------------------------ queries

    def default_captain(self, side: int) -> int:
        """The default captains (decisions.md#quadrette-captains): the first hand's partner (two seats on) for the leading side, the dealer for the other."""
        first = (self.dealer + 1) % self.n
        return (first + 2) % self.n if self.side_of[first] == side else self.dealer

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % self.n

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def window_name(self) -> str | None:
        return WINDOW_NAMES[self.window]

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_terminal(self) -> bool:
        return self.phase == OVER

    moves = turns.moves
    legal_actions = turns.legal_actions

    # ------------------------------------------------------------------ check and change

    def _check(self, action: Action, seat: int) -> None:
        """Refuse ``action`` unless it is listed (cards: :func:`~atout.games.sizette.play.check_card`,
        the hot path; others: :func:`~atout.games.sizette.turns.check_other`)."""
        if type(action) is Card:
            check_card(self, action, seat)
        else:
            turns.check_other(self, action, seat)

    def _change(self, action: Action, seat: int) -> None:
        if type(action) is Card:
            play_card(self, action, seat)
        else:
            turns.HANDLERS[type(action)](self, action, seat)
            self._turn()

    # ------------------------------------------------------------------ transitions

    def _turn(self) -> None:
        """After a transition: is a card due (the fast path), and whose turn it is (:attr:`to_move`)."""
        phase = self.phase
        if phase == PLAY:   # the usual case first
            if self.window == NO_WINDOW:
                self.mode = CARD_DUE
                self.to_move = self.player
                return
            self.mode = OTHER
            pending = self.pending
            self.to_move = self.captains[self.window_team] if pending is None else pending[1]
            return
        self.mode = OTHER
        if phase == DEAL or phase == DRAW:
            self.to_move = CHANCE
        elif phase == CUT:
            self.to_move = (self.dealer - 1) % self.n
        elif phase == CAPTAINS:
            side = self.captain_queue[0]
            current = self.captains[side]
            self.to_move = current if current >= 0 else self.default_captain(side)
        elif phase == VOLE:
            self.to_move = self.captains[self.first_to_win]  # type: ignore[index]
        elif phase == CHOOSE_DEALER:
            self.to_move = self.high_drawer
        else:
            self.to_move = TERMINAL

    def _on_draw(self, action: Draw, seat: int) -> None:
        self.draws = self.draws + (action.cards,)
        strength = self.rules.draw_strength
        best = max(strength[c] for _, c in action.cards)
        top = tuple(s for s, c in action.cards if strength[c] == best)
        if len(top) > 1:
            self.drawers = top              # the tied draw again (decisions.md#draw-ties)
            return
        self.high_drawer = top[0]
        if self.rules.dealer_choice == "left_neighbour":
            self.dealer = (self.high_drawer - 1) % self.n
            self._begin_hand()
        else:
            self.phase = CHOOSE_DEALER

    def _on_choose_dealer(self, action: ChooseDealer, seat: int) -> None:
        self.dealer = action.seat
        self._begin_hand()

    def _on_captain(self, action: Captain, seat: int) -> None:
        windows.on_captain(self, action, seat)
        self.captain_queue = self.captain_queue[1:]
        if not self.captain_queue:
            self.phase = CUT

    def _on_cut(self, action: Cut, seat: int) -> None:
        self.cut_position = action.position
        self.phase = DEAL

    def _on_deal(self, action: Deal, seat: int) -> None:
        self.hands = tuple(map(int, action.hands))
        turned = self.turned = action.turned[0]
        bit = 1 << turned
        _SET_DEALT(self, (action.talon, bit, bit if self.rules.talon_size else 0))
        self.trump = trump = SUIT_INDEX[turned]
        self.keys = self.rules.keys_by_trump[trump]
        self.leader = self.player = (self.dealer + 1) % self.n
        self.phase = PLAY
        windows.open_lead_window(self, C1)

    def _on_vole(self, action: Vole, seat: int) -> None:
        side = self.first_to_win
        assert side is not None
        if action.go_on:
            self.vole_team = side
            self.phase = PLAY
            windows.open_lead_window(self, C3)
        else:
            self.end_hand(*scoring.vole_stopped(self.rules, side))

    def _on_abandon(self, action: Abandon, seat: int) -> None:
        self._end_partie(1 - self.side_of[seat], EndReason.ABANDON)

    def _begin_hand(self) -> None:
        self._reset_hand()
        _SET_HAND_NO(self, (self.hand_no + 1, (0, 0), self.log_length()))
        if self.captains[0] < 0:
            first_side = self.side_of[(self.dealer + 1) % self.n]
            self.captain_queue = (first_side, 1 - first_side)
            self.phase = CAPTAINS
        else:
            self.phase = CUT
        self._turn()

    def redeal(self) -> None:
        """The same dealer shuffles and deals again (penalties P1–P5): back to the cut."""
        self._reset_hand()
        self.captain_changes = (0, 0)
        self.phase = CUT
        self._turn()
        self.hand_start = self.log_length()

    def end_hand(self, points: scoring.Points, reason: str) -> None:
        """The hand is over: settle the claims still waiting, and score it (or, in table-law mode,
        charge its revokes instead)."""
        if self.table_law:
            table_law.settle_claims(self)
        if self.revokes:
            table_law.charge_revokes(self)
            return
        self.add_result((self.scores[0] + points[0], self.scores[1] + points[1]), reason, moved=points)
        self.next_hand_or_end()

    def add_result(self, scores: scoring.Points, reason: str, penalty: str = "",
                   moved: scoring.Points | None = None) -> None:
        """Move the scores to ``scores``, with the result entry that says why (``moved``: the
        points it moves, when the caller knows them)."""
        trump = _SUITS[self.trump] if self.trump is not None else None
        scores = scoring.pair(*scores)
        plays = self.done_tricks
        if self.trick:   # play stopped mid-trick: the unfinished trick, its winner -1
            plays += (_new_tuple(TrickRecord, (self.leader, self.trick, -1)),)
        result = _new_tuple(HandResult, (
            self.hand_no, self.dealer, trump, self.tricks_won,
            scoring.moved(self.scores, scores) if moved is None else moved, reason,
            scores, self.turned, self.captains, PlayedTricks.of(plays), self.talk, penalty))
        _SET_SCORES(self, (self.results + (result,), scores))
        self.announce(-1, Scored(result))

    def next_hand_or_end(self) -> None:
        if not self.end_if_won():
            self.dealer = (self.dealer + 1) % self.n
            self._begin_hand()

    def end_if_won(self) -> bool:
        """End the partie if a side has reached the target (after a hand or a penalty)."""
        side = scoring.winner_of(self.scores, self.rules.target)
        if side is None:
            return False
        self._end_partie(side, EndReason.TARGET)
        return True

    def _end_partie(self, side: int, reason: EndReason) -> None:
        self.winner = side
        self.end_reason = reason.value
        self._outcome = Outcome(self.scores, (side,), reason)
        self.phase = OVER
        self.window = NO_WINDOW
        self.pending = None
        self.claims = (None, None)
        self.disputed = ()
        self.mode = OTHER
        self.to_move = TERMINAL

    # ------------------------------------------------------------------ chance

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None
                      ) -> Draw | Deal:
        """The draw for the first dealer, or the shuffle, cut and deal (keeping the pack's order)."""
        if self.phase == DRAW:
            return dealing.sample_draw(self.rules, self.drawers, rng)
        if self.phase != DEAL:
            raise refuse("no_chance_due")
        return self._made_here(dealing.sample_deal(self.rules, self.dealer, self.cut_position, rng, fixed))

    # ------------------------------------------------------------------ views

    def zones(self) -> dict[str, CardSet]:
        """Where every card is: each hand, the cards played this hand, the talon (Quadrette), and
        ``pack`` for the cards not in play (between hands, or thrown in when a hand stops)."""
        out = {f"hand {s}": CardSet(h) for s, h in enumerate(self.hands)}
        out["played"] = CardSet(self.played)
        talon = 0
        for c in self.talon:
            talon |= 1 << c
        out["talon"] = CardSet(talon)
        used = self.played | talon
        for h in self.hands:
            used |= h
        out["pack"] = CardSet(self.rules.pack & ~used)
        return out

    def observation(self, seat: int | None) -> SizetteObservation:
        return _observe(self, seat)

    def parse_action(self, text: str, lang: str | None = None) -> SizetteAction:
        """Read an action in either language (``lang=None``) or in ``lang``; ``trump`` in a
        command stands for this hand's trump suit."""
        from atout.games.sizette.notation import parse_action

        trump = Suit(self.trump) if self.trump is not None else None
        return parse_action(text, trump, lang)

    def action_text(self, action: Action, lang: str = "en") -> str:
        from atout.games.sizette.notation import action_text

        return action_text(action, lang)

    def __repr__(self) -> str:
        return (f"<SizetteState {self.game.name} hand {self.hand_no} {self.phase_name} "
                f"score {self.scores[0]}-{self.scores[1]} to_move {self.to_move}>")

    # compatibility names
    @property
    def winner_team(self) -> int | None:
        return self.winner


_SET_SLOW_HAND = slow_setter(SizetteState, SLOW_HAND)
_SET_DEALT = slow_setter(SizetteState, ("talon", "turned_bit", "talon_turned"))
_SET_HAND_NO = slow_setter(SizetteState, ("hand_no", "captain_changes", "hand_start"))
_SET_SCORES = slow_setter(SizetteState, ("results", "scores"))

turns.HANDLERS.update({
    Ask: windows.on_ask, Say: windows.on_say, Remark: windows.on_remark, Command: windows.on_command,
    Close: windows.on_close, Vole: SizetteState._on_vole, Captain: SizetteState._on_captain,
    NewCaptain: windows.on_captain, Answer: windows.on_say,
    Cut: SizetteState._on_cut, Deal: SizetteState._on_deal, Draw: SizetteState._on_draw,
    ChooseDealer: SizetteState._on_choose_dealer, Abandon: SizetteState._on_abandon,
    ClaimRevoke: table_law.on_claim_revoke, Penalty: table_law.on_penalty,
    Accept: table_law.on_answer, Dispute: table_law.on_answer,
})

_SLOW_PLACES = (*map(SizetteSlow._fields.index, ("hand_no", "scores", "results", "captain_changes", "hand_start",
                                                 "revokes", "talon", "turned_bit", "talon_turned", "first_to_win",
                                                 "cut_position", "winner", "end_reason", "disputed")),
                len(SizetteSlow._fields) - len(SLOW_HAND))
assert SizetteSlow._fields[_SLOW_PLACES[-1]:] == SLOW_HAND
_HAND_EDGES = () if speedups is None else (
    HandResult, PlayedTricks, Scored, _SUITS, scoring.PAIRS, scoring.POINTS, speedups.Slots(SizetteState, HAND_FIELDS),
    SizetteSlow, _SLOW_PLACES, CUT, (0, 0), "", Deal, DEAL, PLAY, C1, C2, ZONED, VOLE, scoring.VOLE_REASONS, Cut,
    Vole, Outcome, EndReason.TARGET.value, EndReason.TARGET, OVER, (None, None), Close)
"""What the compiled card play reads to apply the cut (as :meth:`SizetteState._on_cut` does) and the deal
:meth:`SizetteState.sample_chance` made (as :meth:`SizetteState._on_deal` does), to open the window C2 after the opening lead (:func:`windows.open_c2`),
to hand the vole's decision to a captain and to play it (:meth:`SizetteState._on_vole`), and to end a hand won in play (outright, or by the vole made or
failed), as :meth:`SizetteState.end_hand` and :meth:`SizetteState.next_hand_or_end` do, the partie won
included (:meth:`SizetteState._end_partie`) (``atout/_speedups.c``: ``HE_*``)."""
card_play.install(SizetteState, "parlante", (CARD_DUE, FOLLOW_SUIT, OTHER, NO_WINDOW, C3, TrickRecord, TRICK_WON,
                                             Command, NARROW_CODE, SEAT_CODE, talk_entry, ENTRIES_BY_ID, NO_CARD,
                                             _HAND_EDGES),
                  (CARD_DUE, FOLLOW_SUIT, OTHER, C3, C1, C2, windows.CLOSE_ONLY, SizetteSlow._fields.index("talon_turned"),
                   *windows.COMMANDS))
"""A card when a card is due or played straight from window C1 or C2 (but the trick's last card of a null hand),
the captain's command in windows C1 and C3 and his close of C2, the cut, the vole's decision and the deal made here:
listed and played in compiled calls (:mod:`atout.card_play`)."""

_observe = compiled_observe(SizetteState)
"""The observation of a seat (:meth:`SizetteState.observation`): pure, or compiled when built."""

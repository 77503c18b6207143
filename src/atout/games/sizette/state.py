"""The state of a Sizette or Quadrette partie: draw, captains, cut, deal, talk, play, vole, scoring.

A partie runs: DRAW (chance) → [CHOOSE_DEALER] → CAPTAINS (each team names its captain) → for
each hand: CUT (window C0: a team may change its captain) → DEAL (chance) → PLAY (with the
speech windows C1, C2, C3) → [VOLE] → scored → next hand, until a team reaches the target.
Illegal actions raise and change nothing.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("sizette").new_state()
>>> rng = random.Random(3)
>>> while not state.is_terminal():
...     if state.to_move == CHANCE:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.legal_actions()))
>>> max(state.scores) >= 5
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_, itemgetter
from typing import Any, NamedTuple

from atout.cards import CARDS, SUIT_MASK, Card, CardSet, Suit, cards_of
from atout.dealing import cut as cut_pack
from atout.dealing import cut_range, deal_by_packets, default_rng, shuffled
from atout.errors import IllegalActionError, InvalidActionError
from atout.game import CHANCE, TERMINAL, State
from atout.games.sizette import scoring
from atout.games.sizette.actions import (
    CLAIM_REVOKE,
    CLOSE,
    VOLE_GO_ON,
    VOLE_STOP,
    Abandon,
    Action,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Cut,
    Deal,
    Draw,
    Penalty,
    Remark,
    Say,
    Vole,
    parse_action,
)
from atout.games.sizette.spec import SizetteGame
from atout.games.sizette.talk import (
    FREE_CHOICE,
    QUESTION_KINDS,
    SELECTORS,
    CommandSpec,
    Question,
    answers,
    volunteer_statements,
)
from atout.tricks import fast_trick_winner, trick_keys
from atout.seats import next_seat, prev_seat


def team_of(seat: int) -> int:  # replaced by the game's Sides in the contract work
    return seat % 2


def team_seats(team: int, n: int) -> tuple[int, ...]:
    return tuple(range(team, n, 2))

DRAW, CHOOSE_DEALER, CAPTAINS, CUT, DEAL, PLAY, VOLE, OVER = range(8)
PHASE_NAMES = ("draw", "choose_dealer", "captains", "cut", "deal", "play", "vole", "over")
NO_WINDOW, C1, C2, C3 = 0, 1, 2, 3
WINDOW_NAMES = (None, "C1", "C2", "C3")

_LIST_CACHE: dict[int, tuple[Card, ...]] = {0: ()}  # one suit's cards, by mask
_S0, _S1, _S2, _S3 = SUIT_MASK
_SUITS = tuple(Suit)
_new_tuple = tuple.__new__  # builds a NamedTuple from a tuple without the Python-level __new__
_BIT = tuple(1 << i for i in range(52))
_CAPTAIN = [Captain(s) for s in range(10)]
_CHOOSE_DEALER = [ChooseDealer(s) for s in range(10)]
_CUT = [Cut(p) for p in range(100)]
_VOLE_CHOICES = (VOLE_GO_ON, VOLE_STOP)
_CLOSE_ONLY = (CLOSE,)
_COMMANDS_FREE = (Command(FREE_CHOICE),)
_COMMANDS_EXTENDED = _COMMANDS_FREE + tuple(Command(CommandSpec(sel, s)) for s in Suit for sel in SELECTORS)
_COMMAND_CARD = [Command(CommandSpec("card", card=c)) for c in CARDS]
_ASKS = [
    (tuple(Ask(mate, Question(kind, suit=s)) for kind in QUESTION_KINDS if kind != "hold" for s in Suit),
     [Ask(mate, Question("hold", card=c)) for c in CARDS])
    for mate in range(10)
]


_CARD_COMMANDS: dict[int, tuple[Command, ...]] = {}


def _card_commands(mask: int) -> tuple[Command, ...]:
    """Exact-card commands for the cards of ``mask`` (one suit), cached by mask."""
    found = _CARD_COMMANDS.get(mask)
    if found is None:
        found = _CARD_COMMANDS[mask] = tuple(_COMMAND_CARD[c] for c in cards_of(mask))
    return found


_DEAL_TAKERS: dict[tuple[int, int, tuple[int, ...]], list[list[Any]]] = {}


def _deal_takers(n: int, pack_size: int, packets: tuple[int, ...]) -> list[list[Any]]:
    """Per dealer, per seat: a getter of the pack positions that seat receives.

    Built from :func:`deal_by_packets`, the one definition of the deal.
    """
    key = (n, pack_size, packets)
    table = _DEAL_TAKERS.get(key)
    if table is None:
        table = []
        for dealer in range(n):
            hands = deal_by_packets(range(pack_size), [(dealer + 1 + i) % n for i in range(n)], packets)
            table.append([itemgetter(*positions) for positions in hands])
        _DEAL_TAKERS[key] = table
    return table


def _listed(action: Any, actions: Sequence[Any]) -> bool:
    """Membership, trying identity first (bots hand back the very objects listed)."""
    return any(map(is_, actions, repeat(action))) or action in actions


def _card_list(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, joined from cached per-suit tuples (four lookups, no loop)."""
    cache = _LIST_CACHE
    try:
        return cache[mask & _S0] + cache[mask & _S1] + cache[mask & _S2] + cache[mask & _S3]
    except KeyError:
        for suit_mask in SUIT_MASK:
            part = mask & suit_mask
            if part not in cache:
                cache[part] = tuple(cards_of(part))
        return _card_list(mask)


class TalkEntry(NamedTuple):
    """One public utterance or table event of the current hand."""

    seat: int
    trick: int  # number of the trick in progress (1-based)
    action: Any  # Ask | Say | Remark | Command | "nocard" | "claim_rejected"

    def text(self) -> str:
        return self.action if isinstance(self.action, str) else str(self.action)


class TrickRecord(NamedTuple):
    leader: int
    cards: tuple[Card, ...]
    winner: int


class HandResult(NamedTuple):
    number: int
    dealer: int
    trump: Suit | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    reason: str  # "three", "four", "vole", "vole_failed", "null", "revoke", "redeal"
    scores: tuple[int, int]
    turned: Card | None
    captains: tuple[int, int]
    plays: tuple[TrickRecord, ...]  # completed tricks, plus the unfinished one if play stopped mid-trick
    talk: tuple[TalkEntry, ...]


class SizetteState(State):
    """A Sizette or Quadrette partie in progress (see the module doc for the phases)."""

    __slots__ = (
        "_command_cache",
        "_cuts",
        "_deal_takers",
        "_keys",
        "_keys_by_trump",
        "_talon_turned",
        "_moves",
        "_moves_key",
        "_pack_ints",
        "_sampled",
        "captain_queue",
        "captains",
        "command",
        "cut_position",
        "dealer",
        "dealt",
        "done_tricks",
        "drawers",
        "draws",
        "end_reason",
        "extended",
        "failed_commands",
        "first_to_win",
        "game",
        "hand_no",
        "hands",
        "high_drawer",
        "history",
        "leader",
        "led",
        "max_failed",
        "n",
        "pack",
        "pack_cards",
        "pending",
        "phase",
        "play_out",
        "played",
        "player",
        "results",
        "revokes",
        "scores",
        "strength",
        "table_law",
        "talk",
        "talon",
        "target",
        "trick",
        "trick_no",
        "tricks_won",
        "trump",
        "turned",
        "vole_team",
        "volunteer",
        "win_rule",
        "window",
        "window_team",
        "winner_team",
    )

    game: SizetteGame

    def __init__(self, game: SizetteGame):
        self.game = game
        o = game.options
        self.n = game.num_seats
        self.strength = game.order.strength
        self.pack = int(game.pack)
        self.pack_cards = tuple(cards_of(self.pack))
        self._pack_ints = tuple(int(c) for c in self.pack_cards)
        self._keys_by_trump = [[trick_keys(self.strength, t, led) for led in range(4)] for t in range(4)]
        self._keys: list[tuple[int, ...]] = []
        self._talon_turned = 0
        self._deal_takers = _deal_takers(self.n, len(self.pack_cards), game.packets)
        self._cuts = tuple(_CUT[p] for p in cut_range(len(self.pack_cards), o["min_cut_packet"]))
        self.target = o["target_points"]
        self.table_law = o["table_law_mode"]
        self.win_rule = game.win_rule
        self.play_out = o["play_out_all_tricks"]
        self.volunteer = o["volunteer_allowed"] and not o["strict_encyclopedie"]
        self.extended = o["command_grammar"] == "extended"
        self.max_failed = o["max_failed_commands"]
        self.scores = [0, 0]
        self.hand_no = 0
        self.dealer = -1
        self.captains = [-1, -1]
        self.results: list[HandResult] = []
        self.history: list[tuple[int, Action]] = []
        self.winner_team: int | None = None
        self.end_reason = ""
        self.draws: list[dict[int, Card]] = []
        self.drawers: tuple[int, ...] = tuple(range(self.n))
        self.high_drawer = -1
        self.phase = DRAW
        self._moves_key: tuple[int, int] | None = None
        self._moves: tuple[Any, ...] = ()
        self._sampled: Deal | None = None
        self._command_cache: tuple[int, tuple[Command, ...]] = (-1, ())
        self._reset_hand()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_deal(cls, game: SizetteGame, hands: Any, turned: Any, dealer: int, talon: Any = CardSet(0),
                  captains: Any = None, scores: Any = (0, 0)) -> SizetteState:
        state = cls(game)
        state.phase = CAPTAINS
        state.dealer = dealer
        state.hand_no = 1
        state.scores = list(scores)
        if captains is None:
            captains = (state.default_captain(0), state.default_captain(1))
        state.captains = [captains[0], captains[1]]
        hands = [CardSet.parse(h) if isinstance(h, str) else CardSet(h) for h in hands]
        turned = Card(turned) if isinstance(turned, str) else CARDS[turned]
        talon = CardSet.parse(talon) if isinstance(talon, str) else CardSet(talon)
        state.phase = DEAL
        state.apply(Deal(tuple(hands), turned, talon))
        return state

    def _reset_hand(self) -> None:
        n = self.n
        self.hands = [0] * n
        self.dealt = [0] * n
        self.talon = 0
        self.turned: Card | None = None
        self.trump: int | None = None
        self.cut_position = 0
        self.captain_queue: list[int] = []
        self.leader = -1
        self.player = -1
        self.trick: list[Card] = []
        self.led: int | None = None
        self.trick_no = 0  # completed tricks
        self.played = 0
        self.tricks_won = [0, 0]
        self.done_tricks: list[TrickRecord] = []
        self.first_to_win: int | None = None
        self.vole_team: int | None = None
        self.window = NO_WINDOW
        self.window_team = -1
        self.pending: tuple[int, int, Question] | None = None
        self.command: CommandSpec | None = None
        self.failed_commands = 0
        self.talk: list[TalkEntry] = []
        self.revokes: list[tuple[int, int, Card]] = []

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> int:
        if self.window == NO_WINDOW and self.phase == PLAY:
            return self.player
        phase = self.phase
        if phase == PLAY:
            if self.pending is not None:
                return self.pending[1]
            return self.captains[self.window_team]
        if phase == DEAL or phase == DRAW:
            return CHANCE
        if phase == CUT:
            return (self.dealer - 1) % self.n
        if phase == CAPTAINS:
            team = self.captain_queue[0]
            current = self.captains[team]
            return current if current >= 0 else self.default_captain(team)
        if phase == VOLE:
            return self.captains[self.first_to_win]  # type: ignore[index]
        if phase == CHOOSE_DEALER:
            return self.high_drawer
        return TERMINAL

    def default_captain(self, team: int) -> int:
        """DP-QD2: the first hand's partner (two seats on) for the leading side, the dealer for the other."""
        first = next_seat(self.dealer, self.n)
        if team_of(first) == team:
            return (first + 2) % self.n
        return self.dealer

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Any:
        from atout.game import EndReason, Outcome

        if self.winner_team is None:
            return None
        return Outcome(tuple(self.scores), (self.winner_team,), EndReason(self.end_reason))

    def returns(self) -> list[float]:
        if self.winner_team is None:
            return [0.0] * self.n
        return [1.0 if team_of(s) == self.winner_team else -1.0 for s in range(self.n)]

    @property
    def first_hand(self) -> int:
        return next_seat(self.dealer, self.n)

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def window_name(self) -> str | None:
        return WINDOW_NAMES[self.window]

    def played_cards(self) -> int:
        return self.played

    def legal_actions(self, seat: int | None = None) -> tuple[Any, ...]:
        """The moves ``seat`` (default ``to_move``) must choose from: cards, commands, answers…

        A tuple (immutable, often shared). Optional speech (questions, volunteered statements) is
        listed by :meth:`talk_actions`.
        """
        if self.phase == PLAY and self.window == NO_WINDOW:
            player = self.player
            if seat is not None and seat != player:
                return ()
            hand = self.hands[player]
            led = self.led
            if led is None:
                if self.command is not None:
                    hand = self.command.matching(hand, self.strength)
            elif not self.table_law:
                follow = hand & SUIT_MASK[led]
                if follow:
                    hand = follow
            cached = _LIST_CACHE.get(hand)
            return cached if cached is not None else _card_list(hand)
        if seat is None:
            seat = self.to_move
        key = (len(self.history), seat)
        if self._moves_key != key:
            self._moves = self._list_moves(seat)
            self._moves_key = key
        return self._moves

    def _list_moves(self, seat: int) -> tuple[Any, ...]:
        phase = self.phase
        if phase == PLAY:
            return self._window_moves(seat)
        if seat != self.to_move or seat < 0:
            return ()
        if phase == CAPTAINS:
            return tuple(_CAPTAIN[s] for s in team_seats(self.captain_queue[0], self.n))
        if phase == CUT:
            return self._cuts
        if phase == VOLE:
            return _VOLE_CHOICES
        if phase == CHOOSE_DEALER:
            return tuple(_CHOOSE_DEALER[s] for s in team_seats(1 - team_of(seat), self.n))
        return ()

    def talk_actions(self, seat: int) -> list[Any]:
        """Optional speech open to ``seat`` now: questions (captain) and true statements.

        Free remarks are allowed when :meth:`can_remark` says so.
        """
        if self.phase != PLAY or self.window not in (C1, C2) or self.pending is not None:
            return []
        if team_of(seat) != self.window_team:
            return []
        if seat == self.captains[self.window_team]:
            return self._questions(seat) + self._statements(seat)
        return self._statements(seat) if self.volunteer else []

    def _card_mask(self, seat: int) -> int:
        """The cards ``seat`` may play if it were his turn (one rule for listing and checking)."""
        hand = self.hands[seat]
        led = self.led
        if led is None:
            if self.command is not None and seat == self.leader:
                hand = self.command.matching(hand, self.strength)
        elif not self.table_law:
            follow = hand & SUIT_MASK[led]
            if follow:
                hand = follow
        return hand

    def _window_moves(self, seat: int) -> tuple[Any, ...]:
        team = self.window_team
        if seat & 1 != team:
            return ()
        if self.pending is not None:
            asker, target, question = self.pending
            if seat != target:
                return ()
            return tuple(Say(s) for s in answers(question, self.hands[seat], self.strength))
        window = self.window
        if seat != self.captains[team]:
            # C2 closes when the player due to play plays his card (RULES.md §1.8)
            return _card_list(self._card_mask(seat)) if window == C2 and seat == self.player else ()
        if window == C2:
            return _card_list(self._card_mask(seat)) if seat == self.player else _CLOSE_ONLY
        if window == C1 and seat == self.player:
            return _card_list(self._card_mask(seat))
        return self._commands(seat)

    def _statements(self, seat: int) -> list[Say]:
        """True statements ``seat`` may volunteer, each at most once a hand."""
        said = {e.action for e in self.talk if e.seat == seat and type(e.action) is Say}
        return [Say(st) for st in volunteer_statements(self.hands[seat], self.strength) if Say(st) not in said]

    def _unseen_by(self, seat: int) -> int:
        """Cards ``seat`` does not see: not in his hand, not played, not the turned card."""
        seen = self.hands[seat] | self.played
        if self.turned is not None:
            seen |= 1 << self.turned
        return self.pack & ~seen

    def _questions(self, seat: int) -> list[Ask]:
        """Questions to each team-mate about cards the captain cannot see; each at most once a hand
        (answers are public, so a question asked again adds nothing and windows stay finite)."""
        out: list[Ask] = []
        unseen = cards_of(self._unseen_by(seat))
        for mate in team_seats(team_of(seat), self.n):
            if mate != seat:
                suit_asks, hold_asks = _ASKS[mate]
                out.extend(suit_asks)
                out.extend(hold_asks[c] for c in unseen)
        asked = {e.action for e in self.talk if type(e.action) is Ask}
        return [a for a in out if a not in asked] if asked else out

    def _commands(self, seat: int) -> tuple[Command, ...]:
        unseen = self.pack & ~(self.hands[seat] | self.played | self._talon_turned)
        if self._command_cache[0] == unseen:
            return self._command_cache[1]
        out = _COMMANDS_EXTENDED if self.extended else _COMMANDS_FREE
        for suit_mask in SUIT_MASK:
            out += _card_commands(unseen & suit_mask)
        self._command_cache = (unseen, out)
        return out

    def can_remark(self, seat: int) -> bool:
        """Free remarks: in C1 or C2, by the team whose window is open, if ``free_remarks``."""
        return (self.phase == PLAY and self.window in (C1, C2) and team_of(seat) == self.window_team
                and self.game.options["free_remarks"])

    def table_actions(self, seat: int) -> list[Any]:
        """Actions outside the turn order: abandon; a new captain for one's team before the
        deal (C0); in table-law mode, revoke claims and penalties."""
        if self.phase == OVER:
            return []
        out: list[Any] = [Abandon()]
        if self.phase == CUT:
            team = team_of(seat)
            out.extend(_CAPTAIN[s] for s in team_seats(team, self.n) if s != self.captains[team])
        if self.table_law:
            if self.phase in (PLAY, VOLE):
                out.append(CLAIM_REVOKE)
                out.extend(Penalty(k, s) for k in ("out_of_turn", "looked_at_tricks") for s in range(self.n))
            if self._before_first_card():
                out.extend(Penalty(k) for k in scoring.REDEAL_PENALTIES)
            if self.phase in (PLAY, VOLE):
                out.append(Penalty("wrong_pack"))
        return out

    def _before_first_card(self) -> bool:
        return self.phase in (CUT, DEAL) or (self.phase == PLAY and self.trick_no == 0 and not self.trick)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Any, seat: int | None = None) -> None:
        if type(action) is Card:
            self._play_card(action, seat)
            return
        key = self._moves_key
        if (key is not None and key[0] == len(self.history) and (seat is None or seat == key[1])
                and any(map(is_, self._moves, repeat(action)))):
            mover = key[1]  # one of the moves just listed for this very position
        else:
            mover = self.to_move if seat is None else seat
            if isinstance(action, str):
                raise InvalidActionError("apply() takes an action object; use parse_action(text) for text")
            self._check(action, mover)
        self.history.append((mover, action))
        self._dispatch(action, mover)

    def _check(self, action: Any, seat: int) -> None:
        if isinstance(action, (Draw, Deal)) and seat != CHANCE:
            raise IllegalActionError(f"'{str(action).split()[0]}' is the table's chance step, not seat {seat}'s")
        if action is self._sampled and self.phase == DEAL:
            return
        if self.phase == OVER:
            raise IllegalActionError("the partie is over")
        if not 0 <= seat < self.n and not (seat == CHANCE and isinstance(action, (Draw, Deal))):
            raise IllegalActionError(f"no seat {seat} at this table")
        if isinstance(action, (Draw, Deal)):
            self._check_chance(action)
            return
        if isinstance(action, (Abandon, ClaimRevoke, Penalty)) or (type(action) is Captain and self.phase == CUT):
            if action not in self.table_actions(seat):
                if not self.table_law and not isinstance(action, Abandon):
                    raise IllegalActionError(f"'{action}' exists only in table-law mode (table_law_mode=true)")
                raise IllegalActionError(f"'{action}' is not possible now")
            return
        if isinstance(action, Remark):
            if not self.can_remark(seat):
                raise IllegalActionError(self._why_talk_refused(seat, action))
            return
        if _listed(action, self.legal_actions(seat)) or (
                isinstance(action, (Ask, Say)) and _listed(action, self.talk_actions(seat))):
            return
        if type(action) is Card:
            raise IllegalActionError(self._why_card_refused(seat, action))
        if isinstance(action, (Ask, Say, Command, Close)):
            raise IllegalActionError(self._why_talk_refused(seat, action))
        tm = self.to_move
        if seat != tm:
            raise IllegalActionError(f"not your turn: {self._who(tm)} is to act")
        raise IllegalActionError(f"'{action}' is not allowed now ({self.phase_name})")

    def _who(self, seat: int) -> str:
        return "the table (chance)" if seat == CHANCE else f"seat {seat}"

    def _why_card_refused(self, seat: int, card: Card) -> str:
        if self.phase != PLAY:
            return f"no card may be played now ({self.phase_name})"
        if self.window != NO_WINDOW and self.pending is not None:
            return f"wait: seat {self.pending[1]} must first answer '{self.pending[2]}'"
        if self.window in (C1, C3) and self.player != self.captains[self.window_team]:
            return (f"wait: window {self.window_name} is open; the captain (seat "
                    f"{self.captains[self.window_team]}) commands the lead first")
        if seat != self.player:
            return f"not your turn: seat {self.player} is to play"
        if not self.hands[seat] >> card & 1:
            return f"seat {seat} does not hold {card}"
        if self.command is not None and seat == self.leader and not self.trick:
            return f"the captain commanded '{self.command}': play a matching card"
        if self.led is not None:
            return f"must follow suit {Suit(self.led).symbol}: seat {seat} holds " + \
                " ".join(str(c) for c in cards_of(self.hands[seat] & SUIT_MASK[self.led]))
        return f"{card} cannot be played now"

    def _why_talk_refused(self, seat: int, action: Any) -> str:
        if self.phase != PLAY or self.window == NO_WINDOW:
            if self.phase == PLAY and self.trick_no >= 1:
                return "talk is closed: during tricks 2–6 only the captain's lead command is allowed, before the lead"
            return "talk is closed now: no speech window is open"
        if team_of(seat) != self.window_team:
            return f"window {self.window_name} belongs to the other team"
        captain = self.captains[self.window_team]
        if isinstance(action, Command):
            if seat != captain:
                return f"only the captain (seat {captain}) may command the lead"
            if self.window == C2:
                return "no command in window C2: the player due to play chooses his card himself"
            if self.player == captain:
                return "the captain leads himself: he plays, no command"
            spec = action.spec
            if spec.card is not None and self.hands[seat] >> spec.card & 1:
                return f"you hold {spec.card} yourself: command a card you do not hold"
            if spec.card is not None and self.played >> spec.card & 1:
                return f"{spec.card} has already been played"
            return f"'{action}' is not a command allowed here (grammar: {self.game.options['command_grammar']})"
        if self.window == C3:
            return "in tricks 2–6 only the captain's lead command is allowed"
        if self.pending is not None:
            asker, target, q = self.pending
            if seat != target:
                return f"seat {target} must first answer '{q}'"
            return f"'{action}' is not a true answer to '{q}' (the answers offered: " + \
                ", ".join(str(a) for a in answers(q, self.hands[seat], self.strength)) + ")"
        if isinstance(action, Remark):
            return "free remarks are switched off (free_remarks=false)"
        if isinstance(action, Ask) and seat != captain:
            return f"only the captain (seat {captain}) asks questions"
        if isinstance(action, Ask) and any(e.action == action for e in self.talk):
            return f"'{action}' was already asked this hand: the answer is public"
        if isinstance(action, Say) and any(e.seat == seat and e.action == action for e in self.talk):
            return f"seat {seat} already said '{action.statement}' this hand"
        if isinstance(action, Say):
            if not action.statement.is_true(self.hands[seat], self.strength):
                return f"'{action.statement}' is not true of seat {seat}'s hand: statements must be true"
            if seat != captain and not self.volunteer:
                return "team-mates speak only when asked (volunteer_allowed=false or strict_encyclopedie)"
        if isinstance(action, Ask):
            if action.target == seat or team_of(action.target) != team_of(seat):
                return "questions go to a team-mate"
        if isinstance(action, Close) and seat == self.player:
            return "you are due to play: play your card to close the window"
        return f"'{action}' is not allowed now"

    def _check_chance(self, action: Draw | Deal) -> None:
        if action is self._sampled and self.phase == DEAL:
            return  # made by sample_chance for this very position: valid by construction
        if isinstance(action, Draw):
            if self.phase != DRAW:
                raise IllegalActionError("no draw is due now")
            seats = tuple(s for s, _ in action.cards)
            cards = [c for _, c in action.cards]
            if sorted(seats) != sorted(self.drawers) or len(set(cards)) != len(cards) \
                    or any(not self.pack >> c & 1 for c in cards):
                raise IllegalActionError(f"a draw gives one distinct card of the pack to each of seats {self.drawers}")
            return
        if self.phase != DEAL:
            raise IllegalActionError("no deal is due now")
        hands = action.hands
        size = sum(self.game.packets)
        if len(hands) != self.n or any(len(h) != size for h in hands):
            raise IllegalActionError(f"a deal gives {size} cards to each of {self.n} seats")
        union = 0
        for h in hands:
            if union & h:
                raise IllegalActionError("a card is dealt twice")
            union |= h
        talon = int(action.talon)
        if union & talon or (union | talon) != self.pack:
            raise IllegalActionError("the hands and the talon must make up the pack exactly")
        if self.game.talon_size:
            if not talon >> action.turned & 1:
                raise IllegalActionError("the turned card is the first card of the talon")
        elif not hands[self.dealer] >> action.turned & 1:
            raise IllegalActionError("the turned card is the dealer's last card")

    def _dispatch(self, action: Any, seat: int) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - _check lets nothing else through
            raise InvalidActionError(f"unknown action {action!r}")
        handler(self, action, seat)

    def _on_ask(self, action: Ask, seat: int) -> None:
        self.pending = (seat, action.target, action.question)
        self.talk.append(TalkEntry(seat, self.trick_no + 1, action))

    def _on_say(self, action: Say, seat: int) -> None:
        self.talk.append(TalkEntry(seat, self.trick_no + 1, action))
        self.pending = None

    def _on_remark(self, action: Remark, seat: int) -> None:
        self.talk.append(TalkEntry(seat, self.trick_no + 1, action))

    def _on_close(self, action: Close, seat: int) -> None:
        self.window = NO_WINDOW

    def _on_vole(self, action: Vole, seat: int) -> None:
        self._vole(action.go_on)

    def _on_captain(self, action: Captain, seat: int) -> None:
        if self.phase == CAPTAINS:
            self.captain_queue.pop(0)
            if not self.captain_queue:
                self.phase = CUT
        self.captains[team_of(action.seat)] = action.seat

    def _on_cut(self, action: Cut, seat: int) -> None:
        self.cut_position = action.position
        self.phase = DEAL

    def _on_deal(self, action: Deal, seat: int) -> None:
        self._deal(action)

    def _on_draw(self, action: Draw, seat: int) -> None:
        self._draw(action)

    def _on_choose_dealer(self, action: ChooseDealer, seat: int) -> None:
        self.dealer = action.seat
        self._begin_hand()

    def _on_abandon(self, action: Abandon, seat: int) -> None:
        self._end_partie(1 - team_of(seat), "abandon")

    def _on_claim(self, action: ClaimRevoke, seat: int) -> None:
        self._claim_revoke(seat)

    def _on_penalty(self, action: Penalty, seat: int) -> None:
        self._penalty(action)

    # ------------------------------------------------------------------ phases

    def _draw(self, action: Draw) -> None:
        self.draws.append(dict(action.cards))
        order = self.game.order if self.game.options["draw_rank"] == "game" else self.game.ace_high_order
        strength = order.strength
        best = max(strength[c] for _, c in action.cards)
        top = tuple(s for s, c in action.cards if strength[c] == best)
        if len(top) > 1:
            self.drawers = top
            return
        self.high_drawer = top[0]
        if self.game.options["first_dealer_choice"] == "left_neighbour":
            self.dealer = prev_seat(self.high_drawer, self.n)
            self._begin_hand()
        else:
            self.phase = CHOOSE_DEALER

    def _begin_hand(self) -> None:
        self._reset_hand()
        self.hand_no += 1
        if self.captains[0] < 0:
            first_team = team_of(next_seat(self.dealer, self.n))
            self.captain_queue = [first_team, 1 - first_team]
            self.phase = CAPTAINS
        else:
            self.phase = CUT

    def _redeal(self) -> None:
        """Same dealer reshuffles and deals again (penalties P1–P5)."""
        captains = list(self.captains)
        self._reset_hand()
        self.captains = captains
        self.phase = CUT

    def sample_chance(self, rng: random.Random | None = None) -> Draw | Deal:
        rng = rng or default_rng()
        if self.phase == DRAW:
            drawn = shuffled(cards_of(self.pack), rng)
            return Draw(tuple(zip(self.drawers, drawn[: len(self.drawers)], strict=True)))
        if self.phase != DEAL:
            raise IllegalActionError("no chance event is due now")
        pack = cut_pack(shuffled(self._pack_ints, rng), self.cut_position or 1)
        bit = _BIT.__getitem__
        sets = tuple([CardSet(sum(map(bit, take(pack)))) for take in self._deal_takers[self.dealer]])
        if self.game.talon_size:
            talon = pack[len(pack) - self.game.talon_size:]
            deal = Deal(sets, CARDS[talon[0]], CardSet(sum(map(bit, talon))))
        else:
            deal = Deal(sets, CARDS[pack[-1]])
        self._sampled = deal
        return deal

    def _deal(self, action: Deal) -> None:
        self.hands = [int(h) for h in action.hands]
        self.dealt = list(self.hands)
        self.talon = int(action.talon)
        self.turned = action.turned
        self.trump = action.turned // 13
        self._keys = self._keys_by_trump[self.trump]
        self._talon_turned = 1 << action.turned if self.game.talon_size else 0
        self.leader = self.player = next_seat(self.dealer, self.n)
        self.phase = PLAY
        self._open_lead_window(C1)

    def _open_lead_window(self, window: int) -> None:
        """C1 before trick 1; C3 before tricks 2–6 if the leader is not his team's captain."""
        self.command = None
        self.failed_commands = 0
        team = team_of(self.leader)
        if window == C3 and self.captains[team] == self.leader:
            self.window = NO_WINDOW
            return
        self.window = window
        self.window_team = team

    def _command(self, command: Command, seat: int) -> None:
        spec = command.spec
        self.talk.append(_new_tuple(TalkEntry, (seat, self.trick_no + 1, command)))
        leader = self.leader
        if self.hands[leader] & spec.mask:
            self.command = spec
            self.window = NO_WINDOW
            return
        self.talk.append(_new_tuple(TalkEntry, (leader, self.trick_no + 1, "nocard")))
        self.failed_commands += 1
        if self.failed_commands >= self.max_failed:
            self.command = None
            self.window = NO_WINDOW

    def _play_card(self, card: Card, seat: int | None) -> None:
        """Check and play a card (the hot path: one function, locals, no allocation it can avoid)."""
        hands = self.hands
        if self.window == NO_WINDOW and self.phase == PLAY:
            mover = self.player
            if seat is not None and seat != mover:
                raise IllegalActionError(f"seat {seat} cannot play now: seat {mover} is to play")
            hand = hands[mover]
            led = self.led
            if led is None:
                legal = hand if self.command is None else self.command.matching(hand, self.strength)
            elif self.table_law:
                legal = hand
            else:
                legal = hand & SUIT_MASK[led] or hand
            if not legal >> card & 1:
                raise IllegalActionError(self._why_card_refused(mover, card))
        else:  # a captain who is due to play plays straight from his speech window
            mover = self.to_move if seat is None else seat
            self._check(card, mover)
            self.window = NO_WINDOW
            hand = hands[mover]
            led = self.led
        self.history.append((mover, card))
        bit = _BIT[card]
        if self.table_law and led is not None and card // 13 != led and hand & SUIT_MASK[led]:
            self.revokes.append((mover, self.trick_no + 1, card))
        hands[mover] = hand ^ bit
        self.played |= bit
        trick = self.trick
        trick.append(card)
        if led is None:
            led = self.led = card // 13
            self.command = None
            if not self.trick_no:
                self.window = C2
                self.window_team = 1 - (mover & 1)
        n = self.n
        if len(trick) < n:
            self.player = mover + 1 if mover + 1 < n else 0
            return
        leader = self.leader
        winner = (leader + fast_trick_winner(trick, self._keys[led])) % n
        self.done_tricks.append(_new_tuple(TrickRecord, (leader, tuple(trick), winner)))
        self.trick = []
        self.led = None
        self.trick_no += 1
        team = winner & 1
        self.tricks_won[team] += 1
        self.leader = self.player = winner
        verdict = scoring.after_trick(self, team)
        if verdict is None:
            self._open_lead_window(C3)
        elif verdict == "vole?":
            self.first_to_win = team
            self.phase = VOLE
        else:
            self._end_hand(*verdict)

    def _vole(self, go_on: bool) -> None:
        team = self.first_to_win
        assert team is not None
        if go_on:
            self.vole_team = team
            self.phase = PLAY
            self._open_lead_window(C3)
        else:
            points = [0, 0]
            points[team] = 1
            self._end_hand((points[0], points[1]), "four" if self.win_rule == "four_needed" else "three")

    def _end_hand(self, points: tuple[int, int], reason: str) -> None:
        if self.table_law and self.revokes and reason not in ("revoke", "redeal"):
            self._revoke_penalty(self.revokes[0][0])
            return
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        self._record_result(points, reason)
        self._next_hand_or_end()

    def _record_result(self, points: tuple[int, int], reason: str) -> None:
        plays = tuple(self.done_tricks)
        if self.trick:
            plays += (TrickRecord(self.leader, tuple(self.trick), -1),)
        self.results.append(_new_tuple(HandResult, (
            self.hand_no, self.dealer, _SUITS[self.trump] if self.trump is not None else None,
            (self.tricks_won[0], self.tricks_won[1]), points, reason, (self.scores[0], self.scores[1]),
            self.turned, (self.captains[0], self.captains[1]), plays, tuple(self.talk))))

    def _next_hand_or_end(self) -> None:
        for team in (0, 1):
            if self.scores[team] >= self.target and self.scores[team] > self.scores[1 - team]:
                self._end_partie(team, "target")
                return
        self.dealer = next_seat(self.dealer, self.n)
        self._begin_hand()

    def _end_partie(self, winner: int, reason: str) -> None:
        self.winner_team = winner
        self.end_reason = reason
        self.phase = OVER
        self.window = NO_WINDOW
        self.pending = None

    # ------------------------------------------------------------------ table law

    def _claim_revoke(self, seat: int) -> None:
        offenders = [r for r in self.revokes if team_of(r[0]) != team_of(seat)]
        if not offenders:
            self.talk.append(TalkEntry(seat, self.trick_no + 1, "claim_rejected"))
            return
        self._revoke_penalty(offenders[0][0])

    def _revoke_penalty(self, offender: int) -> None:
        """P6: the offending team loses two points; play stops; the deal passes on."""
        before = tuple(self.scores)
        scoring.charge(self.scores, team_of(offender), 2, self.game.options["penalty_overflow"])
        self._record_result((self.scores[0] - before[0], self.scores[1] - before[1]), "revoke")
        self._next_hand_or_end_after_penalty()

    def _penalty(self, p: Penalty) -> None:
        before = tuple(self.scores)
        kind = p.kind
        if kind in ("out_of_turn", "looked_at_tricks"):
            if p.seat is None:
                raise IllegalActionError("this penalty names the offending seat")
            scoring.charge(self.scores, team_of(p.seat), 1, self.game.options["penalty_overflow"])
            self.talk.append(TalkEntry(p.seat, self.trick_no + 1, f"penalty {kind}"))
            self._check_target_after_penalty()
            return
        if kind in ("trump_not_turned", "misdeal", "exposed_card"):
            scoring.charge(self.scores, team_of(self.dealer), 1, self.game.options["penalty_overflow"])
        self._record_result((self.scores[0] - before[0], self.scores[1] - before[1]), "redeal")
        if not self._check_target_after_penalty():
            self._redeal()

    def _check_target_after_penalty(self) -> bool:
        for team in (0, 1):
            if self.scores[team] >= self.target and self.scores[team] > self.scores[1 - team]:
                self._end_partie(team, "target")
                return True
        return False

    def _next_hand_or_end_after_penalty(self) -> None:
        if not self._check_target_after_penalty():
            self.dealer = next_seat(self.dealer, self.n)
            self._begin_hand()

    # ------------------------------------------------------------------ copies, text, views

    def clone(self) -> SizetteState:
        new = object.__new__(SizetteState)
        for name in SizetteState.__slots__:
            if hasattr(self, name):
                setattr(new, name, getattr(self, name))
        for name in ("scores", "captains", "results", "history", "draws", "hands", "dealt", "captain_queue",
                     "trick", "tricks_won", "done_tricks", "talk", "revokes"):
            setattr(new, name, list(getattr(self, name)))
        return new

    def parse_action(self, text: str, lang: str | None = None) -> Any:
        return parse_action(text, Suit(self.trump) if self.trump is not None else None, lang)

    def observation(self, seat: int) -> Any:
        from atout.games.sizette.observation import observe

        return observe(self, seat)

    def __repr__(self) -> str:
        return (f"<SizetteState {self.game.name} hand {self.hand_no} {self.phase_name} "
                f"score {self.scores[0]}-{self.scores[1]} to_move {self.to_move}>")


_HANDLERS: dict[type, Any] = {
    Ask: SizetteState._on_ask, Say: SizetteState._on_say,
    Remark: SizetteState._on_remark, Command: SizetteState._command, Close: SizetteState._on_close,
    Vole: SizetteState._on_vole, Captain: SizetteState._on_captain, Cut: SizetteState._on_cut,
    Deal: SizetteState._on_deal, Draw: SizetteState._on_draw, ChooseDealer: SizetteState._on_choose_dealer,
    Abandon: SizetteState._on_abandon, ClaimRevoke: SizetteState._on_claim, Penalty: SizetteState._on_penalty,
}

__all__ = ["HandResult", "SizetteState", "TalkEntry", "TrickRecord"]

"""The state of a Whist partie (four players, one rubber) or of a partie of Whist with a mort
(three players, ``rubbers`` rubbers): a small state machine over the places of the table.

Phases: DRAW (chance: the cut for partners and the first dealer, or for who has the mort; ties
cut again) → for each hand: CUT (the dealer's right-hand opponent cuts) → DEAL (chance) →
[HONOURS: at eight, each member of a side at eight in turn may show three honours, or pass] →
PLAY (thirteen tricks; at his first turn a player at eight holding two honours may call, and his
partner answers: ANSWER) → scored → the next hand, the next game, the next rubber, the end.

Cards are played from places (:mod:`atout.games.whist.spec`); ``to_move`` is the seat that plays
the place due, so with a mort the player who has it (D) is asked for both his hands in turn.
Refused actions raise and change nothing.

>>> import random
>>> from atout.games import make_game
>>> state, rng = make_game("whist").new_state(), random.Random(3)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> state.outcome().reason.value, max(state.games_won), sum(state.scores)
('rubber', 2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from atout.actions import ActionKind
from atout.cards import SUIT_INDEX, SUIT_MASK, Card, CardSet, Suit, cards_of
from atout.chance import Deal, Draw
from atout.errors import ActionError, InvalidActionError
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, parse_int
from atout.games.whist import deal as dealing
from atout.games.whist.actions import (
    ANSWER_NO,
    ANSWER_YES,
    CALL,
    EXPOSE,
    PASS,
    SHOW,
    Answer,
    Call,
    Cut,
    Expose,
    Pass,
    Show,
)
from atout.games.whist.events import HandResult, TrickRecord
from atout.games.whist.history import History, decode, new_codes, record
from atout.games.whist.refusals import refuse
from atout.games.whist.scoring import HandScore, rubber_winner, score_hand, score_shown
from atout.games.whist.spec import MORT, NEXT_PLACE, PARTNERSHIP_OF_PLACE, PLACES, Seating, WhistGame
from atout.tricks import follow_suit_mask

DRAW, CUT, DEAL, EXPOSE_MORT, HONOURS, PLAY, ANSWER, OVER = range(8)
PHASE_NAMES = ("draw", "cut", "deal", "expose", "honours", "play", "answer", "over")
PREV_PLACE = (3, 0, 1, 2)
MORT_PLACE = 2
_SUITS: tuple[Suit | None, ...] = (*Suit, None)
_new_tuple = tuple.__new__
_SUIT_CHUNKS: dict[int, tuple[Card, ...]] = {}


def cards_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, lowest id first, from cached per-suit tuples (the moves' hot path).

    >>> cards_tuple(int(CardSet.parse("KH 2S 3D")))
    (Card('2S'), Card('KH'), Card('3D'))
    """
    out: tuple[Card, ...] = ()
    for suit_mask in SUIT_MASK:
        bits = mask & suit_mask
        if bits:
            chunk = _SUIT_CHUNKS.get(bits)
            if chunk is None:
                chunk = _SUIT_CHUNKS[bits] = tuple(cards_of(bits))
            out += chunk
    return out


PARTIE_FIELDS = ("phase", "to_move", "hand_no", "rubber_no", "game_no", "dealer", "seating", "game_scores",
                 "games", "games_won", "scores", "results", "draws", "drawers", "first_declarer", "_outcome",
                 "setup", "hand_start")
"""What a checkpoint keeps: the state at the start of a hand is these and a hand just reset."""
_PARTIE = attrgetter(*PARTIE_FIELDS)
HAND_DEFAULTS: dict[str, Any] = {
    "hands": None, "turned": None, "trump": -1, "keys": (), "honours": (0, 0, 0, 0), "honour_bits": (0, 0, 0, 0),
    "start_scores": (0, 0),
    "queue": (), "leader": 0, "place": 0, "trick": None, "led": -1, "best": -1, "best_place": 0, "ncards": 0,
    "played": 0, "tricks_won": (0, 0), "trick_log": (), "firsts": 0, "called": 0, "caller": -1, "exposed": False,
    "cut_position": 0, "_mkey": -1, "_mask": 0, "_moves": (), "_sampled": None,
}


class WhistState(State):
    """A Whist (or mort) partie in progress; see the module doc for the phases."""

    __slots__ = (
        "game", "table", "codes", "side", "checkpoints", *PARTIE_FIELDS, *HAND_DEFAULTS,
    )

    game: WhistGame
    to_move: int   # kept up to date by every transition (the base class's property, as a field)
    # the hand in progress (HAND_DEFAULTS before each deal)
    hands: list[int]                    # bitmask per place
    turned: Card | None
    trump: int                          # -1 before the deal
    keys: tuple[tuple[int, ...], ...]   # trick keys by suit led, for this trump
    honours: tuple[int, ...]            # honours dealt to each place
    honour_bits: tuple[int, ...]        # and which
    start_scores: tuple[int, int]       # the game scores when the hand was dealt
    queue: tuple[int, ...]              # places still to be asked whether they show honours at eight
    leader: int                         # place that led the trick in progress
    place: int                          # place to play
    trick: list[Card]
    led: int
    best: int                           # the trick key of the best card so far
    best_place: int
    ncards: int                         # cards played this hand
    played: int
    tricks_won: tuple[int, int]         # per partnership
    trick_log: tuple[TrickRecord, ...]
    firsts: int                         # bit per place that has played a card
    called: int                         # bit per place that has called
    caller: int                         # place whose call waits for its answer, -1
    exposed: bool                       # the mort's hand lies face up
    cut_position: int
    _mkey: int                          # ncards when the cards to play were listed
    _mask: int
    _moves: tuple[Any, ...]
    _sampled: Deal | None                # the deal sample_chance made last, not yet applied

    def __init__(self, game: WhistGame):
        table = game.table
        self.game = game
        self.table = table
        self.codes = new_codes()
        self.side: list[Any] = []
        self.phase = DRAW
        self.to_move = CHANCE
        self.hand_no = 0
        self.rubber_no = 1
        self.game_no = 1
        self.dealer = -1
        self.seating: Seating = table.seating(-1)
        self.game_scores = (0, 0)
        self.games: tuple[tuple[int, int], ...] = ()
        self.games_won = (0, 0)
        self.scores: tuple[int, ...] = (0,) * len(game.sides)
        self.results: tuple[HandResult, ...] = ()
        self.draws: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self.drawers = tuple(range(table.n))
        self.first_declarer = -1
        self._outcome: Outcome | None = None
        self.setup: dict[str, str] | None = None
        self.hand_start = 0
        self.checkpoints: tuple[tuple[int, int, tuple[Any, ...]], ...] = ()
        self._reset_hand()

    @classmethod
    def from_deal(cls, game: WhistGame, deal: Any, setup: Mapping[str, str]) -> WhistState:
        """The state at the start of play of one hand (see :meth:`WhistGame.state_from_deal`)."""
        st = cls.before_deal(game, setup)
        st.apply(deal, CHANCE)
        return st

    @classmethod
    def before_deal(cls, game: WhistGame, setup: Mapping[str, str]) -> WhistState:
        """The state of :meth:`from_deal` just before its deal."""
        st = cls(game)
        read_setup(st, setup)
        st.phase = DEAL
        st.to_move = CHANCE
        st.hand_start = 0
        st._checkpoint()
        return st

    def _reset_hand(self) -> None:
        for name, value in HAND_DEFAULTS.items():
            setattr(self, name, value)
        self.hands = [0, 0, 0, 0]
        self.trick = []

    # ------------------------------------------------------------------ queries

    @property
    def history(self) -> History:  # type: ignore[override]
        """Every ``(seat, action)`` applied, seat ``-1`` for the table (chance)."""
        return History(self.codes, self.side)

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def declarer(self) -> int:
        """Who has the mort this rubber (``-1`` in Whist)."""
        return self.seating.declarer

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def seat_of_place(self, place: int) -> int:
        """Whose hand lies at ``place`` (:data:`~atout.games.whist.spec.MORT` for the mort)."""
        return self.seating.hand_seat[place]

    def hand_of(self, seat: int) -> CardSet:
        """The cards ``seat`` holds in its own hand (the engine's view, for tests and analysis)."""
        return CardSet(self.hands[MORT_PLACE if seat == MORT else self.seating.place_of[seat]])

    def _show_count(self, place: int) -> int:
        """Honours the player at ``place`` may show at eight: his own, and the mort's once exposed."""
        count = self.honours[place]
        if place == 0 and self.table.mort and self.exposed:
            count += self.honours[MORT_PLACE]
        return count

    def _may_call(self) -> bool:
        """At his first turn to play, a player of a side at eight holding exactly two honours may
        call (not the player who has the mort: he sees the mort's hand)."""
        place = self.place
        bit = 1 << place
        return (self.table.calling and not self.firsts & bit and not self.called & bit and self.caller < 0
                and self.start_scores[PARTNERSHIP_OF_PLACE[place]] == self.table.scoring.calling_score
                and self.honours[place] == 2 and not (self.table.mort and PARTNERSHIP_OF_PLACE[place] == 0))

    def legal_actions(self, seat: int | None = None) -> tuple[Any, ...]:
        """Everything ``seat`` (default: the seat to move) may do now; only the seat to move acts."""
        mover = self.to_move
        if seat is None:
            seat = mover
        if seat != mover or seat < 0:
            return ()
        phase = self.phase
        if phase == PLAY:
            moves = self.moves()
            return moves + (CALL,) if self._may_call() else moves
        if phase == CUT:
            return self.table.cut_moves
        if phase == HONOURS:
            return (SHOW, PASS) if self._show_count(self.queue[0]) >= 3 else (PASS,)
        if phase == ANSWER:
            return (ANSWER_YES if self.honours[(self.caller + 2) % PLACES] else ANSWER_NO,)
        if phase == EXPOSE_MORT:
            return (EXPOSE,)
        return ()

    def moves(self) -> tuple[Any, ...]:
        """The MOVE actions of the seat to move: in play, the cards it may play (cached)."""
        if self.phase == PLAY:
            if self._mkey != self.ncards:
                self._list_cards()
            return self._moves
        if self.to_move < 0:
            return ()
        return tuple(a for a in self.legal_actions(self.to_move) if a.kind is ActionKind.MOVE)

    def _list_cards(self) -> int:
        hand = self.hands[self.place]
        mask = follow_suit_mask(hand, self.led) if self.trick else hand
        self._mask = mask
        self._mkey = self.ncards
        if mask != hand:                  # following suit: the cards of one suit, one lookup
            moves = _SUIT_CHUNKS.get(mask)
            self._moves = moves if moves is not None else cards_tuple(mask)
        else:
            self._moves = cards_tuple(mask)
        return mask

    # ------------------------------------------------------------------ actions

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default: the seat to move); a refusal changes nothing.

        A card in play is checked and played here, the engine's hot path; anything else goes
        to :meth:`_apply_other`."""
        if type(action) is not Card or self.phase != PLAY:
            self._apply_other(action, seat)
            return
        mover = self.to_move
        if seat is not None and seat != mover:
            raise self._not_your_turn(seat)
        mask = self._mask if self._mkey == self.ncards else self._list_cards()
        if not mask >> action & 1:
            raise self._why_refused(action)
        self.codes.append((mover + 1) << 24 | action)
        place = self.place
        bit = 1 << action
        self.hands[place] ^= bit
        self.played |= bit
        self.firsts |= 1 << place
        self.ncards += 1
        trick = self.trick
        trick.append(action)
        if len(trick) == 1:
            self.led = led = SUIT_INDEX[action]
            self.best = self.keys[led][action]
            self.best_place = place
            if not self.exposed and self.table.mort:   # the mort is laid face up after the opening lead
                self.place = NEXT_PLACE[place]
                self.phase = EXPOSE_MORT
                self.to_move = self.seating.declarer
                return
        else:
            key = self.keys[self.led][action]
            if key > self.best:
                self.best = key
                self.best_place = place
            if len(trick) == PLACES:
                self._end_trick()
                return
        self.place = nxt = NEXT_PLACE[place]
        self.to_move = self.seating.owner[nxt]

    def _end_trick(self) -> None:
        winner = self.best_place
        seat_of = self.seating.hand_seat
        self.trick_log = self.trick_log + (_new_tuple(TrickRecord, (seat_of[self.leader], tuple(self.trick),
                                                                    seat_of[winner])),)
        self.trick = []
        won = self.tricks_won
        self.tricks_won = (won[0] + 1, won[1]) if PARTNERSHIP_OF_PLACE[winner] == 0 else (won[0], won[1] + 1)
        self.leader = self.place = winner
        self.to_move = self.seating.owner[winner]
        if self.ncards == 52:
            honours = self.honours
            held = (honours[0] + honours[2], honours[1] + honours[3])
            self._end_hand(score_hand(self.start_scores, self.tricks_won, held, self.table.scoring), "played")

    def _apply_other(self, action: Any, seat: int | None) -> None:
        kind = getattr(action, "kind", None)
        if not isinstance(kind, ActionKind):
            raise refuse("bad_text", text=str(action))
        if kind is ActionKind.CHANCE:
            self._apply_chance(action, seat)
            return
        if seat is None:
            seat = self.to_move
        if not 0 <= seat < self.table.n:
            raise refuse("no_seat", seat=seat)
        if self.phase == OVER:
            raise refuse("over")
        if seat != self.to_move:
            raise self._not_your_turn(seat)
        if action not in self.legal_actions(seat):
            if type(action) is Card:
                raise refuse("card_not_now", phase=self.phase_name)
            raise refuse("not_now", action=str(action))
        record(self.codes, self.side, seat, action)
        kind_of = type(action)
        if kind_of is Expose:
            self.exposed = True
            if self.ncards:
                self.phase = PLAY
                self.to_move = self.seating.owner[self.place]
            else:
                self._open_play()
        elif kind_of is Cut:
            self.cut_position = action.position
            self.phase = DEAL
            self.to_move = CHANCE
        elif kind_of is Pass:
            self._next_show()
        elif kind_of is Show:
            place = self.queue[0]
            with_mort = place == 0 and self.table.mort and self.exposed    # D shows what he sees of the mort
            shown = self._honour_cards(place) | (self._honour_cards(MORT_PLACE) if with_mort else 0)
            score = score_shown(self.start_scores, PARTNERSHIP_OF_PLACE[place], len(CardSet(shown)), self.table.scoring)
            self._end_hand(score, "shown", shown)
        elif kind_of is Call:
            self.caller = self.place
            self.called |= 1 << self.place
            self.phase = ANSWER
            self.to_move = self.seating.owner[(self.place + 2) % PLACES]
        elif kind_of is Answer:
            caller = self.caller
            partner = (caller + 2) % PLACES
            self.caller = -1
            if action.yes:
                shown = self._honour_cards(caller) | self._honour_cards(partner)
                score = score_shown(self.start_scores, PARTNERSHIP_OF_PLACE[caller], len(CardSet(shown)),
                                    self.table.scoring)
                self._end_hand(score, "called", shown)
            else:
                self.phase = PLAY
                self.to_move = self.seating.owner[self.place]

    def _honour_cards(self, place: int) -> int:
        """The honours dealt to ``place`` (those it has played since included)."""
        return self.honour_bits[place]

    def _apply_chance(self, action: Any, seat: int | None) -> None:
        if seat is not None and seat != CHANCE:
            raise refuse("chance_by_table")
        if self.to_move != CHANCE:
            raise refuse("no_chance_due")
        table = self.table
        if self.phase == DRAW:
            by_cut = table.by_cut and not self.draws
            dealing.check_draw(table, self.drawers, by_cut, action)
            record(self.codes, self.side, CHANCE, action)
            self._on_draw(action)
            return
        sampled = self._sampled
        if action is sampled and sampled is not None:   # the deal this state just made: right by construction
            hands = [0, 0, 0, 0]
            place_of = self.seating.place_of
            for who, dealt in enumerate(sampled.hands):
                hands[place_of[who]] = int(dealt)
            if table.mort:
                hands[MORT_PLACE] = int(CardSet.of(sampled.talon))
        else:
            hands = dealing.check_deal(table, self.dealer, self.seating, action)
        self._sampled = None
        record(self.codes, self.side, CHANCE, action)
        self._on_deal(action, hands)

    def _on_draw(self, draw: Draw) -> None:
        self.draws = self.draws + (draw.cards,)
        lowest = dealing.lowest_drawers(self.table, draw)
        if len(lowest) > 1:
            self.drawers = lowest        # those tied for the lowest cut again
            return
        if self.table.mort:
            self.first_declarer = lowest[0]
            self._begin_rubber()
        else:
            self.dealer = self.seating.place_of[lowest[0]]
            self._begin_hand()

    def _begin_rubber(self) -> None:
        """With a mort: who has it this rubber (in turn from the lowest cut), the mort deals first."""
        declarer = (self.first_declarer + self.rubber_no - 1) % self.table.n
        self.seating = self.table.seating(declarer)
        self.dealer = MORT_PLACE
        self._begin_hand()

    def _begin_hand(self) -> None:
        self._reset_hand()
        self.hand_no += 1
        self.phase = CUT
        self.to_move = self.seating.owner[PREV_PLACE[self.dealer]]
        self.hand_start = len(self.codes)
        self._checkpoint()

    def _on_deal(self, deal: Deal, hands: list[int]) -> None:
        table = self.table
        self.hands = hands
        self.turned = turned = deal.turned[0]
        self.trump = trump = SUIT_INDEX[turned]
        self.keys = table.keys[trump]
        mask = table.honour_mask[trump]
        self.honour_bits = bits = tuple(h & mask for h in hands)
        self.honours = tuple(b.bit_count() for b in bits)
        self.start_scores = self.game_scores
        self.leader = self.place = leader = NEXT_PLACE[self.dealer]
        if table.mort and (not table.after_lead or leader == MORT_PLACE):
            self.phase = EXPOSE_MORT       # the mort is laid face up before anything else
            self.to_move = self.seating.declarer
            return
        self._open_play()

    def _open_play(self) -> None:
        """After the deal (and the mort's exposure): the honours at eight, then the opening lead."""
        table = self.table
        scores = self.start_scores
        leader = self.leader
        queue: tuple[int, ...] = ()
        if table.calling:
            at = table.scoring.calling_score
            place = leader
            for _ in range(PLACES):
                if scores[PARTNERSHIP_OF_PLACE[place]] == at and not (table.mort and place == MORT_PLACE):
                    queue += (place,)
                place = NEXT_PLACE[place]
        self.queue = queue
        if queue:
            self.phase = HONOURS
            self.to_move = self.seating.owner[queue[0]]
        else:
            self.phase = PLAY
            self.to_move = self.seating.owner[leader]

    def _next_show(self) -> None:
        self.queue = queue = self.queue[1:]
        if queue:
            self.to_move = self.seating.owner[queue[0]]
        else:
            self.phase = PLAY
            self.to_move = self.seating.owner[self.leader]

    # ------------------------------------------------------------------ scoring

    def _end_hand(self, score: HandScore, reason: str, shown: int = 0) -> None:
        """Write the hand on the score sheet; then the next hand, game or rubber, or the end."""
        table = self.table
        winner = score.game_winner
        points: tuple[int, ...] = (0,) * len(self.scores)
        rubber_won = -1
        bonus = 0
        games_won = self.games_won
        if winner >= 0:
            self.games = self.games + ((winner, score.game_value),)
            games_won = (games_won[0] + 1, games_won[1]) if winner == 0 else (games_won[0], games_won[1] + 1)
            points = self._transfer(winner, score.game_value)
            rubber_won = rubber_winner(games_won)
            if rubber_won >= 0 and table.rubber_bonus:
                bonus = table.rubber_bonus
                points = tuple(p + q for p, q in zip(points, self._transfer(rubber_won, bonus), strict=True))
        self.games_won = games_won
        self.scores = scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        trump = _SUITS[self.trump] if self.trump >= 0 else None
        plays = self.trick_log
        if self.trick:
            plays = plays + (TrickRecord(self.seating.hand_seat[self.leader], tuple(self.trick), -1),)
        self.results = self.results + (HandResult(
            self.hand_no, self.rubber_no, self.game_no, self.seating.hand_seat[self.dealer], trump, self.turned,
            self.seating.partners, self.tricks_won, score.trick_points, score.honour_points, score.game_scores,
            winner, score.game_value, rubber_won, bonus, points, scores, reason, tuple(cards_of(shown)), plays),)
        self.dealer = NEXT_PLACE[self.dealer]
        if winner < 0:
            self.game_scores = score.game_scores
            self._begin_hand()
            return
        self.game_scores = (0, 0)          # the surplus is lost
        if rubber_won < 0:
            self.game_no += 1
            self._begin_hand()
            return
        self._end_rubber(rubber_won)

    def _transfer(self, partnership: int, value: int) -> tuple[int, ...]:
        """Settlement points for ``value`` won by ``partnership``: in Whist each winner collects it
        from the opponent on his left; with a mort, D settles with each opponent."""
        sign = 1 if partnership == 0 else -1
        if not self.table.mort:
            return (sign * value, -sign * value)
        declarer = self.seating.declarer
        return tuple(2 * sign * value if s == declarer else -sign * value for s in range(self.table.n))

    def _end_rubber(self, winner: int) -> None:
        if self.rubber_no >= self.table.rubbers:
            self._end_partie(winner)
            return
        self.rubber_no += 1
        self.game_no = 1
        self.games = ()
        self.games_won = (0, 0)
        self._begin_rubber()

    def _end_partie(self, rubber_won: int) -> None:
        table = self.table
        scores = self.scores
        if not table.mort:
            self._outcome = Outcome(scores, (rubber_won,), EndReason.RUBBER)
        elif table.rubbers == 1:
            winners = tuple(sorted(s for s in self.seating.partners[rubber_won] if s != MORT))
            self._outcome = Outcome(scores, winners, EndReason.RUBBER)
        else:
            best = max(scores)
            top = tuple(s for s, v in enumerate(scores) if v == best)
            self._outcome = Outcome(scores, top if len(top) == 1 else (), EndReason.DEALS)
        self._reset_hand()
        self.phase = OVER
        self.to_move = TERMINAL

    # ------------------------------------------------------------------ refusals

    def _not_your_turn(self, seat: int) -> ActionError:
        if not 0 <= seat < self.table.n:
            return refuse("no_seat", seat=seat)
        if self.phase == OVER:
            return refuse("over")
        return refuse("not_your_turn", seat=seat, player=self.to_move)

    def _why_refused(self, card: Card) -> ActionError:
        if not self.hands[self.place] >> card & 1:
            return refuse("not_held", card=card)
        return refuse("must_follow", suit="♠♥♦♣"[self.led])

    # ------------------------------------------------------------------ chance

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None
                      ) -> Draw | Deal:
        """The cut for partners and deal (or for the mort), or the shuffle and deal."""
        if self.phase == DRAW:
            return dealing.sample_draw(self.table, self.drawers, self.table.by_cut and not self.draws, rng)
        if self.phase != DEAL:
            raise refuse("no_chance_due")
        deal = dealing.sample_deal(self.table, self.dealer, self.seating, self.cut_position, rng, fixed)
        self._sampled = deal
        return deal

    # ------------------------------------------------------------------ copies, undo, views

    def clone(self) -> WhistState:
        new = object.__new__(WhistState)
        for name in WhistState.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = self.hands[:]
        new.trick = self.trick[:]
        new.codes = self.codes[:]
        new.side = self.side[:]
        return new

    def _checkpoint(self) -> None:
        self.checkpoints = self.checkpoints + ((len(self.codes), len(self.side), _PARTIE(self)),)

    def undo(self) -> tuple[int, Any]:
        """Take back the last action exactly: back to the start of its hand, and replay the hand."""
        stop = len(self.codes)
        if not stop:
            raise IndexError("nothing to undo")
        last = decode(self.codes[-1], self.side)
        target = stop - 1
        marks = [c for c in self.checkpoints if c[0] <= target]
        if marks:
            length, side_length, values = marks[-1]
            base = self.clone()
            base._reset_hand()
            for name, value in zip(PARTIE_FIELDS, values, strict=True):
                setattr(base, name, value)
            base.codes = self.codes[:length]
            base.side = self.side[:side_length]
            base.checkpoints = tuple(marks)
        elif self.setup is not None:
            base = type(self).before_deal(self.game, self.setup)
        else:
            base = type(self)(self.game)
        for seat, action in History(self.codes, self.side, len(base.codes), target):
            base.apply(action, seat)
        for name in WhistState.__slots__:
            setattr(self, name, getattr(base, name))
        return last

    def zones(self) -> dict[str, CardSet]:
        """Where every card is: each seat's hand, the mort's, the cards played this hand, and
        ``pack`` for the cards not in play (between hands, or after a hand ended by honours)."""
        place_of = self.seating.place_of
        out = {f"hand {s}": CardSet(self.hands[place_of[s]]) for s in range(self.table.n)}
        used = self.played
        for h in self.hands:
            used |= h
        if self.table.mort:
            out["mort"] = CardSet(self.hands[MORT_PLACE])
        out["played"] = CardSet(self.played)
        out["pack"] = CardSet(self.table.pack & ~used)
        return out

    def observation(self, seat: int | None) -> Any:
        from atout.games.whist.observation import observe

        return observe(self, seat)

    def parse_action(self, text: str, lang: str | None = None) -> Any:
        from atout.games.whist.notation import parse_action

        return parse_action(text, lang)

    def action_text(self, action: Any, lang: str = "en") -> str:
        from atout.games.whist.notation import action_text

        return action_text(action, lang)

    def __repr__(self) -> str:
        return (f"<WhistState {self.game.name} rubber {self.rubber_no} hand {self.hand_no} {self.phase_name} "
                f"game {self.game_scores[0]}-{self.game_scores[1]} to_move {self.to_move}>")


# ---------------------------------------------------------------------- setup from text


def _pair(text: str, key: str) -> tuple[int, int]:
    a, dash, b = text.partition("-")
    x, y = parse_int(a), parse_int(b)
    if not dash or x is None or y is None or x < 0 or y < 0:
        raise InvalidActionError(f"setup {key}={text!r}: write two numbers, e.g. 8-3")
    return x, y


def _number(text: str, key: str, low: int, high: int) -> int:
    value = parse_int(text)
    if value is None or not low <= value <= high:
        raise InvalidActionError(f"setup {key}={text!r}: a number from {low} to {high}")
    return value


def read_setup(st: WhistState, setup: Mapping[str, str]) -> None:
    """The starting facts of :meth:`WhistGame.state_from_deal`, checked; kept in ``st.setup``."""
    table = st.table
    known = {"dealer", "game_scores", "games", "scores", "hand", "rubber", *(("declarer",) if table.mort else ())}
    unknown = set(setup) - known
    if unknown:
        raise InvalidActionError(f"unknown setup facts {sorted(unknown)}; facts are: {', '.join(sorted(known))}")
    declarer = _number(setup.get("declarer", "0"), "declarer", 0, table.n - 1) if table.mort else -1
    st.seating = table.seating(declarer)
    if table.mort:
        st.first_declarer = declarer
    dealer = _number(setup.get("dealer", "3"), "dealer", 0, 3 if table.mort else table.n - 1)
    st.dealer = MORT_PLACE if table.mort and dealer == MORT else st.seating.place_of[dealer]
    st.game_scores = _pair(setup.get("game_scores", "0-0"), "game_scores")
    if max(st.game_scores) >= table.scoring.game_points:
        raise InvalidActionError("setup game_scores: a game in progress is below the game's points")
    st.games_won = _pair(setup.get("games", "0-0"), "games")
    if max(st.games_won) >= 2:
        raise InvalidActionError("setup games: a rubber in progress has fewer than two games won by a side")
    st.games = tuple((0, 0) for _ in range(st.games_won[0])) + tuple((1, 0) for _ in range(st.games_won[1]))
    st.game_no = sum(st.games_won) + 1
    parts = setup.get("scores", ",".join("0" * len(st.scores)))
    values = [parse_int(p) for p in parts.split(",")]
    if len(values) != len(st.scores) or any(v is None for v in values):
        raise InvalidActionError(f"setup scores={parts!r}: one whole number per side, e.g. 0,0")
    st.scores = tuple(v for v in values if v is not None)
    st.hand_no = _number(setup.get("hand", "1"), "hand", 1, 10_000)
    st.rubber_no = _number(setup.get("rubber", "1"), "rubber", 1, table.rubbers)
    st.setup = {"dealer": str(dealer), "game_scores": "-".join(map(str, st.game_scores)),
                "games": "-".join(map(str, st.games_won)), "scores": ",".join(map(str, st.scores)),
                "hand": str(st.hand_no), "rubber": str(st.rubber_no)}
    if table.mort:
        st.setup["declarer"] = str(declarer)



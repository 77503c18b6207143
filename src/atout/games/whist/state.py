"""The state of a Whist partie (four players, one rubber) or of a partie of Whist with a mort
(three players, ``rubbers`` rubbers): a small state machine over the places of the table.

Phases: DRAW (chance: the cut for partners and the first dealer, or for who has the mort; ties
cut again) → for each hand: CUT (the dealer's right-hand opponent cuts) → DEAL (chance) →
[HONOURS: at eight, each member of a side at eight in turn may show three honours, or pass] →
PLAY (thirteen tricks, twelve with 48 cards; at his first turn a player at eight holding two honours may call, and his
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
from collections.abc import Callable, Mapping
from operator import add
from typing import TYPE_CHECKING, NamedTuple

from atout import card_play
from atout.actions import Action, ActionKind, is_listed
from atout.cards import SUIT_INDEX, SUIT_MASK, Card, CardSet, Suit, cards_of
from atout.chance import Deal, Draw
from atout.errors import ActionError, InvalidActionError
from atout.events import Scored, TrickWon
from atout.fields import setter
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, parse_int, slow_setter
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
from atout.games.whist.events import HandResults, PackedHandResult, TrickRecord
from atout.games.whist.refusals import refuse
from atout.games.whist.scoring import HandScore, rubber_winner, score_hand, score_shown
from atout.games.whist.spec import MORT, NEXT_PLACE, PARTNERSHIP_OF_PLACE, PLACES, Seating, WhistGame
from atout.refusals import seat_refusal
from atout.tricks import fast_trick_winner, follow_suit_mask

if TYPE_CHECKING:
    from atout.games.whist.observation import WhistObservation, WhistSheet

DRAW, CUT, DEAL, EXPOSE_MORT, HONOURS, PLAY, ANSWER, OVER = range(8)
PHASE_NAMES = ("draw", "cut", "deal", "expose", "honours", "play", "answer", "over")
PREV_PLACE = (3, 0, 1, 2)
MORT_PLACE = 2
_SUITS: tuple[Suit | None, ...] = (*Suit, None)
_NO_RESULTS = HandResults()
_new_tuple = tuple.__new__
_SUIT_CHUNKS: dict[int, tuple[Card, ...]] = {}
_TRICK_WON = tuple(TrickWon(n) for n in range(14))


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


HAND_DEFAULTS: dict[str, object] = {
    "hands": (0, 0, 0, 0), "turned": None, "trump": -1, "keys": (), "honours": (0, 0, 0, 0),
    "honour_bits": (0, 0, 0, 0), "start_scores": (0, 0), "queue": (), "leader": 0, "place": 0, "trick": (),
    "ncards": 0, "played": 0, "tricks_won": (0, 0), "trick_log": (), "called": 0, "caller": -1, "exposed": False,
    "cut_position": 0,
}
"""The fields of the hand in progress, as they are before a deal."""


class WhistSlow(NamedTuple):
    """The fields of a Whist state that change a few times a hand at most (see
    :attr:`~atout.game.State.slow_record`): the partie, the deal, the trick count."""

    hand_no: int
    rubber_no: int
    game_no: int
    dealer: int                         # the dealer's place (-1 before the cut for partners)
    seating: Seating
    game_scores: tuple[int, int]
    games: tuple[tuple[int, int], ...]  # games won this rubber: (partnership, value)
    games_won: tuple[int, int]
    scores: tuple[int, ...]
    results: HandResults                # packed: the log's ``scored`` events hold the same objects
    draws: tuple[tuple[tuple[int, Card], ...], ...]
    drawers: tuple[int, ...]
    first_declarer: int
    hand_start: int                     # the log's number of the hand's first entry
    turned: Card | None
    trump: int                          # -1 before the deal
    keys: tuple[tuple[int, ...], ...]   # trick keys by suit led, for this trump
    honours: tuple[int, ...]            # honours dealt to each place
    honour_bits: tuple[int, ...]        # and which
    start_scores: tuple[int, int]       # the game scores when the hand was dealt
    cut_position: int
    queue: tuple[int, ...]              # places still to be asked whether they show honours at eight
    called: int                         # bit per place that has called
    caller: int                         # place whose call waits for its answer, -1
    exposed: bool                       # the mort's hand lies face up


class WhistState(State):
    """A Whist (or mort) partie in progress; see the module doc for the phases."""

    position = ("phase", "to_move", "_outcome", "place", "hands", "trick", "ncards", "played", "leader", "tricks_won",
                "trick_log")
    slow_record = WhistSlow
    __slots__ = ("table", *position, "_mkey", "_moves", "_sheet")

    game: WhistGame
    _slow: WhistSlow
    phase: int
    _outcome: Outcome | None
    place: int                          # place to play
    hands: tuple[int, int, int, int]    # bitmask per place
    trick: tuple[Card, ...]
    ncards: int                         # cards played this hand
    played: int
    leader: int                         # place that led the trick in progress
    tricks_won: tuple[int, int]         # per partnership
    trick_log: tuple[TrickRecord, ...]  # this hand's finished tricks
    _mkey: int                          # the version when the cards to play were listed
    _moves: tuple[Card, ...]
    _sheet: tuple[WhistSlow, tuple[TrickRecord, ...], WhistSheet] | None   # the observations' sheet, for them
    if TYPE_CHECKING:   # the slow fields, read and written as attributes (WhistSlow)
        hand_no: int
        rubber_no: int
        game_no: int
        dealer: int
        seating: Seating
        game_scores: tuple[int, int]
        games: tuple[tuple[int, int], ...]
        games_won: tuple[int, int]
        scores: tuple[int, ...]
        results: HandResults
        draws: tuple[tuple[tuple[int, Card], ...], ...]
        drawers: tuple[int, ...]
        first_declarer: int
        hand_start: int
        turned: Card | None
        trump: int
        keys: tuple[tuple[int, ...], ...]
        honours: tuple[int, ...]
        honour_bits: tuple[int, ...]
        start_scores: tuple[int, int]
        cut_position: int
        queue: tuple[int, ...]
        called: int
        caller: int
        exposed: bool

    def __init__(self, game: WhistGame):
        super().__init__(game)
        table = self.table = game.table
        self.phase = DRAW
        self.to_move = CHANCE
        self.hand_no = 0
        self.rubber_no = 1
        self.game_no = 1
        self.dealer = -1
        self.seating = table.seating(-1)
        self.game_scores = (0, 0)
        self.games = ()
        self.games_won = (0, 0)
        self.scores = (0,) * len(game.sides)
        self.results = _NO_RESULTS
        self.draws = ()
        self.drawers = tuple(range(table.n))
        self.first_declarer = -1
        self._outcome = None
        self.hand_start = 0
        self._reset_hand()
        self._mkey = -1
        self._moves = ()
        self._sheet = None

    @classmethod
    def from_deal(cls, game: WhistGame, deal: Action, setup: Mapping[str, str]) -> WhistState:
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
        return st

    def _reset_hand(self) -> None:
        _RESET_FAST(self, _FAST_VALUES)
        _RESET_SLOW(self, _SLOW_VALUES)

    # ------------------------------------------------------------------ queries

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
        return CardSet(self.hands[MORT_PLACE if seat == MORT and self.table.mort else self.seating.place_of[seat]])

    @property
    def firsts(self) -> int:
        """A bit per place that has played a card this hand."""
        if self.ncards >= PLACES:
            return 15
        out = 0
        place = self.leader
        for _ in self.trick:
            out |= 1 << place
            place = NEXT_PLACE[place]
        return out

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
        table = self.table
        return (not self.firsts & bit and table.calling and self.caller < 0 and not self.called & bit
                and self.start_scores[PARTNERSHIP_OF_PLACE[place]] == table.scoring.calling_score
                and self.honours[place] == 2 and not (table.mort and PARTNERSHIP_OF_PLACE[place] == 0))

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Everything ``seat`` (default: the seat to move) may do now; only the seat to move acts."""
        mover = self.to_move
        if seat is None:
            seat = mover
        if seat != mover or seat < 0:
            return ()
        phase = self.phase
        if phase == PLAY:
            moves: tuple[Action, ...] = self.moves()
            # a call only before every place has played (then the commonest no, asked first)
            return moves + (CALL,) if self.ncards < PLACES and self._may_call() else moves
        if phase == CUT:
            return self.table.cut_moves
        if phase == HONOURS:
            return (SHOW, PASS) if self._show_count(self.queue[0]) >= 3 else (PASS,)
        if phase == ANSWER:
            return (ANSWER_YES if self.honours[(self.caller + 2) % PLACES] else ANSWER_NO,)
        if phase == EXPOSE_MORT:
            return (EXPOSE,)
        return ()

    def moves(self) -> tuple[Action, ...]:
        """The MOVE actions of the seat to move: in play, the cards it may play (cached)."""
        if self.phase == PLAY:
            if self._mkey != self.version:
                self._list_cards()
            return self._moves
        if self.to_move < 0:
            return ()
        if self.phase == CUT:
            return self.table.cut_moves
        return tuple(a for a in self.legal_actions(self.to_move) if a.kind is ActionKind.MOVE)

    def _list_cards(self) -> None:
        hand = self.hands[self.place]
        trick = self.trick
        mask = follow_suit_mask(hand, SUIT_INDEX[trick[0]]) if trick else hand
        self._mkey = self.version
        if mask != hand:                  # following suit: the cards of one suit, one lookup
            moves = _SUIT_CHUNKS.get(mask)
            self._moves = moves if moves is not None else cards_tuple(mask)
        else:
            self._moves = cards_tuple(mask)

    # ------------------------------------------------------------------ checks

    def _check(self, action: Action, seat: int) -> None:
        if type(action) is Card and self.phase == PLAY:
            if seat != self.to_move:
                raise self._not_your_turn(seat)
            if self._mkey != self.version:
                self._list_cards()
            if action not in self._moves:
                raise self._why_refused(action)
            return
        kind = getattr(action, "kind", None)
        if not isinstance(kind, ActionKind):
            raise refuse("not_an_action", action=action)
        if kind is ActionKind.CHANCE:
            self._check_chance(action, seat)
            return
        if not 0 <= seat < self.table.n:
            raise seat_refusal(seat)
        if self.phase == OVER:
            raise refuse("over")
        if seat != self.to_move:
            raise self._not_your_turn(seat)
        listed = self.legal_actions(seat)
        if not is_listed(action, listed):
            if type(action) is Card:
                raise refuse("card_not_now", phase=self.phase_name)
            raise refuse("not_now", action=action)

    def _check_chance(self, action: Action, seat: int) -> None:
        if seat != CHANCE or self.to_move != CHANCE:
            raise refuse("not_chance", action=action)
        table = self.table
        if self.phase == DRAW:
            dealing.check_draw(table, self.drawers, table.by_cut and not self.draws, action)
        elif not self._sampled_here(action):   # the deal sample_chance just made is right by construction
            dealing.check_deal(table, self.dealer, self.seating, action)

    def _not_your_turn(self, seat: int) -> ActionError:
        if not 0 <= seat < self.table.n:
            return seat_refusal(seat)
        if self.phase == OVER:
            return refuse("over")
        return refuse("not_your_turn", seat=self.to_move)

    def _why_refused(self, card: Card) -> ActionError:
        if not self.hands[self.place] >> card & 1:
            return refuse("not_held", card=card)
        return refuse("must_follow", cards=CardSet(self._moves_mask()))

    def _moves_mask(self) -> int:
        if self._mkey != self.version:
            self._list_cards()
        return int(CardSet.of(self._moves))

    # ------------------------------------------------------------------ changes

    def _change(self, action: Action, seat: int) -> None:
        """A card from the place to play (the engine's hot path), or :meth:`_change_other`."""
        if type(action) is not Card:
            self._change_other(action)
            return
        place = self.place
        bit = 1 << action
        hands = self.hands
        if place == 0:
            self.hands = (hands[0] ^ bit, hands[1], hands[2], hands[3])
        elif place == 1:
            self.hands = (hands[0], hands[1] ^ bit, hands[2], hands[3])
        elif place == 2:
            self.hands = (hands[0], hands[1], hands[2] ^ bit, hands[3])
        else:
            self.hands = (hands[0], hands[1], hands[2], hands[3] ^ bit)
        self.played |= bit
        self.ncards += 1
        trick = self.trick = self.trick + (action,)
        nxt = NEXT_PLACE[place]
        if len(trick) == 1:
            if self.table.mort and not self.exposed:   # the mort is laid face up after the opening lead
                self.place = nxt
                self.phase = EXPOSE_MORT
                self.to_move = self.seating.declarer
                return
        elif len(trick) == PLACES:
            self._end_trick(trick)
            return
        self.place = nxt
        self.to_move = self._slow.seating.owner[nxt]

    def _change_other(self, action: Action) -> None:
        kind_of = type(action)
        if kind_of is Deal:
            self._on_deal(action)  # type: ignore[arg-type]
        elif kind_of is Draw:
            self._on_draw(action)  # type: ignore[arg-type]
        elif kind_of is Expose:
            self.exposed = True
            if not self.ncards:
                self._open_play()
            elif self._may_show_with_mort():
                self.queue = (0,)          # D, who now sees the mort's honours, may show them
                self.phase = HONOURS
                self.to_move = self.seating.declarer
            else:
                self.phase = PLAY
                self.to_move = self.seating.owner[self.place]
        elif kind_of is Cut:
            self.cut_position = action.position  # type: ignore[attr-defined]
            self.phase = DEAL
            self.to_move = CHANCE
        elif kind_of is Pass:
            self._next_show()
        elif kind_of is Show:
            place = self.queue[0]
            with_mort = place == 0 and self.table.mort and self.exposed    # D shows what he sees of the mort
            shown = self.honour_bits[place] | (self.honour_bits[MORT_PLACE] if with_mort else 0)
            score = score_shown(self.start_scores, PARTNERSHIP_OF_PLACE[place], shown.bit_count(), self.table.scoring)
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
            if action.yes:  # type: ignore[attr-defined]
                shown = self.honour_bits[caller] | self.honour_bits[partner]
                score = score_shown(self.start_scores, PARTNERSHIP_OF_PLACE[caller], shown.bit_count(),
                                    self.table.scoring)
                self._end_hand(score, "called", shown)
            else:
                self.phase = PLAY
                self.to_move = self.seating.owner[self.place]

    def _end_trick(self, trick: tuple[Card, ...]) -> None:
        slow = self._slow
        leader = self.leader
        winner = (leader + fast_trick_winner(trick, slow.keys[SUIT_INDEX[trick[0]]])) % PLACES
        seating = slow.seating
        seat_of = seating.hand_seat
        self.trick_log = log = self.trick_log + (_new_tuple(TrickRecord, (seat_of[leader], trick, seat_of[winner])),)
        self._log.event(seat_of[winner], _TRICK_WON[len(log)])
        won = self.tricks_won
        self.tricks_won = won = (won[0] + 1, won[1]) if PARTNERSHIP_OF_PLACE[winner] == 0 else (won[0], won[1] + 1)
        self.leader = self.place = winner
        self.trick = ()
        self.to_move = seating.owner[winner]
        if self.ncards == self.table.pack_size:
            honours = slow.honours
            held = (honours[0] + honours[2], honours[1] + honours[3])
            self._end_hand(score_hand(slow.start_scores, won, held, self.table.scoring), "played")

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
        slow = self._slow
        _SET_HAND(self, (slow.hand_no + 1, self.log_length()))
        self.phase = CUT
        self.to_move = slow.seating.owner[PREV_PLACE[slow.dealer]]

    def _on_deal(self, deal: Deal) -> None:
        table = self.table
        place_of = self.seating.place_of
        hands = [0, 0, 0, 0]
        for who, dealt in enumerate(deal.hands):
            hands[place_of[who]] = int(dealt)
        if table.mort:
            hands[MORT_PLACE] = int(CardSet.of(deal.talon))
        self.hands = (hands[0], hands[1], hands[2], hands[3])
        turned = deal.turned[0]
        trump = SUIT_INDEX[turned]
        mask = table.honour_mask[trump]
        bits = tuple(h & mask for h in hands)
        _SET_DEAL(self, (turned, trump, table.keys[trump], bits, tuple(b.bit_count() for b in bits), self.game_scores))
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

    def _may_show_with_mort(self) -> bool:
        """With the mort laid out after the opening lead: D's side at eight, and the mort's honours
        bring what D sees to three or four (before the lead he could show only his own)."""
        table = self.table
        return (table.calling and self.start_scores[0] == table.scoring.calling_score
                and self.honours[MORT_PLACE] > 0 and self._show_count(0) >= 3)

    def _next_show(self) -> None:
        self.queue = queue = self.queue[1:]
        if queue:
            self.to_move = self.seating.owner[queue[0]]
        else:
            self.phase = PLAY
            self.to_move = self.seating.owner[self.place]

    # ------------------------------------------------------------------ scoring

    def _end_hand(self, score: HandScore, reason: str, shown: int = 0) -> None:
        """Write the hand on the score sheet; then the next hand, game or rubber, or the end."""
        table = self.table
        slow = self._slow
        winner = score.game_winner
        scores = slow.scores
        points: tuple[int, ...] = (0,) * len(scores)
        rubber_won = -1
        bonus = 0
        games_won = slow.games_won
        games = slow.games
        if winner >= 0:
            games = games + ((winner, score.game_value),)
            games_won = (games_won[0] + 1, games_won[1]) if winner == 0 else (games_won[0], games_won[1] + 1)
            points = self._transfer(winner, score.game_value)
            rubber_won = rubber_winner(games_won)
            if rubber_won >= 0 and table.rubber_bonus:
                bonus = table.rubber_bonus
                points = tuple(map(add, points, self._transfer(rubber_won, bonus)))
            scores = tuple(map(add, scores, points))
        trump = _SUITS[slow.trump] if slow.trump >= 0 else None
        dealer = slow.dealer
        seating = slow.seating
        packed = PackedHandResult.pack(     # a HandResult, packed (HandResults gives it back)
            slow.hand_no, slow.rubber_no, slow.game_no, seating.hand_seat[dealer], trump, slow.turned,
            seating.partners, self.tricks_won, score.trick_points, score.honour_points,
            score.game_scores, winner, score.game_value, rubber_won, bonus, points, scores,
            reason, tuple(cards_of(shown)) if shown else ())
        _SET_SHEET(self, (games, games_won, scores, slow.results.plus(packed), NEXT_PLACE[dealer],
                          score.game_scores if winner < 0 else (0, 0)))   # a game won: the surplus is lost
        self.announce(-1, Scored(packed))
        if winner < 0:
            self._begin_hand()
            return
        if rubber_won < 0:
            self.game_no += 1
            self._begin_hand()
            return
        self._end_rubber()

    def _transfer(self, partnership: int, value: int) -> tuple[int, ...]:
        """Settlement points for ``value`` won by ``partnership``: in Whist each winner collects it
        from the opponent on his left; with a mort, D settles with each opponent."""
        sign = 1 if partnership == 0 else -1
        if not self.table.mort:
            return (sign * value, -sign * value)
        declarer = self.seating.declarer
        return tuple(2 * sign * value if s == declarer else -sign * value for s in range(self.table.n))

    def _end_rubber(self) -> None:
        if self.rubber_no >= self.table.rubbers:
            self._end_partie()
            return
        self.rubber_no += 1
        self.game_no = 1
        self.games = ()
        self.games_won = (0, 0)
        self._begin_rubber()

    def _end_partie(self) -> None:
        """The partie's winners are those who collect: with a small ``rubber_bonus`` the side that
        won the rubber may still pay, on the games' values (nobody wins when nothing changes hands)."""
        table = self.table
        scores = self.scores
        if not table.mort or table.rubbers == 1:
            winners = tuple(s for s, v in enumerate(scores) if v > 0)
            self._outcome = Outcome(scores, winners, EndReason.RUBBER)
        else:
            best = max(scores)
            top = tuple(s for s, v in enumerate(scores) if v == best)
            self._outcome = Outcome(scores, top if len(top) == 1 else (), EndReason.DEALS)
        self._reset_hand()
        self.phase = OVER
        self.to_move = TERMINAL

    # ------------------------------------------------------------------ chance

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None
                      ) -> Draw | Deal:
        """The cut for partners and deal (or for the mort), or the shuffle and deal."""
        if self.phase == DRAW:
            return dealing.sample_draw(self.table, self.drawers, self.table.by_cut and not self.draws, rng)
        if self.phase != DEAL:
            raise refuse("not_chance", action="deal")
        return self._made_here(dealing.sample_deal(self.table, self.dealer, self.seating, self.cut_position, rng, fixed))

    # ------------------------------------------------------------------ views

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

    def observation(self, seat: int | None) -> WhistObservation:
        found = _OBSERVE[0]
        if found is None:   # imported once (the observation module imports this one)
            from atout.games.whist.observation import observe
            found = _OBSERVE[0] = observe
        return found(self, seat)

    def parse_action(self, text: str, lang: str | None = None) -> Action:
        from atout.games.whist.notation import parse_action

        return parse_action(text, lang)

    def action_text(self, action: Action, lang: str = "en") -> str:
        from atout.games.whist.notation import action_text

        return action_text(action, lang)

    def __repr__(self) -> str:
        return (f"<WhistState {self.game.name} rubber {self.rubber_no} hand {self.hand_no} {self.phase_name} "
                f"game {self.game_scores[0]}-{self.game_scores[1]} to_move {self.to_move}>")


_OBSERVE: list[Callable[[WhistState, int | None], WhistObservation] | None] = [None]
_HAND_FAST = tuple(name for name in HAND_DEFAULTS if name in WhistState.position)
_HAND_SLOW = tuple(name for name in HAND_DEFAULTS if name not in WhistState.position)
_RESET_FAST = setter(_HAND_FAST)
_RESET_SLOW = slow_setter(WhistState, _HAND_SLOW)
_SET_DEAL = slow_setter(WhistState, ("turned", "trump", "keys", "honour_bits", "honours", "start_scores"))
_SET_HAND = slow_setter(WhistState, ("hand_no", "hand_start"))
_SET_SHEET = slow_setter(WhistState, ("games", "games_won", "scores", "results", "dealer", "game_scores"))
_FAST_VALUES = tuple(HAND_DEFAULTS[name] for name in _HAND_FAST)
_SLOW_VALUES = tuple(HAND_DEFAULTS[name] for name in _HAND_SLOW)


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




card_play.install(WhistState, "whist", (PLAY, *map(WhistSlow._fields.index, ("seating", "exposed", "keys")), TrickRecord,
                                        _TRICK_WON), (PLAY,))
"""A card played in a trick (but the hand's last): listed and played in compiled calls (:mod:`atout.card_play`)."""

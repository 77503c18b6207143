"""The state of a Bésigue partie: a small state machine over the phases of a hand.

Phases: ``draw`` (chance: the lowest card deals first) → for each hand: ``cut`` (the dealer's
opponent, or the player on his left) → ``deal`` (chance) → ``play`` (the first phase, talon not
empty: any card) and, after each trick, ``declare`` (the winner may exchange the seven of trumps,
declare, then ``pass``: everyone draws, the winner first) → ``last_tricks`` (talon empty: tabled
cards back in hand, must follow, head, trump) → the count (last trick, brisques, in turn from
the last trick's winner) → the next hand, until a game (or the match) is won.

Scores: ``scores`` is the score sheet, moved by each :class:`HandResult` (at the end of a hand, or
when a score reaches the target during it); ``marque`` is the live score (the sheet plus the points
of the hand in progress), which the win is checked on.

>>> import random
>>> from atout.games import make_game
>>> state, rng = make_game("besigue", {"target": "300"}).new_state(), random.Random(3)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> max(state.scores) >= 300, list(state.scores) == [sum(p) for p in zip(*(r.points for r in state.results))]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from atout import card_play
from atout.actions import Action, is_listed
from atout.cards import (
    ALL_CARDS,
    JOKER_SUIT,
    RANK_INDEX,
    SUIT_INDEX,
    SUIT_MASK_ALL,
    SUIT_SYMBOLS,
    Card,
    CardSet,
    Rank,
    cards_of,
)
from atout.chance import Deal, Draw
from atout.errors import ActionError
from atout.events import Scored, TrickWon
from atout.game import CHANCE, TERMINAL, EndReason, Outcome, State, parse_int
from atout.games.besigue import brisques as counting
from atout.games.besigue.actions import PASS, Cut, Exchange, Pass
from atout.games.besigue.deal import check_deal, check_draw, first_dealer, sample_deal, sample_draw
from atout.games.besigue.declarations import MARRIAGE, NO_USE, TRUMP_MARRIAGE, Declaration, Used, legal
from atout.games.besigue.events import Drew, GameRecord, GameWon, HandResult, Points, TrickRecord
from atout.games.besigue.match import Match
from atout.games.besigue.notation import action_text, parse
from atout.games.besigue.observation import BesigueObservation, compiled_observe
from atout.games.besigue.reading import Plain, alike, by_name, loose
from atout.games.besigue.refusals import invalid, refuse
from atout.games.besigue.spec import LAST_TRICK_POINTS, SEVEN_POINTS, BesigueGame, Rules
from atout.history import NARROW_CODE, SEAT_CODE
from atout.refusals import Words, seat_refusal
from atout.tricks import fast_trick_winner, led_suit, legal_mask, trick_keys

__all__ = ["BesigueState", "GameRecord", "HandResult", "TrickRecord"]

DRAW, CUT, DEAL, PLAY, DECLARE, LAST, OVER = range(7)
PHASE_NAMES = ("draw", "cut", "deal", "play", "declare", "last_tricks", "over")
_MARQUE: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = [((), (), ())]
"""The scores, the hand's points and the marque last made of them (one item, read and replaced whole)."""
BRISQUES = sum(1 << c for c in range(len(ALL_CARDS)) if RANK_INDEX[c] in (Rank.ACE, Rank.TEN))
SEVENS = tuple(SUIT_MASK_ALL[s] & sum(1 << c for c in range(len(ALL_CARDS)) if RANK_INDEX[c] == Rank.SEVEN)
               for s in range(4))
"""Every seven of each suit (all copies)."""
PHASE_WORDS = {DECLARE: Words({"en": "the trick's winner declares, then passes to draw",
                               "fr": "le gagnant du pli annonce, puis passe pour piocher"}),
               CUT: Words({"en": "the pack is to be cut", "fr": "le jeu est à couper"})}
"""What a refusal says of a phase in which no card is played."""
_TRICK_WON = tuple(TrickWon(n) for n in range(80))
_DREW: dict[int, Drew] = {}
"""One :class:`Drew` event per seat, card and face (the log interns it once)."""


def _drew(seat: int, card: Card, face_up: bool = False) -> Drew:
    key = seat << 10 | card << 1 | face_up
    found = _DREW.get(key)
    if found is None:
        found = _DREW[key] = Drew(seat, card, face_up)
    return found


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1:])


class BesigueState(State):
    """A Bésigue partie in progress (see the module doc). Every position field holds an immutable
    value (numbers, tuples, records), replaced on change: the base class keeps snapshots for undo
    and shares them with clones."""

    position: ClassVar[tuple[str, ...]] = (
        # the partie
        "phase", "to_move", "dealer", "hand_no", "scores", "match", "games", "results", "ended", "cut_position",
        "hand_start",
        # the hand in progress
        "hands", "tabled", "used", "talon", "talon_pos", "retourne", "retourne_holder", "trump", "trick",
        "trick_mask", "leader", "played", "brisques", "hand_points", "last_trick", "declared",
    )
    __slots__ = ("rules", "n", *position, "_mkey", "_moves")

    game: BesigueGame
    rules: Rules
    n: int
    phase: int
    dealer: int
    hand_no: int
    scores: tuple[int, ...]             # the score sheet, per side
    match: Match
    games: tuple[GameRecord, ...]       # games won so far
    results: tuple[HandResult, ...]
    ended: Outcome | None
    cut_position: int
    hand_start: int                     # the log's number of the hand's first entry (its cut)
    hands: tuple[int, ...]              # per seat: every card it holds (hand and table), a bitmask
    tabled: tuple[int, ...]             # per seat: its declared cards on the table (still its own)
    used: Used
    talon: tuple[Card, ...]             # as dealt, top first (the turned card at the bottom)
    talon_pos: int                      # cards drawn so far
    retourne: Card | None
    retourne_holder: int
    trump: int | None
    trick: tuple[Card, ...]
    trick_mask: int
    leader: int
    played: int                         # cards played this hand
    brisques: tuple[int, ...]           # per side, taken this hand
    hand_points: tuple[int, ...]        # per side, scored this hand
    last_trick: TrickRecord | None
    declared: int                       # declarations made since the last trick won
    _mkey: int                          # the version when the moves were listed
    _moves: tuple[Action, ...]

    def __init__(self, game: BesigueGame):
        super().__init__(game)
        rules = self.rules = game.rules
        n = self.n = rules.n
        zeros = (0,) * rules.num_sides
        self.phase = DRAW
        self.to_move = CHANCE
        self.dealer = -1
        self.hand_no = 0
        self.match = Match.start(rules)
        self.scores = self.match.start_scores()
        self.games = ()
        self.results = ()
        self.ended = None
        self.cut_position = 0
        self.hand_start = 0
        self.hands = (0,) * n
        self.tabled = (0,) * n
        self.used = NO_USE
        self.talon = ()
        self.talon_pos = 0
        self.retourne = None
        self.retourne_holder = -1
        self.trump = None
        self.trick = ()
        self.trick_mask = 0
        self.leader = 0
        self.played = 0
        self.brisques = zeros
        self.hand_points = zeros
        self.last_trick = None
        self.declared = 0
        self._mkey = -1
        self._moves = ()

    @classmethod
    def from_deal(cls, game: BesigueGame, deal: Action, setup: dict[str, str]) -> BesigueState:
        """The state right after ``deal`` with the starting facts of ``setup`` (see
        :meth:`BesigueGame.state_from_deal`)."""
        rules = game.rules
        known = {"dealer", "scores", "hand", "hundred", "streak", "wins", "hundreds"}
        unknown = sorted(set(setup) - known)
        if unknown:
            raise invalid("unknown", text=" ".join(unknown))
        dealer = parse_int(setup.get("dealer", str(rules.n - 1)))
        hand = parse_int(setup.get("hand", "1"))
        hundred = setup.get("hundred", "-")
        receiver = -1 if hundred == "-" else parse_int(hundred)
        streak_side, _, streak_count = setup.get("streak", "-1:0").rpartition(":")
        streak = (parse_int(streak_side), parse_int(streak_count))
        zeros = "-".join("0" * rules.num_sides)
        wins = [parse_int(w) for w in setup.get("wins", zeros).split("-")]
        hundreds = [parse_int(h) for h in setup.get("hundreds", zeros).split("-")]
        ok = (dealer is not None and 0 <= dealer < rules.n and hand is not None and hand >= 1
              and receiver is not None and (receiver == -1 or (rules.bas_table and 0 <= receiver < rules.num_sides))
              and None not in streak and None not in wins and len(wins) == rules.num_sides
              and len(hundreds) == rules.num_sides and all(h is not None and h >= 0 for h in hundreds)
              and (rules.bas_table or not any(hundreds)))
        if not ok:
            raise invalid("unknown", text=str(dict(setup)))
        state = cls(game)
        state.match = Match.start(rules, int(receiver or 0) if receiver != -1 else -1,
                                  (int(streak[0] or 0), int(streak[1] or 0)), tuple(int(w or 0) for w in wins),
                                  tuple(int(h or 0) for h in hundreds))
        default_scores = "-".join(str(s) for s in state.match.start_scores())
        scores = [parse_int(s) for s in setup.get("scores", default_scores).split("-")]
        if len(scores) != rules.num_sides or None in scores:
            raise invalid("unknown", text=str(dict(setup)))
        state.scores = tuple(int(s or 0) for s in scores)
        state.dealer, state.hand_no = int(dealer or 0), int(hand or 1) - 1
        state.phase, state.to_move, state.cut_position = DEAL, CHANCE, 2
        state.setup = {"dealer": str(dealer), "scores": "-".join(map(str, state.scores)), "hand": str(hand),
                       "hundred": hundred, "streak": f"{streak[0]}:{streak[1]}", "wins": "-".join(map(str, wins)),
                       "hundreds": "-".join(map(str, hundreds))}
        state.apply(deal, CHANCE)
        return state

    # ------------------------------------------------------------------ what may be done

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def marque(self) -> tuple[int, ...]:
        """The live score of each side: the score sheet plus the points of the hand in progress (the
        last one made is given again for the same two tuples: an observation's JSON keeps it)."""
        scores, points = self.scores, self.hand_points
        kept = _MARQUE[0]
        if kept[0] is scores and kept[1] is points:
            return kept[2]
        made = tuple([s + p for s, p in zip(scores, points, strict=True)])
        _MARQUE[0] = (scores, points, made)
        return made

    def moves(self) -> tuple[Action, ...]:
        if self._mkey == self.version:
            return self._moves
        phase = self.phase
        if phase == PLAY:
            moves: tuple[Action, ...] = tuple(cards_of(self.hands[self.to_move]))
        elif phase == LAST:
            moves = tuple(cards_of(self._card_mask(self.to_move)))
        elif phase == DECLARE:
            moves = self._declare_moves()
        elif phase == CUT:
            moves = self.rules.cuts
        else:
            moves = ()
        self._mkey, self._moves = self.version, moves
        return moves

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        if seat is None or seat == self.to_move:
            return self.moves()
        return ()

    def _card_mask(self, seat: int) -> int:
        if self.phase == PLAY:
            return self.hands[seat]
        return legal_mask(self.hands[seat], self.trick, self.trump, self.rules.phase2_rule, self.rules.strength)

    def _declare_moves(self) -> tuple[Action, ...]:
        seat, rules = self.to_move, self.rules
        out: list[Action] = []
        trump = self.trump
        retourne = self.retourne
        if (self.declared == 0 and retourne is not None and trump is not None
                and self.talon_pos < len(self.talon) and not SEVENS[trump] >> retourne & 1):
            sevens = self.hands[seat] & SEVENS[trump]
            if sevens:
                out.append(Exchange(ALL_CARDS[(sevens & -sevens).bit_length() - 1]))
        if self.declared == 0 or rules.unlimited:
            out += legal(rules.values, trump, self.hands[seat], self.tabled[seat], self.used,
                         rules.quinte_needs_marriage)
        out.append(PASS)
        return tuple(out)

    # ------------------------------------------------------------------ checks

    def _check(self, action: Action, seat: int) -> None:
        """Refuse, with its reason, anything :meth:`legal_actions` does not list."""
        phase = self.phase
        if type(action) is Card and (phase == PLAY or phase == LAST) and seat == self.to_move:
            if not self._card_mask(seat) >> action & 1:
                raise self._card_refusal(action, seat)
            return
        if self.ended is not None:
            raise refuse("over")
        if type(action) is Draw or type(action) is Deal:
            if seat != CHANCE or phase != (DRAW if type(action) is Draw else DEAL):
                raise refuse("not_chance", action=action)
            if isinstance(action, Draw):
                check_draw(self.rules, action)
            elif not self._sampled_here(action):   # the deal sample_chance just made is right by construction
                check_deal(self.rules, action, self.dealer)
            return
        if not 0 <= seat < self.n:
            raise seat_refusal(seat)
        if self.to_move == CHANCE:
            raise refuse("chance_due")
        if seat != self.to_move:
            raise refuse("not_your_turn", seat=self.to_move)
        if is_listed(action, self.moves()):
            return
        if isinstance(action, Card):
            if phase in (PLAY, LAST):
                raise self._card_refusal(action, seat)
            raise refuse("card_not_now", phase=PHASE_WORDS.get(phase, PHASE_NAMES[phase]))
        if isinstance(action, Cut):
            cuts = self.rules.cuts
            if phase == CUT:
                raise refuse("bad_cut", low=cuts[0].position, high=cuts[-1].position)
            raise refuse("not_now", action=action)
        if isinstance(action, Exchange):
            raise refuse("bad_exchange", card=Plain(action.card))
        if isinstance(action, Declaration):
            if phase != DECLARE:
                raise refuse("not_declare_time")
            listed = [m for m in self.moves() if isinstance(m, Declaration)]
            raise refuse("bad_declaration", decl=Plain(action), legal=Plain(listed) if listed else "-")
        if isinstance(action, Pass):
            raise refuse("not_declare_time")
        raise refuse("not_an_action", action=action)

    def _card_refusal(self, card: Card, seat: int) -> ActionError:
        if not 0 <= seat < self.n:
            return seat_refusal(seat)
        if self.to_move == CHANCE:
            return refuse("chance_due")
        if seat != self.to_move:
            return refuse("not_your_turn", seat=self.to_move)
        if not self.hands[seat] >> card & 1:
            return refuse("not_held", card=card)
        allowed = CardSet(self._card_mask(seat))
        if card.is_joker:
            return refuse("joker_discard", cards=Plain(allowed))
        led = led_suit(self.trick)
        trump = self.trump
        if led is not None and self.hands[seat] & SUIT_MASK_ALL[led]:
            if SUIT_INDEX[card] != led:
                return refuse("must_follow", cards=Plain(allowed))
            return refuse("must_head", cards=Plain(allowed))
        if trump is not None and SUIT_INDEX[card] != trump:
            return refuse("must_trump", suit=SUIT_SYMBOLS[trump])
        return refuse("must_overtrump", cards=Plain(allowed))

    # ------------------------------------------------------------------ changes

    def _change(self, action: Action, seat: int) -> None:
        kind = type(action)
        if kind is Card:
            self._play(action, seat)  # type: ignore[arg-type]
        elif kind is Pass:
            self._draw_cards(seat)
        elif kind is Deal:
            self._deal(action)  # type: ignore[arg-type]
        elif kind is Draw:
            dealer = first_dealer(self.rules, action)  # type: ignore[arg-type]
            if dealer >= 0:
                self.dealer = dealer
                self._to_cut()
        elif kind is Cut:
            self.cut_position = action.position  # type: ignore[attr-defined]
            self.phase, self.to_move = DEAL, CHANCE
        elif kind is Exchange:
            self._exchange(action.card, seat)  # type: ignore[attr-defined]
        else:
            self._declare(action, seat)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ the hand

    def _to_cut(self) -> None:
        n = self.n
        self.phase = CUT
        self.to_move = (self.dealer + 1) % n if n == 2 else (self.dealer - 1) % n
        self.hand_start = self.log_length()

    def _deal(self, deal: Deal) -> None:
        rules, n = self.rules, self.n
        zeros = (0,) * rules.num_sides
        self.hand_no += 1
        self.hands = tuple(int(h) for h in deal.hands)
        self.tabled = (0,) * n
        self.used = NO_USE
        self.talon = deal.talon
        self.talon_pos = 0
        self.retourne = retourne = deal.turned[0] if deal.turned else None
        self.retourne_holder = -1
        self.trump = None if retourne is None else SUIT_INDEX[retourne]
        self.trick, self.trick_mask, self.played = (), 0, 0
        self.brisques = zeros
        self.hand_points = zeros
        self.last_trick = None
        self.declared = 0
        self.leader = (self.dealer + 1) % n
        self.phase, self.to_move = PLAY, self.leader
        if rules.dealer_seven_points and retourne is not None and RANK_INDEX[retourne] == Rank.SEVEN:
            self._score(rules.side_of[self.dealer], rules.dealer_seven_points, self.dealer, "dealer_seven")

    def _play(self, card: Card, seat: int) -> None:
        bit = 1 << card
        hands = self.hands
        self.hands = (*hands[:seat], hands[seat] ^ bit, *hands[seat + 1:])
        tabled = self.tabled
        if tabled[seat] & bit:
            self.tabled = (*tabled[:seat], tabled[seat] ^ bit, *tabled[seat + 1:])
        trick = self.trick = (*self.trick, card)
        self.trick_mask |= bit
        self.played = played = self.played | bit
        n = self.n
        if len(trick) < n:
            self.to_move = (seat + 1) % n
            return
        rules = self.rules
        leader = self.leader
        trump = self.trump
        winner = (leader + fast_trick_winner(trick, trick_keys(rules.strength, trump, led_suit(trick)))) % n
        side = rules.side_of[winner]
        mask = self.trick_mask
        taken = (mask & BRISQUES).bit_count()
        if taken:
            self.brisques = _put(self.brisques, side, self.brisques[side] + taken)
        self.last_trick = TrickRecord(leader, trick, winner)
        self.trick, self.trick_mask, self.leader = (), 0, winner
        self.announce(winner, _TRICK_WON[played.bit_count() // n])
        if self.phase == PLAY:
            if trump is not None and mask & SEVENS[trump]:
                sevens = SEVENS[trump]
                for i, c in enumerate(trick):
                    if sevens >> c & 1:
                        scorer = winner if rules.seven_to_winner else (leader + i) % n
                        if self._score(rules.side_of[scorer], SEVEN_POINTS, scorer, "seven"):
                            return
            self.phase, self.to_move, self.declared = DECLARE, winner, 0
        elif self.hands[winner]:
            self.to_move = winner
        else:
            self._count(winner)

    def _exchange(self, seven: Card, seat: int) -> None:
        retourne = self.retourne
        assert retourne is not None
        hands = self.hands
        self.hands = _put(hands, seat, hands[seat] ^ ((1 << seven) | (1 << retourne)))
        self.retourne = seven
        if self.rules.exchange_points:
            self._score(self.rules.side_of[seat], self.rules.exchange_points, seat, "exchange")

    def _declare(self, decl: Declaration, seat: int) -> None:
        cards = int(decl.cards)
        self.used = self.used.record(decl.name, cards)
        self.tabled = _put(self.tabled, seat, self.tabled[seat] | cards)
        self.declared += 1
        if self.trump is None and decl.name in (TRUMP_MARRIAGE, MARRIAGE):
            self.trump = SUIT_INDEX[cards.bit_length() - 1]
        self._score(self.rules.side_of[seat], decl.points, seat)

    def _draw_cards(self, winner: int) -> None:
        n, talon = self.n, self.talon
        pos, last = self.talon_pos, len(talon) - 1
        hands = list(self.hands)
        retourne = self.retourne
        for i in range(n):
            seat = (winner + i) % n
            if pos == last and retourne is not None:
                card = retourne
                self.retourne_holder = seat
                self.announce(seat, _drew(seat, card, True))
            else:
                card = talon[pos]
                self.announce(seat, _drew(seat, card))
            hands[seat] |= 1 << card
            pos += 1
        self.hands = tuple(hands)
        self.talon_pos = pos
        self.to_move = winner
        if pos <= last:
            self.phase = PLAY
            return
        self.tabled = (0,) * n        # the talon is out: tabled cards go back to the hands
        self.phase = LAST
        if self.rules.last_trick_phase1:
            self._score(self.rules.side_of[winner], LAST_TRICK_POINTS, winner, "last_trick")

    def _count(self, last_winner: int) -> None:
        """The end of the hand: the last trick, then the brisques in turn from the last trick's winner."""
        rules = self.rules
        if not rules.last_trick_phase1 and self._score(rules.side_of[last_winner], LAST_TRICK_POINTS, last_winner,
                                                       "last_trick"):
            return
        for side in counting.counting_order(rules, last_winner):
            points = counting.brisque_points(rules, side, self.brisques, self.scores[side] + self.hand_points[side])
            if points and self._score(side, points, -1, "brisques"):
                return
        self._record("hand")
        if not rules.immediate:
            scores = self.scores
            best = max(scores)
            if best >= rules.target:      # a tie at the top: the first of them in the counting order
                self._close_game(next(side for side in counting.counting_order(rules, last_winner)
                                      if scores[side] == best))
                return
        self._next_hand()

    # ------------------------------------------------------------------ scores, games, the match

    def _score(self, side: int, points: int, seat: int, reason: str = "") -> bool:
        """Add ``points`` to ``side``'s hand (announced, with ``reason``, unless a declaration
        scored them); True if that wins the game (play then stops)."""
        self.hand_points = hand = _put(self.hand_points, side, self.hand_points[side] + points)
        if reason:
            self.announce(seat, Points(side, points, reason))
        rules = self.rules
        if rules.immediate and points > 0 and self.scores[side] + hand[side] >= rules.target:
            self._record("target")
            self._close_game(side)
            return True
        return False

    def _record(self, reason: str) -> None:
        points = self.hand_points
        self.scores = scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        result = HandResult(self.hand_no, self.dealer, self.trump, points, scores, reason, self.brisques)
        self.results = (*self.results, result)
        self.announce(-1, Scored(result))
        self.hand_points = (0,) * self.rules.num_sides

    def _close_game(self, winner: int) -> None:
        scores = self.scores
        loser = max(s for i, s in enumerate(scores) if i != winner)
        match, worth = self.match.won(winner, loser)
        self.match = match
        record = GameRecord(len(self.games) + 1, winner, scores, worth)
        self.games = (*self.games, record)
        self.announce(-1, GameWon(record))
        if match.over() >= 0:
            self.ended = Outcome(scores, (winner,), EndReason.TARGET)
            self.phase, self.to_move = OVER, TERMINAL
            return
        start = match.start_scores()
        self.hand_points = tuple(a - b for a, b in zip(start, scores, strict=True))
        self._record("new_game")
        self._next_hand()

    def _next_hand(self) -> None:
        self.dealer = (self.dealer + 1) % self.n
        self._to_cut()

    # ------------------------------------------------------------------ chance

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Draw | Deal:
        if self.phase == DRAW:
            return sample_draw(self.rules, rng)
        if self.phase != DEAL:
            raise refuse("not_chance", action="chance")
        return self._made_here(sample_deal(self.rules, self.dealer, self.cut_position, rng,
                                           {s: int(c) for s, c in fixed.items()} if fixed else None))

    # ------------------------------------------------------------------ what is known

    def outcome(self) -> Outcome | None:
        return self.ended

    def observation(self, seat: int | None) -> BesigueObservation:
        return _observe(self, seat)

    def zones(self) -> dict[str, CardSet]:
        if self.hand_no == 0:
            return {"pack": self.rules.pack}
        zones = {}
        for seat in range(self.n):
            zones[f"hand {seat}"] = CardSet(self.hands[seat] & ~self.tabled[seat])
            zones[f"table {seat}"] = CardSet(self.tabled[seat])
        zones["talon"] = CardSet(self.talon_mask())
        zones["played"] = CardSet(self.played)
        return zones

    def talon_mask(self) -> int:
        """The cards still in the talon (the turned card, or the seven exchanged for it, at the bottom)."""
        talon, pos = self.talon, self.talon_pos
        last = len(talon) - 1
        mask = 0
        for card in talon[pos:last]:
            mask |= 1 << card
        if pos <= last:
            mask |= 1 << (talon[last] if self.retourne is None else self.retourne)
        return mask

    def parse_action(self, text: str, lang: str | None = None) -> Action:
        """Read ``text``; written without copy numbers (``AS``, ``exchange 7H``, ``marriage KH QH``,
        ``JK``), it names the move the player to move may make with copies he holds, since copies
        are alike (``AS#2`` names one copy); a combination's name alone names the legal declaration
        of that name (:mod:`~atout.games.besigue.reading`)."""
        text, free = loose(text, lang)
        action = parse(text, lang, self.rules)
        kind = type(action)
        if type(action) is Declaration and not action.cards:
            return by_name(action, text.split()[0], self.moves()) if self.phase == DECLARE else action
        if free and (kind is Card or kind is Exchange or kind is Declaration):
            default = self.rules.values.of(action.name) if type(action) is Declaration else 0
            found = alike(action, self.moves(), default)
            if found is action and kind is Card and self.to_move >= 0:   # not playable: a copy held, refused
                found = alike(action, cards_of(self.hands[self.to_move]), 0)
            return found
        return action

    def action_text(self, action: Action, lang: str = "en") -> str:
        return action_text(action, lang)


_CARD_INFO = bytes(SUIT_INDEX[c] | (8 if BRISQUES >> c & 1 else 0) | (16 if RANK_INDEX[c] == Rank.SEVEN else 0)
                   if SUIT_INDEX[c] != JOKER_SUIT else JOKER_SUIT for c in range(len(ALL_CARDS)))
"""Each card's suit (a joker's: 4), 8 for a brisque, 16 for a seven: what the compiled card play reads."""
card_play.install(BesigueState, "besigue", (PLAY, LAST, DECLARE, _TRICK_WON, TrickRecord, _CARD_INFO, PASS, NARROW_CODE,
                                            SEAT_CODE, _drew), (PLAY,))
"""A card played in the play or the last tricks (not where a seven of trumps scores, not the hand's last
trick), the cards of the hand in the play, and the pass that draws from the talon (but its last card):
listed and played in compiled calls (:mod:`atout.card_play`)."""


_observe = compiled_observe(BesigueState, PHASE_NAMES)
"""The observation of a seat (:meth:`BesigueState.observation`): pure, or compiled when built."""

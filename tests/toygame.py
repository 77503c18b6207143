"""Toy: a throwaway trick game that implements the whole game contract.

The one game the tests play besides the real ones, and the example of what a game must
implement. It proves the conformance kit (``tests/conformance/kit.py``), and it shows that the
record, the bots and the command line know no game. It is registered only by the tests that use
it (:func:`registered`), never by ``atout.games``.

Rules. Sixteen cards: the aces and kings of each suit, in two copies (``KH`` and ``KH#2`` are the
same card for every rule; of two equal cards in a trick, the first played wins). ``seats``
players, each for himself or, with ``partners``, in two sides whose members sit alternately.
The first dealer is drawn: each seat draws a card face up, and the highest rank deals (when
several share it, they all draw again). The dealer gives everyone the same number of cards (six
at most, one card at least left over) and turns the top card of the talon: its suit is trump.
With ``discard``, each player in turn, starting after the dealer, first discards a card face
down. The player after the dealer leads; one must follow suit when one can; the highest trump,
else the highest card of the suit led, wins the trick and leads the next. Each trick is a point for the winner's
side. The deal passes to the next seat. The partie ends when one side alone has the most points
and at least ``target``; or, with ``deals``, after that many deals (a tie if the top is shared).

Every kind of action appears:

- ``MOVE``: a card (``KH``; French ``RC``); with ``discard``, ``discard KH`` (``écarte RC``),
  which the other seats see as ``hidden discard 1``.
- ``TALK``: ``show KH`` (``montre RC``): the player to move may first show cards he holds, at
  most :data:`SHOWS` a turn; they are then public.
- ``CLAIM``: ``claim`` (``réclame``): between two tricks, any player holding only trumps each
  higher than every trump he has not seen takes all the remaining tricks, in his turn or not.
- ``TABLE``: ``abandon`` (``abandonne``): a player leaves the partie; the other sides win it.
- ``CHANCE``: the draw and the deal (:mod:`atout.chance`).

>>> import random
>>> state, rng = ToyGame({"target": "3"}).new_state(), random.Random(2)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> state.outcome().reason, max(state.outcome().scores) >= 3
(<EndReason.TARGET: 'target'>, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import atout.games
from atout.actions import Action, ActionKind, Hidden
from atout.cards import Card, CardSet, Rank, Suit, parse_card
from atout.chance import Deal, Draw, parse_chance
from atout.errors import ActionError, IllegalActionError, InvalidActionError
from atout.events import Scored, TrickWon
from atout.game import (
    CHANCE,
    TERMINAL,
    EndReason,
    Game,
    JSONObject,
    OptionSpec,
    OptionValue,
    Outcome,
    State,
    common_json,
    parse_int,
)
from atout.log import LogView
from atout.packs import pack_of, rank_order
from atout.seats import Sides
from atout.tricks import FOLLOW_SUIT, legal_mask, trick_winner

PACK = pack_of((Rank.KING, Rank.ACE), copies=2)
ORDER = rank_order("toy", "A K")
MAX_HAND = 6
SHOWS = 2  # cards the player to move may show in one turn
SOURCE = "the test suite"

WORDS = {"show": {"en": "show", "fr": "montre"}, "discard": {"en": "discard", "fr": "écarte"},
         "claim": {"en": "claim", "fr": "réclame"}, "abandon": {"en": "abandon", "fr": "abandonne"}}

MESSAGES = {
    "unknown": {"en": "{text} is not a toy action", "fr": "{text} n'est pas une action du jeu"},
    "over": {"en": "the partie is over", "fr": "la partie est finie"},
    "chance_due": {"en": "the table must draw or deal first", "fr": "la table doit d'abord tirer ou donner"},
    "not_chance": {"en": "{action} is not the table's to make now", "fr": "{action} n'est pas à la table maintenant"},
    "bad_draw": {"en": "a draw gives a card of the pack to each of {n} seats",
                 "fr": "un tirage donne une carte du jeu à chacune des {n} places"},
    "bad_deal": {"en": "a deal gives {size} cards to each of {n} seats from the pack",
                 "fr": "une donne donne {size} cartes à chacune des {n} places"},
    "turn": {"en": "not your turn: seat {seat} is to act", "fr": "ce n'est pas votre tour : la place {seat} joue"},
    "not_held": {"en": "seat {seat} does not hold {card}", "fr": "la place {seat} n'a pas {card}"},
    "follow": {"en": "must follow suit {suit}", "fr": "il faut fournir à {suit}"},
    "not_allowed": {"en": "seat {seat} may not {action} now", "fr": "la place {seat} ne peut pas {action} maintenant"},
}


def refuse(code: str, **params: Any) -> ActionError:
    return IllegalActionError.of(MESSAGES, code, **params)


# ------------------------------------------------------------------------------------- actions


class Worded:
    """An action written as a word of :data:`WORDS`, then its card if it has one."""

    word: ClassVar[str]

    def text(self, lang: str = "en") -> str:
        card = getattr(self, "card", None)
        return WORDS[self.word][lang] + ("" if card is None else f" {card.text(lang)}")

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Discard(Worded):
    """Discard a card face down (with the ``discard`` option)."""

    card: Card
    kind: ClassVar[ActionKind] = ActionKind.MOVE
    word: ClassVar[str] = "discard"


@dataclass(frozen=True)
class Show(Worded):
    """Show a card one holds: it is then public."""

    card: Card
    kind: ClassVar[ActionKind] = ActionKind.TALK
    word: ClassVar[str] = "show"


@dataclass(frozen=True)
class Claim(Worded):
    """Take every remaining trick: one holds only trumps, higher than every unseen trump."""

    kind: ClassVar[ActionKind] = ActionKind.CLAIM
    word: ClassVar[str] = "claim"


@dataclass(frozen=True)
class Abandon(Worded):
    """Leave the partie, which the other sides win."""

    kind: ClassVar[ActionKind] = ActionKind.TABLE
    word: ClassVar[str] = "abandon"


class ToyResult(NamedTuple):
    """One scored hand: its tricks are its points."""

    number: int
    points: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str  # "tricks" or "claim"

    def to_json(self) -> dict[str, object]:
        return {"hand": self.number, "points": list(self.points), "scores": list(self.scores), "reason": self.reason}


class ToyObservation(NamedTuple):
    """The common fields of ``docs/observation.md``, then the toy's own (``results`` for Python
    only: in JSON, the log's ``scored`` events carry them)."""

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
    dealer: int
    turned: Card | None
    shown: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    results: tuple[ToyResult, ...]

    def to_json(self) -> JSONObject:
        out = common_json(self)
        out.update({
            "dealer": self.dealer,
            "turned": None if self.turned is None else str(self.turned),
            "shown": [{"seat": s, "card": str(c)} for s, c in self.shown],
            "tricks_won": list(self.tricks_won),
        })
        return out


# ------------------------------------------------------------------------------------- game


class ToyGame(Game):
    """The toy game's spec: 2 to 6 seats, sixteen cards, a few options and two presets."""

    name: ClassVar[str] = "toy"
    title: ClassVar[dict[str, str]] = {"en": "Toy tricks", "fr": "Levées jouet"}
    aliases: ClassVar[tuple[str, ...]] = ("jouet",)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("seats", 3, "players", "joueurs", SOURCE, bounds=(2, 6)),
        OptionSpec("partners", False, "two sides, partners sitting alternately",
                   "deux camps, les partenaires placés en alternance", SOURCE),
        OptionSpec("discard", False, "everyone discards a card face down before the play",
                   "chacun écarte une carte face cachée avant le jeu", SOURCE),
        OptionSpec("target", 10, "points that win the partie", "points qui gagnent la partie", SOURCE, bounds=(1, 99)),
        OptionSpec("deals", 0, "deals in a partie, whatever the score (0: play to the target)",
                   "donnes d'une partie, quel que soit le score (0 : jouer jusqu'au but)", SOURCE, bounds=(0, 9)),
    )
    presets: ClassVar[dict[str, dict[str, object]]] = {"pairs": {"seats": 4, "partners": True}, "long": {"deals": 3}}
    conformance_options: ClassVar[tuple[dict[str, object], ...]] = ({"seats": 6, "partners": True, "discard": True},)

    @property
    def num_seats(self) -> int:
        return int(self.options["seats"])

    @property
    def sides(self) -> Sides:
        if self.options["partners"]:
            return Sides.alternating(self.num_seats, 2)
        return Sides.independent(self.num_seats)

    @property
    def pack(self) -> CardSet:
        return PACK

    @property
    def hand_size(self) -> int:
        return min(MAX_HAND, (len(PACK) - 1) // self.num_seats)

    def new_state(self) -> ToyState:
        return ToyState(self)

    def state_from_deal(self, deal: Action, setup: Mapping[str, str] | None = None) -> ToyState:
        """Start right after ``deal``; ``setup`` may give the ``dealer`` (default 0), the ``scores``
        per side (``"3-1-0"``) and the ``hand`` number (default 1)."""
        setup = dict(setup or {})
        unknown = sorted(set(setup) - {"dealer", "scores", "hand"})
        if unknown:
            raise InvalidActionError(f"unknown setup facts {unknown}")
        dealer = parse_int(setup.get("dealer", "0"))
        hand = parse_int(setup.get("hand", "1"))
        scores = [parse_int(s) for s in setup.get("scores", "-".join("0" * len(self.sides))).split("-")]
        if (dealer is None or not 0 <= dealer < self.num_seats or hand is None or hand < 1
                or len(scores) != len(self.sides) or any(s is None or s < 0 for s in scores)):
            raise InvalidActionError(f"bad setup {setup}")
        state = ToyState(self)
        state.dealer, state.hand_no, state.setup = dealer, hand - 1, setup
        state.scores = tuple(int(s or 0) for s in scores)
        state.apply(deal, CHANCE)
        return state

    def visible_action(self, item: Action, actor: int, viewer: int | None) -> Action:
        if isinstance(item, Discard) and actor != viewer:
            return Hidden("discard", 1)
        return super().visible_action(item, actor, viewer)


# ------------------------------------------------------------------------------------- state


class ToyState(State):
    """A toy partie in progress; the phases are ``draw``, ``deal``, ``discard``, ``play`` and ``over``.

    The simplest form of the contract: every field of the position is in :attr:`position` (no
    slow record), each an immutable value that the change replaces.
    """

    game: ToyGame
    position = ("scores", "results", "dealer", "hand_no", "hands", "talon", "turned", "played", "discarded",
                "trick", "leader", "tricks_won", "shown", "talked", "hand_start", "ended")
    __slots__ = ("n", *position)

    def __init__(self, game: ToyGame):
        super().__init__(game)
        self.n = game.num_seats
        self.scores: tuple[int, ...] = (0,) * len(game.sides)
        self.results: tuple[ToyResult, ...] = ()
        self.dealer = -1
        self.hand_no = 0
        self.hands: tuple[CardSet, ...] = (CardSet(0),) * self.n
        self.talon: tuple[Card, ...] = ()
        self.turned: Card | None = None
        self.played = self.discarded = CardSet(0)
        self.trick: tuple[tuple[int, Card], ...] = ()
        self.leader = 0
        self.tricks_won: tuple[int, ...] = (0,) * len(game.sides)
        self.shown: tuple[tuple[int, Card], ...] = ()
        self.talked = 0  # cards shown by the player to move in this turn
        self.hand_start = 0  # where the current hand starts in the log
        self.ended: Outcome | None = None

    # -- who acts, and what may be done

    @property
    def phase(self) -> str:
        if self.ended is not None:
            return "over"
        if self.dealer < 0:
            return "draw"
        if self.turned is None:
            return "deal"
        return "discard" if self.game.options["discard"] and len(self.discarded) < self.n else "play"

    @property  # type: ignore[override]
    def to_move(self) -> int:
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in ("draw", "deal"):
            return CHANCE
        if phase == "discard":
            return (self.dealer + 1 + len(self.discarded)) % self.n
        return (self.leader + len(self.trick)) % self.n

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        seat = self.to_move if seat is None else seat
        if self.ended is not None or not 0 <= seat < self.n:
            return ()
        actions: list[Action] = []
        if seat == self.to_move:
            hand = self.hands[seat]
            if self.phase == "discard":
                actions.extend(Discard(c) for c in hand)
            else:
                trump = None if self.turned is None else self.turned.suit
                trick = [c for _, c in self.trick]
                actions.extend(CardSet(legal_mask(hand, trick, trump, FOLLOW_SUIT, ORDER.strength)))
            if self.talked < SHOWS:
                actions.extend(Show(c) for c in hand)
        if self._may_claim(seat):
            actions.append(Claim())
        actions.append(Abandon())
        return tuple(actions)

    def _may_claim(self, seat: int) -> bool:
        hand = self.hands[seat]
        if self.phase != "play" or self.trick or not hand or self.turned is None:
            return False
        trump = self.turned.suit
        unseen = PACK - hand - self.played - CardSet.of([self.turned])
        top_unseen = max((ORDER.strength[c] for c in unseen if c.suit == trump), default=-1)
        return all(c.suit == trump and ORDER.strength[c] > top_unseen for c in hand)

    # -- acting: the check, then the change (the base records the action and keeps the snapshot)

    def _check(self, action: Action, seat: int) -> None:
        """Refuse, with the reason, anything :meth:`legal_actions` does not list."""
        if self.ended is not None:
            raise refuse("over")
        if isinstance(action, (Draw, Deal)):
            if seat != CHANCE or self.to_move != CHANCE or isinstance(action, Draw) != (self.phase == "draw"):
                raise refuse("not_chance", action=action)
            if isinstance(action, Draw) and not self._fits_draw(action):
                raise refuse("bad_draw", n=self.n)
            if isinstance(action, Deal) and not self._fits_deal(action):
                raise refuse("bad_deal", size=self.game.hand_size, n=self.n)
            return
        if action in self.legal_actions(seat):
            return
        if 0 <= seat < self.n and self.to_move == CHANCE:
            raise refuse("chance_due")
        card = action if isinstance(action, Card) else getattr(action, "card", None)
        if 0 <= seat < self.n and isinstance(card, Card):
            if seat != self.to_move:
                raise refuse("turn", seat=self.to_move)
            if card not in self.hands[seat]:
                raise refuse("not_held", seat=seat, card=card)
            led = self.trick[0][1].suit if self.trick else None
            if isinstance(action, Card) and self.phase == "play" and led is not None:
                raise refuse("follow", suit=led.letter)
        raise refuse("not_allowed", seat=seat, action=action)

    def _change(self, action: Action, seat: int) -> None:
        if isinstance(action, Draw):
            self._draw(action)
        elif isinstance(action, Deal):
            self._deal(action)
        elif isinstance(action, Show):
            self.talked += 1
            if (seat, action.card) not in self.shown:
                self.shown = (*self.shown, (seat, action.card))
        elif isinstance(action, Claim):
            side = self.game.sides.of(seat)
            won = list(self.tricks_won)
            won[side] += len(self.hands[seat])
            self.tricks_won = tuple(won)
            for hand in self.hands:
                self.played |= hand
            self.hands = (CardSet(0),) * self.n
            self._end_hand("claim")
        elif isinstance(action, Abandon):
            side = self.game.sides.of(seat)
            winners = tuple(s for s in range(len(self.scores)) if s != side)
            self.ended = Outcome(tuple(self.scores), winners, EndReason.ABANDON)
        elif isinstance(action, Discard):
            self._take(seat, action.card)
            self.discarded, self.talked = self.discarded.add(action.card), 0
        else:
            assert isinstance(action, Card)
            self._play(action, seat)

    def _take(self, seat: int, card: Card) -> None:
        hands = self.hands
        self.hands = (*hands[:seat], hands[seat].remove(card), *hands[seat + 1:])

    def _fits_draw(self, action: Draw) -> bool:
        cards = [c for _, c in action.cards]
        return [s for s, _ in action.cards] == list(range(self.n)) and len(set(cards)) == self.n \
            and all(c in PACK for c in cards)

    def _fits_deal(self, action: Deal) -> bool:
        every = CardSet.of(action.talon)
        for hand in action.hands:
            every |= hand
        size = self.game.hand_size
        return (len(action.hands) == self.n and all(len(h) == size for h in action.hands)
                and len(action.talon) == len(PACK) - self.n * size and every == PACK
                and action.turned == action.talon[:1] and not action.is_view)

    def _draw(self, action: Draw) -> None:
        ranks = [ORDER.strength[c] for _, c in action.cards]
        if ranks.count(max(ranks)) == 1:
            self.dealer = ranks.index(max(ranks))

    def _deal(self, action: Deal) -> None:
        self.hand_start = self.log_length() - 1   # the deal itself opens the hand's log
        self.hand_no += 1
        self.hands = tuple(action.hands)
        self.talon, self.turned = action.talon, action.talon[0]
        self.played = self.discarded = CardSet(0)
        self.trick, self.shown, self.talked = (), (), 0
        self.tricks_won = (0,) * len(self.scores)
        self.leader = (self.dealer + 1) % self.n

    def _play(self, card: Card, seat: int) -> None:
        self._take(seat, card)
        self.played = self.played.add(card)
        self.trick = (*self.trick, (seat, card))
        self.talked = 0
        if len(self.trick) < self.n:
            return
        assert self.turned is not None
        winner = self.trick[trick_winner([c for _, c in self.trick], self.turned.suit, ORDER.strength)][0]
        won = list(self.tricks_won)
        won[self.game.sides.of(winner)] += 1
        self.tricks_won = tuple(won)
        self.announce(winner, TrickWon(self.hand_tricks()))
        self.trick, self.leader = (), winner
        if not self.hands[winner]:
            self._end_hand("tricks")

    def hand_tricks(self) -> int:
        """Tricks completed this hand."""
        return len(self.played) // self.n

    def _end_hand(self, reason: str) -> None:
        points = tuple(self.tricks_won)
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        result = ToyResult(self.hand_no, points, tuple(self.scores), reason)
        self.results = (*self.results, result)
        self.announce(-1, Scored(result))
        best = max(self.scores)
        top = tuple(i for i, s in enumerate(self.scores) if s == best)
        winners = top if len(top) == 1 else ()
        deals = int(self.game.options["deals"])
        if deals and self.hand_no >= deals:
            self.ended = Outcome(tuple(self.scores), winners, EndReason.DEALS)
        elif not deals and winners and best >= int(self.game.options["target"]):
            self.ended = Outcome(tuple(self.scores), winners, EndReason.TARGET)
        self.dealer, self.turned, self.trick = (self.dealer + 1) % self.n, None, ()

    def sample_chance(self, rng: random.Random | None = None, fixed: Mapping[int, CardSet] | None = None) -> Draw | Deal:
        rng = rng or random.Random()
        if self.phase == "draw":
            return Draw(tuple(enumerate(rng.sample(list(PACK), self.n))))
        fixed = fixed or {}
        rest = list(PACK - CardSet.of(c for cards in fixed.values() for c in cards))
        rng.shuffle(rest)
        hands = []
        for seat in range(self.n):
            given = CardSet(fixed.get(seat, CardSet(0)))
            need = self.game.hand_size - len(given)
            hands.append(given | CardSet.of(rest[:need]))
            rest = rest[need:]
        return Deal(tuple(hands), tuple(rest), tuple(rest[:1]))

    # -- what is known

    def outcome(self) -> Outcome | None:
        return self.ended

    def observation(self, seat: int | None) -> ToyObservation:
        return ToyObservation(
            game=self.game.name, options=self.game.options.changed(), seat=seat, num_seats=self.n,
            sides=self.game.sides.seats, phase=self.phase, to_move=self.to_move,
            hand=None if seat is None else self.hands[seat], hand_sizes=tuple(len(h) for h in self.hands),
            trump=None if self.turned is None else self.turned.suit, trick=self.trick,
            scores=self.scores, legal=() if seat is None else self.legal_actions(seat),
            log=self.log_view(seat, self.hand_start), outcome=self.ended, dealer=self.dealer, turned=self.turned,
            shown=self.shown, tricks_won=self.tricks_won, results=self.results,
        )

    def zones(self) -> dict[str, CardSet]:
        if self.turned is None:
            return {"pack": PACK}
        zones = {f"hand {seat}": hand for seat, hand in enumerate(self.hands)}
        zones.update(talon=CardSet.of(self.talon), discarded=self.discarded, played=self.played)
        return zones

    # -- notation

    def action_text(self, action: Action, lang: str = "en") -> str:
        text = getattr(action, "text", None)
        return str(text(lang)) if callable(text) else str(action)

    def parse_action(self, text: str, lang: str | None = None) -> Action:
        words = text.split()
        if words and words[0] in ("draw", "deal"):
            return parse_chance(text)
        for lang_ in (lang,) if lang else ("en", "fr"):
            found = _parse_in(words, lang_)
            if found is not None:
                return found
        if len(words) == 1:
            return parse_card(words[0], lang)  # a card, or the card reader's own refusal
        raise InvalidActionError.of(MESSAGES, "unknown", text=repr(text))


def _parse_in(words: Sequence[str], lang: str) -> Any:
    for worded in (Claim, Abandon):
        if list(words) == [WORDS[worded.word][lang]]:
            return worded()
    for carded in (Show, Discard):
        if len(words) == 2 and words[0] == WORDS[carded.word][lang]:
            try:
                return carded(parse_card(words[1], lang))
            except ActionError:
                return None
    return None


@contextmanager
def registered() -> Iterator[type[ToyGame]]:
    """:class:`ToyGame` in the registry of games for the length of a ``with`` block."""
    atout.games.game_names()  # the real games first: they keep their place in the list
    atout.games.register(ToyGame)
    try:
        yield ToyGame
    finally:
        atout.games.unregister(ToyGame.name)

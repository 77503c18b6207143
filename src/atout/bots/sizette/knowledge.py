"""What a Sizette or Quadrette bot can deduce about the cards from one observation (no state).

Sources: its own hand, the cards played (and, when ``table_law_mode`` is off, the voids shown
by failing to follow suit), the turned card (held by the dealer until he plays it, or, when
nobody holds it, out of play on the talon), and every typed statement in the public talk.
Statements are always true, so they are hard constraints. Every statement of a hand is made
in window C1 or C2, before its speaker has played a card, so it describes the hand as dealt;
a :class:`~atout.games.sizette.actions.NoCard` after a command says the leader lacks the
commanded card at that moment; a captain asks about (``hold KS``) or commands a card only
when it is not his; a command the leader obeyed (no ``NoCard`` after it) says, for
``high S`` or ``low S``, that the card he led was then his highest or lowest of the suit. In
table-law mode a :class:`~atout.games.sizette.events.ClaimRejected` says that no seat of the
other side had revoked so far, so each of its cards off the suit led until then showed a void.
Talk is read as the action objects of ``obs.talk``, never as text.

Who plays with whom comes from ``obs.sides``; which cards exist from the game's pack.

>>> from atout.games import make_game
>>> from atout.cards import Card, CardSet
>>> from atout.chance import Deal
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> deal = Deal(tuple(hands), turned=(Card("9C"),))
>>> state = make_game("sizette").state_from_deal(deal, {"dealer": "5", "captains": "0,1"})
>>> k = Knowledge(state.observation(0))
>>> k.is_master(Card("KH")), k.is_master(Card("7H")), k.possible_holders(Card("9C"))
(True, False, [5])
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from atout import tricks
from atout.cards import CARDS, SUIT_INDEX, SUIT_MASK, Card, cards_of
from atout.game import Observation, OptionValue
from atout.games import make_game
from atout.games.sizette.actions import Answer, Ask, Command, Say
from atout.games.sizette.events import ClaimRejected, NoCard
from atout.games.sizette.talk import CommandSpec, Statement
from atout.packs import SIZETTE_ORDER

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

STRENGTH = SIZETTE_ORDER.strength  # Quadrette uses the same relative order (no sixes)

# STRONGER[c]: the cards of c's suit that beat c (the 52-card pack; intersect with a pack)
STRONGER: tuple[int, ...] = tuple(
    sum(1 << d for d in CARDS if SUIT_INDEX[d] == SUIT_INDEX[c] and STRENGTH[d] > STRENGTH[c]) for c in CARDS
)

# WEAKER[c]: the cards of c's suit that c beats
WEAKER: tuple[int, ...] = tuple(
    sum(1 << d for d in CARDS if SUIT_INDEX[d] == SUIT_INDEX[c] and STRENGTH[d] < STRENGTH[c]) for c in CARDS
)

card_list = cards_of  # the cards of a bitmask, lowest index first


def lowest(cards: list[Card]) -> Card:
    """The weakest card (ties broken by the lower suit)."""
    return min(cards, key=lambda c: (STRENGTH[c], SUIT_INDEX[c]))


def highest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (STRENGTH[c], -SUIT_INDEX[c]))


def trick_winner(cards: tuple[Card, ...] | list[Card], trump: int | None) -> int:
    """Index of the card that wins (so far) a trick: highest trump, else highest of the suit led."""
    return tricks.trick_winner(cards, trump, STRENGTH)


@lru_cache(maxsize=64)
def _pack(game: str, options: tuple[tuple[str, OptionValue], ...]) -> int:
    return int(make_game(game, dict(options)).pack)


def pack_of(obs: Observation) -> int:
    """Every card of the game ``obs`` describes (a bitmask)."""
    return _pack(obs.game, tuple(sorted(obs.options.items())))


class Knowledge:
    """Deductions about every seat's current hand, from one seat's observation.

    ``known[s]``: cards seat ``s`` certainly holds now; ``excl[s]``: unplayed cards it certainly
    does not hold; ``count[s][suit]``: its number of cards of ``suit`` as dealt, when stated;
    ``least[s][suit]``: the fewest it may have been dealt (1 after « not void »; else 0);
    ``played_by[s]``: the cards it has played in this hand.
    ``mates``: this seat's side (itself included); ``opponents``: every other seat.
    ``talk=False`` reads no talk at all (no statement, command, « pas de carte » nor claim):
    what the cards alone tell (the search bot's yardstick without talk inference).
    """

    def __init__(self, obs: SizetteObservation, talk: bool = True):
        self.obs = obs
        n = self.n = obs.num_seats
        me = obs.seat
        assert me is not None and obs.hand is not None, "a seat's observation (a spectator holds no hand)"
        self.me = me
        mine_side = next(side for side in obs.sides if me in side)
        self.mates: tuple[int, ...] = tuple(mine_side)
        self.partners: tuple[int, ...] = tuple(s for s in mine_side if s != me)
        self.opponents: tuple[int, ...] = tuple(s for s in range(n) if s not in mine_side)
        self.trump: int | None = int(obs.trump) if obs.trump is not None else None
        self.table_law = bool(obs.options.get("table_law_mode", False))
        self.pack = pack_of(obs)
        self.mine = int(obs.hand)
        played = int(obs.played)
        self.played = played
        out = played
        turned = obs.turned
        holder = obs.turned_in_hand_of
        if turned is not None and holder is None and not played >> turned & 1:
            out |= 1 << turned  # turned, held by nobody and never played: on the talon, out of play
        self.out = out
        self.live = self.pack & ~out  # cards still in somebody's hand (or maybe an unseen talon)
        # the whole pack is in the hands (Sizette): a live card with one possible holder is his
        self.all_dealt = sum(obs.hand_sizes) == self.live.bit_count()
        self.known = [0] * n
        self.excl = [0] * n
        self.count: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        self.least: list[list[int]] = [[0] * 4 for _ in range(n)]
        self.played_by = [0] * n
        self._read_plays()
        if turned is not None and holder is not None and 0 <= holder < n:
            self.known[holder] |= 1 << turned
        if talk:
            self._read_talk()
        self._close()

    # ------------------------------------------------------------------ reading

    def plays(self) -> list[list[tuple[int, Card]]]:
        """The tricks of this hand as ``(seat, card)`` in play order, the current one last."""
        n = self.n
        out = [[((t.leader + i) % n, c) for i, c in enumerate(t.cards)] for t in self.obs.tricks]
        if self.obs.trick:
            out.append([(s, c) for s, c in self.obs.trick])
        return out

    def _read_plays(self) -> None:
        for trick in self.plays():
            led = SUIT_INDEX[trick[0][1]]
            for i, (s, c) in enumerate(trick):
                self.played_by[s] |= 1 << c
                if i and SUIT_INDEX[c] != led and not self.table_law:
                    self.excl[s] |= SUIT_MASK[led]

    def _read_talk(self) -> None:
        last_command: CommandSpec | None = None
        obeyed: dict[int, CommandSpec] = {}  # trick number (from 1) -> the command its lead obeyed
        rejected = False
        for seat, trick, action in self.obs.talk:
            if isinstance(action, (Say, Answer)):
                self._statement(seat, action.statement)
            elif isinstance(action, Command):
                last_command = obeyed[trick] = action.spec
                if action.spec.card is not None:  # a captain commands only a card he cannot see
                    self.excl[seat] |= 1 << action.spec.card
            elif isinstance(action, Ask) and action.question.card is not None:
                self.excl[seat] |= 1 << action.question.card  # he asks only about a card he cannot see
            elif isinstance(action, NoCard) and last_command is not None:
                spec = last_command
                obeyed.pop(trick, None)
                if spec.selector == "card" and spec.card is not None:
                    self.excl[seat] |= 1 << spec.card
                elif spec.suit is not None:
                    self.excl[seat] |= SUIT_MASK[spec.suit]
            elif isinstance(action, ClaimRejected):
                rejected = True
        if obeyed:
            self._read_obeyed(obeyed)
        if rejected and self.table_law:
            self._read_rejected_claims()

    def _read_obeyed(self, obeyed: dict[int, CommandSpec]) -> None:
        """``high S`` (``low S``) obeyed: the card led was its leader's highest (lowest) of S then."""
        plays = self.plays()
        for trick, spec in obeyed.items():
            if spec.selector not in ("high", "low") or not 0 < trick <= len(plays) or not plays[trick - 1]:
                continue
            leader, card = plays[trick - 1][0]
            if spec.suit is not None and SUIT_INDEX[card] == spec.suit:
                self.excl[leader] |= (STRONGER if spec.selector == "high" else WEAKER)[card]

    def _read_rejected_claims(self) -> None:
        """A revoke claim found groundless: no card of the claimant's opponents left the suit led
        while they held it, up to the claim (its place among the cards is read from the log)."""
        log = self.obs.log
        cards = 0
        upto: list[tuple[int, int]] = []  # (claimant, cards played before the claim)
        for entry in log.since(log.hand_start):
            item = entry.item
            if isinstance(item, Card):
                cards += 1
            elif isinstance(item, ClaimRejected):
                upto.append((entry.seat, cards))
        flat = [(i, s, c) for trick in self.plays() for i, (s, c) in enumerate(trick)]
        led = 0
        for claimant, count in upto:
            side = next(side for side in self.obs.sides if claimant in side)
            for i, s, c in flat[:count]:
                if i == 0:
                    led = SUIT_INDEX[c]
                elif s not in side and SUIT_INDEX[c] != led:
                    self.excl[s] |= SUIT_MASK[led]

    def _statement(self, s: int, st: Statement) -> None:
        k = st.kind
        if k == "nothing" or not 0 <= s < self.n:
            return
        if k == "hold":
            if st.card is not None:
                if st.yes:
                    self.known[s] |= 1 << st.card
                else:
                    self.excl[s] |= 1 << st.card
            return
        suit = st.suit
        if suit is None:
            return
        mask = SUIT_MASK[suit]
        if k == "count":
            self.count[s][suit] = st.count
        elif k == "top" and st.card is not None:
            self.count[s][suit] = st.count
            self.known[s] |= 1 << st.card
            self.excl[s] |= STRONGER[st.card]
        elif k == "cards":
            cards = int(st.cards)
            self.count[s][suit] = cards.bit_count()
            self.known[s] |= cards
            self.excl[s] |= mask & ~cards
        elif k == "highest":
            if st.card is None:
                self.count[s][suit] = 0
            else:
                self.known[s] |= 1 << st.card
                self.excl[s] |= STRONGER[st.card]
        elif k == "void":
            if st.yes:
                self.count[s][suit] = 0
            else:
                self.least[s][suit] = 1
        if self.count[s][suit] == 0:
            self.excl[s] |= mask

    def _close(self) -> None:
        """Combine the facts: cards held elsewhere are excluded; stated counts can exhaust a suit."""
        n, live = self.n, self.live
        for s in range(n):
            self.known[s] &= ~self.out  # known cards already played are gone
        for s in range(n):
            if s == self.me:
                self.known[s] = self.mine
                self.excl[s] = live & ~self.mine
                continue
            others = self.mine
            for t in range(n):
                if t != s:
                    others |= self.known[t]
            self.excl[s] |= others
            for suit in range(4):
                stated = self.count[s][suit]
                if stated is None:
                    continue
                left = stated - (self.played_by[s] & SUIT_MASK[suit]).bit_count()
                held = self.known[s] & SUIT_MASK[suit]
                if left <= held.bit_count():
                    self.excl[s] |= SUIT_MASK[suit] & ~held
            self.excl[s] &= live
        for suit in range(4):
            # stated counts (and this hand) that account for every live card of a suit
            live_in_suit = live & SUIT_MASK[suit]
            total = (self.mine & SUIT_MASK[suit]).bit_count()
            silent = []
            for s in range(n):
                if s == self.me:
                    continue
                stated = self.count[s][suit]
                if stated is None:
                    silent.append(s)
                else:
                    total += stated - (self.played_by[s] & SUIT_MASK[suit]).bit_count()
            if not silent:
                continue
            for s in silent:
                total += (self.known[s] & live_in_suit).bit_count()
            if total == live_in_suit.bit_count():
                for s in silent:
                    self.excl[s] |= live_in_suit & ~self.known[s]
        if not self.all_dealt:
            return  # some live cards lie on the talon: one possible holder does not make it his
        for c in card_list(live & ~self.mine):
            holders = self.possible_holders(c)
            if len(holders) == 1:
                self.known[holders[0]] |= 1 << c

    # ------------------------------------------------------------------ queries

    def possible_holders(self, card: int) -> list[int]:
        """Seats other than this one that may hold ``card`` now (empty if played or mine)."""
        bit = 1 << card
        if not self.live & bit or self.mine & bit:
            return []
        for s in range(self.n):
            if self.known[s] & bit:
                return [s]
        return [s for s in range(self.n) if s != self.me and not self.excl[s] & bit]

    def opponents_may_hold(self, mask: int) -> bool:
        """Whether some opponent may hold one of the cards of ``mask``."""
        mask &= self.live & ~self.mine
        if not mask:
            return False
        return any(mask & ~self.excl[s] for s in self.opponents)

    def team_known(self) -> int:
        """Cards held by this seat's side, as far as this seat knows (its own hand included)."""
        bits = self.mine
        for s in self.partners:
            bits |= self.known[s]
        return bits & self.live

    def is_master(self, card: int, team: bool = False) -> bool:
        """No live card of its suit beats ``card`` outside this hand (or the side's known cards)."""
        mine = self.team_known() if team else self.mine
        return not (STRONGER[card] & self.live & ~mine)

    def known_top(self, seat: int, suit: int) -> Card | None:
        """The card known to be ``seat``'s highest of ``suit`` now, if that is known."""
        held = self.known[seat] & SUIT_MASK[suit]
        if not held:
            return None
        top = highest(card_list(held))
        if STRONGER[top] & self.live & ~self.excl[seat]:
            return None
        return top

    def trumps_out(self) -> int:
        """Live trumps that opponents may hold."""
        if self.trump is None:
            return 0
        mask = SUIT_MASK[self.trump] & self.live & ~self.team_known()
        out = 0
        for s in self.opponents:
            out |= mask & ~self.excl[s]
        return out

    def may_ruff(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may be void in ``suit`` and hold a trump."""
        if self.trump is None or suit == self.trump:
            return False
        if self.known[seat] & SUIT_MASK[suit]:
            return False
        stated = self.count[seat][suit]
        if stated is not None and stated > (self.played_by[seat] & SUIT_MASK[suit]).bit_count():
            return False
        trumps = SUIT_MASK[self.trump] & self.live & ~self.excl[seat]
        return bool(trumps)


__all__ = ["STRENGTH", "STRONGER", "WEAKER", "Knowledge", "card_list", "highest", "lowest", "pack_of", "trick_winner"]

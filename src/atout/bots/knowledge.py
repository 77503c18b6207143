"""What a bot can deduce about the cards from one observation (no access to the state).

Sources: its own hand, the cards played (and, when ``table_law_mode`` is off, the voids shown
by failing to follow suit), the turned card (Sizette: held by the dealer until played;
Quadrette: in the talon, out of play), and every structured statement in the public talk.
Statements are always true, so they are hard constraints. Every statement of a hand is made
in window C1 or C2, before its speaker has played a card, so it describes the hand as dealt;
a ``nocard`` after a command says the leader lacks the commanded card at that moment.

>>> from atout.games import make_game
>>> from atout.cards import Card, CardSet
>>> hands = [CardSet.parse(h, "en") for h in ("KH 7H 9S 6D 7D 8D", "QH JS 10S 6S 7S 8S",
...          "JH AH 9D 10D JD QD", "10H 9H KS QS AS 7C", "8H 6H KD AD 6C 8C", "KC QC JC AC 10C 9C")]
>>> state = make_game("sizette").state_from_deal(hands, Card("9C", "en"), dealer=5)
>>> k = Knowledge(state.observation(0))
>>> k.is_master(Card("KH")), k.is_master(Card("7H")), sorted(k.possible_holders(Card("9C", "en")))
(True, False, [5])
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from atout import tricks
from atout.cards import SUIT_MASK, Card, cards_of
from atout.games.sizette.talk import CommandSpec, Statement
from atout.packs import PACK_32, PACK_36, SIZETTE_ORDER

STRENGTH = SIZETTE_ORDER.strength  # Quadrette uses the same relative order (no sixes)

# STRONGER[c]: the cards of c's suit that beat c (whole 52-card pack; intersect with a pack)
STRONGER: tuple[int, ...] = tuple(
    sum(1 << d for d in range(52) if d // 13 == c // 13 and STRENGTH[d] > STRENGTH[c]) for c in range(52)
)


card_list = cards_of  # the cards of a bitmask, lowest index first


def lowest(cards: list[Card]) -> Card:
    """The weakest card (ties broken by the lower suit)."""
    return min(cards, key=lambda c: (STRENGTH[c], c // 13))


def highest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (STRENGTH[c], -(c // 13)))


def trick_winner(cards: tuple[Card, ...] | list[Card], trump: int | None) -> int:
    """Index of the card that wins (so far) a trick: highest trump, else highest of the suit led."""
    return tricks.trick_winner(cards, trump, STRENGTH)


@lru_cache(maxsize=8192)
def _statement_of(text: str) -> Statement | None:
    """``say …`` text → the statement (cached: the same few hundred recur)."""
    try:
        return Statement.parse(text.split()[1:])
    except ValueError:
        return None


@lru_cache(maxsize=4096)
def _command_of(text: str) -> CommandSpec | None:
    try:
        return CommandSpec.parse(text.split()[1:], None)
    except ValueError:
        return None


class Knowledge:
    """Deductions about every seat's current hand, from one seat's observation.

    ``known[s]``: cards seat ``s`` certainly holds now; ``excl[s]``: unplayed cards it certainly
    does not hold; ``count[s][suit]``: its number of cards of ``suit`` as dealt, when stated.
    """

    def __init__(self, obs: Any):
        self.obs = obs
        n = self.n = obs.num_seats
        me = self.me = obs.seat
        self.team = me % 2
        self.trump: int | None = int(obs.trump) if obs.trump is not None else None
        self.table_law = bool(obs.options.get("table_law_mode", False))
        self.pack = int(PACK_32 if obs.game == "quadrette" else PACK_36)
        self.mine = int(obs.hand)
        played = int(obs.played)
        self.played = played
        out = played
        turned = obs.turned
        if turned is not None and obs.game == "quadrette":
            out |= 1 << turned  # the turned card stays on the talon: never played
        self.out = out
        self.live = self.pack & ~out  # cards still in somebody's hand (or, Quadrette, maybe the talon)
        self.known = [0] * n
        self.excl = [0] * n
        self.count: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        self.played_by = [0] * n
        self._read_plays()
        holder = obs.turned_in_hand_of  # Sizette: the dealer, until he plays it
        if turned is not None and holder is not None and 0 <= holder < n:
            self.known[holder] |= 1 << turned
        self._read_talk()
        self._close()

    # ------------------------------------------------------------------ reading

    def _read_plays(self) -> None:
        obs, n = self.obs, self.n
        tricks = [(leader, cards) for leader, cards, _ in obs.tricks]
        if obs.trick:
            tricks.append((obs.leader, obs.trick))
        for leader, cards in tricks:
            led = cards[0] // 13
            for i, c in enumerate(cards):
                s = (leader + i) % n
                self.played_by[s] |= 1 << c
                if i and c // 13 != led and not self.table_law:
                    self.excl[s] |= SUIT_MASK[led]

    def _read_talk(self) -> None:
        last_command: CommandSpec | None = None
        for seat, _trick, text in self.obs.talk:
            if not isinstance(text, str):
                text = str(text)
            if text.startswith("say "):
                st = _statement_of(text)
                if st is not None:
                    self._statement(seat, st)
            elif text.startswith("command "):
                last_command = _command_of(text)
            elif text == "nocard" and last_command is not None:
                spec = last_command
                if spec.selector == "card" and spec.card is not None:
                    self.excl[seat] |= 1 << spec.card
                elif spec.suit is not None:
                    self.excl[seat] |= SUIT_MASK[spec.suit]

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
        elif k == "void" and st.yes:
            self.count[s][suit] = 0
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
        if self.obs.game != "quadrette":
            # Sizette deals the whole pack: a live card with one possible holder is his.
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
        for s in range(1 - self.team, self.n, 2):
            if mask & ~self.excl[s]:
                return True
        return False

    def team_known(self) -> int:
        """Cards held by this seat's team, as far as this seat knows (its own hand included)."""
        bits = self.mine
        for s in range(self.team, self.n, 2):
            bits |= self.known[s]
        return bits & self.live

    def is_master(self, card: int, team: bool = False) -> bool:
        """No live card of its suit beats ``card`` outside this hand (or the team's known cards)."""
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
        for s in range(1 - self.team, self.n, 2):
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


__all__ = ["Knowledge", "STRENGTH", "STRONGER", "card_list", "lowest", "highest", "trick_winner"]

"""Talk of the Sizette and Quadrette heuristic: the captain's questions and lead commands,
answers, the vole, and revoke claims.

Captain in window C1 (not leading himself): asks a fixed set of questions, team-mate by
team-mate, the first hand first — ``count T`` and ``highest T`` (T = trumps) to each, and
``highest`` of every side suit to the first hand — skipping those already answered; then
commands the lead: ``high T`` if the leader holds the highest trump out of the captain's
hand, else ``high S`` if his highest of a side suit S is such a master, else ``any``.
In C3 (tricks 2–6) the same command rule from what is known, without questions.
In C2 the captain asks nothing and closes. Asked a question, a team-mate answers at the
bot's level of detail (see :func:`pick_answer`). Everything is read from and chosen among
action objects (``Ask``, ``Say``, ``Command``…), never from their text.

>>> from atout.games.sizette.talk import Statement
>>> from atout.games.sizette.actions import Say
>>> offered = [Say(Statement.parse(w.split())) for w in ("count H 2", "top H 2 KH", "cards H 7H KH", "nothing")]
>>> [str(pick_answer(offered, d)) for d in ("low", "medium", "high", "none")]
['say count H 2', 'say top H 2 KH', 'say cards H 7H KH', 'say nothing']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from atout.actions import Action
from atout.bots.sizette.knowledge import STRENGTH, STRONGER, Knowledge, card_list
from atout.cards import SUIT_INDEX, SUIT_MASK, Suit
from atout.games.sizette.actions import Answer, Ask, ClaimRevoke, Command, Say, Vole
from atout.games.sizette.events import NoCard
from atout.games.sizette.talk import FREE_CHOICE, CommandSpec, Question

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

A = TypeVar("A", bound=Action)

DETAILS = ("none", "low", "medium", "high")


class Tell(NamedTuple):
    """A policy of how much a captain has his side tell."""

    windows: tuple[str, ...]
    """The windows where it tells every card (:func:`telling_all`); elsewhere, the fixed questions."""
    to_leader: bool = False
    """Every card but the leader's, told to the leader, who is asked nothing and says nothing."""


TELLS = {"asked": Tell(()), "all": Tell(("C1", "C2")), "leading": Tell(("C1",)), "defending": Tell(("C2",)),
         "leader": Tell(("C1",), to_leader=True)}
"""The policies by name: ``asked``, the fixed questions only; ``all``, every card in both windows;
``leading``, only when the side leads; ``defending``, only after the opening lead against it;
``leader``, when the side leads, to the leader."""


GAME_TELLS = {"sizette": "all", "quadrette": "leader"}
"""The policy of a side that listens as well as it tells (the search's, ``tell=None``), by game, as
measured in docs/bots.md. In Sizette the side tells every card (the closest to the oracle and the
strongest against the heuristic); in Quadrette, with one team-mate, only the leader is told."""


def _is_nothing(action: Action) -> bool:
    return isinstance(action, (Say, Answer)) and action.statement.kind == "nothing"


def pick_answer(moves: Sequence[A], detail: str) -> A:
    """The answer at a level of detail among the offered ones (least to most detailed, then
    "nothing"): ``low`` the first, ``high`` the last true one, ``medium`` the middle one
    (index ``len // 2`` of the true answers), ``none`` "nothing"."""
    says = [m for m in moves if isinstance(m, (Say, Answer)) and not _is_nothing(m)]
    if detail == "none" or not says:
        for m in moves:
            if _is_nothing(m):
                return m
        return moves[0]
    if detail == "low":
        return says[0]
    if detail == "high":
        return says[-1]
    return says[len(says) // 2]


def captain_questions(k: Knowledge) -> list[Ask]:
    """The fixed questions of window C1, team-mate by team-mate, the first hand first."""
    obs = k.obs
    if k.trump is None:
        return []
    trump = Suit(k.trump)
    leader = obs.leader
    mates = sorted(k.partners, key=lambda s: (s != leader, (s - leader) % k.n))
    out: list[Ask] = []
    for mate in mates:
        out.append(Ask(mate, Question("count", trump)))
        out.append(Ask(mate, Question("highest", trump)))
        if mate == leader:
            out.extend(Ask(mate, Question("highest", s)) for s in Suit if s != trump)
    return out


def _answered(k: Knowledge, ask: Ask) -> bool:
    """Whether what the question asks is already known (no need to ask it)."""
    mate, question = ask.target, ask.question
    assert question.suit is not None
    suit = int(question.suit)
    if k.count[mate][suit] == 0:
        return True
    if question.kind == "count":
        return k.count[mate][suit] is not None
    return k.known_top(mate, suit) is not None


def _asked(obs: SizetteObservation) -> set[Ask]:
    """The questions this seat has asked in the hand's talk."""
    return {a for seat, _trick, a in obs.talk if seat == obs.seat and isinstance(a, Ask)}


def next_question(k: Knowledge, talk: Sequence[A]) -> A | None:
    """The next fixed question not yet asked nor answered, as an action from ``talk``."""
    asked = _asked(k.obs)
    for wanted in captain_questions(k):
        if wanted in asked or _answered(k, wanted):
            continue
        for action in talk:
            if action == wanted:
                return action
    return None


def telling_all(obs: SizetteObservation, talk: Sequence[Action], to_leader: bool = False) -> Say | Ask | None:
    """A captain's next word when his side tells every card, in his window (C1 or C2): his own
    cards suit by suit (``say cards S …``, ``-`` for none), then ``which`` of every suit to each
    team-mate not yet asked; ``None`` once all is said. All talk is public: the opponents hear it too.
    ``to_leader``: told to the leader alone, who is not asked and, captain or not, states nothing —
    he knows his whole side and the opponents learn no more of his hand than the card he leads."""
    if not (to_leader and obs.seat == obs.leader):
        for action in talk:
            if isinstance(action, Say) and action.statement.kind == "cards":
                return action
    asked = _asked(obs)
    for action in talk:
        if (isinstance(action, Ask) and action.question.kind == "which" and action not in asked
                and not (to_leader and action.target == obs.leader)):
            return action
    return None


def choose_command(k: Knowledge, moves: Sequence[A]) -> A:
    """The lead command for the leader (a team-mate): ``high T`` if his known highest trump is a
    master for the team, else ``high S`` for such a side suit, else ``any`` (free choice).
    Under ``command_grammar=exact_only`` the card itself is commanded. A command the leader
    could not obey is not repeated."""
    leader = k.obs.leader
    commands = [m for m in moves if isinstance(m, Command)]
    failed = failed_commands(k)
    team = k.team_known()
    suits = ([k.trump] if k.trump is not None else []) + [s for s in range(4) if s != k.trump]
    for suit in suits:
        top = k.known_top(leader, suit)
        if top is None or STRONGER[top] & k.live & ~team:
            continue
        for spec in (CommandSpec("high", Suit(suit)), CommandSpec("card", card=top)):  # extended, exact_only
            if spec in failed:
                continue
            for m in commands:
                if m.spec == spec:
                    return m
    return free_command(moves)


def stated_own_cards(obs: SizetteObservation) -> bool:
    """Whether this seat has stated its cards in the hand's talk (:func:`telling_all`). A captain who
    has knows no more of his side than his leader, who heard it all: an order could only restrict
    a leader who chooses knowing as much, and the captain leaves him his choice (« any »)."""
    return any(seat == obs.seat and isinstance(action, Say) and action.statement.kind == "cards"
               for seat, _trick, action in obs.talk)


def free_command(moves: Sequence[A]) -> A:
    """The command that leaves the leader his free choice (``any``), if it is offered."""
    for m in moves:
        if isinstance(m, Command) and m.spec == FREE_CHOICE:
            return m
    return moves[0]


def failed_commands(k: Knowledge) -> set[CommandSpec]:
    """Commands of the current lead that the leader could not obey."""
    out: set[CommandSpec] = set()
    trick_no = len(k.obs.tricks) + 1
    last: CommandSpec | None = None
    for _seat, trick, action in k.obs.talk:
        if trick != trick_no:
            continue
        if isinstance(action, Command):
            last = action.spec
        elif isinstance(action, NoCard) and last is not None:
            out.add(last)
    return out


def proven_revoke(obs: SizetteObservation) -> bool:
    """Whether an opponent has certainly revoked in this hand: he failed to follow a suit and
    then played a card of it, or had stated holding more of it than he had played by then."""
    k: Knowledge | None = None
    me_side = next(side for side in obs.sides if obs.seat in side)
    tricks = [[((t.leader + i) % obs.num_seats, c) for i, c in enumerate(t.cards)] for t in obs.tricks]
    if obs.trick:
        tricks.append(list(obs.trick))
    for seat in range(obs.num_seats):
        if seat in me_side:
            continue
        shown = 0  # suits seat failed to follow so far
        played_in = [0, 0, 0, 0]  # cards of each suit seat had played before
        for trick in tricks:
            led = SUIT_INDEX[trick[0][1]]
            for i, (s, c) in enumerate(trick):
                if s != seat:
                    continue
                suit = SUIT_INDEX[c]
                if shown >> suit & 1:
                    return True
                if i and suit != led:
                    k = k or Knowledge(obs)  # statements are read only once a suit was not followed
                    stated = k.count[seat][led]
                    if stated is not None and stated > played_in[led]:
                        return True
                    shown |= 1 << led
                played_in[suit] += 1
    return False


def claim_of(legal: Sequence[Action]) -> ClaimRevoke | None:
    """The revoke claim among ``legal``, if it is listed."""
    for a in legal:
        if isinstance(a, ClaimRevoke):
            return a
    return None


def vole_decision(k: Knowledge, moves: Sequence[A], policy: str) -> A:
    """Go on for the vole if the team plausibly wins every remaining trick.

    ``policy="always"`` always goes on (a failed vole costs nothing: decisions.md#vole);
    ``"plausible"``: see :func:`plausible_vole`.
    """
    go = next((m for m in moves if isinstance(m, Vole) and m.go_on), None)
    stop = next((m for m in moves if isinstance(m, Vole) and not m.go_on), None)
    if go is None or stop is None:
        return moves[0]
    if policy == "always":
        return go
    return go if plausible_vole(k) else stop


def plausible_vole(k: Knowledge) -> bool:
    """The team (as this seat knows it) can draw the opponents' trumps with higher ones, and
    holds at least as many top cards (masters, counted down each suit) as tricks remain."""
    if k.trump is None:
        return False
    team = k.team_known()
    runs = [top_run(k, suit, team) for suit in range(4)]
    opp = k.trumps_out()
    if opp and runs[k.trump] < opp.bit_count():
        return False
    remaining = k.mine.bit_count()  # decided between tricks: one trick per card left
    return sum(runs) >= remaining


def top_run(k: Knowledge, suit: int, team: int) -> int:
    """How many of the live cards of ``suit``, counted from the top, the team holds."""
    live = card_list(k.live & SUIT_MASK[suit])
    live.sort(key=lambda c: -STRENGTH[c])
    run = 0
    for c in live:
        if not team >> c & 1:
            break
        run += 1
    return run

"""Talk of the heuristic bot: the captain's questions and lead commands, answers, the vole.

Captain in window C1 (not leading himself): asks a fixed set of questions, team-mate by
team-mate, the first hand first — ``count T`` and ``highest T`` (T = trumps) to each, and
``highest`` of every side suit to the first hand — skipping those already answered; then
commands the lead: ``high T`` if the leader holds the highest trump out of the captain's
hand, else ``high S`` if his highest of a side suit S is such a master, else ``any``.
In C3 (tricks 2–6) the same command rule from what is known, without questions.
In C2 the captain asks nothing and closes. Asked a question, a team-mate answers at the
bot's level of detail (see :func:`pick_answer`).

>>> from atout.games.sizette.talk import Statement
>>> from atout.games.sizette.actions import Say
>>> offered = [Say(Statement.parse(w.split())) for w in ("count H 2", "top H 2 KH", "cards H 7H KH", "nothing")]
>>> [str(pick_answer(offered, d)) for d in ("low", "medium", "high", "none")]
['say count H 2', 'say top H 2 KH', 'say cards H 7H KH', 'say nothing']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import SUIT_MASK, Suit
from atout.games.sizette.actions import Ask
from atout.games.sizette.talk import Question
from atout.bots.knowledge import STRENGTH, STRONGER, Knowledge, card_list

DETAILS = ("none", "low", "medium", "high")
SUIT_LETTERS = "SHDC"


def pick_answer(moves: Sequence[Any], detail: str) -> Any:
    """The answer at a level of detail among the offered ones (least to most detailed, then
    "nothing"): ``low`` the first, ``high`` the last true one, ``medium`` the middle one
    (index ``len // 2`` of the true answers), ``none`` "nothing"."""
    says = [m for m in moves if str(m) != "say nothing"]
    if detail == "none" or not says:
        for m in moves:
            if str(m) == "say nothing":
                return m
        return moves[0]
    if detail == "low":
        return says[0]
    if detail == "high":
        return says[-1]
    return says[len(says) // 2]


def captain_questions(k: Knowledge) -> list[tuple[int, str]]:
    """The fixed questions of window C1: (team-mate, question text), first hand first."""
    obs = k.obs
    if k.trump is None:
        return []
    t = SUIT_LETTERS[k.trump]
    leader = obs.leader
    mates = [s for s in range(k.n) if s % 2 == k.team and s != k.me]
    mates.sort(key=lambda s: (s != leader, (s - leader) % k.n))
    out: list[tuple[int, str]] = []
    for mate in mates:
        out.append((mate, f"count {t}"))
        out.append((mate, f"highest {t}"))
        if mate == leader:
            out.extend((mate, f"highest {SUIT_LETTERS[s]}") for s in range(4) if s != k.trump)
    return out


def _answered(k: Knowledge, mate: int, question: str) -> bool:
    """Whether what the question asks is already known (no need to ask it)."""
    kind, letter = question.split()
    suit = SUIT_LETTERS.index(letter)
    if k.count[mate][suit] == 0:
        return True
    if kind == "count":
        return k.count[mate][suit] is not None
    return k.known_top(mate, suit) is not None


def next_question(k: Knowledge, talk: Sequence[Any]) -> Any | None:
    """The next fixed question not yet asked nor answered, as an action from ``talk``."""
    asked = {text for seat, _trick, text in k.obs.talk if seat == k.me and text.startswith("ask ")}
    for mate, q in captain_questions(k):
        if f"ask {mate} {q}" in asked or _answered(k, mate, q):
            continue
        kind, letter = q.split()
        wanted = Ask(mate, Question(kind, Suit(SUIT_LETTERS.index(letter))))
        for action in talk:
            if action == wanted:
                return action
    return None


def choose_command(k: Knowledge, moves: Sequence[Any]) -> Any:
    """The lead command for the leader (a team-mate): ``high T`` if his known highest trump is a
    master for the team, else ``high S`` for such a side suit, else ``any`` (free choice).
    Under ``command_grammar=exact_only`` the card itself is commanded. A command the leader
    could not obey is not repeated."""
    leader = k.obs.leader
    by_text = {str(m): m for m in moves}
    failed = _failed_commands(k)
    team = k.team_known()
    suits = ([k.trump] if k.trump is not None else []) + [s for s in range(4) if s != k.trump]
    for suit in suits:
        top = k.known_top(leader, suit)
        if top is None or STRONGER[top] & k.live & ~team:
            continue
        for text in (f"command high {SUIT_LETTERS[suit]}", f"command {top}"):  # extended, exact_only
            if text in by_text and text not in failed:
                return by_text[text]
    if "command any" in by_text:
        return by_text["command any"]
    return moves[0]


def _failed_commands(k: Knowledge) -> set[str]:
    """Commands of the current lead that the leader could not obey."""
    out: set[str] = set()
    trick_no = len(k.obs.tricks) + 1
    last = None
    for _seat, trick, text in k.obs.talk:
        if trick != trick_no:
            continue
        if text.startswith("command "):
            last = text
        elif text == "nocard" and last is not None:
            out.add(last)
    return out


def vole_decision(k: Knowledge, moves: Sequence[Any], policy: str) -> Any:
    """Go on for the vole if the team plausibly wins every remaining trick.

    ``policy="always"`` always goes on (a failed vole costs nothing, RULES.md §1.6);
    ``"plausible"``: see :func:`plausible_vole`.
    """
    by_text = {str(m): m for m in moves}
    go, stop = by_text.get("vole continue"), by_text.get("vole stop")
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
    remaining = 6 - len(k.obs.tricks)
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

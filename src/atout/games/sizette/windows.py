"""The speech windows of a hand (docs/rules/decisions.md#speech-windows): C0 (captain changes while the pack is cut), C1
(the first hand's side consults, then its captain commands the lead), C2 (the other side consults
after the opening card), C3 (before tricks 2–6, the lead command of the leader's captain).

This module lists what each seat may say or decide in the open window, applies it, and says why
an utterance is refused. Every window closes after finitely many actions: each question and each
statement at most once a hand, at most :data:`~atout.games.sizette.rules.MAX_REMARKS_PER_WINDOW`
remarks per seat and window, :data:`~atout.games.sizette.rules.MAX_CAPTAIN_CHANGES` captain
changes per side in C0, and at most ``max_failed_commands`` commands the leader cannot obey.

>>> str(REMARK_MARKER)
'remark ""'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar, overload

from atout.actions import Action
from atout.cards import CARDS, SUIT_MASK, Card, Suit, cards_of
from atout.compiled import speedups
from atout.games.sizette.actions import (
    CLOSE,
    REMARK_TEMPLATE,
    Answer,
    Ask,
    Captain,
    Close,
    Command,
    NewCaptain,
    Remark,
    Say,
)
from atout.games.sizette.actions import Action as SizetteAction
from atout.games.sizette.events import NO_CARD, TableEvent, talk_entry
from atout.games.sizette.follow import card_list, card_mask
from atout.games.sizette.phases import C1, C2, C3, CARD_DUE, CUT, NO_WINDOW, OTHER, PLAY
from atout.games.sizette.rules import MAX_CAPTAIN_CHANGES, MAX_REMARKS_PER_WINDOW
from atout.games.sizette.talk import (
    FREE_CHOICE,
    QUESTION_KINDS,
    SELECTORS,
    CommandSpec,
    Question,
    Statement,
    answers,
    suit_statements,
)

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

_new_tuple = tuple.__new__
T = TypeVar("T")


REMARK_MARKER = REMARK_TEMPLATE
CLOSE_ONLY = (CLOSE,)
"""The captain's only move in window C2 when he is not the player to play (one shared tuple)."""
_ANSWERS: dict[Statement, Answer] = {}
"""One answer object per statement (the answers listed are the same objects from one listing to
the next: their codes are found by identity)."""


def _answer(statement: Statement) -> Answer:
    found = _ANSWERS.get(statement)
    if found is None:
        found = Answer(statement)
        if len(_ANSWERS) < 100_000:
            _ANSWERS[statement] = found
    return found

_COMMANDS_FREE = (Command(FREE_CHOICE),)
_COMMANDS_EXTENDED = _COMMANDS_FREE + tuple(Command(CommandSpec(sel, s)) for s in Suit for sel in SELECTORS)
_COMMAND_CARD = [Command(CommandSpec("card", card=c)) for c in CARDS]
_SPEECH: dict[Ask | Say, Ask | Say] = {}
"""Every question and statement listed, one object per value: what was said is then struck from
a list by identity (an equality test of each listed action against each one said is slow)."""


@overload
def _one(action: Ask) -> Ask: ...

@overload
def _one(action: Say) -> Say: ...

def _one(action: Ask | Say) -> Ask | Say:
    return _SPEECH.setdefault(action, action)


_SUIT_ASKS = [tuple(_one(Ask(mate, Question(kind, suit=s))) for kind in QUESTION_KINDS if kind != "hold" for s in Suit)
              for mate in range(10)]
_HOLD_ASKS = [[_one(Ask(mate, Question("hold", card=c))) for c in CARDS] for mate in range(10)]
_MATE_ASKS = [(_SUIT_ASKS[mate], _HOLD_ASKS[mate]) for mate in range(10)]
"""A team-mate's questions for :func:`talk_listing`: about suits, and by card id about each card."""
_NEW_CAPTAIN = [NewCaptain(s) for s in range(10)]
_CARD_COMMANDS: dict[int, tuple[Command, ...]] = {}


COMMANDS = (_COMMANDS_FREE, _COMMANDS_EXTENDED, tuple(_COMMAND_CARD))
"""The commands :func:`commands` lists: of no card (free grammar, extended grammar), and of each card
by its id."""


def _card_commands(mask: int) -> tuple[Command, ...]:
    found = _CARD_COMMANDS.get(mask)
    if found is None:
        found = _CARD_COMMANDS[mask] = tuple(_COMMAND_CARD[c] for c in cards_of(mask))
    return found


# ---------------------------------------------------------------------------------- opening


def open_lead_window(st: SizetteState, window: int) -> None:
    """C1 before trick 1; C3 before tricks 2–6 unless the leader is his side's captain (then
    his card is due). Sets :attr:`to_move` (the leader, or the captain who speaks)."""
    st.command = None
    st.failed_commands = 0
    leader = st.leader
    side = st.side_of[leader]
    captain = st.captains[side]
    if window == C3 and captain == leader:
        st.window = NO_WINDOW
        st.mode = CARD_DUE
        st.to_move = leader
        return
    st.window = window
    st.window_team = side
    st.remarks = st.rules.no_remarks
    st.mode = OTHER
    st.to_move = captain


def open_c2(st: SizetteState, leader: int) -> None:
    """After the opening card: the other side consults (no command)."""
    st.window = C2
    st.window_team = 1 - st.side_of[leader]
    st.remarks = st.rules.no_remarks
    st.mode = OTHER


# ---------------------------------------------------------------------------------- listing


def window_moves(st: SizetteState, seat: int) -> tuple[Answer | Card | Close | Command, ...]:
    """What ``seat`` decides in the open window: the answers to a question put to him; the
    captain's command (C1, C3) or ``close`` (C2); the card of a player due to play (C1 captain,
    C2)."""
    side = st.window_team
    if st.side_of[seat] != side:
        return ()
    pending = st.pending
    if pending is not None:
        if seat != pending[1]:
            return ()
        return tuple([_answer(s) for s in answers(pending[2], st.hands[seat], st.strength)])
    window = st.window
    if seat != st.captains[side]:
        # C2 closes when the player due to play plays his card (decisions.md#speech-windows)
        return card_list(card_mask(st, seat)) if window == C2 and seat == st.player else ()
    if window == C2:
        return card_list(card_mask(st, seat)) if seat == st.player else CLOSE_ONLY
    if window == C1 and seat == st.player:
        return card_list(card_mask(st, seat))
    return commands(st, seat)


def may_play_from_window(st: SizetteState, seat: int, card: Card) -> bool:
    """Whether ``seat`` may play ``card`` now although a window is open (see :func:`window_moves`)."""
    if st.phase != PLAY or st.window == NO_WINDOW or seat != st.player:
        return False
    return card in window_moves(st, seat)


def commands(st: SizetteState, seat: int) -> tuple[Command, ...]:
    """The captain's lead commands: ``any``, suit + selector (extended grammar), and every card he
    cannot see (not his, not played, not the Quadrette turned card on the talon). The last list
    made is kept on the state (the captain commands again after « pas de carte »), and each list
    in a table shared by every state (by the cards unseen and the grammar)."""
    unseen = st.rules.pack & ~(st.hands[seat] | st.played | st.talon_turned)
    cached = st.command_list
    if cached[0] == unseen:
        return cached[1]
    extended = st.rules.extended
    key = unseen << 1 | extended
    found = _COMMAND_LISTS.get(key)
    if found is None:
        found = _COMMANDS_EXTENDED if extended else _COMMANDS_FREE
        for suit_mask in SUIT_MASK:
            found += _card_commands(unseen & suit_mask)
        if len(_COMMAND_LISTS) >= 4_096:
            _COMMAND_LISTS.clear()
        _COMMAND_LISTS[key] = found
    st.command_list = (unseen, found)
    return found


_COMMAND_LISTS: dict[int, tuple[Command, ...]] = {}


def is_listed_command(st: SizetteState, action: Command) -> bool:
    """Whether ``action`` is, as this very object, a card command of the moves just listed when
    they are :func:`commands`: read from the mask that list was made of, not by scanning some
    forty commands. ``False`` tells nothing: the caller then looks through the list."""
    unseen, listed = st.command_list
    card = action.spec.card
    return (card is not None and st._moves is listed and action is _COMMAND_CARD[card]
            and unseen >> card & 1 == 1)


def talk_actions(st: SizetteState, seat: int, before: tuple[SizetteAction, ...] = (),
                 after: tuple[SizetteAction, ...] = ()) -> tuple[SizetteAction, ...]:
    """Optional speech of ``seat`` in C1 or C2: the captain's questions, true statements, and the
    remark marker when a free remark may be made; between ``before`` and ``after`` (what the seat's
    legal actions list around it: one tuple made). Each question and each statement is made at most
    once a hand (answers are public, so a question asked again adds nothing; and windows stay
    finite): what was said this hand is struck out, by identity (:data:`_SPEECH`)."""
    window = st.window
    if st.phase != PLAY or window != C1 and window != C2:
        return before + after
    side = st.window_team
    if st.side_of[seat] != side or st.pending is not None:   # a remark waits for the answer to a pending question
        return before + after
    rules = st.rules
    if rules.free_remarks and st.remarks[seat] < MAX_REMARKS_PER_WINDOW:
        after = _REMARK_ONLY + after
    captain = seat == st.captains[side]
    if not captain and not rules.volunteer:
        return before + after
    hand = st.hands[seat]
    unseen = rules.pack & ~(hand | st.played | st.turned_bit)
    asks = _for_others(_MATE_ASKS, rules.members[side], seat) if captain else ()
    says = _suit_says(st.strength)
    talk = st.talk
    said = tuple([_SPEECH.get(a, a) for e in talk if type(a := e.action) is Ask or type(a) is Say and e.seat == seat]
                 ) if talk else ()
    listing = (SUIT_MASK, says, _HOLD_SAY, _LACK_SAY, asks, hand, unseen, said, before, after)
    made = talk_listing(*listing)
    if made is None:   # a suit held so for the first time: its statements made, then listed
        _make_suit_says(says, st.strength, hand)
        made = talk_listing(*listing)
        assert made is not None, "every suit's statements were just made"
    return made


_REMARK_ONLY = (REMARK_MARKER,)


def _for_others(table: list[T], members: tuple[int, ...], seat: int) -> tuple[T, ...]:
    """``table``'s item for each member of a side but ``seat`` (by seat number: a captain's questions to his
    team-mates, the captain changes open to a side), one tuple per table, side and seat."""
    key = (id(table), members, seat)   # the tables are this module's own: their ids stay theirs
    found = _OTHERS.get(key)
    if found is None:
        found = _OTHERS[key] = tuple(table[m] for m in members if m != seat)
    return found  # type: ignore[return-value]  # made of this very table's items


_OTHERS: dict[tuple[int, tuple[int, ...], int], tuple[object, ...]] = {}
""":func:`_for_others`' tuples (a few dozen)."""


def pure_talk_listing(masks: tuple[int, ...], says: dict[int, tuple[Say, ...]], holds: Sequence[Say], lacks: Sequence[Say],
                      asks: tuple[tuple[tuple[Ask, ...], Sequence[Ask]], ...], hand: int, unseen: int,
                      said: tuple[object, ...], before: tuple[SizetteAction, ...], after: tuple[SizetteAction, ...],
                      ) -> tuple[SizetteAction, ...] | None:
    """The questions and statements of a seat in window C1 or C2 (decisions.md#volunteering), less those
    ``said`` (by identity), between ``before`` and ``after``; ``None`` when the statements about one of its
    suits are not made yet (:func:`_make_suit_says` makes them).

    First, for each team-mate the captain may ask (``asks``: his questions about suits, and by card id
    the question about each card), his questions about suits, then about each card the captain cannot
    see (``unseen``), suit by suit (``masks``). Then what the seat may volunteer: for each suit, the
    statements about his holding in it (``says``, by ``part << 2 | suit``:
    :func:`~atout.games.sizette.talk.volunteer_statements` in its order), then « I hold … » for each card
    of his ``hand`` (``holds``, by card id) and « I do not hold … » for each card he cannot see
    (``lacks``: not his, not played, not the retourne, which everybody sees), suit by suit. The
    reference of the compiled ``talk_listing`` (``atout/_speedups.c``)."""
    made = [says.get((hand & mask) << 2 | suit) for suit, mask in enumerate(masks)]
    suit_says = [part for part in made if part is not None]
    if len(suit_says) < len(made):
        return None
    out: list[Ask | Say] = []
    for suit_asks, per_card in asks:
        out += suit_asks
        for mask in masks:
            out += [per_card[c] for c in _suit_cards(unseen & mask)]
    for part in suit_says:
        out += part
    for statements, cards in ((holds, hand), (lacks, unseen)):
        for mask in masks:
            out += [statements[c] for c in _suit_cards(cards & mask)]
    if said:
        struck = set(map(id, said))
        out = [a for a in out if id(a) not in struck]
    return (*before, *out, *after)


_suit_cards = lru_cache(maxsize=4_096)(cards_of)
"""The cards of one suit's part of a hand, made once per part (read only)."""


talk_listing: Callable[[tuple[int, ...], dict[int, tuple[Say, ...]], Sequence[Say], Sequence[Say],
                        tuple[tuple[tuple[Ask, ...], Sequence[Ask]], ...], int, int, tuple[object, ...],
                        tuple[SizetteAction, ...], tuple[SizetteAction, ...]],
                       tuple[SizetteAction, ...] | None] = pure_talk_listing if speedups is None else speedups.talk_listing
"""The talk a seat may make in window C1 or C2: :func:`pure_talk_listing`, compiled when built."""


def _make_suit_says(says: dict[int, tuple[Say, ...]], strength: tuple[int, ...], hand: int) -> None:
    """Make the statements about each suit of ``hand`` that are not made yet (``says``, by ``part << 2 | suit``)."""
    for suit, mask in enumerate(SUIT_MASK):
        part = hand & mask
        if part << 2 | suit not in says:
            says[part << 2 | suit] = _suit_statements(suit, part, strength)


_HOLD_SAY = [_one(Say(Statement("hold", card=c, yes=True))) for c in CARDS]
_LACK_SAY = [_one(Say(Statement("hold", card=c, yes=False))) for c in CARDS]
_SUIT_SAYS: dict[int, tuple[tuple[int, ...], dict[int, tuple[Say, ...]]]] = {}


def _suit_says(strength: tuple[int, ...]) -> dict[int, tuple[Say, ...]]:
    """The statements about one suit for a rank order, by ``cards << 2 | suit`` (a few thousand)."""
    found = _SUIT_SAYS.get(id(strength))
    if found is None or found[0] is not strength:
        found = _SUIT_SAYS[id(strength)] = (strength, {})   # the order kept alive: its id stays its own
    return found[1]


def _suit_statements(suit: int, cards: int, strength: tuple[int, ...]) -> tuple[Say, ...]:
    """The statements volunteered about one suit held as ``cards``."""
    return tuple(_one(Say(s)) for s in suit_statements(Suit(suit), cards, strength))


def captain_changes(st: SizetteState, seat: int) -> tuple[NewCaptain, ...]:
    """Window C0 (the cut): a seat may name a new captain for its own side, a few times."""
    if st.phase != CUT:
        return ()
    side = st.side_of[seat]
    if st.captain_changes[side] >= MAX_CAPTAIN_CHANGES:
        return ()
    return _for_others(_NEW_CAPTAIN, st.rules.members[side], st.captains[side])


def may_remark(st: SizetteState, seat: int) -> bool:
    return REMARK_MARKER in talk_actions(st, seat)


# ---------------------------------------------------------------------------------- applying


def _say(st: SizetteState, seat: int, action: Ask | Say | Answer | Remark) -> None:
    st.talk = st.talk + (talk_entry(seat, st.trick_no + 1, action),)


def event(st: SizetteState, seat: int, event: TableEvent) -> None:
    """A table event concerning ``seat``, after the action being applied: in the hand's talk and
    announced in the log."""
    st.talk = st.talk + (talk_entry(seat, st.trick_no + 1, event),)   # _say, inlined
    st.announce(seat, event)


def on_ask(st: SizetteState, action: Ask, seat: int) -> None:
    st.pending = (seat, action.target, action.question)
    _say(st, seat, action)


def on_say(st: SizetteState, action: Say | Answer, seat: int) -> None:
    """A statement volunteered, or the answer to the pending question (which it closes)."""
    _say(st, seat, action)
    st.pending = None


def on_remark(st: SizetteState, action: Remark, seat: int) -> None:
    _say(st, seat, action)
    counts = list(st.remarks)
    counts[seat] += 1
    st.remarks = tuple(counts)


def on_close(st: SizetteState, action: Close, seat: int) -> None:
    st.window = NO_WINDOW
    st.mode = CARD_DUE


def on_command(st: SizetteState, action: Command, seat: int) -> None:
    """The leader obeys if he can; else the table says « pas de carte » and, after
    ``max_failed_commands`` such failures, the leader chooses freely."""
    spec = action.spec
    trick = st.trick_no + 1
    leader = st.leader
    said = talk_entry(seat, trick, action)
    if st.hands[leader] & spec.mask:
        st.talk = st.talk + (said,)   # _say, inlined
        st.command = spec
        st.window = NO_WINDOW
        st.mode = CARD_DUE
        return
    # the command, then « pas de carte » (_say and event inlined: with bots, the usual case)
    st.talk = st.talk + (said, talk_entry(leader, trick, NO_CARD))
    st.announce(leader, NO_CARD)
    st.failed_commands += 1
    if st.failed_commands >= st.rules.max_failed:
        st.command = None
        st.window = NO_WINDOW
        st.mode = CARD_DUE


def on_captain(st: SizetteState, action: Captain | NewCaptain, seat: int) -> None:
    """A captain named (phase captains, :class:`Captain`) or changed in C0 (:data:`NewCaptain`)."""
    side = st.side_of[action.seat]
    if type(action) is NewCaptain:
        a, b = st.captain_changes
        st.captain_changes = (a + 1, b) if side == 0 else (a, b + 1)
    captains = list(st.captains)
    captains[side] = action.seat
    st.captains = (captains[0], captains[1])


# ---------------------------------------------------------------------------------- refusals


def why_refused(st: SizetteState, seat: int, action: Action) -> tuple[str, dict[str, object]]:
    """The refusal of speech (or a command, or ``close``) that ``seat`` may not make now."""
    if st.phase != PLAY or st.window == NO_WINDOW:
        if st.phase == PLAY and st.trick_no >= 1:
            return "talk_closed_tricks", {}
        return "talk_closed", {}
    if st.side_of[seat] != st.window_team:
        if st.window == C3:   # no consultation: only the captain of the side on lead commands
            return "not_your_turn", {"seat": st.to_move}
        return "other_side_window", {"window": st.window_name}
    if st.pending is not None:   # a question waits: nothing else is said or decided before its answer
        return pending_refusal(st, seat, action)
    captain = st.captains[st.window_team]
    if isinstance(action, Command):
        if seat != captain:
            return "captain_commands", {"captain": captain}
        if st.window == C2:
            return "no_command_c2", {}
        if st.player == captain:
            return "captain_leads", {}
        spec = action.spec
        if spec.card is not None and st.hands[seat] >> spec.card & 1:
            return "own_card", {"card": spec.card}
        if spec.card is not None and st.played >> spec.card & 1:
            return "card_played", {"card": spec.card}
        return "bad_command", {"action": action, "grammar": st.rules.grammar}
    if st.window == C3:
        return "c3_command_only", {}
    if isinstance(action, Remark):
        if not st.rules.free_remarks:
            return "remarks_off", {}
        return "remarks_used", {"seat": seat, "limit": MAX_REMARKS_PER_WINDOW}
    if isinstance(action, Ask) and seat != captain:
        return "captain_asks", {"captain": captain}
    if isinstance(action, Ask) and any(e.action == action for e in st.talk):
        return "asked_already", {"action": action}
    if isinstance(action, Say) and any(e.seat == seat and e.action == action for e in st.talk):
        return "said_already", {"seat": seat, "statement": action.statement}
    if isinstance(action, Say):
        if not action.statement.is_true(st.hands[seat], st.strength):
            return "untrue", {"statement": action.statement, "seat": seat}
        if seat != captain and not st.rules.volunteer:
            return "mates_answer_only", {}
    if isinstance(action, Ask) and (action.target == seat or not 0 <= action.target < st.n
                                    or st.side_of[action.target] != st.side_of[seat]):
        return "ask_a_mate", {}
    if action == CLOSE and seat == st.player:
        return "close_by_playing", {}
    return "not_allowed", {"action": action}


def pending_refusal(st: SizetteState, seat: int, action: Action) -> tuple[str, dict[str, object]]:
    """The refusal of ``action`` while a question waits for its answer: the others wait for it;
    the seat asked must answer first, with ``answer …`` (not ``say …``) and truly."""
    assert st.pending is not None
    asker, target, question = st.pending
    if seat != target:
        return "must_answer", {"seat": target, "question": question}
    true = answers(question, st.hands[seat], st.strength)
    offered = _joined([Answer(s) for s in true])
    if isinstance(action, Answer):
        return "false_answer", {"action": action, "question": question, "answers": offered}
    if isinstance(action, Say) and action.statement in true:
        return "answer_with_answer", {"action": action, "asker": asker, "question": question,
                                      "answer": Answer(action.statement)}
    return "answer_first", {"question": question, "asker": asker, "answers": offered}


class _Joined:
    """Actions joined with commas, in the language of the message."""

    def __init__(self, actions: list[Answer]):
        self.actions = actions

    def text(self, lang: str = "en") -> str:
        return ", ".join(a.text(lang) if hasattr(a, "text") else str(a) for a in self.actions)

    def __str__(self) -> str:
        return self.text("en")


def _joined(actions: list[Answer]) -> _Joined:
    return _Joined(actions)


if speedups is not None:   # the compiled observation lists the talk of the seat to move as talk_actions does
    speedups.set_sizette_talk(SUIT_MASK, _suit_says, _make_suit_says, _HOLD_SAY, _LACK_SAY, _MATE_ASKS, _REMARK_ONLY,
                              MAX_REMARKS_PER_WINDOW, _SPEECH, Ask, Say)

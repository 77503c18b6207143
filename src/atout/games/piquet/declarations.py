"""The declarations as a dialogue: point, then sequences, then sets.

In each class the **elder** states the size of a holding (``point 5``, ``quint``, ``quatorze``) or
nothing; the **younger** answers ``good``, ``not good`` or ``equal``. Only when the sizes are equal
is the tie-break asked: the elder tells it (``value 48``, ``top K``, ``rank A``) and the younger
answers again. So the value of a point is never told when the lengths differ, and a beaten
holding is never shown. ``good``: the elder scores; ``equal`` after the tie-break: nobody scores in
that class; ``not good``: the younger will score.

Sinking is allowed: a player may state a lesser holding, or nothing, and answer ``good`` whatever
he holds; only what is declared scores. The winner of the sequences or of the sets then states
his other holdings of that class (``also tierce``, or ``no other sequence``), which score too.

The elder makes all his declarations and leads; before playing to that card the younger declares
what is his: the holding that beat the elder's in each class he answered ``not good``, and, in a
class where the elder stated nothing, whatever he wishes. What was scored is shown when the
opponent asks (``show me``): the holder then shows cards that fit every statement he made.

Sources: *Le Piquet* (loisirs.savoir.fr) — classes, values, sinking; Cavendish, *The Laws of
Piquet* (1882) — the dialogue, its timing and the showing (docs/rules/decisions.md#piquet-dialogue,
#piquet-sinking).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING

from atout.actions import Action
from atout.cards import CardSet
from atout.games.piquet.actions import (
    ANSWER_OF,
    ASK_SHOW,
    DECLARES,
    Also,
    Answer,
    AskShow,
    Declare,
    DialogueMove,
    Show,
    Tell,
    also_of,
    tell_of,
)
from atout.games.piquet.calls import Call, also_choices, made, shows, sizes, ties
from atout.games.piquet.exchange import put
from atout.games.piquet.holdings import SEQUENCE_POINTS, SET_POINTS
from atout.games.piquet.phases import (
    ALSO,
    ANSWER,
    DECLARE,
    DIALOGUE,
    OVER,
    PLAY,
    TELL,
    YOUNGER_DECLARE,
    YOUNGER_DECLARES,
)
from atout.games.piquet.refusals import refuse
from atout.games.piquet.vocabulary import POINT, SEQUENCES, SETS

if TYPE_CHECKING:
    from atout.games.piquet.state import PiquetState

WHAT = {POINT: "point", SEQUENCES: "sequence", SETS: "set"}


def class_points(cls: int, size: int, extras: tuple[int, ...] = ()) -> int:
    """What a holding of ``size`` scores in class ``cls``, with the ``extras`` of the same class.

    >>> class_points(0, 6), class_points(1, 5, (3,)), class_points(2, 4, (4, 3))
    (6, 18, 31)
    """
    if cls == POINT:
        return size
    table = SEQUENCE_POINTS if cls == SEQUENCES else SET_POINTS
    return table[size] + sum([table[e] for e in extras]) if extras else table[size]


def winner_of(st: PiquetState, cls: int) -> tuple[int, int]:
    """``(seat, size)`` of the winner of class ``cls`` so far; seat ``-1``: nobody (yet)."""
    stated = st.stmt[cls]
    if stated < 0:
        return -1, 0
    if stated == 0:
        return (st.younger, st.ydecl[cls]) if st.ydecl[cls] > 0 else (-1, 0)
    answers = st.answers[cls]
    if not answers:
        return -1, 0
    last = answers[-1]
    if last == "good":
        return st.elder, stated
    if last == "not_good":
        return (st.younger, st.ydecl[cls]) if st.ydecl[cls] > 0 else (-1, 0)
    return -1, 0


def declared_events(st: PiquetState) -> list[tuple[int, int, int]]:
    """The declarations scored, ``(category, seat, points)`` in the order of precedence."""
    events = []
    if st.cb_seat >= 0:
        events.append((0, st.cb_seat, 10))
    for cls in (POINT, SEQUENCES, SETS):
        seat, size = winner_of(st, cls)
        if seat >= 0:
            events.append((cls + 1, seat, class_points(cls, size, st.extras[cls] or ())))
    return events


# ------------------------------------------------------------------------------ the steps


def next_step(st: PiquetState) -> None:
    """Set the dialogue's next step (``st.step``, ``st.step_cls``, ``st.to_move``), or start the play;
    once the declarations are complete, the log says what each scored."""
    elder, younger = st.elder, st.younger
    if st.phase == DIALOGUE:
        for cls in (POINT, SEQUENCES, SETS):
            stated = st.stmt[cls]
            if stated < 0:
                st.set_step(DECLARE, cls, elder)
                return
            if stated == 0:
                continue
            answers = st.answers[cls]
            if not answers or (len(answers) == 1 and answers[0] == "equal" and st.told[cls] >= 0):
                st.set_step(ANSWER, cls, younger)
                return
            if answers[-1] == "equal" and len(answers) == 1:
                st.set_step(TELL, cls, elder)
                return
            if answers[-1] == "good" and cls != POINT and st.extras[cls] is None:
                st.set_step(ALSO, cls, elder)
                return
        st.phase = PLAY
        st.set_step(0, -1, elder)
        st.leader = elder
        if not younger_has_part(st):
            st.complete = True
            st.announce_declarations()
        return
    for cls in (POINT, SEQUENCES, SETS):
        if not _younger_may(st, cls):
            continue
        if st.ydecl[cls] < 0:
            st.set_step(YOUNGER_DECLARE, cls, younger)
            return
        if st.ydecl[cls] > 0 and cls != POINT and st.extras[cls] is None:
            st.set_step(ALSO, cls, younger)
            return
    st.phase = PLAY
    st.set_step(0, -1, younger)
    st.complete = True
    st.announce_declarations()


def _younger_may(st: PiquetState, cls: int) -> bool:
    return st.stmt[cls] == 0 or (bool(st.answers[cls]) and st.answers[cls][-1] == "not_good")


def younger_has_part(st: PiquetState) -> bool:
    """Whether the younger declares after the elder's first lead (a class he beat, or one left open)."""
    return any(_younger_may(st, cls) for cls in (POINT, SEQUENCES, SETS))


# ------------------------------------------------------------------------------ what may be said


def _sizes_above(calls: tuple[Call, ...], size: int) -> tuple[int, ...]:
    return tuple(n for n in sizes(calls) if n > size)


@cache
def _declare_menu(cls: int, held: tuple[int, ...]) -> tuple[Declare, ...]:
    """A declaration of each size ``held`` in class ``cls``, largest first, then « nothing »: one
    tuple per value."""
    return tuple(DECLARES[cls, n] for n in held) + (DECLARES[cls, 0],)


def dialogue_moves(st: PiquetState, seat: int) -> tuple[DialogueMove, ...]:
    """The moves of ``seat`` at the current step (the seat to move). Where a choice scores more
    than another, it comes first (a holding before nothing, « not good » before « good », every
    other holding before none): the first entry of a menu never throws points away."""
    step, cls = st.step, st.step_cls
    calls = st.calls[seat][cls] if st.calls else ()
    if step == DECLARE:
        return _declare_menu(cls, sizes(calls))
    if step == TELL:
        return tuple(tell_of(cls, v) for v in ties(calls, st.stmt[cls]))
    if step == ANSWER:
        stated = st.stmt[cls]
        if st.answers[cls]:  # the tie-break was told
            values = ties(calls, stated)
            told = st.told[cls]
            return _ANSWERS[bool(values) and values[0] > told, told in values]
        held = sizes(calls)
        return _ANSWERS[bool(held) and held[0] > stated, stated in held]
    if step == YOUNGER_DECLARE:
        stated = st.stmt[cls]
        if stated == 0:
            return _declare_menu(cls, sizes(calls))
        if len(st.answers[cls]) == 1:
            return tuple(DECLARES[cls, n] for n in _sizes_above(calls, stated))
        return (DECLARES[cls, stated],)
    if step == ALSO:
        _, size = winner_of(st, cls)
        exact, above = _told(st, seat, cls)
        if len(calls) == 1:   # one holding, the one he called: nothing to add (the menu without its reckoning)
            return (also_of(cls, ()),) if made(calls, size, exact, above) else ()
        return _also_menu(calls, cls, size, exact, above)
    return ()


_ANSWERS = {(beats, equals): tuple(ANSWER_OF[word] for word, listed in
                                   (("not_good", beats), ("equal", equals), ("good", True)) if listed)
            for beats in (False, True) for equals in (False, True)}
"""The younger's answers, by whether a call of his beats the elder's statement and whether one equals it:
« not good », « equal », then « good », always listed (sinking)."""


COMPILED_DIALOGUE = (DIALOGUE, YOUNGER_DECLARES, DECLARE, ANSWER, TELL, ALSO, YOUNGER_DECLARE, Declare, Answer, Tell, Also,
                     tuple(tuple(DECLARES[cls, n] for n in range(13)) for cls in (POINT, SEQUENCES, SETS)),
                     tuple(_ANSWERS[beats, equals] for beats in (False, True) for equals in (False, True)))
"""What the compiled dialogue reads (:mod:`atout.card_play`: the moves of a step that reads only the sizes of
the calls, and a move after which the dialogue goes on): the phases and steps, the moves' types, the
declaration of each class and size, the answers' menus (by whether a call beats the statement, then equals it)."""


@lru_cache(maxsize=8_192)
def _also_menu(calls: tuple[Call, ...], cls: int, size: int, exact: int | None, above: int | None) -> tuple[Also, ...]:
    """The winner's other holdings he may add (:func:`also_choices`), made once per value: a hand's calls of a
    class are few shapes (a run's cards follow from its suit, length and top)."""
    return tuple(also_of(cls, extra) for extra in also_choices(calls, cls, size, exact, above))


def _told(st: PiquetState, seat: int, cls: int) -> tuple[int | None, int | None]:
    """What the tie-break told says of ``seat``'s call in ``cls``: its value (the elder told it)
    or a value it is above (the younger found it « not good »); ``None`` when not told."""
    exact = st.told[cls] if seat == st.elder and st.told[cls] >= 0 else None
    above = st.told[cls] if seat == st.younger and len(st.answers[cls]) == 2 else None
    return exact, above


def check_dialogue(st: PiquetState, action: Action, seat: int) -> None:
    """Refuse, with the reason, a dialogue move :func:`dialogue_moves` does not list."""
    if action in dialogue_moves(st, seat):
        return
    if isinstance(action, Answer) and st.step == ANSWER:
        raise refuse("answer_untrue", answer=action, allowed=Choices(dialogue_moves(st, seat)))
    if isinstance(action, Also) and st.step == ALSO and action.cls == st.step_cls:
        raise refuse("also_lower", allowed=Choices(dialogue_moves(st, seat)))
    if isinstance(action, (Declare, Tell, Also)) and getattr(action, "cls", -1) == st.step_cls:
        raise refuse("not_holding", what=WHAT[st.step_cls])
    raise refuse("not_now", action=action, phase=st.phase_name)


class Choices:
    """The moves a refusal offers instead, each in the refusal's language, joined by « / »."""

    def __init__(self, moves: tuple[DialogueMove, ...]):
        self.moves = moves

    def text(self, lang: str) -> str:
        return " / ".join(m.text(lang) for m in self.moves)

    def __str__(self) -> str:
        return self.text("en")


def apply_dialogue(st: PiquetState, action: DialogueMove, seat: int) -> None:
    """Apply a listed dialogue move and go to the next step. The step says which move it is (a
    :class:`Declare` at ``DECLARE``, an :class:`Answer` at ``ANSWER``…: :func:`dialogue_moves` lists
    no other), so its field is read without a test (``type: ignore``: a fact the types cannot say)."""
    cls = st.step_cls
    step = st.step
    st.said += 1
    if step == DECLARE:
        st.stmt = put(st.stmt, cls, action.size)  # type: ignore[union-attr]
    elif step == ANSWER:
        st.answers = put(st.answers, cls, st.answers[cls] + (action.word,))  # type: ignore[union-attr, arg-type]
    elif step == TELL:
        st.told = put(st.told, cls, action.value)  # type: ignore[union-attr]
    elif step == YOUNGER_DECLARE:
        st.ydecl = put(st.ydecl, cls, action.size)  # type: ignore[union-attr]
    else:
        st.extras = put(st.extras, cls, action.sizes)  # type: ignore[union-attr]
    next_step(st)


# ------------------------------------------------------------------------------ showing


def may_ask(st: PiquetState, asker: int) -> bool:
    """Whether ``asker`` may ask his opponent to show what the opponent scored in declarations:
    once per deal, when the opponent's declarations are complete and scored something. (The compiled
    observation asks it so too: ``atout/_speedups.c``, ``piquet_legal``.)"""
    holder = st.elder if asker == st.younger else st.younger
    if st.pending >= 0 or st.asked[holder] or st.phase not in (PLAY, YOUNGER_DECLARES) or st.phase == OVER:
        return False
    if holder == st.younger and not st.complete:
        return False
    return (winner_of(st, POINT)[0] == holder or winner_of(st, SEQUENCES)[0] == holder
            or winner_of(st, SETS)[0] == holder)


def _items(st: PiquetState, seat: int) -> list[list[int]]:
    """For each class ``seat`` scored: the card masks that fit every statement he made."""
    out = []
    for cls in (POINT, SEQUENCES, SETS):
        winner, size = winner_of(st, cls)
        if winner != seat:
            continue
        exact, above = _told(st, seat, cls)
        out.append(sorted(shows(st.calls[seat][cls], size, exact, above, st.extras[cls] or ())))
    return out


def show_moves(st: PiquetState, seat: int) -> tuple[Show, ...]:
    """The shows that fit what ``seat`` scored (one card mask per way his statements can be met)."""
    found = set()
    for combo in product(*_items(st, seat)):
        bits = 0
        for m in combo:
            bits |= m
        found.add(bits)
    return tuple(Show(CardSet(b)) for b in sorted(found))


def ask_actions(st: PiquetState, seat: int) -> tuple[AskShow, ...]:
    return ASK_ONLY if may_ask(st, seat) else ()


ASK_ONLY = (ASK_SHOW,)
"""The request to show, alone (the compiled observation lists it so too: ``atout/_speedups.c``, ``piquet_legal``)."""

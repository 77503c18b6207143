"""The compact history and log: 16-bit codes, the side list for what does not fit, the change to
32-bit codes the first time a code does not fit, and views that stay true across undo."""

from __future__ import annotations

import random
from array import array
from dataclasses import dataclass
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.actions import Hidden
from atout.cards import ALL_CARDS, Card, CardSet
from atout.chance import Deal
from atout.events import Scored
from atout.history import MAX_SEATS, NARROW, SIDE_FLAG, Recorder, appended, intern
from atout.log import Log


@dataclass(frozen=True)
class Note:
    """Free text: never interned (the side list)."""

    text: str
    interned: ClassVar[bool] = False


WIDE = [Hidden("wide", n) for n in range(NARROW + 50)]
for _wide in WIDE:     # the process table holds more than NARROW actions: the last ones are wide
    intern(_wide)


def _action(draw: int, pick: int) -> object:
    kind = draw % 5
    if kind == 0:
        return ALL_CARDS[pick % 52]
    if kind == 1:
        return Hidden("narrow", pick % 7)
    if kind == 2:
        return WIDE[-1 - pick % 40]
    if kind == 3:
        return Note(f"note {pick}")
    return Deal((CardSet.parse("AS KH"), CardSet(1 << (pick % 52))), (Card("7D"),), (Card("7D"),))


def test_codes_are_16_bit_until_one_does_not_fit() -> None:
    rec = Recorder()
    for seat in range(4):
        rec.record(seat, Card("AS"))
    rec.record(-1, Hidden("narrow", 1))
    rec.record(2, WIDE[-1])                 # a wide interned number: kept in the side list
    narrow = intern(Hidden("narrow", 1)) < NARROW   # whether it is depends on what the process interned first
    assert rec.codes.typecode == "H" and rec.codes[-1] & SIDE_FLAG and not rec.codes[0] & SIDE_FLAG
    assert rec.side == ([] if narrow else [Hidden("narrow", 1)]) + [WIDE[-1]]
    assert list(rec.view()) == [(0, Card("AS")), (1, Card("AS")), (2, Card("AS")), (3, Card("AS")),
                                (-1, Hidden("narrow", 1)), (2, WIDE[-1])]


def test_a_long_side_list_turns_the_codes_32_bit_and_undo_comes_back_across() -> None:
    rec = Recorder()
    expected: list[tuple[int, object]] = []
    for n in range(NARROW + 10):            # more side entries than a 16-bit code can number
        seat = n % 3
        rec.record(seat, Note(str(n)))
        expected.append((seat, Note(str(n))))
        rec.record(seat, Card("KH"))
        expected.append((seat, Card("KH")))
    assert rec.codes.typecode == "I"
    view = rec.view()
    assert list(view) == expected
    rec.truncate(10)                         # back before the change: the view made before stays true
    assert list(rec.view()) == expected[:10] and len(rec.side) == 5
    assert list(view) == expected
    rec.record(1, Note("after"))
    last: object = rec[-1]
    assert last == (1, Note("after")) and list(view) == expected


def test_appended_keeps_the_old_array_for_its_views() -> None:
    codes = array("H", [5])
    wider = appended(codes, 1 << 17)
    assert codes.tolist() == [5] and wider.tolist() == [5, 1 << 17] and wider.typecode == "I"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-1, MAX_SEATS - 1), st.integers(0, 4), st.integers(0, 10_000), st.integers(0, 9)),
                max_size=120))
def test_recorder_against_a_list(steps: list[tuple[int, int, int, int]]) -> None:
    """Record, pop and truncate like a list; every view made on the way stays what it was."""
    rec = Recorder()
    model: list[tuple[int, object]] = []
    views = []
    for seat, draw, pick, undo in steps:
        if undo == 0 and model:
            assert rec.pop() == model.pop()
        elif undo == 1:
            keep = pick % (len(model) + 1)
            rec.truncate(keep)
            del model[keep:]
        else:
            action = _action(draw, pick)
            rec.record(seat, action)
            model.append((seat, action))
        views.append((rec.view(), list(model)))
        assert len(rec) == len(model)
    for view, seen in views:
        assert list(view) == seen
    copy = rec.copy()
    rec.record(0, Card("2C"))
    assert list(copy.view()) == model


def test_a_log_longer_than_16_bits_keeps_its_events() -> None:
    log = Log()
    rng = random.Random(3)
    events: dict[int, tuple[int, object]] = {}
    for n in range(70_000):                  # event numbers past 65,535: the numbers' array widens
        log.history.record(n % 4, ALL_CARDS[rng.randrange(52)])
        if n % 13 == 0:
            item: object = Hidden("trick", 1) if n % 2 else Note(f"event {n}")  # (Hidden: a dataclass)
            events[len(log)] = (n % 4, item)
            log.event(n % 4, item)
    assert log.at.typecode == "I"
    view = log.view(None, lambda item, seat, viewer: item)
    for number, (seat, item) in list(events.items())[::97] + list(events.items())[-3:]:
        assert view[number].seat == seat and view[number].item == item
    tail = view.since(len(view) - 30)
    assert [e.number for e in tail] == list(range(len(view) - 30, len(view)))
    last = max(events)
    log.truncate(last - len(events))         # back to before the action the last event followed
    assert len(log.at) == len(events) - 1 and view[last].item == events[last][1]


def test_a_state_whose_history_turned_32_bit_plays_on() -> None:
    """apply's card path writes 16-bit bytes; on a history turned 32-bit it appends the code."""
    from atout.game import CHANCE
    from atout.games import make_game

    game = make_game("sizette")
    rng = random.Random(5)
    state = game.new_state()
    reference = game.new_state()
    turned = False
    while state.outcome() is None:
        action = state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves())
        seat = state.to_move
        state.apply(action, seat)
        reference.apply(action, seat)
        if not turned and len(state.history) > 20:
            recorder = state._log.history            # as if a code had not fit
            recorder.codes = array("I", recorder.codes)
            state._codes = recorder.codes
            turned = True
            before = list(state.history)
            state.undo()
            state.apply(before[-1][1], before[-1][0])
    assert turned and state._log.history.codes.typecode == "I"
    assert list(state.history) == list(reference.history)
    assert state.full_log().to_json() == reference.full_log().to_json()   # (events compare by identity)


def test_wide_numbers_past_the_first_few_make_the_codes_32_bit() -> None:
    """In a long-lived process (a table of thousands): no more than SIDE_CAP side entries for them."""
    from atout.history import SIDE_CAP

    rec = Recorder()
    played = [(n % 4, WIDE[-1 - n % 45]) for n in range(SIDE_CAP + 30)]
    for seat, action in played:
        rec.record(seat, action)
        rec.record(seat, Card("9C"))
    assert rec.codes.typecode == "I" and len(rec.side) == SIDE_CAP
    assert [pair for pair in rec.view()][::2] == played
    rec.truncate(2 * SIDE_CAP - 2)          # back into the 16-bit part: the side list follows
    assert len(rec.side) == SIDE_CAP - 1 and list(rec.view())[::2] == played[:SIDE_CAP - 1]


def test_a_hand_scored_is_kept_as_its_result_alone_and_read_back_as_the_tables_event() -> None:
    log = Log()
    result = ("hand", 1, (3, 2))                 # any result record
    log.history.record(0, Card("KH"))
    log.event(-1, Scored(result))
    log.event(2, Scored(result))                 # a seat's own (no game announces one): kept whole
    log.history.record(1, Card("7H"))
    assert log.side[0] is result and type(log.side[1]) is Scored
    view = log.view(None, lambda item, seat, viewer: item)
    entries = list(view)
    assert [(e.number, e.seat) for e in entries] == [(0, 0), (1, -1), (2, 2), (3, 1)]
    assert entries[1].item == Scored(result) and entries[1].item.result is result
    assert view[1] == entries[1] and view.since(1)[:2] == entries[1:3]
    log.truncate(1)                              # back to the first card: both events kept, then none
    assert len(log) == 3 and list(log.view(None, lambda item, seat, viewer: item))[1].item == Scored(result)
    log.truncate(0)
    assert len(log) == 0 and log.side == []

"""The compiled card play (``atout._speedups.CardPlay``, :mod:`atout.card_play`) against its
reference, :meth:`atout.game.State.apply` with the game's check and change: at every action of random
parties of every option set of the games that have it, the same action applied both ways (the
reference on a clone) leaves the same position, history, undo ring and log, and an undo takes it
back; the moves listed are the same cards, cached alike; cards refused (not held,
not following suit, out of turn) are refused both ways with the same reason, changing nothing; and
the compiled path is really taken. Skipped where the extension was not built."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

from atout import CHANCE, card_play
from atout import game as game_module
from atout.actions import Action
from atout.cards import Card
from atout.compiled import speedups
from atout.errors import ActionError
from atout.game import TERMINAL, State
from atout.games import find_game, make_game
from atout.history import ACTIONS, NARROW, NARROW_CODE
from tests.conformance import kit

T = TypeVar("T")

needs_compiled = pytest.mark.skipif(speedups is None, reason="atout._speedups is not built (no C compiler at install)")
GAMES = ("whist", "mort", "sizette", "quadrette", "piquet", "besigue")
PARTIES = 80 * kit.SOAK    # per option set: a thousand parties in all (ATOUT_SOAK=10: ten times as many)
POLICY = kit.Policy(talk=0.1, claim=0.02, table=0.0005, max_results=3, max_actions=3000)


def option_sets() -> list[tuple[str, dict[str, object]]]:
    sets: list[tuple[str, dict[str, object]]] = []
    for name in GAMES:
        spec = find_game(name)
        presets = ("classic", "atout_vu") if name == "besigue" else spec.presets   # the others score otherwise
        sets += [(name, {}), *((name, {"preset": p}) for p in presets)]
    return [*sets, ("sizette", {"table_law_mode": True}), ("quadrette", {"table_law_mode": True}),
            ("besigue", {"players": 3}), ("besigue", {"players": 4, "joker_play": "free_anytime"}),
            ("besigue", {"partnerships": True}), ("besigue", {"pack": "classic", "undertrump": False}),
            ("besigue", {"declarations": "unlimited", "last_trick": "phase1", "seven_scores_to": "trick_winner"})]


def everything(state: State) -> tuple[object, ...]:
    """What an action may change: the position, the history's codes, the undo ring, the log."""
    return (state._snap(state), state.version, state._codes.tobytes(), state._codes.itemsize,
            list(state._ring), state._anchors[:], state.log_length(), list(state.history))


def compiled(state: State, method: str) -> object:
    made = type(state).__dict__[method]
    assert isinstance(made, speedups.CardPlay)
    return made


def state_class(name: str) -> type[State]:
    return type(make_game(name, {}).new_state())


CACHES = {"whist": (("_mkey",), ("_moves",)),
          "parlante": (("_ckey", "_mkey"), ("_cards", "_mask", "_moves", "_mseat", "command_list")),
          "piquet": (("listed_at",), ("listed",)),
          "besigue": (("_mkey",), ("_moves",))}
"""The keys of the moves each kind keeps, and what it keeps under them."""


def listed_both_ways(state: State, reference: State) -> None:
    """The moves of ``state`` (compiled) and of its clone ``reference`` (the game's Python), each
    listed afresh: the same moves, and the same cache left in each state."""
    keys, kept = CACHES[card_play.INSTALLED[type(state)]]
    for made in (state, reference):
        for key in keys:
            setattr(made, key, -1)    # nothing kept: listed again
    assert state.moves() == compiled(state, "moves").fallback(reference)  # type: ignore[attr-defined]
    cache = (*keys, *kept)
    assert [getattr(state, name) for name in cache] == [getattr(reference, name) for name in cache]


def refused(state: State, action: object, seat: int | None, apply: object) -> str:
    before = everything(state)
    with pytest.raises(ActionError) as error:
        apply(state, action, seat)  # type: ignore[operator]
    assert everything(state) == before
    return f"{type(error.value).__name__}: {error.value}"


def wrong_actions(state: State, rng: random.Random, seen: dict[str, Action]) -> list[tuple[Action, int | None]]:
    """Cards the seat to move may not play now: not held, not following suit; and a legal card
    played for another seat (where no card is due, the first move listed, made for another seat). In
    Sizette's window C3, the captain's commands: of a card he holds (read from its text, and the very
    object listed earlier in the partie, ``seen``), a listed one made for another seat, and a listed
    one read again from its text (another object, which the compiled path leaves to the reference)."""
    if getattr(state, "window_name", None) == "C3" and state.to_move >= 0:
        listed = state.moves()
        seen.update((state.action_text(a), a) for a in listed)
        hand = state.hands[state.to_move]  # type: ignore[attr-defined]
        held = [f"command {Card(c)}" for c in range(52) if hand >> c & 1]
        out = [(state.parse_action(rng.choice(held), "en"), None),
               (listed[-1], (state.to_move + 1) % state.game.num_seats),
               (state.parse_action(state.action_text(listed[-1]), "en"), None)]
        return out + [(seen[text], None) for text in held if text in seen]
    listed = state.moves()
    moves = [a for a in listed if type(a) is Card]
    out: list[tuple[Action, int | None]] = []
    if state.phase_name in ("exchange_elder", "exchange_younger") and state.to_move >= 0:
        return piquet_wrong_discards(state, listed, rng)
    if state.phase_name in ("declarations", "younger_declares") and state.to_move >= 0 and listed:
        return piquet_wrong_dialogue(state, listed, rng)
    if not moves:   # another decision (Bésigue's pass, a declaration…): made for another seat
        return [(listed[0], (state.to_move + 1) % state.game.num_seats)] if listed else out
    pack = [Card(c) for c in range(int(state.game.pack).bit_length()) if state.game.pack >> c & 1]
    out.append((rng.choice(pack), None))
    hands = getattr(state, "hands", ())
    held = [card for h in hands for card in pack if h >> card & 1 and card not in moves]
    if held:
        out.append((rng.choice(held), None))
    out.append((moves[0], (state.to_move + 1) % state.game.num_seats))
    return [(card, seat) for card, seat in out if card not in moves or seat is not None]


def piquet_wrong_discards(state: State, listed: Sequence[Action], rng: random.Random,
                          ) -> list[tuple[Action, int | None]]:
    """Piquet's exchange: a discard listed, made for the other seat; a card not held put aside; and, once
    no more may be put aside, a card held (read from their text, as a player types them)."""
    seat = state.to_move
    hand = state.hands[seat]  # type: ignore[attr-defined]
    pack = [c for c in range(52) if state.game.pack >> c & 1]
    discard = type(state.parse_action("discard 7S", "en"))
    out: list[tuple[Action, int | None]] = [(listed[0], 1 - seat)]
    out.append((state.parse_action(f"discard {Card(rng.choice([c for c in pack if not hand >> c & 1]))}", "en"), None))
    if not any(type(a) is discard for a in listed):
        out.append((state.parse_action(f"discard {Card(rng.choice([c for c in pack if hand >> c & 1]))}", "en"), None))
    return out


PIQUET_SAYINGS = ("no point", *(f"point {n}" for n in range(1, 9)), "no sequence", "tierce", "quart", "quint", "sixieme",
                  "septieme", "huitieme", "no set", "trio", "quatorze", "good", "not good", "equal", "value 30",
                  "top A", "rank K", "also tierce", "also trio", "no other sequence", "no other set")
"""What may be said in Piquet's dialogue, in the table's notation: most of it wrong at any one step."""


def piquet_wrong_dialogue(state: State, listed: Sequence[Action], rng: random.Random,
                          ) -> list[tuple[Action, int | None]]:
    """Piquet's dialogue: a move listed, made for the other seat; something not listed now (a holding not
    held, an answer not true, a move of another step: read from its text); and a listed move read again
    from its text."""
    seat = state.to_move
    unlisted = [a for a in (state.parse_action(text, "en") for text in PIQUET_SAYINGS) if a not in listed]
    return [(listed[0], 1 - seat), (rng.choice(unlisted), None),
            (state.parse_action(state.action_text(rng.choice(listed)), "en"), None)]


@needs_compiled
@pytest.mark.parametrize(("name", "options"), option_sets())
def test_the_compiled_card_play_is_the_reference(name: str, options: dict[str, object]) -> None:
    made = make_game(name, options)
    play, listing = compiled(made.new_state(), "apply"), compiled(made.new_state(), "moves")
    hits, lists = play.hits, listing.hits  # type: ignore[attr-defined]
    parties = PARTIES // 4 if name == "besigue" else PARTIES   # Bésigue's hands are long
    for seed in range(parties):
        state, rng, extras, seen = made.new_state(), random.Random(seed), [0], {}
        while state.to_move != TERMINAL and len(state.results) < POLICY.max_results:
            if state.to_move != CHANCE and rng.random() < 0.2:
                for wrong, seat in wrong_actions(state, rng, seen):
                    if wrong in state.moves() and seat is None:   # a listed command as another object: played both ways
                        twin = state.clone()
                        State.apply(twin, wrong, seat)
                        played = state.clone()
                        played.apply(wrong, seat)
                        assert everything(played) == everything(twin)
                        continue
                    assert refused(state, wrong, seat, type(state).apply) == refused(state, wrong, seat, State.apply)
            reference = state.clone()
            listed_both_ways(state, reference)
            seat, action = kit.choose_random(state, rng, POLICY, extras)
            State.apply(reference, action, seat)
            before = everything(state)
            state.apply(action, seat)
            assert everything(state) == everything(reference), (seed, seat, action)
            if rng.random() < 0.1:   # taken back: as before (the version counts changes; the ring, anchors aside;
                codes = list(state._codes)   # a history turned 32-bit by the action stays so, the same codes)
                state.undo()
                after = everything(state)
                assert [after[i] for i in (0, 6, 7)] == [before[i] for i in (0, 6, 7)]
                assert list(state._codes) == codes[:-1]
                state.apply(action, seat)
    if not made.options.get("table_law_mode"):   # under table law any card may be played: no compiled path
        assert play.hits - hits > 10 * parties   # the compiled paths were taken
        assert listing.hits - lists > 10 * parties  # type: ignore[attr-defined]


def piquet_decisions(parties: int, seed: int, before: Callable[[State, Action], T]) -> list[tuple[T, bool, bool, str]]:
    """Random Piquet parties played through the compiled paths: at each decision, what ``before`` reads of
    the position and the action chosen, whether its moves were listed in C and it was played in C, and the
    phase after it."""
    made = make_game("piquet")
    play, listing = compiled(made.new_state(), "apply"), compiled(made.new_state(), "moves")
    rng, out = random.Random(seed), []
    for _ in range(parties):
        state = made.new_state()
        while state.to_move != TERMINAL:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            lists = listing.hits  # type: ignore[attr-defined]
            action = rng.choice(state.moves())
            listed, read = listing.hits > lists, before(state, action)  # type: ignore[attr-defined]
            hits = play.hits  # type: ignore[attr-defined]
            state.apply(action)
            out.append((read, listed, play.hits > hits, state.phase_name))  # type: ignore[attr-defined]
    return out


@needs_compiled
def test_piquet_discards_are_compiled() -> None:
    """After the first card put aside, Piquet's discards and the exchange's moves are answered in C
    (the first step, where a carte blanche may be shown, is the reference's)."""
    discard = type(make_game("piquet").new_state().parse_action("discard 7S", "en"))
    later = [(listed, played, coded) for (exchanging, discarding, coded), listed, played, _ in piquet_decisions(
        20, 3, lambda state, action: (
            state.phase_name in ("exchange_elder", "exchange_younger") and state.ndisc[state.to_move] > 0,  # type: ignore[attr-defined]
            type(action) is discard, id(action) in NARROW_CODE)) if exchanging and discarding]
    coded = [played for _, played, has_code in later if has_code]   # the first time it is met, the reference interns it
    if len(coded) < 100 and len(ACTIONS) >= NARROW:
        pytest.skip("this process's table of actions is full: the discards have no short code to take")
    assert len(later) > 100 and len(coded) > 100
    assert sum(coded) > len(coded) * 0.9   # all but where the history keeps a position (every 64 actions)
    assert sum(listed for listed, _, _ in later) > len(later) * 0.9


@pytest.mark.parametrize("name", ["sizette", "quadrette"])
@needs_compiled
def test_parlante_hand_edges_are_compiled(name: str) -> None:
    """Sizette's and Quadrette's cut, deal made here, opening lead (when a card is due, or straight from window
    C1), the card due played straight from window C2, the captain's command in window C1 and his close of C2, the card that hands the vole to a captain, his decision, and the card that wins a hand
    (outright, or the vole made or failed) and perhaps the partie are played in C (the reference's where the
    history keeps a position)."""
    made = make_game(name)
    play = compiled(made.new_state(), "apply")
    rng = random.Random(11)
    seen: dict[str, list[bool]] = {"deal": [], "cut": [], "opening lead": [], "hand won": [], "vole to decide": [],
                                   "vole decided": [], "C1 command": [], "partie won": [], "card from a window": [],
                                   "C2 close": []}
    for _ in range(40):
        state = made.new_state()
        while state.to_move != TERMINAL:
            if state.to_move == CHANCE:
                action = state.sample_chance(rng)
                kind = "deal" if state.phase_name == "deal" else ""
            else:
                action = rng.choice(state.moves())
                kind = ("card from a window" if type(action) is Card and state.window_name in ("C1", "C2")  # type: ignore[attr-defined]
                        else "opening lead" if (type(action) is Card and state.mode == 0 and state.trick_no == 0  # type: ignore[attr-defined]
                                                and not state.trick)  # type: ignore[attr-defined]
                        else "C1 command" if state.window_name == "C1" and type(action).__name__ == "Command"  # type: ignore[attr-defined]
                        else "cut" if type(action).__name__ == "Cut"
                        else "vole decided" if type(action).__name__ == "Vole"
                        else "C2 close" if type(action).__name__ == "Close" and state.window_name == "C2"  # type: ignore[attr-defined]
                        else "")
            hand, vole, hits = state.hand_no, state.vole_team, play.hits  # type: ignore[attr-defined]
            coded = id(action) in NARROW_CODE   # the first time it is met, the reference interns it
            state.apply(action)
            won = type(action) is Card and state.hand_no != hand and (   # type: ignore[attr-defined]
                vole is not None or state.results[-1].reason in ("three", "four"))  # type: ignore[attr-defined]
            kind = kind or ("hand won" if won else "partie won" if type(action) is Card and state.outcome()
                            else "vole to decide" if type(action) is Card and state.phase_name == "vole" else "")
            if kind and (coded or kind in ("deal", "opening lead", "hand won", "vole to decide", "partie won",
                                           "card from a window")):
                seen[kind].append(play.hits > hits)  # type: ignore[attr-defined]
    for kind, compiled_too in seen.items():
        if len(compiled_too) < 25 and kind in ("cut", "vole decided", "C1 command", "C2 close") and len(ACTIONS) >= NARROW:
            continue   # this process's table of actions is full: these moves have no short code to take
        assert len(compiled_too) >= 25, kind
        assert sum(compiled_too) > len(compiled_too) * 0.9, kind


def _piquet_saying(state: State, action: Action) -> tuple[bool, bool, bool]:
    """Whether the seat speaks in the dialogue; whether what it says is listed from the sizes of its calls
    (a declaration, or an answer before a tie-break was told); whether the action has its code already
    (the first time it is met, the reference interns it)."""
    speaking = state.phase_name in ("declarations", "younger_declares")
    texts = state.action_text(action).split()
    table = state.observation(None) if speaking else None
    told = table is not None and table.step == "answer" and bool(table.dialogue[table.step_class].answers)  # type: ignore[attr-defined]
    declaring = speaking and not told and texts[:2] != ["no", "other"] and (
        texts[0] in ("no", "point", "good", "not", "equal") or len(texts) == 1)
    return speaking, declaring, id(action) in NARROW_CODE


@needs_compiled
def test_piquet_dialogue_is_compiled() -> None:
    """Piquet's declarations and answers are listed in C, and a move of the dialogue after which it goes on
    is played in C (the move that ends it, where the declarations are scored, is the reference's)."""
    found = piquet_decisions(30, 5, _piquet_saying)
    declarations = [listed for (_, declaring, _), listed, _, _ in found if declaring]
    going_on = [played for (speaking, _, coded), _, played, after in found
                if speaking and coded and after in ("declarations", "younger_declares")]
    if len(going_on) < 100 and len(ACTIONS) >= NARROW:
        pytest.skip("this process's table of actions is full: the dialogue's moves have no short code to take")
    assert len(going_on) > 100 and len(declarations) > 100
    assert sum(going_on) > len(going_on) * 0.95   # all but where the history keeps a position (every 64 actions)
    assert sum(declarations) > len(declarations) * 0.95


@needs_compiled
@pytest.mark.parametrize("options", [{}, {"discard": True, "partners": True}])
@pytest.mark.parametrize("depth", [1, 3])
def test_the_compiled_base_apply_is_the_reference(options: dict[str, object], depth: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``atout.game.base_apply`` (State.apply compiled, what the card play falls back to) against
    :meth:`State.apply` on a game without a compiled card play (the toy: every kind of action, claims
    and abandons, chance steps): the same position, history, undo ring (of one snapshot, and of three)
    and log after each action, and the same refusal of a wrong one, changing nothing."""
    from tests.toygame import ToyGame

    monkeypatch.setattr(type(ToyGame(dict(options)).new_state()), "undo_depth", depth)
    assert game_module.base_apply is speedups.base_apply
    assert all(compiled(made.new_state(), "apply").fallback is speedups.base_apply  # type: ignore[attr-defined]
               for made in (make_game(name) for name in GAMES))
    made = ToyGame(dict(options))
    for seed in range(40):
        state, rng, extras = made.new_state(), random.Random(seed), [0]
        while state.to_move != TERMINAL:
            if state.to_move != CHANCE and rng.random() < 0.2:
                wrong = (rng.choice(state.moves()), (state.to_move + 1) % made.num_seats)
                assert refused(state, *wrong, speedups.base_apply) == refused(state, *wrong, State.apply)
                before = everything(state)
                for bad in ({"player": 0}, {"seat": 0, "action": wrong[0]}):   # a name it does not take, or twice
                    with pytest.raises(TypeError):
                        speedups.base_apply(state, wrong[0], **bad)
                assert everything(state) == before
            seat, action = kit.choose_random(state, rng, POLICY, extras)
            reference = state.clone()
            State.apply(reference, action, seat)
            if rng.random() < 0.5:
                speedups.base_apply(state, action, seat)
            else:   # by name, as State.apply takes them
                speedups.base_apply(state, action=action, seat=seat)
            assert everything(state) == everything(reference), (seed, seat, action)


@needs_compiled
def test_a_subclass_plays_by_the_reference() -> None:
    whist = state_class("whist")
    changes = [0]

    def _change(self: State, action: Action, seat: int) -> None:
        changes[0] += 1
        whist._change(self, action, seat)

    traced = make_game("whist", {}).new_state()
    traced.__class__ = type("Traced", (whist,), {"__slots__": (), "_change": _change})
    rng = random.Random(1)
    while traced.to_move != TERMINAL and traced.ncards < 30:  # type: ignore[attr-defined]
        traced.apply(traced.sample_chance(rng) if traced.to_move == CHANCE else rng.choice(traced.moves()))
    assert changes[0] == len(traced.history)


@needs_compiled
def test_every_trick_game_has_it() -> None:
    for name, kind in (("whist", "whist"), ("mort", "whist"), ("sizette", "parlante"), ("quadrette", "parlante"),
                       ("piquet", "piquet"), ("besigue", "besigue")):
        cls = state_class(name)
        assert isinstance(cls.__dict__["apply"], speedups.CardPlay)
        assert card_play.INSTALLED[cls] == kind


@needs_compiled
def test_card_play_refuses_what_it_cannot_read() -> None:
    whist = state_class("whist")
    fields = speedups.Slots(whist, card_play.APPLY_FIELDS["whist"])
    with pytest.raises(ValueError, match="no kind"):
        speedups.CardPlay("bridge", fields, whist._snap, State.apply, (), (), 255, ())
    with pytest.raises(ValueError, match="fields"):
        speedups.CardPlay("parlante", fields, whist._snap, State.apply, (), (), 255, (0, None))
    with pytest.raises(TypeError):
        speedups.CardPlay("whist", fields, None, State.apply, (), (), 255, (5, 0, 1))

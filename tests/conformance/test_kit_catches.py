"""The kit fails games that break the contract: each mutant of the toy game breaks one rule, and
the kit must say so (a kit that passes everything proves nothing)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.errors import IllegalActionError
from atout.game import EndReason, Outcome
from tests.conformance import kit
from tests.toygame import Abandon, Claim, Show, ToyGame, ToyObservation, ToyResult, ToyState

EVERY_TIME = kit.Rates(all_notation=1.0, refusals=1.0, undo=1.0, clone=1.0, listed_apply=1.0)


def game_of(state_cls: type[ToyState]) -> ToyGame:
    class Mutant(ToyGame):
        def new_state(self) -> ToyState:
            return state_cls(self)

    return Mutant()


def play(state_cls: type[ToyState], parties: int = 6) -> list[ToyState]:
    game, stats, out = game_of(state_cls), kit.Stats(), []
    for seed in range(parties):
        out.append(kit.play_partie(game.new_state(), seed, stats, EVERY_TIME))
    return out


def test_the_toy_itself_passes() -> None:
    states = play(ToyState)
    stats = kit.PoisonStats()
    for state in states:
        kit.check_undo(state)
        kit.poison(state, random.Random(1), 10, stats)
    assert stats.compared > 0


def next_of(state: ToyState, seat: int) -> int:
    return (seat + 1) % state.n


class ShowsTheOtherHand(ToyState):
    def observation(self, seat: int | None) -> ToyObservation:
        obs = super().observation(seat)
        if seat is None:
            return obs
        other = next_of(self, seat)
        return obs._replace(shown=obs.shown + tuple((other, c) for c in self.hands[other]))


class HintsAtTheOtherHand(ToyState):
    """No card code shown, but a number that depends on another seat's cards: only poisoning sees it."""

    def observation(self, seat: int | None) -> ToyObservation:
        obs = super().observation(seat)
        if seat is None:
            return obs
        return obs._replace(dealer=obs.dealer + 1000 * (int(self.hands[next_of(self, seat)]) % 997))


class LosesTheTalon(ToyState):
    def zones(self) -> dict[str, CardSet]:
        zones = super().zones()
        zones.pop("talon", None)
        return zones


class EnglishOnly(ToyState):
    def action_text(self, action: Any, lang: str = "en") -> str:
        return str(action)


class AcceptsAnyCard(ToyState):
    """Any card held may be played: following suit is not enforced by apply (but listed right)."""

    def _check(self, action: Any, seat: int) -> None:
        if self.phase == "play" and seat == self.to_move and action in self.hands[seat]:
            return
        super()._check(action, seat)


class ChangesWhileChecking(ToyState):
    """The check of a show notes it before it may refuse it."""

    def _check(self, action: Any, seat: int) -> None:
        if isinstance(action, Show):
            self.shown = (*self.shown, (-9, action.card))
        super()._check(action, seat)


class MutatesInPlace(ToyState):
    """A position field holding a list that the change appends to: clones share it, undo keeps it."""

    def __init__(self, game: ToyGame):
        super().__init__(game)
        self.shown = []  # type: ignore[assignment]

    def _deal(self, action: Any) -> None:
        super()._deal(action)
        self.shown = []  # type: ignore[assignment]

    def _change(self, action: Any, seat: int) -> None:
        if isinstance(action, Show):
            self.talked += 1
            self.shown.append((seat, action.card))  # type: ignore[attr-defined]
            return
        super()._change(action, seat)


class ScoresABonus(ToyState):
    def _end_hand(self, reason: str) -> None:
        super()._end_hand(reason)
        self.scores = (self.scores[0] + 1, *self.scores[1:])


class ShowsTheWholeDeal(ToyState):
    def visible_action(self, action: Any, actor: int, viewer: int | None) -> Any:
        return action


class CrownsTheLoser(ToyState):
    def _end_hand(self, reason: str) -> None:
        super()._end_hand(reason)
        if self.ended is not None and self.ended.winners:
            loser = next_of(self, self.ended.winners[0])  # a side, and a seat: the default sides are the seats
            self.ended = Outcome(self.ended.scores, (loser,), EndReason.TARGET)


class DealsItsOwnLead(ToyState):
    """The first leader drawn privately at the deal: the history no longer decides the state."""

    def _deal(self, action: Any) -> None:
        super()._deal(action)
        self.leader = random.randrange(self.n)


class ForgetsResultsOnUndo(ToyState):
    """The results are left out of the position: undo does not take a scored hand back."""

    position = tuple(name for name in ToyState.position if name != "results")


class CrashesOnNonsense(ToyState):
    def parse_action(self, text: str, lang: str | None = None) -> Any:
        if text.strip() == "?":
            raise KeyError(text)
        return super().parse_action(text, lang)


class AbandonsForTheOther(ToyState):
    """Abandon listed for the seat to move only, but accepted from anyone."""

    def legal_actions(self, seat: int | None = None) -> tuple[Any, ...]:
        actions = super().legal_actions(seat)
        mine = seat is None or seat == self.to_move
        return actions if mine else tuple(a for a in actions if not isinstance(a, Abandon))

    def _check(self, action: Any, seat: int) -> None:
        if isinstance(action, Abandon) and self.ended is None and 0 <= seat < self.n:
            return
        super()._check(action, seat)


class TellsInFrenchOnly(ToyState):
    def _check(self, action: Any, seat: int) -> None:
        try:
            super()._check(action, seat)
        except IllegalActionError as err:
            raise IllegalActionError(str(err)) from None


@pytest.mark.parametrize(("mutant", "message"), [
    (ShowsTheOtherHand, "cannot know"),
    (LosesTheTalon, "zones are not the pack"),
    (EnglishOnly, "fr text"),
    (AcceptsAnyCard, "though it is not listed"),
    (ChangesWhileChecking, "changed the state"),
    (MutatesInPlace, "changed the original|does not give back"),
    (ScoresABonus, "running sum"),
    (ShowsTheWholeDeal, "visible_action shows|of the deal"),
    (CrownsTheLoser, "winners"),
    (DealsItsOwnLead, "replay|applied again"),
    (CrashesOnNonsense, "raised KeyError"),
    (AbandonsForTheOther, "not listed"),
])
def test_the_kit_catches(mutant: type[ToyState], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        play(mutant)


class LogShowsTheWholeDeal(ToyGame):
    """Every viewer's log shows every hand of the deal (the state's own ``visible_action`` is right)."""

    def visible_action(self, item: Any, actor: int, viewer: int | None) -> Any:
        return item


def test_the_log_is_scanned() -> None:
    with pytest.raises(AssertionError, match="cannot know|of the deal"):
        kit.play_partie(LogShowsTheWholeDeal().new_state(), 1, kit.Stats(), EVERY_TIME)


def test_poisoning_catches_what_the_text_scan_cannot() -> None:
    states = play(HintsAtTheOtherHand)  # every check during play passes: no card code is shown
    with pytest.raises(AssertionError, match="depends on cards it cannot know"):
        for state in states:
            kit.poison(state, random.Random(3), 10, kit.PoisonStats())


def test_undo_is_checked() -> None:
    with pytest.raises(AssertionError, match="undo of .* does not give back the results"):
        play(ForgetsResultsOnUndo, parties=2)
    state = play(ToyState, parties=1)[0]
    broken = ForgetsResultsOnUndo(state.game)
    for seat, action in state.history:
        broken.apply(action, seat)
    with pytest.raises(AssertionError, match="undo"):
        kit.check_undo(broken)


def test_refusals_without_french_are_counted() -> None:
    stats = kit.Stats()
    kit.play_partie(game_of(TellsInFrenchOnly).new_state(), 1, stats, EVERY_TIME)
    assert stats.refusals > stats.refusals_without_french > 0


def test_the_toy_claim() -> None:
    """The toy's claim, which random play reaches rarely: a leader holding only unbeatable trumps."""
    deal = Deal((CardSet.parse("KS KS#2 KD KD#2 AD#2 AC"), CardSet.parse("AH AH#2 KH#2 AS AS#2 AD")),
                tuple(CardSet.parse("KH KC KC#2 AC#2")), (Card("KH"),))
    state = ToyGame({"seats": "2", "target": "3"}).state_from_deal(deal, {"dealer": "0", "scores": "2-2"})
    for text in ("AS", "KS", "AS#2", "KS#2", "AD", "KD"):
        assert Claim() not in state.legal_actions(state.to_move)
        state.apply(state.parse_action(text, "en"))
    assert state.to_move == 1 and Claim() in state.legal_actions(1)
    state.apply(state.parse_action("réclame", "fr"), 1)
    assert state.results == (ToyResult(1, (0, 6), (2, 8), "claim"),)
    assert state.outcome() == Outcome((2, 8), (1,), EndReason.TARGET)
    kit.check_end(state)
    kit.check_undo(state)

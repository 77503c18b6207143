"""Our Whist deals in Portable Bridge Notation: written, read back, and opened by a bridge program
(the ``endplay`` package, a test-only dependency, which bundles the DDS double-dummy solver)."""

from __future__ import annotations

import random

import pytest

from atout.cards import SUIT_INDEX, CardSet
from atout.errors import RecordError
from atout.game import CHANCE
from atout.games import make_game
from atout.games.whist.pbn import COMPASS, hand_text, partie_boards, partie_pbn, read_pbn, whist_deal


def finished(name: str, seed: int, **options: object):  # type: ignore[no-untyped-def]
    state, rng = make_game(name, options).new_state(), random.Random(seed)
    while state.outcome() is None:
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    return state


def test_every_deal_of_a_partie_round_trips() -> None:
    state = finished("whist", 3)
    deals = [a for s, a in state.history if s == CHANCE and hasattr(a, "hands")]
    boards = read_pbn(partie_pbn(state))
    assert len(boards) == len(deals) == len(state.results)
    for board, deal, result in zip(boards, deals, state.results, strict=True):
        assert board.hands == tuple(int(h) for h in deal.hands)
        assert board.turned == deal.turned[0] and board.dealer == result.dealer
        assert whist_deal(board) == deal.__class__(deal.hands, (), deal.turned)


def test_a_mort_deal_puts_the_mort_south() -> None:
    state = finished("mort", 4, rubbers=1)
    board = partie_boards(state)[0]
    deal = next(a for s, a in state.history if s == CHANCE and hasattr(a, "hands"))
    assert board.hands[2] == int(CardSet.of(deal.talon)) and board.names[2] == "mort"
    assert read_pbn(partie_pbn(state))[0].hands == board.hands


@pytest.mark.parametrize("text", ["[Deal \"N:AKQ\"]\n", "[Deal \"X:... ... ... ...\"]\n", "not a tag\n",
                                  ("[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n"
                                   "[Turned \"2H\"]\n"), "[Deal \"N:ZZ.. ... ... ...\"]\n"])
def test_bad_pbn_is_refused_with_its_line(text: str) -> None:
    with pytest.raises(RecordError) as err:
        read_pbn(text)
    assert err.value.errors and err.value.errors[0][0] >= 1


def test_endplay_opens_our_pbn_and_solves_it() -> None:
    pbn = pytest.importorskip("endplay.parsers.pbn")
    dds = pytest.importorskip("endplay.dds")
    types = pytest.importorskip("endplay.types")
    state = finished("whist", 5)
    boards = read_pbn(partie_pbn(state))
    theirs = pbn.loads(partie_pbn(state))
    assert len(theirs) == len(boards)
    for ours, board in zip(boards[:3], theirs[:3], strict=False):
        for place, player in enumerate((types.Player.north, types.Player.east, types.Player.south, types.Player.west)):
            assert str(board.deal[player]) == hand_text(ours.hands[place])
        assert board.info["Turned"] and board.dealer.name[0].upper() == COMPASS[ours.dealer]
        deal = board.deal
        deal.trump = (types.Denom.spades, types.Denom.hearts, types.Denom.diamonds, types.Denom.clubs)[
            SUIT_INDEX[ours.turned]]
        deal.first = (types.Player.north, types.Player.east, types.Player.south, types.Player.west)[(ours.dealer + 1) % 4]
        solved = list(dds.solve_board(deal))
        assert solved and all(0 <= tricks <= 13 for _, tricks in solved)
        table = dds.calc_dd_table(deal)
        assert table is not None

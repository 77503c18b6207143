"""Worked tests of the declaration table (Wikipédia, « Bésigue ») and of every validity rule, with
exact scores. Trump is spades (atout vu, the turned 8S#2) unless a test says otherwise; seat 0
leads 9H, seat 1 follows 7H, so seat 0 wins the trick and declares."""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import CardSet, Suit
from atout.games.besigue.actions import PASS, Exchange
from atout.games.besigue.declarations import Declaration
from atout.games.besigue.state import BesigueState
from tests.games.besigue.helpers import play, start

VU = {"trump_mode": "turned_card"}
SEAT1 = "7H 7H#2 7H#3 7H#4 8H 8H#2 8H#3 8H#4"
LEADS = "9H#2 8S 9H#3 8S#3 9H#4 8S#4"   # the talon's top: seat 0 draws 9H#2, seat 1 8S, …


def won(cards: str, options: dict[str, Any] | None = None, turned: str | None = "8S#2") -> BesigueState:
    """Seat 0 holds ``cards`` and 9H, wins the first trick and is to declare."""
    state = start({**VU, **(options or {})} if turned else dict(options or {}), [f"9H {cards}", SEAT1],
                  top=LEADS, turned=turned)
    play(state, "9H", "7H")
    assert state.phase_name == "declare" and state.to_move == 0
    return state


def decl(name: str, cards: str, points: int) -> Declaration:
    return Declaration(name, CardSet.parse(cards), points)


def again(state: BesigueState, follow: str) -> None:
    """Pass (both draw), then seat 0 leads its 9H copy drawn and seat 1 follows ``follow``: seat 0 wins."""
    if state.phase_name == "declare":
        state.apply(PASS)
    lead = next(c for c in ("9H#2", "9H#3", "9H#4") if c in [str(x) for x in state.moves()])
    play(state, lead, follow)
    assert state.phase_name == "declare" and state.to_move == 0


@pytest.mark.parametrize("cards, expected", [
    ("KS QS", decl("trump-marriage", "KS QS", 40)),
    ("KH QH", decl("marriage", "KH QH", 20)),
    ("JK1 JK2 JK3 JK4", decl("jokers", "JK1 JK2 JK3 JK4", 200)),
    ("AS AS#2 AS#3 AS#4", decl("trump-aces", "AS AS#2 AS#3 AS#4", 200)),
    ("KS KS#2 KS#3 KS#4", decl("trump-kings", "KS KS#2 KS#3 KS#4", 160)),
    ("QS QS#2 QS#3 QS#4", decl("trump-queens", "QS QS#2 QS#3 QS#4", 120)),
    ("JS JS#2 JS#3 JS#4", decl("trump-jacks", "JS JS#2 JS#3 JS#4", 80)),
    ("AH AD AC AH#2", decl("aces", "AH AD AC AH#2", 100)),
    ("KH KD KC KH#2", decl("kings", "KH KD KC KH#2", 80)),
    ("QH QD QC QH#2", decl("queens", "QH QD QC QH#2", 60)),
    ("JH JC JD#2 JH#2", decl("jacks", "JH JC JD#2 JH#2", 40)),
    ("KH KD KC JK1", decl("kings", "KH KD KC JK1", 80)),
    ("QS JD", decl("besigue", "QS JD", 40)),
])
def test_every_combination_of_the_table_scores_its_value(cards: str, expected: Declaration) -> None:
    state = won(cards)
    assert expected in state.moves()
    state.apply(expected)
    assert state.marque == (expected.points, 0)
    assert state.tabled[0] == int(expected.cards)
    assert state.moves() == (PASS,)          # one declaration per trick won


def test_the_quinte_scores_250_after_the_trump_marriage() -> None:
    state = won("KS QS AS 10S JS")
    assert not [m for m in state.moves() if isinstance(m, Declaration) and m.name == "quinte"]
    state.apply(decl("trump-marriage", "KS QS", 40))
    again(state, "7H#2")
    quinte = decl("quinte", "AS 10S KS QS JS", 250)
    assert quinte in state.moves()           # the marriage's king and queen serve again
    state.apply(quinte)
    assert state.marque == (290, 0)
    again(state, "7H#3")
    # K and Q used in a quinte never form a marriage again
    assert not [m for m in state.moves() if isinstance(m, Declaration) and "marriage" in m.name]


def test_the_quinte_without_the_marriage_first_as_an_option() -> None:
    state = won("KS QS AS 10S JS", {"quinte_requires_marriage": False})
    assert decl("quinte", "AS 10S KS QS JS", 250) in state.moves()


def test_the_values_by_agreement_and_the_classic_double_besigue() -> None:
    state = won("KS QS QH JD", {"preset": "cent"})
    assert decl("trump-marriage", "KS QS", 100) in state.moves()
    assert decl("besigue", "QS JD", 100) in state.moves()
    state = won("QS QS#2 JD JD#2", {"double_besigue": 500})
    assert decl("double-besigue", "QS QS#2 JD JD#2", 500) in state.moves()


def test_a_card_serves_again_in_another_class_but_never_in_the_same() -> None:
    state = won("KS QS JD QH QD QC KH")
    state.apply(decl("trump-marriage", "KS QS", 40))
    again(state, "7H#2")
    # QS again: in a bésigue (class B) — the tabled queen, a new jack from the hand
    state.apply(decl("besigue", "QS JD", 40))
    again(state, "7H#3")
    # and in a carré of queens (class C): the tabled QS with three queens from the hand
    queens = decl("queens", "QS QH QD QC", 60)
    assert queens in state.moves()
    state.apply(queens)
    assert state.marque == (140, 0)
    again(state, "7H#4")
    # same class refused: no second bésigue with the same QS and JD, no marriage with the QS again
    names = {m.name for m in state.moves() if isinstance(m, Declaration)}
    assert "besigue" not in names and "trump-marriage" not in names
    assert "marriage" in names               # KH with the fresh QH from the hand: a new pair


def test_a_declaration_needs_a_card_from_the_hand() -> None:
    state = won("KS QS JD JH JC JS#2")
    state.apply(decl("trump-marriage", "KS QS", 40))
    again(state, "7H#2")
    state.apply(decl("jacks", "JS#2 JH JD JC", 40))
    again(state, "7H#3")
    # QS (tabled) and JD (tabled): a bésigue made only of tabled cards is refused
    assert not [m for m in state.moves() if isinstance(m, Declaration) and m.name == "besigue"]
    assert state.moves() == (PASS,)


def test_cards_of_a_plain_carre_never_make_a_trump_carre() -> None:
    state = won("KS KS#2 KS#3 KS#4")
    assert decl("trump-kings", "KS KS#2 KS#3 KS#4", 160) in state.moves()
    plain = decl("kings", "KS KS#2 KS#3 KS#4", 80)
    assert plain in state.moves()             # the same four may be declared as the plain carré…
    state.apply(plain)
    again(state, "7H#2")
    assert state.moves() == (PASS,)           # … but then never as the trump carré


def test_a_joker_in_a_trump_carre_is_refused() -> None:
    state = won("KS KS#2 KS#3 JK1")
    names = [m for m in state.moves() if isinstance(m, Declaration)]
    assert names == [decl("kings", "KS KS#2 KS#3 JK1", 80)]


def test_two_jokers_in_a_plain_carre_are_refused() -> None:
    state = won("KH KD JK1 JK2")
    assert state.moves() == (PASS,)


def test_a_joker_serves_once_only() -> None:
    state = won("KH KD KC JK1 QH QD QC")
    state.apply(decl("kings", "KH KD KC JK1", 80))
    again(state, "7H#2")
    # the queens: QH QD QC need a fourth; the tabled joker is spent
    assert not [m for m in state.moves() if isinstance(m, Declaration) and m.name == "queens"]
    assert decl("marriage", "KH QH", 20) in state.moves()  # the kings still marry (another class)


def test_carre_de_jokers_needs_the_four_jokers_unused() -> None:
    state = won("JK1 JK2 JK3 KH KD KC")
    assert not [m for m in state.moves() if isinstance(m, Declaration) and m.name == "jokers"]


def test_unlimited_declarations_as_an_option() -> None:
    state = won("KS QS KH QH", {"declarations": "unlimited"})
    state.apply(decl("trump-marriage", "KS QS", 40))
    assert decl("marriage", "KH QH", 20) in state.moves()
    state.apply(decl("marriage", "KH QH", 20))
    assert state.marque == (60, 0) and state.moves() == (PASS,)


def test_trump_by_the_first_marriage() -> None:
    state = won("KD QD QS JD 7S KH QH", turned=None)
    assert state.trump is None
    # before trump is known: only marriages, each a trump marriage
    assert state.moves() == (decl("trump-marriage", "KH QH", 40), decl("trump-marriage", "KD QD", 40), PASS)
    state.apply(decl("trump-marriage", "KD QD", 40))
    assert state.trump == Suit.DIAMONDS and state.marque == (40, 0)
    again(state, "7H#2")
    assert decl("marriage", "KH QH", 20) in state.moves()
    assert decl("besigue", "QS JD", 40) in state.moves()


def test_seven_exchange_and_the_declaration_after_it() -> None:
    state = start(VU, ["9H 7S QS", SEAT1], top=LEADS, turned="KS#4")
    play(state, "9H", "7H")
    exchange = state.moves()[0]
    assert isinstance(exchange, Exchange) and str(exchange.card) == "7S"
    state.apply(exchange)
    assert state.retourne is not None and str(state.retourne) == "7S"
    assert state.marque == (0, 0)            # no points for the exchange by default
    assert decl("trump-marriage", "KS#4 QS", 40) in state.moves()
    assert not [m for m in state.moves() if isinstance(m, Exchange)]
    classic = start({**VU, "classic_sevens": True}, ["9H 7S QS", SEAT1], top=LEADS, turned="KS#4")
    play(classic, "9H", "7H")
    classic.apply(next(m for m in classic.moves() if isinstance(m, Exchange)))
    assert classic.marque == (10, 0)


def test_no_exchange_after_a_declaration() -> None:
    state = start(VU, ["9H 7S KH QH", SEAT1], top=LEADS, turned="KS#4")
    play(state, "9H", "7H")
    state.apply(decl("marriage", "KH QH", 20))
    assert state.moves() == (PASS,)


def test_sevens_of_trumps_played_score_ten() -> None:
    state = start(VU, ["7S 9H", "9S 7H#2"], top=LEADS, turned="8S#2")
    play(state, "7S", "9S")                  # seat 1 wins with the 9; seat 0 played the seven
    assert state.marque == (10, 0) and state.to_move == 1
    winner = start({**VU, "seven_scores_to": "trick_winner"}, ["7S 9H", "9S 7H#2"], top=LEADS, turned="8S#2")
    play(winner, "7S", "9S")
    assert winner.marque == (0, 10)


def test_partnership_declarations_are_the_winners_own() -> None:
    state = start({"partnerships": True}, ["9H KD KC QC", "7H", "QD 8H", "7H#2"], top="9H#2 9H#3 9H#4 8H#2")
    play(state, "9H", "7H", "8H", "7H#2")
    assert state.phase_name == "declare" and state.to_move == 0
    assert state.legal_actions(2) == ()
    # KD with the partner's QD is no marriage; KC QC is, and fixes trump
    assert state.moves() == (decl("trump-marriage", "KC QC", 40), PASS)
    state.apply(decl("trump-marriage", "KC QC", 40))
    assert state.marque == (40, 0) and state.trump == Suit.CLUBS

"""Sinking in the declarations: what the winner of a class may add ("also"), the order of the
choices (the one that scores comes first), and the option ``sinking=partial`` (a point one card
short, a quart called as a tierce, a quatorze called as a trio). The elder is seat 0, the younger
(the dealer) seat 1; see :mod:`tests.games.piquet.scenarios`.
"""

from __future__ import annotations

import pytest

from atout.cards import CardSet
from atout.errors import IllegalActionError
from tests.games.piquet.scenarios import ELDER, YOUNGER, after_exchange, categories, say

PARTIAL = {"sinking": "partial"}


def answers(state: object) -> list[str]:
    return [str(a) for a in state.moves()]  # type: ignore[attr-defined]


# Elder: tierces to the king (hearts) and to the queen (spades); younger: a tierce to the jack
# (clubs) and the point (four spades).
TWO_TIERCES = "KH QH JH QS JS 10S AD 9D 7D AC 8C 7C"
JACK_TIERCE = "JC 10C 9C AS KS 9S 7S AH 10H 8H KD 10D"


def test_the_winner_adds_no_holding_higher_than_the_one_he_declared() -> None:
    # The elder tells the top of his tierce as the queen (sinking the king's): it is good, and the
    # tierce to the king, higher than the one declared, may not be added afterwards.
    st = after_exchange(TWO_TIERCES, JACK_TIERCE)
    say(st, "point 3", "not good", "tierce", "equal", "top Q")
    assert answers(st) == ["good"]
    with pytest.raises(IllegalActionError) as untrue:
        say(st, "not good")
    assert untrue.value.text("fr") == "« pas bon » ne correspond pas à votre main : vous pouvez dire bon"
    say(st, "good")
    assert answers(st) == ["no other sequence"]
    with pytest.raises(IllegalActionError) as refused:
        say(st, "also tierce")
    assert refused.value.code == "also_lower"
    assert refused.value.text("fr").endswith("que celle annoncée : pas d'autre séquence")
    say(st, "no other sequence", "no set", "AD", "point 4", "no set")
    assert categories(st, ELDER)["sequences"] == 3


def test_the_lower_holding_may_still_be_added() -> None:
    # Told as the king's, the tierce to the queen is lower: it may follow.
    st = after_exchange(TWO_TIERCES, JACK_TIERCE)
    say(st, "point 3", "not good", "tierce", "equal", "top K", "good")
    assert answers(st) == ["also tierce", "no other sequence"]
    say(st, "also tierce")
    assert categories(st, ELDER)["sequences"] == 6


def test_the_first_choice_of_every_declaration_menu_scores() -> None:
    # Quint, and tierces in hearts and clubs: pressing 1 adds both tierces (21), never nothing.
    st = after_exchange("AS KS QS JS 10S 9H 8H 7H 7D 9C 8C 7C", "KD QD JD 10D AH KH JH AD 9S 8S AC KC")
    assert str(st.moves()[0]) == "point 5"
    say(st, "point 5", "good", "quint", "good")
    say(st, str(st.moves()[0]))
    assert categories(st, ELDER)["sequences"] == 21
    # The younger's answer: the choice that keeps his claim comes first.
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    say(st, "point 5")
    assert answers(st)[0] == "equal"
    say(st, "equal", "value 45")
    assert answers(st)[0] == "not good"


# ------------------------------------------------------------------------------ partial sinking

# Elder: five spades (A K Q J 9, worth 50) holding a quart to the ace, and four aces. Younger:
# five hearts (K Q J 10 9, worth 49), a quint to the king, a tierce in diamonds, three kings.
QUART_ELDER = "AS KS QS JS 9S AH AD AC 8H 7H 8D 7D"
QUART_YOUNGER = "KH QH JH 10H 9H KD QD JD 10S 8S 7S KC"


def test_whole_sinking_refuses_part_of_a_holding() -> None:
    st = after_exchange(QUART_ELDER, QUART_YOUNGER)
    assert answers(st) == ["point 5", "point 3", "point 1", "no point"]
    with pytest.raises(IllegalActionError):
        say(st, "point 4")
    say(st, "point 5", "equal", "value 50", "good", "quart", "not good")
    with pytest.raises(IllegalActionError):
        say(st, "trio")


def test_a_point_called_one_card_short() -> None:
    st = after_exchange(QUART_ELDER, QUART_YOUNGER, PARTIAL)
    assert answers(st) == ["point 5", "point 4", "point 3", "point 2", "point 1", "no point"]
    say(st, "point 4", "not good", "no sequence", "quatorze", "good", "no other set", "AS", "point 5", "quint")
    assert answers(st) == ["also tierce", "no other sequence"]
    say(st, "also tierce")
    assert categories(st, YOUNGER) == {"point": 5, "sequences": 18}
    assert categories(st, ELDER) == {"sets": 14, "play": 1}


def test_a_quart_called_as_a_tierce_and_a_quatorze_as_a_trio() -> None:
    st = after_exchange(QUART_ELDER, QUART_YOUNGER, PARTIAL)
    say(st, "point 5", "equal", "value 50", "good", "tierce")
    assert answers(st) == ["not good", "equal", "good"]
    say(st, "good")   # the younger sinks his quint and his tierce (he may)
    assert answers(st) == ["no other sequence"]   # the rest of the quart is no other holding
    say(st, "no other sequence", "trio")
    assert answers(st) == ["equal", "good"]   # his trio of kings is as large: the rank decides
    say(st, "equal", "rank A", "good", "no other set", "AS")
    assert categories(st, ELDER) == {"point": 5, "sequences": 3, "sets": 3, "play": 1}
    # Shown on request: the five spades and three of the four aces, never more than was called.
    say(st, "1: show me")
    shows = [m.cards for m in st.moves()]
    assert len(shows) == 4 and CardSet.parse("AS KS QS JS 9S AH AD") in shows


def test_a_tie_break_told_of_part_of_the_point() -> None:
    # A point of four called from five spades is worth what four of them are worth (the player
    # chooses which): 41 (A K Q J), 40 or 39 (K Q J 9) may be told.
    st = after_exchange(QUART_ELDER, "KH QH JH 9H 7C KD QD JD 10S 8S 7S KC", PARTIAL)
    say(st, "point 4", "equal")
    assert answers(st) == ["value 41", "value 40", "value 39"]
    say(st, "value 39")
    assert answers(st) == ["equal", "good"]   # his hearts are worth 39 too

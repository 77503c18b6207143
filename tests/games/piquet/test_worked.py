"""Worked Piquet deals with exact scores: the point, sequences and sets; sinking; the carte
blanche; repic and pic (won, stopped, not saved by equality, never made by the capot); the
trick points; the highest possible deal (170). Each deal is built so that the players hold the
stated hands after a one-card exchange (see :mod:`tests.games.piquet.scenarios`); the elder is
seat 0, the younger (the dealer) seat 1. The expected numbers are worked out in the comments.
"""

from __future__ import annotations

import pytest

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.errors import IllegalActionError
from atout.games.piquet.spec import PiquetGame
from tests.games.piquet.scenarios import ELDER, YOUNGER, after_exchange, categories, last, play_out, say

NOTHING_MORE = ("no sequence", "no set")

# The pic deal: the elder holds the top of every suit he leads.
PIC_ELDER = "AS KS QS JS 10S AH KH QH AD KD QD AC"
PIC_YOUNGER = "9S 8S 7S JH 10H 9H JD 10D 9D KC QC JC"


def answers(state: object) -> list[str]:
    return [str(a) for a in state.moves()]  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------ the point


def test_point_longer_wins_and_value_is_never_asked() -> None:
    # Elder: five spades (value 45); younger: four hearts at most. The younger can only say good.
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H AD KD QD AC KC")
    say(st, "point 5")
    assert answers(st) == ["good"]
    say(st, "good", "no sequence", "no set")
    assert st.told[0] == -1 and categories(st, ELDER) == {"point": 5}


def test_point_equal_length_then_value() -> None:
    # Elder: A K 9 8 7 of spades = 45; younger: K Q J 10 8 of hearts = 48. Equal length: the value
    # is told (45), the younger's is higher: not good; after the elder's lead he scores 5.
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    say(st, "point 5")
    assert answers(st) == ["equal", "good"]
    say(st, "equal")
    assert answers(st) == ["value 45"]
    say(st, "value 45")
    assert answers(st) == ["not good", "good"]
    say(st, "not good", "no sequence", "no set", "AS")
    assert st.phase_name == "younger_declares" and answers(st) == ["point 5"]
    say(st, "point 5", "no sequence", "no set")
    assert categories(st, YOUNGER) == {"point": 5} and categories(st, ELDER) == {"play": 1}


def test_point_equal_value_scores_nothing() -> None:
    # Both hold five cards worth 45 (A K 9 8 7): the point is equal, nobody scores it.
    st = after_exchange("AS KS 9S 8S 7S QH 9H 7H QD JD 9C 7C", "AD KD 9D 8D 7D AH KH JH 10H AC KC QC")
    say(st, "point 5", "equal", "value 45", "equal", "no sequence", "no set")
    assert st.phase_name == "play" and "point" not in categories(st, ELDER)
    assert st.observation(None).dialogue[0].winner == -1


# ------------------------------------------------------------------------------ sequences


def test_longer_sequence_beats_higher() -> None:
    # Elder: quart to the ten of spades (4); younger: tierce to the ace of hearts. Good.
    st = after_exchange("10S 9S 8S 7S AH 9H 7H 9D 7D 9C 8C 7C", "AS KS QS KH QH 10H 8H AD KD 10D 8D AC")
    say(st, "point 4", "good", "quart")
    assert answers(st) == ["good"]
    say(st, "good", "no other sequence", "no set")
    assert categories(st, ELDER)["sequences"] == 4


def test_equal_best_sequence_voids_every_sequence() -> None:
    # Elder: tierce major in spades and a tierce to the jack of hearts; younger: tierce major in
    # diamonds. Equal tierces to the ace: nobody scores any sequence, not even the elder's second.
    st = after_exchange("AS KS QS JH 10H 9H 7H 8D 7D 9C 8C 7C", "AD KD QD 10D 9S 8S 7S KH QH AC KC JC")
    say(st, "point 4", "good", "tierce", "equal", "top A", "equal")
    assert st.step == 1 and st.step_cls == 2  # straight on to the sets: no one adds other sequences
    say(st, "no set")
    assert categories(st, ELDER) == {"point": 4} and st.observation(None).dialogue[1].winner == -1


def test_sequence_winner_scores_his_lower_ones() -> None:
    # Elder: quint major in spades (15) and tierces 9-8-7 of hearts and of clubs (3 + 3); the
    # younger's quart in diamonds is beaten and never scored: the elder scores 15 + 3 + 3 = 21.
    st = after_exchange("AS KS QS JS 10S 9H 8H 7H 7D 9C 8C 7C", "KD QD JD 10D AH KH JH AD 9S 8S AC KC")
    say(st, "point 5", "good", "quint", "good")
    assert answers(st) == ["also tierce tierce", "also tierce", "no other sequence"]  # what scores most first
    say(st, "also tierce tierce", "no set")
    assert categories(st, ELDER) == {"point": 5, "sequences": 21}


# ------------------------------------------------------------------------------ sets


def test_quatorze_beats_trio_and_nines_are_worthless() -> None:
    # Elder: three aces; younger: four tens (and four nines, worth nothing): the younger's
    # quatorze (14) beats the elder's trio. He declares it after the elder's lead.
    st = after_exchange("AS AH AD KS QS JS 8S 7S 8H 7H 8D 7D", "10S 10H 10D 10C 9S 9H 9D 9C KH QC JD AC")
    say(st, "point 6", "good", "quart", "good", "no other sequence", "trio")
    assert answers(st) == ["not good", "good"]
    say(st, "not good", "AS")
    assert answers(st) == ["quatorze"]  # the nines are no set
    say(st, "quatorze", "no other set")
    assert categories(st, YOUNGER) == {"sets": 14}
    assert categories(st, ELDER) == {"point": 6, "sequences": 4, "play": 1}


def test_trios_and_quatorzes_all_score_for_the_winner() -> None:
    # Elder: point of four (38 against the younger's 37), quatorze of aces, trio of kings and
    # trio of queens: 14 + 3 + 3 = 20. His tierces lose to the younger's quart.
    st = after_exchange("AS AH AD AC KS KH KD QS QH QD 7S 7H", "JS 10S 9S 8S JH 10H 9H JD 10D 9D KC QC")
    say(st, "point 4", "equal", "value 38", "good", "tierce", "not good", "quatorze", "good", "also trio trio")
    assert categories(st, ELDER) == {"point": 4, "sets": 20}


# ------------------------------------------------------------------------------ sinking


def test_sinking_scores_only_what_is_declared() -> None:
    # The elder holds a quint and a quart but states the quart: the quint can never be added
    # (only holdings no larger than the one stated), so he scores 4. He states no point at all:
    # the younger then scores his own point of four after the lead.
    st = after_exchange("AS KS QS JS 10S KH QH JH 10H 7D 8C 7C", "9S 8S 7S AH 9H 8H AD KD QD JD AC KC")
    say(st, "no point", "quart", "good")
    assert answers(st) == ["no other sequence"]
    say(st, "no other sequence", "no set", "AS", "point 4", "no set")
    assert categories(st, ELDER) == {"sequences": 4, "play": 1}
    assert categories(st, YOUNGER) == {"point": 4}


def test_the_younger_may_sink_by_answering_good() -> None:
    st = after_exchange("AS KS 9S 8S 7S AH 9H 7H 9D 7D 9C 7C", "QS JS 10S KH QH JH 10H 8H AD KD QD AC")
    say(st, "point 5", "equal", "value 45", "good")  # his five hearts are worth 48, but he says good
    assert st.observation(None).dialogue[0].winner == ELDER


# ------------------------------------------------------------------------------ carte blanche


BLANCHE = "AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C"


def test_elder_carte_blanche_and_its_showing() -> None:

    talon = tuple(Card(c) for c in ["KS", "QS", "JS", "KH", "QH", "8H", "7H", "KD"])
    rest = CardSet.parse(BLANCHE) | CardSet.of(talon)
    younger = CardSet(int(PiquetGame().pack) & ~rest)
    deal = Deal((CardSet.parse(BLANCHE), younger), tuple(talon))
    st = PiquetGame().state_from_deal(deal)
    assert "carte blanche 2" in answers(st)
    say(st, "carte blanche 2")
    # The younger discards first, not yet seeing the elder's hand; he may take up to 6.
    assert st.phase_name == "carte_blanche_discard" and st.to_move == YOUNGER
    assert st.observation(YOUNGER).carte_blanche_cards == CardSet(0)
    say(st, "discard 9D", "discard 8D", "discard 7D", "take")
    assert st.observation(YOUNGER).carte_blanche_cards == CardSet.parse(BLANCHE)
    say(st, "discard 7S")
    with pytest.raises(IllegalActionError):
        say(st, "take")  # he announced two cards
    say(st, "discard 8S", "take")
    # The elder took KS QS, the younger JS KH QH; 8H 7H KD stay.
    assert CardSet.parse("KS QS") <= CardSet(st.hands[ELDER]) and st.hands[YOUNGER] & int(CardSet.parse("JS KH QH"))
    assert categories(st, ELDER) == {"carte_blanche": 10}


def test_younger_carte_blanche_is_shown_before_his_exchange() -> None:

    talon = tuple(Card(c) for c in ["KS", "QS", "JS", "KH", "QH", "8H", "7H", "KD"])
    elder = CardSet(int(PiquetGame().pack) & ~(CardSet.parse(BLANCHE) | CardSet.of(talon)))
    st = PiquetGame().state_from_deal(Deal((elder, CardSet.parse(BLANCHE)), tuple(talon)))
    say(st, "discard 9D", "take")
    assert answers(st)[0] == "carte blanche"
    say(st, "carte blanche")
    assert st.observation(ELDER).carte_blanche_cards == CardSet.parse(BLANCHE)
    say(st, "discard 7S", "take")
    assert categories(st, YOUNGER) == {"carte_blanche": 10}


# ------------------------------------------------------------------------------ repic and pic


def test_the_highest_deal_scores_170() -> None:
    # A K Q of every suit: point 3 (value 31 beats any three of the younger's), four tierces
    # major (12), quatorzes of aces, kings and queens (42): 57, repic +60 = 117; every trick
    # (12 leads, the last trick one more) = 130; the capot 40 = 170.
    st = after_exchange("AS KS QS AH KH QH AD KD QD AC KC QC", "JS 10S 9S JH 10H 8H JD 9D 8D 10C 9C 8C")
    say(st, "point 3", "equal", "value 31", "good", "tierce", "equal", "top A", "good",
        "also tierce tierce tierce", "quatorze", "good", "also quatorze quatorze")
    play_out(st)
    r = last(st)
    assert r.points == (170, 0) and r.repic == ELDER and r.pic == -1
    assert r.categories[ELDER] == (0, 3, 12, 42, 60, 0, 13, 0, 40)


def test_repic_by_the_younger_despite_the_elders_first_lead() -> None:
    # The younger: point of six (6), sixième major (16), quatorzes of aces and kings (28) = 50,
    # all before the elder's first lead in precedence: repic +60 = 110 in declarations.
    st = after_exchange("8S 7S QH JH 10H 9H 8H QD JD 10D 9D 8D",
                        "AS KS QS JS 10S 9S AH KH AD KD AC KC")
    say(st, "point 5", "not good", "quint", "not good", "no set", "8S")
    assert categories(st, ELDER) == {"play": 1}
    say(st, "point 6", "sixieme", "no other sequence", "quatorze", "also quatorze")
    c = categories(st, YOUNGER)
    assert c == {"point": 6, "sequences": 16, "sets": 28, "repic": 60}
    assert st.observation(None).hand_scores == (1, 110)


def test_pic() -> None:
    # Elder: point 5 (5), quint major and two tierces (15 + 3 + 3): 26; he sinks his sets.
    # The younger has nothing good and declares no set. The elder's fourth lead makes 30: pic
    # (+30). He wins every trick: 12 leads + 1 = 13, capot 40: 26 + 13 + 30 + 40 = 109.
    st = after_exchange(PIC_ELDER, PIC_YOUNGER)
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "no set")
    play_out(st)
    r = last(st)
    assert r.pic == ELDER and r.points == (109, 0)
    assert r.categories[ELDER] == (0, 5, 21, 0, 0, 30, 13, 0, 40)


def test_pic_stopped_by_a_good_declaration_of_the_younger() -> None:
    # Same deal; the younger declares his trio of jacks (3) after the elder's lead: it ranks
    # before the play, so no pic: the elder 26 + 13 + 40 = 79, the younger 3.
    st = after_exchange(PIC_ELDER, PIC_YOUNGER)
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "trio", "no other set")
    play_out(st)
    r = last(st)
    assert r.pic == -1 and r.points == (79, 3)


def test_pic_stopped_by_losing_a_trick() -> None:
    # The elder holds the seven of clubs instead of the ace. 26 in declarations; leads A K of
    # spades (28), then the seven of clubs (29): the younger wins it with the king (+1): no pic.
    # Tricks: E leads 1-3 (3), captures the younger's 9S (1), leads 7-12 (6), last (1): 11 → 37,
    # 9 tricks: cards +10 = 47. Younger: capture (1), leads tricks 4-6 (3) = 4.
    st = after_exchange("AS KS QS JS 10S AH KH QH AD KD QD 7C", PIC_YOUNGER)
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "no set", "7S",
        "KS", "8S", "7C", "KC", "QC", "10S", "JC", "JS", "9S", "QS",
        "AH", "9H", "KH", "10H", "QH", "JH", "AD", "9D", "KD", "10D", "QD", "JD")
    r = last(st)
    assert r.pic == -1 and r.points == (47, 4) and r.tricks == (9, 3)
    assert r.categories[ELDER] == (0, 5, 21, 0, 0, 0, 11, 10, 0)


def test_equality_does_not_save_a_pic() -> None:
    # Point equal (A K Q 10 9 = 50 against A K J 10 9 = 50): nobody scores it. The elder's quart
    # and two tierces (10) and three trios (9) make 19; his eleventh lead makes 30: pic. 12 leads
    # + 1 + 30 + capot 40: 19 + 13 + 30 + 40 = 102.
    st = after_exchange("AS KS QS 10S 9S AH KH QH JH AD KD QD", "AC KC JC 10C 9C 8S 7S 10H 9H 8H JD 10D")
    say(st, "point 5", "equal", "value 50", "equal", "quart", "good", "also tierce tierce",
        "trio", "equal", "rank A", "good", "also trio trio")
    play_out(st)
    r = last(st)
    assert r.pic == ELDER and r.points == (102, 0)
    assert r.categories[ELDER][1:4] == (0, 10, 9)


def test_capot_never_counts_toward_the_pic() -> None:
    # The elder states only his point (5) and wins every trick: 5 + 13 = 18 by play, below 30;
    # the capot (40) comes after: 58, no pic.
    st = after_exchange(PIC_ELDER, PIC_YOUNGER)
    say(st, "point 5", "good", "no sequence", "no set", "AS", "no sequence", "no set")
    play_out(st)
    r = last(st)
    assert r.pic == -1 and r.points == (58, 0) and r.categories[ELDER][8] == 40


def test_trick_points_of_tens_and_higher_only() -> None:
    # The deal of test_pic_stopped_by_losing_a_trick with trick_points=ten_or_higher: the 7C led
    # and the 9S led score nothing. Elder: AS KS (2), QS capture (1), six leads (6), last (1) = 10
    # + 26 + cards 10 = 46; younger: KC capture (1), QC and JC leads (2) = 3.
    st = after_exchange("AS KS QS JS 10S AH KH QH AD KD QD 7C", PIC_YOUNGER, {"trick_points": "ten_or_higher"})
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "no set", "7S",
        "KS", "8S", "7C", "KC", "QC", "10S", "JC", "JS", "9S", "QS",
        "AH", "9H", "KH", "10H", "QH", "JH", "AD", "9D", "KD", "10D", "QD", "JD")
    assert last(st).points == (46, 3)


def test_six_tricks_each_score_no_cards() -> None:
    # Nobody declares. The elder wins his six spades (six leads) and leads the seven of hearts
    # (7); the younger takes it (1), leads five more (5) and wins the last (1) = 7. Six tricks
    # each: no cards. 7 to 7.
    st = after_exchange("AS KS QS JS 10S 9S QH JH 10H 9H 8H 7H", "8S 7S AH KH AD KD QD JD 10D 9D 8D 7D")
    say(st, "no point", "no sequence", "no set", "AS", "no point", "no sequence", "no set", "7S",
        "KS", "8S", "QS", "8D", "JS", "9D", "10S", "10D", "9S", "JD", "7H", "AH",
        "KH", "8H", "QD", "9H", "KD", "10H", "AD", "JH", "7D", "QH")
    r = last(st)
    assert r.tricks == (6, 6) and r.points == (7, 7) and r.categories[ELDER][7:] == (0, 0)


def test_the_younger_s_carte_blanche_ranks_first_and_stops_the_pic() -> None:
    # The pic deal, but the younger's twelve cards hold no king, queen or jack: his carte blanche
    # (10) counts before everything, so the elder's 26 + 13 + capot 40 = 79 bring no pic.
    younger = CardSet.parse("9S 8S 7S 10H 9H 8H 10D 9D 8D 10C 9C 8C")
    elder_dealt = CardSet.parse(PIC_ELDER) - CardSet.parse("AC") | CardSet.parse("7H")
    talon = tuple(Card(c) for c in ["AC", "7C", "JH", "JD", "7D", "KC", "QC", "JC"])
    st = PiquetGame().state_from_deal(Deal((elder_dealt, younger), talon))
    say(st, "discard 7H", "take", "carte blanche", "discard 8C", "take")
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "no set")
    play_out(st)
    r = last(st)
    assert r.pic == -1 and r.points == (79, 10) and r.categories[YOUNGER][0] == 10


@pytest.mark.parametrize(("rule", "pic"), [("ten_or_higher", ELDER), ("every_card", -1)])
def test_a_trick_won_with_a_nine_scores_nothing_and_leaves_the_pic_open(rule: str, pic: int) -> None:
    # The elder declares 26 (point 5, quint, two tierces). He leads AS and KS (28), then the 7C:
    # the younger wins it with the 9C and leads the 8C and the 9S — under ten_or_higher none of
    # this scores, so the younger has still scored nothing; the elder takes the 9S with the QS
    # (29) and leads the JS (30): pic. Counting every card, the younger's 9C scored: no pic.
    st = after_exchange("AS KS QS JS 10S AH KH QH AD KD QD 7C", "9S 8S 7S JH 10H 9H 8H JD 10D 9D 9C 8C",
                        {"trick_points": rule})
    say(st, "point 5", "good", "quint", "good", "also tierce tierce", "no set", "AS", "no set", "7S",
        "KS", "8S", "7C", "9C", "8C", "QD", "9S", "QS", "JS")
    play_out(st)
    r = last(st)
    assert r.pic == pic and r.categories[ELDER][5] == (30 if pic == ELDER else 0)

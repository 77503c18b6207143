"""Every game's log in words: each entry of a partie played at random, as each viewer sees it, in
English and in French, is a sentence from the game's phrase book — never notation, never an
engine's -1, never a hidden card."""

from __future__ import annotations

import random
import re

import pytest

from atout.cards import CARD_CODES
from atout.chance import Deal
from atout.game import CHANCE
from atout.games import game_names, make_game
from tests.server.harness import skip_unported

# a card code in either language's notation (KH, 10S, RC, 7P, DT, AC…), a deal or draw in notation
# (0=?6, turn=JH, talon=?8), a bare -1 standing for « none », a word of the notation before a number
NOTATION = (
    re.compile(r"(?<![\w#])(?:10|[2-9JQKA])[SHDC](?:#\d)?(?![\w])"),
    re.compile(r"(?<![\w#])(?:10|[2-9VDRA])[PCKT](?:#\d)?(?![\w])"),
    re.compile(r"\b\w+=\??\w"),
    re.compile(r"(?<![\d\w.])-1(?![\d])"),
    re.compile(r"\b(?:deal|draw|turn|talon|ask|say|answer|command|demande|dit|répond|commande) \d"),
)


def notation_in(text: str) -> list[str]:
    """The pieces of ``text`` that are notation or engine values."""
    found = []
    for pattern in NOTATION:
        found += [m.group(0) for m in pattern.finditer(text)]
    return found


def test_the_notation_finder_finds_notation_and_passes_words() -> None:
    for text in ("deal 0=?6 1=?6 turn=JH", "Robot 4 : demande 2 nombre C", "répond cartes P 6P 10P", "raison : -1",
                 "Anne : RC", "joue 10S", "AC", "série -1 – 0"):
        assert notation_in(text), text
    for text in ("Robot 4 demande à Anne : combien de cœurs ?", "la dame et le neuf de trèfle", "Score : 12 – 3",
                 "Anne remporte la levée 1.", "Feuille de marque (coup 1) : Anne +10, Robot 1 +0 ; score 10 – 0.",
                 "Q♣ 10♠", "Anne declares a point of five.", "équipe A −1"):
        assert not notation_in(text), text


@pytest.mark.parametrize("name", game_names())
def test_every_entry_is_said_in_words(name: str) -> None:
    from atout.words import card_name

    skip_unported(name)
    game = make_game(name)
    state, rng = game.new_state(), random.Random(11)
    for _ in range(500):
        if state.outcome() is not None:
            break
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    names = ["Anne", "", "Robot 2", "Robot 3", "Robot 4", ""][:game.num_seats]
    kinds: set[str] = set()
    for viewer in (0, None):
        for entry in state.observation(viewer).log.since(0):
            kinds.add(type(entry.item).__name__)
            for lang in ("en", "fr"):
                words = game.entry_words(entry, lang, names)
                assert words and not notation_in(words), (type(entry.item).__name__, lang, words)
                assert words[:1].isupper(), words
                if isinstance(entry.item, Deal) and viewer is not None:   # only what the viewer may see
                    for seat, hand in enumerate(state_hands(entry.item)):
                        if seat != viewer:
                            assert not any(card_name(c, lang) in words for c in hand), words
    assert len(kinds) >= 4, kinds


def state_hands(deal: Deal) -> list[list[int]]:
    return [[c for c in hand if CARD_CODES[c]] for hand in deal.hands]


def test_a_question_and_a_statement_in_words() -> None:
    from atout.cards import CardSet, Suit
    from atout.games.sizette.actions import Answer, Ask
    from atout.games.sizette.talk import Question, Statement
    from atout.log import LogEntry

    game = make_game("sizette")
    names = ["Anne", "", "Robot 2", "", "Robot 4", ""]
    ask = LogEntry(40, 4, Ask(2, Question("count", Suit.HEARTS)))
    assert game.entry_words(ask, "fr", names) == "Robot 4 demande à Robot 2 : combien de cœurs ?"
    answer = LogEntry(41, 2, Answer(Statement("cards", Suit.CLUBS, cards=CardSet.parse("QC 9C"))))
    assert game.entry_words(answer, "fr", names) == "Robot 2 : la dame et le neuf de trèfle"
    assert game.entry_words(answer, "en", ["Anne", "", "Bot 2"]) == "Bot 2: the queen and the nine of clubs"

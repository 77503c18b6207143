"""Text rendering of a Sizette observation, of talk and of results, in English and French."""

from __future__ import annotations

from typing import Any

import pytest

from atout.cards import Card, CardSet, Suit
from atout.cli.render import SeatNames, make_renderer, render_hand
from atout.cli.render.sizette import SizetteRenderer
from atout.game import EndReason, Outcome
from atout.games import make_game
from atout.games.sizette.actions import Ask, Command, Say, Vole
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.games.sizette.words import render_command, render_question, render_statement
from atout.packs import QUADRETTE_ORDER, SIZETTE_ORDER
from atout.seats import Sides

H = Suit.HEARTS


def talk_through(state: Any) -> Any:
    """Captain 2 asks seat 0 about atouts, seat 0 answers, seat 4 remarks, captain 2 commands."""
    state.apply(state.parse_action("ask 0 count H"), 2)
    state.apply(state.parse_action("answer top H 2 KH"), 0)
    state.apply(state.parse_action('remark "à vous"'), 4)
    state.apply(state.parse_action("command high S"), 2)
    return state


def screen(state: Any, seat: int, lang: str) -> str:
    return make_renderer(state.game, lang, seat).screen(state.observation(seat))


def test_screen_in_english(fixed_state: Any) -> None:
    text = screen(talk_through(fixed_state), 0, "en")
    lines = text.splitlines()
    assert lines[0] == "── Sizette · coup 1 · dealer seat 5 (left opponent) · score A 0 – B 0 (target 5) ──"
    assert "Capitaines: team A: seat 2 (right partner); team B: seat 5 (left opponent)." in lines
    assert "Atout (trump): ♥ hearts — retourne 9♥, held by the dealer, seat 5 (left opponent)." in lines
    assert "Levées (tricks) won: A 0 – B 0." in lines
    assert "Levée 1: seat 0 (you) to lead." in lines
    assert "  (levée 1) Seat 2 (right partner) asks seat 0 (you): how many trumps?" in lines
    assert "  (levée 1) Seat 0 (you): two trumps, the king highest" in lines
    assert "  (levée 1) Seat 4 (left partner) remarks: “à vous”" in lines
    assert "  (levée 1) Seat 2 (right partner) commands seat 0 (you): lead your highest spade" in lines
    assert lines[-1] == "Your hand: ♠ A 10   ♥ K 7 (atout)   ♦ 9   ♣ 6"


def test_screen_in_french(fixed_state: Any) -> None:
    text = screen(talk_through(fixed_state), 0, "fr")
    assert "Atout : ♥ cœur — retourne 9♥, dans la main du donneur, joueur 5 (adversaire de gauche)." in text
    assert ("Le joueur 2 (partenaire de droite) demande au joueur 0 (vous) : combien d'atouts ?") in text
    assert "Le joueur 0 (vous) : deux atouts, le roi en tête" in text
    assert "Le joueur 4 (partenaire de gauche) dit : « à vous »" in text
    assert "commande au joueur 0 (vous) : jouez votre plus haut pique" in text
    assert text.splitlines()[-1] == "Votre main : ♠ A 10   ♥ R 7 (atout)   ♦ 9   ♣ 6"


def test_screen_of_another_seat_shows_the_trick_and_who_acts(fixed_state: Any) -> None:
    state = talk_through(fixed_state)
    state.apply(Card("AS"))
    text = screen(state, 3, "en")
    assert "You are seat 3, team B." in text
    assert "Levée 1 in progress: seat 0 (opposite opponent) A♠." in text
    assert "Consultation C2 of team B (your team) is open." in text
    assert "Your hand: ♠ J 9   ♥ A 10 (atout)   ♦ 7   ♣ 10" in text
    assert text.endswith("Seat 5 (right partner) to act.")
    assert "KH" not in text and "K♥" not in text  # seat 0's king of hearts is not shown to seat 3


def test_last_trick_is_shown_until_the_next_lead(fixed_state: Any) -> None:
    state = fixed_state
    state.apply(state.parse_action("command any"), 2)
    state.apply(Card("AS"))
    state.apply(state.parse_action("close"), 5)
    for card in ("KS", "QS", "JS", "6S", "AD"):
        state.apply(Card(card))
    text = screen(state, 0, "en")
    assert ("Last levée (1): seat 0 (you) A♠, seat 1 (right opponent) K♠, seat 2 (right partner) Q♠, "
            "seat 3 (opposite opponent) J♠, seat 4 (left partner) 6♠, seat 5 (left opponent) A♦ "
            "→ seat 1 (right opponent).") in text
    hidden = make_game("sizette", {"allow_last_trick_review": False}).state_from_deal(
        next(a for _, a in state.history[:1]), state.setup)
    for seat, action in state.history[1:]:
        hidden.apply(action, seat)
    assert "Last levée" not in screen(hidden, 0, "en")


def test_hand_sorted_by_suit_and_game_rank() -> None:
    hand = CardSet.parse("7C AC KC 10C QC JC 9S 6S")
    assert render_hand(hand, "en", SIZETTE_ORDER) == "♠ 9 6   ♣ K Q J A 10 7"
    assert render_hand(hand, "fr", SIZETTE_ORDER, trump=Suit.CLUBS) == "♠ 9 6   ♣ R D V A 10 7 (atout)"
    assert render_hand(CardSet.parse("AD KD"), "en", QUADRETTE_ORDER) == "♦ K A"


@pytest.mark.parametrize("question, en, fr", [
    (Question("count", H), "how many trumps?", "combien d'atouts ?"),
    (Question("count", Suit.CLUBS), "how many clubs?", "combien de trèfles ?"),
    (Question("which", Suit.DIAMONDS), "which diamonds?", "quels carreaux ?"),
    (Question("hold", card=Card("KS")), "do you hold the king of spades?", "avez-vous le roi de pique ?"),
    (Question("highest", H), "your highest trump?", "votre plus haut atout ?"),
    (Question("void", Suit.SPADES), "are you void in spades?", "êtes-vous sans pique ?"),
])
def test_questions(question: Question, en: str, fr: str) -> None:
    assert render_question(question, "en", trump=H) == en
    assert render_question(question, "fr", trump=H) == fr


@pytest.mark.parametrize("statement, en, fr", [
    (Statement("count", H, count=2), "two trumps", "deux atouts"),
    (Statement("count", Suit.SPADES, count=1), "one spade", "un pique"),
    (Statement("count", Suit.SPADES, count=0), "no spades", "aucun pique"),
    (Statement("top", H, count=2, card=Card("KH")), "two trumps, the king highest", "deux atouts, le roi en tête"),
    (Statement("top", Suit.DIAMONDS, count=3, card=Card("QD")), "three diamonds, the queen highest",
     "trois carreaux, la dame en tête"),
    (Statement("cards", H, cards=CardSet.parse("KH 7H")), "the king and the seven of trumps",
     "le roi et le sept d'atout"),
    (Statement("cards", Suit.CLUBS, cards=CardSet.parse("AC JC 10C")), "the jack, the ace and the ten of clubs",
     "le valet, l'as et le dix de trèfle"),
    (Statement("hold", card=Card("AS"), yes=True), "yes, the ace of spades", "oui, l'as de pique"),
    (Statement("hold", card=Card("AS"), yes=False), "no, not the ace of spades", "non, pas l'as de pique"),
    (Statement("highest", Suit.SPADES, card=Card("JS")), "highest spade: the jack", "plus haut pique : le valet"),
    (Statement("highest", Suit.SPADES, card=None), "no spades", "aucun pique"),
    (Statement("void", H, yes=True), "void in trumps", "sans atout"),
    (Statement("void", Suit.CLUBS, yes=False), "not void in clubs", "j'ai du trèfle"),
    (Statement("nothing"), "I won't say", "je préfère ne rien dire"),
])
def test_statements(statement: Statement, en: str, fr: str) -> None:
    assert render_statement(statement, "en", trump=H) == en
    assert render_statement(statement, "fr", trump=H) == fr


@pytest.mark.parametrize("spec, en, fr", [
    (CommandSpec("card", card=Card("KH")), "lead the king of trumps", "jouez le roi d'atout"),
    (CommandSpec("high", H), "lead your highest trump", "jouez votre plus haut atout"),
    (CommandSpec("low", Suit.SPADES), "lead your lowest spade", "jouez votre plus bas pique"),
    (CommandSpec("any", Suit.CLUBS), "lead a club", "jouez du trèfle"),
    (CommandSpec("any", H), "lead a trump", "jouez de l'atout"),
    (CommandSpec("any"), "lead what you like", "jouez ce que vous voulez"),
])
def test_commands(spec: CommandSpec, en: str, fr: str) -> None:
    assert render_command(spec, "en", trump=H) == en
    assert render_command(spec, "fr", trump=H) == fr


def test_talk_lines_from_typed_entries() -> None:
    game = make_game("sizette")
    en, fr = SizetteRenderer(game, "en", None), SizetteRenderer(game, "fr", None)
    ask, say = Ask(4, Question("count", H)), Say(Statement("top", H, count=2, card=Card("KH")))
    assert en.talk_line(2, ask, trump=H) == "Seat 2 asks seat 4: how many trumps?"
    assert en.talk_line(4, say, trump=H) == "Seat 4: two trumps, the king highest"
    assert fr.talk_line(2, ask, trump=H) == "Le joueur 2 demande au joueur 4 : combien d'atouts ?"
    assert fr.talk_line(4, say, trump=H) == "Le joueur 4 : deux atouts, le roi en tête"
    assert en.talk_line(2, Command(CommandSpec("card", card=Card("KS"))), trump=H, leader=0) == \
        "Seat 2 commands seat 0: lead the king of spades"


def test_the_talk_of_a_hand_is_typed_and_told(fixed_state: Any) -> None:
    state = talk_through(fixed_state)
    obs = state.observation(None)
    assert [type(entry[2]).__name__ for entry in obs.talk] == ["Ask", "Answer", "Remark", "Command"]
    fr = SizetteRenderer(state.game, "fr", None)
    lines = [fr.talk_line(e[0], e[2], obs.trump, fr.talk_leader(obs, e)) for e in obs.talk]
    assert lines == ["Le joueur 2 demande au joueur 0 : combien d'atouts ?",
                     "Le joueur 0 : deux atouts, le roi en tête",
                     "Le joueur 4 dit : « à vous »",
                     "Le joueur 2 commande au joueur 0 : jouez votre plus haut pique"]


def test_relative_seat_names() -> None:
    six = SeatNames(3, Sides.alternating(6, 2), "en", next_side="right")
    assert [six.rel(s) for s in range(6)] == ["opposite opponent", "left partner", "left opponent", "you",
                                              "right opponent", "right partner"]
    four = SeatNames(0, Sides.alternating(4, 2), "fr", next_side="right")
    assert [four.rel(s) for s in range(4)] == ["vous", "adversaire de droite", "partenaire", "adversaire de gauche"]
    assert four.team(0) == "A (votre équipe)" and four.team(1) == "B"
    three = SeatNames(0, Sides.independent(3), "en")
    assert [three.rel(s) for s in range(3)] == ["you", "opponent", "opponent"]


def test_menus_and_action_labels() -> None:
    game = make_game("sizette")
    en, fr = SizetteRenderer(game, "en", 0), SizetteRenderer(game, "fr", 0)

    class Obs:
        trump = H

    assert en.menu_text(Obs, [Card("KH"), Card("10S")]) == "   1) K♥  2) 10♠"
    assert fr.menu_text(Obs, [Card("KH"), Card("10S")]) == "   1) R♥  2) 10♠"
    assert fr.action_label(Command(CommandSpec("high", H)), Obs) == "haut ♥ (atout)"
    assert en.action_label(Say(Statement("count", H, count=2)), Obs) == "two trumps"
    assert en.action_label(Ask(2, Question("void", Suit.CLUBS)), Obs) == \
        "seat 2 (right partner): are you void in clubs?"
    assert fr.action_label(Vole(True), Obs).startswith("vole continue")


def test_results_and_partie_end(fixed_state: Any) -> None:
    game = fixed_state.game
    en, fr = SizetteRenderer(game, "en", 1), SizetteRenderer(game, "fr", None)

    class Result:
        number, tricks, points, reason, scores = 3, (3, 0), (2, 0), "vole", (4, 1)

    assert en.result_lines(Result) == ["Coup 3: team A makes the vole (all six levées): +2 points!",
                                       "Score: A 4 – B 1 (target 5)."]
    Result.number, Result.tricks, Result.points, Result.reason, Result.scores = 4, (1, 3), (0, 1), "three", (4, 2)
    assert fr.result_lines(Result)[0] == "Coup 4 : l'équipe B gagne 3 levées à 1 : +1 point."
    assert en.end_lines(Outcome((5, 3), (0,), EndReason.TARGET), (5, 3)) == \
        ["Team A wins the partie, A 5 – B 3.", "You lose."]
    assert fr.end_lines(None, (1, 2)) == ["Partie inachevée (abandonnée), score A 1 – B 2."]


def test_hand_in_the_game_order_and_suit_letters_of_the_page(fixed_state: Any) -> None:
    text = make_renderer(fixed_state.game, "fr", 0).screen(fixed_state.observation(0))
    assert "Votre main : ♠ A 10   ♥ R 7 (atout)   ♦ 9   ♣ 6" in text.splitlines()

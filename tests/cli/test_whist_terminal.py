"""Whist at the terminal: four-handed whist never names a "mort"; who deals and who won each trick
are told; the cut is a number to type; showing and calling at eight are explained where they are
offered; the end is one settlement line with the outcome's own figures."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from atout.cli.play import TerminalGame
from atout.games import make_game
from tests.games.whist.helpers import cs, deal, dealer_slam

# E (seat 1) holds K and Q of clubs, W (seat 3) the ace: E–W at eight, E may call at his lead.
CALLING = [cs("2C 3C 4C 5C 6C 7C 8C 9C 10C") | cs("2S 3S 4S 5S"), cs("KC QC") | cs("AS KS QS JS 10S 9S 8S 7S 6S 2H 3H"),
           cs("4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2D 3D"), cs("AC JC") | cs("4D 5D 6D 7D 8D 9D 10D JD QD KD AD")]


def run(name: str, seat: int, seed: int, lang: str = "en", cut: str = "17", **options: Any) -> tuple[str, Any]:
    """A whole partie with ``seat`` typed by a script: the cut at ``cut`` cards, else the first
    choice; nothing when the turn is not his."""
    out = io.StringIO()
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 4000:
            raise EOFError
        if re.search(r"\[2–\d\d", prompt):
            return cut
        return "1" if "[1–" in prompt else ""

    tg = TerminalGame(make_game(name, options), seat=seat, lang=lang, seed=seed, bots="heuristic",
                      input_fn=answer, out=out)
    assert tg.run() == 0
    return out.getvalue(), tg.state


def test_four_handed_whist_tells_dealers_trick_winners_and_never_a_mort() -> None:
    text, state = run("whist", 1, 3)
    assert "mort" not in text.lower()
    played = [r for r in state.results if r.reason == "played"]
    assert text.count("wins the trick") == 13 * len(played) > 0
    assert text.count(" deals; turned (trump): ") == len(state.results)
    assert "Dealer: seat " in text
    first = next(line for line in text.splitlines() if "wins the trick" in line)
    assert re.match(r"Seat \d \(.+\) wins the trick; tricks A \(seats 0 and 2\) \d+ – B \(seats 1 and 3\) \d+\.",
                    first)


def test_the_cut_is_a_number_to_type() -> None:
    text, state = run("whist", 1, 3)
    assert "Cut the pack: type how many cards you lift off the top, 2 to 50." in text
    assert "cut 2  2) cut 3" not in text and "49)" not in text
    assert "Seat 1 (you) cuts the pack (17 cards)." in text
    assert state.history[1][1].position == 17


def test_one_settlement_line_with_the_outcome_figures() -> None:
    text, state = run("whist", 0, 3)
    outcome = state.outcome()
    ending = text[text.rindex("\n\n"):].strip().splitlines()
    assert len(ending) == 2 and "settlement per player" in ending[0]
    assert text.count("settlement per player") == 1 and "Team A wins the partie" not in text
    a, b = outcome.scores
    assert f"seat 0 (you) {a:+d}" in ending[0] and f"seat 1 (left opponent) {b:+d}" in ending[0]
    winner = "A" if a > 0 else "B"
    assert f"team {winner} collects {max(a, b)}" in ending[0]
    assert ending[1] == ("You are up." if a > 0 else "You are down.")


def test_the_mort_game_still_names_the_mort_and_ends_on_one_line() -> None:
    text, state = run("mort", 0, 5, rubbers=1)
    assert "The mort deals; turned (trump): " in text and "plays" in text and "from the mort" in text
    assert text.count("settlement per player") == 1
    ending = text[text.rindex("\n\n"):].strip().splitlines()
    for seat, value in enumerate(state.outcome().scores):
        assert f"seat {seat} " in ending[0] and f"{value:+d}" in ending[0]


def test_french_terminal_words() -> None:
    text, _ = run("whist", 1, 3, lang="fr")
    assert "Coupez le jeu : tapez combien de cartes vous soulevez, de 2 à 50." in text
    assert "remporte la levée ; levées" in text and " donne ; retourne (atout) : " in text
    assert "La partie est finie : l'équipe" in text and "règlement par joueur" in text


def screen_of(state: Any, seat: int, lang: str = "en") -> str:
    out = io.StringIO()
    tg = TerminalGame(state.game, seat=seat, lang=lang, seed=1, bots="random", input_fn=lambda p: "", out=out)
    tg.state = state
    tg.show_screen(tg.menu())
    return out.getvalue()


def test_the_call_at_eight_is_explained_where_it_is_offered() -> None:
    state = make_game("whist").state_from_deal(deal(CALLING, "2C"), {"dealer": "0", "game_scores": "2-8"})
    state.apply(state.moves()[0])                           # E passes at the honours (two only)
    state.apply(state.moves()[0])                           # W too
    text = screen_of(state, 1)
    assert "call" in text and "you may « call », asking your partner whether he holds a third" in text
    assert "Votre camp est à 8 et vous avez deux honneurs" in screen_of(state, 1, "fr")


def test_the_show_at_eight_is_explained() -> None:
    state = make_game("whist").state_from_deal(deal(dealer_slam(0), "2C"), {"dealer": "0", "game_scores": "8-3"})
    assert "you hold 0, so you pass" in screen_of(state, 2)
    state.apply(state.moves()[0])
    text = screen_of(state, 0)
    assert "you hold 4 honours in your hand. « show » lays them down and wins the game at once (4 points)" in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_cut_number_is_refused(lang: str) -> None:
    out = io.StringIO()
    answers = iter(["1", "60", "25", "quit"])
    tg = TerminalGame(make_game("whist"), seat=1, lang=lang, seed=3, bots="heuristic",
                      input_fn=lambda prompt: next(answers), out=out)
    tg.run()
    text = out.getvalue()
    assert text.count("2–50") == 2                          # "1" and "60" refused, each with the range
    assert "(25 cards)" in text or "(25 cartes)" in text

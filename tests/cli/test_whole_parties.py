"""Whole parties of every game at the terminal, typed as a player would (numbers, actions in
notation, help, hints, odd words), with random bots: each finished trick says who won it, and a
partie played in French shows no English word of the user interface."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest

from atout.actions import ActionKind
from atout.cli.main import main, result_text
from atout.cli.play import TerminalGame
from atout.cli.render.account import partie_account
from atout.events import TrickWon
from atout.game import CHANCE
from atout.games import make_game

# every game, with options that keep a partie short (and the formats a table meets)
PARTIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("sizette", {}),
    ("sizette", {"table_law_mode": True, "target_points": 3}),   # may not end: random claims and revokes
    ("quadrette", {}),
    ("piquet", {}),
    ("piquet", {"partie": "points", "liee": True}),
    ("besigue", {"target": 300}),
    ("besigue", {"players": 3, "target": 200}),
    ("besigue", {"partnerships": True, "target": 300}),
    ("besigue", {"preset": "classic", "target": 300}),
    ("whist", {"game_points": 5}),
    ("mort", {"rubbers": 1, "game_points": 5}),
)
TYPED_FR = ("?", "aide", "coups", "conseil", "montre", "chante", "passe", "RC", "10P", "xyz", "99", "0")
TYPED_EN = ("?", "help", "moves", "hint", "show", "call", "pass", "KH", "10S", "xyz", "99", "0")
PROMPTS = 1500

# the English words of the user interface: none may show in a partie played in French (the words
# French shares — score, points, table, talon, options, robot… — are not among them)
ENGLISH = ("seat", "seats", "trick", "tricks", "you", "your", "wins", "win", "won", "lose", "hand", "hands", "play",
           "plays", "played", "pass", "moves", "move", "quit", "help", "hint", "trump", "trumps", "turn", "the",
           "and", "or", "not", "team", "deal", "deals", "dealt", "card", "cards", "refused", "leave", "partner",
           "opponent", "declare", "declares", "exchange", "game", "rubber", "type", "may", "now", "true",
           "false", "none", "with", "for", "to", "of", "is", "by", "cannot", "must", "only", "when", "what", "who",
           "draw", "claim", "speech", "nothing", "yes", "wait", "hidden", "last", "first", "next", "held", "hold",
           "lead", "follow", "suit", "dummy", "player", "side", "error", "unknown", "show", "shows", "call", "calls",
           "says", "asks", "answer", "phase", "elder", "younger", "discard", "take", "takes", "name", "names",
           "score sheet", "not your turn", "cut", "bot", "this", "that", "there", "it", "its", "his", "an", "at", "in")
WORD = re.compile(r"[a-z]+(?: [a-z]+)*", re.IGNORECASE)
CODE = re.compile(r"^(?:10|[2-9AKQJTRDV])[SHDCPKT♠♥♦♣](?:#\d)?$")   # a card code is notation, not a word


def play_partie(name: str, options: dict[str, Any], lang: str, seed: int) -> tuple[TerminalGame, list[str]]:
    """A partie at the terminal, the human at seat 0 typing numbers, actions in notation (of the
    page language), help and odd words; every line written, output and errors."""
    rng = random.Random(f"{name}:{seed}")
    typed = TYPED_FR if lang == "fr" else TYPED_EN
    count = [0]

    def answer(prompt: str) -> str:
        count[0] += 1
        if count[0] > PROMPTS:
            raise EOFError
        menu = table.menu()
        roll = rng.random()
        if roll < 0.1:
            return rng.choice(typed)
        others = [a for a in table.legal() if a.kind is not ActionKind.TABLE]   # never abandon
        if roll < 0.3 and others:
            return table.notation(rng.choice(others))
        return str(rng.randint(1, len(menu))) if menu else ""

    out, err = io.StringIO(), io.StringIO()
    table = TerminalGame(make_game(name, options), 0, lang, seed, "random", None, answer, out, err)
    assert table.run() == 0
    return table, (out.getvalue() + err.getvalue()).splitlines()


def option_flag(word: str) -> str:
    """Of an option ``name=value``, only a flag's value (``true``, which French says ``vrai``): the
    names and the other values are typed as they are, in any language."""
    value = word.rpartition("=")[2]
    return value if value.lower() in ("true", "false") else ""


def english_words(line: str) -> list[str]:
    """The English words of :data:`ENGLISH` in a line, outside what the player typed and the
    notation shown (quoted text, card codes, ``name=value`` options but a flag's value)."""
    line = re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"", " ", line)
    words = [option_flag(w) if "=" in w else w for w in re.split(r"[\s,;:.!?()\[\]—–/]+", line)]
    words = [w for w in words if w and not CODE.match(w)]
    text = " ".join(words).lower()
    return [w for w in ENGLISH if re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", text)]


@pytest.mark.parametrize(("name", "options"), PARTIES)
def test_a_partie_in_french_shows_no_english_word(name: str, options: dict[str, Any]) -> None:
    found: dict[str, str] = {}
    for seed in (1, 2):
        table, lines = play_partie(name, options, "fr", seed)
        assert table.state.is_terminal() or options.get("table_law_mode"), f"{name} {options}: no end"
        for line in lines:
            for word in english_words(line):
                found.setdefault(word, line)
    assert not found, f"{name} {options}: English in French: {found}"


def test_the_word_list_finds_english() -> None:
    """The check itself: English sentences of the terminal are caught, French ones and notation are not."""
    assert set(english_words("Seat 3 (you) wins the trick.")) == {"seat", "trick", "you", "wins", "the"}
    assert set(english_words("Refused: not your turn")) == {"refused", "not", "your", "turn", "not your turn"}
    assert english_words("  moves            list what you may do now")
    assert not english_words("Le joueur 3 (vous) remporte la levée. Options : liee=vrai brisques=none. Atout : ♠ pique, AT.")
    assert english_words("Options : liee=true.") == ["true"]
    assert not english_words("Refusé : « pass » n'est pas permis maintenant")


def trick_lines(lines: list[str], name: str, lang: str) -> list[str]:
    if name in ("sizette", "quadrette"):   # its own line: « Levée 2 pour le joueur 1 avec R♥ — levées A 1 – B 1. »
        pattern = r"^Levée \d+ (pour|to) "
    elif name in ("whist", "mort"):   # its own line: « Le joueur 1 remporte la levée ; levées 3 – 2. »
        pattern = r" remporte la levée ; levées " if lang == "fr" else r" wins the trick; tricks "
    else:
        pattern = r" remporte la levée\.$" if lang == "fr" else r" wins the trick\.$"
    return [line for line in lines if re.search(pattern, line)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("name", "options"), PARTIES[::2])
def test_each_finished_trick_says_who_won_it(name: str, options: dict[str, Any], lang: str) -> None:
    table, lines = play_partie(name, options, lang, 3)
    won = [e for e in table.state.observation(0).log if type(e.item) is TrickWon]
    said = trick_lines(lines, name, lang)
    assert len(said) == len(won) > 0
    names = table.renderer.names
    if name not in ("sizette", "quadrette", "whist", "mort"):
        assert said == [table.renderer.t("ev.trick_won", who=names.Name(e.seat)) for e in won]
        you = "Le joueur 0 (vous) remporte la levée." if lang == "fr" else "Seat 0 (you) wins the trick."
        assert (you in said) == any(e.seat == 0 for e in won)


def test_a_game_without_a_renderer_says_who_won_each_trick(toy: Any, capsys: pytest.CaptureFixture[str],
                                                           script: Any) -> None:
    script(lambda tg, prompt: "1" if "[1–" in prompt else "")
    assert main(["play", "toy", "--seed", "3", "--bots", "random", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^Le joueur \d \(\w+\) remporte la levée\.$", out, re.MULTILINE)


@pytest.mark.parametrize(("lang", "words"), [("fr", ("coups", "conseil", "quitter")), ("en", ("moves", "hint", "quit"))])
def test_the_help_lists_the_words_of_its_language(lang: str, words: tuple[str, ...]) -> None:
    replies = iter(["?", words[0], words[1], words[2]])
    out = io.StringIO()
    table = TerminalGame(make_game("whist"), 0, lang, 4, "random", None, lambda prompt: next(replies), out, out)
    assert table.run() == 0
    lines = out.getvalue().splitlines()
    helps = [line.split()[0] for line in lines if line.startswith("  ") and len(line.split()) > 1]
    assert all(word in helps for word in words), (lang, words)
    assert ("Vous quittez la table." if lang == "fr" else "You leave the table.") in lines


BAD_RECORDS = (
    '[Game "piquet"]\n[Options "target=150"]\n\n',
    '[Game "piquet"]\n[Options "liee=oui partie=rubicon4"]\n\n',
    '[Game "whist"]\n[Options "honours=maybe"]\n\n',
    '[Game "whist"]\n[Options "nonesuch=1"]\n\n',
    '[Game "sizette"]\n\n*: shuffle\n',
    '[Game "sizette"]\n\n*: deal 0=KH 0=QH\n',
    '[Game "sizette"]\n\n*: deal x=KH\n',
    '[Game "sizette"]\n\n*: deal 0=?z\n',
    '[Game "sizette"]\n\n*: deal 1=KH\n',
    '[Game "sizette"]\n\n*: deal 0KH\n',
    '[Game "nonesuch"]\n\n',
)


@pytest.mark.parametrize("text", BAD_RECORDS)
def test_validate_in_french_says_every_error_in_french(text: str, tmp_path: Any,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.rec"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path), "--lang", "fr"]) != 0
    said = [line.removeprefix(f"{path}:") for line in capsys.readouterr().out.splitlines()]
    assert said and not [(line, english_words(line)) for line in said if english_words(line)]
    assert main(["validate", str(path)]) != 0
    assert any(english_words(line) for line in capsys.readouterr().out.splitlines())   # the same, in English


@pytest.mark.parametrize(("name", "options"), PARTIES)
def test_the_account_of_a_partie_in_french_shows_no_english_word(name: str, options: dict[str, Any]) -> None:
    """``atout replay --lang fr``: every deal, every card, the tricks, the results and the end."""
    state, rng = make_game(name, options).new_state(), random.Random(3)
    for _ in range(4000):
        if state.is_terminal():
            break
        state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
    lines = [*partie_account(state, "fr"), result_text(state, "fr")]
    assert [line for line in lines if "remporte la levée" in line or line.startswith("Levée ")]
    found = {word: line for line in lines for word in english_words(line)}
    assert not found, f"{name} {options}: English in French: {found}"

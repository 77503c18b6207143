"""``atout play``: one human seat in the terminal, bots at the others, for any registered game.

The loop knows only the contract: it draws the chance steps (``sample_chance``), asks the bot
whose turn it is (a bot receives only its observation), and prompts the human when he must
move — or, when the game's renderer says so, when he may act out of turn (speak in his team's
window, change captain before a deal…). What is shown comes from the game's renderer
(:mod:`atout.cli.render`), fed with the human's observation and the actions as he saw them.

Input is read with :func:`input`, so the game can be driven by a script; end of input leaves the
partie unfinished without a traceback. Only ASCII digits are numbers: ``²`` or ``٣`` are read as
(unreadable) text, never as a choice. A refused action is told in the page language with the
engine's reason, and changes nothing.

>>> import io
>>> from atout.games import make_game
>>> lines = iter(["quit"])
>>> out = io.StringIO()
>>> tg = TerminalGame(make_game("quadrette"), seat=0, seed=1, bots="random",
...                   input_fn=lambda prompt: next(lines), out=out)
>>> tg.run()
0
>>> "You leave the table." in out.getvalue()
True
"""

from __future__ import annotations

import random
import re
import secrets
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, TextIO

from atout.actions import Action, ActionKind
from atout.bots.base import interjects
from atout.cli.i18n import CORE, Catalog, tr
from atout.cli.render import make_renderer
from atout.errors import ActionError, AmbiguousActionError
from atout.game import CHANCE, Game, Observation, State, parse_int

if TYPE_CHECKING:
    from atout.bots.base import Bot

QUIT = "quit"
DONE = "done"
AGAIN = "again"
PASS = "pass"

QUIT_WORDS = ("quit", "q", "exit", "quitter")
HELP_WORDS = ("?", "help", "aide", "h")
MOVES_WORDS = ("moves", "coups", "m")
HINT_WORDS = ("hint", "conseil", "indice")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
HINTS = Catalog({
    "play.hint": ("The heuristic bot would play: {action}", "Le robot heuristique jouerait : {action}"),
    "play.no_hint": ("No hint: this game has no heuristic bot, or you have nothing to do now.",
                     "Pas de conseil : ce jeu n'a pas de robot heuristique, ou vous n'avez rien à faire."),
}, parent=CORE)
MAX_BOT_EXTRAS = 12  # optional actions (talk, claims) a bot may take before it must move
MAX_INPUT = 2000  # longer lines are not read as actions


class TerminalGame:
    """A partie with one human at ``seat``. :meth:`run` plays it and returns an exit code."""

    def __init__(self, game: Game, seat: int = 0, lang: str = "en", seed: int | None = None,
                 bots: str = "heuristic", record_path: str | None = None,
                 input_fn: Callable[[str], str] | None = None, out: TextIO | None = None,
                 err: TextIO | None = None):
        self.game = game
        self.seat = seat
        self.lang = lang
        self.seed = seed  # None: deals from the system's secure source (secrets), not reproducible
        self.bots_name = bots
        self.record_path = record_path
        self.input_fn = input_fn
        self.out = out
        self.err = err
        self.rng: random.Random | None = random.Random(seed) if seed is not None else None
        self.state: State = game.new_state()
        self.n = game.num_seats
        self.renderer = make_renderer(game, lang, seat, self.notation)
        self.bots = self._make_bots(bots)
        self.offered: set[Hashable] = set()
        self.extras: dict[int, int] = {}  # per bot seat: optional actions since its last move
        self.dirty = True

    # ------------------------------------------------------------ i/o

    def read(self, prompt: str) -> str:
        """A line typed at ``prompt``; a byte that is not UTF-8 (which the terminal's decoding keeps as
        a lone surrogate) reads as « � », so a refusal quotes what a person can see."""
        reader = self.input_fn if self.input_fn is not None else input
        return _LONE_SURROGATE.sub("\ufffd", reader(prompt))

    def say(self, text: str = "") -> None:
        print(text, file=self.out if self.out is not None else sys.stdout)

    def warn(self, text: str) -> None:
        print(text, file=self.err if self.err is not None else sys.stderr)

    def t(self, key: str, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    def notation(self, action: Action) -> str:
        """``action`` written in the page language (the engine's notation)."""
        return str(self.state.action_text(action, self.lang))

    # ------------------------------------------------------------ setup

    def _make_bots(self, kind: str) -> dict[int, Bot]:
        from atout.bots import make_bot

        return {s: make_bot(kind, self.game, self._bot_rng(s)) for s in range(self.n) if s != self.seat}

    def _bot_rng(self, seat: int) -> random.Random:
        """Each bot's own generator: from the seed when one is given, else from ``secrets``."""
        return random.Random(f"{self.seed}:{seat}" if self.seed is not None else secrets.randbits(64))

    def view(self) -> Observation:
        """The human seat's observation: everything told on screen comes from it (and from the
        public results of finished hands)."""
        return self.state.observation(self.seat)

    def legal(self) -> Sequence[Action]:
        """Everything the human may do now, of every kind."""
        return self.state.legal_actions(self.seat)

    def intro(self) -> None:
        seed = str(self.seed) if self.seed is not None else self.t("play.no_seed")
        for line in self.renderer.intro_lines(self.view(), self.bots_name, seed):
            self.say(line)

    # ------------------------------------------------------------ main loop

    def run(self) -> int:
        """Play until the partie ends or the human leaves; write the record if asked.

        Returns 0 (also when the human quits or input ends), 1 if the record could not be
        written, 130 after Ctrl-C."""
        self.intro()
        code = 0
        try:
            while not self.state.is_terminal():
                to_move = self.state.to_move
                if to_move == CHANCE:
                    self.apply(CHANCE, self.state.sample_chance(self.rng))
                    continue
                if self.offer_optional() == QUIT:
                    break
                if self.state.to_move != to_move or self.state.is_terminal():
                    continue
                if to_move == self.seat:
                    if self.human_turn() == QUIT:
                        break
                else:
                    self.bot_turn(to_move)
        except KeyboardInterrupt:
            self.say()
            self.say(self.t("play.quit"))
            code = 130
        return self.finish() or code

    def finish(self) -> int:
        """Tell the result (or that the partie is left unfinished) and write the record."""
        self.say()
        for line in self.renderer.end_lines(self.state.outcome(), self.view().scores):
            self.say(line)
        if self.record_path:
            from atout.record import write_record

            tags = {f"Seat{seat}": "human (atout play)" if seat == self.seat else f"bot {self.bots_name}"
                    for seat in range(self.n)}
            if self.seed is not None:
                tags["Seed"] = str(self.seed)
            text = write_record(self.state, tags)
            try:
                with open(self.record_path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as exc:
                self.warn(self.t("err.write", path=self.record_path, reason=exc.strerror or exc))
                return 1
            self.say(self.t("play.record", path=self.record_path))
        return 0

    # ------------------------------------------------------------ applying and telling

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat`` (``CHANCE`` for the table) and tell what happened.

        Raises the engine's :class:`ActionError` (the state is then unchanged)."""
        before = self.view()
        n_results = len(self.state.results)
        self.state.apply(action, None if seat == CHANCE else seat)
        self.dirty = True
        after = self.view()
        seen = self.state.visible_action(action, seat, self.seat)
        for line in self.renderer.event_lines(seat, seen, before, after, self.state.results[n_results:]):
            self.say(line)
        if seat != CHANCE:
            self.interjections(seat)

    def interjections(self, actor: int) -> None:
        """One chance for each bot that acts out of turn (a claim), in turn order after ``actor``."""
        for offset in range(1, self.n + 1):
            seat = (actor + offset) % self.n
            bot = self.bots.get(seat)
            to_move = self.state.to_move
            if to_move < 0:
                return
            if bot is None or seat == to_move or not interjects(bot):
                continue
            obs = self.state.observation(seat)
            if not obs.legal:
                continue
            action = bot.interject(obs)
            if action is not None and action.kind is not ActionKind.MOVE:
                try:
                    self.apply(seat, action)
                except ActionError as exc:
                    self.warn(self.t("play.bot_error", seat=seat, reason=exc.text(self.lang), action="—"))

    # ------------------------------------------------------------ bots

    def bot_turn(self, seat: int) -> None:
        """The bot at ``seat`` acts, from its observation only."""
        moves = list(self.state.moves())
        if self.extras.get(seat, 0) >= MAX_BOT_EXTRAS and moves:
            action = moves[0]  # enough talk in this turn: the bot must now move
        else:
            try:
                action = self.bots[seat].act(self.state.observation(seat))
            except ValueError as exc:  # a bot that cannot choose must not end the human's partie
                if not moves:
                    raise
                self.warn(self.t("play.bot_error", seat=seat, reason=exc, action=self.notation(moves[0])))
                action = moves[0]
        try:
            self.apply(seat, action)
        except ActionError as exc:
            if not moves:
                raise
            self.warn(self.t("play.bot_error", seat=seat, reason=exc.text(self.lang), action=self.notation(moves[0])))
            action = moves[0]
            self.apply(seat, action)
        if action.kind is ActionKind.MOVE:
            self.extras[seat] = 0
        else:
            self.extras[seat] = self.extras.get(seat, 0) + 1

    # ------------------------------------------------------------ the human

    def menu(self) -> list[Action]:
        """The human's moves in display order (cards sorted by suit and the game's rank order)."""
        if self.state.to_move != self.seat:
            return []
        return self.renderer.menu(self.view(), self.state.moves())

    def show_screen(self, menu: Sequence[Action]) -> None:
        obs = self.view()
        self.say()
        self.say(self.renderer.screen(obs))
        if menu:
            self.say(self.renderer.menu_title(obs, menu))
            self.say(self.renderer.menu_text(obs, menu))
        for line in self.renderer.extra_lines(obs, self.others(menu)):
            self.say(line)
        self.dirty = False

    def others(self, menu: Sequence[Action]) -> list[Action]:
        """What the human may do beside the numbered moves (speech, claims, table actions)."""
        listed = set(menu)
        return [a for a in self.legal() if a not in listed]

    def human_turn(self) -> str:
        menu = self.menu()
        if self.dirty:
            self.show_screen(menu)
        prompt = self.renderer.prompt(self.view(), menu)
        while True:
            result = self.prompt_once(prompt, menu, required=True)
            if result in (QUIT, DONE):
                return result

    def offer_optional(self) -> str | None:
        """Let the human act although it is not his turn, once per occasion the renderer names
        (a speech window of his team, the start of a new hand…). Returns ``QUIT`` if he leaves."""
        if self.state.to_move == self.seat:
            return None
        key = self.renderer.occasion(self.view(), self.legal())
        if key is None or key in self.offered:
            return None
        self.offered.add(key)
        while True:
            if self.dirty:
                self.show_screen([])
            result = self.prompt_once(self.renderer.optional_prompt(self.view(), self.legal()), [], required=False)
            if result == QUIT:
                return QUIT
            if result == PASS or self.state.is_terminal() or self.state.to_move == self.seat:
                return None
            if self.renderer.occasion(self.view(), self.legal()) != key:
                return None

    def prompt_once(self, prompt: str, menu: Sequence[Action], required: bool) -> str:
        """Read one line and act on it: ``QUIT``, ``DONE`` (an action applied), ``PASS`` or ``AGAIN``."""
        try:
            text = self.read(prompt)
        except EOFError:
            self.say()
            self.say(self.t("play.eof"))
            return QUIT
        text = text.strip()
        low = text.lower()
        if not text:
            return AGAIN if required else PASS
        if low in QUIT_WORDS:
            self.say(self.t("play.quit"))
            return QUIT
        if low in HELP_WORDS:
            for line in self.renderer.help_lines(self.view(), self.legal()):
                self.say(line)
            return AGAIN
        if low in MOVES_WORDS:
            self.show_moves(menu)
            return AGAIN
        if low in HINT_WORDS:
            self.say(self.hint())
            return AGAIN
        number = parse_int(text) if text.isascii() else None
        if number is not None:
            if not menu:
                self.say(self.t("play.not_your_turn"))
                return AGAIN
            action = self.renderer.pick(number, menu)
            if action is None:
                self.say(self.t("play.bad_number", n=text, range=self.renderer.menu_range(menu)))
                return AGAIN
        else:
            try:
                action = self.parse(text)
            except ActionError as exc:
                self.say(self.t("refused", reason=exc.text(self.lang)))
                return AGAIN
            except ValueError:
                self.say(self.t("play.unreadable", text=text[:60]))
                return AGAIN
        try:
            self.apply(self.seat, action)
        except ActionError as exc:
            self.say(self.t("refused", reason=exc.text(self.lang)))
            return AGAIN
        return DONE

    def hint(self) -> str:
        """What the game's ``heuristic`` bot would do in the human's place, from his observation
        only (the ``hint`` command; any game with a heuristic policy has it)."""
        from atout.bots.registry import bot_names, make_bot

        if "heuristic" not in bot_names(self.game) or not self.state.moves() or self.state.to_move != self.seat:
            return HINTS.tr("play.no_hint", self.lang)
        bot = make_bot("heuristic", self.game, random.Random(len(self.state.history)))
        try:
            action = bot.act(self.view())
        except ValueError:
            return HINTS.tr("play.no_hint", self.lang)
        return HINTS.tr("play.hint", self.lang, action=self.renderer.notation(action))

    def show_moves(self, menu: Sequence[Action]) -> None:
        obs = self.view()
        if menu:
            self.say(self.renderer.menu_title(obs, menu))
            self.say(self.renderer.menu_text(obs, menu))
        extra = self.renderer.extra_lines(obs, self.others(menu), full=True)
        for line in extra:
            self.say(line)
        if not menu and not extra:
            self.say(self.t("play.no_moves"))

    def parse(self, text: str) -> Action:
        """Read an action typed by the human in either language (``RC``, ``KH``, ``K♥``, speech
        too); a code that means two things (``AC``) is read in the page language."""
        if len(text) > MAX_INPUT:
            raise ValueError("too long")
        try:
            return self.state.parse_action(text, None)
        except AmbiguousActionError:
            return self.state.parse_action(text, self.lang)


def run_play(game: Game, seat: int, lang: str, seed: int | None, bots: str, record_path: str | None) -> int:
    """Entry point of ``atout play`` (after the arguments are checked)."""
    return TerminalGame(game, seat, lang, seed, bots, record_path).run()

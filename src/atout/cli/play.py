"""``atout play``: one human seat in the terminal, bots at the others.

The loop shuffles and deals through the engine's chance actions, asks the bot whose turn it is
(a bot receives only its observation, its legal moves and its talk options), and prompts the
human when he must act — or, once per speech window of his team, when he may speak. Every
event is told in words from the human's seat; input is read with :func:`input`, so the game can
be driven by a script, and end of input leaves the partie unfinished without a traceback.

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
import secrets
import sys
from collections.abc import Callable
from typing import Any, TextIO

from atout.cards import SUIT_SYMBOLS, Card
from atout.cli.i18n import join_words, tr
from atout.cli.render import (
    SeatNames,
    card_label,
    describe_event,
    game_order,
    render_action,
    render_menu,
    render_observation,
    render_partie_end,
    render_result,
    render_talk,
    score_text,
    suit_display,
)
from atout.errors import ActionError, AmbiguousActionError
from atout.game import CHANCE, Game
from atout.games.sizette.actions import Ask, Captain, Cut, Deal, Draw, Say
from atout.games.sizette.state import team_seats

QUIT = "quit"
DONE = "done"
AGAIN = "again"
PASS = "pass"

QUIT_WORDS = ("quit", "q", "exit", "quitter")
HELP_WORDS = ("?", "help", "aide", "h")
MOVES_WORDS = ("moves", "coups", "m")
MAX_BOT_TALK = 12  # talk actions a bot may make in one window before it must move


class _RandomBot:
    """Used only while :mod:`atout.bots` is not installed: a uniformly random legal move."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, obs: Any, moves: list[Any], talk: list[Any]) -> Any:
        return self.rng.choice(moves) if moves else self.rng.choice(talk)


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
        self.state: Any = game.new_state()
        self.n = game.num_seats
        self.names = SeatNames(seat, self.n, lang)
        self.order = game_order(game.name)  # type: ignore[attr-defined]
        self.bots = self._make_bots(bots)
        self.offered: set[tuple[Any, ...]] = set()
        self.bot_talk: dict[tuple[Any, ...], int] = {}
        self.dirty = True

    # ------------------------------------------------------------ i/o

    def read(self, prompt: str) -> str:
        reader = self.input_fn if self.input_fn is not None else input
        return reader(prompt)

    def say(self, text: str = "") -> None:
        print(text, file=self.out if self.out is not None else sys.stdout)

    def warn(self, text: str) -> None:
        print(text, file=self.err if self.err is not None else sys.stderr)

    def t(self, key: str, **kw: Any) -> str:
        return tr(key, self.lang, **kw)

    # ------------------------------------------------------------ setup

    def _make_bots(self, name: str) -> dict[int, Any]:
        try:
            from atout.bots import make_bot
        except ImportError:
            self.warn(self.t("play.no_bots"))
            return {s: _RandomBot(self._bot_rng(s)) for s in range(self.n) if s != self.seat}
        return {s: make_bot(name, self._bot_rng(s)) for s in range(self.n) if s != self.seat}

    def _bot_rng(self, seat: int) -> random.Random:
        """Each bot's own generator: from the seed when one is given, else from ``secrets``."""
        return random.Random(f"{self.seed}:{seat}" if self.seed is not None else secrets.randbits(64))

    def intro(self) -> None:
        mates = [self.names.the(s) for s in team_seats(self.seat % 2, self.n) if s != self.seat]
        self.say(self.t("play.intro", game=self.game.title[self.lang], seat=self.seat,  # type: ignore[attr-defined]
                        team="AB"[self.seat % 2], mates=join_words(mates, self.lang)))
        around = [self.names.name((self.seat + d) % self.n) for d in range(1, self.n)]
        self.say(self.t("play.table", seats=", ".join(around)))
        seed = self.seed if self.seed is not None else self.t("play.no_seed")
        self.say(self.t("play.setup", target=self.state.target, bots=self.bots_name, seed=seed))

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
        s = self.state
        self.say()
        for line in render_partie_end(s.winner_team, s.end_reason, s.scores, self.lang, self.seat):
            self.say(line)
        if self.record_path:
            from atout.record import write_record

            tags = {f"Seat{seat}": "human (atout play)" if seat == self.seat else f"bot {self.bots_name}"
                    for seat in range(self.n)}
            if self.seed is not None:
                tags["Seed"] = str(self.seed)
            text = write_record(s, tags)
            try:
                with open(self.record_path, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as exc:
                self.warn(self.t("err.write", path=self.record_path, reason=exc.strerror or exc))
                return 1
            self.say(self.t("play.record", path=self.record_path))
        return 0

    # ------------------------------------------------------------ applying and telling

    def apply(self, seat: int, action: Any) -> None:
        """Apply ``action`` for ``seat`` (``CHANCE`` for the table) and tell what happened.

        Raises the engine's :class:`ActionError` (the state is then unchanged)."""
        before = self.view()
        self.state.apply(action, seat=None if seat == CHANCE else seat)
        self.dirty = True
        self.tell(seat, action, before)

    def view(self) -> Any:
        """The human seat's observation: everything told on screen comes from it (and from the
        public results of finished coups)."""
        return self.state.observation(self.seat)

    def tell(self, seat: int, action: Any, before: Any) -> None:
        s = self.state
        obs = self.view()
        trump = int(obs.trump) if obs.trump is not None else None
        if isinstance(action, Draw):
            cards = ", ".join(f"{self.names.name(st)} {card_label(c, self.lang)}" for st, c in action.cards)
            self.say(self.t("ev.draw", cards=cards))
            if obs.phase == "draw":
                self.say(self.t("ev.draw_tie"))
            elif obs.phase != "choose_dealer":
                self.say(self.t("ev.first_dealer", who=self.names.Name(obs.dealer)))
        elif isinstance(action, Deal):
            where = self.t("ev.deal_talon" if s.game.talon_size else "ev.deal_dealer")
            suit = action.turned.suit
            self.say()
            self.say(self.t("ev.deal", hand=obs.hand_number, dealer=self.names.the(obs.dealer),
                            suit=f"{SUIT_SYMBOLS[suit]} {suit_display(suit, self.lang)}",
                            card=card_label(action.turned, self.lang), where=where))
        else:
            line = describe_event(seat, action, self.lang, self.names, trump)
            if line:
                self.say(line)
        n_results = len(before.results)
        same_hand = obs.hand_number == before.hand_number and len(obs.results) == n_results
        if same_hand and len(obs.talk) > len(before.talk):
            for talker, _, text in obs.talk[len(before.talk):]:
                leader = obs.leader if text != "nocard" else None
                self.say(render_talk(talker, text, self.lang, self.names, trump, leader))
        self._tell_tricks(obs, n_results, len(before.tricks))
        for result in s.results[n_results:]:
            for line in render_result(result, self.lang, obs.target):
                self.say(line)
        if (obs.phase == "play" and obs.window in ("C1", "C2") and obs.window_team is not None
                and (obs.window, obs.window_team) != (before.window, before.window_team)):
            team = obs.window_team
            self.say(self.t("ev.window", t=self.names.team(team), w=obs.window,
                            who=self.names.name(obs.captains[team])))

    def _tell_tricks(self, obs: Any, n_results: int, n_done: int) -> None:
        """Announce the levées completed by the last action (the coup may have ended with it)."""
        s = self.state
        if len(s.results) > n_results:  # the coup ended: its levées are in its public result
            plays = [(p.leader, p.cards, p.winner) for p in s.results[n_results].plays if p.winner >= 0]
        else:
            plays = list(obs.tricks)
        n = self.n
        for k in range(n_done, len(plays)):
            leader, cards, winner = plays[k]
            won = [0, 0]
            for p in plays[: k + 1]:
                won[p[2] % 2] += 1
            card = cards[(winner - leader) % n]
            self.say(self.t("ev.trick", k=k + 1, who=self.names.the(winner), card=card_label(card, self.lang),
                            score=score_text(won)))

    # ------------------------------------------------------------ bots

    def bot_turn(self, seat: int) -> None:
        """The bot at ``seat`` acts, from its observation, its moves and its talk options only."""
        s = self.state
        obs = s.observation(seat)
        moves = s.legal_actions(seat)
        talk = s.talk_actions(seat)
        key = (obs.hand_number, len(obs.tricks), len(obs.trick), obs.window, seat)
        if self.bot_talk.get(key, 0) >= MAX_BOT_TALK:
            talk = []  # enough talk in this window: the bot must now choose a move
        action = self.bots[seat].act(obs, list(moves), list(talk))
        try:
            self.apply(seat, action)
        except ActionError as exc:
            if not moves:
                raise
            self.warn(self.t("play.bot_error", seat=seat, reason=exc, action=moves[0]))
            self.apply(seat, moves[0])
            return
        if action not in moves:
            self.bot_talk[key] = self.bot_talk.get(key, 0) + 1

    # ------------------------------------------------------------ the human

    def menu(self) -> list[Any]:
        """The human's legal moves in display order (cards sorted by suit and game rank)."""
        moves = self.state.legal_actions(self.seat)
        if moves and all(isinstance(m, Card) for m in moves):
            return self.order.sorted(moves)
        return moves

    def _range(self, menu: list[Any]) -> str:
        if menu and all(isinstance(m, Cut) for m in menu):
            return f"{menu[0].position}–{menu[-1].position}"
        return f"1–{len(menu)}" if menu else "—"

    def show_screen(self, menu: list[Any] | None) -> None:
        self.say()
        self.say(render_observation(self.state.observation(self.seat), self.lang))
        if menu:
            self.say(self.menu_title(menu))
            self.say(self.render_menu(menu))
        self.dirty = False

    def menu_title(self, menu: list[Any]) -> str:
        """What the numbered list is for: play a card, command the lead, answer a question…"""
        kinds = {_kind(m) for m in menu}
        if len(kinds) != 1:
            return self.t("play.moves_title")
        kind = kinds.pop()
        if kind == "command":
            return self.t("menu.command", who=self.names.to(self.view().leader))
        if kind == "say":
            pending = self.view().pending_question
            asker = pending[0] if pending is not None else None
            return self.t("menu.say", who=self.names.to(asker) if asker is not None else "")
        if kind in ("card", "close", "vole", "captain", "cut", "dealer"):
            return self.t("menu." + kind)
        return self.t("play.moves_title")

    def render_menu(self, menu: list[Any]) -> str:
        if menu and all(isinstance(m, Cut) for m in menu):
            return "  " + self.t("play.cut_range", lo=menu[0].position, hi=menu[-1].position)
        return render_menu(menu, self.lang, self.names, self.view().trump)

    def human_turn(self) -> str:
        menu = self.menu()
        if self.dirty:
            self.show_screen(menu)
            self.say_talk_summary()
        prompt = self.t("play.prompt", range=self._range(menu))
        while True:
            result = self.prompt_once(prompt, menu, required=True)
            if result in (QUIT, DONE):
                return result

    def offer_optional(self) -> str | None:
        """Let the human act although it is not his turn: once before each new coup (change of
        capitaine, abandon), and once per speech window of his team (statements, remarks, and
        questions if he is capitaine). Returns ``QUIT`` if he leaves."""
        s = self.state
        me = self.seat
        if s.to_move == me:
            return None
        if s.phase_name == "cut" and s.hand_no >= 2:
            key: tuple[Any, ...] = ("hand", s.hand_no)
            if key in self.offered:
                return None
            self.offered.add(key)
            prompt = self.t("play.prompt_new_hand", hand=s.hand_no)
            result = AGAIN
            while result == AGAIN:
                result = self.prompt_once(prompt, [], required=False)
            return QUIT if result == QUIT else None
        obs = self.view()
        if not (obs.phase == "play" and obs.window in ("C1", "C2") and obs.window_team == me % 2
                and obs.pending_question is None and (s.talk_actions(me) or s.can_remark(me))):
            return None
        key = ("talk", obs.hand_number, obs.window)
        if key in self.offered:
            return None
        self.offered.add(key)
        while self._may_speak():
            if self.dirty:
                self.show_screen(None)
                self.say_talk_summary()
            asks = any(isinstance(a, Ask) for a in s.talk_actions(me))
            result = self.prompt_once(self.t("play.prompt_talk", ask=", ask …" if asks else ""), [], required=False)
            if result in (QUIT, PASS):
                return QUIT if result == QUIT else None
        return None

    def _may_speak(self) -> bool:
        s, me = self.state, self.seat
        return (not s.is_terminal() and s.to_move != me and self.view().pending_question is None
                and bool(s.talk_actions(me) or s.can_remark(me)))

    def prompt_once(self, prompt: str, menu: list[Any], required: bool) -> str:
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
            self.say(self.help_text(menu))
            return AGAIN
        if low in MOVES_WORDS:
            if menu:
                self.say(self.menu_title(menu))
                self.say(self.render_menu(menu))
            self.say_talk_summary(full=True)
            if not menu and not self.state.talk_actions(self.seat) and not self.state.can_remark(self.seat):
                self.say(self.t("play.no_moves"))
            return AGAIN
        if text.isdigit():
            if not menu:
                self.say(self.t("play.not_your_turn"))
                return AGAIN
            action = self.pick(int(text), menu)
            if action is None:
                self.say(self.t("play.bad_number", n=text, range=self._range(menu)))
                return AGAIN
        else:
            try:
                action = self.parse(text)
            except ActionError as exc:
                self.say(self.t("refused", reason=exc))
                return AGAIN
        try:
            self.apply(self.seat, action)
        except ActionError as exc:
            self.say(self.t("refused", reason=exc))
            return AGAIN
        return DONE

    def pick(self, number: int, menu: list[Any]) -> Any | None:
        if all(isinstance(m, Cut) for m in menu):
            return next((m for m in menu if m.position == number), None)
        return menu[number - 1] if 1 <= number <= len(menu) else None

    def parse(self, text: str) -> Any:
        """Read an action typed by the human: cards in either language (``RC``, ``KH``, ``K♥``),
        inside speech too; an ambiguous code (``AC``) is read in the chosen language."""
        try:
            return self.state.parse_action(text)
        except AmbiguousActionError:
            return self.state.parse_action(text, self.lang)

    # ------------------------------------------------------------ help

    def say_talk_summary(self, full: bool = False) -> None:
        s = self.state
        talk = s.talk_actions(self.seat)
        asks = [a for a in talk if isinstance(a, Ask)]
        says = [a for a in talk if isinstance(a, Say)]
        remark = s.can_remark(self.seat)
        if not (asks or says or remark):
            return
        self.say(self.t("play.talk_title"))
        if asks:
            if full:
                mates = sorted({a.target for a in asks})
                self.say("  " + self.t("play.talk_ask", n=len(asks), ex=f"ask {'|'.join(map(str, mates))} "
                                       "count|which|highest|void S|H|D|C, ask … hold <card>"))
            else:
                self.say("  " + self.t("play.talk_ask", n=len(asks), ex=str(asks[0])))
        if says:
            if full:
                self.say("  " + self.t("play.talk_say", n=len(says), ex=""))
                for a in says:
                    self.say(f"    {a}  — {render_action(a, self.lang, self.names, self.view().trump)}")
            else:
                self.say("  " + self.t("play.talk_say", n=len(says), ex=str(says[0])))
        if remark:
            self.say("  " + self.t("play.talk_remark"))

    def help_text(self, menu: list[Any]) -> str:
        s = self.state
        lines = [self.t("help.title"), self.t("help.body"), self.t("help.now")]
        if menu:
            kinds = sorted({_kind(m) for m in menu})
            lines.append("  " + self.t("help.now_moves", n=len(menu),
                                       kinds=", ".join(self.t("kind." + k) for k in kinds)))
        talk = s.talk_actions(self.seat)
        talk_kinds = sorted({"ask" if isinstance(a, Ask) else "statement" for a in talk})
        if talk_kinds:
            lines.append("  " + self.t("help.now_talk", kinds=", ".join(self.t("kind." + k) for k in talk_kinds)))
        if s.can_remark(self.seat):
            lines.append("  " + self.t("help.now_remark"))
        if not menu and not talk and not s.can_remark(self.seat):
            lines.append("  " + self.t("help.now_wait"))
        return "\n".join(lines)


def _kind(action: Any) -> str:
    if isinstance(action, Card):
        return "card"
    if isinstance(action, Captain):
        return "captain"
    name = type(action).__name__.lower()
    return {"choosedealer": "dealer"}.get(name, name)


def run_play(game: Game, seat: int, lang: str, seed: int | None, bots: str, record_path: str | None) -> int:
    """Entry point of ``atout play`` (after the arguments are checked)."""
    return TerminalGame(game, seat, lang, seed, bots, record_path).run()

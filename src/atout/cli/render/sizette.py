"""The renderer of Sizette and Quadrette: captains, the speech windows C1–C3, the talk in words,
the levées, the vole and the notation help of ``?``, in French and English.

Named by the game class (``renderer_module``) of ``sizette`` and ``quadrette``. Everything it
tells comes from the viewer's observation, the public results of finished coups and the action
just played (as the viewer saw it); it never reads another seat's hand.

>>> from atout.cards import Card, Suit
>>> from atout.games import make_game
>>> from atout.games.sizette.actions import Ask, Command
>>> from atout.games.sizette.talk import CommandSpec, Question
>>> r = SizetteRenderer(make_game("sizette"), "fr", viewer=0)
>>> print(r.talk_line(2, Ask(4, Question("count", Suit.HEARTS)), trump=Suit.HEARTS))
Le joueur 2 (partenaire de droite) demande au joueur 4 (partenaire de gauche) : combien d'atouts ?
>>> r.talk_line(2, Command(CommandSpec("high", Suit.SPADES)), trump=Suit.HEARTS, leader=0)
'Le joueur 2 (partenaire de droite) commande au joueur 0 (vous) : jouez votre plus haut pique'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import ClassVar, TypeGuard

from atout.actions import Action, ActionKind
from atout.cards import SUIT_SYMBOLS, Card, Suit
from atout.chance import Deal, Draw
from atout.cli.i18n import Catalog, suit_display
from atout.cli.render.base import EXAMPLES, Renderer
from atout.cli.render.sizette_words import WORDS
from atout.game import TERMINAL, Game
from atout.games.sizette.actions import (
    Answer,
    Ask,
    Captain,
    ChooseDealer,
    Close,
    Command,
    Cut,
    Penalty,
    Remark,
    Said,
    Say,
    Vole,
)
from atout.games.sizette.events import HandResult, TableEvent, TalkEntry, TrickRecord
from atout.games.sizette.observation import SizetteObservation
from atout.games.sizette.spec import SizetteGame
from atout.games.sizette.vocabulary import words_for
from atout.games.sizette.words import render_command, render_question, render_statement, step_words, talk_words
from atout.packs import RankOrder

TALK_WINDOWS = ("C1", "C2")
NOTATION_KEYWORDS = ("ask", "count", "which", "highest", "void", "hold", "say", "answer", "nothing", "command",
                     "high", "low", "any", "close", "vole", "continue", "stop", "remark", "captain", "cut", "abandon")
NOTATION_EXAMPLES = (("{ask} 2 {count} {H}", "help.n.ask"), ("{say} {count} {H} 2", "help.n.say"),
                     ("{command} {high} {H}", "help.n.command"), ("{close}", "help.n.close"),
                     ("{vole} {continue}", "help.n.vole"), ('{remark} "…"', "help.n.remark"),
                     ("{captain} 3", "help.n.captain"), ("{cut} 10", "help.n.cut"), ("{abandon}", "help.n.abandon"))
RESULT_KEYS = {"three": "res.three", "four": "res.three", "vole": "res.vole", "vole_failed": "res.vole_failed",
               "null": "res.null", "revoke": "res.revoke", "redeal": "res.redeal"}


def trump_of(obs: SizetteObservation | None) -> int | None:
    return int(obs.trump) if obs is not None and obs.trump is not None else None


def event_type(action: Said) -> str:
    """The type of a talk entry's table event: ``nocard``, ``claim_rejected``, ``penalty``…"""
    if isinstance(action, TableEvent):
        return action.type
    if isinstance(action, Penalty):
        return "penalty"
    return type(action).__name__.lower()


def trick_leader(k: int, first_hand: int, tricks: Sequence[TrickRecord]) -> int | None:
    """Who leads trick ``k`` (1-based): the first hand, then the winner of trick ``k - 1``."""
    if k == 1:
        return first_hand if first_hand >= 0 else None
    if 0 <= k - 2 < len(tricks):
        winner = tricks[k - 2][2]
        return int(winner) if winner >= 0 else None
    return None


def menu_kind(action: Action) -> str:
    """What sort of move an action is, for menu titles and help: ``card``, ``command``, ``say``…"""
    if isinstance(action, Card):
        return "card"
    if isinstance(action, ChooseDealer):
        return "dealer"
    return type(action).__name__.lower()


class SizetteRenderer(Renderer[SizetteObservation, HandResult]):
    """Sizette and Quadrette for one viewer: the game's screen, talk, levées, results and help."""

    catalog: ClassVar[Catalog] = WORDS
    next_side: ClassVar[str | None] = "right"  # play goes counter-clockwise: the next player is on the right
    trump_mark: ClassVar[dict[str, str]] = {"en": "atout", "fr": "atout"}

    def __init__(self, game: Game, lang: str, viewer: int | None, notation: Callable[[Action], str] | None = None):
        if not isinstance(game, SizetteGame):
            raise TypeError(f"the Sizette renderer draws Sizette and Quadrette, not {game.name}")
        super().__init__(game, lang, viewer, notation)
        self.sz: SizetteGame = game
        self.words = words_for(lang)

    def order(self) -> RankOrder | None:
        return self.sz.order

    def target(self) -> int:
        return int(self.sz.options["target_points"])

    def my_side(self) -> int | None:
        return self.sides.of(self.viewer) if self.viewer is not None else None

    # ------------------------------------------------------------ talk in words

    def talk_line(self, seat: int, action: Said, trump: int | None = None, leader: int | None = None) -> str:
        """One talk entry in words, e.g. ``Seat 2 asks seat 4: how many trumps?``.

        ``action`` is a question, a statement, a command, a remark, or a table event (the
        leader cannot obey the command, a rejected claim, a penalty); ``leader`` is the seat
        commanded, when known.
        """
        names, lang = self.names, self.lang
        said = talk_words(seat, action, lang, names, trump, leader)
        if said is not None:
            return said
        kind = event_type(action)
        if kind == "nocard":
            return self.t("talk.nocard", who=names.Name(seat))
        if kind == "claim_rejected":
            return self.t("talk.claim_rejected", who=names.Name(seat))
        if isinstance(action, Penalty):
            return self.t("talk.penalty", who=names.the(seat), kind=action.fault)
        text = action.text(lang) if isinstance(action, TableEvent) else self.notation(action)
        return self.t("talk.event", who=names.Name(seat), text=text)

    def talk_leader(self, obs: SizetteObservation, entry: TalkEntry) -> int | None:
        if event_type(entry[2]) == "nocard":
            return None
        return trick_leader(entry[1], obs.first_hand, obs.tricks)

    # ------------------------------------------------------------ the screen

    def trick_pairs(self, obs: SizetteObservation) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as ``(seat, card)`` pairs."""
        trick = tuple(obs.trick or ())
        if trick and not isinstance(trick[0], tuple):
            n = self.sides.num_seats
            return tuple(((obs.leader + i) % n, card) for i, card in enumerate(trick))
        return trick

    def record_text(self, leader: int, cards: Sequence[int]) -> str:
        n = self.sides.num_seats
        return self.trick_text([((leader + i) % n, c) for i, c in enumerate(cards)])

    def suit_text(self, suit: int | None) -> str:
        return f"{SUIT_SYMBOLS[suit]} {suit_display(suit, self.lang)}" if suit is not None else "?"

    def screen(self, obs: SizetteObservation) -> str:
        """The screen for the seat of ``obs``: score, capitaines, atout, levées, talk, the hand."""
        names, lang = self.names, self.lang
        trump = trump_of(obs)
        score = self.score(obs.scores)
        if obs.dealer >= 0 and obs.hand_number > 0:
            head = self.t("screen.header", game=self.title(), hand=obs.hand_number, dealer=names.name(obs.dealer),
                          score=score, target=obs.target)
        else:
            head = self.t("screen.header_nohand", game=self.title(), score=score, target=obs.target)
        lines = ["── " + head + " ──"]
        if obs.seat is not None:
            lines.append(self.t("screen.you_are", seat=obs.seat, side=self.side_words(obs.seat)))
        if min(obs.captains) >= 0:
            sep = " ; " if lang == "fr" else "; "
            lines.append(self.t("screen.captains", list=sep.join(
                self.t("screen.captain_of", t=self.sides.name(side), who=names.name(captain))
                for side, captain in enumerate(obs.captains))))
        in_hand = obs.phase in ("play", "vole") or (obs.phase == "over" and obs.turned is not None)
        if obs.turned is not None and in_hand:
            card = self.card(obs.turned)
            if obs.turned_in_hand_of is not None:
                lines.append(self.t("screen.trump_dealer", suit=self.suit_text(trump), card=card,
                                    who=names.name(obs.turned_in_hand_of)))
            elif self.sz.talon_size:
                lines.append(self.t("screen.trump_talon", suit=self.suit_text(trump), card=card))
            else:
                lines.append(self.t("screen.trump_played", suit=self.suit_text(trump), card=card))
        if in_hand:
            lines.extend(self.trick_lines(obs))
        if obs.talk and in_hand:
            lines.append(self.t("screen.talk"))
            for entry in obs.talk:
                lines.append("  " + self.t("talk.trick_tag", k=entry[1])
                             + self.talk_line(entry[0], entry[2], trump, self.talk_leader(obs, entry)))
        if obs.phase == "play" and obs.window is not None and obs.window_team is not None:
            lines.append(self.t("screen.window", w=obs.window, t=names.team(obs.window_team)))
            if obs.pending_question is not None:
                asker, target, question = obs.pending_question
                lines.append(self.t("screen.pending", asker=names.Name(asker), target=names.to(target),
                                    question=render_question(question, lang, trump)))
        if obs.phase == "play" and obs.command is not None and not obs.trick:
            lines.append(self.t("screen.command", spec=render_command(obs.command, lang, trump)))
        if obs.hand:
            lines.append(f"{self.t('screen.hand')} {self.hand_text(obs.hand, trump)}")
        waiting = self.to_move_line(obs)
        if waiting:
            lines.append(waiting)
        return "\n".join(lines)

    def trick_lines(self, obs: SizetteObservation) -> list[str]:
        """Levées won, the vole, the last levée (while the table lets it be seen), the levée now."""
        names = self.names
        lines = [self.t("screen.tricks_won", score=self.score(obs.tricks_won))]
        if obs.vole_team is not None:
            lines.append(self.t("screen.vole_on", team=self.t("Team", t=names.team(obs.vole_team))))
        k = len(obs.tricks) + 1
        trick = self.trick_pairs(obs)
        if obs.last_trick is not None and not trick:
            leader, cards, winner = obs.last_trick
            lines.append(self.t("screen.last_trick", k=len(obs.tricks), cards=self.record_text(leader, cards),
                                winner=names.name(winner)))
        if obs.phase == "play":
            if trick:
                lines.append(self.t("screen.trick", k=k, cards=self.trick_text(trick)))
            else:
                lines.append(self.t("screen.trick_empty", k=k, leader=names.the(obs.leader)))
        return lines

    def to_move_line(self, obs: SizetteObservation) -> str:
        if obs.to_move == TERMINAL:
            return self.t("screen.over")
        return super().to_move_line(obs)

    # ------------------------------------------------------------ events

    def event_lines(self, seat: int, action: Action, before: SizetteObservation | None, after: SizetteObservation,
                    results: Sequence[HandResult] = (),
                    full: bool = False) -> list[str]:
        lines = self.action_lines(seat, action, before, after, full)
        trump = trump_of(after)
        if before is not None:
            same_hand = after.hand_number == before.hand_number and not results
            if same_hand and len(after.talk) > len(before.talk):
                for entry in after.talk[len(before.talk):]:
                    leader = None if event_type(entry[2]) == "nocard" else after.leader
                    lines.append(self.talk_line(entry[0], entry[2], trump, leader))
            lines.extend(self.finished_tricks(after, results, len(before.tricks) if same_hand or results else 0))
        for result in results:
            lines.extend(self.result_lines(result))
        if (after.phase == "play" and after.window in TALK_WINDOWS and after.window_team is not None
                and (before is None or (after.window, after.window_team) != (before.window, before.window_team))):
            side = after.window_team
            lines.append(self.t("ev.window", t=self.names.team(side), w=after.window,
                                who=self.names.name(after.captains[side])))
        return lines

    def finished_tricks(self, after: SizetteObservation, results: Sequence[HandResult], n_done: int) -> list[str]:
        """The levées completed by the last action (the coup may have ended with it)."""
        if results:
            plays = [p for p in results[0].plays if p[2] >= 0]
        else:
            plays = list(after.tricks)
        lines = []
        n = self.sides.num_seats
        for k in range(n_done, len(plays)):
            leader, cards, winner = plays[k]
            won = [0] * len(self.sides)
            for p in plays[: k + 1]:
                won[self.sides.of(p[2])] += 1
            lines.append(self.t("ev.trick", k=k + 1, who=self.names.the(winner),
                                card=self.card(cards[(winner - leader) % n]), score=self.score(won)))
        return lines

    def action_lines(self, seat: int, action: Action, before: SizetteObservation | None, after: SizetteObservation,
                     full: bool = False) -> list[str]:
        names = self.names
        if isinstance(action, Draw):
            lines = [self.t("ev.draw", cards=", ".join(f"{names.name(s)} {self.card(c)}" for s, c in action.cards))]
            if after.phase == "draw":
                lines.append(self.t("ev.draw_tie"))
            elif after.phase != "choose_dealer" and after.dealer >= 0:
                lines.append(self.t("ev.first_dealer", who=names.Name(after.dealer)))
            return lines
        if isinstance(action, Deal):
            return self.deal_lines(action, after, full)
        line = self.describe(seat, action)
        return [line] if line else []

    def deal_lines(self, deal: Deal, after: SizetteObservation, full: bool) -> list[str]:
        where = self.t("ev.deal_talon" if self.sz.talon_size else "ev.deal_dealer")
        turned = deal.turned[0] if deal.turned else None
        head = self.t("ev.deal", hand=after.hand_number, dealer=self.names.the(after.dealer),
                      suit=self.suit_text(turned.suit if turned is not None else None),
                      card=self.card(turned) if turned is not None else "?", where=where)
        return ["", head, *self.dealt_hands(deal, full)]

    def describe(self, seat: int, action: Action) -> str | None:
        """A one-line account of a step that is not talk (talk is told from the talk entries)."""
        names, sides = self.names, self.sides
        if isinstance(action, Card):
            return self.t("ev.play", who=names.Name(seat), card=self.card(action))
        said = step_words(seat, action, self.lang, names, lambda s: names.team(sides.of(s)))
        if said is not None:
            return said
        if isinstance(action, (Ask, Say, Answer, Command, Remark)):
            return None
        return self.t("ev.other", who=names.Name(seat) if seat >= 0 else "—", action=self.notation(action))

    def result_lines(self, result: HandResult) -> list[str]:
        """The lines announcing a finished coup."""
        points, tricks = result.points, result.tricks
        side = max(range(len(points)), key=lambda i: points[i])
        other = 1 - side if len(tricks) == 2 else side
        kw: dict[str, object] = {"hand": result.number, "t": self.sides.name(side), "tricks": tricks[side],
                              "other": tricks[other], "points": self.points(points)}
        key = RESULT_KEYS.get(str(result.reason), "res.redeal")
        if key == "res.null":
            kw["tricks"], kw["other"] = tricks[0], tricks[1]
        return [self.t(key, **kw), self.t("res.scores", score=self.score(result.scores), target=self.target())]

    # ------------------------------------------------------------ the viewer's choices

    def setup_line(self, bots: str, seed: str) -> str:
        return self.t("play.setup", target=self.target(), bots=bots, seed=seed)

    def menu_title(self, obs: SizetteObservation, menu: Sequence[Action]) -> str:
        """What the numbered list is for: play a card, command the lead, answer a question…"""
        kinds = {menu_kind(m) for m in menu}
        if len(kinds) != 1:
            return self.t("play.moves_title")
        kind = kinds.pop()
        if kind == "command":
            return self.t("menu.command", who=self.names.to(obs.leader))
        if kind == "answer":
            pending = obs.pending_question
            return self.t("menu.say", who=self.names.to(pending[0]) if pending is not None else "")
        if kind in ("card", "close", "vole", "captain", "cut", "dealer"):
            return self.t("menu." + kind)
        return self.t("play.moves_title")

    def action_label(self, action: Action, obs: SizetteObservation | None) -> str:
        """A short label for a move: ``K♥``, ``high ♠``, ``two trumps``, ``vole stop…``."""
        names, lang, trump = self.names, self.lang, trump_of(obs)
        if isinstance(action, Card):
            return self.card(action)
        if isinstance(action, Command):
            spec = action.spec
            if spec.selector == "card":
                assert spec.card is not None
                return self.card(spec.card)
            if spec.suit is None:
                return self.t("m.free")
            label = self.t({"high": "m.high", "low": "m.low", "any": "m.any_suit"}[spec.selector],
                           suit=SUIT_SYMBOLS[spec.suit])
            return label + (" (atout)" if spec.suit == trump else "")
        if isinstance(action, (Say, Answer)):
            return render_statement(action.statement, lang, trump)
        if isinstance(action, Ask):
            return f"{names.to(action.target)}: {render_question(action.question, lang, trump)}"
        if isinstance(action, Close):
            return self.t("m.close")
        if isinstance(action, Vole):
            return self.t("m.vole_go" if action.go_on else "m.vole_stop")
        if isinstance(action, Captain):
            return self.t("m.captain", notation=self.notation(action), who=names.name(action.seat))
        if isinstance(action, ChooseDealer):
            return self.t("m.dealer", notation=self.notation(action), who=names.name(action.seat))
        if isinstance(action, Cut):
            return str(action.position)
        return self.notation(action)

    def is_cut_menu(self, menu: Sequence[Action]) -> TypeGuard[Sequence[Cut]]:
        return bool(menu) and all(isinstance(m, Cut) for m in menu)

    def menu_text(self, obs: SizetteObservation | None, menu: Sequence[Action], width: int = 78) -> str:
        if self.is_cut_menu(menu):
            return "  " + self.t("play.cut_range", lo=menu[0].position, hi=menu[-1].position)
        return super().menu_text(obs, menu, width)

    def menu_range(self, menu: Sequence[Action]) -> str:
        if self.is_cut_menu(menu):
            return f"{menu[0].position}–{menu[-1].position}"
        return super().menu_range(menu)

    def pick(self, number: int, menu: Sequence[Action]) -> Action | None:
        if self.is_cut_menu(menu):
            return next((m for m in menu if m.position == number), None)
        return super().pick(number, menu)

    def may_remark(self, obs: SizetteObservation, legal: Sequence[Action]) -> bool:
        """Whether a free remark is open to the viewer now: the engine lists ``Remark("")`` for it
        (the text is free, so the remark itself cannot be listed)."""
        return any(isinstance(a, Remark) for a in legal)

    def occasion(self, obs: SizetteObservation, legal: Sequence[Action]) -> Hashable | None:
        """Once before each new coup (change of capitaine, abandon), and once per speech window
        of the viewer's team (questions if he is capitaine, statements, remarks)."""
        if obs.to_move == self.viewer or obs.to_move < 0:
            return None
        if obs.phase == "cut" and obs.hand_number >= 2:
            return ("hand", obs.hand_number)
        if (obs.phase == "play" and obs.window in TALK_WINDOWS and obs.window_team == self.my_side()
                and obs.pending_question is None
                and (any(a.kind is ActionKind.TALK for a in legal) or self.may_remark(obs, legal))):
            return ("talk", obs.hand_number, obs.window)
        return None

    def optional_prompt(self, obs: SizetteObservation, legal: Sequence[Action]) -> str:
        w = self.words.word
        if obs.phase == "cut":
            return self.t("play.prompt_new_hand", hand=obs.hand_number, captain=w("captain"), abandon=w("abandon"))
        asks = any(isinstance(a, Ask) for a in legal)
        return self.t("play.prompt_talk", say=w("say"), remark=w("remark"), ask=f", {w('ask')} …" if asks else "")

    def extra_lines(self, obs: SizetteObservation, legal: Sequence[Action], full: bool = False) -> list[str]:
        """The speech open to the viewer: questions, statements (all of them when ``full``), remarks."""
        asks = [a for a in legal if isinstance(a, Ask)]
        says = [a for a in legal if isinstance(a, Say) and a.kind is ActionKind.TALK]
        remark = self.may_remark(obs, legal)
        if not (asks or says or remark):
            return []
        lines = [self.t("play.talk_title")]
        if asks:
            lines.append("  " + self.t("play.talk_ask", n=len(asks), ex=self.notation(asks[0])))
        if says:
            lines.append("  " + self.t("play.talk_say", n=len(says), ex="" if full else self.notation(says[0])))
            if full:
                trump = trump_of(obs)
                lines.extend(f"    {self.notation(a)}  — {render_statement(a.statement, self.lang, trump)}"
                             for a in says)
        if remark:
            lines.append("  " + self.t("play.talk_remark", remark=self.words.word("remark")))
        return lines

    def notation_help(self) -> list[str]:
        """The notation of Sizette, one example a line, in the page language's keywords."""
        w = self.words
        fields = {k: w.word(k) for k in NOTATION_KEYWORDS}
        fields["H"] = w.suit(Suit.HEARTS)
        examples = [(example.format(**fields), key) for example, key in NOTATION_EXAMPLES]
        width = max(len(example) for example, _ in examples) + 2
        lines = [f"  {example.ljust(width)} {self.t(key, **fields)}" for example, key in examples]
        lines.append(self.t("help.n.suits", suits=" ".join(w.suit(s) for s in Suit)))
        return lines

    def now_lines(self, obs: SizetteObservation, legal: Sequence[Action]) -> list[str]:
        lines = []
        moves = [a for a in legal if a.kind is ActionKind.MOVE] if obs.to_move == self.viewer else []
        if moves:
            kinds = sorted({menu_kind(m) for m in moves})
            lines.append(self.t("help.now_moves", n=len(moves), kinds=", ".join(self.t("kind." + k) for k in kinds)))
        talk = [a for a in legal if a.kind is ActionKind.TALK and not isinstance(a, Remark)]
        talk_kinds = sorted({"ask" if isinstance(a, Ask) else "statement" for a in talk})
        if talk_kinds:
            lines.append(self.t("help.now_talk", kinds=", ".join(self.t("kind." + k) for k in talk_kinds)))
        if self.may_remark(obs, legal):
            lines.append(self.t("help.now_remark"))
        others = [a for a in legal if a.kind in (ActionKind.TABLE, ActionKind.CLAIM)]
        if others:
            lines.append(self.t("help.now_table", examples=", ".join(self.notation(a) for a in others[:EXAMPLES])))
        if not moves and not talk_kinds and not self.may_remark(obs, legal):
            lines.append(self.t("help.now_wait"))
        return lines


RENDERER = SizetteRenderer

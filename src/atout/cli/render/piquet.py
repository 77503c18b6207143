"""Piquet in the terminal for one viewer: his role (elder or younger), the partie, the talon and
his écart, the declaration dialogue as it was spoken, the deal's running score by category, the
tricks; menus for the exchange and the dialogue; the results with la marque.

Named by the game class (``renderer_module``) of ``piquet``.

>>> from atout.games import make_game
>>> from atout.games.piquet.actions import Declare
>>> r = RENDERER(make_game("piquet"), "en", viewer=0)
>>> r.action_label(Declare(1, 5), None)
'quint (quinte, 15)'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from atout.actions import Action, Hidden
from atout.cards import Card
from atout.chance import Deal
from atout.cli.i18n import CORE, Catalog
from atout.cli.render.base import Renderer
from atout.cli.render.cards import cards_text
from atout.game import Outcome
from atout.games.piquet.actions import (
    Also,
    Answer,
    AskShow,
    CarteBlanche,
    Cut,
    Declare,
    Discard,
    NameSuit,
    Show,
    Take,
    Tell,
)
from atout.games.piquet.declarations import class_points
from atout.games.piquet.observation import PiquetObservation
from atout.games.piquet.pic import CATEGORIES
from atout.games.piquet.results import DealResult
from atout.games.piquet.vocabulary import SEQUENCE_NAMES, SET_NAMES, SUIT_WORDS
from atout.games.piquet.words import MESSAGES, phrase
from atout.log import LogEntry
from atout.packs import PIQUET_ORDER, RankOrder

WORDS = Catalog(MESSAGES, parent=CORE)
"""Piquet's phrase book (``atout.games.piquet.words``) over the terminal's words."""


class PiquetRenderer(Renderer[PiquetObservation, DealResult]):
    """Piquet for one viewer."""

    catalog: ClassVar[Catalog] = WORDS

    def order(self) -> RankOrder | None:
        return PIQUET_ORDER

    def role(self, obs: PiquetObservation, seat: int) -> str:
        return self.t("role.elder" if seat == obs.elder else "role.younger")

    # ------------------------------------------------------------ the screen

    def screen(self, obs: PiquetObservation) -> str:
        lines = ["── " + self.t("screen.header", game=self.title(), score=self.score(obs.scores)) + " ──"]
        if obs.seat is not None and obs.elder >= 0:
            lines.append(self.t("screen.role", seat=obs.seat, role=self.role(obs, obs.seat)))
        lines.append(self.partie_line(obs))
        if obs.talon_size:
            lines.append(self.t("screen.talon_one") if obs.talon_size == 1 else self.t("screen.talon", n=obs.talon_size))
        if obs.discard:
            lines.append(self.t("screen.discard", cards=self.hand_text(obs.discard)))
        if obs.known_cards:
            lines.append(self.t("screen.known", cards=self.hand_text(obs.known_cards)))
        if obs.left_cards:
            lines.append(self.t("screen.left", cards=self.hand_text(obs.left_cards)))
        if obs.carte_blanche >= 0 and obs.carte_blanche_cards:
            lines.append(self.t("screen.blanche", who=self.names.name(obs.carte_blanche),
                                cards=self.hand_text(obs.carte_blanche_cards)))
        for seat, shown in enumerate(obs.shown):
            if shown:
                lines.append(self.t("screen.shown", who=self.names.Name(seat), cards=self.hand_text(shown)))
        dialogue = self.dialogue_lines(obs)
        if dialogue:
            lines.append(self.t("screen.dialogue"))
            lines.extend(dialogue)
        if any(obs.hand_scores) or obs.phase in ("play", "younger_declares"):
            lines.append(self.deal_score(obs))
        if obs.tricks:
            t = obs.tricks[-1]
            lines.append(self.t("screen.last_trick", cards=self.trick_text(((t[0], t[1]), (_other(t[0]), t[2])))))
            if obs.seat is not None:
                mine = obs.tricks_won[obs.seat]
                lines.append(self.t("screen.tricks_won", mine=mine, theirs=sum(obs.tricks_won) - mine))
        if obs.trick:
            lines.append(self.t("screen.trick", cards=self.trick_text(obs.trick)))
        if obs.hand:
            lines.append(f"{self.t('screen.hand')} {self.hand_text(obs.hand)}")
        waiting = self.to_move_line(obs)
        if waiting:
            lines.append(waiting)
        return "\n".join(lines)

    def partie_line(self, obs: PiquetObservation) -> str:
        options = self.game.options
        deal = max(obs.partie_deal, 1)
        if options["partie"] == "points":
            manches = self.t("screen.manches", a=obs.manches[0], b=obs.manches[1]) if options["liee"] else ""
            return self.t("screen.partie_points", target=options["target"], deal=deal, manches=manches,
                          kind=self.t("screen.liee" if options["liee"] else "screen.seche"))
        deals = 4 if options["partie"] == "rubicon4" else 6
        doubling = options["double_first_last"]
        doubled = deal in (1, deals) and (doubling == "always" or (doubling == "auto" and deals == 4))
        return self.t("screen.partie_rubicon", deal=deal, deals=deals,
                      doubled=self.t("screen.doubled") if doubled else "")

    def dialogue_lines(self, obs: PiquetObservation) -> list[str]:
        lines = []
        elder = obs.elder
        younger = _other(elder)
        for entry in obs.dialogue:
            if entry.stated < 0:
                break
            said = [self.say_of(elder, Declare(entry.cls, entry.stated))]
            if entry.answers:
                said.append(self.say_of(younger, Answer(entry.answers[0])))
            if entry.told >= 0:
                said.append(self.say_of(elder, Tell(entry.cls, entry.told)))
            if len(entry.answers) > 1:
                said.append(self.say_of(younger, Answer(entry.answers[1])))
            if entry.younger_declared >= 0:
                said.append(self.say_of(younger, Declare(entry.cls, entry.younger_declared)))
            if entry.extras is not None:
                said.append(self.say_of(entry.winner, Also(entry.cls, entry.extras)))
            pending = entry.younger_declared < 0 and (entry.stated == 0 or entry.answers[-1:] == ("not_good",))
            nobody = (entry.stated == 0 and entry.younger_declared == 0) or entry.answers[1:] == ("equal",)
            if entry.winner >= 0:
                result = self.t("dlg.scores", who=self.names.name(entry.winner), points=entry.points)
            elif pending:
                result = self.t("dlg.pending", who=self.names.name(younger))
            else:
                result = self.t("dlg.nobody") if nobody else ""
            lines.append(self.t("dlg.line", cls=self.t(f"cls.{entry.cls}"), said=" — ".join(said), result=result))
        return lines

    def say_of(self, seat: int, action: Action) -> str:
        return f"{self.names.name(seat)} «{self.notation(action)}»"

    def deal_score(self, obs: PiquetObservation) -> str:
        parts = []
        for seat in (0, 1):
            cats = ", ".join(f"{self.t('cat.' + name)} {points}" for name, points in
                             zip(CATEGORIES, obs.categories[seat], strict=True) if points)
            parts.append(self.t("screen.cats", who=self.names.name(seat), total=obs.hand_scores[seat], cats=cats))
        return self.t("screen.deal_score", a=parts[0], b=parts[1])

    # ------------------------------------------------------------ events

    def action_lines(self, seat: int, action: Action, before: PiquetObservation | None, after: PiquetObservation,
                     full: bool = False) -> list[str]:
        who = self.names.Name(seat) if seat >= 0 else ""
        if isinstance(action, Hidden):
            return [self.t("ev.discard", who=who)]
        if isinstance(action, Discard):
            if seat == self.viewer:
                return [self.t("ev.discard_own", card=self.card(action.card))]
            return [self.t("ev.discard", who=who)]
        if isinstance(action, Take):
            n = after.discard_sizes[seat] if after is not None else 0
            see = self.t(f"ev.take_{action.see}") if action.see else ""
            return [self.t("ev.take", who=who, n=n, see=see)]
        if isinstance(action, CarteBlanche):
            count = self.t("ev.blanche_count", n=action.count) if action.count else ""
            return [self.t("ev.blanche", who=who, count=count)]
        if isinstance(action, AskShow):
            return [self.t("ev.ask_show", who=who)]
        if isinstance(action, Show):
            return [self.t("ev.show", who=who, cards=self.hand_text(action.cards))]
        if isinstance(action, NameSuit):
            return [self.t("ev.name", who=who, suit=SUIT_WORDS[self.lang][action.suit])]
        if isinstance(action, Cut):
            return [self.t("ev.cut", who=who, n=action.position)]
        if isinstance(action, (Declare, Tell, Answer, Also)):   # the game's phrase book, as the server's log
            said = phrase(LogEntry(0, seat, action), self.lang, self.names)
            return [said if said is not None else self.t("ev.says", who=who, text=self.label(action))]
        return super().action_lines(seat, action, before, after, full)

    def deal_lines(self, deal: Deal, after: PiquetObservation, full: bool) -> list[str]:
        return [self.t("ev.deal_piquet"), *self.dealt_hands(deal, full)]

    def result_lines(self, result: DealResult) -> list[str]:
        if result.reason == "manche":
            winner = 0 if result.points[0] < result.points[1] else 1
            return [self.t("res.manche", who=self.names.Name(winner)), self.t("res.score", score=self.score(result.scores))]
        details = []
        for seat in (0, 1):
            cats = ", ".join(f"{self.t('cat.' + name)} {points}" for name, points in
                             zip(CATEGORIES, result.categories[seat], strict=True) if points)
            colon = " : " if self.lang == "fr" else ": "
            details.append(f"{self.names.name(seat)}{colon}{cats or '0'}")
        times = self.t("res.times", n=result.multiplier) if result.multiplier > 1 else ""
        return [self.t("res.deal", hand=result.number, points=self.points(result.points), times=times,
                       details="; ".join(details)),
                self.t("res.score", score=self.score(result.scores))]

    def end_lines(self, outcome: Outcome | None, scores: Sequence[int]) -> list[str]:
        lines = super().end_lines(outcome, scores)
        if outcome is None:
            return lines
        if not outcome.winners:
            return [*lines, self.t("res.drawn")]
        return [*lines, *self.marque_lines(outcome)]

    def marque_lines(self, outcome: Outcome) -> list[str]:
        """What the partie is worth (the outcome's marque): who is rubiconed and by how much, what
        the winner gains and how it is counted."""
        marque = dict(outcome.marque)
        if "gains" not in marque:
            return []
        winner = outcome.winners[0]
        loser = _other(winner)
        w, lo = outcome.scores[winner], outcome.scores[loser]
        lines = []
        short = marque.get("rubiconed_by", 0)
        if short:
            lines.append(self.t("res.rubicon", who=self.names.Name(loser), score=lo, n=short))
        if self.game.options["partie"] != "points":
            how = self.t("res.how_rubicon" if short else "res.how_safe", w=w, l=lo)
        elif self.game.options["liee"]:
            how = self.t("res.how_liee")
        else:
            how = self.t("res.how_points", w=w, l=lo)
        lines.append(self.t("res.marque", who=self.names.the(winner), n=marque["gains"], how=how))
        return lines

    # ------------------------------------------------------------ menus

    def label(self, action: Action) -> str:
        """The notation, with the French term and the points of a holding in the English page."""
        text = self.notation(action)
        if isinstance(action, Declare) and action.size and action.cls:
            names = (SEQUENCE_NAMES if action.cls == 1 else SET_NAMES)["fr"]
            points = class_points(action.cls, action.size)
            french = names[action.size]
            if self.lang == "en" and french != text:
                return f"{text} ({french}, {points})"
            return f"{text} ({points})"
        return text

    def action_label(self, action: Action, obs: PiquetObservation | None) -> str:
        if isinstance(action, Card):
            return self.card(action)
        if isinstance(action, Discard):
            return f"{self.notation(action).split()[0]} {self.card(action.card)}"
        if isinstance(action, Show):
            return f"{self.notation(action).split()[0]} {cards_text(tuple(action.cards), self.lang)}"
        return self.label(action)

    def menu_title(self, obs: PiquetObservation, menu: Sequence[Action]) -> str:
        """The menu's title; a menu of one choice says why nothing else is possible (it is played
        only when the player confirms it)."""
        first = menu[0] if menu else None
        if isinstance(first, (Discard, Take, CarteBlanche)):
            title = self.t("menu.exchange")
        elif isinstance(first, (Declare, Tell, Answer, Also)):
            title = self.t("menu.dialogue")
        elif isinstance(first, Cut):
            title = self.t("menu.cut")
        elif isinstance(first, Show):
            title = self.t("menu.show")
        else:
            title = self.t("menu.cards")
        if len(menu) != 1:
            return title
        return self.t("menu.only", title=title.rstrip(":").rstrip(), why=self.t("why." + _why_only(first)))

    def occasion(self, obs: PiquetObservation, legal: Sequence[Action]) -> Hashable | None:
        if obs.to_move == self.viewer or obs.to_move < 0:
            return None
        if any(isinstance(a, AskShow) for a in legal):
            return ("ask_show", obs.hand_number)
        return None

    def notation_help(self) -> list[str]:
        return [self.t("help.piquet")]


def _why_only(action: Action | None) -> str:
    """Why ``action`` is the only move (the key of its reason)."""
    if isinstance(action, Declare):
        return "younger_declare" if action.size else "nothing"
    if isinstance(action, Tell):
        return "tell"
    if isinstance(action, Answer):
        return "good" if action.word == "good" else "other"
    if isinstance(action, Also):
        return "also" if not action.sizes else "other"
    if isinstance(action, Take):
        return "take"
    if isinstance(action, Show):
        return "show"
    if isinstance(action, Card):
        return "card"
    return "other"


def _other(seat: int) -> int:
    return 1 if seat == 0 else 0


RENDERER = PiquetRenderer

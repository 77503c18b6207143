"""The renderer of Bésigue: each player's tabled cards, the turned card, the talon, the brisques
taken, the live scores, and the declarations in words with their values, in French and English.

Registered in :data:`atout.cli.render.RENDERERS` for ``besigue``. Everything it tells comes from
the viewer's observation and the action just played; it never reads another seat's hand.

>>> from atout.cards import CardSet
>>> from atout.games import make_game
>>> from atout.games.besigue.declarations import Declaration
>>> r = BesigueRenderer(make_game("besigue"), "fr", viewer=0)
>>> r.action_label(Declaration("trump-marriage", CardSet.parse("KS QS"), 40), None)
"mariage d'atout R♠ D♠ : 40"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from atout.cards import Card
from atout.cli.i18n import suit_display
from atout.cli.render.base import Renderer
from atout.cli.render.cards import cards_text
from atout.game import CHANCE
from atout.games.besigue.actions import Cut, Exchange, Pass
from atout.games.besigue.declarations import LONG_NAMES, Declaration
from atout.games.besigue.words import phrase
from atout.log import LogEntry
from atout.packs import BESIGUE_ORDER, RankOrder

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "marque": "Scores now: {marque} (target {target}; score sheet {sheet}).",
        "retourne": "Turned card: {card} at the bottom of the talon.",
        "retourne_drawn": "Turned card {card}, drawn by {who}.",
        "talon": "Talon: {count} cards.", "no_trump": "Trump: none yet (the first marriage sets it).",
        "tabled": "  {who} has on the table: {cards}", "brisques": "Brisques taken: {counts}.",
        "label_exchange": "exchange {card} for the turned card", "label_pass": "pass (draw)",
        "menu_declare": "Declare (one per trick won), or pass:", "last": "Last tricks: follow, beat, trump.",
        "match": "Match: games {wins}, hundreds given {hundreds}.",
        "reason.hand": "hand played out", "reason.target": "target reached", "reason.new_game": "next game",
        "help": "  Declarations are chosen by number; in notation: marriage KH QH 20, kings KS KH KD JK1 80, "
                "besigue QS JD 40, exchange 7H, pass, cut 40.",
    },
    "fr": {
        "marque": "Marques : {marque} (but {target} ; feuille {sheet}).",
        "retourne": "Retourne : {card} sous le talon.",
        "retourne_drawn": "Retourne {card}, piochée par {who}.",
        "talon": "Talon : {count} cartes.", "no_trump": "Atout : pas encore (le premier mariage le fixe).",
        "tabled": "  {who} a étalé : {cards}", "brisques": "Brisques ramassées : {counts}.",
        "label_exchange": "échanger {card} contre la retourne", "label_pass": "passer (piocher)",
        "menu_declare": "Annoncez (une par pli gagné), ou passez :", "last": "Dernières levées : fournir, monter, couper.",
        "match": "Match : parties {wins}, cents donnés {hundreds}.",
        "reason.hand": "coup joué", "reason.target": "but atteint", "reason.new_game": "partie suivante",
        "help": "  Les annonces se choisissent par leur numéro ; en notation : mariage RC DC 20, "
                "carré-rois RP RC RK JO1 80, bésigue DP VK 40, échange 7C, passe, coupe 40.",
    },
}


class BesigueRenderer(Renderer):
    """Bésigue in the terminal (see the module doc)."""

    next_side: ClassVar[str | None] = "right"

    def w(self, key: str, **kw: Any) -> str:
        return WORDS[self.lang][key].format(**kw)

    def order(self) -> RankOrder | None:
        return BESIGUE_ORDER

    def cards(self, cards: Any) -> str:
        return cards_text(list(BESIGUE_ORDER.sorted(cards)), self.lang) if cards else "—"

    def screen(self, obs: Any) -> str:
        lines = ["── " + self.t("screen.header", game=self.title(), score=self.score(obs.marque)) + " ──"]
        if obs.seat is not None:
            lines.append(self.t("screen.you_are", seat=obs.seat, side=self.side_words(obs.seat)))
        lines.append(self.w("marque", marque=self.score(obs.marque), target=obs.target, sheet=self.score(obs.scores)))
        if obs.trump is not None:
            lines.append(self.t("screen.trump", suit=f"{obs.trump.symbol} {suit_display(obs.trump, self.lang)}"))
        elif obs.hand_number:
            lines.append(self.w("no_trump"))
        if obs.retourne is not None:
            if obs.retourne_holder < 0:
                lines.append(self.w("retourne", card=self.card(obs.retourne)))
            else:
                lines.append(self.w("retourne_drawn", card=self.card(obs.retourne),
                                    who=self.names.name(obs.retourne_holder)))
        if obs.hand_number:
            lines.append(self.w("talon", count=obs.talon) if obs.talon else self.w("last"))
            lines.append(self.w("brisques", counts=self.score(obs.brisques)))
            for seat, cards in enumerate(obs.tabled):
                if cards:
                    lines.append(self.w("tabled", who=self.names.Name(seat), cards=self.cards(cards)))
        if len(obs.wins) == 2 and (any(obs.wins) or any(obs.hundreds)):
            lines.append(self.w("match", wins=self.score(obs.wins), hundreds=self.score(obs.hundreds)))
        if obs.trick:
            lines.append(self.t("screen.trick", cards=self.trick_text(obs.trick)))
        if obs.hand:
            lines.append(f"{self.t('screen.hand')} {self.hand_text(obs.hand, obs.trump)}")
        waiting = self.to_move_line(obs)
        if waiting:
            lines.append(waiting)
        return "\n".join(lines)

    def declaration_text(self, decl: Declaration) -> str:
        return f"{LONG_NAMES[self.lang][decl.name]} {self.cards(decl.cards)} : {decl.points}" if self.lang == "fr" \
            else f"{LONG_NAMES[self.lang][decl.name]} {self.cards(decl.cards)}: {decl.points}"

    def action_label(self, action: Any, obs: Any) -> str:
        if isinstance(action, Declaration):
            return self.declaration_text(action)
        if isinstance(action, Exchange):
            return self.w("label_exchange", card=self.card(action.card))
        if isinstance(action, Pass):
            return self.w("label_pass")
        return super().action_label(action, obs)

    def menu_text(self, obs: Any, menu: Sequence[Any], width: int = 78) -> str:
        """The cut is one number among many: its menu is shown as a range."""
        if len(menu) > 12 and all(isinstance(m, Cut) for m in menu):
            return f"   1) {self.notation(menu[0])}  …  {len(menu)}) {self.notation(menu[-1])}"
        return super().menu_text(obs, menu, width)

    def menu_title(self, obs: Any, menu: Sequence[Any]) -> str:
        if obs is not None and obs.phase == "declare":
            return self.w("menu_declare")
        return super().menu_title(obs, menu)

    def action_lines(self, seat: int, action: Any, before: Any, after: Any, full: bool = False) -> list[str]:
        if isinstance(action, Card) or seat == CHANCE:   # the trick's winner: the base's event lines
            return super().action_lines(seat, action, before, after, full)
        said = phrase(LogEntry(0, seat, action), self.lang, self.names, self.sides.seats)   # the game's phrase book
        if said is not None:
            return [said]
        return super().action_lines(seat, action, before, after, full)

    def reason(self, reason: str) -> str:
        return WORDS[self.lang].get(f"reason.{reason}", reason)

    def notation_help(self) -> list[str]:
        return [self.w("help")]


RENDERER = BesigueRenderer

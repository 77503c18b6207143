"""The renderer of Bésigue: each player's tabled cards, the turned card, the talon, the brisques
taken, the live scores, and the declarations in words with their values, in French and English.

Copies are alike to players: no card is shown with its copy number (``K♥``, never ``K♥#2``; a
joker is ``JK``), and what the engine picks for a card typed without one is the player's own copy
(:mod:`atout.games.besigue.reading`). After each action come the events it brought that the viewer
may see: the card he drew, the face-up turned card drawn, the points of a seven of trumps, of the
exchange, of the last trick and of the brisques, each on its own line.

Named by the game class (``renderer_module``) of ``besigue``. Everything it tells comes from
the viewer's observation and the action just played; it never reads another seat's hand.

>>> from atout.cards import CardSet
>>> from atout.games import make_game
>>> from atout.games.besigue.declarations import Declaration
>>> r = BesigueRenderer(make_game("besigue"), "fr", viewer=0)
>>> r.action_label(Declaration("trump-marriage", CardSet.parse("KS#2 QS"), 40), None)
"mariage d'atout R♠ D♠ : 40"
>>> r.hand_text(CardSet.parse("KH KH#3 7S#2 JK4"), 1), r.notation(Declaration("kings", CardSet.parse("KS KH#2 KD JK3"), 80))
('♠ 7   ♥ R R (atout)   JO', 'kings KS KH KD JK 80')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from atout.actions import Action
from atout.cards import BASE_OF, Card
from atout.chance import Deal
from atout.cli.i18n import suit_display
from atout.cli.render.base import Renderer
from atout.cli.render.cards import render_hand
from atout.game import CHANCE
from atout.games.besigue.actions import Cut, Exchange, Pass
from atout.games.besigue.declarations import LONG_NAMES, Declaration
from atout.games.besigue.events import Drew, HandResult, Points
from atout.games.besigue.observation import BesigueObservation
from atout.games.besigue.reading import plain
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
        "on_table": "{card} (on the table)",
        "brisques_hand": "Brisques taken this hand: {counts}.",
        "reason.hand": "hand played out", "reason.target": "target reached", "reason.new_game": "next game",
        "help": "  Declarations are chosen by number; in notation: marriage KH QH 20, kings KS KH KD JK 80, "
                "besigue QS JD 40, exchange 7H, pass, cut 40; a combination's name alone (besigue) names it. "
                "Equal cards are alike: the engine picks your copies.",
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
        "on_table": "{card} (étalée)",
        "brisques_hand": "Brisques ramassées dans ce coup : {counts}.",
        "reason.hand": "coup joué", "reason.target": "but atteint", "reason.new_game": "partie suivante",
        "help": "  Les annonces se choisissent par leur numéro ; en notation : mariage RC DC 20, "
                "carré-rois RP RC RK JO 80, bésigue DP VK 40, échange 7C, passe, coupe 40 ; le nom seul d'une "
                "combinaison (bésigue) la désigne. Les cartes égales se valent : le moteur choisit vos exemplaires.",
    },
}


class BesigueRenderer(Renderer[BesigueObservation, HandResult]):
    """Bésigue in the terminal (see the module doc)."""

    next_side: ClassVar[str | None] = "right"

    def w(self, key: str, **kw: object) -> str:
        return WORDS[self.lang][key].format(**kw)

    def order(self) -> RankOrder | None:
        return BESIGUE_ORDER

    def card(self, card: int) -> str:
        """A card as players see it: no copy number (``K♥``; a joker ``JK`` / ``JO``)."""
        return plain(Card(BASE_OF[card]).pretty(self.lang))

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in BESIGUE_ORDER.sorted(cards)) if cards else "—"

    def hand_text(self, hand: Iterable[int], trump: int | None = None) -> str:
        return plain(render_hand([BASE_OF[c] for c in hand], self.lang, self.order(), trump, self.trump_mark[self.lang]))

    def notation(self, action: Action) -> str:
        """The action in notation, without copy numbers (it reads back: the engine picks the copies)."""
        return plain(super().notation(action))

    def screen(self, obs: BesigueObservation) -> str:
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

    def menu(self, obs: BesigueObservation | None, moves: Sequence[Action]) -> list[Action]:
        """Cards alike are one choice: one copy of each card in the hand, one of each on the table."""
        menu = super().menu(obs, moves)
        tabled = int(obs.tabled[obs.seat]) if obs is not None and obs.seat is not None else 0
        seen: set[tuple[int, bool]] = set()
        out = []
        for m in menu:
            if isinstance(m, Card):
                key = (BASE_OF[m], bool(tabled >> m & 1))
                if key in seen:
                    continue
                seen.add(key)
            out.append(m)
        return out

    def action_label(self, action: Action, obs: BesigueObservation | None) -> str:
        if isinstance(action, Card) and obs is not None and obs.seat is not None and int(obs.tabled[obs.seat]) >> action & 1:
            return self.w("on_table", card=self.card(action))
        if isinstance(action, Declaration):
            return self.declaration_text(action)
        if isinstance(action, Exchange):
            return self.w("label_exchange", card=self.card(action.card))
        if isinstance(action, Pass):
            return self.w("label_pass")
        return super().action_label(action, obs)

    def menu_text(self, obs: BesigueObservation | None, menu: Sequence[Action], width: int = 78) -> str:
        """The cut is one number among many: its menu is shown as a range."""
        if len(menu) > 12 and all(isinstance(m, Cut) for m in menu):
            return f"   1) {self.notation(menu[0])}  …  {len(menu)}) {self.notation(menu[-1])}"
        return super().menu_text(obs, menu, width)

    def menu_title(self, obs: BesigueObservation, menu: Sequence[Action]) -> str:
        if obs is not None and obs.phase == "declare":
            return self.w("menu_declare")
        return super().menu_title(obs, menu)

    def action_lines(self, seat: int, action: Action, before: BesigueObservation | None, after: BesigueObservation,
                     full: bool = False) -> list[str]:
        return self.own_lines(seat, action, before, after, full) + self.news(before, after)

    def own_lines(self, seat: int, action: Action, before: BesigueObservation | None, after: BesigueObservation,
                  full: bool) -> list[str]:
        """The action itself (a trick's winner is told by the base's event lines)."""
        if isinstance(action, Card) or seat == CHANCE:
            return super().action_lines(seat, action, before, after, full)
        said = phrase(LogEntry(0, seat, action), self.lang, self.names, self.sides.seats)   # the game's phrase book
        if said is not None:
            return [said]
        return super().action_lines(seat, action, before, after, full)

    def news(self, before: BesigueObservation | None, after: BesigueObservation) -> list[str]:
        """The events an action brought that the viewer sees: the card he drew (and the face-up
        turned card drawn), and every point scored outside a declaration (a seven of trumps, the
        exchange, the last trick, the brisques)."""
        if before is None or after is None or not hasattr(after, "log"):
            return []
        lines = []
        for entry in after.log.since(len(before.log)):
            item = entry.item
            if (type(item) is Drew and item.card is not None) or type(item) is Points:
                said = phrase(entry, self.lang, self.names, self.sides.seats)
                if said is not None:
                    lines.append(said)
        return lines

    def deal_lines(self, deal: Deal, after: BesigueObservation, full: bool) -> list[str]:
        return [plain(line) for line in super().deal_lines(deal, after, full)]

    def result_lines(self, result: HandResult) -> list[str]:
        """A scored hand, then the brisques each side took in it (their points are told apart,
        with the last trick, as they are counted)."""
        lines = super().result_lines(result)
        if result.reason != "new_game" and any(result.brisques):
            lines.append(self.w("brisques_hand", counts=self.score(result.brisques)))
        return lines

    def reason(self, reason: str) -> str:
        return WORDS[self.lang].get(f"reason.{reason}", reason)

    def notation_help(self) -> list[str]:
        return [self.w("help")]


RENDERER = BesigueRenderer

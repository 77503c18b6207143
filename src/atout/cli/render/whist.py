"""The renderer of Whist and Whist with a mort: the rubber's score sheet as a whist player writes
it (the games — *manches* — with their values, the *belle*, the rubber — *robre* — and its points,
the settlement per player), the turned card, the mort's hand face up, the tricks (*levées*),
honours (*honneurs*) shown or called at eight, in French and English.

Registered in :data:`atout.cli.render.RENDERERS` for ``whist`` and ``mort``. It tells only what
the viewer's observation, the public results and the action just played show.

>>> from atout.games import make_game
>>> r = WhistRenderer(make_game("whist"), "fr", viewer=0)
>>> r.partnership_name(((0, 2), (1, 3)), 1)
'B (joueurs 1 et 3)'
>>> r.game_name(3)
'la belle'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from atout.cards import Card, CardSet
from atout.chance import Deal
from atout.cli.i18n import CORE, Catalog, suit_display
from atout.cli.render.base import Renderer
from atout.game import Outcome
from atout.games.whist.words import MESSAGES, phrase
from atout.log import LogEntry
from atout.packs import WHIST_ORDER, RankOrder

MORT = 3

WORDS = Catalog(MESSAGES, parent=CORE)
"""Whist's phrase book (``atout.games.whist.words``) over the terminal's words."""


class WhistRenderer(Renderer):
    """Whist and the mort for one viewer."""

    catalog: ClassVar[Catalog] = WORDS
    next_side: ClassVar[str | None] = "left"

    def order(self) -> RankOrder | None:
        return WHIST_ORDER

    def who(self, seat: int) -> str:
        return self.t("w.the_mort") if seat == MORT else self.names.name(seat)

    def Who(self, seat: int) -> str:
        text = self.who(seat)
        return text[:1].upper() + text[1:]

    def partnership_name(self, partners: Sequence[Sequence[int]], index: int) -> str:
        members = list(partners[index])
        if len(self.sides) == 2:
            name = self.sides.name(self.sides.of(members[0]))
            return f"{name} ({self.t('w.seats', a=members[0], b=members[1])})"
        if MORT in members:
            return self.t("w.with_mort", a=next(m for m in members if m != MORT))
        return self.t("w.seats", a=members[0], b=members[1])

    def game_name(self, number: int) -> str:
        return self.t("w.belle") if number == 3 else self.t("w.game_n", n=number)

    def settlement_text(self, settlement: Sequence[int]) -> str:
        return ", ".join(f"{self.names.name(s)} {v:+d}" for s, v in enumerate(settlement))

    # ------------------------------------------------------------ the screen

    def screen(self, obs: Any) -> str:
        lines = ["── " + self.t("screen.header", game=self.title(), score=self.score(obs.scores)) + " ──"]
        if obs.seat is not None:
            lines.append(self.t("screen.you_are", seat=obs.seat, side=self.side_words(obs.seat)))
        lines.append(self.t("w.rubber", r=obs.rubber, game=self.game_name(obs.game_number)))
        lines.extend(self.sheet_lines(obs))
        if obs.trump is not None:
            lines.append(self.t("screen.trump", suit=f"{obs.trump.symbol} {suit_display(obs.trump, self.lang)}"))
        if obs.turned is not None and obs.turned_in_hand_of is not None:
            lines.append(self.t("w.turned", card=self.card(obs.turned), who=self.who(obs.turned_in_hand_of)))
        if obs.declarer >= 0 and obs.phase not in ("draw", "over"):
            if obs.mort_hand is not None:
                lines.append(self.t("w.mort", who=self.names.name(obs.declarer),
                                    cards=self.hand_text(obs.mort_hand, obs.trump)))
            else:
                lines.append(self.t("w.mort_hidden", who=self.names.name(obs.declarer)))
        if obs.phase in ("play", "answer", "honours", "expose"):
            lines.append(self.t("w.tricks", score=self.pair_text(obs.partners, obs.tricks_won)))
        if obs.calling:
            lines.append(self.t("w.calling", who=", ".join(self.who(s) for s in obs.calling)))
        if obs.call is not None:
            lines.append(self.t("w.call_pending", who=self.Who(obs.call)))
        if obs.trick:
            lines.append(self.t("screen.trick", cards=", ".join(f"{self.who(s)} {self.card(c)}" for s, c in obs.trick)))
        if obs.hand:
            lines.append(f"{self.t('screen.hand')} {self.hand_text(obs.hand, obs.trump)}")
        waiting = self.to_move_line(obs)
        if waiting:
            lines.append(waiting)
        return "\n".join(lines)

    def pair_text(self, partners: Sequence[Sequence[int]], values: Sequence[int]) -> str:
        return " – ".join(f"{self.partnership_name(partners, i)} {values[i]}" for i in (0, 1))

    def sheet_lines(self, obs: Any) -> list[str]:
        """The score sheet: each game won with its value, the game in progress, the settlement."""
        games = [self.t("w.sheet_game", game=self.game_name(i + 1), side=self.partnership_name(obs.partners, w),
                        value=v) for i, (w, v) in enumerate(obs.games)]
        lines = [self.t("w.sheet", games="; ".join(games) if games else self.t("w.no_games")),
                 self.t("w.in_game", score=self.pair_text(obs.partners, obs.game_scores),
                        target=self.game.options["game_points"])]
        if any(obs.settlement):
            lines.append(self.t("w.settlement", text=self.settlement_text(obs.settlement)))
        return lines

    # ------------------------------------------------------------ events

    def action_lines(self, seat: int, action: Any, before: Any, after: Any, full: bool = False) -> list[str]:
        who = self.names.Name(seat) if seat >= 0 else ""
        if isinstance(action, Card) and before is not None and before.mort_hand is not None \
                and action in before.mort_hand:
            return [self.t("w.play_mort", who=who, card=self.card(action))]
        said = phrase(LogEntry(0, seat, action), self.lang, self.names)   # the game's phrase book
        if said is not None:
            return [said]
        return super().action_lines(seat, action, before, after, full)

    def dealt_hands(self, deal: Deal, full: bool) -> list[str]:
        """Each hand dealt, the mort's (the deal's talon, in the order dealt) named as such."""
        if not deal.talon:
            return super().dealt_hands(deal, full)
        lines = super().dealt_hands(Deal(deal.hands, (), deal.turned, deal.pack, deal.hidden), full)
        if full:
            lines.append(self.t("w.dealt_mort", cards=self.hand_text(CardSet.of(deal.talon))))
        return lines

    def result_lines(self, result: Any) -> list[str]:
        partners = result.partners
        side = [self.partnership_name(partners, i) for i in (0, 1)]
        if result.reason in ("shown", "called"):
            key = "w.shown_hand" if result.reason == "shown" else "w.called_hand"
            lines = [self.t(key, n=result.number, side=side[result.game_winner],
                            cards=" ".join(self.card(c) for c in result.shown))]
        else:
            parts = [self.t("w.trick_points", side=side[i], n=p) for i, p in enumerate(result.trick_points) if p]
            parts += [self.t("w.honour_points", side=side[i], n=p) for i, p in enumerate(result.honour_points) if p]
            lines = [self.t("w.hand", n=result.number, tricks=f"{result.tricks[0]}–{result.tricks[1]}",
                            points="; ".join(parts) or self.t("w.nothing"))]
            if 13 in result.tricks:
                lines.append(self.t("w.slam"))
        lines.append(self.t("w.game_score", score=self.pair_text(partners, result.game_scores)))
        if result.game_winner >= 0:
            lines.append(self.t("w.game_won", side=side[result.game_winner], game=self.game_name(result.game),
                                value=result.game_value))
        if result.rubber_winner >= 0:
            lines.append(self.t("w.rubber_won", side=side[result.rubber_winner], bonus=result.rubber_bonus))
        if any(result.points):
            lines.append(self.t("w.settle", text=self.points(result.points)))
        return lines

    def end_lines(self, outcome: Outcome | None, scores: Sequence[int]) -> list[str]:
        lines = super().end_lines(outcome, scores)
        if outcome is None:
            return lines
        per_seat = tuple(scores[self.sides.of(s)] for s in range(self.sides.num_seats))
        lines.append(self.t("w.end", text=self.settlement_text(per_seat)))
        if self.viewer is not None:
            mine = per_seat[self.viewer]
            lines.append(self.t("w.you_win" if mine > 0 else "w.you_lose" if mine < 0 else "w.you_even"))
        return lines

    # ------------------------------------------------------------ the viewer's choices

    def menu_title(self, obs: Any, menu: Sequence[Any]) -> str:
        if menu and isinstance(menu[0], Card) and obs.mort_hand is not None and menu[0] in obs.mort_hand:
            return self.t("w.moves_mort")
        if menu and isinstance(menu[0], Card):
            return self.t("w.moves")
        return super().menu_title(obs, menu)

    def notation_help(self) -> list[str]:
        return [self.t("w.notation")]


RENDERER = WhistRenderer

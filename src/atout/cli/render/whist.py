"""The renderer of Whist and Whist with a mort: the rubber's score sheet as a whist player writes
it (the games — *manches* — with their values, the *belle*, the rubber — *robre* — and its points,
the settlement per player), the turned card, the mort's hand face up, the tricks (*levées*),
honours (*honneurs*) shown or called at eight, in French and English.

Named by the game class (``renderer_module``) of ``whist`` and ``mort``. It tells only what
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
from typing import ClassVar, TypeGuard

from atout.actions import Action
from atout.cards import Card, CardSet, Rank
from atout.chance import Deal
from atout.cli.i18n import CORE, Catalog, join_words, suit_display
from atout.cli.render.base import Renderer
from atout.events import TrickWon
from atout.game import Outcome
from atout.games.whist.actions import CALL, SHOW, Cut
from atout.games.whist.events import HandResult
from atout.games.whist.observation import WhistObservation
from atout.games.whist.words import MESSAGES, phrase
from atout.log import LogEntry
from atout.packs import WHIST_ORDER, RankOrder

MORT = 3
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)

WORDS = Catalog(MESSAGES, parent=CORE)
"""Whist's phrase book (``atout.games.whist.words``) over the terminal's words."""


class WhistRenderer(Renderer[WhistObservation, HandResult]):
    """Whist and the mort for one viewer."""

    catalog: ClassVar[Catalog] = WORDS
    next_side: ClassVar[str | None] = "left"

    def order(self) -> RankOrder | None:
        return WHIST_ORDER

    def who(self, seat: int) -> str:
        """A seat's name; seat 3 is the mort only in the three-handed game."""
        return self.t("w.the_mort") if seat == MORT and self.game.num_seats == MORT else self.names.name(seat)

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

    def screen(self, obs: WhistObservation) -> str:
        lines = ["── " + self.t("screen.header", game=self.title(), score=self.score(obs.scores)) + " ──"]
        if obs.seat is not None:
            lines.append(self.t("screen.you_are", seat=obs.seat, side=self.side_words(obs.seat)))
        lines.append(self.t("w.rubber", r=obs.rubber, game=self.game_name(obs.game_number)))
        lines.extend(self.sheet_lines(obs))
        if obs.dealer >= 0 and obs.phase not in ("draw", "over"):
            lines.append(self.t("w.dealer", who=self.who(obs.dealer)))
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

    def sheet_lines(self, obs: WhistObservation) -> list[str]:
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

    def action_lines(self, seat: int, action: Action, before: WhistObservation | None, after: WhistObservation,
                     full: bool = False) -> list[str]:
        who = self.names.Name(seat) if seat >= 0 else ""
        if isinstance(action, Card):
            mort = before is not None and before.mort_hand is not None and action in before.mort_hand
            played = self.t("w.play_mort", who=who, card=self.card(action)) if mort else \
                self.t("ev.play", who=who, card=self.card(action))
            return [played]
        said = phrase(LogEntry(0, seat, action), self.lang, self.names)   # the game's phrase book
        if said is not None:
            return [said]
        return super().action_lines(seat, action, before, after, full)

    def tricks_won_lines(self, before: WhistObservation | None, after: WhistObservation) -> list[str]:
        """Who won the trick the action completed (the engine's trick event in the viewer's log)
        and the tricks of each side so far (the hand's result after its last trick)."""
        if before is None or after is None:
            return []
        won = [e.seat for e in after.log.since(len(before.log)) if isinstance(e.item, TrickWon)]
        if not won:
            return []
        if after.trick or after.last_trick is not None:
            partners, tricks = after.partners, after.tricks_won
        else:
            partners, tricks = after.results[-1].partners, after.results[-1].tricks
        return [self.t("w.trick_won", who=self.Who(winner), score=self.pair_text(partners, tricks)) for winner in won]

    def deal_lines(self, deal: Deal, after: WhistObservation, full: bool) -> list[str]:
        """Who deals, and the card he turns (trump)."""
        if after is None or after.dealer < 0 or not deal.turned:
            return super().deal_lines(deal, after, full)
        head = self.t("w.deals", who=self.Who(after.dealer), card=self.card(deal.turned[0]))
        return [head, *self.dealt_hands(deal, full)]

    def dealt_hands(self, deal: Deal, full: bool) -> list[str]:
        """Each hand dealt, the mort's (the deal's talon, in the order dealt) named as such."""
        if not deal.talon:
            return super().dealt_hands(deal, full)
        lines = super().dealt_hands(Deal(deal.hands, (), deal.turned, deal.pack, deal.hidden), full)
        if full:
            lines.append(self.t("w.dealt_mort", cards=self.hand_text(CardSet.of(deal.talon))))
        return lines

    def result_lines(self, result: HandResult) -> list[str]:
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
            if max(result.tricks) == sum(result.tricks):       # every trick (thirteen, or twelve with 48 cards)
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
        """One line: who collects, and the settlement per player (the outcome's own figures);
        then, for a player, whether he is up."""
        if outcome is None:
            return super().end_lines(outcome, scores)
        final = outcome.scores
        per_seat = tuple(final[self.sides.of(s)] for s in range(self.sides.num_seats))
        text = self.settlement_text(per_seat)
        if not outcome.winners:
            lines = [self.t("w.end_even", text=text)]
        elif len(self.sides) == 2:
            side = outcome.winners[0]
            lines = [self.t("w.end_side", t=self.sides.name(side), n=final[side], text=text)]
        else:
            seats = [self.names.name(self.sides.members(w)[0]) for w in outcome.winners]
            lines = [self.t("w.end_seats", who=join_words(seats, self.lang),
                            verb=self.t("w.wins" if len(seats) == 1 else "w.win"), text=text)]
        if self.viewer is not None:
            mine = per_seat[self.viewer]
            lines.append(self.t("w.you_win" if mine > 0 else "w.you_lose" if mine < 0 else "w.you_even"))
        return lines

    # ------------------------------------------------------------ the viewer's choices

    def menu_text(self, obs: WhistObservation | None, menu: Sequence[Action], width: int = 78) -> str:
        """The cut is a number to type (how many cards are lifted), not a list of every position."""
        if cut_menu(menu):
            return "  " + self.t("w.cut_title", low=menu[0].position, high=menu[-1].position)
        return super().menu_text(obs, menu, width)

    def menu_range(self, menu: Sequence[Action]) -> str:
        if cut_menu(menu):
            return f"{menu[0].position}–{menu[-1].position}"
        return super().menu_range(menu)

    def pick(self, number: int, menu: Sequence[Action]) -> Action | None:
        """At the cut the number typed is the cut itself (cards lifted); else the menu's entry."""
        if cut_menu(menu):
            return next((m for m in menu if m.position == number), None)
        return super().pick(number, menu)

    def extra_lines(self, obs: WhistObservation, legal: Sequence[Action], full: bool = False) -> list[str]:
        """Beside the other choices, what showing or calling honours at eight would do, where it is
        offered."""
        return super().extra_lines(obs, legal, full) + self.honours_help(obs, legal)

    def honours_help(self, obs: WhistObservation, legal: Sequence[Action]) -> list[str]:
        if obs.seat is None or obs.to_move != obs.seat or obs.hand is None or obs.trump is None:
            return []
        at = self.game.table.scoring.calling_score   # type: ignore[attr-defined]
        held = CardSet(obs.hand)
        if obs.mort_hand is not None and obs.seat == obs.declarer:
            held = CardSet(held | obs.mort_hand)
        honours = sum(1 for c in held if c.suit == obs.trump and c.rank in HONOURS)
        if SHOW in legal:
            return ["  " + self.t("w.show_help", at=at, n=honours, points=4 if honours >= 4 else 2)]
        if obs.phase == "honours":
            return ["  " + self.t("w.pass_help", at=at, n=honours)]
        if CALL in legal:
            return ["  " + self.t("w.call_help", at=at)]
        return []

    def menu_title(self, obs: WhistObservation, menu: Sequence[Action]) -> str:
        if menu and isinstance(menu[0], Card) and obs.mort_hand is not None and menu[0] in obs.mort_hand:
            return self.t("w.moves_mort")
        if menu and isinstance(menu[0], Card):
            return self.t("w.moves")
        return super().menu_title(obs, menu)

    def notation_help(self) -> list[str]:
        return [self.t("w.notation")]


def cut_menu(menu: Sequence[Action]) -> TypeGuard[Sequence[Cut]]:
    """Whether ``menu`` is the cut's (its moves are cuts: the engine lists them together)."""
    return bool(menu) and isinstance(menu[0], Cut)


RENDERER = WhistRenderer

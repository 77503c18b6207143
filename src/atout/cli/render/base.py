"""The game-neutral renderer: what any game looks like in the terminal through the contract alone.

A :class:`Renderer` writes, for one viewer (a seat, or ``None`` for a neutral account), the
screen of an observation, a line for each event, the results, the end of the partie, the numbered
menu of moves and the help of ``?``. It knows only the contract: actions with their kind and their
notation (``state.action_text``), cards, sides, hand results and outcomes. A game with a renderer
of its own subclasses it (see :mod:`atout.cli.render`); a game without one plays with this one:
its moves are listed in notation.

>>> from atout.cards import Card
>>> from atout.games import make_game
>>> game = make_game("quadrette")
>>> r = Renderer(game, "fr", viewer=0)
>>> r.action_lines(1, Card("KH"), None, game.new_state().observation(0))
['Le joueur 1 (adversaire) joue R♥.']
>>> print(r.menu_text(None, [Card("KH"), Card("7S")]))
   1) R♥  2) 7♠
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import ClassVar, Generic, TypeGuard, TypeVar

from atout.actions import Action, ActionKind, Hidden
from atout.cards import Card
from atout.chance import Deal, Draw
from atout.cli.i18n import CORE, Catalog, join_words, suit_display
from atout.cli.render.cards import card_label, cards_text, render_hand, sort_cards
from atout.cli.render.seats import SeatNames, is_partnership, points_text, score_text
from atout.events import TrickWon
from atout.game import CHANCE, TERMINAL, EndReason, Game, HandResult, Observation, Outcome
from atout.packs import RankOrder

KIND_ORDER = (ActionKind.MOVE, ActionKind.TALK, ActionKind.CLAIM, ActionKind.TABLE)
EXAMPLES = 3  # actions shown as examples of each kind in the help

Obs_contra = TypeVar("Obs_contra", bound=Observation, contravariant=True)
"""The observation a renderer reads: its game's own (``SizetteObservation``…), or any."""
Result_contra = TypeVar("Result_contra", bound=HandResult, contravariant=True)
"""The hand result a renderer tells: its game's own, or any."""


def all_cards(actions: Sequence[Action]) -> TypeGuard[Sequence[Card]]:
    """Whether every action listed is a card."""
    return all(isinstance(a, Card) for a in actions)


class Renderer(Generic[Obs_contra, Result_contra]):
    """Text for one viewer of one game, in one language (the generic fallback of every game).

    A game's renderer reads its game's own observations and hand results (``Obs_contra``,
    ``Result_contra``); the generic one, any (:data:`GameRenderer`)."""

    catalog: ClassVar[Catalog] = CORE
    next_side: ClassVar[str | None] = None  # where the next player sits: "right", "left" or unknown
    trump_mark: ClassVar[dict[str, str]] = {"en": "trump", "fr": "atout"}

    def __init__(self, game: Game, lang: str, viewer: int | None,
                 notation: Callable[[Action], str] | None = None):
        self.game, self.lang, self.viewer = game, lang, viewer
        self._notation = notation
        self.sides = game.sides
        self.names = SeatNames(viewer, self.sides, lang, self.next_side)

    # ------------------------------------------------------------ words

    def t(self, key: str, **kw: object) -> str:
        return self.catalog.tr(key, self.lang, **kw)

    def title(self) -> str:
        return self.game.title.get(self.lang) or self.game.title["en"]

    def notation(self, action: Action) -> str:
        """The action in the game's notation, in the page language (``state.action_text``)."""
        return self._notation(action) if self._notation is not None else str(action)

    def order(self) -> RankOrder | None:
        """The game's rank order for sorting hands (``None``: ace high)."""
        return None

    def card(self, card: int) -> str:
        return card_label(card, self.lang)

    def hand_text(self, hand: Iterable[int], trump: int | None = None) -> str:
        return render_hand(hand, self.lang, self.order(), trump, self.trump_mark[self.lang])

    def score(self, scores: Sequence[int]) -> str:
        return score_text(scores, self.sides, self.lang)

    def points(self, points: Sequence[int]) -> str:
        return points_text(points, self.sides, self.lang)

    def side_words(self, seat: int) -> str:
        """``, team A`` for a partnership game; nothing when every player is for himself."""
        if not is_partnership(self.sides):
            return ""
        return self.t("screen.you_are_side", t=self.sides.name(self.sides.of(seat)))

    def trick_text(self, plays: Sequence[tuple[int, int]]) -> str:
        """``seat 1 (…) 7♠, seat 2 (…) K♠`` from ``(seat, card)`` pairs."""
        return ", ".join(f"{self.names.name(seat)} {self.card(card)}" for seat, card in plays)

    # ------------------------------------------------------------ the screen

    def screen(self, obs: Obs_contra) -> str:
        """What the viewer sees now: score, trump, the trick in progress, the hand, who acts."""
        lines = ["── " + self.t("screen.header", game=self.title(), score=self.score(obs.scores)) + " ──"]
        if obs.seat is not None:
            lines.append(self.t("screen.you_are", seat=obs.seat, side=self.side_words(obs.seat)))
        if obs.trump is not None:
            lines.append(self.t("screen.trump", suit=f"{obs.trump.symbol} {suit_display(obs.trump, self.lang)}"))
        trick = tuple(obs.trick or ())
        if trick:
            lines.append(self.t("screen.trick", cards=self.trick_text(trick)))
        if obs.hand:
            lines.append(f"{self.t('screen.hand')} {self.hand_text(obs.hand, obs.trump)}")
        waiting = self.to_move_line(obs)
        if waiting:
            lines.append(waiting)
        return "\n".join(lines)

    def to_move_line(self, obs: Obs_contra) -> str:
        if obs.to_move == TERMINAL:
            return self.t("screen.over")
        if obs.to_move == CHANCE or obs.to_move == obs.seat:
            return ""
        who = self.names.Name(obs.to_move) if self.lang == "en" else self.names.to(obs.to_move)
        return self.t("screen.to_move", who=who[:1].upper() + who[1:])

    def extra_lines(self, obs: Obs_contra, legal: Sequence[Action], full: bool = False) -> list[str]:
        """What else the viewer may do beside the numbered moves (speech, claims…), by kind."""
        lines = []
        for kind in KIND_ORDER[1:]:
            found = [a for a in legal if a.kind is kind]
            if found and (full or kind is not ActionKind.TABLE):
                shown = found if full else found[:EXAMPLES]
                lines.append("  " + self.t("help.now_kind", kind=self.t(f"kind.{kind.value}"), n=len(found),
                                           examples=", ".join(self.notation(a) for a in shown)))
        return lines

    # ------------------------------------------------------------ events

    def event_lines(self, seat: int, action: Action, before: Obs_contra | None, after: Obs_contra,
                    results: Sequence[Result_contra] = (), full: bool = False) -> list[str]:
        """The lines telling that ``seat`` (``CHANCE``: the table) did ``action`` as the viewer sees it.

        ``before`` and ``after`` are the viewer's observations around the action (``before`` may
        be ``None`` at the start of a record); ``results`` the hands it scored; ``full`` shows
        every hand of a deal (a replay), not only the viewer's.
        """
        lines = self.action_lines(seat, action, before, after, full)
        lines.extend(self.tricks_won_lines(before, after))
        for result in results:
            lines.extend(self.result_lines(result))
        return lines

    def tricks_won_lines(self, before: Obs_contra | None, after: Obs_contra) -> list[str]:
        """« Seat 3 wins the trick. » for each trick the action completed: the :class:`TrickWon`
        events the viewer's log gained between ``before`` and ``after`` (none at the start of a
        record, ``before`` being ``None``)."""
        if before is None or after is None:
            return []
        return [self.t("ev.trick_won", who=self.names.Name(entry.seat))
                for entry in after.log.since(len(before.log)) if type(entry.item) is TrickWon]

    def action_lines(self, seat: int, action: Action, before: Obs_contra | None, after: Obs_contra,
                     full: bool = False) -> list[str]:
        if isinstance(action, Deal):
            return self.deal_lines(action, after, full)
        if isinstance(action, Draw):
            return [self.t("ev.draw", cards=", ".join(f"{self.names.name(s)} {self.card(c)}" for s, c in action.cards))]
        if isinstance(action, Hidden):
            return [self.t("ev.hidden", who=self.names.Name(seat), action=str(action))]
        if isinstance(action, Card):
            return [self.t("ev.play", who=self.names.Name(seat), card=self.card(action))]
        return [self.t("ev.other", who=self.names.Name(seat), action=self.notation(action))]

    def deal_lines(self, deal: Deal, after: Obs_contra, full: bool) -> list[str]:
        head = self.t("ev.deal_turned", cards=cards_text(deal.turned, self.lang)) if deal.turned else self.t("ev.deal")
        return [head, *self.dealt_hands(deal, full)]

    def dealt_hands(self, deal: Deal, full: bool) -> list[str]:
        """Each hand dealt (and the talon), when the deal is shown in ``full``."""
        if not full:
            return []
        lines = []
        for seat, hand in enumerate(deal.hands):
            if deal.hidden and deal.hidden[seat]:
                continue
            lines.append(self.t("ev.dealt_hand", who=self.names.name(seat), cards=self.hand_text(hand)))
        if deal.talon:
            lines.append(self.t("ev.dealt_talon", cards=cards_text(deal.talon, self.lang)))
        return lines

    def result_lines(self, result: Result_contra) -> list[str]:
        """A scored hand: its points and the score after it."""
        return [self.t("res.hand", hand=result.number, points=self.points(result.points),
                       reason=self.reason(str(result.reason))),
                self.t("res.score", score=self.score(result.scores))]

    def reason(self, reason: str) -> str:
        key = f"reason.{reason}"
        return self.t(key) if key in self.catalog else reason

    def end_lines(self, outcome: Outcome | None, scores: Sequence[int]) -> list[str]:
        """The end of the partie (or that it stays unfinished) and, for a player, whether he won."""
        if outcome is None:
            return [self.t("res.unfinished", score=self.score(scores))]
        score = self.score(outcome.scores)
        if not outcome.winners:
            return [self.t("res.tie", score=score)]
        side = outcome.winners[0]
        if is_partnership(self.sides):
            key = "res.win_abandon" if outcome.reason is EndReason.ABANDON else "res.win_side"
            lines = [self.t(key, t=self.sides.name(side), score=score)]
        else:
            lines = [self.t("res.win_seat", who=self.names.Name(self.sides.members(side)[0]), score=score)]
        if self.viewer is not None:
            won = self.sides.of(self.viewer) in outcome.winners
            lines.append(self.t("res.you_win" if won else "res.you_lose"))
        return lines

    # ------------------------------------------------------------ the viewer's choices

    def intro_lines(self, obs: Obs_contra, bots: str, seed: str) -> list[str]:
        """The first lines of a partie, for the player of ``obs`` (a seat, not a spectator)."""
        seat = obs.seat
        assert seat is not None, "the intro is a player's"
        side = ""
        if is_partnership(self.sides):
            mates = [self.names.the(s) for s in self.sides.partners(seat)]
            side = self.t("play.intro_side", t=self.sides.name(self.sides.of(seat)), mates=join_words(mates, self.lang))
        n = self.sides.num_seats
        lines = [self.t("play.intro", game=self.title(), seat=seat, side=side),
                 self.t("play.table", seats=", ".join(self.names.name((seat + d) % n) for d in range(1, n)))]
        options = self.game.options.text(self.lang)
        if options:
            lines.append(self.t("play.options", options=options))
        lines.append(self.setup_line(bots, seed))
        return lines

    def setup_line(self, bots: str, seed: str) -> str:
        return self.t("play.setup", bots=bots, seed=seed)

    def menu(self, obs: Obs_contra | None, moves: Sequence[Action]) -> list[Action]:
        """The moves in display order: cards by suit and the game's rank order, others as listed."""
        if moves and all_cards(moves):
            return list(sort_cards(moves, self.order()))
        return list(moves)

    def menu_title(self, obs: Obs_contra, menu: Sequence[Action]) -> str:
        return self.t("play.moves_title")

    def action_label(self, action: Action, obs: Obs_contra | None) -> str:
        """A short label for a move in the numbered list: a card with its symbol, else its notation."""
        if isinstance(action, Card):
            return self.card(action)
        return self.notation(action)

    def menu_text(self, obs: Obs_contra | None, menu: Sequence[Action], width: int = 78) -> str:
        """The moves numbered from 1, packed on lines of at most ``width`` characters."""
        labels = [f"{i}) {self.action_label(a, obs)}" for i, a in enumerate(menu, 1)]
        if any(len(label) > 24 for label in labels):
            return "\n".join(f"  {label}" for label in labels)
        lines: list[str] = []
        line = " "
        for label in labels:
            piece = f"  {label}"
            if len(line) + len(piece) > width and line.strip():
                lines.append(line)
                line = " "
            line += piece
        if line.strip():
            lines.append(line)
        return "\n".join(lines)

    def menu_range(self, menu: Sequence[Action]) -> str:
        return f"1–{len(menu)}" if menu else "—"

    def pick(self, number: int, menu: Sequence[Action]) -> Action | None:
        """The move a typed number names, or ``None``."""
        return menu[number - 1] if 1 <= number <= len(menu) else None

    def occasion(self, obs: Obs_contra, legal: Sequence[Action]) -> Hashable | None:
        """When the viewer may act although it is not his turn, a key for that occasion (he is
        asked once per key), else ``None``. Generic: speech or claims open to him."""
        if obs.to_move == self.viewer or obs.to_move < 0:
            return None
        if any(a.kind is ActionKind.TALK or a.kind is ActionKind.CLAIM for a in legal):
            return ("optional", obs.phase, obs.to_move)
        return None

    def optional_prompt(self, obs: Obs_contra, legal: Sequence[Action]) -> str:
        kinds = [self.t(f"kind.{k.value}") for k in KIND_ORDER[1:] if any(a.kind is k for a in legal)]
        return self.t("play.prompt_optional", kinds=", ".join(kinds))

    def prompt(self, obs: Obs_contra, menu: Sequence[Action]) -> str:
        return self.t("play.prompt", range=self.menu_range(menu))

    def help_lines(self, obs: Obs_contra, legal: Sequence[Action]) -> list[str]:
        """The help of ``?``: what can be typed, in this game's notation, and what is open now."""
        example = next((self.notation(a) for a in legal if not isinstance(a, Card)), None)
        example = example or next((self.notation(a) for a in legal), "KH")
        lines = [self.t("help.title"), self.t("help.body", example=example)]
        if len(self.game.pack):
            lines.append(self.t("help.cards"))
        lines.extend(self.notation_help())
        lines.append(self.t("help.now"))
        lines.extend("  " + line for line in self.now_lines(obs, legal))
        return lines

    def notation_help(self) -> list[str]:
        """The game's own notation, line by line (none in the generic renderer)."""
        return []

    def now_lines(self, obs: Obs_contra, legal: Sequence[Action]) -> list[str]:
        """What the viewer may do at this moment, by kind, with examples in notation."""
        lines = []
        if obs.to_move == self.viewer and any(a.kind is ActionKind.MOVE for a in legal):
            lines.append(self.t("help.now_turn"))
        for kind in KIND_ORDER:
            found = [a for a in legal if a.kind is kind]
            if found:
                lines.append(self.t("help.now_kind", kind=self.t(f"kind.{kind.value}"), n=len(found),
                                    examples=", ".join(self.notation(a) for a in found[:EXAMPLES])))
        if not legal:
            lines.append(self.t("help.now_wait"))
        return lines


GameRenderer = Renderer[Observation, HandResult]
"""A renderer as the play loop and the accounts hold it: of whichever game it was made for, fed that
game's observations and results (the game names its renderer: :func:`atout.cli.render.make_renderer`)."""

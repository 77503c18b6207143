"""Text rendering of what one seat sees, and of actions, talk and results, in English or French.

Everything here works from an :class:`~atout.games.sizette.observation.Observation` (what the
seat may know) or from public records of finished coups; nothing reads another seat's hand.
Seats are named relative to the viewer (``seat 2 (right partner)``); play goes to the right.

>>> from atout.cards import Card, Suit
>>> card_label(Card("KH"), "en"), card_label(Card("KH"), "fr")
('K♥', 'R♥')
>>> names = SeatNames(0, 6, "fr")
>>> names.Name(2), names.to(4)
('Le joueur 2 (partenaire de droite)', 'au joueur 4 (partenaire de gauche)')
>>> from atout.games.sizette.talk import Question
>>> render_question(Question("count", Suit.HEARTS), "en", trump=Suit.HEARTS)
'how many trumps?'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import RANK_CODES, SUIT_SYMBOLS, Card, CardSet, Suit
from atout.cli.i18n import (
    count_words,
    de_word,
    du_word,
    join_words,
    rank_with_article,
    suit_plural,
    suit_singular,
    tr,
)
from atout.errors import ActionError
from atout.game import CHANCE, TERMINAL
from atout.games import find_game
from atout.games.sizette.actions import (
    Abandon,
    Ask,
    Captain,
    ChooseDealer,
    ClaimRevoke,
    Close,
    Command,
    Cut,
    Penalty,
    Remark,
    Say,
    Vole,
    parse_action,
)
from atout.games.sizette.talk import CommandSpec, Question, Statement
from atout.packs import RankOrder

TEAM_LETTERS = ("A", "B")


# ---------------------------------------------------------------- seats


class SeatNames:
    """Names of seats as seen from ``me`` (``None``: a neutral account, plain seat numbers).

    >>> n = SeatNames(1, 4, "en")
    >>> [n.rel(s) for s in range(4)]
    ['left opponent', 'you', 'right opponent', 'partner']
    """

    def __init__(self, me: int | None, n: int, lang: str):
        self.me, self.n, self.lang = me, n, lang

    def rel(self, seat: int) -> str | None:
        """The seat's place relative to ``me``: ``you``, ``right opponent``, ``left partner``…"""
        if self.me is None or not 0 <= seat < self.n:
            return None
        d = (seat - self.me) % self.n
        if d == 0:
            key = "you"
        elif d == 1:
            key = "right_opponent"
        elif d == self.n - 1:
            key = "left_opponent"
        elif self.n == 4:
            key = "partner"
        elif d == 2:
            key = "right_partner"
        elif d == 4:
            key = "left_partner"
        else:
            key = "opposite_opponent"
        return tr("rel." + key, self.lang)

    def _with_rel(self, text: str, seat: int) -> str:
        rel = self.rel(seat)
        return f"{text} ({rel})" if rel else text

    def name(self, seat: int) -> str:
        """``seat 2 (right partner)`` / ``joueur 2 (partenaire de droite)``."""
        return self._with_rel(tr("seat", self.lang, n=seat), seat)

    def Name(self, seat: int) -> str:  # noqa: N802 - capitalised form for the start of a sentence
        """``Seat 2 (right partner)`` / ``Le joueur 2 (partenaire de droite)``."""
        return self._with_rel(tr("Seat", self.lang, n=seat), seat)

    def the(self, seat: int) -> str:
        """Inside a sentence: ``seat 2 (…)`` / ``le joueur 2 (…)``."""
        return self._with_rel(tr("the_seat", self.lang, n=seat), seat)

    def to(self, seat: int) -> str:
        """Indirect object: ``seat 2 (…)`` / ``au joueur 2 (…)``."""
        return self._with_rel(tr("to_seat", self.lang, n=seat), seat)

    def team(self, team: int) -> str:
        """``A`` or ``A (your team)``."""
        letter = TEAM_LETTERS[team]
        if self.me is not None and self.me % 2 == team:
            return f"{letter} ({tr('your_team', self.lang)})"
        return letter


def score_text(scores: Sequence[int]) -> str:
    """``A 2 – B 1``."""
    return f"A {scores[0]} – B {scores[1]}"


def game_order(game_name: str) -> RankOrder:
    """The rank order of a game (``K Q J A 10 …`` for Sizette)."""
    return find_game(game_name).order  # type: ignore[attr-defined, no-any-return]


# ---------------------------------------------------------------- cards


def card_label(card: int, lang: str) -> str:
    """A card with its rank in ``lang`` and a suit symbol: ``K♥`` / ``R♥``. It can be typed back."""
    return RANK_CODES[lang][card % 13] + SUIT_SYMBOLS[card // 13]


def suit_display(suit: int, lang: str) -> str:
    """The name of a suit on its own: ``hearts`` / ``cœur``."""
    return suit_plural(suit, lang) if lang == "en" else suit_singular(suit, lang)


def card_name(card: int, lang: str, trump: int | None = None) -> str:
    """``the king of hearts`` / ``le roi de cœur``; the trump suit is called atout."""
    c = Card(card)
    is_trump = trump is not None and c.suit == trump
    rank = rank_with_article(c.rank, lang)
    if lang == "fr":
        return f"{rank} {de_word(suit_singular(c.suit, lang, is_trump))}"
    return f"{rank} of {suit_plural(c.suit, lang, is_trump)}"


def cards_text(cards: Sequence[int], lang: str) -> str:
    return " ".join(card_label(c, lang) for c in cards)


def render_hand(hand: CardSet | Sequence[int], lang: str, order: RankOrder, trump: int | None = None) -> str:
    """The hand grouped by suit, highest first in the game's order; the atout suit is marked.

    >>> from atout.packs import SIZETTE_ORDER
    >>> render_hand(CardSet.parse("AH KH 10S 6S JH"), "en", SIZETTE_ORDER, trump=1)
    '♠ 10 6   ♥ K J A (atout)'
    """
    groups: dict[int, list[str]] = {}
    for c in order.sorted([Card(c) for c in hand]):
        groups.setdefault(c // 13, []).append(RANK_CODES[lang][c % 13])
    parts = []
    for suit, ranks in groups.items():
        text = f"{SUIT_SYMBOLS[suit]} {' '.join(ranks)}"
        if suit == trump:
            text += " (atout)"
        parts.append(text)
    return "   ".join(parts) if parts else "—"


# ---------------------------------------------------------------- talk


def _suit_words(suit: int, lang: str, trump: int | None) -> dict[str, str]:
    is_trump = trump is not None and suit == trump
    singular = suit_singular(suit, lang, is_trump)
    plural = suit_plural(suit, lang, is_trump)
    return {"singular": singular, "plural": plural, "de_plural": de_word(plural), "de_suit": de_word(singular),
            "du_suit": du_word(singular)}


def render_question(q: Question, lang: str, trump: int | None = None) -> str:
    """``how many trumps?`` / ``combien d'atouts ?``."""
    if q.kind == "hold":
        assert q.card is not None
        return tr("q.hold", lang, card=card_name(q.card, lang, trump))
    assert q.suit is not None
    return tr("q." + q.kind, lang, **_suit_words(q.suit, lang, trump))


def render_statement(s: Statement, lang: str, trump: int | None = None) -> str:
    """``two trumps, the king highest`` / ``deux atouts, le roi en tête``."""
    k = s.kind
    if k == "nothing":
        return tr("s.nothing", lang)
    if k == "hold":
        assert s.card is not None
        return tr("s.hold_yes" if s.yes else "s.hold_no", lang, card=card_name(s.card, lang, trump))
    assert s.suit is not None
    is_trump = trump is not None and s.suit == trump
    words = _suit_words(s.suit, lang, trump)
    if k == "count":
        return count_words(s.count, s.suit, lang, is_trump)
    if k == "top":
        assert s.card is not None
        return tr("s.top", lang, count=count_words(s.count, s.suit, lang, is_trump),
                  rank=rank_with_article(Card(s.card).rank, lang))
    if k == "cards":
        if not s.cards:
            return count_words(0, s.suit, lang, is_trump)
        order = _strength_sorted(list(s.cards))
        names = [rank_with_article(Card(c).rank, lang) for c in order]
        return tr("s.cards", lang, cards=join_words(names, lang), suit=words["plural"], de_suit=words["de_suit"])
    if k == "highest":
        if s.card is None:
            return count_words(0, s.suit, lang, is_trump)
        return tr("s.highest", lang, rank=rank_with_article(Card(s.card).rank, lang), **words)
    if k == "void":
        return tr("s.void_yes" if s.yes else "s.void_no", lang, **words)
    return str(s)


def _strength_sorted(cards: list[int]) -> list[int]:
    from atout.packs import SIZETTE_ORDER

    strength = SIZETTE_ORDER.strength
    return sorted(cards, key=lambda c: -strength[c])


def render_command(spec: CommandSpec, lang: str, trump: int | None = None) -> str:
    """``lead your highest trump`` / ``jouez le roi de cœur``."""
    if spec.selector == "card":
        assert spec.card is not None
        return tr("c.card", lang, card=card_name(spec.card, lang, trump))
    if spec.suit is None:
        return tr("c.free", lang)
    key = {"high": "c.high", "low": "c.low", "any": "c.any_suit"}[spec.selector]
    words = _suit_words(spec.suit, lang, trump)
    if lang == "en" and spec.selector == "any" and trump is not None and spec.suit == trump:
        return "lead a trump"
    return tr(key, lang, **words)


def talk_action(text: str, trump: int | None = None) -> Any:
    """A talk entry's notation read back into an action (strings such as ``nocard`` stay strings)."""
    if text in ("nocard", "claim_rejected") or text.startswith("penalty "):
        return text
    try:
        return parse_action(text, Suit(trump) if trump is not None else None, lang="en")
    except ActionError:
        return text


def render_talk(seat: int, entry: Any, lang: str, names: SeatNames, trump: int | None = None,
                leader: int | None = None) -> str:
    """One talk entry in words, e.g. ``Seat 2 asks seat 4: how many trumps?``.

    ``entry`` is an action (Ask, Say, Command, Remark), its notation, or a table event string
    (``nocard``); ``leader`` is the seat commanded, when known.
    """
    action = talk_action(entry, trump) if isinstance(entry, str) else entry
    if isinstance(action, Ask):
        return tr("talk.ask", lang, asker=names.Name(seat), target=names.to(action.target),
                  question=render_question(action.question, lang, trump))
    if isinstance(action, Say):
        return tr("talk.say", lang, who=names.Name(seat), statement=render_statement(action.statement, lang, trump))
    if isinstance(action, Command):
        spec = render_command(action.spec, lang, trump)
        if leader is None:
            return tr("talk.command_nolead", lang, captain=names.Name(seat), spec=spec)
        return tr("talk.command", lang, captain=names.Name(seat), target=names.to(leader), spec=spec)
    if isinstance(action, Remark):
        return tr("talk.remark", lang, who=names.Name(seat), text=action.text)
    if action == "nocard":
        return tr("talk.nocard", lang, who=names.Name(seat))
    if action == "claim_rejected":
        return tr("talk.claim_rejected", lang, who=names.Name(seat))
    if isinstance(action, str) and action.startswith("penalty "):
        return tr("talk.penalty", lang, who=names.the(seat), kind=action.split()[1])
    return tr("ev.other", lang, who=names.Name(seat), action=str(action))


def trick_leader(k: int, first_hand: int, tricks: Sequence[Sequence[Any]]) -> int | None:
    """Who leads trick ``k`` (1-based): the first hand, then the winner of trick ``k - 1``."""
    if k == 1:
        return first_hand if first_hand >= 0 else None
    if 0 <= k - 2 < len(tricks):
        winner = tricks[k - 2][2]
        return int(winner) if winner >= 0 else None
    return None


# ---------------------------------------------------------------- actions in menus


def render_action(action: Any, lang: str, names: SeatNames | None = None, trump: int | None = None) -> str:
    """A short label for a move in a numbered list: ``K♥``, ``high ♠``, ``two trumps``, ``vole stop…``."""
    names = names or SeatNames(None, 10, lang)
    if isinstance(action, Card):
        return card_label(action, lang)
    if isinstance(action, Command):
        spec = action.spec
        if spec.selector == "card":
            assert spec.card is not None
            return card_label(spec.card, lang)
        if spec.suit is None:
            return tr("m.free", lang)
        label = tr({"high": "m.high", "low": "m.low", "any": "m.any_suit"}[spec.selector], lang,
                   suit=SUIT_SYMBOLS[spec.suit])
        return label + (" (atout)" if spec.suit == trump else "")
    if isinstance(action, Say):
        return render_statement(action.statement, lang, trump)
    if isinstance(action, Ask):
        return f"{names.to(action.target)}: {render_question(action.question, lang, trump)}"
    if isinstance(action, Close):
        return tr("m.close", lang)
    if isinstance(action, Vole):
        return tr("m.vole_go" if action.go_on else "m.vole_stop", lang)
    if isinstance(action, Captain):
        return tr("m.captain", lang, seat=action.seat, who=names.name(action.seat))
    if isinstance(action, ChooseDealer):
        return tr("m.dealer", lang, seat=action.seat, who=names.name(action.seat))
    if isinstance(action, Cut):
        return str(action.position)
    return str(action)


def render_menu(actions: Sequence[Any], lang: str, names: SeatNames | None = None, trump: int | None = None,
                width: int = 78) -> str:
    """Actions numbered from 1, packed on lines of at most ``width`` characters.

    >>> print(render_menu([Card("KH"), Card("7S")], "fr"))
       1) R♥  2) 7♠
    """
    labels = [f"{i}) {render_action(a, lang, names, trump)}" for i, a in enumerate(actions, 1)]
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


# ---------------------------------------------------------------- results


def render_result(result: Any, lang: str, target: int | None = None) -> list[str]:
    """The lines announcing a finished coup (a :class:`HandResult` or an observation's result dict)."""
    if isinstance(result, dict):
        number, tricks, points = result["hand"], result["tricks"], result["points"]
        reason, scores = result["reason"], result["scores"]
    else:
        number, tricks, points, reason, scores = (result.number, result.tricks, result.points, result.reason,
                                                   result.scores)
    team = 0 if points[0] > points[1] else 1
    kw = {"hand": number, "t": TEAM_LETTERS[team], "tricks": tricks[team], "other": tricks[1 - team],
          "points": f"A {points[0]:+d}, B {points[1]:+d}"}
    key = {"three": "res.three", "four": "res.three", "vole": "res.vole", "vole_failed": "res.vole_failed",
           "null": "res.null", "revoke": "res.revoke", "redeal": "res.redeal"}.get(reason, "res.redeal")
    if key == "res.null":
        kw["tricks"], kw["other"] = tricks[0], tricks[1]
    lines = [tr(key, lang, **kw)]
    if target is not None:
        lines.append(tr("res.scores", lang, score=score_text(scores), target=target))
    return lines


def render_partie_end(winner_team: int | None, end_reason: str, scores: Sequence[int], lang: str,
                      me: int | None = None) -> list[str]:
    """``Team A wins the partie, A 5 – B 3.`` and, for a player, whether he won."""
    if winner_team is None:
        return [tr("res.unfinished", lang, score=score_text(scores))]
    key = "res.partie_abandon" if end_reason == "abandon" else "res.partie"
    lines = [tr(key, lang, t=TEAM_LETTERS[winner_team], score=score_text(scores))]
    if me is not None:
        lines.append(tr("res.you_win" if me % 2 == winner_team else "res.you_lose", lang))
    return lines


# ---------------------------------------------------------------- the screen


def render_trick(leader: int, cards: Sequence[int], lang: str, names: SeatNames) -> str:
    """``seat 1 (right opponent) 7♠, seat 2 (right partner) K♠``."""
    n = names.n
    return ", ".join(f"{names.name((leader + i) % n)} {card_label(c, lang)}" for i, c in enumerate(cards))


def render_observation(obs: Any, lang: str = "en", last_trick_review: bool | None = None) -> str:
    """The screen for the seat of ``obs``: score, capitaines, atout, levées, talk, the hand.

    ``last_trick_review`` defaults to the game option ``allow_last_trick_review``.
    """
    game_cls = find_game(obs.game)
    game = game_cls(obs.options)
    order: RankOrder = game_cls.order  # type: ignore[attr-defined]
    if last_trick_review is None:
        last_trick_review = bool(game.options["allow_last_trick_review"])
    names = SeatNames(obs.seat, obs.num_seats, lang)
    title = game_cls.title[lang]
    trump = int(obs.trump) if obs.trump is not None else None
    lines: list[str] = []
    if obs.dealer >= 0 and obs.hand_number > 0:
        lines.append("── " + tr("screen.header", lang, game=title, hand=obs.hand_number, dealer=names.name(obs.dealer),
                                  score=score_text(obs.scores), target=obs.target) + " ──")
    else:
        lines.append("── " + tr("screen.header_nohand", lang, game=title, score=score_text(obs.scores),
                                  target=obs.target) + " ──")
    lines.append(tr("screen.you_are", lang, seat=obs.seat, team=TEAM_LETTERS[obs.seat % 2]))
    if min(obs.captains) >= 0:
        lines.append(tr("screen.captains", lang,
                        a=tr("screen.captain_of", lang, t="A", who=names.name(obs.captains[0])),
                        b=tr("screen.captain_of", lang, t="B", who=names.name(obs.captains[1]))))
    in_hand = obs.phase in ("play", "vole") or (obs.phase == "over" and obs.turned is not None)
    if obs.turned is not None and in_hand:
        suit = f"{SUIT_SYMBOLS[trump]} {suit_display(trump, lang)}" if trump is not None else "?"
        card = card_label(obs.turned, lang)
        if obs.turned_in_hand_of is not None:
            lines.append(tr("screen.trump_dealer", lang, suit=suit, card=card, who=names.name(obs.turned_in_hand_of)))
        elif game_cls.talon_size:  # type: ignore[attr-defined]
            lines.append(tr("screen.trump_talon", lang, suit=suit, card=card))
        else:
            lines.append(tr("screen.trump_played", lang, suit=suit, card=card))
    if in_hand:
        lines.append(tr("screen.tricks_won", lang, score=score_text(obs.tricks_won)))
        if obs.vole_team is not None:
            lines.append(tr("screen.vole_on", lang, team=tr("Team", lang, t=names.team(obs.vole_team))))
        k = len(obs.tricks) + 1
        if obs.tricks and not obs.trick and last_trick_review:
            leader, cards, winner = obs.tricks[-1]
            lines.append(tr("screen.last_trick", lang, k=len(obs.tricks),
                            cards=render_trick(leader, cards, lang, names), winner=names.name(winner)))
        if obs.phase == "play":
            if obs.trick:
                lines.append(tr("screen.trick", lang, k=k, cards=render_trick(obs.leader, obs.trick, lang, names)))
            else:
                lines.append(tr("screen.trick_empty", lang, k=k, leader=names.the(obs.leader)))
    if obs.talk and in_hand:
        lines.append(tr("screen.talk", lang))
        for seat, trick_no, text in obs.talk:
            leader = trick_leader(trick_no, obs.first_hand, obs.tricks)
            lines.append("  " + tr("talk.trick_tag", lang, k=trick_no)
                         + render_talk(seat, text, lang, names, trump, leader))
    if obs.phase == "play" and obs.window is not None and obs.window_team is not None:
        lines.append(tr("screen.window", lang, w=obs.window, t=names.team(obs.window_team)))
        if obs.pending_question is not None:
            asker, target, q = obs.pending_question
            question = talk_action(f"ask {target} {q}", trump)
            text = render_question(question.question, lang, trump) if isinstance(question, Ask) else q
            lines.append(tr("screen.pending", lang, asker=names.Name(asker), target=names.to(target),
                            question=text))
    if obs.phase == "play" and obs.command is not None and not obs.trick:
        spec = talk_action(f"command {obs.command}", trump)
        text = render_command(spec.spec, lang, trump) if isinstance(spec, Command) else obs.command
        lines.append(tr("screen.command", lang, spec=text))
    if obs.hand:
        lines.append(f"{tr('screen.hand', lang)} {render_hand(obs.hand, lang, order, trump)}")
    if obs.to_move == TERMINAL:
        lines.append(tr("screen.over", lang))
    elif obs.to_move != CHANCE and obs.to_move != obs.seat:
        who = names.Name(obs.to_move) if lang == "en" else names.to(obs.to_move)
        lines.append(tr("screen.to_move", lang, who=who[:1].upper() + who[1:]))
    return "\n".join(lines)


def describe_event(seat: int, action: Any, lang: str, names: SeatNames, trump: int | None = None) -> str | None:
    """A one-line account of a non-talk action (talk is rendered from the talk entries)."""
    if isinstance(action, Card):
        return tr("ev.play", lang, who=names.Name(seat), card=card_label(action, lang))
    if isinstance(action, Captain):
        return tr("ev.captain", lang, who=names.Name(action.seat), t=names.team(action.seat % 2))
    if isinstance(action, Cut):
        return tr("ev.cut", lang, who=names.Name(seat), n=action.position)
    if isinstance(action, ChooseDealer):
        return tr("ev.choose_dealer", lang, who=names.Name(seat), target=names.the(action.seat))
    if isinstance(action, Close):
        return tr("ev.close", lang, who=names.Name(seat), t=names.team(seat % 2))
    if isinstance(action, Vole):
        return tr("ev.vole_go" if action.go_on else "ev.vole_stop", lang, who=names.Name(seat))
    if isinstance(action, Abandon):
        return tr("ev.abandon", lang, who=names.Name(seat), t=names.team(seat % 2))
    if isinstance(action, ClaimRevoke):
        return tr("ev.claim", lang, who=names.Name(seat))
    if isinstance(action, Penalty):
        return tr("ev.penalty", lang, kind=str(action)[len("penalty "):])
    if isinstance(action, (Ask, Say, Command, Remark)):
        return None
    return tr("ev.other", lang, who=names.Name(seat), action=str(action))

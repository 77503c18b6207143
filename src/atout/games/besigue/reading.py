"""What a Bésigue player types, read as players speak: copies are alike, so a card, an exchange or a
declaration written without copy numbers names the move the player may make with the copies he
holds (the engine picks them, as it picks a copy for a card played); a combination's name alone
names the legal declarations of that name; ``JK``, ``joker`` (French ``JO``) is a joker, and a card
typed with an emoji variation selector (``K♥️``) reads as ``K♥``. Written with copy numbers
(``KH#2``, ``JK3``), the text names exactly those copies, as records do.

And the other way: :func:`plain` writes a text without its copy numbers, as players see cards.

>>> loose("K♥\\ufe0f"), loose("kings KS KH KD joker"), loose("AS#2")
(('K♥', True), ('kings KS KH KD JK1', True), ('AS#2', False))
>>> plain("marriage KH#2 QH 20"), plain("carré-rois RP RC RK JO3 80")
('marriage KH QH 20', 'carré-rois RP RC RK JO 80')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from atout.actions import Action
from atout.cards import BASE_OF, Card, CardSet
from atout.game import fold_name
from atout.games.besigue.actions import Exchange
from atout.games.besigue.declarations import (
    BESIGUE,
    DOUBLE_BESIGUE,
    MARRIAGE,
    TRUMP_MARRIAGE,
    Declaration,
    ordered,
)
from atout.games.besigue.refusals import refuse
from atout.packs import BESIGUE_ORDER

SELECTORS = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))
"""The emoji variation selectors (``K♥️`` is ``K♥`` followed by U+FE0F): read as nothing."""
JOKER_WORDS = ("jk", "jo", "joker")
_EXPLICIT = re.compile(r"#[1-4]\b|\b(?:JK|JO)[1-4]\b", re.IGNORECASE)
_COPY = re.compile(r"#[1-4]\b")
_JOKER = re.compile(r"\b(JK|JO)[1-4]\b")
FAMILY: dict[str, tuple[str, ...]] = {MARRIAGE: (MARRIAGE, TRUMP_MARRIAGE), BESIGUE: (BESIGUE, DOUBLE_BESIGUE)}
"""The declarations a name stands for when copies are left out: ``marriage`` is also the trump
marriage (the first marriage fixes trump), ``besigue`` also the double bésigue."""


def loose(text: str, lang: str | None = None) -> tuple[str, bool]:
    """``text`` made readable (variation selectors dropped, a joker word as ``JK1``, ``JO1`` in
    French) and whether it leaves the copies to the engine (no ``#n``, no numbered joker)."""
    text = text.translate(SELECTORS)
    free = _EXPLICIT.search(text) is None
    joker = "JO1" if lang == "fr" else "JK1"
    words = [joker if fold_name(w) in JOKER_WORDS else w for w in text.split()]
    return " ".join(words), free


def plain(text: str) -> str:
    """``text`` without copy numbers: ``KH#2`` → ``KH``, ``JK3`` → ``JK``."""
    return _JOKER.sub(r"\1", _COPY.sub("", text))


def plain_cards(cards: int, lang: str = "en") -> str:
    """Cards as players see them: each card once, without copy numbers, in the game's order.

    >>> plain_cards(CardSet.parse("KH KH#2 AS JK2")), plain_cards(CardSet.parse("KH QS#3"), "fr")
    ('AS KH JK', 'DP RC')
    """
    once: list[Card] = []
    for c in BESIGUE_ORDER.sorted(CardSet(int(cards))):
        if BASE_OF[c] not in once:
            once.append(BASE_OF[c])
    return plain(" ".join(c.text(lang) for c in once))


def _bases(cards: int) -> list[int]:
    return sorted(BASE_OF[c] for c in ordered(cards))


def alike(action: Action, moves: Sequence[Action], default_points: int) -> Action:
    """The move of ``moves`` that ``action`` (read without copy numbers) names, else ``action``
    itself (then refused, with its reason, when it is applied)."""
    found: Sequence[Action]
    if type(action) is Card:
        found = [m for m in moves if type(m) is Card and BASE_OF[m] == BASE_OF[action]]
    elif type(action) is Exchange:
        found = [m for m in moves if type(m) is Exchange and BASE_OF[m.card] == BASE_OF[action.card]]
    elif type(action) is Declaration:
        names = FAMILY.get(action.name, (action.name,))
        bases = _bases(int(action.cards))
        found = [m for m in moves if type(m) is Declaration and m.name in names and _bases(int(m.cards)) == bases
                 and action.points in (m.points, default_points)]
    else:
        return action
    return action if not found or action in found else found[0]


def by_name(action: Declaration, word: str, moves: Sequence[Action]) -> Declaration:
    """The legal declaration a combination's name alone (``besigue``, ``mariage``) names; refused
    with the matching choices when several match, with the legal ones when none does."""
    names = FAMILY.get(action.name, (action.name,))
    found = [m for m in moves if type(m) is Declaration and m.name in names]
    if len(found) == 1:
        return found[0]
    if found:
        raise refuse("which_declaration", name=word, choices=Plain(found))
    listed = [m for m in moves if type(m) is Declaration]
    raise refuse("bad_declaration", decl=word, legal=Plain(listed) if listed else "-")


class Plain:
    """A refusal's parameter written without copy numbers (cards, actions, lists of them)."""

    __slots__ = ("value",)

    def __init__(self, value: object):
        self.value = value

    def text(self, lang: str = "en") -> str:
        value = self.value
        if isinstance(value, CardSet):
            return plain_cards(value, lang)
        if isinstance(value, (list, tuple)):
            return ", ".join(Plain(v).text(lang) for v in value)
        text = getattr(value, "text", None)
        return plain(str(text(lang)) if callable(text) else str(value))

    def __str__(self) -> str:
        return self.text()


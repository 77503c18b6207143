"""A partie summed up, hand by hand, for any game: as JSON-ready data (:func:`summary`) and as
text in English or French (:func:`summary_text`).

Each hand shows the hands dealt (every deal of the history, card by card), every action in
notation, the points each side won and the score after it. Only what every game gives is used:
``state.history``, ``state.results``, ``state.outcome()``, ``game.sides``.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 1}).new_state()
>>> rng = random.Random(0)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.moves()))
>>> data = summary(state)
>>> data["result"]["reason"], data["sides"], data["side_names"]
('target', [[0, 2], [1, 3]], ['A', 'B'])
>>> hand = data["hands"][0]
>>> hand["number"], [len(h) for h in hand["deals"][0]["hands"]], len(hand["deals"][0]["talon"])
(1, [6, 6, 6, 6], 8)
>>> print(summary_text(state).splitlines()[0])
Quadrette (target_points=1)
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cards import Card
from atout.chance import Deal
from atout.game import JSONObject, State, outcome_json
from atout.record.format import format_start
from atout.record.messages import say
from atout.record.walk import Segment, Step, segments, walk
from atout.record.writer import current_scores, final_text, hand_end_text


def deal_json(deal: Deal) -> JSONObject:
    """A deal in JSON: the cards of every hand by seat, the talon (top first), the turned cards;
    the pack order when the deal kept it; for a view, how many cards each hidden hand holds.

    >>> from atout.cards import CardSet
    >>> deal_json(Deal((CardSet.parse("KH 7S"), CardSet.parse("9D QC")), turned=(Card("9D"),)))
    {'hands': [['7S', 'KH'], ['9D', 'QC']], 'talon': [], 'turned': ['9D']}
    """
    out: JSONObject = {
        "hands": [[str(c) for c in hand] for hand in deal.hands],
        "talon": [str(c) for c in deal.talon],
        "turned": [str(c) for c in deal.turned],
    }
    if deal.pack:
        out["pack"] = [str(c) for c in deal.pack]
    if deal.is_view:
        out["hidden"] = list(deal.hidden)
        out["hidden_talon"] = deal.hidden_talon
    return out


def _step_json(step: Step) -> JSONObject:
    return {"seat": step.seat, "kind": step.kind, "text": step.text}


def _hand_json(segment: Segment) -> list[JSONObject]:
    """One entry per hand the segment scored (a step that scores two hands gives the second no
    actions of its own)."""
    out = []
    for i, r in enumerate(segment.results):
        steps = segment.steps if i == 0 else ()
        out.append({
            "number": r.number,
            "deals": [deal_json(s.shown) for s in steps if isinstance(s.shown, Deal)],
            "actions": [_step_json(s) for s in steps],
            "points": list(r.points),
            "scores": list(r.scores),
            "reason": str(r.reason),
        })
    return out


def summary(state: State) -> JSONObject:
    """A JSON-ready account of a partie: the game, its options and sides, the starting setup (for
    a partie begun from a deal), the score now, the ``result`` (the outcome in the JSON shape of
    ``docs/observation.md``, ``None`` while unfinished), and each hand — its deals, its actions,
    its points — then the hand in progress (``None`` if there is none).

    >>> from atout.games import make_game
    >>> data = summary(make_game("sizette", {"target_points": 7}).new_state())
    >>> data["game"], data["options"], data["scores"], data["result"], data["hands"], data["in_progress"]
    ('sizette', {'target_points': 7}, [0, 0], None, [], None)
    """
    game = state.game
    hands: list[JSONObject] = []
    in_progress = None
    for segment in segments(walk(state)):
        if segment.results:
            hands.extend(_hand_json(segment))
        else:
            in_progress = {"deals": [deal_json(d) for d in segment.deals()],
                           "actions": [_step_json(s) for s in segment.steps]}
    sides = game.sides
    return {
        "game": game.name,
        "options": dict(game.options.changed()),
        "sides": [list(sides.members(i)) for i in range(len(sides))],
        "side_names": [sides.name(i) for i in range(len(sides))],
        "setup": dict(state.setup) if state.setup is not None else None,
        "scores": list(current_scores(state)),
        "result": outcome_json(state.outcome()),
        "hands": hands,
        "in_progress": in_progress,
    }


def cards_text(cards: Sequence[Card], lang: str) -> str:
    return " ".join(c.text(lang) for c in cards) or "-"


def deal_lines(deal: Deal, lang: str = "en") -> list[str]:
    """A deal as text, one line per hand, then the talon and the turned cards.

    >>> from atout.cards import CardSet
    >>> deal_lines(Deal((CardSet.parse("KH 7S"), CardSet.parse("9D QC")), turned=(Card("9D"),)), "fr")
    ['place 0 : 7P RC', 'place 1 : 9K DT', 'retournée : 9K']
    """
    colon = " : " if lang == "fr" else ": "
    lines = []
    for seat, hand in enumerate(deal.hands):
        hidden = deal.hidden[seat] if deal.hidden else 0
        text = say("s_hidden", lang, count=hidden) if hidden else cards_text(list(hand), lang)
        lines.append(say("s_seat", lang, seat=seat) + colon + text)
    if deal.talon or deal.hidden_talon:
        text = cards_text(deal.talon, lang) if deal.talon else say("s_hidden", lang, count=deal.hidden_talon)
        lines.append(say("s_talon", lang) + colon + text)
    if deal.turned:
        lines.append(say("s_turned", lang) + colon + cards_text(deal.turned, lang))
    return lines


def summary_text(state: State, lang: str = "en") -> str:
    """The partie told hand by hand in ``lang``: the sides, each deal's hands, how each hand was
    scored, and the result."""
    game = state.game
    sides = game.sides
    options = game.options.text()
    lines = [game.title.get(lang, game.title["en"]) + (f" ({options})" if options else "")]
    members = ", ".join(f"{sides.name(i)} = {' '.join(str(s) for s in sides.members(i))}" for i in range(len(sides)))
    lines.append(say("s_sides", lang, sides=members))
    if state.setup is not None:
        lines.append(say("s_start", lang, setup=format_start(state.setup)))
    over = state.outcome() is not None
    for segment in segments(walk(state, lang=lang)):
        lines.append("")
        if segment.results:
            lines.append(_cap(say("c_hand", lang, number=segment.results[0].number)))
        else:
            lines.append(_cap(say("c_hand_unscored" if over else "c_hand_open", lang)))
        for deal in segment.deals():
            lines.append("  " + say("s_deal", lang))
            lines.extend("    " + line for line in deal_lines(deal, lang))
        lines.append("  " + say("s_moves", lang, count=len(segment.steps)))
        lines.extend("  " + hand_end_text(r, sides.name, lang) for r in segment.results)
    lines.append("")
    lines.append(_cap(final_text(state, lang)))
    return "\n".join(lines)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]

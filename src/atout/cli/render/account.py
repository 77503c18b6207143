"""A readable account of a partie, for any game: each deal with every hand dealt, then what was
played and said, the results and the end, told by the game's renderer from a neutral seat.

The partie is played again from its history on a fresh state (from its deal when it started
from one), so every event is told exactly as it happened.

>>> import random
>>> from atout.games import make_game
>>> from atout.game import CHANCE
>>> state, rng = make_game("quadrette", {"target_points": 1}).new_state(), random.Random(2)
>>> while not state.is_terminal():
...     state.apply(state.sample_chance(rng) if state.to_move == CHANCE else rng.choice(state.moves()))
>>> text = "\\n".join(partie_account(state, "en"))
>>> text.splitlines()[0], "Coup 1: seat" in text, "wins the partie" in text
('Quadrette (target_points=1)', True, True)
"""

from __future__ import annotations

from atout.cli.i18n import tr
from atout.cli.render import make_renderer
from atout.game import CHANCE, State


def fresh_state(state: State) -> State:
    """A state at the start of ``state``'s history (its first deal, when it started from one)."""
    if state.setup is not None and state.history:
        return state.game.state_from_deal(state.history[0][1], state.setup)
    return state.game.new_state()


def partie_account(state: State, lang: str) -> list[str]:
    """The lines telling the partie of ``state`` from its start, deals shown in full."""
    game = state.game
    replayed = fresh_state(state)
    renderer = make_renderer(game, lang, None, lambda action: str(replayed.action_text(action, lang)))
    options = game.options.text(lang)
    lines = [tr("rep.header", lang, game=renderer.title(), options=f" ({options})" if options else "")]
    history = list(state.history)
    if state.setup is not None and history:
        facts = " ".join(f"{k}={v}" for k, v in state.setup.items())
        lines.append(tr("rep.setup", lang, facts=facts))
        seat, deal = history.pop(0)
        after = replayed.observation(None)
        lines.extend(renderer.event_lines(seat, deal, None, after, (), full=True))
    for seat, action in history:
        before = replayed.observation(None)
        n_results = len(replayed.results)
        replayed.apply(action, None if seat == CHANCE else seat)
        after = replayed.observation(None)
        lines.extend(renderer.event_lines(seat, action, before, after, replayed.results[n_results:], full=True))
    lines.append("")
    lines.extend(renderer.end_lines(replayed.outcome(), replayed.observation(None).scores))
    return lines

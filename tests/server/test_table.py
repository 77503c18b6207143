"""A table in memory, without the network: the log rebuilds it exactly, for every registered game;
refusals change nothing; the seats and the parties follow their entries."""

from __future__ import annotations

import random
from typing import Any

import pytest

from atout.games import game_names
from atout.server.messages import Refusal
from atout.server.settings import Settings
from atout.server.table import FINISHED, PLAYING, Table, TableConfig, abandon_action, best_bot
from tests.server.harness import skip_unported


def seats_for(game: str, first: str = "human") -> tuple[str, ...]:
    from atout.games import make_game

    return (first,) + ("random",) * (make_game(game).num_seats - 1)


def rebuilt(table: Table) -> Table:
    copy = Table(table.id, table.config, table.settings, table.host_hash, table.created)
    copy.restore([(e.number, e.what, e.payload) for e in table.events])
    return copy


def views(table: Table) -> list[Any]:
    n = table.game.num_seats
    return [[e.action_for(v, lang) for v in (None, *range(n)) for lang in ("en", "fr")] for e in table.events]


@pytest.mark.parametrize("game", game_names())
def test_the_log_rebuilds_the_table_exactly(game: str) -> None:
    skip_unported(game)
    rng = random.Random(game)
    table = Table("t", TableConfig(game, {}, seats_for(game)), Settings(seed=3, bot_delay=0))
    table.sit(None, 0, "Anne")
    for _ in range(60):
        table.advance()
        if table.status != PLAYING:
            break
        if rng.random() < 0.1:
            table.set_standin(0, not table.seats[0].standin)
            continue
        legal = [a for a in table.state.legal_actions(0) if a.kind.value in ("move", "claim")]
        if table.state.to_move == 0 and legal:
            table.act(0, table.state.action_text(rng.choice(legal), "en"), table.last_event, "en")
    copy = rebuilt(table)
    assert copy.last_event == table.last_event and copy.status == table.status
    assert [(s, repr(a)) for s, a in copy.state.history] == [(s, repr(a)) for s, a in table.state.history]
    assert [(s.kind, s.name, s.bot, s.token_hash, s.standin) for s in copy.seats] == \
        [(s.kind, s.name, s.bot, s.token_hash, s.standin) for s in table.seats]
    assert views(copy) == views(table)
    for seat in (None, *range(table.game.num_seats)):
        assert copy.view(seat, "fr") == table.view(seat, "fr")
        view, whole = table.view(seat, "en", since=3), table.view(seat, "en")
        assert view is not None and whole is not None
        assert view["log_from"] == 3 and view["log"] == whole["log"][3:]


def test_refusals_change_nothing_and_parties_follow_each_other() -> None:
    table = Table("t", TableConfig("whist", {"game_points": 5}, seats_for("whist")), Settings(seed=5))
    token = table.sit(None, 0, "Anne")
    table.advance()
    before = (table.last_event, len(table.state.history))
    for text, event, code in (("zz", table.last_event, "invalid"), ("KH", table.last_event - 1, "stale")):
        with pytest.raises(Refusal) as refused:
            table.act(0, text, event, "en")
        assert refused.value.code == code
    with pytest.raises(Refusal) as refused:
        table.sit(token, 1, "Anne again")
    assert refused.value.code == "seat_taken"
    with pytest.raises(Refusal):
        table.ask_rematch(0)
    assert (table.last_event, len(table.state.history)) == before
    assert table.seat_of(token) == 0 and table.seat_of("forged") is None and table.is_host(None) is False
    table.replace(0, "random")  # the host gives his seat to a bot: the partie plays itself out
    table.advance()
    assert table.status == FINISHED and table.seat_of(token) is None
    assert abandon_action(table.state, 0) is None  # nothing to abandon once it is over
    table.ask_rematch(0)  # no person seated: the next partie starts at once
    assert table.partie == 2 and table.status == PLAYING
    assert best_bot("sizette") == "heuristic"


def test_production_shuffles_come_from_the_secure_source() -> None:
    """Without a seed (``atout serve``), the table's shuffles use the engine's ``secrets`` default."""
    assert Settings().chance_rng("t", 1) is None
    assert Settings(seed=1).chance_rng("t", 1) is not None
    table = Table("t", TableConfig("whist", {}, ("random",) * 4), Settings(bot_delay=0))
    assert table.record("start", {"partie": 1}).what == "start" and table._chance is None


@pytest.mark.parametrize("game, abandons", [("sizette", True), ("quadrette", True), ("whist", False)])
def test_the_legal_action_that_ends_the_partie_says_so(game: str, abandons: bool) -> None:
    """The view's legal actions mark the abandon (``ends``), for the page to ask before it."""
    skip_unported(game)
    table = Table("t", TableConfig(game, {}, seats_for(game)), Settings(seed=7, bot_delay=0))
    table.sit(None, 0, "Anne")
    table.advance()
    view = table.view(0, "fr")
    assert view is not None
    ends = [a for a in view["legal"] if a.get("ends")]
    quit_action = abandon_action(table.state, 0)
    if abandons:
        assert quit_action is not None and len(ends) == 1 and ends[0]["kind"] == "table"
        assert ends[0]["code"] == table.state.action_text(quit_action, "en")
    else:
        assert quit_action is None and ends == []

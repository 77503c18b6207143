"""``atout serve`` and ``atout bench server`` on the command line: help in both languages, a port
that cannot be bound is a usage error, and ``serve`` prints where its tables live and the address."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx
import pytest

from atout.cli.main import main
from tests.processes import children, left_after
from tests.server.harness import ServerProcess


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_texts(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["serve", "--help"], ["bench", "--help"]):
        assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "--database-url" in out and "--tables" in out and "--sqlite-sync" in out


def test_a_port_in_use_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--data", str(tmp_path), "--lang", "fr"]) == 2
    assert "impossible d'écouter" in capsys.readouterr().err


def test_serve_prints_its_data_folder_and_address(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        server.start()
        assert server.port > 0 and (tmp_path / "atout.sqlite3").is_file()
    finally:
        server.kill()


def test_sigterm_stops_the_server_and_its_workers_cleanly(tmp_path: Path) -> None:
    """SIGTERM, after the bots have thought in the worker pool: exit 0, the workers gone, and no
    warning of locks left behind (uvicorn raises the signal again once it has shut down)."""
    server = ServerProcess(tmp_path, extra=("--bot-workers", "1"))
    try:
        server.start()
        assert server.proc is not None
        made = httpx.post(f"{server.base}/api/tables", json={"game": "quadrette", "seats": ["search"] * 4}, timeout=30)
        assert made.status_code == 201, made.text
        deadline = time.monotonic() + 60
        while httpx.get(f"{server.base}/api/health", timeout=10).json()["bots"]["answered"] < 3:
            assert time.monotonic() < deadline, "the bots did not think in their workers"
            time.sleep(0.1)
        workers = children(server.proc.pid)
        assert workers
        code, out = server.terminate()
    finally:
        server.kill()
    assert code == 0, out
    assert "leaked" not in out and "Traceback" not in out, out
    assert left_after(workers, 10) == []


def test_bench_server_measures_a_small_load() -> None:
    """The load bench end to end on a few tables: its scripted players (in a process of their own)
    play, every sample is within the window, and the figures are printed in both languages."""
    from atout.bots.registry import lobby_bot
    from atout.server.bench import client_processes, format_server_bench, run_server_bench

    # the lobby's own bots, with a delay before each move; Quadrette's hands are short and its search
    # quick, so that first hands end within the window even on a loaded machine (a Whist hand may not)
    result = run_server_bench("quadrette", tables=3, seconds=3.0, think=0.05, seed=4, bots=lobby_bot("quadrette"),
                              bot_delay=0.02)
    assert (result["bots"], result["bot_delay"]) == ("search", 0.02)
    assert "search bots, 0.02 s before each move" in format_server_bench(result)
    assert result["samples"] < 1000 and "fewer than 1000 samples" in format_server_bench(result)
    assert result["errors"] == [], result["errors"]
    assert result["samples"] > 0 and result["player_actions_per_s"] > 0
    assert result["actions_per_s"] >= result["player_actions_per_s"]
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["server_side"]["count"] > 0 and result["client_processes"] == 1
    assert (client_processes(100), client_processes(500), client_processes(5000)) == (1, 2, 2)
    assert "p99" in format_server_bench(result) and "mesures" in format_server_bench(result, "fr")
    first = result["server_side"]["hands"]["first"]   # the first hands' cost per action, from the server's meter
    assert first["actions"] > 0 and first["bytes_per_action"] > 0 and first["cpu_ms_per_action"] > 0
    assert "first hand" in format_server_bench(result) and "première main" in format_server_bench(result, "fr")


def test_the_server_tunes_its_collector_and_keeps_more_json() -> None:
    """``atout serve`` collects the youngest generation ten times less often than Python's default and
    keeps the JSON of ten times as many values (the tables played at once) as the engine's default."""
    import gc

    from atout import game
    from atout.cli import serve

    threshold, limit = gc.get_threshold(), game._FROZEN_LIMIT
    try:
        serve.tune_collector()
        assert gc.get_threshold()[0] == serve.GC_THRESHOLD and game._FROZEN_LIMIT == serve.FROZEN_JSON_KEPT
        assert serve.FROZEN_JSON_KEPT == limit * serve.GC_THRESHOLD // threshold[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        game.keep_frozen_json(limit)

"""Ctrl-C on a long run: ``atout arena`` and ``atout simulate`` stop at once, print the figures of
what was played (exit 130), leave no worker process and no half-written record; a process killed
outright leaves no worker behind either."""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from atout.bots import arena as arena_module
from atout.bots.arena import arena
from atout.bots.simulate import format_simulation, simulate
from atout.cli.main import main
from tests.processes import alive, children, left_after

ROOT = Path(__file__).resolve().parents[2]
simulate_module = importlib.import_module("atout.bots.simulate")   # atout.bots.simulate is also the function


def interrupt_on_call(real: Any, calls: int) -> Any:
    """``real``, except that its ``calls``-th call raises KeyboardInterrupt, as Ctrl-C would there."""
    count = 0

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        nonlocal count
        count += 1
        if count == calls:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    return wrapped


def test_simulate_stopped_gives_the_figures_of_the_parties_played(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    monkeypatch.setattr(simulate_module, "play_partie", interrupt_on_call(simulate_module.play_partie, 4))
    result = simulate("quadrette", bots=("heuristic", "random"), games=50, seed=3, records_dir=tmp_path)
    assert result["interrupted"] and result["games"] == 3 and result["games_asked"] == 50
    assert sum(result["wins"]) + result["ties"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partie-0001.txt", "partie-0002.txt", "partie-0003.txt"]
    whole = simulate("quadrette", bots=("heuristic", "random"), games=3, seed=3)
    assert not whole["interrupted"]
    assert {k: result[k] for k in ("wins", "ties", "mean_points", "decisions")} == \
           {k: whole[k] for k in ("wins", "ties", "mean_points", "decisions")}   # the same three parties
    assert "interrupted: 3 of the 50 parties asked were played" in format_simulation(result)
    assert "interrompu : 3 des 50 parties demandées" in format_simulation(result, "fr")


def test_ctrl_c_while_a_record_is_written_counts_its_partie(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    """Ctrl-C that comes as the third record is written: the record is whole and its partie is in
    the figures (the signal takes effect once both are done), as the folder shows."""
    real = simulate_module._write
    count = 0

    def write(*args: Any) -> None:
        nonlocal count
        real(*args)
        count += 1
        if count == 3:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(simulate_module, "_write", write)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal (a test runner's may differ)
    try:
        result = simulate("quadrette", bots=("heuristic", "random"), games=50, seed=3, records_dir=tmp_path)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler   # put back
    finally:
        signal.signal(signal.SIGINT, previous)
    assert result["interrupted"] and result["games"] == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["partie-0001.txt", "partie-0002.txt", "partie-0003.txt"]


def test_simulate_stopped_before_any_partie_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(simulate_module, "play_partie", interrupt_on_call(simulate_module.play_partie, 1))
    assert main(["simulate", "quadrette", "--games", "5", "--lang", "fr"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == "atout simulate : interrompu"


def test_arena_stopped_gives_the_figures_of_the_deals_played(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(arena_module, "play_deals", interrupt_on_call(arena_module.play_deals, 3))
    assert main(["arena", "piquet", "--bots", "heuristic,random", "--deals", "40", "--workers", "1", "--json"]) == 130
    result = json.loads(capsys.readouterr().out)
    assert result["interrupted"] and result["deals_asked"] == 40
    assert result["deals"] == result["deal_pairs"] == 2 * 10   # two batches of ten deals were played
    whole = arena("piquet", bots=("heuristic", "random"), deals=20, seed=1, workers=1)
    assert not whole["interrupted"] and whole["mean"] == result["mean"]


CLI = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "   # a shell's background
       "from atout.cli.main import main; sys.exit(main())")                                     # job ignores Ctrl-C


def start_arena(*extra: str) -> subprocess.Popen[str]:
    """``atout arena`` with two worker processes and search bots on four worlds (quick to start, slow
    enough to stop midway), in its own process group."""
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "arena", "quadrette", "--bots", "search,heuristic", "--bot-option", "A:worlds=4",
         "--deals", "400", "--workers", "2", "--progress", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")})


def wait_for_deals(process: subprocess.Popen[str]) -> None:
    """Read the progress line until some deals are done."""
    assert process.stderr is not None
    line = ""
    while True:
        char = process.stderr.read(1)
        assert char, f"the arena ended before any progress: {line!r}"
        line = "" if char == "\n" else line + char   # the progress line's \r, as text mode reads it
        if re.search(r": [1-9]\d*/400 deals", line):
            return


def test_ctrl_c_stops_the_arena_and_its_workers_at_once() -> None:
    process = start_arena("--json")
    try:
        wait_for_deals(process)
        workers = children(process.pid)
        assert len(workers) == 2
        os.killpg(process.pid, signal.SIGINT)   # as the terminal sends Ctrl-C: to every process of the command
        assert process.wait(30) == 130
        assert process.stdout is not None and process.stderr is not None
        out, err = process.stdout.read(), process.stderr.read()   # both small: the pipes held them
        result = json.loads(out)
        assert result["interrupted"] and 0 < result["deals"] < result["deals_asked"] == 400
        assert "Traceback" not in err and err.rstrip().endswith("deals, interrupted")
        assert not left_after(workers, 10), f"workers left behind: {workers}"
    finally:
        process.kill()
        process.communicate()


def test_the_arena_workers_leave_when_it_is_killed() -> None:
    process = start_arena()
    workers: list[int] = []
    try:
        wait_for_deals(process)
        workers = children(process.pid)
        assert len(workers) == 2
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        assert not left_after(workers, 20), f"workers left behind: {workers}"
    finally:
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.kill()
        process.communicate()


def test_a_ctrl_c_deferred_is_not_lost_when_the_block_fails() -> None:
    """Ctrl-C in a deferred block that then fails still interrupts, the failure as its context;
    one in a block that ends well interrupts at its end. In a process of its own, its main thread
    with Python's Ctrl-C handler, as at the command line (a test worker may have neither)."""
    code = """
import signal
from atout.processes import ctrl_c_deferred
signal.signal(signal.SIGINT, signal.default_int_handler)   # as at a terminal (a job in the background ignores Ctrl-C)
done = []
try:
    with ctrl_c_deferred():
        signal.raise_signal(signal.SIGINT)
        done.append("after the Ctrl-C")
        raise OSError("disk full")
except KeyboardInterrupt as stopped:
    print("interrupted", type(stopped.__context__).__name__, done)
try:
    with ctrl_c_deferred():
        signal.raise_signal(signal.SIGINT)
        done.append("the block's end")
except KeyboardInterrupt:
    print("interrupted", done[-1], signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert out.stdout.splitlines() == ["interrupted OSError ['after the Ctrl-C']", "interrupted the block's end True"], out

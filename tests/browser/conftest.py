"""Real-browser tests of the web page: Playwright for Python driving Debian's chromium.

The server runs in this process (``create_app`` under uvicorn, in a thread) on a free loopback
port with a fresh SQLite file, seeded deals and bots that answer at once. Each test opens as many
browser contexts as it has players. A failed test leaves a screenshot of every page it opened in
the artifacts folder (``$ATOUT_ARTIFACTS``, else a temporary folder), whose path is printed.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from atout.server import Settings, create_app
from tests.browser.driver import CHROMIUM, CHROMIUM_ARGS

try:
    from playwright import sync_api as playwright_api
except ImportError:  # reported by the browser fixture: the tests fail, they do not skip
    playwright_api = None  # type: ignore[assignment]

ARTIFACTS = Path(os.environ.get("ATOUT_ARTIFACTS") or tempfile.mkdtemp(prefix="atout-browser-"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``create_app(settings)`` served by uvicorn in a thread until :meth:`stop`."""

    def __init__(self, settings: Settings):
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="atout-server", daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture(scope="session")
def server() -> Iterator[LiveServer]:
    data = Path(tempfile.mkdtemp(prefix="atout-browser-db-"))
    live = LiveServer(Settings(data_dir=data, seed=20261123, bot_delay=0, grace=600, max_tables_per_minute=0))
    live.start()
    yield live
    live.stop()
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium through Playwright, for one test module: Playwright's sync API keeps its event loop
    set as the thread's running loop while it is started, so it is stopped before a test of another
    module (a server test's ``asyncio.run``) runs in the same process."""
    if playwright_api is None:
        pytest.fail("the browser tests need Playwright for Python: pip install -e '.[test]'")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need chromium at {CHROMIUM} (apt-get install chromium)")
    with playwright_api.sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[FAILED] = report.failed


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def open_page(browser: Any, server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``open_page(path="/", width=1280, height=900, lang=None, trick_pause=0)``: a page in a
    context of its own (its own localStorage: another person; a won trick stays ``trick_pause``
    ms, ``None`` for the page's default). Page errors fail the test; on failure every page is
    screenshotted into the artifacts folder."""
    contexts: list[Any] = []
    pages: list[Any] = []
    errors: list[str] = []

    def make(path: str = "/", width: int = 1280, height: int = 900, lang: str | None = None,
             trick_pause: int | None = 0) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height}, base_url=server.url)
        if lang is not None:
            context.add_init_script(f"localStorage.setItem('atout.lang', '{lang}')")
        if trick_pause is not None:   # a won trick does not linger unless a test asks for it
            context.add_init_script(f"localStorage.setItem('atout.trickPause', '{trick_pause}')")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        pages.append(page)
        page.goto(path)
        return page

    yield make
    if request.node.stash.get(FAILED, False):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for number, page in enumerate(pages):
            target = ARTIFACTS / f"{request.node.name}-{number}.png"
            try:
                page.screenshot(path=str(target), full_page=True)
            except Exception as error:  # noqa: BLE001 - a closed page: nothing to keep
                print(f"no screenshot of page {number}: {error}")
        print(f"\nbrowser screenshots kept in {ARTIFACTS}")
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"

"""How one server runs: where it keeps its tables, which origins it trusts, its limits.

Production leaves ``seed`` unset: every shuffle then draws from the system's secure source
(:mod:`secrets`, the engine's default), and each bot from its own secure seed. Tests set
``seed`` so that every table's deals and bots repeat.

>>> s = Settings(data_dir=Path("/tmp/atout-doc"))
>>> s.url(), s.seed is None, s.grace
('sqlite:////tmp/atout-doc/atout.sqlite3', True, 60)
>>> Settings(database_url="postgresql+psycopg://u@h/db").url()
'postgresql+psycopg://u@h/db'
"""

from __future__ import annotations

import os
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_PORT = 8765
DATABASE_FILE = "atout.sqlite3"


def default_bot_workers() -> int:
    """Worker processes for the bots that think: one per core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def default_data_dir() -> Path:
    """``$ATOUT_DATA``, else ``$XDG_DATA_HOME/atout``, else ``~/.local/share/atout``."""
    given = os.environ.get("ATOUT_DATA")
    if given:
        return Path(given)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "atout"


@dataclass(frozen=True)
class Settings:
    """The server's settings (every field has a default fit for ``atout serve`` on one machine)."""

    database_url: str = ""              # empty: a SQLite file in data_dir
    data_dir: Path = field(default_factory=default_data_dir)
    allowed_origins: tuple[str, ...] = ()  # besides the server's own address
    trusted_proxies: tuple[str, ...] = ()  # addresses or networks whose X-Forwarded-For is believed
    seed: int | None = None             # tests only: seeded deals and bots
    grace: int = 60                     # default seconds before a stand-in plays for an absent person
    bot_delay: float = 0.6              # seconds a bot waits before each move (0: at once)
    bot_workers: int = field(default_factory=default_bot_workers)   # processes in which the bots that think
                                        # decide (0: on the event loop, as the quick bots always do)
    bot_timeout: float = 30.0           # seconds a thinking bot may take (waiting for a worker included);
                                        # beyond, the seat plays its first legal move
    max_message: int = 4096             # bytes of one client message
    max_frame: int = 65536              # a bigger WebSocket frame closes the connection
    rate: float = 20.0                  # messages per second per connection ...
    burst: int = 40                     # ... with bursts of this many
    heavy_rate: float = 1.0             # records and hints per second per connection ...
    heavy_burst: int = 5                # ... with bursts of this many
    downloads_per_minute: int = 60      # records and replays one address may fetch over HTTP (0: no limit)
    hello_timeout: float = 10.0         # seconds to send hello
    max_tables_per_minute: int = 10     # tables one address may create in a minute (0: no limit)
    outbox_limit: int = 2000            # queued messages to one slow connection before it is dropped
    sockets_per_address: int = 64       # WebSockets one address may hold open at once (0: no limit)
    static_dir: Path | None = None      # default: the package's web/static folder
    sqlite_sync: str = "FULL"           # SQLite's synchronous pragma: FULL survives a power cut; NORMAL (WAL)
                                        # survives a killed process, and tests use it for speed
    download_workers: int = 1           # worker processes that build records and replays (off the event loop)
    download_jobs: int = 4              # builds running or waiting at once; beyond, a request is refused (busy)
    download_cache: int = 32 * 2**20    # bytes of finished parties' records and replays kept (gzipped)
    download_hold: str = ""             # tests only: a file each replay build waits for (it first writes
                                        # <file>.started), so that a test can hold a build in progress

    def url(self) -> str:
        """The SQLAlchemy URL of the database."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / DATABASE_FILE}"

    def rng(self, purpose: str) -> random.Random:
        """A generator for ``purpose`` (a table's deals, a bot): seeded in tests, else secure-seeded.

        The deals themselves use the engine's secure default when no seed is set: see
        :meth:`chance_rng`.
        """
        if self.seed is None:
            return random.Random(secrets.randbits(64))
        return random.Random(f"{self.seed}:{purpose}")

    def chance_rng(self, table_id: str, partie: int) -> random.Random | None:
        """The generator of a table's shuffles: ``None`` (the engine's :mod:`secrets` source) unless seeded."""
        if self.seed is None:
            return None
        return random.Random(f"{self.seed}:{table_id}:{partie}")

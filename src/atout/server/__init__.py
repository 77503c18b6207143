"""The online table: an ASGI server (Starlette under uvicorn) where people and bots play every
registered game together, each browser seeing only what its seat may know.

- :mod:`~atout.server.app`: :func:`create_app`, the HTTP routes and the WebSockets
  (``docs/protocol.md``);
- :mod:`~atout.server.hub`: the tables of one server, the lobby, the restart from the log;
- :mod:`~atout.server.actor`: one task per table that serialises its commands, saves, then sends;
- :mod:`~atout.server.table`: a table in memory, changed only by the entries of its log;
- :mod:`~atout.server.store`: SQLAlchemy Core (SQLite by default, PostgreSQL), group commit;
- :mod:`~atout.server.schema`, :mod:`~atout.server.limits`, :mod:`~atout.server.identity`,
  :mod:`~atout.server.messages`: checking, limiting and answering what clients send;
- :mod:`~atout.server.downloads`: records and replays; :mod:`~atout.server.bench`: the load bench.

How it is built and how it would grow past one machine: ``docs/server.md``.

>>> from atout.server import Settings, create_app
>>> callable(create_app(Settings(bot_delay=0)))
True
"""

from atout.server.app import create_app
from atout.server.settings import Settings

__all__ = ["Settings", "create_app"]

"""A table refused for its options is refused in the request's language (``?lang=fr``, as the
lobby asks): the engine's own words for the option, French or English, under the code ``option``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from atout.errors import OptionError
from atout.games import find_game
from tests.server.harness import quick_settings, running

BAD = [("sizette", {"target_points": "0"}), ("besigue", {"players": "3", "pack": "classic"}),
       ("besigue", {"players": "3", "partnerships": True})]


def words(game: str, options: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(OptionError) as caught:
        find_game(game)(options)
    return {"en": caught.value.text("en"), "fr": caught.value.text("fr")}


def test_an_option_refusal_speaks_the_requests_language(folder: Path) -> None:
    async def main() -> None:
        async with running(quick_settings(folder)) as served, served.http() as http:
            for game, options in BAD:
                expected = words(game, options)
                assert expected["fr"] != expected["en"], (game, options)
                for query, lang in (("?lang=fr", "fr"), ("?lang=en", "en"), ("", "en"), ("?lang=xx", "en")):
                    made = await http.post(f"/api/tables{query}", json={"game": game, "options": options})
                    setup = await http.post(f"/api/games/{game}/setup{query}", json={"options": options})
                    for answer in (made, setup):
                        assert answer.status_code == 400, (game, options, query)
                        assert answer.json() == {"error": "option", "message": expected[lang]}, (game, options, query)
            assert served.hub.lobby() == []

    asyncio.run(main())

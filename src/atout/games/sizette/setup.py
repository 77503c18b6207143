"""The setup of a state made from one deal (:meth:`SizetteGame.state_from_deal`): the facts a
record stores as text beside the deal, read and written back in full.

Keys: ``dealer`` (default: the last seat, so seat 0 leads), ``captains`` (``"2,3"``: side A's,
then side B's; default (docs/rules/decisions.md#quadrette-captains): the first hand's partner for the side on lead, the
dealer for the other), ``scores`` (``"2-1"``, or ``"-1-0"`` when scores may be negative) and
``hand`` (the hand's number, default 1). Only ASCII digits are numbers.

>>> from atout.games.sizette.spec import SizetteGame
>>> game = SizetteGame()
>>> state = game.state_from_deal(game.deal_from_pack(list(game.pack), dealer=2), {"dealer": "2"})
>>> state.setup
{'dealer': '2', 'captains': '2,5', 'scores': '0-0', 'hand': '1'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from atout.errors import OptionError
from atout.game import parse_int

if TYPE_CHECKING:
    from atout.games.sizette.state import SizetteState

SETUP_KEYS = ("dealer", "captains", "scores", "hand")


def read_setup(st: SizetteState, setup: Mapping[str, str]) -> None:
    """Set ``st``'s dealer, captains, scores and hand number from ``setup``, and ``st.setup``."""
    n = st.n
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        keys, known = ", ".join(sorted(unknown)), ", ".join(SETUP_KEYS)
        raise OptionError(f"unknown setup keys: {keys} (known: {known})",
                          f"clés de départ inconnues : {keys} (connues : {known})")
    st.dealer = _number(setup.get("dealer", str(n - 1)), "dealer", 0, n - 1)
    st.hand_no = _number(setup.get("hand", "1"), "hand", 1, 10**6)
    captains = setup.get("captains")
    if captains is None:
        st.captains = (st.default_captain(0), st.default_captain(1))
    else:
        a, _, b = captains.partition(",")
        st.captains = (_number(a, "captain", 0, n - 1), _number(b, "captain", 0, n - 1))
        if st.side_of[st.captains[0]] != 0 or st.side_of[st.captains[1]] != 1:
            raise OptionError(f"captains {captains!r}: a seat of side A, then a seat of side B",
                              f"captains {captains!r} : une place de l'équipe A, puis une de l'équipe B")
    scores = setup.get("scores", "0-0").strip()
    head, sep, tail = scores[1:].partition("-")
    if not sep:
        raise OptionError(f"scores {scores!r}: write them A-B, e.g. 2-1",
                          f"scores {scores!r} : écrivez-les A-B, par ex. 2-1")
    st.scores = (_number(scores[0] + head, "score", -999, 999), _number(tail, "score", -999, 999))
    st.setup = {"dealer": str(st.dealer), "captains": f"{st.captains[0]},{st.captains[1]}",
                "scores": f"{st.scores[0]}-{st.scores[1]}", "hand": str(st.hand_no)}


WHAT_FR = {"dealer": "donneur", "hand": "coup", "captain": "capitaine", "score": "score"}


def _number(text: str, what: str, lo: int, hi: int) -> int:
    value = parse_int(text)
    if value is None or not lo <= value <= hi:
        raise OptionError(f"{what} {text!r}: a number from {lo} to {hi}",
                          f"{WHAT_FR[what]} {text!r} : un nombre de {lo} à {hi}")
    return value

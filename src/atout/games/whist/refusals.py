"""Why the engine refuses a Whist action: a code, its parameters, and its text in English and
French (:class:`~atout.errors.IllegalActionError` or :class:`~atout.errors.InvalidActionError`).
The codes every game shares (a seat out of turn, a card not held, a deal that is not the pack…)
are the core's (:mod:`atout.refusals`); here are Whist's own.

>>> err = refuse("must_follow", cards="5H 9H")
>>> err.code, str(err), err.text("fr")
('must_follow', 'you must follow suit: play one of 5H 9H', 'vous devez fournir : jouez 5H 9H')
>>> refuse("unknown", text="xyz").text("fr")[:40]
"'xyz' n'est pas une action de ce jeu (un"
"""

from __future__ import annotations

from atout.errors import ActionError, IllegalActionError, InvalidActionError
from atout.refusals import CORE_MESSAGES, Words

MESSAGES: dict[str, dict[str, str]] = {
    **CORE_MESSAGES,
    "bad_cut_draw": {"en": "with partners by the cut, the two lowest cards sit opposite each other",
                     "fr": "avec les partenaires à la coupe, les deux plus basses cartes sont face à face"},
}
INVALID = frozenset({"unknown"})
EXAMPLES = Words({"en": "a card such as KH, cut 12, show, pass, call, answer yes",
                  "fr": "une carte comme RC, coupe 12, montre, passe, appel, réponse oui"})


def refuse(code: str, **params: object) -> ActionError:
    """The refusal ``code``: an :class:`InvalidActionError` for text that is no action, else an
    :class:`IllegalActionError`."""
    if code == "unknown":
        params.setdefault("examples", EXAMPLES)
    cls = InvalidActionError if code in INVALID else IllegalActionError
    return cls.of(MESSAGES, code, **params)

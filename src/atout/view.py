"""How a game's position reads on a screen: the label of each field in English and French, how
its values read (a seat, a signed number, « — » for the engine's ``-1`` meaning « none », a word
for an engine key such as ``three`` or ``declare``), which fields the page leaves out, the
phases' names, and the few facts of layout the page cannot read from the position (places round
the table beside the seats, the words of a notation that name a seat).

Each game declares its :class:`GameView` beside its engine (``atout.games.<game>.view``) over the
fields every game shares (:data:`COMMON`); the server sends it to the page (``GET /api/games``,
the ``sync``'s table), which knows no game by name.

>>> view = GameView({"streak": Field("streak", "série", values=NONE)}, {"play": ("play", "jeu")})
>>> data = view.to_json()
>>> data["fields"]["streak"]["label"], data["fields"]["streak"]["values"]["-1"]
({'en': 'streak', 'fr': 'série'}, {'en': '', 'fr': ''})
>>> data["fields"]["dealer"]["seat"], data["phases"]["play"]["fr"]
(True, 'jeu')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Words = tuple[str, str]
"""English and French."""

Values = Mapping[int, Words] | Mapping[str, Words]
"""A field's engine values (whole numbers, or texts) and their words."""

NONE: Mapping[int, Words] = {-1: ("", "")}
"""The engine's ``-1`` for « none » or « not yet »: nothing shown."""


@dataclass(frozen=True)
class Field:
    """One field of a position (or a key of its records): its label and how its values read.

    ``values`` maps an engine value to its words (``("", "")``: nothing shown); ``seat``: the
    value is a seat (shown by the seat's name; ``-1`` none); ``signed``: a number shown with its
    sign (``+3``, ``−2``); ``hidden``: the page leaves the field out (the engine's own bookkeeping,
    or shown elsewhere); ``place``: cards face up at that place of the table (the mort's hand at
    place 3); ``pile``: a count of cards face down, drawn as a pile in the middle (a talon);
    ``said``: see below."""

    en: str
    fr: str
    values: Values = field(default_factory=dict)
    seat: bool = False
    signed: bool = False
    hidden: bool = False
    place: int = -1
    pile: bool = False
    per_side: bool = False
    """A list of records, one per side in the order of ``sides``: each row is headed by its side."""
    said: str = ""
    """The field is shown as the log said it: the words of the hand's latest log entry of this
    type (a command in force: the ``command`` that gave it)."""

    def to_json(self) -> dict[str, object]:
        values: dict[int | str, Words] = {raw: words for raw, words in self.values.items()}
        if self.seat:
            values.setdefault(-1, ("", ""))
        out: dict[str, object] = {"label": {"en": self.en, "fr": self.fr}}
        if values:
            out["values"] = {_key(raw): {"en": en, "fr": fr} for raw, (en, fr) in values.items()}
        for flag in ("seat", "signed", "hidden", "pile", "per_side"):
            if getattr(self, flag):
                out[flag] = True
        if self.place >= 0:
            out["place"] = self.place
        if self.said:
            out["said"] = self.said
        return out


def _key(raw: object) -> str:
    """A value as the page looks it up (``String(value)`` in JavaScript)."""
    if raw is True or raw is False:
        return "true" if raw else "false"
    if raw is None:
        return "null"
    return str(raw)


def seat_field(en: str, fr: str) -> Field:
    return Field(en, fr, seat=True)


def hidden(en: str = "", fr: str = "") -> Field:
    return Field(en, fr, hidden=True)


COMMON: dict[str, Field] = {
    "hand_number": Field("deal", "donne"),
    "dealer": seat_field("dealer", "donneur"),
    "leader": seat_field("leader", "entame"),
    "winner": seat_field("winner", "gagnant"),
    "tricks_won": Field("tricks won", "levées gagnées"),
    "target": Field("target", "but"),
    "talon": Field("talon", "talon", pile=True),
    "talon_size": Field("talon", "talon", pile=True),
    "settlement": Field("settlement", "règlement", signed=True),
    "hand": Field("deal", "donne"),
    "points": Field("points", "points", signed=True),
    "scores": Field("score", "marque"),
    "tricks": Field("tricks", "levées"),
    "trump": Field("trump", "atout"),
    "reason": Field("how", "comment"),
    "cards": Field("cards", "cartes"),
    "played": hidden("cards played", "cartes jouées"),
    "last_trick": hidden("last trick", "dernière levée"),
    "places": hidden(),
    "partners": hidden("partners", "partenaires"),
    "phase": Field("phase", "phase"),
    "value": Field("value", "valeur"),
}
"""The fields (and record keys) many games share; a game's view may say them otherwise."""

COMMON_PHASES: dict[str, Words] = {
    "draw": ("draw for the deal", "tirage"),
    "cut": ("cut", "coupe"),
    "deal": ("deal", "donne"),
    "play": ("play", "jeu"),
    "over": ("over", "fini"),
}


@dataclass(frozen=True)
class GameView:
    """A game's fields and phases in words and its layout facts (see the module doc)."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    phases: Mapping[str, Words] = field(default_factory=dict)
    places: int = 0
    """Places round the table when more than the seats (the mort's)."""
    seat_words: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """For an action whose notation starts with a word, the positions of the words naming a seat."""

    def to_json(self) -> dict[str, object]:
        fields = {**COMMON, **self.fields}
        phases = {**COMMON_PHASES, **self.phases}
        return {"fields": {name: f.to_json() for name, f in fields.items()},
                "phases": {name: {"en": en, "fr": fr} for name, (en, fr) in phases.items()},
                "places": self.places, "seat_words": {verb: list(at) for verb, at in self.seat_words.items()}}


DEFAULT = GameView()

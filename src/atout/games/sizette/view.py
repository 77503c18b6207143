"""How a Sizette (or Quadrette) position reads on a screen (:mod:`atout.view`): the speech window
in words (never its code ``C1``), the command in force and the question waiting as the log said
them, the coup's result in words (never ``three``), the phases, and the words of the notation
that name a seat, in English and French.

>>> data = VIEW.to_json()
>>> data["fields"]["window"]["values"]["C1"]["fr"], data["fields"]["reason"]["values"]["three"]["en"]
('consultation avant l’entame', 'three levées')
>>> data["seat_words"]["ask"]
[1]
"""

from __future__ import annotations

from atout.games.sizette.words import MESSAGES
from atout.view import Field, GameView, hidden, seat_field

REASONS = {key.split(".", 1)[1]: pair for key, pair in MESSAGES.items() if key.startswith("reason.")}
SIDES = {0: ("team A", "équipe A"), 1: ("team B", "équipe B"), -1: ("", "")}

FIELDS = {
    "first_hand": seat_field("first hand", "premier en main"),
    "captains": seat_field("capitaine", "capitaine"),
    "turned": Field("retourne", "retourne"),
    "turned_in_hand_of": seat_field("holds the retourne", "tient la retourne"),
    "window": Field("speech", "parole", values={
        "C0": ("captains may change", "changement de capitaine"),
        "C1": ("consultation before the lead", "consultation avant l’entame"),
        "C2": ("the other team's consultation", "consultation de l'autre équipe"),
        "C3": ("consultation after three levées", "consultation après trois levées")}),
    "window_team": hidden("team speaking", "équipe qui parle"),
    "pending_question": Field("question waiting", "question en attente", said="ask"),
    "pending_claims": hidden("claims waiting", "réclamations en attente"),
    "command": Field("command in force", "commandement en vigueur", said="command"),
    "failed_commands": Field("commands not obeyed", "commandements impossibles", values={0: ("", "")}),
    "vole_team": Field("going for the vole", "tente la vole", values=SIDES),
    "talk": hidden("talk", "paroles"),
    "reason": Field("how", "comment", values=REASONS),
    "penalty": Field("penalty", "pénalité", values={
        "revoke": ("renonce", "renonce"), "misdeal": ("misdeal", "maldonne"),
        "exposed_card": ("card exposed", "carte exposée"), "out_of_turn": ("out of turn", "hors tour"),
        "looked_at_tricks": ("looked at the levées", "a regardé les levées")}),
    "plays": hidden("levées", "levées"),
}
PHASES = {
    "choose_dealer": ("choosing the dealer", "choix du donneur"),
    "captains": ("naming the capitaines", "choix des capitaines"),
    "vole": ("the vole?", "la vole ?"),
}

VIEW = GameView(FIELDS, PHASES, seat_words={"ask": (1,), "captain": (1,), "change": (2,)})

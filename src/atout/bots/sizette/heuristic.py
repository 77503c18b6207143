"""The Sizette and Quadrette heuristic: partner-aware card play, a captain who asks and commands,
true answers, and (table-law mode) revoke claims.

Play: :mod:`atout.bots.sizette.play`; talk, commands, the vole and claims:
:mod:`atout.bots.sizette.talk`; what it deduces from the observation:
:mod:`atout.bots.sizette.knowledge`. It decides from the observation alone and is
deterministic except for the cut (a random legal cut).

>>> import random
>>> from atout.games import make_game
>>> from atout.games.sizette.actions import Ask
>>> from atout.bots.runner import play_partie
>>> bots = [HeuristicBot(random.Random(s), detail="high") for s in range(4)]
>>> state = play_partie(make_game("quadrette"), bots, random.Random(2))
>>> state.outcome() is not None, any(isinstance(a, Ask) for _, a in state.history)
(True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from atout.actions import Action, ActionKind
from atout.bots.base import Offered
from atout.bots.sizette.knowledge import Knowledge
from atout.bots.sizette.play import choose_card
from atout.bots.sizette.talk import (
    DETAILS,
    GAME_TELLS,
    TELLS,
    choose_command,
    claim_of,
    free_command,
    next_question,
    pick_answer,
    proven_revoke,
    stated_own_cards,
    telling_all,
    vole_decision,
)
from atout.cards import Card
from atout.games.sizette.actions import Answer, Captain, ChooseDealer, Cut, Dispute

if TYPE_CHECKING:
    from atout.games.sizette.observation import SizetteObservation

VOLE_POLICIES = ("plausible", "always")


class HeuristicBot:
    """A sensible player. ``detail``: how much it says when asked ("none", "low", "medium",
    "high"); ``vole``: "plausible" (go on only with the top trumps) or "always"; ``tell``: in which
    windows its side tells every card (:data:`~atout.bots.sizette.talk.TELLS`: "asked", the
    default, never; "all", "leading", "defending"), its captain stating his hand and asking each
    team-mate every suit, the team-mates answering in full, and once he has stated his hand
    ordering « any »; "leader": before its side's opening lead, all but the leader's cards, told
    to the leader; ``None``: the game's policy for a side that listens
    (:data:`~atout.bots.sizette.talk.GAME_TELLS`, the search's default).

    It acts out of turn only to claim a revoke it can prove, so it asks for those chances
    (``interjects``) only once it has seen that the table plays by table law. Asked to answer a
    penalty claimed against its side, it disputes it: a bot commits none of a real table's faults.
    """

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None, detail: str = "medium", vole: str = "plausible",
                 tell: str | None = "asked"):
        if detail not in DETAILS:
            raise ValueError(f"detail must be one of {', '.join(DETAILS)}, got {detail!r}")
        if tell is not None and tell not in TELLS:
            raise ValueError(f"tell must be one of {', '.join(TELLS)}, got {tell!r}")
        if vole not in VOLE_POLICIES:
            raise ValueError(f"vole must be one of {', '.join(VOLE_POLICIES)}, got {vole!r}")
        self.rng = rng if rng is not None else random.Random()
        self.detail = detail
        self.vole = vole
        self.tell = tell
        self.interjects = False

    def act(self, offered: Offered) -> Action:
        obs = cast("SizetteObservation", offered)   # the runner hands a bot its own game's observations
        if not self.interjects and obs.options.get("table_law_mode", False):
            self.interjects = True
        moves: list[Action] = []
        talk: list[Action] = []
        for a in obs.legal:
            if a.kind is ActionKind.MOVE:
                moves.append(a)
            elif a.kind is ActionKind.TALK:
                talk.append(a)
        if self.interjects:
            claim = self.interject(obs)
            if claim is not None:
                return claim
        telling = TELLS[self.tell or GAME_TELLS[obs.game]]
        pending = obs.pending_question
        if pending is not None and pending[1] == obs.seat:
            answers = [a for a in obs.legal if isinstance(a, Answer)]
            if answers:
                return pick_answer(answers, "high" if obs.window in telling.windows else self.detail)
        if talk and obs.window in telling.windows:
            word = telling_all(obs, talk, to_leader=telling.to_leader)
            if word is not None:
                return word
        if not moves:
            dispute = next((a for a in obs.legal if isinstance(a, Dispute)), None)
            if dispute is not None:  # a penalty claimed against its side: bots commit no table fault
                return dispute
            if talk:
                return talk[0]
            raise ValueError(f"seat {obs.seat} has nothing to choose from")
        phase = obs.phase
        if phase == "captains":
            return next((m for m in moves if isinstance(m, Captain) and m.seat == obs.seat), moves[0])
        if phase in ("cut", "choose_dealer"):
            steps = [m for m in moves if isinstance(m, (Cut, ChooseDealer))]  # never a change of captain
            return self.rng.choice(steps or moves)
        if phase == "vole":
            return vole_decision(Knowledge(obs), moves, self.vole)
        if type(moves[0]) is Card:
            return choose_card(Knowledge(obs), moves)
        window = obs.window
        if window == "C1" or window == "C3":
            if telling.to_leader or stated_own_cards(obs):   # the leader knows all the captain knows of their side
                return free_command(moves)
            k = Knowledge(obs)
            if window == "C1":
                question = next_question(k, talk)
                if question is not None:
                    return question
            return choose_command(k, moves)
        return moves[0]  # C2: "close"

    def interject(self, offered: Offered) -> Action | None:
        """A dispute of a penalty claimed against its side (a bot commits no table fault), or a
        revoke claim when one is listed and an opponent has certainly revoked."""
        obs = cast("SizetteObservation", offered)
        dispute = next((a for a in obs.legal if isinstance(a, Dispute)), None)
        if dispute is not None:
            return dispute
        claim = claim_of(obs.legal)
        if claim is None or not obs.played:
            return None
        return claim if proven_revoke(obs) else None

    def __repr__(self) -> str:
        return f"HeuristicBot(detail={self.detail!r}, vole={self.vole!r}, tell={self.tell!r})"

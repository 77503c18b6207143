"""One table in memory: its seats, its partie, and its numbered events, built from its log.

A :class:`Table` changes only through :meth:`Table.record`: each change is an entry of the
table's append-only log (``sit``, ``leave``, ``replace``, ``start``, ``action``, ``standin``,
``rematch``, ``end``), numbered, and applied here in one place. A live command appends entries;
a restart replays the same entries in the same order through the same code, so a table comes
back exactly as it was. Nothing here waits or writes: the table's actor
(:mod:`atout.server.actor`) saves the new entries, then sends them.

The rules stay in the engine: an action is read by ``state.parse_action``, refused by
``state.apply``, and shown to each viewer through ``state.visible_action``.

>>> from atout.server.settings import Settings
>>> config = TableConfig("whist", {"game_points": 5}, ("human", "random", "random", "random"))
>>> table = Table("t1", config, Settings(seed=1, bot_delay=0))
>>> token = table.sit(None, 0, "Anne")
>>> table.advance()  # chance and the bots; then seat 0, a person, must decide
False
>>> [e.what for e in table.take_new()][:3], table.status
(['sit', 'start', 'action'], 'playing')
>>> table.state.to_move, table.seats[0].name
(0, 'Anne')
>>> view = table.view(0, "fr")
>>> sorted(view), view["log_from"], len(view["log"]) == view["position"]["log_length"]
(['legal', 'log', 'log_from', 'partie', 'position'], 0, True)
>>> table.view(0, "fr", since=len(view["log"]))["log"]
[]
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypedDict, cast

from atout.actions import Action, ActionKind, is_template
from atout.bots import make_bot
from atout.bots.base import Bot, InterjectingBot, Offered
from atout.bots.registry import table_bots
from atout.errors import ActionError, AmbiguousActionError, InvalidActionError
from atout.game import CHANCE, TERMINAL, EndReason, Game, JSONObject, Observation, OptionValue, State, outcome_json
from atout.games import make_game
from atout.log import LogEntry, LogView
from atout.server.identity import matches, new_token, token_hash
from atout.server.json_checks import text_or_none, whole, wholes
from atout.server.messages import Refusal
from atout.server.settings import Settings

LANGS = ("en", "fr")
MAX_EXTRAS = 64        # optional actions a bot may take in one turn before it must move (as the bots' runner)
MAX_BURST = 5000       # steps one command may cause, at most (a safety net)
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
HUMAN, OPEN, BOT = "human", "open", "bot"


class Looks(NamedTuple):
    """What a view shows besides its log entries (:meth:`Table.looks`)."""

    partie: int
    position: JSONObject
    legal: list[JSONObject]
    log: LogView


class View(TypedDict):
    """What a viewer is shown of the partie in progress (:meth:`Table.view`, ``docs/protocol.md``)."""

    partie: int
    position: JSONObject
    legal: list[JSONObject]
    log: list[JSONObject]
    log_from: int


@dataclass(frozen=True)
class TableConfig:
    """What a table is created with: the game, its options (those that differ from the defaults),
    each seat's first occupant (``"human"`` or a bot name) and the table's rules."""

    game: str
    options: Mapping[str, OptionValue]
    seats: tuple[str, ...]
    spectators: bool = True
    hints: bool = True
    turn_timer: int = 0
    grace: int = 60

    def to_json(self) -> JSONObject:
        return {"game": self.game, "options": dict(self.options), "seats": list(self.seats),
                "spectators": self.spectators, "hints": self.hints, "turn_timer": self.turn_timer,
                "grace": self.grace}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> TableConfig:
        """The configuration saved by :meth:`to_json` (read back from the store: checked here)."""
        options, seats = data["options"], data["seats"]
        if not isinstance(options, dict) or not all(isinstance(v, (bool, int, str)) for v in options.values()):
            raise TypeError(f"a table's options map names to values, not {options!r}")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise TypeError(f"a table's seats are a list of texts, not {seats!r}")
        return cls(str(data["game"]), dict(options), tuple(seats), bool(data["spectators"]),
                   bool(data["hints"]), whole(data, "turn_timer"), whole(data, "grace"))


class ActionView(TypedDict):
    """How one viewer sees an action (:attr:`Event.views`): its code, its text and its words by
    language, its kind."""

    code: str
    text: dict[str, str]
    kind: str
    words: dict[str, str]


@dataclass
class Seat:
    """Who holds a seat: a person (``human``), nobody yet (``open``) or a ``bot``; ``standin`` when a
    bot plays for an absent person. ``connections`` and ``away_since`` are not saved."""

    kind: str
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    standin: bool = False
    connections: int = 0
    away_since: float | None = None


@dataclass
class Event:
    """One numbered entry of the log, with what each audience is shown of it.

    ``payload`` is what the log stores; ``public`` what every connection may see of it (never a
    token's hash). For an ``action``, ``views`` maps each viewer (a seat, ``None`` for a spectator)
    to the action as that viewer sees it (``code``, ``text`` by language, ``kind``, ``words`` by
    language: the sentence of the game's phrase book).
    """

    number: int
    partie: int
    what: str
    payload: JSONObject
    status: str
    public: JSONObject = field(default_factory=dict)
    views: dict[int | None, ActionView] | None = None

    def action_for(self, viewer: int | None, lang: str) -> JSONObject | None:
        if self.views is None:
            return None
        view = self.views.get(viewer, self.views.get(None))
        assert view is not None
        words = view.get("words", {})
        return {"code": view["code"], "text": view["text"].get(lang, view["code"]), "kind": view["kind"],
                "words": words.get(lang) or words.get("en", "")}

    def is_play(self) -> bool:
        """Whether the event is part of the game (an action), which a table without spectators
        shows only to its seated players."""
        return self.what == "action"


def best_bot(game: Game | str) -> str:
    """The bot that stands in for absent people and gives hints: the game's own heuristic when it
    has one, else the last bot listed for it."""
    names = table_bots(game)
    return "heuristic" if "heuristic" in names else names[-1]


def abandon_action(state: State, seat: int) -> Action | None:
    """The action by which ``seat`` leaves the partie under the game's rule, if the game has one:
    a ``TABLE`` action that ends the partie by abandon (found by trying each on a copy)."""
    for action in state.legal_actions(seat):
        if action.kind is not ActionKind.TABLE:
            continue
        trial = state.clone()
        try:
            trial.apply(action, seat)
        except ValueError:
            continue
        outcome = trial.outcome()
        if outcome is not None and outcome.reason is EndReason.ABANDON:
            return action
    return None


def engine_refusal(error: ValueError) -> Refusal:
    """The protocol refusal of an engine error: ``invalid``, ``ambiguous`` or ``illegal``."""
    if isinstance(error, AmbiguousActionError):
        return Refusal("ambiguous", error)
    if isinstance(error, InvalidActionError):
        return Refusal("invalid", error)
    return Refusal("illegal", error)


class Table:
    """A table in memory (see the module's doc). ``take_new()`` hands over the events recorded
    since the last call, for the actor to save and send."""

    def __init__(self, table_id: str, config: TableConfig, settings: Settings, host_hash: str | None = None,
                 created: str = ""):
        self.id = table_id
        self.config = config
        self.settings = settings
        self.host_hash = host_hash
        self.created = created
        self.game: Game = make_game(config.game, config.options)
        self.seats = [Seat(BOT, name=kind, bot=kind) if kind != HUMAN else Seat(OPEN) for kind in config.seats]
        if len(self.seats) != self.game.num_seats:
            raise ValueError(f"{self.game.name} has {self.game.num_seats} seats, not {len(self.seats)}")
        self.status = WAITING
        self.partie = 0
        self.state: State | None = None
        self.events: list[Event] = []
        self.rematch: set[int] = set()
        self.leaving: set[int] = set()      # people who left a partie by abandon: their seats open at its end
        self._new: list[Event] = []
        self._bots: dict[int, Bot] = {}
        self._turn_of = TERMINAL
        self._extras = 0
        self._chance: random.Random | None = None
        self._texts: dict[tuple[Action, int, str, tuple[str, ...]], str] = {}   # a log entry's words by language and names, this partie
        self._said: dict[tuple[Action, int, str, tuple[str, ...], str], str | None] = {}   # what a log entry's seat says aloud, likewise
        self.starts: dict[int, int] = {}   # where each partie's ``start`` is in ``events``

    # ------------------------------------------------------------------ facts

    @property
    def live(self) -> State:
        """The state of the partie in progress (or of the last one): only once a partie has started."""
        state = self.state
        assert state is not None, "no partie has started"
        return state

    @property
    def last_event(self) -> int:
        return len(self.events)

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (``None``: no seat)."""
        for number, seat in enumerate(self.seats):
            if seat.kind == HUMAN and matches(token, seat.token_hash):
                return number
        return None

    def is_host(self, token: str | None) -> bool:
        return matches(token, self.host_hash)

    def knows_token(self, token: str | None) -> bool:
        return self.is_host(token) or self.seat_of(token) is not None

    def controller(self, seat: int) -> str:
        """Who decides for ``seat`` now: ``bot`` (a bot seat, or a stand-in) or ``human``."""
        info = self.seats[seat]
        return BOT if info.kind == BOT or info.standin or info.kind == OPEN else HUMAN

    def open_seats(self) -> list[int]:
        return [n for n, seat in enumerate(self.seats) if seat.kind == OPEN]

    def thinker_to_move(self) -> int | None:
        """The seat of the bot the table waits for, when it is one that thinks (:meth:`thinks`)."""
        if self.status != PLAYING:
            return None
        seat = int(self.live.to_move)
        if seat < 0 or self.controller(seat) != BOT or not self.thinks(seat):
            return None
        return seat

    def awaits(self, seat: int, event: int) -> bool:
        """Whether a bot's decision for ``seat`` asked at event ``event`` still holds: the table has
        not moved on, and ``seat`` is a bot's to play."""
        return (self.status == PLAYING and self.last_event == event and self.live.to_move == seat
                and self.controller(seat) == BOT)

    def person_to_move(self) -> int | None:
        """The seat of the person the table waits for, if any (no stand-in)."""
        if self.status != PLAYING:
            return None
        seat = int(self.live.to_move)
        if seat < 0 or self.controller(seat) != HUMAN:
            return None
        return seat

    # ------------------------------------------------------------------ the log

    def has_unsaved(self) -> bool:
        """Whether events were recorded that the actor has not taken to save yet."""
        return bool(self._new)

    def take_new(self) -> list[Event]:
        new, self._new = self._new, []
        return new

    def record(self, what: str, payload: JSONObject, action: Action | None = None) -> Event:
        """Append one entry to the log and apply it (the one place a table changes).

        ``action`` is the engine's action object when the caller already has it (a live action);
        on a restart it is read back from ``payload["action"]``.
        """
        number = self.last_event + 1
        event = Event(number, self.partie, what, payload, self.status)
        getattr(self, f"_on_{what}")(event, action)
        event.status = self.status
        event.partie = self.partie
        self.events.append(event)
        self._new.append(event)
        return event

    def restore(self, rows: Iterable[tuple[int, str, JSONObject]]) -> None:
        """Replay the saved log ``(number, what, payload)`` in order (on a restart)."""
        for number, what, payload in rows:
            if number != self.last_event + 1:
                raise ValueError(f"table {self.id}: event {number} follows {self.last_event}")
            self.record(what, payload)
        self._new = []

    def _on_sit(self, event: Event, action: Action | None) -> None:
        number = whole(event.payload, "seat")
        seat = self.seats[number]
        seat.kind, seat.name, seat.bot = HUMAN, str(event.payload["name"]), None
        seat.token_hash, seat.standin = text_or_none(event.payload, "token_hash"), False
        event.public = {"seat": number, "name": seat.name}

    def _on_leave(self, event: Event, action: Action | None) -> None:
        number = whole(event.payload, "seat")
        self.seats[number] = Seat(OPEN)
        self.rematch.discard(number)
        self.leaving.discard(number)
        self._bots.pop(number, None)
        event.public = {"seat": number}

    def _on_replace(self, event: Event, action: Action | None) -> None:
        number, bot = whole(event.payload, "seat"), text_or_none(event.payload, "bot")
        self.seats[number] = Seat(OPEN) if bot is None else Seat(BOT, name=bot, bot=bot)
        self.rematch.discard(number)
        self._bots.pop(number, None)
        event.public = {"seat": number, "bot": bot}

    def _on_start(self, event: Event, action: Action | None) -> None:
        self.partie = whole(event.payload, "partie")
        self.starts[self.partie] = len(self.events)
        self.state = self.game.new_state()
        self.status = PLAYING
        self.rematch.clear()
        self.leaving.clear()
        self._bots.clear()
        self._texts.clear()
        self._said.clear()
        self._turn_of, self._extras = TERMINAL, 0
        self._chance = self.settings.chance_rng(self.id, self.partie)
        event.public = {"partie": self.partie}

    def _on_action(self, event: Event, action: Action | None) -> None:
        state = self.live
        seat = whole(event.payload, "seat")
        if action is None:
            action = state.parse_action(str(event.payload["action"]), "en")
        event.views = self._views(action, seat)
        state.apply(action, None if seat == CHANCE else seat)
        event.public = {"seat": seat, "auto": event.payload.get("auto")}
        if seat >= 0:
            if action.kind is ActionKind.MOVE:
                self._turn_of = TERMINAL
            else:
                if seat != self._turn_of:
                    self._turn_of, self._extras = seat, 0
                self._extras += 1
        else:
            self._turn_of = CHANCE

    def _on_standin(self, event: Event, action: Action | None) -> None:
        number = whole(event.payload, "seat")
        self.seats[number].standin = bool(event.payload["on"])
        event.public = {"seat": number, "on": bool(event.payload["on"])}

    def _on_rematch(self, event: Event, action: Action | None) -> None:
        self.rematch = set(wholes(event.payload, "seats"))
        event.public = {"asked": sorted(self.rematch)}

    def _on_end(self, event: Event, action: Action | None) -> None:
        self.status = FINISHED
        event.public = {"partie": self.partie, "outcome": event.payload["outcome"]}

    def _views(self, action: Action, actor: int) -> dict[int | None, ActionView]:
        """How each viewer sees ``action`` (computed in the position where it is played)."""
        state = self.live
        out: dict[int | None, ActionView] = {}
        seen: dict[Action, ActionView] = {}
        for viewer in (None, *range(self.game.num_seats)):
            visible = state.visible_action(action, actor, viewer)
            view = seen.get(visible)
            if view is None:
                texts = {lang: text_of(state, visible, lang) for lang in LANGS}
                entry = LogEntry(0, actor, visible)
                view = {"code": texts["en"], "text": texts, "kind": str(visible.kind),
                        "words": {lang: self.words(entry, lang) for lang in LANGS}}
                seen[visible] = view
            out[viewer] = view
        if len(seen) == 1:
            return {None: out[None]}
        return out

    # ------------------------------------------------------------------ commands

    def sit(self, token: str | None, seat: int, name: str) -> str:
        """A person sits at an open seat; returns the seat's token (the host keeps his own)."""
        self._check_seat(seat)
        if self.seats[seat].kind != OPEN:
            raise Refusal("seat_taken", seat=seat)
        if self.seat_of(token) is not None:
            raise Refusal("already_seated")
        if not self.is_host(token):
            token = new_token()
        assert token is not None
        self.record("sit", {"seat": seat, "name": name, "token_hash": token_hash(token)})
        self._start_if_full()
        return token

    def act(self, seat: int, text: str, event: int, lang: str) -> None:
        """The person at ``seat`` plays ``text`` having seen up to event ``event``."""
        if self.status == WAITING:
            raise Refusal("not_started")
        if self.status == FINISHED:
            raise Refusal("finished")
        if event != self.last_event:
            raise Refusal("stale", event=self.last_event)
        state = self.live
        try:
            action = state.parse_action(text, lang)
        except ActionError as error:
            raise engine_refusal(error) from None
        except ValueError as error:
            raise Refusal("invalid", InvalidActionError(str(error))) from None
        if action.kind is ActionKind.CHANCE:
            raise Refusal("illegal", InvalidActionError("the table deals, not a player"))
        self._play(seat, action, None)

    def leave(self, seat: int) -> None:
        """The person at ``seat`` leaves for good (see ``docs/protocol.md``, *Leaving*)."""
        if self.status != PLAYING:
            self.record("leave", {"seat": seat})
            return
        quit_action = abandon_action(self.live, seat)
        if quit_action is not None:
            self.leaving.add(seat)
            self._play(seat, quit_action, None)
        else:
            self.record("replace", {"seat": seat, "bot": best_bot(self.game)})

    def replace(self, seat: int, bot: str) -> None:
        """The host gives ``seat`` to ``bot`` (or, before the start, opens it to people: ``"human"``)."""
        self._check_seat(seat)
        if bot == HUMAN:
            if self.status == PLAYING:
                raise Refusal("bad_bot", game=self.game.name, bot=bot, bots=", ".join(table_bots(self.game)))
            self.record("replace", {"seat": seat, "bot": None})
            return
        key = bot.strip().lower()
        if key not in table_bots(self.game):
            raise Refusal("bad_bot", game=self.game.name, bot=bot[:40], bots=", ".join(table_bots(self.game)))
        self.record("replace", {"seat": seat, "bot": key})
        self._start_if_full()

    def ask_rematch(self, seat: int) -> None:
        if self.status != FINISHED:
            raise Refusal("not_finished")
        self.record("rematch", {"seats": sorted(self.rematch | {seat})})
        self._start_if_full()

    def set_standin(self, seat: int, on: bool) -> None:
        if self.seats[seat].kind == HUMAN and self.seats[seat].standin != on:
            self.record("standin", {"seat": seat, "on": on})

    def timer_move(self, seat: int, armed_at: int) -> bool:
        """The turn timer of ``seat``, armed at event ``armed_at``, ran out: the stand-in bot makes
        that one decision. ``False`` when the table has moved on since."""
        if self.person_to_move() != seat or self.last_event != armed_at:
            return False
        obs = self.live.observation(seat)
        action = self._bot_choice(seat, moves_only(obs))
        self._play(seat, action, "timer")
        return True

    def hint(self, seat: int) -> Action | None:
        """The best bot's choice for ``seat`` from its own observation (``None``: nothing to choose now)."""
        if self.status != PLAYING:
            raise Refusal("not_started" if self.status == WAITING else "finished")
        if self.live.to_move != seat:
            return None
        obs = self.live.observation(seat)
        bot = make_bot(best_bot(self.game), self.game, self.settings.rng(f"{self.id}:hint:{self.last_event}"))
        return bot.act(moves_only(obs))

    def advance(self, moves: int | None = None, defer: bool = False) -> bool:
        """Let chance and the bots play until a person must decide, the partie ends, or ``moves``
        bot decisions were made; ``True`` when a bot still has to play. With ``defer``, a bot that
        thinks (:meth:`thinks`) is left to decide elsewhere (the actor asks a worker, then
        :meth:`play_bot`): the table stops before its turn."""
        made = 0
        for _ in range(MAX_BURST):
            if self.status != PLAYING:
                return False
            state = self.live
            seat = state.to_move
            if seat == TERMINAL:
                self._end()
                return False
            if seat == CHANCE:
                self._play(CHANCE, state.sample_chance(self._chance), None)
                continue
            if self.controller(seat) == HUMAN:
                return False
            if (moves is not None and made >= moves) or (defer and self.thinks(seat)):
                return True
            action = self._bot_choice(seat, self.bot_observation(seat))
            self._play(seat, action, "standin" if self.seats[seat].kind == HUMAN else None)
            made += 1
        return True

    def play_bot(self, seat: int, code: str | None) -> bool:
        """Play for ``seat`` (a bot's, to move: :meth:`awaits`) the action ``code`` (English
        notation) its bot chose elsewhere; its first legal move when ``code`` is ``None`` or not
        legal now (then ``False``)."""
        obs = self.bot_observation(seat)
        action = None
        if code is not None:
            try:
                action = self.live.parse_action(code, "en")
            except ValueError:
                action = None
        chosen = action if action is not None and action in obs.legal else None
        self._play(seat, first_move(obs) if chosen is None else chosen,
                   "standin" if self.seats[seat].kind == HUMAN else None)
        return chosen is not None

    def bot_name(self, seat: int) -> str:
        """The bot that decides for ``seat``: the seat's own, or for a person the stand-in."""
        info = self.seats[seat]
        return info.bot if info.kind == BOT and info.bot else best_bot(self.game)

    def thinks(self, seat: int) -> bool:
        """Whether the bot of ``seat`` thinks long enough to decide off the event loop (a search:
        its class says ``slow = True``)."""
        return bool(getattr(self._bot(seat), "slow", False))

    def bot_seed(self, seat: int) -> int:
        """The seed of the decision a bot that thinks makes for ``seat`` now. Each of its decisions
        is made by a fresh bot of that seed (in a worker or here), so a seed gives the same partie
        wherever the bots think."""
        return self.settings.rng(f"{self.id}:{self.partie}:{seat}:{self.last_event}:think").getrandbits(64)

    def cut_to_moves(self, seat: int) -> bool:
        """Whether ``seat`` took so many optional actions this turn that it must now move."""
        return self._extras >= MAX_EXTRAS and self._turn_of == seat

    def bot_observation(self, seat: int) -> Observation:
        """What the bot of ``seat`` decides from: its observation (its moves alone, past
        :data:`MAX_EXTRAS` optional actions in one turn)."""
        obs = self.live.observation(seat)
        return moves_only(obs) if self.cut_to_moves(seat) else obs

    # ------------------------------------------------------------------ inside

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise Refusal("no_seat", seat=seat)

    def _start_if_full(self) -> None:
        """Start the first partie when every seat is filled; after a partie, the next one once every
        seated person asked for it and no seat is open."""
        if self.open_seats():
            return
        people = {n for n, s in enumerate(self.seats) if s.kind == HUMAN}
        if self.status == WAITING or (self.status == FINISHED and people <= self.rematch):
            self.record("start", {"partie": self.partie + 1})

    def _play(self, seat: int, action: Action, auto: str | None) -> None:
        state = self.live
        code = text_of(state, action, "en")
        payload: JSONObject = {"seat": seat, "action": code}
        if auto:
            payload["auto"] = auto
        try:  # the engine refuses without changing anything, and the entry is kept only once applied
            self.record("action", payload, action)
        except ActionError as error:
            raise engine_refusal(error) from None
        except ValueError as error:
            raise Refusal("illegal", InvalidActionError(str(error))) from None
        if seat >= 0:
            self._interjections(seat)
        if self.live.outcome() is not None:
            self._end()

    def _end(self) -> None:
        if self.status != PLAYING:
            return
        self.record("end", {"partie": self.partie, "outcome": outcome_json(self.live.outcome())})
        for seat in sorted(self.leaving):
            self.record("leave", {"seat": seat})

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            name = self.bot_name(seat)
            bot = make_bot(name, self.game, self.settings.rng(f"{self.id}:{self.partie}:{seat}:{self.last_event}"))
            self._bots[seat] = bot
        return bot

    def _bot_choice(self, seat: int, obs: Observation) -> Action:
        """The bot's action for ``seat``; should a bot fail, its first legal move (the table never stalls)."""
        try:
            bot = self._bot(seat)
            if getattr(bot, "slow", False):   # one bot per decision (:meth:`bot_seed`)
                bot = make_bot(self.bot_name(seat), self.game, random.Random(self.bot_seed(seat)))
            action = bot.act(obs)
            if action in obs.legal:
                return action
        except (ValueError, KeyError, IndexError, AttributeError, TypeError):
            pass
        return first_move(obs)

    def _interjections(self, actor: int) -> None:
        """One chance for each bot that speaks out of turn (a claim), as the bots' runner gives it."""
        n = self.game.num_seats
        for offset in range(1, n + 1):
            seat = (actor + offset) % n
            state = self.live
            if state.to_move < 0 or self.status != PLAYING:
                return
            if seat == state.to_move or self.controller(seat) != BOT:
                continue
            bot = self._bot(seat)
            if not getattr(bot, "interjects", False):
                continue
            obs = state.observation(seat)
            if not obs.legal:
                continue
            try:
                action = cast(InterjectingBot, bot).interject(obs)   # it ``interjects``: it has the method
            except (ValueError, KeyError, IndexError, AttributeError, TypeError):
                action = None
            if action is None or action.kind is ActionKind.MOVE or action not in obs.legal:
                continue
            code = text_of(state, action, "en")
            self.record("action", {"seat": seat, "action": code}, action)
            if self.live.outcome() is not None:
                self._end()
                return

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None, lang: str, since: int = 0) -> View | None:
        """What ``seat`` (``None``: a spectator) is shown of the partie in progress, or ``None``
        before the first start: ``{"partie", "position", "legal", "log", "log_from"}``
        (``docs/protocol.md``). ``log`` holds the entries of the partie's log numbered ``since``
        and on (``since`` past the end: from 0), each with its ``words`` in ``lang``."""
        looks = self.looks(seat, lang)
        return None if looks is None else self.compose(looks, since, lang)

    def looks(self, seat: int | None, lang: str) -> Looks | None:
        """The parts of a view that do not depend on the log position: the position, the legal
        actions and the viewer's log (to read from any number); ``None`` before the first start."""
        if self.state is None:
            return None
        state = self.state
        observation = state.observation(seat)
        legal = [] if seat is None else legal_json(state, seat, lang)
        return Looks(self.partie, observation.to_json(), legal, observation.log)

    def compose(self, looks: Looks, since: int, lang: str) -> View:
        """The view made of ``looks`` with the log entries from ``since`` (past the end: from 0)."""
        if not 0 <= since <= len(looks.log):
            since = 0
        return {"partie": looks.partie, "position": looks.position, "legal": looks.legal,
                "log": self.log_json(looks.log, since, lang), "log_from": since}

    def position(self, seat: int | None) -> JSONObject | None:
        """The position of ``seat`` alone (``None`` before the first start)."""
        if self.state is None:
            return None
        return self.state.observation(seat).to_json()

    def log_length(self) -> int:
        """How many entries the log of the partie in progress has (0 before the first start)."""
        return 0 if self.state is None else int(self.state.log_length())

    def log_json(self, log: LogView, since: int, lang: str) -> list[JSONObject]:
        """The entries of a viewer's ``log`` (a :class:`~atout.log.LogView`) numbered ``since`` and
        on, in JSON, each with its ``words`` in ``lang``."""
        entry_json = self.game.entry_json
        names = self.seat_names(lang)
        out = []
        for entry in log.since(since):
            data = dict(entry_json(entry))
            data["words"] = self.words(entry, lang, names)
            said = self.said(entry, lang, names)
            if said is not None:
                data["said"] = said
            out.append(data)
        return out

    def said(self, entry: LogEntry, lang: str, names: tuple[str, ...]) -> str | None:
        """What the entry's seat says aloud (:meth:`~atout.game.Game.entry_said`), kept for the partie."""
        try:
            key = (entry.item, entry.seat, lang, names, "said")
            if key in self._said:
                return self._said[key]
        except TypeError:
            return self._speak(entry, lang, names)
        said = self._said[key] = self._speak(entry, lang, names)
        return said

    def _speak(self, entry: LogEntry, lang: str, names: tuple[str, ...]) -> str | None:
        try:
            return self.game.entry_said(entry, lang, names)
        except (ValueError, KeyError, AttributeError, TypeError, IndexError):
            return None

    def seat_names(self, lang: str) -> tuple[str, ...]:
        """The seats' names as the page shows them: a person's name, « Robot 2 », « joueur 3 »
        for an open seat (what the log's words call the seats)."""
        out = []
        for number, seat in enumerate(self.seats):
            if seat.kind == BOT:
                out.append(f"Robot {number}" if lang == "fr" else f"Bot {number}")
            elif seat.kind == HUMAN and seat.name:
                out.append(seat.name)
            else:
                out.append("")
        return tuple(out)

    def words(self, entry: LogEntry, lang: str, names: tuple[str, ...] | None = None) -> str:
        """The sentence in ``lang`` of an entry of a viewer's log (already as its viewer sees it),
        from the game's phrase book (:meth:`~atout.game.Game.entry_words`) with the seats' names,
        kept for the partie."""
        names = self.seat_names(lang) if names is None else names
        try:
            key = (entry.item, entry.seat, lang, names)
            text = self._texts.get(key)
        except TypeError:  # an item that cannot be a key: said each time
            return self._spell(entry, lang, names)
        if text is None:
            text = self._texts[key] = self._spell(entry, lang, names)
        return text

    def _spell(self, entry: LogEntry, lang: str, names: tuple[str, ...]) -> str:
        return spell(self.game, entry, lang, names)

    def seats_json(self, now: float | None = None) -> list[JSONObject]:
        now = time.monotonic() if now is None else now
        out = []
        for number, seat in enumerate(self.seats):
            grace_left = None
            if seat.kind == HUMAN and seat.away_since is not None and not seat.standin and self.status == PLAYING:
                grace_left = round(max(0.0, self.config.grace - (now - seat.away_since)), 1)
            out.append({"seat": number, "kind": seat.kind, "name": seat.name, "bot": seat.bot,
                        "connected": seat.kind == BOT or seat.connections > 0, "standin": seat.standin,
                        "grace_left": grace_left})
        return out

    def host_seat(self) -> int | None:
        for number, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.token_hash is not None and seat.token_hash == self.host_hash:
                return number
        return None

    def info(self) -> JSONObject:
        """The table's public description (the lobby's entry, the ``table`` of a ``sync``)."""
        cfg = self.config
        return {"id": self.id, "url": f"/t/{self.id}", "game": self.game.name,
                "title": self.game.title.get("en", self.game.name), "titles": dict(self.game.title),
                "direction": self.game.direction.value,
                "options": self.game.options.changed(), "status": self.status, "partie": self.partie,
                "seats": self.seats_json(), "open_seats": self.open_seats(), "spectators": cfg.spectators,
                "hints": cfg.hints, "turn_timer": cfg.turn_timer, "grace": cfg.grace, "host_seat": self.host_seat(),
                "created": self.created}


def legal_json(state: State, seat: int, lang: str) -> list[JSONObject]:
    """Everything ``seat`` may do now: code, text in ``lang``, kind, template; ``ends`` on the
    action that ends the partie by abandon (the page asks before it, saying what it costs)."""
    legal = state.legal_actions(seat)
    out = [{"code": text_of(state, a, "en"), "text": text_of(state, a, lang), "kind": str(a.kind),
            "template": is_template(a)} for a in legal]
    if any(a.kind is ActionKind.TABLE for a in legal):
        quit_action = abandon_action(state, seat)
        for action, entry in zip(legal, out, strict=True):
            if action == quit_action:
                entry["ends"] = True
    return out


def spell(game: Game, entry: LogEntry, lang: str, names: Sequence[str] = ()) -> str:
    """The sentence of a log entry from the game's phrase book; the notation should the game fail."""
    try:
        return game.entry_words(entry, lang, names)
    except (ValueError, KeyError, AttributeError, TypeError, IndexError):
        return str(entry.item)


def text_of(state: State, action: Action, lang: str) -> str:
    """The notation of ``action`` in ``lang`` as ``state`` spells it (its plain text should the game fail)."""
    try:
        return state.action_text(action, lang)
    except (ValueError, KeyError, AttributeError, TypeError):
        return str(action)


def first_move(obs: Offered) -> Action:
    """What a bot that failed plays: the first of its legal moves (else of its legal actions)."""
    moves = [a for a in obs.legal if a.kind is ActionKind.MOVE] or list(obs.legal)
    return moves[0]


def moves_only(obs: Observation) -> Observation:
    """``obs`` with ``legal`` cut to what the seat must choose from (its moves, else its answers)."""
    moves = tuple(a for a in obs.legal if a.kind is ActionKind.MOVE)
    if not moves:
        moves = tuple(a for a in obs.legal if a.kind is ActionKind.CLAIM)
    if not moves or not hasattr(obs, "_replace"):
        return obs
    replaced: Observation = obs._replace(legal=moves)   # an observation is a NamedTuple
    return replaced

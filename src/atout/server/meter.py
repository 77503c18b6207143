"""What each hand of a partie costs the server: its actions, the CPU its table's actor spent and the
bytes sent to that table's connections — for the first hand and the last hand of the parties
played, so that any growth with the partie shows (``atout bench server``, ``GET /api/health``).

The CPU is the event loop thread's own (``time.thread_time``) while the table's actor runs a
command — the rules, the bots, the views and their JSON — without the time the actor waited for
the database (other tables run meanwhile); the sockets' own writing and the database thread are
not in it. A command is counted in the hand in progress when it ends.

>>> meter = Meter()
>>> hands = HandMeter(meter)
>>> hands.add(cpu=0.004, actions=4, sent=8000, hand=(1, 0))
>>> hands.add(cpu=0.002, actions=2, sent=2000, hand=(1, 0))
>>> hands.add(cpu=0.003, actions=3, sent=3000, hand=(1, 60))   # the second hand begins
>>> hands.add(cpu=0.001, actions=1, sent=1000, hand=(1, 60), ended=True)
>>> meter.json()["first"]
{'hands': 1, 'actions': 6, 'cpu_ms_per_action': 1.0, 'bytes_per_action': 1666.7}
>>> meter.json()["last"]
{'hands': 1, 'actions': 4, 'cpu_ms_per_action': 1.0, 'bytes_per_action': 1000.0}
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.game import JSONObject


@dataclass
class Tally:
    """Hands, actions, CPU seconds and bytes added up."""

    hands: int = 0
    actions: int = 0
    cpu: float = 0.0
    sent: int = 0

    def add(self, other: Tally) -> None:
        self.hands += other.hands or 1
        self.actions += other.actions
        self.cpu += other.cpu
        self.sent += other.sent

    def json(self) -> JSONObject:
        per = self.actions or 0
        return {"hands": self.hands, "actions": self.actions,
                "cpu_ms_per_action": round(self.cpu * 1000 / per, 3) if per else None,
                "bytes_per_action": round(self.sent / per, 1) if per else None}


class Meter:
    """The server's tallies: every first hand, every last hand (of a partie that ended), every hand."""

    def __init__(self) -> None:
        self.first = Tally()
        self.last = Tally()
        self.every = Tally()

    def json(self) -> JSONObject:
        return {"first": self.first.json(), "last": self.last.json(), "every": self.every.json()}


class HandMeter:
    """One table's hand in progress: ``add`` after each command of its actor."""

    def __init__(self, meter: Meter):
        self.meter = meter
        self.key: tuple[int, int] | None = None   # (partie, where the hand begins in the log)
        self.index = 0                            # the hand's rank in its partie, from 1
        self.tally = Tally()
        self.pending = 0                          # bytes sent since the last command was counted

    def add(self, cpu: float, actions: int, sent: int, hand: tuple[int, int] | None, ended: bool = False) -> None:
        """Count one command: its CPU, the actions it caused, the bytes sent; ``hand`` is the hand in
        progress after it (``None``: no partie yet); ``ended`` when the partie ended with it."""
        if hand is not None and hand != self.key:
            if self.key is not None and self.key[0] == hand[0] and self.index:
                self._close(last=False)
                self.index += 1
            else:
                self.index = 1
                self.tally = Tally()
            self.key = hand
        self.tally.cpu += cpu
        self.tally.actions += actions
        self.tally.sent += sent
        if ended and self.index:
            self._close(last=True)
            self.index = 0

    def _close(self, last: bool) -> None:
        tally = self.tally
        tally.hands = 1
        if self.index == 1:
            self.meter.first.add(tally)
        if last:
            self.meter.last.add(tally)
        self.meter.every.add(tally)
        self.tally = Tally()

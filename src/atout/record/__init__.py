"""Records of whole parties: a readable text format, a forgiving reader, a writer, a validating replay.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 2}).new_state()
>>> rng = random.Random(7)
>>> while not state.is_terminal():
...     if state.to_move == -1:
...         state.apply(state.sample_chance(rng))
...     else:
...         state.apply(rng.choice(state.legal_actions()))
>>> text = write_record(state, {"Seat0": "Alice", "Date": "2026-11-21"})
>>> result = replay(read_record(text))
>>> result.ok, result.state.history == state.history, summary(result.state)["result"]["scores"] == state.scores
(True, True, True)
"""

from atout.record.reader import Move, Record, read_record
from atout.record.replay import ReplayResult, replay, summary
from atout.record.writer import write_record

__all__ = ["read_record", "write_record", "replay", "summary", "Record", "Move", "ReplayResult"]

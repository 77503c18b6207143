"""Records of whole parties, for any game: a readable text format, a forgiving reader, a writer
(also of one seat's view), a validating replay, and a hand-by-hand summary.

>>> import random
>>> from atout.games import make_game
>>> state = make_game("quadrette", {"target_points": 2}).new_state()
>>> rng = random.Random(7)
>>> while state.outcome() is None:
...     state.apply(state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.moves()))
>>> text = write_record(state, {"Seat0": "Alice", "Date": "2026-11-21"})
>>> result = replay(read_record(text))
>>> result.ok, result.state.history == state.history, result.state.outcome() == state.outcome()
(True, True, True)
>>> summary(result.state)["hands"][0]["deals"][0]["hands"] == summary(state)["hands"][0]["deals"][0]["hands"]
True
>>> view = read_record(record_view(state, 0))
>>> view.is_view, view.errors, replay(view).ok
(True, [], False)
"""

from atout.record.reader import Move, Record, read_record
from atout.record.replay import ReplayResult, replay
from atout.record.summary import deal_json, summary, summary_text
from atout.record.writer import record_view, result_text, write_record

__all__ = [
           "Move",
           "Record",
           "ReplayResult",
           "deal_json",
           "read_record",
           "record_view",
           "replay",
           "result_text",
           "summary",
           "summary_text",
           "write_record",
]

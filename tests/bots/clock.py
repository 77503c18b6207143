"""What the search bots' tests give a search for time."""

BIG_CLOCK = 600.0
"""A search's time budget long enough that the worlds it searches are the number asked, never what
a busy machine's clock allows: two searches that must choose alike (the poisoned-state tests) then
search alike."""

"""The garbage collector's schedule for a bot that runs for months.

CPython collects reference cycles in three generations. Its default schedule starts a
full collection after ten collections of the middle generation, and a full collection
scans every tracked object of the process: with a busy bot's caches (kept games, their
replays, discord.py's message and member caches) that stops the event loop for
hundreds of milliseconds, every few seconds under load. In ``bench/bot.py`` (100 games
at a 4 s think time, on SQLite) full collections took 250-400 ms each, nine in 90 s,
and were the largest part of the slowest answers: move p99 133 ms with the default
schedule, 53 ms with this one, in back-to-back runs.

So a full collection waits for :data:`FULL_AFTER` middle-generation collections
instead of ten, and the young generations keep CPython's thresholds (their pauses stay
at a few milliseconds). Garbage without cycles is freed at once as always; only cycles
among long-lived objects wait longer to be freed.
"""

from __future__ import annotations

import gc
from typing import Final

#: Middle-generation collections before a full one (CPython's default: 10).
FULL_AFTER: Final = 1000


def schedule_for_a_long_run() -> None:
    """Make full collections rare; keep the young generations' thresholds."""
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)

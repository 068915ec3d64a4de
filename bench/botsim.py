"""SimCord's own cost in bench/bot.py: taken out where it is bookkeeping, measured where not.

SimCord (the simulated Discord) and the simulated players run in the bot's process and
on its event loop; real Discord runs elsewhere. Two pieces of SimCord's bookkeeping grow
with the number of games and would be measured as the bot's latency (see
:func:`lighten_simcord` and :func:`prune_dead_callbacks`); what remains of SimCord's
work is measured by :class:`CpuShare`, so the bot's own cost is visible.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from types import FrameType
from typing import Any

from processes import cpu_seconds  # tests/processes.py

from cogs.render.painter import PAINTER

#: Where a frame's code lives, by the path of its file: the simulated Discord and players,
#: the bot, and the libraries the bot uses (the rest: the interpreter and asyncio).
SIMULATED = ("/simcord/", "/interaction_flood.py", "/botload.py", "/botfb.py", "/fb_play.py")
BOT = ("/bot/", "/cogs/", "/db/", "/engine/", "/discord/", "/asyncpg/", "/aiosqlite/", "/PIL/")
IDLE = ("selectors.py",)  # the loop waiting for something to do


def lighten_simcord() -> None:
    """Take SimCord's own record comparisons out of the measured latency.

    SimCord tracks every callback the bot schedules in a list and removes each record
    when it runs; its records are dataclasses compared field by field, so each removal
    calls Python ``__eq__`` on every record before it. Records are unique objects, so
    identity finds the same record: the simulation is unchanged.
    """
    from simcord import _runtime

    _runtime._CallbackRecord.__eq__ = object.__eq__  # type: ignore[method-assign,assignment]


async def prune_dead_callbacks(env: Any, every: float = 0.5) -> None:
    """Drop, while the load runs, SimCord's records of callbacks that were cancelled.

    A cancelled timer (every database call with a timeout, every ``wait_for`` that
    finished in time) never runs, so its record stays in SimCord's list until SimCord
    next settles, which a load never does; each later removal scans past all of them
    (in a 100-game PostgreSQL load that scan was a quarter of the process's CPU, and
    growing). SimCord drops exactly these records itself when it settles
    (``_settlement._active_callbacks``); this does the same, in place, twice a second.
    """
    work = env._work
    while True:
        await asyncio.sleep(every)
        work.callbacks[:] = [
            r for r in work.callbacks if r.handle is None or not r.handle.cancelled()
        ]


class CpuShare:
    """How much of the process's CPU the simulated Discord takes: the event loop thread's
    CPU clock, split by sampling where that thread is.

    A wall-clock timer signal (``ITIMER_REAL``) interrupts the main thread, which runs
    the event loop, every ``interval``; the handler gets the frame the loop was in and
    counts the sample for the innermost frame that belongs to the simulated Discord or
    players (:data:`SIMULATED`) or to the bot and its libraries (:data:`BOT`). A loop
    waiting in ``select`` is idle. The loop thread's CPU time (``time.thread_time``) is
    shared out in proportion to the busy samples; SimCord runs only on that thread, so
    its part over the process's CPU time (all threads: image rendering, SQLite's
    thread) is its share.
    """

    def __init__(self, interval: float = 0.002) -> None:
        self.interval = interval
        self.samples: Counter[str] = Counter()
        self.cpu = self.wall = self.loop_cpu = self.workers_cpu = 0.0
        self._start = (0.0, 0.0, 0.0)
        self._previous: Any = None
        self._workers_start: dict[int, float] = {}

    def __enter__(self) -> CpuShare:
        self._start = (time.process_time(), time.perf_counter(), time.thread_time())
        self._workers_start = {pid: cpu_seconds(pid) for pid in PAINTER.pids()}
        self._previous = signal.signal(signal.SIGALRM, self._sample)
        signal.setitimer(signal.ITIMER_REAL, self.interval, self.interval)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, self._previous)
        cpu, wall, loop_cpu = self._start
        self.cpu = time.process_time() - cpu
        self.workers_cpu = sum(
            cpu_seconds(pid) - self._workers_start.get(pid, 0.0) for pid in PAINTER.pids()
        )
        self.wall = time.perf_counter() - wall
        self.loop_cpu = time.thread_time() - loop_cpu

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        self.samples[self._owner(frame)] += 1

    @staticmethod
    def _owner(frame: FrameType | None) -> str:
        leaf = frame
        while frame is not None:
            path = frame.f_code.co_filename
            if any(part in path for part in SIMULATED):
                return "simcord"
            if any(part in path for part in BOT):
                return "bot"
            frame = frame.f_back
        if leaf is not None and leaf.f_code.co_filename.endswith(IDLE):
            return "idle"
        return "loop"

    def seconds(self, owner: str) -> float:
        """The loop thread's CPU time in ``owner``'s code, estimated from the samples."""
        busy = sum(n for who, n in self.samples.items() if who != "idle")
        return self.loop_cpu * self.samples[owner] / busy if busy else 0.0

    def summary(self) -> str:
        simcord = self.seconds("simcord")
        return (
            f"CPU: process {self.cpu:.1f} s in {self.wall:.1f} s ({self.cpu / self.wall:.0%} of"
            f" one core), event loop thread {self.loop_cpu:.1f} s: simulated Discord and"
            f" players {simcord:.1f} s, bot and its libraries {self.seconds('bot'):.1f} s,"
            f" asyncio {self.seconds('loop'):.1f} s; simulated Discord's share of the"
            f" process's CPU {simcord / max(self.cpu, 1e-9):.0%}"
            f" ({sum(self.samples.values())} samples); picture workers {self.workers_cpu:.1f} s"
            f" (simulated Discord's share of the bot's CPU with them"
            f" {simcord / max(self.cpu + self.workers_cpu, 1e-9):.0%})"
        )

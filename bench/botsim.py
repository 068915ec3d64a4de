"""SimCord's own cost in bench/bot.py: taken out where it is bookkeeping, measured where not.

SimCord (the simulated Discord) and the simulated players run in the bot's process and
on its event loop; real Discord runs elsewhere. Two pieces of SimCord's bookkeeping grow
with the number of games and would be measured as the bot's latency (see
:func:`lighten_simcord` and :func:`prune_dead_callbacks`); what remains of SimCord's
work is measured by :class:`CpuShare`, so the bot's own cost is visible.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import Counter
from types import FrameType
from typing import Any

#: Where a frame's code lives, by the path of its file: the simulated Discord and players,
#: the bot, and the libraries the bot uses (the rest: the interpreter and asyncio).
SIMULATED = ("/simcord/", "/interaction_flood.py", "/botload.py")
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
    """Samples the event loop's thread: which share of its busy time is SimCord's.

    Every ``interval`` a daemon thread looks at the loop thread's innermost frame that
    belongs to the simulated Discord or players (:data:`SIMULATED`) or to the bot and its
    libraries (:data:`BOT`), and counts the sample for the one it finds first. Samples
    of a loop waiting in ``select`` are idle. The process's CPU time comes from the
    operating system; SimCord's share of it is its samples' time over that CPU time
    (the loop thread is the only thread that runs SimCord).
    """

    def __init__(self, interval: float = 0.004) -> None:
        self.interval = interval
        self.samples: Counter[str] = Counter()
        self._thread_id = threading.get_ident()
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._run, name="cpu-share", daemon=True)
        self._cpu0 = self._wall0 = 0.0
        self.cpu = self.wall = 0.0

    def __enter__(self) -> CpuShare:
        self._cpu0, self._wall0 = time.process_time(), time.perf_counter()
        self._sampler.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._sampler.join()
        self.cpu = time.process_time() - self._cpu0
        self.wall = time.perf_counter() - self._wall0

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            frame = sys._current_frames().get(self._thread_id)
            if frame is not None:
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
        """The loop thread's time in ``owner``'s code, estimated from the samples."""
        total = sum(self.samples.values())
        return self.wall * self.samples[owner] / total if total else 0.0

    def summary(self) -> str:
        simcord = self.seconds("simcord")
        busy = self.wall - self.seconds("idle")
        return (
            f"CPU: process {self.cpu:.1f} s in {self.wall:.1f} s ({self.cpu / self.wall:.0%} of"
            f" one core); event loop busy {busy:.1f} s, of which simulated Discord and players"
            f" {simcord:.1f} s, bot and its libraries {self.seconds('bot'):.1f} s, asyncio"
            f" {self.seconds('loop'):.1f} s; simulated Discord's share of the process's CPU"
            f" {simcord / max(self.cpu, 1e-9):.0%} (sampled every {self.interval * 1000:.0f} ms)"
        )

"""Where the tables' pictures are drawn: in a worker process beside the bot.

Drawing a table takes milliseconds of Python and Pillow per move. Drawn in the bot's
own process (in a thread, off the event loop), that work still holds the interpreter's
lock against the loop that answers the players, and with many games it was the largest
share of the bot's CPU. A worker process draws on another core instead; the thread that
asked waits for the bytes without holding the lock.

One :class:`Painter` serves the whole process (:data:`PAINTER`); the bot starts it
(``PICTURE_WORKERS`` processes; 0 draws in the calling thread, as before). A worker that
dies or hangs never costs a picture: the call is drawn in the calling thread, and the
pool is replaced once for all the callers that saw it fail.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from bot.services.worker_pools import end_with_parent
from bot.services.worker_pools import stop as stop_pool
from cogs.render.faces import font

log = logging.getLogger(__name__)
T = TypeVar("T")

#: A picture takes milliseconds; a worker that has not answered after this long is stuck.
DRAW_TIMEOUT_SECONDS = 10.0


def ready() -> bool:
    """A worker's first task: load the drawing code and a font (importing this module
    imports the pictures' package), so the first table is not slowed by the start."""
    font(14)
    return True


class Painter:
    """Runs drawing functions in a pool of worker processes (spawned: the bot's process
    has threads that a fork must not copy), or in the calling thread without one."""

    def __init__(self, timeout: float = DRAW_TIMEOUT_SECONDS) -> None:
        self.timeout = timeout
        self.workers = 0
        self.generation = 0  # how many times the pool was replaced
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def start(self, workers: int) -> None:
        """Draw in ``workers`` processes from now on (0: in the calling thread). Starting
        again with the same number keeps the running pool (several bots in a process)."""
        with self._lock:
            if workers == self.workers and (self._pool is not None or workers == 0):
                return
            old, self._pool, self.workers = self._pool, None, workers
            if workers:
                self._pool = self._new_pool()
        if old is not None:
            stop_pool(old)

    def stop(self) -> None:
        """Stop the workers; later pictures are drawn in the calling thread."""
        self.start(0)

    def draw(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)``, drawn by a worker if there is a pool. Blocks: call it from a
        thread (the flows draw in ``asyncio.to_thread``), never on the event loop.
        ``fn`` and its arguments must pickle (module-level functions, plain data)."""
        with self._lock:
            pool, generation = self._pool, self.generation
        if pool is None:
            return fn(*args)
        try:
            return pool.submit(fn, *args).result(self.timeout)
        except (BrokenProcessPool, TimeoutError, RuntimeError) as error:
            # RuntimeError: the pool was shut down (replaced) between the lock and submit.
            log.warning("a picture worker failed (%r); drawing in the bot's process", error)
            self._replace(generation)
            return fn(*args)
        except Exception:
            # Arguments that would not pickle, or the drawing failed: the worker is fine.
            # Drawn here, the picture is made, or the same error is raised with a
            # traceback of the bot's own.
            log.exception("a picture could not be drawn by a worker; drawing it here")
            return fn(*args)

    def pids(self) -> list[int]:
        """The worker processes' ids (none without a pool), for an operator's logs."""
        with self._lock:
            pool = self._pool
        processes = (getattr(pool, "_processes", None) or {}) if pool is not None else {}
        return sorted(p.pid for p in list(processes.values()) if p.pid is not None)

    def _new_pool(self) -> ProcessPoolExecutor:
        pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=end_with_parent,  # a bot killed outright leaves no worker behind
        )
        for _ in range(self.workers):
            pool.submit(ready)  # start the workers now, not at the first move
        return pool

    def _replace(self, generation: int) -> None:
        """A fresh pool for the one of ``generation`` (unless someone replaced it)."""
        with self._lock:
            if generation != self.generation or self._pool is None:
                return
            old = self._pool
            self.generation += 1
            self._pool = self._new_pool()
        log.warning("the picture workers were replaced (%d)", self.generation)
        stop_pool(old)


#: The process's painter: every table picture is drawn through it.
PAINTER = Painter()

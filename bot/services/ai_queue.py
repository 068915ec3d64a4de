"""The AI's worker processes behind a fair queue that survives a dead worker.

:class:`FairPool` runs searches in a process pool of ``workers`` processes and never
hands it more than ``workers`` at once: the rest wait in one queue per user, served
round-robin, so one user's many searches (several games, or a burst of decisions) delay
another user's by at most one search each, not by the whole backlog.

A worker that dies (killed, out of memory) breaks a ``ProcessPoolExecutor`` for good;
a search that runs past ``timeout`` has a stuck worker. Either way the pool is replaced
by a fresh one (once per breakage, whoever notices first) and the search is tried again;
after ``attempts`` failures the caller gets :class:`AiUnavailable` and tells the player.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.services.worker_pools import stop

log = logging.getLogger(__name__)
T = TypeVar("T")


class AiUnavailable(Exception):
    """The AI could not decide: its worker failed or ran out of time on every attempt."""


class FairPool:
    def __init__(
        self,
        make: Callable[[int], ProcessPoolExecutor],
        workers: int,
        *,
        timeout: float,
        attempts: int = 2,
    ) -> None:
        self._make = make
        self.workers = workers
        self.timeout = timeout
        self.attempts = attempts
        self.pool = make(workers)
        self.generation = 0  # how many times the pool was replaced
        self._busy = 0
        self._waiting: OrderedDict[int, deque[asyncio.Future[None]]] = OrderedDict()

    async def run(self, user_id: int, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, in ``user_id``'s fair turn; retried on a fresh pool
        when the worker died or overran the timeout."""
        failure: BaseException | None = None
        for attempt in range(1, self.attempts + 1):
            await self._slot(user_id)
            try:
                return await self._once(fn, args)
            except (BrokenProcessPool, TimeoutError) as error:
                failure = error
                log.warning(
                    "AI search failed (attempt %d of %d): %r", attempt, self.attempts, error
                )
            finally:
                self._release()
        raise AiUnavailable("the AI's worker failed on every attempt") from failure

    async def _once(self, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
        pool, generation = self.pool, self.generation
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(pool, fn, *args), self.timeout)
        except (BrokenProcessPool, TimeoutError):
            self._replace(generation)
            raise

    def _replace(self, generation: int) -> None:
        """A fresh pool for the one of ``generation`` (unless someone replaced it)."""
        if generation != self.generation:
            return
        old = self.pool
        self.generation += 1
        self.pool = self._make(self.workers)
        log.warning("the AI's process pool was replaced (%d)", self.generation)
        stop(old)

    async def _slot(self, user_id: int) -> None:
        if self._busy < self.workers and not self._waiting:
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(user_id, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # the slot was handed over just now: pass it on
            raise

    def _release(self) -> None:
        """Hand the slot to the user whose turn is next (round-robin), or free it."""
        while self._waiting:
            user_id, queue = next(iter(self._waiting.items()))
            turn = queue.popleft()
            if queue:
                self._waiting.move_to_end(user_id)  # served: to the back of the round
            else:
                del self._waiting[user_id]
            if not turn.done():
                turn.set_result(None)
                return
        self._busy -= 1

    def shutdown(self) -> None:
        stop(self.pool)

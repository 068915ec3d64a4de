"""Bringing a game's table up to the stored position when showing it went wrong.

A move is saved before anything is shown; if the table edit, the answer or the ping
then fails (an HTTP error, a timeout, the process stopping), the game is not lost but its
table is behind. :class:`TableRepair` shows such a game again from the store: at
start-up every open game, and after a failure that one game, a few times with growing
pauses until Discord takes it. Showing a game again pings the player to move once (the
previous ping of the game is deleted when the next goes out). A game whose end was not
told (in its channel, or by its table in DMs; the store lists it until it is) is shown
again as ending: at start-up, and after the announcement failed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.services.games import GameService, Moved, Refusal

log = logging.getLogger(__name__)

#: Seconds before each repeated attempt; after the last one the next move or
#: ``/famiglia board`` brings the table up to date.
PAUSES = (15.0, 60.0, 300.0, 900.0)
#: Games shown again at once (a start-up with many open games draws a few at a time).
AT_ONCE = 4


class TableRepair:
    def __init__(self, service: GameService, show: Callable[[Moved], Awaitable[None]]) -> None:
        self.service = service
        self.show = show  # draws the table and says what the channel must know
        self._running: dict[int, asyncio.Task[None]] = {}
        self._failed: set[int] = set()
        self._gate = asyncio.Semaphore(AT_ONCE)

    def failed(self, game_id: int) -> None:
        """Showing ``game_id`` went wrong: show it again from the store in a moment."""
        self._failed.add(game_id)
        running = self._running.get(game_id)
        if running is None or running.done():
            self._start(game_id, pause_first=True)

    def _start(self, game_id: int, *, pause_first: bool) -> None:
        task = asyncio.create_task(self._repair(game_id, pause_first), name=f"repair-{game_id}")
        self._running[game_id] = task
        task.add_done_callback(lambda done: self._forget(game_id, done))

    def _forget(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._running.get(game_id) is task:
            del self._running[game_id]

    async def _repair(self, game_id: int, pause_first: bool) -> None:
        for attempt, pause in enumerate(PAUSES):
            if pause_first or attempt:
                await asyncio.sleep(pause)
            self._failed.discard(game_id)
            try:
                async with self._gate:
                    await self.show_stored(game_id)
            except Refusal:
                return  # the game is gone
            except Exception:
                log.exception("repairing the table of game %s failed", game_id)
                self._failed.add(game_id)
            if game_id not in self._failed:
                return
        log.error("the table of game %s is still behind; the next move repairs it", game_id)

    async def show_stored(self, game_id: int) -> None:
        """Show ``game_id`` as stored: its table, and who is to move (or, if its channel
        was not told yet, how it ended)."""
        game, state = await self.service.load(game_id, stored=True)
        ended = await self.service.records.end_unannounced(game_id)
        await self.show(Moved(game, state, turn_passed=True, ended=ended))

    def at_startup(self, game_ids: list[int]) -> None:
        """After a restart: show every open game, and every game whose end was not
        announced, again (the process may have stopped between a commit and its table
        edit, or during a ping or the announcement)."""
        for game_id in game_ids:
            if game_id not in self._running:
                self._start(game_id, pause_first=False)

    async def stop(self) -> None:
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

"""The AI seats of Family Business games: one driver task per game plays every seat the
AI plays while the game waits for one, each decision committed like a person's move and
then shown. A decision that fails (a worker killed, a pool being replaced) is tried
again after a pause that doubles up to ``bot.retry.AI_RETRY_MAX_SECONDS``, for as long as the
game waits for the AI: an AI seat's turn has no deadline, so giving up would leave the
game waiting for ever once the workers are healthy again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.retry import retry_pause
from bot.services.multi_games import MultiService
from bot.services.multi_lobby import MultiMoved
from bot.services.reads import Refusal

log = logging.getLogger(__name__)
AI_REDECIDE = 30  # a game changed under the AI this often in a row: pause as after a failure


class AiSeats:
    def __init__(self, multi: MultiService, shown: Callable[[MultiMoved], Awaitable[None]]) -> None:
        self.multi = multi
        self.shown = shown
        self._driving: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # games kicked while their driver ran

    def kick(self, game_id: int) -> None:
        """Let the AI play its seats of the game (one driver per game at a time; a kick
        while it runs makes it look once more before it stops)."""
        running = self._driving.get(game_id)
        if running is not None and not running.done():
            self._again.add(game_id)
            return
        self._driving[game_id] = asyncio.create_task(self._drive(game_id), name=f"fb-ai-{game_id}")

    async def _drive(self, game_id: int) -> None:
        failures = changed = 0
        try:
            while True:
                self._again.discard(game_id)
                try:
                    moved = await self.multi.ai_step(game_id)
                except Refusal:
                    changed += 1  # the game changed under the AI: decide on it anew
                    if changed % AI_REDECIDE:
                        continue
                    failures += 1
                    await asyncio.sleep(retry_pause(failures))
                    continue
                except Exception:
                    failures += 1
                    log.exception("the AI could not play in game %s (try %d)", game_id, failures)
                    await asyncio.sleep(retry_pause(failures))
                    continue
                failures = changed = 0
                if moved is None:
                    if game_id in self._again:
                        continue
                    return
                if moved.events or moved.ended:
                    await self.shown(moved)
        finally:
            self._driving.pop(game_id, None)

    async def stop(self) -> None:
        tasks = list(self._driving.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

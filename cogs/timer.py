"""The turn timer: one background task that expires challenges, reminds and forfeits.

Deadlines live in the database, so the timer needs no memory of its own: after a
restart it reads them again. It sleeps until the next deadline (at most
``max_sleep``) and is woken early whenever a game changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.services.games import GameService, Notice
from cogs import game_texts
from cogs.game_answers import Flows, users

log = logging.getLogger(__name__)


class TurnTimer:
    def __init__(self, service: GameService, flows: Flows, *, max_sleep: float = 3600.0) -> None:
        self.service = service
        self.flows = flows
        self.max_sleep = max_sleep
        self._task: asyncio.Task[None] | None = None
        #: Other games' due work (each returns how many notices it showed).
        self.hooks: list[Callable[[], Awaitable[int]]] = []
        self._sleeper: asyncio.Future[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="famiglia-turn-timer")
            self.service.listeners.append(self.poke)

    def poke(self) -> None:
        """A deadline may have moved: look again now."""
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def tick(self) -> int:
        """Handle everything due now; returns how many notices went out."""
        notices = await self.service.due()
        for notice in notices:
            await self.announce(notice)
        shown = len(notices)
        for hook in self.hooks:
            shown += await hook()
        return shown

    async def announce(self, notice: Notice) -> None:
        """Remind the player to move, or show the game the timer ended."""
        if notice.kind != "reminder":
            return await self.flows.show_outcome(notice.moved)
        game, seat = notice.moved.game, notice.moved.state.current
        deadline = game.deadline
        when = f" <t:{int(deadline.timestamp())}:R>" if deadline is not None else " soon"
        channel = self.flows.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.send(
                f"⏰ {game_texts.mention(game, seat)}, it is still your turn in Famiglia "
                f"#{game.id}. If you do not move, you lose the game{when}.",
                allowed_mentions=users(game.players[seat]),
            )
        except discord.HTTPException as error:
            log.warning("reminder for game %s not sent: %s", game.id, error)

    async def _delay(self) -> float:
        due = await self.service.next_due()
        if due is None:
            return self.max_sleep
        seconds = (due - self.service.clock()).total_seconds()
        return min(self.max_sleep, max(1.0, seconds))

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
                delay = await self._delay()
            except Exception:
                log.exception("the turn timer failed; trying again in a minute")
                delay = 60.0
            self._sleeper = asyncio.ensure_future(asyncio.sleep(delay))
            await asyncio.wait({self._sleeper})

"""The turn timer: one background task that expires challenges, reminds and forfeits.

Deadlines live in the database: after a restart the timer reads them again. It
sleeps until the next deadline or reminder (at most ``max_sleep``), which it reads
from the store (one ``MIN`` query) each time it has handled what was due. A move
reads nothing for it: every write of this process tells the timer the game's new
deadline and reminder (:attr:`GameService.listeners`), and only a sooner one shortens
its sleep; a later one (the usual case: the turn passed) changes nothing, and the
timer wakes at the old time, finds nothing due and reads the next moment again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.discord_errors import FAILED
from bot.services.games import GameService, Notice, SomeDueFailed
from cogs import game_texts
from cogs.game_answers import Flows, users
from db.rows import GameRow

log = logging.getLogger(__name__)


#: How long the timer may sleep with nothing due. A process alone on its games learns
#: every deadline from its own writes (:meth:`TurnTimer.noted`); beside another process
#: on PostgreSQL (a rolling restart runs two on the same shards for a while) it cannot, so
#: it reads the next deadline at least this often: a deadline the other process wrote
#: (a counter window, a challenge) was acted on up to an hour late once that one stopped.
ALONE_MAX_SLEEP = 3600.0
SHARED_MAX_SLEEP = 15.0


def turn_timer(service: GameService, flows: Flows, *, shared: bool) -> TurnTimer:
    """The timer of a process alone on its database (SQLite) or ``shared`` with others."""
    return TurnTimer(service, flows, max_sleep=SHARED_MAX_SLEEP if shared else ALONE_MAX_SLEEP)


class TurnTimer:
    def __init__(self, service: GameService, flows: Flows, *, max_sleep: float = 3600.0) -> None:
        self.service = service
        self.flows = flows
        self.max_sleep = max_sleep
        self._task: asyncio.Task[None] | None = None
        #: Other games' due work (each returns how many notices it showed).
        self.hooks: list[Callable[[], Awaitable[int]]] = []
        self._sleeper: asyncio.Future[None] | None = None
        self._wake: datetime | None = None  # when to look next (None: max_sleep)
        self._noted: datetime | None = None  # the soonest time noted since the last read

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="famiglia-turn-timer")
            self.service.listeners.append(self.noted)

    def noted(self, game: GameRow) -> None:
        """``game`` was just written: wake sooner if its deadline or reminder is sooner."""
        due = soonest(game)
        if due is None:
            return
        self._noted = earliest(self._noted, due)
        if self._wake is None or due < self._wake:
            self._wake = due
            self._interrupt()  # sleep again, to the new time

    def _interrupt(self) -> None:
        if self._sleeper is not None and not self._sleeper.done():
            self._sleeper.cancel()

    async def stop(self) -> None:
        """Stop the timer's task and its pending sleep (no task is left behind)."""
        self._interrupt()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def tick(self) -> int:
        """Handle everything due now; returns how many notices went out."""
        notices = await self.service.due()
        for notice in notices:  # each stands alone: one failing loses no other
            try:
                await self.announce(notice)
            except Exception:
                log.exception("the timer's notice of game %s failed", notice.moved.game.id)
        shown = len(notices)
        failed = self.service.failing
        for hook in self.hooks:  # each game's own timers: one failing stops no other
            try:
                shown += await hook()
            except SomeDueFailed:
                failed = True
            except Exception:
                failed = True
                log.exception("a timer hook failed")
        if failed:  # shown what was done; what failed is tried again in a minute
            raise SomeDueFailed("a due game could not be acted on")
        return shown

    async def announce(self, notice: Notice) -> None:
        """Remind the player to move, or show the game the timer ended."""
        if notice.kind != "reminder":
            return await self.flows.show_outcome(notice.moved)
        game, state = notice.moved.game, notice.moved.state
        seat = state.current
        deadline = game.deadline
        when = f" <t:{int(deadline.timestamp())}:R>" if deadline is not None else " soon"
        channel = self.flows.bot.get_partial_messageable(game.channel_id)
        text = (
            f"⏰ {game_texts.mention(game, seat)}, it is still your turn in Famiglia "
            f"#{game.id}. If you do not move, you lose the game{when}."
        )
        try:
            if game.guild_id is None:  # a DM keeps its reminders
                await channel.send(text, allowed_mentions=users(game.players[seat]))
            else:  # in its channel the reminder takes the turn ping's place, and goes with it
                await self.flows.pings.ping(
                    channel,
                    game.id,
                    game.version,
                    text,
                    game.players[seat],
                    again=True,
                    turn=(state.turn, seat),
                )
        except FAILED as error:
            log.warning("reminder for game %s not sent: %s", game.id, error)

    def _delay(self) -> float:
        if self._wake is None:
            return self.max_sleep
        seconds = (self._wake - self.service.clock()).total_seconds()
        return min(self.max_sleep, max(1.0, seconds))

    async def _next(self) -> None:
        """Read the next moment anything is due; a write noted meanwhile counts too."""
        self._noted = None
        stored = await self.service.next_due()
        self._wake = earliest(stored, self._noted)

    async def _sleep(self) -> None:
        """Until the wake time comes (a sooner one noted meanwhile shortens the sleep)."""
        while True:
            self._sleeper = asyncio.ensure_future(asyncio.sleep(self._delay()))
            await asyncio.wait({self._sleeper})
            if not self._sleeper.cancelled():
                return

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
                await self._next()
            except Exception:
                log.exception("the turn timer failed; trying again in a minute")
                self._wake = self.service.clock() + timedelta(minutes=1)
            await self._sleep()


def soonest(game: GameRow) -> datetime | None:
    """When the timer has something to do for ``game`` as written: its deadline, or its
    reminder if not yet sent (None: nothing, e.g. it is over)."""
    if not game.is_open:
        return None
    reminder = None if game.reminder_sent else game.reminder_at
    return earliest(game.deadline, reminder)


def earliest(*times: datetime | None) -> datetime | None:
    known = [t for t in times if t is not None]
    return min(known) if known else None

"""The game service the cogs use: starts and moves (:mod:`bot.services.moves`) and the
turn clock, for every game and mode alike.

The clock's deadlines live in the store; the service decides what a due one means, as
a move is decided: under the game's lock, on the game as stored now, committed with its
version. A challenge past its deadline expires; a reminder is due at half time; the
seats awaited at a turn's deadline lose on time (the mode's result record says how).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from bot.services.commits import CONFLICT, Moved
from bot.services.moves import STALE, GameMoves
from bot.services.reads import GameOver, Refusal
from db.rows import GameRow
from engine.famiglia.game import GAME as FAMIGLIA_GAME

log = logging.getLogger(__name__)

#: Famiglia's stored game name (the game of this service's default modes).
FAMIGLIA = FAMIGLIA_GAME.name


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the turn timer did: ``kind`` is expired, reminder or timeout."""

    kind: str
    moved: Moved


class SomeDueFailed(Exception):
    """Games whose deadline or reminder could not be acted on in a tick (their writes
    failed; the others' notices were shown): the timer tries again a minute later, not
    at once (they are still due, and would be tried every second)."""


class GameService(GameMoves):
    #: whether the last :meth:`due` left a due game undone (its write failed)
    failing: bool = False

    async def due(self) -> list[Notice]:
        """Expire old challenges, remind at half time, forfeit at the deadline: in the
        games of this service's modes (each game's service times its own)."""
        self.failing = False
        notices: list[Notice] = []
        for name in sorted({mode.game for mode in self.modes.values()}):
            notices += await self._due(name)
        return notices

    async def _due(self, name: str) -> list[Notice]:
        """What is due in the games of ``name``; each game on its own: one whose write
        fails loses no other its notice (the games the tick already ended are shown)."""
        now = self.clock()
        return [*await self._deadlines(name, now), *await self._reminders(name, now)]

    async def _deadlines(self, name: str, now: datetime) -> list[Notice]:
        """Challenges expired and turns run out in the games of ``name``."""
        try:
            due = await self.store.due_deadlines(now, game=name)
        except Exception:  # the other games' notices go out all the same
            self.failing = True
            log.exception("the due deadlines of %s could not be read", name)
            return []
        notices: list[Notice] = []
        for game in due:
            try:
                if game.status == "challenge":
                    notices.append(Notice("expired", await self._expire(game.id, now)))
                elif game.status == "active":
                    notices.append(Notice("timeout", await self._time_out(game.id, now)))
            except Refusal:
                continue  # a move or answer got there first
            except Exception:  # this game's write failed: still due, tried again later
                self.failing = True
                log.exception("the deadline of game %s could not be acted on", game.id)
        return notices

    async def _reminders(self, name: str, now: datetime) -> list[Notice]:
        """The half-time reminders due in the games of ``name``, each claimed once."""
        try:
            due = await self.store.due_reminders(now, game=name)
        except Exception:  # the deadlines acted on are shown all the same
            self.failing = True
            log.exception("the due reminders of %s could not be read", name)
            return []
        notices: list[Notice] = []
        for game in due:
            if game.status != "active":
                continue
            try:
                async with self.lock(game.id):
                    if await self.store.mark_reminder_sent(game.id, expected_version=game.version):
                        self._live.forget(game.id)  # kept with its reminder unsent
                        notices.append(Notice("reminder", Moved(game, self.state_of(game))))
            except Exception:  # the claim's answer lost: it may have landed
                if await self._claimed(game):
                    notices.append(Notice("reminder", Moved(game, self.state_of(game))))
                    continue
                self.failing = True  # not marked sent: tried again later
                log.exception("the reminder of game %s could not be claimed", game.id)
        return notices

    async def _claimed(self, game: GameRow) -> bool:
        """Whether the reminder of ``game`` is marked sent at its version after a claim
        whose answer was lost: it landed (or, rarely, another process claimed it in the
        meantime, and the player is reminded twice rather than never)."""
        try:
            stored = await self.store.get_game(game.id)
        except Exception:
            return False
        return stored is not None and stored.version == game.version and stored.reminder_sent

    async def _expire(self, game_id: int, now: datetime) -> Moved:
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            if game.status != "challenge" or game.deadline is None or game.deadline > now:
                raise Refusal("no longer due")
            row = await self._write(game, 0, [], state, "expired", None)
            return Moved(row, state, ended=True)

    async def _time_out(self, game_id: int, now: datetime) -> Moved:
        """The seats awaited let the deadline pass, decided as a move is: under the game's
        lock, on the game as stored now, committed with its version. The mode says what
        that means (they lose on time; or silent seats answer by default, a person's
        seat goes to the AI). A move that got the lock first gave the decision a fresh
        deadline, so it is no longer due and nothing happens."""
        async with self.lock(game_id):
            game, state = await self.load(game_id)
            if game.status != "active" or game.deadline is None or game.deadline > now:
                raise Refusal("no longer due")
            seats = self.rules(game).awaiting(state)
            if not seats:
                raise Refusal("nobody to move")
            return await self.settle(
                game, state, self.mode(game).lapse(game, state, seats), "timeout"
            )

    async def next_due(self) -> datetime | None:
        """The earliest deadline or unsent reminder of any open game (one query)."""
        return await self.store.next_deadline()


__all__ = [
    "CONFLICT",
    "FAMIGLIA",
    "STALE",
    "GameOver",
    "GameService",
    "Moved",
    "Notice",
    "Refusal",
    "SomeDueFailed",
]

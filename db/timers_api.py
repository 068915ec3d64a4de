"""The store's timer methods: what is due, the next moment anything is, and the claims.

Each query sees only the games this process owns (:mod:`db.shards`). Claims are made
by the database: a deadline is acted on through a versioned write (one process wins),
a reminder is claimed by the one ``UPDATE`` that finds it unsent.
"""

from __future__ import annotations

from datetime import datetime

from db import games as g
from db.base import StoreBase
from db.clock import opt_from_db, to_db
from db.rows import GameRow
from db.tx import Tx


class TimersApi(StoreBase):
    async def mark_reminder_sent(self, game_id: int, *, expected_version: int) -> GameRow | None:
        """Claim this turn's reminder: the game if this call marked it sent, None if the
        game moved on or another process claimed it first (only the claimant sends it).

        Not a version bump: a reminder changes no game state.
        """

        async def mark(tx: Tx) -> GameRow | None:
            changed = await tx.execute(
                "UPDATE games SET reminder_sent = 1 WHERE id = $1 AND version = $2"
                f" AND reminder_sent = 0 AND {g.OPEN}",
                game_id,
                expected_version,
            )
            return await g.fetch_game(tx, game_id) if changed == 1 else None

        return await self._write(mark)

    async def due_deadlines(self, now: datetime, *, game: str | None = None) -> list[GameRow]:
        """Open games (challenges included) whose deadline is at or before ``now``; with
        ``game``, only that game's (each game's service times its own)."""
        return await self._read(
            lambda tx: g.fetch_games(
                tx,
                f"{g.SELECT_GAME} WHERE deadline IS NOT NULL AND {g.OPEN} AND deadline <= $1"
                f"{self._shards.sql()}{_of_game(game)} ORDER BY deadline, id",
                to_db(now),
                *([game] if game else []),
            )
        )

    async def due_reminders(self, now: datetime, *, game: str | None = None) -> list[GameRow]:
        """Open games whose reminder time has come and whose reminder is not yet sent."""
        return await self._read(
            lambda tx: g.fetch_games(
                tx,
                f"{g.SELECT_GAME} WHERE reminder_at IS NOT NULL AND reminder_sent = 0"
                f" AND {g.OPEN} AND reminder_at <= $1{self._shards.sql()}{_of_game(game)}"
                " ORDER BY reminder_at, id",
                to_db(now),
                *([game] if game else []),
            )
        )

    async def extend_deadlines(self, until: datetime) -> list[int]:
        """Give every running game whose turn deadline is before ``until`` that deadline
        instead (time lost while the bot was down); its reminder counts as sent, the
        turn being announced anew. A version bump, though no game state changes: a
        process still running with its copy of the game (a rolling restart) would
        otherwise write its old deadline back with its next step, and the player would
        lose on time at the deadline the grace replaced. Returns the ids of the games
        extended."""

        owned = self._shards.sql()

        async def run(tx: Tx) -> list[int]:
            rows = await tx.fetch(
                "UPDATE games SET deadline = $1, reminder_sent = 1, version = version + 1"
                " WHERE status = 'active'"
                f" AND deadline IS NOT NULL AND deadline < $1{owned} RETURNING id",
                to_db(until),
            )
            return sorted(int(row[0]) for row in rows)

        return await self._write(run)

    async def turn_ping_sent(self, game_id: int, message_id: int) -> list[int]:
        """``message_id`` is a "your turn" ping of the game in its channel, to delete when
        the next is sent or the game ends (after a restart too); the game's pings kept
        now, read in the same transaction."""

        async def run(tx: Tx) -> list[int]:
            await tx.execute(
                "INSERT INTO turn_pings (game_id, message_id) VALUES ($1, $2)"
                " ON CONFLICT (game_id, message_id) DO NOTHING",
                game_id,
                message_id,
            )
            return await _pings_of(tx, game_id)

        return await self._write(run)

    async def turn_pings(self, game_id: int) -> list[int]:
        """The game's turn pings still to delete."""
        return await self._read(lambda tx: _pings_of(tx, game_id))

    async def turn_pings_deleted(self, game_id: int, message_ids: list[int]) -> list[int]:
        """The game's turn pings ``message_ids`` are deleted from the channel (or gone):
        no longer kept; the game's pings left, read in the same transaction."""

        async def run(tx: Tx) -> list[int]:
            await tx.executemany(
                "DELETE FROM turn_pings WHERE game_id = $1 AND message_id = $2",
                [(game_id, message_id) for message_id in message_ids],
            )
            return await _pings_of(tx, game_id)

        return await self._write(run)

    async def ended_games_with_pings(self) -> list[tuple[int, int, int]]:
        """(id, channel, version) of each ended game this process owns that still has
        turn pings kept: their delete at the end failed, to be tried again."""
        owned = self._shards.sql()

        async def run(tx: Tx) -> list[tuple[int, int, int]]:
            rows = await tx.fetch(
                "SELECT id, channel_id, version FROM games WHERE NOT"
                f" {g.OPEN}{owned} AND id IN (SELECT game_id FROM turn_pings) ORDER BY id"
            )
            return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]

        return await self._read(run)

    async def next_deadline(self) -> datetime | None:
        """The earliest pending deadline or unsent reminder of any open game this process
        owns, for its timer: one query."""

        owned = self._shards.sql()

        async def run(tx: Tx) -> datetime | None:
            row = await tx.fetchrow(
                f"SELECT MIN(t) FROM (SELECT MIN(deadline) AS t FROM games WHERE {g.OPEN}"
                f" AND deadline IS NOT NULL{owned} UNION ALL SELECT MIN(reminder_at) FROM games"
                f" WHERE {g.OPEN} AND reminder_at IS NOT NULL AND reminder_sent = 0{owned}) AS due"
            )
            return None if row is None else opt_from_db(row[0])

        return await self._read(run)


def _of_game(game: str | None) -> str:
    """The filter on the game a row holds (its value is the query's ``$2``)."""
    return " AND game = $2" if game else ""


async def _pings_of(tx: Tx, game_id: int) -> list[int]:
    rows = await tx.fetch("SELECT message_id FROM turn_pings WHERE game_id = $1", game_id)
    return sorted(int(row[0]) for row in rows)

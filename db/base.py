"""What every part of the store shares: one connection, its lock, transactions, clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from types import TracebackType
from typing import Self, TypeVar

import aiosqlite

from db.clock import Clock, utcnow
from db.connection import connect
from db.migrations import migrate

T = TypeVar("T")


class StoreBase:
    """One aiosqlite connection; an ``asyncio.Lock`` keeps the tasks sharing it from
    interleaving inside a transaction (SQLite transactions belong to a connection)."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock = utcnow) -> None:
        self._conn = conn
        self._clock = clock
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, clock: Clock = utcnow) -> Self:
        """Open (creating if needed) the database at ``path`` and bring its schema up."""
        conn = await connect(path)
        try:
            await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, clock)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A ``BEGIN IMMEDIATE`` transaction: committed on exit, rolled back on error."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise

    async def _read(self, fn: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            return await fn(self._conn)

    def _now(self) -> datetime:
        return self._clock()

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
    """One aiosqlite connection for writes; an ``asyncio.Lock`` keeps the tasks sharing
    it from interleaving inside a transaction (SQLite transactions belong to a
    connection). Reads go through a second, read-only connection when there is a file:
    under WAL they see every committed write and never queue behind a commit's fsync."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        clock: Clock = utcnow,
        reader: aiosqlite.Connection | None = None,
    ) -> None:
        self._conn = conn
        self._clock = clock
        self._lock = asyncio.Lock()
        self._reader = conn if reader is None else reader
        self._read_lock = self._lock if reader is None else asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, clock: Clock = utcnow) -> Self:
        """Open (creating if needed) the database at ``path`` and bring its schema up."""
        conn = await connect(path)
        reader = None
        try:
            await migrate(conn)
            if path != ":memory:":
                reader = await connect(path)
                await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await conn.close()
            if reader is not None:
                await reader.close()
            raise
        return cls(conn, clock, reader)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()
        if self._reader is not self._conn:
            async with self._read_lock:
                await self._reader.close()

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
        async with self._read_lock:
            return await fn(self._reader)

    def _now(self) -> datetime:
        return self._clock()

"""What every part of the store shares: one connection, its transactions, the clock."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from types import TracebackType
from typing import Self, TypeVar

import aiosqlite

from db.clock import Clock, utcnow
from db.connection import connect, run_in_thread
from db.migrations import migrate

T = TypeVar("T")


class StoreBase:
    """One aiosqlite connection. Each store operation is one plain function run whole
    in the connection's thread (:func:`~db.connection.run_in_thread`): the thread runs
    them one after another, so tasks sharing the connection never interleave inside a
    transaction, and an operation costs one trip to the thread however many statements
    it has."""

    def __init__(self, conn: aiosqlite.Connection, clock: Clock = utcnow) -> None:
        self._conn = conn
        self._clock = clock

    @classmethod
    async def open(cls, path: str, *, clock: Clock = utcnow) -> Self:
        """Open (creating if needed) the database at ``path`` and bring its schema up."""
        conn = await connect(path)
        try:
            await run_in_thread(conn, migrate)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, clock)

    async def close(self) -> None:
        await self._conn.close()  # queued behind the operations already running

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` in one ``BEGIN IMMEDIATE`` transaction: committed if it returns, rolled
        back if it raises (and the exception passed on)."""

        def transaction(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                out = fn(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return out

        return await run_in_thread(self._conn, transaction)

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn``'s reads in one read transaction: all of them see the same snapshot."""

        def snapshot(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN")
            try:
                return fn(conn)
            finally:
                conn.execute("COMMIT")

        return await run_in_thread(self._conn, snapshot)

    def _now(self) -> datetime:
        return self._clock()

"""The SQLite backend: one aiosqlite connection, each operation run whole in its thread."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

import aiosqlite

from db.connection import connect, run_in_thread
from db.migrations import migrate
from db.tx import Operation, Row

T = TypeVar("T")

_PLACEHOLDER = re.compile(r"\$(\d+)")
_UNIQUE = re.compile(r"UNIQUE constraint failed: \w+\.(\w+)")


@lru_cache(maxsize=512)
def sqlite_sql(sql: str) -> str:
    """``$1`` placeholders as SQLite's numbered ``?1``."""
    return _PLACEHOLDER.sub(r"?\1", sql)


def drive(step: Awaitable[T]) -> T:
    """The result of a coroutine that never suspends, computed here and now.

    Every await of a :class:`SqliteTx` completes at once, so an operation written for
    any backend runs to its end on the first step, inside the connection's thread.
    """
    coro = step.__await__()
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coro.close()
    raise RuntimeError("a SQLite store operation awaited something other than its connection")


class SqliteTx:
    lock_row = ""  # BEGIN IMMEDIATE holds the database's write lock already
    one_statement = False  # an operation is one trip to the thread whatever it runs

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        return self._conn.execute(sqlite_sql(sql), args).fetchall()

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        row: Row | None = self._conn.execute(sqlite_sql(sql), args).fetchone()
        return row

    async def execute(self, sql: str, *args: object) -> int:
        return self._conn.execute(sqlite_sql(sql), args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        self._conn.executemany(sqlite_sql(sql), rows)

    def json_text(self, column: str, *path: str | int) -> str:
        where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        return f"json_extract({column}, '{where}')"

    async def lock_results(self) -> None:
        pass  # one writer at a time: BEGIN IMMEDIATE orders the results already


class SqliteDatabase:
    """One aiosqlite connection. Each operation is one plain function run whole in the
    connection's thread (:func:`~db.connection.run_in_thread`): the thread runs them one
    after another, so tasks sharing the connection never interleave inside a
    transaction, and an operation costs one trip to the thread however many statements
    it has."""

    kind = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        """Open (creating if needed) the database at ``path`` and bring its schema up."""
        conn = await connect(path)
        try:
            await run_in_thread(conn, migrate)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def write(self, fn: Operation[T]) -> T:
        def transaction(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                out = drive(fn(SqliteTx(conn)))
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return out

        return await run_in_thread(self.conn, transaction)

    async def write_alone(self, fn: Operation[T]) -> T:
        return await self.write(fn)

    async def read(self, fn: Operation[T]) -> T:
        def snapshot(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN")
            try:
                return drive(fn(SqliteTx(conn)))
            finally:
                conn.execute("COMMIT")

        return await run_in_thread(self.conn, snapshot)

    def duplicate_key(self, exc: BaseException) -> str | None:
        if not isinstance(exc, sqlite3.IntegrityError):
            return None
        found = _UNIQUE.search(str(exc))
        return found.group(1) if found else None

    async def close(self) -> None:
        await self.conn.close()  # queued behind the operations already running

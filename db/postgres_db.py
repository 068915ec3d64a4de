"""The PostgreSQL backend: an asyncpg pool, one pooled connection per transaction.

Several processes may share the database. A write runs ``READ COMMITTED`` and locks
what it changes: the game row (its versioned ``UPDATE``, or ``SELECT … FOR UPDATE``
through :attr:`PgTx.lock_row`: a second writer waits, then sees the new version and is
refused) and, for a result,
a transaction-scoped advisory lock that puts results — and so the ratings computed
from them — in one order across processes. A read runs ``REPEATABLE READ READ ONLY``:
all its queries see one snapshot.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import asyncpg

from db.postgres_schema import RESULTS_LOCK, migrate
from db.tx import Operation, Row

T = TypeVar("T")

_KEY = re.compile(r"Key \((\w+)\)")

#: Connections each store keeps open: a move holds one for its transaction only. All are
#: opened with the store and kept for its life, with their prepared statements (the
#: store's few queries): a move never waits for a new connection or a new prepare,
#: neither in the first burst after a start nor after a quiet spell. asyncpg would
#: otherwise close a connection, and drop a prepared statement, left unused for 5
#: minutes, each by a timer of its own on the event loop.
POOL_SIZE = 10
#: how long a graceful close of the pool may take before its connections are cut
CLOSE_SECONDS = 5.0


async def _keep_session(conn: Any) -> None:
    """What a connection needs when it goes back to the pool: nothing more than asyncpg
    does anyway (roll back a transaction left open). The store sets no session state
    (no ``SET``, ``LISTEN`` or session-level lock: its only lock is transaction-scoped),
    so asyncpg's default reset query, one more round trip after every transaction, has
    nothing to undo."""


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


class PgTx:
    lock_row = " FOR UPDATE"

    def __init__(self, conn: Any, *, one_statement: bool = False) -> None:
        self._conn = conn
        self.one_statement = one_statement

    async def fetch(self, sql: str, *args: object) -> list[Row]:
        rows: list[Row] = await self._conn.fetch(sql, *args)
        return rows

    async def fetchrow(self, sql: str, *args: object) -> Row | None:
        row: Row | None = await self._conn.fetchrow(sql, *args)
        return row

    async def execute(self, sql: str, *args: object) -> int:
        status: str = await self._conn.execute(sql, *args)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._conn.executemany(sql, list(rows))

    def json_text(self, column: str, *path: str | int) -> str:
        return f"({column}::json #>> '{{{','.join(str(p) for p in path)}}}')"

    async def lock_results(self) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", RESULTS_LOCK)


class PostgresDatabase:
    kind = "postgresql"

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        """Connect to the database at ``url`` and bring its schema up."""
        pool = await asyncpg.create_pool(
            url,
            min_size=pool_size,
            max_size=pool_size,
            max_inactive_connection_lifetime=0,
            max_cached_statement_lifetime=0,
            reset=_keep_session,
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def write(self, fn: Operation[T]) -> T:
        async with self.pool.acquire() as conn, conn.transaction():
            return await fn(PgTx(conn))

    async def write_alone(self, fn: Operation[T]) -> T:
        async with self.pool.acquire() as conn:
            return await fn(PgTx(conn, one_statement=True))

    async def read(self, fn: Operation[T]) -> T:
        async with (
            self.pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await fn(PgTx(conn))

    def duplicate_key(self, exc: BaseException) -> str | None:
        if not isinstance(exc, asyncpg.UniqueViolationError):
            return None
        found = _KEY.search(str(getattr(exc, "detail", "") or ""))
        return found.group(1) if found else None

    async def close(self) -> None:
        """Close the pool gracefully, or at once after :data:`CLOSE_SECONDS` (a
        connection whose peer vanished without a word would keep a graceful close
        waiting: the bot would not stop)."""
        try:
            await asyncio.wait_for(self.pool.close(), CLOSE_SECONDS)
        except TimeoutError:
            self.pool.terminate()

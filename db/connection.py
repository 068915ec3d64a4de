"""Opening SQLite the way the store needs it: WAL, full sync, foreign keys, busy wait;
and running a whole store operation in the connection's own thread."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

import aiosqlite

T = TypeVar("T")

#: How long a writer waits for another connection's write lock before giving up.
BUSY_TIMEOUT_MS = 10_000


async def connect(path: str) -> aiosqlite.Connection:
    """Open ``path`` in autocommit mode; the store issues its own BEGIN/COMMIT."""
    conn = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        async with conn.execute("PRAGMA journal_mode = WAL") as cur:
            row = await cur.fetchone()
        mode = str(row[0]).lower() if row else ""
        if mode != "wal" and path != ":memory:":
            raise RuntimeError(f"could not switch {path} to WAL (journal_mode={mode})")
        # FULL: a committed move survives a power cut, not only a crash of the process.
        await conn.execute("PRAGMA synchronous = FULL")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


async def run_in_thread(conn: aiosqlite.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``fn`` on the raw connection in aiosqlite's worker thread: one hop there and
    one back for a whole operation, however many statements it runs.

    aiosqlite awaits each statement (and each fetch) separately; under load every such
    hop waits for a busy event loop, so a move's dozen statements cost a dozen loop
    turns. The worker runs queued functions one at a time, in order, so an operation
    that begins and commits its own transaction is never interleaved with another.
    ``_execute`` and ``_conn`` are aiosqlite's own queueing and raw connection (stable
    since 0.17; tests/store/test_store_thread.py fails loudly if they change).
    """
    raw = conn._conn
    out: T = await conn._execute(fn, raw)  # type: ignore[no-untyped-call]
    return out

"""SQL run on a store past its API, as a tampering operator would, and what each backend
raises for a row its schema refuses."""

from __future__ import annotations

import sqlite3

import asyncpg

from db import Store

#: What each backend raises for a row its schema refuses (a CHECK, a key, a trigger).
SCHEMA_REFUSALS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


async def execute(store: Store, sql: str, *args: object) -> int:
    """Run one statement (``$1`` placeholders) on either backend; the number of rows it
    changed."""
    return await store._db.write(lambda tx: tx.execute(sql, *args))

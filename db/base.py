"""What every part of the store shares: the backend, its transactions, the clock."""

from __future__ import annotations

from datetime import datetime
from types import TracebackType
from typing import Self, TypeVar

import aiosqlite

from db.clock import Clock, utcnow
from db.multi_ratings import rebuild_if_pending
from db.postgres_db import PostgresDatabase, is_postgres_url
from db.shards import ALL, Shards
from db.sqlite_db import SqliteDatabase
from db.tx import Database, Operation

T = TypeVar("T")


async def open_database(target: str) -> Database:
    """``postgresql://…`` (or ``postgres://…``): that PostgreSQL database; anything else
    is the path of a SQLite file. Either way the schema is brought up to date."""
    if is_postgres_url(target):
        return await PostgresDatabase.open(target)
    return await SqliteDatabase.open(target)


class StoreBase:
    """A backend (:class:`~db.tx.Database`), the clock that stamps every write, and the
    shards whose games this process repairs, times and plays (:mod:`db.shards`)."""

    def __init__(self, database: Database, clock: Clock = utcnow, shards: Shards = ALL) -> None:
        self._db = database
        self._clock = clock
        self._shards = shards

    @classmethod
    async def open(cls, target: str, *, clock: Clock = utcnow, shards: Shards = ALL) -> Self:
        """Open the database at ``target`` (a SQLite path or a ``postgresql://`` URL),
        its schema brought up to date and what a migration left to rebuild rebuilt."""
        store = cls(await open_database(target), clock, shards)
        try:
            await store._write(rebuild_if_pending)
        except BaseException:
            await store.close()
            raise
        return store

    @property
    def shards(self) -> Shards:
        return self._shards

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.kind

    @property
    def _conn(self) -> aiosqlite.Connection:
        """The SQLite backend's connection, for tools that tune or inspect the file."""
        if not isinstance(self._db, SqliteDatabase):
            raise TypeError(f"a {self._db.kind} store has no SQLite connection")
        return self._db.conn

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def _write(self, fn: Operation[T]) -> T:
        return await self._db.write(fn)

    async def _write_alone(self, fn: Operation[T]) -> T:
        return await self._db.write_alone(fn)

    async def _read(self, fn: Operation[T]) -> T:
        return await self._db.read(fn)

    def _now(self) -> datetime:
        return self._clock()

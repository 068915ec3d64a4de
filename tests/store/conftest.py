"""Store fixtures: a real database per test, on each backend, and a clock the test moves
by hand. ``store`` and ``store_target`` run every test that uses them twice: on a SQLite
file and on a fresh PostgreSQL database of the test server."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from db import GameRow, ResultRecord, Store

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

#: What each backend raises for a row its schema refuses (a CHECK, a key, a trigger).
SCHEMA_REFUSALS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


class FakeClock:
    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path) -> str:
    return str(tmp_path / "famiglia.db")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request: pytest.FixtureRequest, db_path: str) -> str:
    """What ``Store.open`` is given: a SQLite path, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return db_path
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(store_target: str, clock: FakeClock) -> AsyncIterator[Store]:
    s = await Store.open(store_target, clock=clock)
    yield s
    await s.close()


@pytest.fixture
async def sqlite_store(db_path: str, clock: FakeClock) -> AsyncIterator[Store]:
    """For tests of what only the SQLite backend has (its file, pragmas, thread)."""
    s = await Store.open(db_path, clock=clock)
    yield s
    await s.close()


async def execute(store: Store, sql: str, *args: object) -> int:
    """Run one statement (``$1`` placeholders) on either backend, as a tampering
    operator would; the number of rows it changed."""
    return await store._db.write(lambda tx: tx.execute(sql, *args))


_channels = itertools.count(1000)


async def new_game(
    store: Store,
    players: tuple[int, int] = (11, 22),
    *,
    mode: str = "duel",
    guild_id: int | None = 1,
    channel_id: int | None = None,
    status: str = "active",
    deadline: datetime | None = None,
    options: dict | None = None,
) -> GameRow:
    return await store.create_game(
        mode=mode,  # type: ignore[arg-type]
        guild_id=guild_id,
        channel_id=next(_channels) if channel_id is None else channel_id,
        players=players,
        seed=1234,
        state_json='{"turn":0}',
        status=status,  # type: ignore[arg-type]
        options=options or {},
        deadline=deadline,
    )


async def finish(
    store: Store,
    players: tuple[int, int],
    winner: int | None,
    *,
    mode: str = "duel",
    guild_id: int | None = 1,
    reason: str = "score",
    totals: tuple[int, int] = (40, 30),
    level: int | None = None,
    first_seat: int | None = None,
    high_score: int | None = None,
) -> GameRow:
    """A game created, played one move and finished with a result, all through the API."""
    game = await new_game(store, players, mode=mode, guild_id=guild_id)
    return await store.commit_move(
        game.id,
        expected_version=game.version,
        actor=players[0],
        actions=['{"type":"pass"}'],
        state_json='{"over":true}',
        status="finished" if reason == "score" else "forfeited",
        deadline=None,
        result=ResultRecord(
            totals=totals,
            winner=winner,  # type: ignore[arg-type]
            reason=reason,  # type: ignore[arg-type]
            level=level,
            first_seat=first_seat,  # type: ignore[arg-type]
            high_score=high_score,
        ),
    )

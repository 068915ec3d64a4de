"""Store fixtures: a real database per test, on each backend, and a clock the test moves
by hand. ``store`` and ``store_target`` run every test that uses them twice: on a SQLite
file and on a fresh PostgreSQL database of the test server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import Store

from .hand_clock import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
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

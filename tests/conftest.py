"""Fixtures every test directory may use.

* ``postgres_server`` / ``postgres_url``: a throwaway PostgreSQL server for the run and a
  new, empty database on it per test (tests/postgres_server.py).
* ``config``, ``bot_seed``, ``simcord_bot``, ``world``: the bot in a SimCord world of one
  server, one channel and three members (tests/simcord_world.py), on a database file of
  its own per test. Commands are also synced globally (slash commands in a DM need them);
  the bot's random numbers, which decide the seeds of new games, start from ``bot_seed``.
  A directory or a test module overrides ``config`` or ``bot_seed`` where it needs to.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord
from pytest_postgresql.executors import PostgreSQLExecutor

from bot.app import FamigliaBot
from bot.settings import Settings
from tests.postgres_server import NoPostgreSQL, running_server
from tests.postgres_server import new_database as _new_database
from tests.simcord_world import World, build_world, settings


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgreSQLExecutor]:
    """One server for the whole run, started at the first test that needs it."""
    try:
        with running_server() as server:
            yield server
    except NoPostgreSQL as missing:
        pytest.fail(str(missing))


@pytest.fixture
def postgres_url(postgres_server: PostgreSQLExecutor) -> Iterator[str]:
    """The URL of a new, empty database on the test server, dropped after the test."""
    with _new_database(postgres_server) as url:
        yield url


@pytest.fixture
def config(tmp_path: Path) -> Settings:
    return settings(tmp_path / "famiglia.db")


@pytest.fixture
def bot_seed() -> int:
    """The seed of the bot's random numbers: it decides the seeds of new games."""
    return 1


@pytest.fixture
def simcord_bot(config: Settings, bot_seed: int) -> FamigliaBot:
    return FamigliaBot(config, sync_global=True, rng=random.Random(bot_seed))


@pytest.fixture
async def world(simcord_env: simcord.Env, config: Settings) -> AsyncIterator[World]:
    built = await build_world(simcord_env, config)
    yield built
    await built.bot.store.close()

"""Fixtures every test directory may use: a throwaway PostgreSQL server (tests/pgserver.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytest_postgresql.executors import PostgreSQLExecutor

from tests.pgserver import NoPostgreSQL, running_server
from tests.pgserver import new_database as _new_database


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

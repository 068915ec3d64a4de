"""Opening a PostgreSQL database: migrations once, re-opening, refusing a newer schema,
a failed migration changing nothing, the action log protected as on SQLite."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

import db.postgres_schema as schema
from db import SchemaTooNew, Store
from db.postgres_schema import SCHEMA_VERSION
from tests.stored_games import new_game

TABLES = {
    "games",
    "actions",
    "results",
    "ratings",
    "rating_history",
    "seats",
    "placings",
    "multi_ratings",
    "multi_rating_history",
    "unannounced_ends",
    "turn_pings",
    "pending_rebuilds",
    "schema_version",
}


async def _tables(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return {r[0] for r in rows}
    finally:
        await conn.close()


async def _sql(url: str, sql: str) -> object:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(sql)
    finally:
        await conn.close()


async def test_fresh_database_gets_every_migration(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as store:
        assert store.backend == "postgresql"
    assert await _tables(postgres_url) == TABLES
    assert await _sql(postgres_url, "SELECT version FROM schema_version") == SCHEMA_VERSION
    assert len(schema.MIGRATIONS) == SCHEMA_VERSION


async def test_processes_opening_a_fresh_database_at_once_migrate_it_once(
    postgres_url: str,
) -> None:
    stores = await asyncio.gather(*(Store.open(postgres_url) for _ in range(4)))
    for store in stores:
        await store.close()
    assert await _sql(postgres_url, "SELECT COUNT(*) FROM schema_version") == 1


async def test_reopen_applies_nothing_and_keeps_data(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as store:
        game = await new_game(store)
    for _ in range(3):
        async with await Store.open(postgres_url) as store:
            assert await store.get_game(game.id) == game
    assert await _sql(postgres_url, "SELECT version FROM schema_version") == SCHEMA_VERSION


async def test_newer_schema_is_refused(postgres_url: str) -> None:
    async with await Store.open(postgres_url):
        pass
    await _sql(postgres_url, f"UPDATE schema_version SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew):
        await Store.open(postgres_url)


async def test_failing_migration_leaves_database_untouched(postgres_url: str, monkeypatch) -> None:
    broken = (*schema.MIGRATIONS[:-1], (*schema.MIGRATIONS[-1], "CREATE TABLE oops ("))
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await Store.open(postgres_url)
    assert await _tables(postgres_url) == set()


async def test_the_action_log_cannot_be_truncated(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as store:
        game = await new_game(store)
        await store.commit_move(
            game.id,
            expected_version=0,
            actor=11,
            actions=['{"type":"pass"}'],
            state_json="{}",
            status="active",
            deadline=None,
        )
    with pytest.raises(asyncpg.RaiseError, match="append-only"):
        await _sql(postgres_url, "TRUNCATE actions CASCADE")
    assert await _sql(postgres_url, "SELECT COUNT(*) FROM actions") == 1


@pytest.mark.parametrize(
    ("sql", "index"),
    [
        (
            "SELECT * FROM games WHERE channel_id = 5 AND status IN ('challenge', 'active')",
            "games_open_by_channel",
        ),
        (
            "SELECT * FROM games WHERE deadline IS NOT NULL AND status IN ('challenge', 'active')"
            " AND deadline <= 'x'",
            "games_open_by_deadline",
        ),
        ("SELECT * FROM results WHERE mode = 'duel' AND guild_id = 3", "results_by_mode_guild"),
        ("SELECT * FROM actions WHERE game_id = 3 ORDER BY seq", "actions_pkey"),
    ],
)
async def test_hot_queries_can_use_an_index(postgres_url: str, sql: str, index: str) -> None:
    """With table scans priced out (the test tables are tiny), the plan names the index."""
    async with await Store.open(postgres_url):
        pass
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("SET enable_seqscan = off")
        plan = " ".join(r[0] for r in await conn.fetch(f"EXPLAIN {sql}"))
    finally:
        await conn.close()
    assert index in plan, plan

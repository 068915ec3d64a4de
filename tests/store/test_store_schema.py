"""Opening the database: pragmas, migrations, re-opening, refusing a newer schema."""

from __future__ import annotations

import sqlite3

import pytest

import db.migrations as migrations
from db import SchemaTooNew, Store
from db.migrations import SCHEMA_VERSION
from tests.stored_games import new_game


def _raw(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path)


async def test_open_sets_durability_pragmas(sqlite_store: Store) -> None:
    conn = sqlite_store._conn
    for pragma, expected in [
        ("journal_mode", "wal"),
        ("synchronous", "2"),  # FULL
        ("foreign_keys", "1"),
    ]:
        async with conn.execute(f"PRAGMA {pragma}") as cur:
            row = await cur.fetchone()
        assert str(row[0]).lower() == expected, pragma
    async with conn.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] >= 1000


async def test_fresh_file_gets_every_migration(db_path: str) -> None:
    async with await Store.open(db_path):
        pass
    raw = _raw(db_path)
    assert (
        raw.execute("PRAGMA user_version").fetchone()[0]
        == SCHEMA_VERSION
        == len(migrations.MIGRATIONS)
    )
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "actions", "results", "ratings", "rating_history"} <= tables


async def test_reopen_applies_nothing_and_keeps_data(db_path: str) -> None:
    async with await Store.open(db_path) as store:
        game = await new_game(store)
    schema_before = _raw(db_path).execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    for _ in range(3):
        async with await Store.open(db_path) as store:
            assert await store.get_game(game.id) == game
    raw = _raw(db_path)
    assert raw.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == schema_before
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


async def test_newer_schema_is_refused(db_path: str) -> None:
    async with await Store.open(db_path):
        pass
    raw = _raw(db_path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


async def test_failing_migration_leaves_file_untouched(db_path: str, monkeypatch) -> None:
    broken = (*migrations.MIGRATIONS[:-1], (*migrations.MIGRATIONS[-1], "CREATE TABLE oops ("))
    monkeypatch.setattr(migrations, "MIGRATIONS", broken)
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(db_path)
    raw = _raw(db_path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 0
    assert raw.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table'").fetchone()[0] == 0


@pytest.mark.parametrize(
    ("sql", "index"),
    [
        (
            "SELECT * FROM games WHERE channel_id = 5 AND status IN ('challenge', 'active')",
            "games_open_by_channel",
        ),
        (
            "SELECT * FROM games WHERE player1 = 5 AND status IN ('challenge', 'active')",
            "games_by_player1",
        ),
        (
            "SELECT * FROM games WHERE deadline IS NOT NULL AND status IN ('challenge', 'active')"
            " AND deadline <= 'x'",
            "games_open_by_deadline",
        ),
        ("SELECT * FROM results WHERE mode = 'duel' AND guild_id = 3", "results_by_mode_guild"),
        ("SELECT * FROM actions WHERE game_id = 3 ORDER BY seq", "PRIMARY KEY"),
    ],
)
async def test_hot_queries_use_an_index(sqlite_store: Store, sql: str, index: str) -> None:
    async with sqlite_store._conn.execute(f"EXPLAIN QUERY PLAN {sql}") as cur:
        plan = " ".join(str(r[3]) for r in await cur.fetchall())
    assert index in plan, plan

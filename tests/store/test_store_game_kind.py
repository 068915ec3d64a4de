"""Which game a row holds: the ``game`` column (migration 2), 'famiglia' unless told."""

from __future__ import annotations

import sqlite3

import db.migrations as migrations
import db.postgres_schema as postgres_schema
from db import Store
from tests.stored_games import new_game


async def test_a_game_is_famiglia_unless_the_caller_names_another(store: Store) -> None:
    famiglia = await new_game(store)
    nim = await store.create_game(
        mode="duel",
        guild_id=1,
        channel_id=4242,
        players=(11, 22),
        seed=7,
        state_json='{"heaps":[3,4,5]}',
        status="active",
        game="nim",
    )
    assert (await store.get_game(famiglia.id)).game == "famiglia"  # type: ignore[union-attr]
    assert (await store.get_game(nim.id)).game == "nim"  # type: ignore[union-attr]
    assert [g.game for g in await store.active_games()] == ["famiglia", "nim"]


def test_both_backends_add_the_column_in_the_same_numbered_migration() -> None:
    assert migrations.SCHEMA_VERSION == postgres_schema.SCHEMA_VERSION >= 2
    assert "ADD COLUMN game" in migrations.MIGRATIONS[1][0]
    assert "ADD COLUMN game" in postgres_schema.MIGRATIONS[1][0]


async def test_games_saved_before_the_column_read_as_famiglia(db_path: str) -> None:
    """A file at schema 1 (the release before the column) is upgraded on open; the
    games it holds keep every value and are Famiglia games."""
    raw = sqlite3.connect(db_path, isolation_level=None)
    for statement in migrations.MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute("PRAGMA user_version = 1")
    raw.execute(
        "INSERT INTO games (mode, guild_id, channel_id, player0, player1, status, seed,"
        " options, state, created_at, updated_at) VALUES ('duel', 1, 77, 11, 22, 'active',"
        " 5, '{}', '{\"turn\":3}', '2026-03-01T12:00:00.000000Z',"
        " '2026-03-01T12:00:00.000000Z')"
    )
    raw.close()
    async with await Store.open(db_path) as store:
        (game,) = await store.active_games()
    assert (game.game, game.channel_id, game.state_json) == ("famiglia", 77, '{"turn":3}')
    version = sqlite3.connect(db_path).execute("PRAGMA user_version").fetchone()[0]
    assert version == migrations.SCHEMA_VERSION

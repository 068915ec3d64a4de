"""Moving a SQLite database into an empty PostgreSQL database, row for row.

The copy is one PostgreSQL transaction: it checks that the target holds nothing,
copies every table, sets the id sequences past the copied ids, reads every table back
and compares it with the source, then runs the caller's check on every game (its
state against its replayed log) before committing. Any difference rolls it all back:
the target is either a faithful copy or as empty as before.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from db import games as g
from db.errors import StoreError
from db.postgres_db import PgTx, PostgresDatabase, is_postgres_url
from db.rows import GameRow
from db.sqlite_db import SqliteDatabase
from db.tx import Row, Tx

#: Every table and the columns that hold its data (a generated column is left out),
#: parents before children; the first column orders the rows.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (table, tuple(c.strip() for c in columns.split(",")))
    for table, columns in (
        ("games", g.GAME_COLUMNS),
        ("actions", "game_id, seq, actor, action, created_at"),
        (
            "results",
            "id, game_id, mode, guild_id, player0, player1, total0, total1, winner, reason,"
            " level, first_seat, high_score, finished_at",
        ),
        ("ratings", "user_id, rating, rd, volatility, games, wins, losses, draws, updated_at"),
        ("rating_history", "user_id, result_id, game_id, rating, rd, volatility, at"),
        ("seats", "game_id, seat, user_id, name, ai, left_place"),
        ("placings", "result_id, game_id, seat, user_id, place"),
        ("multi_ratings", "game, user_id, mu, sigma, games, wins, updated_at"),
        ("multi_rating_history", "user_id, result_id, game_id, game, mu, sigma, at"),
        ("unannounced_ends", "game_id"),
        ("turn_pings", "game_id, message_id"),
    )
)
_ORDER = {
    "actions": "game_id, seq",
    "rating_history": "user_id, result_id",
    "seats": "game_id, seat",
    "placings": "result_id, seat",
    "multi_ratings": "game, user_id",
    "multi_rating_history": "user_id, result_id",
}

#: Checks one copied game against its log: None if sound, else what is wrong.
GameCheck = Callable[[GameRow, Sequence[str]], str | None]


class TargetNotEmpty(StoreError):
    """The PostgreSQL database already holds games or results: nothing was copied."""


class CopyFailed(StoreError):
    """The copy differed from the source or a game failed its check; nothing was kept."""

    def __init__(self, problems: list[str]) -> None:
        shown = "; ".join(problems[:10]) + (" …" if len(problems) > 10 else "")
        super().__init__(f"{len(problems)} problem(s), nothing was copied: {shown}")
        self.problems = problems


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)  # table -> rows copied
    games_checked: int = 0


async def _rows(tx: Tx, table: str, columns: Sequence[str]) -> list[tuple[object, ...]]:
    order = _ORDER.get(table, columns[0])
    found: list[Row] = await tx.fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
    return [tuple(r) for r in found]


async def _source_tables(tx: Tx) -> dict[str, list[tuple[object, ...]]]:
    return {table: await _rows(tx, table, columns) for table, columns in TABLES}


async def _check_games(tx: Tx, check: GameCheck) -> tuple[int, list[str]]:
    problems: list[str] = []
    games = await g.fetch_games(tx, f"{g.SELECT_GAME} ORDER BY id")
    for game in games:
        log = await tx.fetch("SELECT action FROM actions WHERE game_id = $1 ORDER BY seq", game.id)
        wrong = check(game, [str(r[0]) for r in log])
        if wrong is not None:
            problems.append(f"game {game.id}: {wrong}")
    return len(games), problems


async def _read_source(source: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table of the SQLite file ``source``, read from a copy brought up to this
    code's schema: the file itself is never written (it stays the backup the README
    tells to keep, at its own schema). A file with no games table is no database of
    this bot (an empty file was made one, and reported copied)."""
    with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as raw:
        found = raw.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        ).fetchone()
    if found is None:
        raise StoreError(f"{source} is not a database of this bot (it has no games table)")
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "source.db")
        with (
            closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as raw,
            closing(sqlite3.connect(copy)) as out,
        ):
            raw.backup(out)
        sqlite = await SqliteDatabase.open(copy)
        try:
            return await sqlite.read(_source_tables)
        finally:
            await sqlite.close()


async def copy_sqlite_to_postgres(source: str, target: str, check: GameCheck) -> CopyReport:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``target``."""
    if is_postgres_url(source) or not os.path.isfile(source):
        raise StoreError(f"there is no SQLite database file at {source}")
    if not is_postgres_url(target):
        raise StoreError("the target must be a postgresql:// URL")
    data = await _read_source(source)
    postgres = await PostgresDatabase.open(target)
    try:
        async with postgres.pool.acquire() as conn, conn.transaction():
            return await _copy(conn, data, check)
    finally:
        await postgres.close()


async def _copy(
    conn: Any, data: dict[str, list[tuple[object, ...]]], check: GameCheck
) -> CopyReport:
    tx = PgTx(conn)
    names = ", ".join(table for table, _ in TABLES)
    await tx.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
    held = {t: len(await tx.fetch(f"SELECT 1 FROM {t} LIMIT 1")) for t, _ in TABLES}
    if any(held.values()):
        taken = ", ".join(t for t, n in held.items() if n)
        raise TargetNotEmpty(
            f"the PostgreSQL database is not empty (it has rows in {taken}); copy into"
            " a new, empty database so that nothing in it is mixed or overwritten"
        )
    report = CopyReport()
    for table, columns in TABLES:
        rows = data[table]
        await conn.copy_records_to_table(table, records=rows, columns=list(columns))
        report.rows[table] = len(rows)
    for table in ("games", "results"):
        await tx.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        )
    problems = [
        f"table {table} differs from the source after the copy"
        for table, columns in TABLES
        if await _rows(tx, table, columns) != data[table]
    ]
    report.games_checked, wrong = await _check_games(tx, check)
    problems += wrong
    if problems:
        raise CopyFailed(problems)
    # The ratings copied may be the model's before (a file last rated before migration
    # 6): rebuilt from the copied results at the next open, whatever the target's mark.
    await tx.execute(
        "INSERT INTO pending_rebuilds (what) VALUES ('multi_ratings') ON CONFLICT DO NOTHING"
    )
    return report

"""The results table: one row per game that ended with a score, a forfeit or a timeout."""

from __future__ import annotations

import sqlite3
from typing import Any

from db.clock import from_db
from db.ratings import apply_duel_result
from db.rows import ResultRecord, ResultRow

_COLUMNS = (
    "id, game_id, mode, guild_id, player0, player1, total0, total1, winner, reason,"
    " level, first_seat, high_score, finished_at"
)


def result_from_row(r: Any) -> ResultRow:
    return ResultRow(
        id=r[0],
        game_id=r[1],
        mode=r[2],
        guild_id=r[3],
        players=(r[4], r[5]),
        totals=(r[6], r[7]),
        winner=r[8],
        reason=r[9],
        level=r[10],
        first_seat=r[11],
        high_score=r[12],
        finished_at=from_db(r[13]),
    )


def insert_result(
    conn: sqlite3.Connection,
    *,
    game_id: int,
    mode: str,
    guild_id: int | None,
    players: tuple[int, int],
    record: ResultRecord,
    at: str,
) -> int:
    """Store a result inside the caller's transaction; a duel also updates both ratings."""
    cur = conn.execute(
        "INSERT INTO results (game_id, mode, guild_id, player0, player1, total0, total1,"
        " winner, reason, level, first_seat, high_score, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            game_id,
            mode,
            guild_id,
            players[0],
            players[1],
            record.totals[0],
            record.totals[1],
            record.winner,
            record.reason,
            record.level,
            record.first_seat,
            record.high_score,
            at,
        ),
    )
    row = cur.fetchone()
    assert row is not None
    result_id = int(row[0])
    if mode == "duel":
        apply_duel_result(
            conn,
            result_id=result_id,
            game_id=game_id,
            players=players,
            winner=record.winner,
            at=at,
        )
    return result_id


def result_of_game(conn: sqlite3.Connection, game_id: int) -> ResultRow | None:
    cur = conn.execute(f"SELECT {_COLUMNS} FROM results WHERE game_id = ?", (game_id,))
    row = cur.fetchone()
    return None if row is None else result_from_row(row)


def results_of_user(conn: sqlite3.Connection, user_id: int, *, limit: int = 10) -> list[ResultRow]:
    """The user's most recent results, newest first."""
    cur = conn.execute(
        f"SELECT {_COLUMNS} FROM results WHERE player0 = ?1"
        f" UNION ALL SELECT {_COLUMNS} FROM results WHERE player1 = ?1 AND player0 != ?1"
        " ORDER BY id DESC LIMIT ?2",
        (user_id, limit),
    )
    return [result_from_row(r) for r in cur.fetchall()]

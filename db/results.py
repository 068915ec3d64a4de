"""The results table: one row per game that ended with a score, a forfeit or a timeout."""

from __future__ import annotations

from db.clock import from_db
from db.ratings import apply_duel_result
from db.rows import ResultRecord, ResultRow
from db.tx import Row, Tx

_COLUMNS = (
    "id, game_id, mode, guild_id, player0, player1, total0, total1, winner, reason,"
    " level, first_seat, high_score, finished_at"
)


def result_from_row(r: Row) -> ResultRow:
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


async def insert_result(
    tx: Tx,
    *,
    game_id: int,
    mode: str,
    guild_id: int | None,
    players: tuple[int, int],
    record: ResultRecord,
    at: str,
) -> int:
    """Store a result inside the caller's transaction; a duel also updates both ratings.

    Results are written one at a time across processes (:meth:`~db.tx.Tx.lock_results`):
    their ids are the order the ratings were computed in, so a replay of the results
    in id order gives the stored ratings."""
    await tx.lock_results()
    row = await tx.fetchrow(
        "INSERT INTO results (game_id, mode, guild_id, player0, player1, total0, total1,"
        " winner, reason, level, first_seat, high_score, finished_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
        *(
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
    assert row is not None
    result_id = int(row[0])
    if mode == "duel":
        await apply_duel_result(
            tx,
            result_id=result_id,
            game_id=game_id,
            players=players,
            winner=record.winner,
            at=at,
        )
    return result_id


async def result_of_game(tx: Tx, game_id: int) -> ResultRow | None:
    row = await tx.fetchrow(f"SELECT {_COLUMNS} FROM results WHERE game_id = $1", game_id)
    return None if row is None else result_from_row(row)


async def results_of_user(tx: Tx, user_id: int, *, limit: int = 10) -> list[ResultRow]:
    """The user's most recent results, newest first."""
    rows = await tx.fetch(
        f"SELECT {_COLUMNS} FROM results WHERE player0 = $1"
        f" UNION ALL SELECT {_COLUMNS} FROM results WHERE player1 = $1 AND player0 != $1"
        " ORDER BY id DESC LIMIT $2",
        user_id,
        limit,
    )
    return [result_from_row(r) for r in rows]

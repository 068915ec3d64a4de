"""The results table: one row per game that ended with a score, a forfeit or a timeout."""

from __future__ import annotations

from db.clock import from_db
from db.multi_ratings import apply_multi_result
from db.ratings import apply_duel_result
from db.rows import ResultRecord, ResultRow
from db.tx import Row, Tx

_COLUMNS = (
    "id, game_id, mode, guild_id, player0, player1, total0, total1, winner, reason,"
    " level, first_seat, high_score, finished_at"
)


def result_from_row(r: Row, placings: list[tuple[int, int, int]] | None = None) -> ResultRow:
    """A result from its row; a multi game's players and places from its ``placings``
    rows (seat, user_id, place)."""
    seated = sorted(placings or [])
    return ResultRow(
        id=r[0],
        game_id=r[1],
        mode=r[2],
        guild_id=r[3],
        players=tuple(p[1] for p in seated) if seated else (r[4], r[5]),
        places=tuple(p[2] for p in seated),
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
    players: tuple[int, ...],
    record: ResultRecord,
    at: str,
    game: str = "famiglia",
) -> int:
    """Store a result inside the caller's transaction; a duel also updates both ratings,
    a multi game its placings and the ratings of the people in it. The end is also
    listed as still to be told (``unannounced_ends``): said in its channel, or shown
    by its table in DMs.

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
            players[1] if len(players) > 1 else 0,
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
    await to_announce(tx, game_id)  # its channel is told, or its DM table shows it
    if mode == "duel":
        await apply_duel_result(
            tx,
            result_id=result_id,
            game_id=game_id,
            players=(players[0], players[1]),
            winner=record.winner,
            at=at,
        )
    elif mode == "multi":
        await _insert_placings(tx, result_id, game_id, players, record)
        places = record.places()
        await apply_multi_result(
            tx,
            game=game,
            result_id=result_id,
            game_id=game_id,
            ranked=[(u, places[seat]) for seat, u in enumerate(players)],
            at=at,
        )
    return result_id


async def to_announce(tx: Tx, game_id: int) -> None:
    """List ``game_id``'s end as still to be said in its channel."""
    await tx.execute("INSERT INTO unannounced_ends (game_id) VALUES ($1)", game_id)


async def _insert_placings(
    tx: Tx, result_id: int, game_id: int, players: tuple[int, ...], record: ResultRecord
) -> None:
    if record.placing is None:
        raise ValueError("a multi game's result needs its placing")
    places = record.places()
    if len(places) != len(players):
        raise ValueError(f"the placing has {len(places)} seats, the game {len(players)}")
    await tx.executemany(
        "INSERT INTO placings (result_id, game_id, seat, user_id, place)"
        " VALUES ($1, $2, $3, $4, $5)",
        [(result_id, game_id, seat, u, places[seat]) for seat, u in enumerate(players)],
    )


async def _with_placings(tx: Tx, rows: list[Row]) -> list[ResultRow]:
    found = []
    for r in rows:
        placings = None
        if r[2] == "multi":
            placings = await tx.fetch(
                "SELECT seat, user_id, place FROM placings WHERE result_id = $1", r[0]
            )
        found.append(result_from_row(r, [(p[0], p[1], p[2]) for p in placings or []]))
    return found


async def result_of_game(tx: Tx, game_id: int) -> ResultRow | None:
    row = await tx.fetchrow(f"SELECT {_COLUMNS} FROM results WHERE game_id = $1", game_id)
    return None if row is None else (await _with_placings(tx, [row]))[0]

"""Leaderboards and player statistics: read-only queries over results and ratings.

Ranks use ``RANK()``: equal values share a rank and the next rank skips (1, 2, 2, 4).
The rating board ranks on the rating rounded to an integer (what players see); within
a tie, rows are listed by exact rating, then user id. The solo board lists ties by who
reached the score first.
"""

from __future__ import annotations

import sqlite3

from db import ai_records
from db.clock import from_db
from db.ratings import rating_history, rating_of
from db.rows import (
    PROVISIONAL_RD,
    Page,
    PlayerStats,
    RatingBoardRow,
    SoloBest,
    SoloBoardRow,
)

MAX_LIMIT = 100

# Duel results per user in one guild: win / loss / draw as 0-1 flags.
_GUILD_RECORDS = """
    SELECT user_id, SUM(win) AS wins, SUM(loss) AS losses, SUM(draw) AS draws FROM (
        SELECT player0 AS user_id, winner IS 0 AS win, winner IS 1 AS loss,
               winner IS NULL AS draw
          FROM results WHERE mode = 'duel' AND guild_id = :guild
        UNION ALL
        SELECT player1, winner IS 1, winner IS 0, winner IS NULL
          FROM results WHERE mode = 'duel' AND guild_id = :guild
    ) GROUP BY user_id
"""


def _check_page(offset: int, limit: int) -> None:
    if offset < 0 or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"need offset >= 0 and 1 <= limit <= {MAX_LIMIT}")


def _count(conn: sqlite3.Connection, sql: str, params: dict[str, object]) -> int:
    cur = conn.execute(f"SELECT COUNT(*) FROM ({sql})", params)
    row = cur.fetchone()
    return 0 if row is None else int(row[0])


def rating_board(
    conn: sqlite3.Connection, *, guild_id: int | None, offset: int, limit: int
) -> Page[RatingBoardRow]:
    """Rated players by rating. With ``guild_id``: those who played a duel in that
    server, with their wins/losses/draws there (the rating itself is global)."""
    _check_page(offset, limit)
    if guild_id is None:
        scoped = "SELECT user_id, wins, losses, draws FROM ratings WHERE games > 0"
    else:
        scoped = _GUILD_RECORDS
    sql = f"""
        SELECT RANK() OVER (ORDER BY CAST(ROUND(r.rating) AS INTEGER) DESC) AS rank,
               r.user_id, r.rating, r.rd, s.wins, s.losses, s.draws
          FROM ({scoped}) AS s JOIN ratings AS r ON r.user_id = s.user_id
    """
    params: dict[str, object] = {"guild": guild_id, "limit": limit, "offset": offset}
    cur = conn.execute(
        f"{sql} ORDER BY rank, r.rating DESC, r.user_id LIMIT :limit OFFSET :offset", params
    )
    rows = [
        RatingBoardRow(
            rank=r[0],
            user_id=r[1],
            rating=r[2],
            rd=r[3],
            provisional=r[3] > PROVISIONAL_RD,
            wins=r[4],
            losses=r[5],
            draws=r[6],
        )
        for r in cur.fetchall()
    ]
    total = _count(conn, sql, params)
    return Page[RatingBoardRow](rows=rows, total=total, offset=offset, limit=limit)


def _best_solo_sql(where: str, partition: str) -> str:
    """Each user's best winning solo score (per ``partition``), first reached first."""
    return f"""
        SELECT solo_user, high_score, level, first_seat,
               CASE WHEN first_seat IS NULL THEN NULL
                    ELSE first_seat = (CASE WHEN player0 = 0 THEN 1 ELSE 0 END) END
                 AS player_first,
               game_id, finished_at,
               ROW_NUMBER() OVER (PARTITION BY {partition}
                                  ORDER BY high_score DESC, id) AS nth
          FROM results
         WHERE solo_user IS NOT NULL AND high_score IS NOT NULL {where}
    """


def solo_board(
    conn: sqlite3.Connection,
    *,
    level: int | None,
    guild_id: int | None,
    offset: int,
    limit: int,
) -> Page[SoloBoardRow]:
    """Best solo high score per user, all levels or one; ``guild_id`` keeps the games
    whose row carries that server (the one ``/famiglia solo`` was used in)."""
    _check_page(offset, limit)
    where = ""
    if level is not None:
        where += " AND level = :level"
    if guild_id is not None:
        where += " AND guild_id = :guild"
    sql = f"""
        SELECT RANK() OVER (ORDER BY high_score DESC) AS rank, solo_user, high_score,
               level, first_seat, player_first, game_id, finished_at
          FROM ({_best_solo_sql(where, "solo_user")}) WHERE nth = 1
    """
    params: dict[str, object] = {
        "level": level,
        "guild": guild_id,
        "limit": limit,
        "offset": offset,
    }
    cur = conn.execute(f"{sql} ORDER BY rank, game_id LIMIT :limit OFFSET :offset", params)
    rows = [
        SoloBoardRow(
            rank=r[0],
            user_id=r[1],
            high_score=r[2],
            level=r[3],
            first_seat=r[4],
            player_first=None if r[5] is None else bool(r[5]),
            game_id=r[6],
            finished_at=from_db(r[7]),
        )
        for r in cur.fetchall()
    ]
    total = _count(conn, sql, params)
    return Page[SoloBoardRow](rows=rows, total=total, offset=offset, limit=limit)


def player_stats(conn: sqlite3.Connection, user_id: int) -> PlayerStats:
    """Everything ``/famiglia stats`` shows; zeros and empty lists for a new player."""
    cur = conn.execute(
        """
        SELECT COUNT(*) FILTER (WHERE mode = 'duel'),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner IS seat),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner IS 1 - seat),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner IS NULL),
               COUNT(*) FILTER (WHERE mode = 'solo'),
               COUNT(*) FILTER (WHERE mode = 'solo' AND winner IS seat),
               AVG(CASE seat WHEN 0 THEN total0 ELSE total1 END)
          FROM (SELECT *, 0 AS seat FROM results WHERE player0 = :u
                UNION ALL
                SELECT *, 1 AS seat FROM results WHERE player1 = :u AND player0 != :u)
        """,
        {"u": user_id},
    )
    counts = cur.fetchone()
    assert counts is not None
    cur = conn.execute(
        f"SELECT level, high_score, player_first, game_id, finished_at"
        f" FROM ({_best_solo_sql('AND solo_user = :u', 'level')}) WHERE nth = 1"
        " ORDER BY level",
        {"u": user_id},
    )
    best = [
        SoloBest(
            level=r[0],
            high_score=r[1],
            player_first=None if r[2] is None else bool(r[2]),
            game_id=r[3],
            finished_at=from_db(r[4]),
        )
        for r in cur.fetchall()
    ]
    return PlayerStats(
        user_id=user_id,
        duel_games=counts[0],
        wins=counts[1],
        losses=counts[2],
        draws=counts[3],
        solo_games=counts[4],
        solo_wins=counts[5],
        average_vp=counts[6],
        rating=rating_of(conn, user_id),
        rating_history=rating_history(conn, user_id),
        best_solo=best,
        ai_records=ai_records.ai_records_of(conn, user_id),
    )

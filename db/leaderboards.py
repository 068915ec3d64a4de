"""Leaderboards and player statistics: read-only queries over results and ratings.

Ranks use ``RANK()``: equal values share a rank and the next rank skips (1, 2, 2, 4).
The rating board ranks on the rating rounded to an integer (what players see); within
a tie, rows are listed by exact rating, then user id. The solo board lists ties by who
reached the score first.
"""

from __future__ import annotations

from db import ai_records
from db.clock import from_db
from db.multi_ratings import multi_ratings_of
from db.query import Params, count, flag
from db.ratings import rating_history, rating_of
from db.rows import (
    PROVISIONAL_RD,
    Page,
    PlayerStats,
    RatingBoardRow,
    SoloBest,
    SoloBoardRow,
)
from db.tx import Tx


def _guild_records(guild: str) -> str:
    """Duel results per user in the guild ``guild`` (a placeholder): wins, losses, draws."""
    return f"""
    SELECT user_id, SUM(win) AS wins, SUM(loss) AS losses, SUM(draw) AS draws FROM (
        SELECT player0 AS user_id, {flag("winner = 0")} AS win, {flag("winner = 1")} AS loss,
               {flag("winner IS NULL")} AS draw
          FROM results WHERE mode = 'duel' AND guild_id = {guild}
        UNION ALL
        SELECT player1, {flag("winner = 1")}, {flag("winner = 0")}, {flag("winner IS NULL")}
          FROM results WHERE mode = 'duel' AND guild_id = {guild}
    ) AS seats GROUP BY user_id
"""


async def rating_board(
    tx: Tx, *, guild_id: int | None, offset: int, limit: int
) -> Page[RatingBoardRow]:
    """Rated players by rating. With ``guild_id``: those who played a duel in that
    server, with their wins/losses/draws there (the rating itself is global)."""
    params = Params()
    if guild_id is None:
        scoped = "SELECT user_id, wins, losses, draws FROM ratings WHERE games > 0"
    else:
        scoped = _guild_records(params.add(guild_id))
    sql = f"""
        SELECT RANK() OVER (ORDER BY CAST(ROUND(r.rating) AS INTEGER) DESC) AS rank,
               r.user_id, r.rating, r.rd, s.wins, s.losses, s.draws
          FROM ({scoped}) AS s JOIN ratings AS r ON r.user_id = s.user_id
    """
    page = params.page(limit, offset)
    found = await tx.fetch(f"{sql} ORDER BY rank, r.rating DESC, r.user_id {page}", *params.values)
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
        for r in found
    ]
    total = await count(tx, sql, params.without_page())
    return Page[RatingBoardRow](rows=rows, total=total, offset=offset, limit=limit)


def _best_solo_sql(where: str, partition: str) -> str:
    """Each user's best winning solo score (per ``partition``), first reached first."""
    return f"""
        SELECT solo_user, high_score, level, first_seat,
               CASE WHEN first_seat IS NULL THEN NULL
                    ELSE first_seat = (CASE WHEN player0 = 0 THEN 1 ELSE 0 END) END
                 AS player_first,
               game_id, finished_at, id AS result_id,
               ROW_NUMBER() OVER (PARTITION BY {partition}
                                  ORDER BY high_score DESC, id) AS nth
          FROM results
         WHERE solo_user IS NOT NULL AND high_score IS NOT NULL {where}
    """


async def solo_board(
    tx: Tx,
    *,
    level: int | None,
    guild_id: int | None,
    offset: int,
    limit: int,
) -> Page[SoloBoardRow]:
    """Best solo high score per user, all levels or one; ``guild_id`` keeps the games
    whose row carries that server (the one ``/famiglia solo`` was used in)."""
    params = Params()
    where = ""
    if level is not None:
        where += f" AND level = {params.add(level)}"
    if guild_id is not None:
        where += f" AND guild_id = {params.add(guild_id)}"
    sql = f"""
        SELECT RANK() OVER (ORDER BY high_score DESC) AS rank, solo_user, high_score,
               level, first_seat, player_first, game_id, finished_at
          FROM ({_best_solo_sql(where, "solo_user")}) AS best WHERE nth = 1
    """
    page = params.page(limit, offset)
    # equal scores: who reached theirs first (the result written first) comes first
    found = await tx.fetch(f"{sql} ORDER BY rank, result_id {page}", *params.values)
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
        for r in found
    ]
    total = await count(tx, sql, params.without_page())
    return Page[SoloBoardRow](rows=rows, total=total, offset=offset, limit=limit)


async def player_stats(tx: Tx, user_id: int) -> PlayerStats:
    """Everything ``/famiglia stats`` shows; zeros and empty lists for a new player."""
    counts = await tx.fetchrow(
        """
        SELECT COUNT(*) FILTER (WHERE mode = 'duel'),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner = seat),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner = 1 - seat),
               COUNT(*) FILTER (WHERE mode = 'duel' AND winner IS NULL),
               COUNT(*) FILTER (WHERE mode = 'solo'),
               COUNT(*) FILTER (WHERE mode = 'solo' AND winner = seat),
               CAST(AVG(CASE seat WHEN 0 THEN total0 ELSE total1 END)
                    FILTER (WHERE mode != 'multi' AND reason = 'score') AS DOUBLE PRECISION)
          FROM (SELECT mode, winner, total0, total1, reason, 0 AS seat FROM results
                 WHERE player0 = $1
                UNION ALL
                SELECT mode, winner, total0, total1, reason, 1 AS seat FROM results
                 WHERE player1 = $1 AND player0 != $1) AS seats
        """,
        user_id,
    )
    assert counts is not None
    found = await tx.fetch(
        f"SELECT level, high_score, player_first, game_id, finished_at"
        f" FROM ({_best_solo_sql('AND solo_user = $1', 'level')}) AS best WHERE nth = 1"
        " ORDER BY level",
        user_id,
    )
    best = [
        SoloBest(
            level=r[0],
            high_score=r[1],
            player_first=None if r[2] is None else bool(r[2]),
            game_id=r[3],
            finished_at=from_db(r[4]),
        )
        for r in found
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
        rating=await rating_of(tx, user_id),
        rating_history=await rating_history(tx, user_id),
        best_solo=best,
        ai_records=await ai_records.ai_records_of(tx, user_id),
        multi_ratings=await multi_ratings_of(tx, user_id),
    )

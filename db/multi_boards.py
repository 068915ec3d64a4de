"""The board of a game for 2-6 players: people ranked by their Bradley-Terry ordinal.

The ordinal (mu - 3 sigma) is what the board shows, rounded to one decimal; equal
shown values share a rank (``RANK()``: 1, 2, 2, 4), listed by exact ordinal, then user
id. With a server, the board lists those who finished a rated game of it there, with
their games and wins there; the rating itself is global.
"""

from __future__ import annotations

from db.query import Params, count, flag
from db.rows import MultiBoardRow, Page
from db.tx import Tx

#: a placing alone in first place (a shared first place, a draw, is nobody's win)
_SOLE_FIRST = (
    "p.place = 1 AND NOT EXISTS (SELECT 1 FROM placings AS w WHERE w.result_id = p.result_id"
    " AND w.place = 1 AND w.seat != p.seat)"
)


def _guild_records(game: str, guild: str) -> str:
    """Per person, the rated games of ``game`` they finished in the server (two or more
    people: as the ratings count them) and how many they won alone."""
    return f"""
    SELECT p.user_id, COUNT(*) AS games, SUM({flag(_SOLE_FIRST)}) AS wins
      FROM placings AS p JOIN results AS r ON r.id = p.result_id
      JOIN games AS g ON g.id = p.game_id
     WHERE r.mode = 'multi' AND r.guild_id = {guild} AND g.game = {game} AND p.user_id != 0
       AND (SELECT COUNT(DISTINCT q.user_id) FROM placings AS q
             WHERE q.result_id = p.result_id AND q.user_id != 0) >= 2
     GROUP BY p.user_id
"""


async def multi_board(
    tx: Tx, *, game: str, guild_id: int | None, offset: int, limit: int
) -> Page[MultiBoardRow]:
    params = Params()
    name = params.add(game)
    if guild_id is None:
        scoped = f"SELECT user_id, games, wins FROM multi_ratings WHERE game = {name}"
    else:
        scoped = _guild_records(name, params.add(guild_id))
    ordinal = "(m.mu - 3 * m.sigma)"
    sql = f"""
        SELECT RANK() OVER (ORDER BY CAST(ROUND({ordinal} * 10) AS INTEGER) DESC) AS rank,
               m.user_id, {ordinal} AS ordinal, m.mu, m.sigma, s.games, s.wins
          FROM ({scoped}) AS s JOIN multi_ratings AS m
            ON m.user_id = s.user_id AND m.game = {name}
    """
    page = params.page(limit, offset)
    found = await tx.fetch(f"{sql} ORDER BY rank, ordinal DESC, m.user_id {page}", *params.values)
    rows = [
        MultiBoardRow(
            rank=r[0], user_id=r[1], ordinal=r[2], mu=r[3], sigma=r[4], games=r[5], wins=r[6]
        )
        for r in found
    ]
    total = await count(tx, sql, params.without_page())
    return Page[MultiBoardRow](rows=rows, total=total, offset=offset, limit=limit)

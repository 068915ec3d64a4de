"""Records against the AI opponent: read-only queries over results of mode ``ai``.

The strength is not a column of ``results``: it lives in the game's options
(``/famiglia ai strength:…``), so these queries join the game. These games never touch
the ratings. The board has one row per player with a record per strength, ranked on
wins against ``hard``, then ``medium``, then ``easy`` (``RANK()``: ties share a rank).
"""

from __future__ import annotations

import sqlite3

from db.rows import AiBoardRow, AiRecord, Page

MAX_LIMIT = 100

STRENGTHS = ("hard", "medium", "easy")  # the board's order: the hardest first

# One row per finished game against the AI: its human player, the strength, the outcome.
_AI_RESULTS = """
    SELECT CASE WHEN r.player0 = 0 THEN r.player1 ELSE r.player0 END AS user_id,
           json_extract(g.options, '$.strength') AS strength,
           r.winner IS (CASE WHEN r.player0 = 0 THEN 1 ELSE 0 END) AS win,
           r.winner IS (CASE WHEN r.player0 = 0 THEN 0 ELSE 1 END) AS loss,
           r.winner IS NULL AS draw
      FROM results AS r JOIN games AS g ON g.id = r.game_id
     WHERE r.mode = 'ai'
"""


def _columns() -> str:
    parts = []
    for s in STRENGTHS:
        for name, expr in (("g", "1"), ("w", "win"), ("l", "loss"), ("d", "draw")):
            parts.append(f"SUM(CASE WHEN strength = '{s}' THEN {expr} ELSE 0 END) AS {s}_{name}")
    return ", ".join(parts)


def _records(values: tuple[int, ...]) -> list[AiRecord]:
    """The per-strength records of a row's 12 sums (strengths without a game left out)."""
    out = []
    for i, strength in enumerate(STRENGTHS):
        games, wins, losses, draws = values[4 * i : 4 * i + 4]
        if games:
            out.append(
                AiRecord(strength=strength, games=games, wins=wins, losses=losses, draws=draws)
            )
    return out


def ai_records_of(conn: sqlite3.Connection, user_id: int) -> list[AiRecord]:
    """A player's record against each strength they played, hardest first."""
    cur = conn.execute(
        f"SELECT {_columns()} FROM ({_AI_RESULTS}) WHERE user_id = :u", {"u": user_id}
    )
    row = cur.fetchone()
    return [] if row is None or row[0] is None else _records(tuple(row))


def ai_board(
    conn: sqlite3.Connection, *, guild_id: int | None, offset: int, limit: int
) -> Page[AiBoardRow]:
    """Everyone who finished a game against the AI (``guild_id``: in that server)."""
    if offset < 0 or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"need offset >= 0 and 1 <= limit <= {MAX_LIMIT}")
    where = "" if guild_id is None else " AND r.guild_id = :guild"
    order = ", ".join(f"{s}_w DESC" for s in STRENGTHS)
    sql = f"""
        SELECT RANK() OVER (ORDER BY {order}) AS rank, *
          FROM (SELECT user_id, {_columns()} FROM ({_AI_RESULTS}{where}) GROUP BY user_id)
    """
    params: dict[str, object] = {"guild": guild_id, "limit": limit, "offset": offset}
    cur = conn.execute(f"{sql} ORDER BY rank, user_id LIMIT :limit OFFSET :offset", params)
    rows = [
        AiBoardRow(rank=r[0], user_id=r[1], records=_records(tuple(r[2:]))) for r in cur.fetchall()
    ]
    cur = conn.execute(f"SELECT COUNT(*) FROM ({sql})", params)
    counted = cur.fetchone()
    total = 0 if counted is None else int(counted[0])
    return Page[AiBoardRow](rows=rows, total=total, offset=offset, limit=limit)

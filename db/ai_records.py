"""Records against the AI opponent: read-only queries over results of mode ``ai``.

The strength is not a column of ``results``: it lives in the game's options
(``/famiglia ai strength:…``), so these queries join the game. These games never touch
the ratings. The board has one row per player with a record per strength, ranked on
wins against ``hard``, then ``medium``, then ``easy`` (``RANK()``: ties share a rank).
"""

from __future__ import annotations

from db.query import Params, count, flag
from db.rows import AiBoardRow, AiRecord, Page
from db.tx import Tx

STRENGTHS = ("hard", "medium", "easy")  # the board's order: the hardest first


def _ai_results(tx: Tx) -> str:
    """One row per finished game against the AI: its human player, the strength, and
    the outcome as 0/1 flags."""
    return f"""
    SELECT CASE WHEN r.player0 = 0 THEN r.player1 ELSE r.player0 END AS user_id,
           {tx.json_text("g.options", "strength")} AS strength,
           {flag("r.winner = (CASE WHEN r.player0 = 0 THEN 1 ELSE 0 END)")} AS win,
           {flag("r.winner = (CASE WHEN r.player0 = 0 THEN 0 ELSE 1 END)")} AS loss,
           {flag("r.winner IS NULL")} AS draw
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


async def ai_records_of(tx: Tx, user_id: int) -> list[AiRecord]:
    """A player's record against each strength they played, hardest first."""
    row = await tx.fetchrow(
        f"SELECT {_columns()} FROM ({_ai_results(tx)}) AS played WHERE user_id = $1", user_id
    )
    return [] if row is None or row[0] is None else _records(tuple(row))


async def ai_board(tx: Tx, *, guild_id: int | None, offset: int, limit: int) -> Page[AiBoardRow]:
    """Everyone who finished a game against the AI (``guild_id``: in that server)."""
    params = Params()
    where = "" if guild_id is None else f" AND r.guild_id = {params.add(guild_id)}"
    order = ", ".join(f"{s}_w DESC" for s in STRENGTHS)
    sql = f"""
        SELECT RANK() OVER (ORDER BY {order}) AS rank, players.*
          FROM (SELECT user_id, {_columns()} FROM ({_ai_results(tx)}{where}) AS played
                GROUP BY user_id) AS players
    """
    page = params.page(limit, offset)
    found = await tx.fetch(f"{sql} ORDER BY rank, user_id {page}", *params.values)
    rows = [AiBoardRow(rank=r[0], user_id=r[1], records=_records(tuple(r[2:]))) for r in found]
    total = await count(tx, sql, params.without_page())
    return Page[AiBoardRow](rows=rows, total=total, offset=offset, limit=limit)

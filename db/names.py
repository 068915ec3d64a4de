"""Players' display names as last seen: the names stored with their latest game."""

from __future__ import annotations

from collections.abc import Iterable

from db.tx import Tx


async def display_names(tx: Tx, user_ids: Iterable[int]) -> dict[int, str]:
    """``user_id -> name`` for the users that have played; the newest game wins."""
    ids = sorted({i for i in user_ids if i})
    if not ids:
        return {}
    marks = ", ".join(f"${i + 1}" for i in range(len(ids)))
    sql = f"""
        SELECT uid, name FROM (
            SELECT player0 AS uid, {tx.json_text("options", "names", 0)} AS name, id
              FROM games WHERE player0 IN ({marks})
            UNION ALL
            SELECT player1 AS uid, {tx.json_text("options", "names", 1)} AS name, id
              FROM games WHERE player1 IN ({marks})
            UNION ALL
            SELECT user_id AS uid, name, game_id AS id FROM seats WHERE user_id IN ({marks})
        ) AS seen WHERE name IS NOT NULL AND name != '' ORDER BY id
    """
    names: dict[int, str] = {}
    for uid, name in await tx.fetch(sql, *ids):
        names[int(uid)] = str(name)  # later games overwrite earlier ones
    return names

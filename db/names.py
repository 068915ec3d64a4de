"""Players' display names as last seen: the names stored with their latest game."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable


def display_names(conn: sqlite3.Connection, user_ids: Iterable[int]) -> dict[int, str]:
    """``user_id -> name`` for the users that have played; the newest game wins."""
    ids = sorted({i for i in user_ids if i})
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    sql = f"""
        SELECT uid, name FROM (
            SELECT player0 AS uid, json_extract(options, '$.names[0]') AS name, id
              FROM games WHERE player0 IN ({marks})
            UNION ALL
            SELECT player1 AS uid, json_extract(options, '$.names[1]') AS name, id
              FROM games WHERE player1 IN ({marks})
        ) WHERE name IS NOT NULL AND name != '' ORDER BY id
    """
    names: dict[int, str] = {}
    cursor = conn.execute(sql, [*ids, *ids])
    for uid, name in cursor:
        names[int(uid)] = str(name)  # later games overwrite earlier ones
    return names

"""The schema, as numbered migrations tracked by ``PRAGMA user_version``.

``MIGRATIONS[i]`` brings the schema from version ``i`` to ``i + 1``. A migration is a
tuple of single SQL statements (not one script) so that all pending migrations, the
version check and the version bump run in one ``BEGIN IMMEDIATE`` transaction: two
processes opening a fresh file at once cannot both apply them, and a failure leaves
the file as it was. Never edit a released migration; append a new one.
"""

from __future__ import annotations

import sqlite3

from db.errors import SchemaTooNew

_OPEN = "('challenge', 'active')"

_V1: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id               INTEGER PRIMARY KEY,
        mode             TEXT    NOT NULL CHECK (mode IN ('duel', 'solo', 'ai')),
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        player0          INTEGER NOT NULL,  -- user id in seat 0; 0 = robot / AI
        player1          INTEGER NOT NULL,  -- user id in seat 1; 0 = robot / AI
        status           TEXT    NOT NULL CHECK (status IN ('challenge', 'active',
                             'finished', 'cancelled', 'declined', 'expired', 'forfeited')),
        seed             INTEGER NOT NULL,
        options          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        state            TEXT    NOT NULL CHECK (json_valid(state)),
        version          INTEGER NOT NULL DEFAULT 0,
        action_count     INTEGER NOT NULL DEFAULT 0,
        table_channel_id INTEGER,
        table_message_id INTEGER,
        deadline         TEXT,
        reminder_at      TEXT,
        reminder_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
        created_at       TEXT    NOT NULL,
        updated_at       TEXT    NOT NULL,
        finished_at      TEXT
    )
    """,
    # One open game (challenge or active) per channel, enforced by the database.
    f"CREATE UNIQUE INDEX games_open_by_channel ON games (channel_id) WHERE status IN {_OPEN}",
    "CREATE INDEX games_by_player0 ON games (player0, status)",
    "CREATE INDEX games_by_player1 ON games (player1, status)",
    f"""CREATE INDEX games_open_by_deadline ON games (deadline)
        WHERE deadline IS NOT NULL AND status IN {_OPEN}""",
    f"""CREATE INDEX games_open_by_reminder ON games (reminder_at)
        WHERE reminder_at IS NOT NULL AND reminder_sent = 0 AND status IN {_OPEN}""",
    """
    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        seq        INTEGER NOT NULL CHECK (seq >= 0),
        actor      INTEGER NOT NULL,
        action     TEXT    NOT NULL CHECK (json_valid(action)),
        created_at TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
    """CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
       BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
    """CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
       BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END""",
    """
    CREATE TABLE results (
        id          INTEGER PRIMARY KEY,  -- recording order: ratings replay in this order
        game_id     INTEGER NOT NULL UNIQUE REFERENCES games (id),
        mode        TEXT    NOT NULL CHECK (mode IN ('duel', 'solo', 'ai')),
        guild_id    INTEGER,
        player0     INTEGER NOT NULL,
        player1     INTEGER NOT NULL,
        total0      INTEGER NOT NULL,
        total1      INTEGER NOT NULL,
        winner      INTEGER CHECK (winner IN (0, 1)),  -- NULL = draw
        reason      TEXT    NOT NULL CHECK (reason IN ('score', 'forfeit', 'timeout')),
        level       INTEGER,
        first_seat  INTEGER CHECK (first_seat IN (0, 1)),
        high_score  INTEGER,
        finished_at TEXT    NOT NULL,
        solo_user   INTEGER GENERATED ALWAYS AS (CASE WHEN mode = 'solo'
                        THEN (CASE WHEN player0 = 0 THEN player1 ELSE player0 END) END) VIRTUAL
    )
    """,
    "CREATE INDEX results_by_player0 ON results (player0)",
    "CREATE INDEX results_by_player1 ON results (player1)",
    "CREATE INDEX results_by_mode_guild ON results (mode, guild_id)",
    """CREATE INDEX results_solo_best ON results (solo_user, level, high_score DESC)
       WHERE solo_user IS NOT NULL AND high_score IS NOT NULL""",
    """
    CREATE TABLE ratings (
        user_id    INTEGER PRIMARY KEY,
        rating     REAL    NOT NULL,
        rd         REAL    NOT NULL,
        volatility REAL    NOT NULL,
        games      INTEGER NOT NULL DEFAULT 0,
        wins       INTEGER NOT NULL DEFAULT 0,
        losses     INTEGER NOT NULL DEFAULT 0,
        draws      INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT    NOT NULL
    )
    """,
    "CREATE INDEX ratings_by_rating ON ratings (rating DESC)",
    """
    CREATE TABLE rating_history (
        user_id    INTEGER NOT NULL,
        result_id  INTEGER NOT NULL REFERENCES results (id),
        game_id    INTEGER NOT NULL REFERENCES games (id),
        rating     REAL    NOT NULL,
        rd         REAL    NOT NULL,
        volatility REAL    NOT NULL,
        at         TEXT    NOT NULL,
        PRIMARY KEY (user_id, result_id)
    ) WITHOUT ROWID
    """,
)

#: Which game a row holds (engine.games names them); every game before it is Famiglia.
_V2: tuple[str, ...] = ("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'famiglia'",)

#: Games of 2-6 seats (mode 'multi': Family Business from a lobby) and their results.
#: SQLite cannot change a CHECK in place, so ``games`` and ``results`` are rebuilt (the
#: documented way: new table, copy, drop, rename, indexes again) inside the migration's
#: transaction, with foreign keys checked before the commit (see :func:`migrate`).
_MODES = "('duel', 'solo', 'ai', 'multi')"
_V3: tuple[str, ...] = (
    f"""
    CREATE TABLE games_v3 (
        id               INTEGER PRIMARY KEY,
        mode             TEXT    NOT NULL CHECK (mode IN {_MODES}),
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        player0          INTEGER NOT NULL,  -- user id in seat 0; 0 = robot / AI / empty
        player1          INTEGER NOT NULL,  -- user id in seat 1; 0 = robot / AI / empty
        status           TEXT    NOT NULL CHECK (status IN ('challenge', 'active',
                             'finished', 'cancelled', 'declined', 'expired', 'forfeited')),
        seed             INTEGER NOT NULL,
        options          TEXT    NOT NULL DEFAULT '{{}}' CHECK (json_valid(options)),
        state            TEXT    NOT NULL CHECK (json_valid(state)),
        version          INTEGER NOT NULL DEFAULT 0,
        action_count     INTEGER NOT NULL DEFAULT 0,
        table_channel_id INTEGER,
        table_message_id INTEGER,
        deadline         TEXT,
        reminder_at      TEXT,
        reminder_sent    INTEGER NOT NULL DEFAULT 0 CHECK (reminder_sent IN (0, 1)),
        created_at       TEXT    NOT NULL,
        updated_at       TEXT    NOT NULL,
        finished_at      TEXT,
        game             TEXT    NOT NULL DEFAULT 'famiglia'
    )
    """,
    "INSERT INTO games_v3 SELECT id, mode, guild_id, channel_id, player0, player1, status,"
    " seed, options, state, version, action_count, table_channel_id, table_message_id,"
    " deadline, reminder_at, reminder_sent, created_at, updated_at, finished_at, game"
    " FROM games",
    "DROP TABLE games",
    "ALTER TABLE games_v3 RENAME TO games",
    f"CREATE UNIQUE INDEX games_open_by_channel ON games (channel_id) WHERE status IN {_OPEN}",
    "CREATE INDEX games_by_player0 ON games (player0, status)",
    "CREATE INDEX games_by_player1 ON games (player1, status)",
    f"""CREATE INDEX games_open_by_deadline ON games (deadline)
        WHERE deadline IS NOT NULL AND status IN {_OPEN}""",
    f"""CREATE INDEX games_open_by_reminder ON games (reminder_at)
        WHERE reminder_at IS NOT NULL AND reminder_sent = 0 AND status IN {_OPEN}""",
    f"""
    CREATE TABLE results_v3 (
        id          INTEGER PRIMARY KEY,  -- recording order: ratings replay in this order
        game_id     INTEGER NOT NULL UNIQUE REFERENCES games (id),
        mode        TEXT    NOT NULL CHECK (mode IN {_MODES}),
        guild_id    INTEGER,
        player0     INTEGER NOT NULL,
        player1     INTEGER NOT NULL,
        total0      INTEGER NOT NULL,
        total1      INTEGER NOT NULL,
        winner      INTEGER CHECK (winner BETWEEN 0 AND 5),  -- a seat; NULL = draw / shared
        reason      TEXT    NOT NULL CHECK (reason IN ('score', 'forfeit', 'timeout')),
        level       INTEGER,
        first_seat  INTEGER CHECK (first_seat BETWEEN 0 AND 5),
        high_score  INTEGER,
        finished_at TEXT    NOT NULL,
        solo_user   INTEGER GENERATED ALWAYS AS (CASE WHEN mode = 'solo'
                        THEN (CASE WHEN player0 = 0 THEN player1 ELSE player0 END) END) VIRTUAL
    )
    """,
    "INSERT INTO results_v3 (id, game_id, mode, guild_id, player0, player1, total0, total1,"
    " winner, reason, level, first_seat, high_score, finished_at) SELECT id, game_id, mode,"
    " guild_id, player0, player1, total0, total1, winner, reason, level, first_seat,"
    " high_score, finished_at FROM results",
    "DROP TABLE results",
    "ALTER TABLE results_v3 RENAME TO results",
    "CREATE INDEX results_by_player0 ON results (player0)",
    "CREATE INDEX results_by_player1 ON results (player1)",
    "CREATE INDEX results_by_mode_guild ON results (mode, guild_id)",
    """CREATE INDEX results_solo_best ON results (solo_user, level, high_score DESC)
       WHERE solo_user IS NOT NULL AND high_score IS NOT NULL""",
    # The seats of a 'multi' game, in seat order; a lobby's change while it fills.
    """
    CREATE TABLE seats (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        seat       INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
        user_id    INTEGER NOT NULL,          -- 0 = an AI seat
        name       TEXT    NOT NULL,
        ai         TEXT    CHECK (ai IN ('easy', 'medium', 'hard')),  -- the AI playing it
        left_place INTEGER CHECK (left_place BETWEEN 1 AND 6),  -- a person who left: placed
        PRIMARY KEY (game_id, seat),
        CHECK (user_id != 0 OR ai IS NOT NULL)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX seats_by_user ON seats (user_id, game_id)",
    # Where each seat of a finished 'multi' game placed (1 = first; shared places repeat).
    """
    CREATE TABLE placings (
        result_id INTEGER NOT NULL REFERENCES results (id),
        game_id   INTEGER NOT NULL REFERENCES games (id),
        seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
        user_id   INTEGER NOT NULL,
        place     INTEGER NOT NULL CHECK (place BETWEEN 1 AND 6),
        PRIMARY KEY (result_id, seat)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX placings_by_user ON placings (user_id, result_id)",
    # Plackett-Luce ratings (openskill) per game, people only; history per result.
    """
    CREATE TABLE multi_ratings (
        game       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        games      INTEGER NOT NULL DEFAULT 0,
        wins       INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT    NOT NULL,
        PRIMARY KEY (game, user_id)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE multi_rating_history (
        user_id   INTEGER NOT NULL,
        result_id INTEGER NOT NULL REFERENCES results (id),
        game_id   INTEGER NOT NULL REFERENCES games (id),
        game      TEXT    NOT NULL,
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        at        TEXT    NOT NULL,
        PRIMARY KEY (user_id, result_id)
    ) WITHOUT ROWID
    """,
)

#: The ends of games still to be said in their channel (or shown on their DM table):
#: written with the result, deleted once told (a restart in between tells it then). Ends
#: before this migration were told.
_V4: tuple[str, ...] = (
    """
    CREATE TABLE unannounced_ends (
        game_id INTEGER PRIMARY KEY REFERENCES games (id)
    )
    """,
)

#: The "your turn" pings of each game in its channel still to delete (the latest, and any
#: whose delete failed), deleted when the next is sent or the game ends, after a restart
#: too (kept in memory, a ping of before the restart stayed in the channel for good).
_V5: tuple[str, ...] = (
    """
    CREATE TABLE turn_pings (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        message_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, message_id)
    ) WITHOUT ROWID
    """,
)

#: What is to be rebuilt from the results once, in the first transaction that finds it
#: here (db.multi_ratings.rebuild_if_pending, at every open): the ratings of games for
#: 2-6 players, rated until then by a model that put people sharing a place below a
#: person placed after them.
_V6: tuple[str, ...] = (
    "CREATE TABLE pending_rebuilds (what TEXT PRIMARY KEY)",
    "INSERT INTO pending_rebuilds (what) VALUES ('multi_ratings')",
)

MIGRATIONS: tuple[tuple[str, ...], ...] = (_V1, _V2, _V3, _V4, _V5, _V6)
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    cur = conn.execute("PRAGMA user_version")
    row = cur.fetchone()
    assert row is not None
    return int(row[0])


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every pending migration in one transaction; return the schema version.

    The connection must be in autocommit mode (``isolation_level=None``).
    """
    if schema_version(conn) == SCHEMA_VERSION:
        return SCHEMA_VERSION
    # A table rebuild drops a parent of foreign keys: SQLite wants them off meanwhile
    # (it cannot change this inside a transaction); they are checked before the commit.
    keys_on = bool(conn.execute("PRAGMA foreign_keys").fetchone()[0])
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        return _migrate_locked(conn)
    finally:
        if keys_on:
            conn.execute("PRAGMA foreign_keys = ON")


def _migrate_locked(conn: sqlite3.Connection) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        current = schema_version(conn)  # re-read under the write lock
        if current > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"database schema is version {current}; this code knows up to {SCHEMA_VERSION}"
            )
        for statements in MIGRATIONS[current:]:
            for statement in statements:
                conn.execute(statement)
        broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise sqlite3.IntegrityError(f"foreign keys broken by the migration: {broken[:5]}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return SCHEMA_VERSION

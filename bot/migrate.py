"""``python -m bot migrate --to postgresql://…``: move the SQLite database to PostgreSQL.

Every game copied is checked by replay: its log, applied from its seed, must give the
state stored with it. The copy is kept only if every table reads back equal to the
source and every game passes.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import timedelta

import asyncpg

from bot.services.mode_protocol import GameMode
from bot.services.modes import MODES
from bot.services.multi_mode import MultiMode
from bot.services.multi_rules import RULES
from bot.services.replay import replay_state
from bot.settings import url_problem
from db.errors import StoreError
from db.postgres_db import is_postgres_url
from db.rows import GameRow
from db.transfer import copy_sqlite_to_postgres
from engine.games import GAMES


def modes_of(game: GameRow) -> Mapping[str, GameMode]:
    """The modes a game's log replays with: Famiglia's, and for a game of 2-6 the multi
    mode of its own game's rules (a replay reads only how its first state is dealt, not
    the window's or the lobby's time)."""
    if game.game not in RULES:
        return MODES
    multi = MultiMode(RULES[game.game], window=timedelta(0), lobby=timedelta(0))
    return {**MODES, "multi": multi}


def replay_check(game: GameRow, action_jsons: Sequence[str]) -> str | None:
    """None when the game's stored state is its replayed log; else what differs."""
    try:
        replayed = GAMES[game.game].dump_state(
            replay_state(game, action_jsons, GAMES, modes_of(game))
        )
    except Exception as exc:  # a log the engine refuses is a finding, not a crash
        return f"its log does not replay ({type(exc).__name__}: {exc})"
    if len(action_jsons) != game.action_count:
        return f"{len(action_jsons)} actions stored, {game.action_count} expected"
    return None if replayed == game.state_json else "its state is not its replayed log"


def migrate(source: str, target: str) -> int:
    """Run the copy and print what happened; the process's exit status."""
    if not is_postgres_url(target):
        print("migrate: the target must be a postgresql:// URL. Nothing was copied.")
        return 1
    if why := url_problem(target):  # never echoed: it holds the password
        print(f"migrate: the target URL {why}. Nothing was copied.")
        return 1
    where = "postgresql://…@" + target.rpartition("@")[2]
    print(f"copying {source} into {where} …")
    try:
        report = asyncio.run(copy_sqlite_to_postgres(source, target, replay_check))
    except StoreError as exc:
        print(f"migrate: {exc}")
        return 1
    except OSError as exc:  # the server is not there, or refuses the connection
        print(f"migrate: could not reach {where}: {exc.strerror or exc}. Nothing was copied.")
        return 1
    except asyncpg.PostgresError as exc:  # e.g. no such database, wrong password
        print(f"migrate: PostgreSQL refused: {exc}. Nothing was copied.")
        return 1
    except sqlite3.DatabaseError as exc:  # not an SQLite file, or a damaged one
        print(f"migrate: {source} cannot be read as an SQLite database: {exc}.")
        return 1
    copied = ", ".join(f"{n} {table}" for table, n in report.rows.items())
    print(f"copied {copied}")
    print(f"verified: every table equal to the source; {report.games_checked} games replayed")
    print("set DATABASE_URL to this database and start the bot")
    return 0

"""SQL for the games and actions tables, and the mapping of their rows to models."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Literal, NoReturn

from db.clock import from_db, opt_from_db, opt_to_db
from db.errors import GameClosed, GameNotFound, VersionConflict
from db.rows import OPEN_STATUSES, ActionRow, GameRow, Seat
from db.tx import Row, Tx

#: ``reminder_at="half"``: remind halfway between now and the deadline.
HALF: Literal["half"] = "half"
ReminderAt = datetime | None | Literal["half"]

GAME_COLUMNS = (
    "id, mode, guild_id, channel_id, player0, player1, status, seed, options, state,"
    " version, action_count, table_channel_id, table_message_id, deadline, reminder_at,"
    " reminder_sent, created_at, updated_at, finished_at, game"
)
SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games"
OPEN = "status IN ('challenge', 'active')"
#: A versioned change of an open game ($1-$9: status, state or NULL to keep it, actions
#: added, deadline, reminder, now, finished at, id, expected version). A reminder kept (a
#: decision within the same turn) keeps its "sent": claiming a reminder bumps no version,
#: so a process whose copy predates the claim must not make it due again.
_ADVANCE = (
    "UPDATE games SET status = $1, state = COALESCE($2, state), version = version + 1,"
    " action_count = action_count + $3, deadline = $4, reminder_at = $5,"
    " reminder_sent = CASE WHEN reminder_at = $5 THEN reminder_sent ELSE 0 END,"
    f" updated_at = $6, finished_at = $7 WHERE id = $8 AND version = $9 AND {OPEN}"
)


def game_from_row(r: Row, seats: tuple[Seat, ...] = ()) -> GameRow:
    """A game from its row; a ``multi`` game's ``players`` are its seats' users."""
    return GameRow(
        id=r[0],
        mode=r[1],
        guild_id=r[2],
        channel_id=r[3],
        players=tuple(s.user_id for s in seats) if r[1] == "multi" else (r[4], r[5]),
        seats=seats,
        status=r[6],
        seed=r[7],
        options=json.loads(r[8]),
        state_json=r[9],
        version=r[10],
        action_count=r[11],
        table_channel_id=r[12],
        table_message_id=r[13],
        deadline=opt_from_db(r[14]),
        reminder_at=opt_from_db(r[15]),
        reminder_sent=bool(r[16]),
        created_at=from_db(r[17]),
        updated_at=from_db(r[18]),
        finished_at=opt_from_db(r[19]),
        game=r[20],
    )


def action_from_row(r: Row) -> ActionRow:
    return ActionRow(game_id=r[0], seq=r[1], actor=r[2], action_json=r[3], created_at=from_db(r[4]))


def require_json(text: str, what: str) -> None:
    try:
        json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be a JSON text") from exc


def reminder_text(reminder_at: ReminderAt, now: datetime, deadline: datetime | None) -> str | None:
    if deadline is None:
        return None
    if reminder_at == HALF:
        return opt_to_db(now + (deadline - now) / 2)
    assert not isinstance(reminder_at, str)
    return opt_to_db(reminder_at)


_SELECT_SEATS = (
    "SELECT seat, user_id, name, ai, left_place FROM seats WHERE game_id = $1 ORDER BY seat"
)


async def fetch_seats(tx: Tx, game_id: int) -> tuple[Seat, ...]:
    return tuple(
        Seat(user_id=r[1], name=r[2], ai=r[3], left_place=r[4])
        for r in await tx.fetch(_SELECT_SEATS, game_id)
    )


async def fetch_games(tx: Tx, sql: str, *args: object) -> list[GameRow]:
    """The games ``sql`` selects (:data:`GAME_COLUMNS`), a multi game with its seats."""
    games = []
    for r in await tx.fetch(sql, *args):
        seats = await fetch_seats(tx, r[0]) if r[1] == "multi" else ()
        games.append(game_from_row(r, seats))
    return games


async def write_seats(tx: Tx, game_id: int, seats: tuple[Seat, ...]) -> None:
    """Replace a multi game's seats (and mirror seats 0 and 1 in player0, player1)."""
    await tx.execute("DELETE FROM seats WHERE game_id = $1", game_id)
    await tx.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, ai, left_place)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [(game_id, i, s.user_id, s.name, s.ai, s.left_place) for i, s in enumerate(seats)],
    )
    first_two = [s.user_id for s in seats[:2]] + [0] * (2 - len(seats[:2]))
    await tx.execute(
        "UPDATE games SET player0 = $1, player1 = $2 WHERE id = $3", *first_two, game_id
    )


async def fetch_game(tx: Tx, game_id: int, *, lock: bool = False) -> GameRow | None:
    """The game; ``lock``: held by this transaction until it ends (PostgreSQL)."""
    lock_row = tx.lock_row if lock else ""
    rows = await fetch_games(tx, f"{SELECT_GAME} WHERE id = $1{lock_row}", game_id)
    return rows[0] if rows else None


async def check_writable(tx: Tx, game_id: int, expected_version: int) -> GameRow:
    """The game, locked, if it is at ``expected_version`` and still open; raise otherwise.

    A writer that waited for the lock reads the row as the winner committed it, so it
    sees the new version and is refused."""
    game = await fetch_game(tx, game_id, lock=True)
    if game is None:
        raise GameNotFound(game_id)
    if game.version != expected_version:
        raise VersionConflict(game_id, expected_version, game.version)
    if game.status not in OPEN_STATUSES:
        raise GameClosed(game_id, game.status)
    return game


async def advance_game(
    tx: Tx,
    game_id: int,
    expected_version: int,
    *,
    status: str,
    state_json: str | None,
    added_actions: int,
    deadline: str | None,
    reminder_at: str | None,
    now: str,
) -> GameRow:
    """Write the new state (None: keep it) and bump the version, if the game is open at
    ``expected_version``: one statement, which also locks the row until the transaction
    ends (a second writer waits, then finds the new version and is refused). The game
    as it is now; VersionConflict, GameClosed or GameNotFound if nothing was changed."""
    args = _advance_args(
        game_id, expected_version, status, state_json, added_actions, deadline, reminder_at, now
    )
    rows = await fetch_games(tx, f"{_ADVANCE} RETURNING {GAME_COLUMNS}", *args)
    if rows:
        return rows[0]
    return await _refused(tx, game_id, expected_version)


async def advance_and_log(
    tx: Tx,
    game_id: int,
    expected_version: int,
    *,
    status: str,
    state_json: str | None,
    deadline: str | None,
    reminder_at: str | None,
    now: str,
    actor: int,
    actions: Sequence[str],
) -> GameRow:
    """:func:`advance_game` with ``actions`` appended to the log as ``actor``'s, their
    seq numbers following the log's end. In one statement where the transaction runs
    each statement on its own (:attr:`Tx.one_statement`); then a refusal is explained
    by a read after it, the statement having changed nothing."""
    if not tx.one_statement:
        game = await advance_game(
            tx,
            game_id,
            expected_version,
            status=status,
            state_json=state_json,
            added_actions=len(actions),
            deadline=deadline,
            reminder_at=reminder_at,
            now=now,
        )
        if actions:  # a result or seats alone log nothing: no statement for it
            first = game.action_count - len(actions)
            await tx.executemany(
                "INSERT INTO actions (game_id, seq, actor, action, created_at)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(game_id, first + i, actor, a, now) for i, a in enumerate(actions)],
            )
        return game
    args = _advance_args(
        game_id, expected_version, status, state_json, len(actions), deadline, reminder_at, now
    )
    row = await tx.fetchrow(
        f"WITH up AS ({_ADVANCE} RETURNING {GAME_COLUMNS}), logged AS ("
        "INSERT INTO actions (game_id, seq, actor, action, created_at)"
        " SELECT up.id, up.action_count - $3 + a.n - 1, $10, a.action, $6"
        " FROM up, unnest($11::text[]) WITH ORDINALITY AS a(action, n))"
        " SELECT up.*, CASE WHEN up.mode = 'multi' THEN (SELECT json_agg(json_build_array("
        "s.user_id, s.name, s.ai, s.left_place) ORDER BY s.seat) FROM seats s"
        " WHERE s.game_id = up.id) END FROM up",
        *args,
        actor,
        list(actions),
    )
    if row is None:
        return await _refused(tx, game_id, expected_version)
    seats = tuple(
        Seat(user_id=u, name=n, ai=a, left_place=p) for u, n, a, p in json.loads(row[21] or "[]")
    )
    return game_from_row(row, seats)


def _advance_args(
    game_id: int,
    expected_version: int,
    status: str,
    state_json: str | None,
    added_actions: int,
    deadline: str | None,
    reminder_at: str | None,
    now: str,
) -> tuple[object, ...]:
    """The parameters $1-$9 of :data:`_ADVANCE` (a game that ends keeps no deadline)."""
    closed = status not in OPEN_STATUSES
    return (
        status,
        state_json,
        added_actions,
        None if closed else deadline,
        None if closed else reminder_at,
        now,
        now if closed else None,
        game_id,
        expected_version,
    )


async def _refused(tx: Tx, game_id: int, expected_version: int) -> NoReturn:
    """Why a versioned change of the game changed nothing: raises."""
    await check_writable(tx, game_id, expected_version)
    raise VersionConflict(game_id, expected_version, -1)  # unreachable; never write blind

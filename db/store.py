"""The game store: the one object the bot uses to read and write its database.

Every write is one transaction, committed before the method returns. Writes that
change a game are versioned: the caller passes the version it read, and a
:class:`~db.errors.VersionConflict` means another write (of this process or another
one) won and nothing of this one was stored. The same methods run on SQLite and on
PostgreSQL: each is one operation over a :class:`~db.tx.Tx` (see :mod:`db.tx`).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from db import games as g
from db import results
from db.clock import opt_to_db, to_db
from db.errors import ChannelBusy, GameNotFound
from db.results_api import ResultsApi
from db.rows import (
    MAX_SEATS,
    OPEN_STATUSES,
    ActionRow,
    GameRow,
    Mode,
    ResultRecord,
    ResultRow,
    Seat,
    Status,
)
from db.timers_api import TimersApi
from db.tx import Tx

#: Table message ids remembered (the least recently set forgotten first).
KEPT_TABLES = 4096
#: Results this store wrote, remembered (a result never changes once written).
KEPT_RESULTS = 1024


class Store(TimersApi, ResultsApi):
    """Open with ``await Store.open(target)`` (or ``async with await Store.open(target)``),
    ``target`` a SQLite file's path or a ``postgresql://`` URL."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # game -> the table message this store set last, and the ones it replaced
        self._tables: OrderedDict[int, tuple[int, frozenset[int | None]]] = OrderedDict()
        self._results: OrderedDict[int, ResultRow] = OrderedDict()  # game -> its result

    # -- games ------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        mode: Mode,
        guild_id: int | None,
        channel_id: int,
        players: tuple[int, int] | None = None,
        seats: Sequence[Seat] = (),
        seed: int,
        state_json: str,
        status: Status = "challenge",
        options: dict[str, Any] | None = None,
        deadline: datetime | None = None,
        reminder_at: g.ReminderAt = None,
        game: str = "famiglia",
    ) -> GameRow:
        """A new game (version 0, no actions) of ``game`` (engine.games names them).

        A two-seat game names its ``players``; a ``multi`` game its ``seats`` (1 to 6:
        a lobby may open with its host alone). Raises ChannelBusy if the channel has one."""
        if status not in OPEN_STATUSES:
            raise ValueError(f"a new game is a challenge or active, not {status}")
        seated = _check_seats(mode, players, tuple(seats))
        if players is None:
            players = (seated[0].user_id, seated[1].user_id if len(seated) > 1 else 0)
        g.require_json(state_json, "state_json")
        options_json = json.dumps(options or {}, sort_keys=True, separators=(",", ":"))
        now = self._now()
        stamp = to_db(now)
        params = (
            mode,
            guild_id,
            channel_id,
            players[0],
            players[1],
            status,
            seed,
            options_json,
            state_json,
            opt_to_db(deadline),
            g.reminder_text(reminder_at, now, deadline),
            stamp,
            stamp,
            game,
        )

        async def insert(tx: Tx) -> GameRow | None:
            row = await tx.fetchrow(
                "INSERT INTO games (mode, guild_id, channel_id, player0, player1, status,"
                " seed, options, state, deadline, reminder_at, created_at, updated_at, game)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
                " RETURNING id",
                *params,
            )
            assert row is not None
            if seated:
                await g.write_seats(tx, int(row[0]), seated)
            return await g.fetch_game(tx, int(row[0]))

        try:
            created = await self._write(insert)
        except Exception as exc:
            if self._db.duplicate_key(exc) == "channel_id":
                raise ChannelBusy(channel_id) from exc
            raise
        assert created is not None
        return created

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._read(lambda tx: g.fetch_game(tx, game_id))

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        rows = await self._read(
            lambda tx: g.fetch_games(
                tx, f"{g.SELECT_GAME} WHERE channel_id = $1 AND {g.OPEN}", channel_id
            )
        )
        return rows[0] if rows else None

    async def active_games(self, *, game: str | None = None) -> list[GameRow]:
        """Every challenge and game in progress that this process owns (all of them
        unless it runs only some shards), oldest first: what start-up restores. With
        ``game``: only that game's."""
        owned = self._shards.sql()
        if game is None:
            return await self._read(
                lambda tx: g.fetch_games(tx, f"{g.SELECT_GAME} WHERE {g.OPEN}{owned} ORDER BY id")
            )
        return await self._read(
            lambda tx: g.fetch_games(
                tx, f"{g.SELECT_GAME} WHERE {g.OPEN}{owned} AND game = $1 ORDER BY id", game
            )
        )

    async def open_games_for_user(self, user_id: int) -> list[GameRow]:
        """The user's challenges, lobbies and games in progress, in any seat."""
        return await self._read(
            lambda tx: g.fetch_games(
                tx,
                f"{g.SELECT_GAME} WHERE player0 = $1 AND {g.OPEN} UNION"
                f" {g.SELECT_GAME} WHERE player1 = $1 AND {g.OPEN} UNION"
                f" {g.SELECT_GAME} WHERE id IN (SELECT game_id FROM seats WHERE user_id = $1)"
                f" AND {g.OPEN} ORDER BY id",
                user_id,
            )
        )

    async def active_solo_game_for_user(self, user_id: int) -> GameRow | None:
        rows = [r for r in await self.open_games_for_user(user_id) if r.mode == "solo"]
        return rows[-1] if rows else None

    async def action_log(self, game_id: int, *, since: int = 0) -> list[ActionRow]:
        """The game's actions in order, from the ``since``-th (0 = the first) on."""

        async def run(tx: Tx) -> list[ActionRow]:
            rows = await tx.fetch(
                "SELECT game_id, seq, actor, action, created_at FROM actions"
                " WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
                game_id,
                since,
            )
            return [g.action_from_row(r) for r in rows]

        return await self._read(run)

    async def commit_move(
        self,
        game_id: int,
        *,
        expected_version: int,
        actor: int,
        actions: Sequence[str],
        state_json: str,
        status: Status,
        deadline: datetime | None,
        reminder_at: g.ReminderAt = g.HALF,
        result: ResultRecord | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> GameRow:
        """Append ``actions`` (JSON texts, may be empty) to the log and store the new state.

        One transaction: version check, action rows with consecutive seq numbers, new
        state, version + 1, status, deadline (the reminder reset), and ``result`` when
        the move ended the game; ``seats`` (a multi game) replaces its seats. Raises
        VersionConflict / GameClosed / GameNotFound having written nothing.
        """
        for text in actions:
            g.require_json(text, "each action")
        g.require_json(state_json, "state_json")
        return await self._change(
            game_id,
            expected_version=expected_version,
            status=status,
            state_json=state_json,
            deadline=deadline,
            reminder_at=reminder_at,
            result=result,
            actor=actor,
            actions=actions,
            seats=seats,
        )

    async def set_status(
        self,
        game_id: int,
        *,
        expected_version: int,
        status: Status,
        state_json: str | None = None,
        deadline: datetime | None = None,
        reminder_at: g.ReminderAt = g.HALF,
        result: ResultRecord | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> GameRow:
        """Accept, decline, cancel, expire or forfeit: a versioned change with no action;
        or, for a multi game, a lobby's seats changing (``seats``: all of them).

        ``state_json`` None keeps the state; ``deadline`` is the new one (None: none).
        """
        if state_json is not None:
            g.require_json(state_json, "state_json")
        return await self._change(
            game_id,
            expected_version=expected_version,
            status=status,
            state_json=state_json,
            deadline=deadline,
            reminder_at=reminder_at,
            result=result,
            actor=0,
            actions=(),
            seats=seats,
        )

    async def _change(
        self,
        game_id: int,
        *,
        expected_version: int,
        status: Status,
        state_json: str | None,
        deadline: datetime | None,
        reminder_at: g.ReminderAt,
        result: ResultRecord | None,
        actor: int,
        actions: Sequence[str],
        seats: Sequence[Seat] | None,
    ) -> GameRow:
        if result is not None and status not in ("finished", "forfeited"):
            raise ValueError("a result is recorded only when the game is finished or forfeited")
        new_seats = None if seats is None else _check_seats("multi", None, tuple(seats))
        now = self._now()
        stamp = to_db(now)

        async def change(tx: Tx) -> tuple[GameRow, ResultRow | None]:
            game = await g.advance_and_log(
                tx,
                game_id,
                expected_version,
                status=status,
                state_json=state_json,
                deadline=opt_to_db(deadline),
                reminder_at=g.reminder_text(reminder_at, now, deadline),
                now=stamp,
                actor=actor,
                actions=actions,
            )
            if new_seats is not None:
                if game.mode != "multi":
                    raise ValueError(f"a {game.mode} game has no seats to change")
                await g.write_seats(tx, game_id, new_seats)
                changed = await g.fetch_game(tx, game_id)
                assert changed is not None
                game = changed
            if result is not None:
                await results.insert_result(
                    tx,
                    game_id=game_id,
                    mode=game.mode,
                    guild_id=game.guild_id,
                    players=game.players,
                    record=result,
                    at=stamp,
                    game=game.game,
                )
                return game, await results.result_of_game(tx, game_id)
            return game, None

        # A plain move is one statement; seats or a result add statements after it.
        alone = new_seats is None and result is None
        game, written = await (self._write_alone if alone else self._write)(change)
        if written is not None:
            self._keep_result(written)
        return game

    def _keep_result(self, result: ResultRow) -> None:
        self._results[result.game_id] = result
        while len(self._results) > KEPT_RESULTS:
            self._results.popitem(last=False)

    async def get_result(self, game_id: int) -> ResultRow | None:
        """The game's result: as this store wrote it (read back in the transaction that
        wrote it; a result is never changed), else as stored."""
        kept = self._results.get(game_id)
        return kept if kept is not None else await super().get_result(game_id)

    async def set_table_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Where the game's public table is; not versioned (it is not game state)."""

        async def update(tx: Tx) -> int | None:
            row = await tx.fetchrow("SELECT table_message_id FROM games WHERE id = $1", game_id)
            if row is None:
                raise GameNotFound(game_id)
            await tx.execute(
                "UPDATE games SET table_channel_id = $1, table_message_id = $2 WHERE id = $3",
                channel_id,
                message_id,
                game_id,
            )
            before: int | None = row[0]
            return before

        before = await self._write(update)
        kept = self._tables.get(game_id)
        replaced = frozenset({before}) | (frozenset() if kept is None else kept[1])
        self._tables[game_id] = (message_id, replaced - {message_id})
        self._tables.move_to_end(game_id)
        while len(self._tables) > KEPT_TABLES:
            self._tables.popitem(last=False)

    async def table_message_id(self, game_id: int, as_read: int | None) -> int | None:
        """The game's table message. ``as_read``: the table in the caller's read of the
        game, which may be older than a table this store set since (then the one it set
        is the table). A read naming a table this store neither set nor replaced is
        newer than what it set: another process posted the table again (e.g. the new
        one of a rolling restart), so the row is read, and its table is then taken
        for the one set last. Else as stored (None: none, or no such game)."""
        kept = self._tables.get(game_id)
        if kept is not None and (as_read == kept[0] or as_read in kept[1]):
            return kept[0]
        game = await self.get_game(game_id)
        stored = None if game is None else game.table_message_id
        if kept is not None and stored is not None and stored != kept[0]:
            # posted again by another process: what this store set is replaced too
            self._tables[game_id] = (stored, kept[1] | {kept[0]})
        return stored


def _check_seats(
    mode: str, players: tuple[int, int] | None, seats: tuple[Seat, ...]
) -> tuple[Seat, ...]:
    """A multi game has 1-6 seats (a lobby may hold its host alone), others two players."""
    if mode != "multi":
        if players is None or seats:
            raise ValueError(f"a {mode} game names its two players, not seats")
        return ()
    if players is not None or not 1 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"a multi game has 1 to {MAX_SEATS} seats (and no players)")
    people = [s.user_id for s in seats if s.is_person]
    if len(people) != len(set(people)):
        raise ValueError("a person sits in one seat of a game only")
    return seats

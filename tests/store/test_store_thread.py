"""Each store operation is one trip to the connection's thread (db.connection.run_in_thread).

Under load every await on aiosqlite waits for a busy event loop; a move that costs one
trip instead of a dozen is what keeps the bot's answers fast (issue 5). These tests
count the trips and pin the aiosqlite internals run_in_thread relies on.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from db import GameRow, ResultRecord, Store, VersionConflict
from db.connection import run_in_thread
from tests.stored_games import new_game

MOVE = ['{"type":"refresh","index":2}', '{"type":"take","index":0}']


@pytest.fixture
def store(sqlite_store: Store) -> Store:
    """Only the SQLite backend has a connection thread."""
    return sqlite_store


async def move(store: Store, game_id: int, version: int, **changes: object) -> GameRow:
    """Commit MOVE at ``version``; ``changes`` override status, deadline, result."""
    fields: dict[str, object] = {"status": "active", "deadline": None, **changes}
    return await store.commit_move(
        game_id, expected_version=version, actor=11, actions=MOVE, state_json="{}", **fields
    )  # type: ignore[arg-type]


@contextmanager
def trips(store: Store) -> Iterator[list[object]]:
    """Record every function queued on the store's connection thread."""
    conn = store._conn
    queued: list[object] = []
    original = conn._execute

    async def spy(fn: object, *args: object, **kwargs: object) -> object:
        queued.append(fn)
        return await original(fn, *args, **kwargs)  # type: ignore[operator]

    conn._execute = spy  # type: ignore[method-assign]
    try:
        yield queued
    finally:
        conn._execute = original  # type: ignore[method-assign]


async def test_a_move_with_its_result_is_one_trip(store: Store) -> None:
    game = await new_game(store, (11, 22))
    result = ResultRecord(totals=(30, 20), winner=0, reason="score")
    with trips(store) as queued:
        row = await move(store, game.id, game.version, status="finished", result=result)
    assert len(queued) == 1  # version check, 2 actions, state, result, ratings: one hop
    assert (row.version, row.action_count) == (game.version + 1, 2)
    assert (await store.get_result(game.id)) is not None


@pytest.mark.parametrize("read", ["get_game", "action_log", "active_games"])
async def test_a_read_is_one_trip(store: Store, read: str) -> None:
    game = await new_game(store, (11, 22))
    with trips(store) as queued:
        method = getattr(store, read)
        await (method() if read == "active_games" else method(game.id))
    assert len(queued) == 1


async def test_a_refused_write_leaves_no_transaction_open(store: Store) -> None:
    game = await new_game(store, (11, 22))
    with pytest.raises(VersionConflict):
        await move(store, game.id, game.version + 5)
    assert not await run_in_thread(store._conn, lambda c: c.in_transaction)
    assert await store.action_log(game.id) == []


async def test_operations_queued_together_never_interleave(store: Store) -> None:
    """Twenty commits on one version at once: exactly one wins, the log has its two
    actions once, and every loser wrote nothing."""
    game = await new_game(store, (11, 22))

    async def attempt() -> bool:
        try:
            await move(store, game.id, game.version)
        except VersionConflict:
            return False
        return True

    wins = await asyncio.gather(*(attempt() for _ in range(20)))
    assert sum(wins) == 1
    assert [a.seq for a in await store.action_log(game.id)] == [0, 1]


async def test_run_in_thread_gets_the_raw_connection(store: Store) -> None:
    """Pins aiosqlite's internals that run_in_thread uses (``_execute``, ``_conn``)."""
    got = await run_in_thread(store._conn, lambda c: (type(c), c.execute("SELECT 7").fetchone()))
    assert got == (sqlite3.Connection, (7,))

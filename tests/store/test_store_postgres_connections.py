"""A PostgreSQL store opens its connections when it opens and keeps them with their
prepared statements: a move never waits for a new connection or a new prepare (the
first burst after a start, a move after a quiet spell), and an idle store leaves no
timer on the event loop."""

from __future__ import annotations

import asyncio

import asyncpg

from db import Store
from db.postgres_db import POOL_SIZE
from tests.stored_games import new_game


async def _connections(url: str) -> int:
    """Client connections to the test's database, other than the one asking."""
    conn = await asyncpg.connect(url)
    try:
        return int(
            await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
    finally:
        await conn.close()


def _asyncpg_timers() -> list[asyncio.TimerHandle]:
    """Timers of asyncpg on the running loop (an idle connection closed, a prepared
    statement dropped, after some minutes)."""
    loop = asyncio.get_running_loop()
    scheduled: list[asyncio.TimerHandle] = getattr(loop, "_scheduled", [])
    return [
        handle
        for handle in scheduled
        if not handle.cancelled()
        and getattr(handle._callback, "__module__", "").startswith("asyncpg")  # type: ignore[attr-defined]
    ]


async def test_the_store_opens_every_connection_at_start_and_keeps_them(
    postgres_url: str,
) -> None:
    async with await Store.open(postgres_url) as store:
        assert await _connections(postgres_url) == POOL_SIZE
        games = await asyncio.gather(
            *(new_game(store, (100 + i, 200 + i), channel_id=i) for i in range(3 * POOL_SIZE))
        )
        assert len({g.id for g in games}) == 3 * POOL_SIZE
        assert await _connections(postgres_url) == POOL_SIZE
        assert await store.get_game(games[0].id) is not None
        assert _asyncpg_timers() == []
    assert await _connections(postgres_url) == 0

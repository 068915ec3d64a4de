"""The one-time rebuild of Family Business ratings (migration 6: the rating model
changed) on PostgreSQL, as deployments meet it: a game of another process finishing
while the rebuild runs is rated from the rebuilt ratings (it overwrote them with numbers
from the old ones), and a SQLite file rated by the model before, copied into a database
the bot had already opened once, is rebuilt too (its mark was used up on nothing)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import db.multi_ratings as mr
from db import Store
from db.transfer import copy_sqlite_to_postgres
from tests.store.raw_sql import execute
from tests.store.test_store_multi_ratings import ANN, BOB, CY, FB, _finish, _seat


async def test_a_result_committed_during_the_rebuild_is_rated_from_rebuilt_ratings(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    running = await Store.open(postgres_url)  # a process already serving
    await _finish(running, (_seat(ANN), _seat(BOB), _seat(CY)), ((0, 1), (2,)))
    await _finish(running, (_seat(ANN), _seat(CY)), ((1,), (0,)))
    # as a database the model before rated reads: other numbers, the rebuild due
    await execute(running, "UPDATE multi_ratings SET mu = mu + 1")
    await execute(running, "INSERT INTO pending_rebuilds (what) VALUES ('multi_ratings')")

    real = mr.apply_multi_result
    in_rebuild = asyncio.Event()
    go_on = asyncio.Event()

    async def slow(tx: Any, **kw: Any) -> None:
        await real(tx, **kw)
        if not in_rebuild.is_set():
            in_rebuild.set()
            await go_on.wait()

    monkeypatch.setattr(mr, "apply_multi_result", slow)  # only the rebuild calls it by this name
    opening = asyncio.create_task(Store.open(postgres_url))
    await asyncio.wait_for(in_rebuild.wait(), 20)
    finishing = asyncio.create_task(_finish(running, (_seat(ANN), _seat(BOB)), ((0,), (1,))))
    await asyncio.sleep(1.0)  # the other process's final move reaches its ratings' rows
    go_on.set()
    opened = await asyncio.wait_for(opening, 20)
    await asyncio.wait_for(finishing, 20)
    stored = await opened.stored_multi_ratings(FB)
    replayed = await opened.recompute_multi_ratings(FB)
    await opened.close()
    await running.close()
    assert stored == replayed


async def test_copied_ratings_of_the_model_before_are_rebuilt(
    postgres_url: str, tmp_path: Path
) -> None:
    source = str(tmp_path / "old.db")
    async with await Store.open(source) as store:
        await _finish(store, (_seat(ANN), _seat(BOB), _seat(CY)), ((0, 1), (2,)))
        right = await store.stored_multi_ratings(FB)
        await execute(store, "UPDATE multi_ratings SET mu = mu + 1")  # rated by the model before
        await execute(store, "INSERT INTO pending_rebuilds (what) VALUES ('multi_ratings')")
    async with await Store.open(postgres_url):
        pass  # the bot started once on the new, empty database
    await copy_sqlite_to_postgres(source, postgres_url, lambda game, log: None)
    async with await Store.open(postgres_url) as pg:
        assert await pg.stored_multi_ratings(FB) == right

"""A store failing as a database connection does, for one test (``monkeypatch`` on the
``Store`` class): a write the server ran whose answer is lost (the connection dropped
after the commit), a write that never ran, and reads that fail for a moment after."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import asyncpg
import pytest

from db.store import Store

DROPPED = asyncpg.exceptions.ConnectionDoesNotExistError


def lose_the_next_answer(
    monkeypatch: pytest.MonkeyPatch,
    *,
    committed: bool = True,
    method: str = "commit_move",
    when: Callable[[dict[str, Any]], bool] = lambda kw: True,
) -> list[int]:
    """The next call of ``Store.<method>`` (with keywords ``when`` accepts) runs
    (``committed``) or not, and its caller gets the error of a dropped connection
    instead of its answer; the list gets its game."""
    real = getattr(Store, method)
    lost: list[int] = []

    async def run_then_drop(self: Store, game_id: int, **kw: Any) -> Any:
        if lost or not when(kw):
            return await real(self, game_id, **kw)
        lost.append(game_id)
        if committed:
            await real(self, game_id, **kw)
        raise DROPPED("connection was closed in the middle of operation")

    monkeypatch.setattr(Store, method, run_then_drop)
    return lost


def unreadable_after(monkeypatch: pytest.MonkeyPatch, lost: list[int]) -> list[int]:
    """The first read of a game once ``lost`` holds one fails (the connection still down:
    the write's read-back cannot tell); the list gets its game."""
    real = Store.get_game
    failed: list[int] = []

    async def get_game(self: Store, game_id: int, *args: Any, **kw: Any) -> Any:
        if lost and not failed:
            failed.append(game_id)
            raise ConnectionError("the database is not answering")
        return await real(self, game_id, *args, **kw)

    monkeypatch.setattr(Store, "get_game", get_game)
    return failed


def nobody_can_tell(
    monkeypatch: pytest.MonkeyPatch, *, committed: bool = True, method: str = "commit_move"
) -> list[int]:
    """The next write runs (``committed``) or not, its answer is lost, and the read-back
    that would tell fails too; the list gets its game."""
    lost = lose_the_next_answer(monkeypatch, committed=committed, method=method)
    unreadable_after(monkeypatch, lost)
    return lost

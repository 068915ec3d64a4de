"""Play again opens a new Family Business lobby with the seats of the game just played
in one write: when the database fails during it, there is either the whole lobby (its
host and the other seats, shown) or none (the click failed; the channel stays free and
Play again works when clicked again).

Before, the lobby was opened with its host alone, then its other seats were written
by a second write: when that one failed, the click failed, yet a lobby of the host
alone stayed, shown nowhere and blocking the channel until it expired."""

from __future__ import annotations

from typing import Any

import pytest

from db import GameRow
from tests.fb_play import abandoned, quick_ai
from tests.simcord_world import World, fresh


def failing_once(world: World, monkeypatch: pytest.MonkeyPatch, method: str) -> list[str]:
    """The store's ``method`` fails once (the database went away), once armed by
    putting an entry in the returned list; the entry is taken out when it fails."""
    store = world.bot.store
    real = getattr(store, method)
    armed: list[str] = []

    async def flaky(*args: Any, **kwargs: Any) -> GameRow:
        if armed:
            armed.pop()
            raise ConnectionResetError("the database went away")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, flaky)
    return armed


async def play_again(world: World, game_id: int) -> None:
    """Alice clicks Play again on the table of ``game_id``."""
    await world.alice.click(fresh(world, await world.table(game_id)), label="Play again")


async def test_play_again_is_not_left_half_written_by_a_failing_seat_write(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_ai(world)
    old = await abandoned(world, [world.alice, world.bob], ai=1)
    armed = failing_once(world, monkeypatch, "set_status")
    armed.append("a write of a lobby's seats")
    await play_again(world, old)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None
    assert [s.user_id for s in lobby.seats] == [world.alice.id, 0]  # the host and the AI
    assert "2 of 3 seats" in str(fresh(world, await world.table(lobby.id)).embeds[0].to_dict())


@pytest.mark.simcord(check_errors=False)  # the failed click is logged as an error
async def test_play_again_whose_write_failed_opens_no_lobby_and_can_be_clicked_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_ai(world)
    old = await abandoned(world, [world.alice, world.bob], ai=1)
    armed = failing_once(world, monkeypatch, "create_game")
    armed.append("the lobby's one write")
    await play_again(world, old)
    assert not armed  # the write was tried, and failed
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
    await play_again(world, old)  # the channel is free: Play again works now
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None and [s.user_id for s in lobby.seats] == [world.alice.id, 0]

"""One timer tick that ends several games on time shows each game it ended, even when
another game's write fails in that tick (the database refused once): the games ended
were stored as lost on time, but the failure threw their notices away, so their tables
showed them running and their channels were never told (until a restart). A game
whose write keeps failing is tried again a minute later, not every second."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from db.store import Store
from tests.simcord_world import World


def _ends(channel: Any) -> list[str]:
    return [m.content for m in channel.history() if m.content.startswith("🏁")]


@pytest.mark.simcord(check_errors=False)
async def test_a_failed_timeout_write_loses_no_other_game_its_end(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await world.start_game(world.alice, world.bob)
    other = world.guild.create_text_channel("second")
    await world.carol.slash(other, "famiglia start", opponent=world.alice)
    found = await world.bot.store.active_game_in_channel(other.id)
    assert found is not None
    second = found.id
    table = found.table_message_id
    await world.alice.click(next(m for m in other.history() if m.id == table), label="Accept")
    assert (await world.game(second)).status == "active"
    real = Store.set_status
    failed: list[int] = []

    async def flaky(self: Store, game_id: int, **kw: Any) -> Any:
        if game_id == second and kw.get("status") == "forfeited" and not failed:
            failed.append(game_id)
            raise sqlite3.OperationalError("database is locked")
        return await real(self, game_id, **kw)

    monkeypatch.setattr(Store, "set_status", flaky)
    await world.env.advance_time(24 * 3600 + 5)
    assert failed, "the second game's timeout was not tried in the same tick"
    assert (await world.game(first)).status == "forfeited"
    assert _ends(world.channel), "game 1 was stored as lost on time, but nobody was told"
    await world.env.advance_time(10 * 60)  # the next ticks end the other game too
    assert (await world.game(second)).status == "forfeited"
    assert _ends(other)


@pytest.mark.simcord(check_errors=False)
async def test_a_game_whose_timeout_keeps_failing_is_tried_again_each_minute(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    real = Store.set_status
    tries: list[int] = []

    async def broken(self: Store, game: int, **kw: Any) -> Any:
        if game == game_id and kw.get("status") == "forfeited":
            tries.append(game)
            raise sqlite3.OperationalError("database is locked")
        return await real(self, game, **kw)

    monkeypatch.setattr(Store, "set_status", broken)
    await world.env.advance_time(24 * 3600 + 5)
    first = len(tries)
    assert first >= 1
    await world.env.advance_time(150)
    assert len(tries) - first <= 3, f"{len(tries) - first} tries in 150 s"
    monkeypatch.setattr(Store, "set_status", real)  # the database is back
    await world.env.advance_time(61)
    assert (await world.game(game_id)).status == "forfeited"

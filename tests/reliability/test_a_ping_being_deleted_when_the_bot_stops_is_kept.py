"""A turn ping taken from the store to be deleted is kept again when its deletion is
stopped halfway (the bot closing during the start-up sweep, or a repair cancelled): it
was forgotten, and stayed in its channel for good."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from bot.services.records import Records
from cogs.turn_pings import TurnPings
from db import Store
from tests.store.hand_clock import FakeClock
from tests.stored_games import new_game


class Channel:
    def __init__(self, entered: asyncio.Event, gate: asyncio.Event, left: set[int]) -> None:
        self.entered, self.gate, self.left = entered, gate, left

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Message:
            async def delete(self) -> None:
                channel.entered.set()
                await channel.gate.wait()  # Discord slow to answer the DELETE
                channel.left.discard(message_id)

        return Message()


class Client:
    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channel


async def test_the_bot_stopping_mid_sweep_keeps_the_ping_to_delete(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "f.db"), clock=FakeClock())
    try:
        game = await new_game(store)
        await store.set_status(game.id, expected_version=0, status="cancelled")
        await store.turn_ping_sent(game.id, 777)  # its delete at the end failed
        in_channel = {777}
        entered, gate = asyncio.Event(), asyncio.Event()
        pings = TurnPings(Records(store))
        sweeping = asyncio.create_task(pings.sweep(Client(Channel(entered, gate, in_channel))))
        await asyncio.wait_for(entered.wait(), 5)
        sweeping.cancel()  # as cogs.famiglia.teardown does
        with contextlib.suppress(asyncio.CancelledError):
            await sweeping
        assert in_channel == {777}  # the ping is still in the channel
        # the next start-up's sweep must still find it
        assert [g for g, _, _ in await store.ended_games_with_pings()] == [game.id], (
            "the ping was taken from the store and never deleted: it stays for good"
        )
    finally:
        await store.close()

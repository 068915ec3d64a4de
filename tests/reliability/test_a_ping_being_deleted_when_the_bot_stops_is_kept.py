"""A turn ping leaves the store only once it is deleted from its channel: a deletion
stopped halfway (the bot closing during the start-up sweep, or a repair cancelled), a
store whose answer to that was lost, leave it stored, to be deleted later (taken from
the store first, it was forgotten and stayed in its channel for good). So is the ping
just sent, whichever step the stop comes at."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.services.records import Records
from cogs.turn_pings import TurnPings
from db import Store
from tests.store.hand_clock import FakeClock
from tests.stored_games import new_game


class Channel:
    """A channel whose deletes wait for ``gate`` (Discord slow to answer them)."""

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


async def test_the_sweep_cancelled_during_the_read_keeps_the_ping(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "f.db"), clock=FakeClock())
    try:
        game = await new_game(store)
        await store.set_status(game.id, expected_version=0, status="cancelled")
        await store.turn_ping_sent(game.id, 777)  # its delete at the end failed
        in_channel = {777}
        records = Records(store)
        taking = asyncio.Event()
        real_read = records.turn_pings

        async def read(game_id: int) -> list[int]:
            taking.set()
            return await real_read(game_id)  # the store's worker thread runs it

        records.turn_pings = read  # type: ignore[method-assign]
        pings = TurnPings(records)
        open_gate = asyncio.Event()
        open_gate.set()  # Discord answers the deletes at once
        channel = Channel(asyncio.Event(), open_gate, in_channel)
        sweeping = asyncio.create_task(pings.sweep(Client(channel)))
        await asyncio.wait_for(taking.wait(), 5)
        sweeping.cancel()  # as cogs.famiglia.teardown does
        with contextlib.suppress(asyncio.CancelledError):
            await sweeping
        await asyncio.sleep(0.2)
        assert in_channel == {777}  # never deleted
        assert [g for g, _, _ in await store.ended_games_with_pings()] == [game.id], (
            "the ping was taken from the store and never deleted: it stays for good"
        )
    finally:
        await store.close()


class _Pinging(Channel):
    """A channel whose next send posts message ``sent``, and whose deletes are slow."""

    def __init__(self, entered: asyncio.Event, gate: asyncio.Event, sent: int) -> None:
        super().__init__(entered, gate, set())
        self.sent = sent

    async def send(self, *args: Any, **kwargs: Any) -> Any:
        self.left.add(self.sent)
        return SimpleNamespace(id=self.sent)


async def _ping_stopped_mid_drop(tmp_path: Path, stored_before: list[int], sent: int) -> list[int]:
    store = await Store.open(str(tmp_path / "f.db"), clock=FakeClock())
    try:
        game = await new_game(store)
        for message_id in stored_before:
            await store.turn_ping_sent(game.id, message_id)
        entered, gate = asyncio.Event(), asyncio.Event()
        channel = _Pinging(entered, gate, sent)
        pings = TurnPings(Records(store))
        pinging = asyncio.create_task(pings.ping(channel, game.id, 5, "your turn", 42))  # type: ignore[arg-type]
        await asyncio.wait_for(entered.wait(), 5)
        pinging.cancel()  # the bot closing, a repair cancelled
        with contextlib.suppress(asyncio.CancelledError):
            await pinging
        await asyncio.sleep(0.2)
        return await store.turn_pings(game.id)
    finally:
        await store.close()


async def test_a_new_ping_survives_its_drop_being_cancelled(tmp_path: Path) -> None:
    kept = await _ping_stopped_mid_drop(tmp_path, [555], sent=888)
    assert 555 in kept  # the one being deleted is kept (the commit's fix)
    assert 888 in kept, f"the ping just sent is in the channel but not stored: {kept}"


async def test_the_ping_discord_answered_with_stays_stored(tmp_path: Path) -> None:
    # a quick restart: Discord answers the nonce with the ping it posted before (777),
    # which the store kept; _drop leaves it to its caller
    kept = await _ping_stopped_mid_drop(tmp_path, [555, 777], sent=777)
    assert 777 in kept, f"the live ping was taken from the store and not put back: {kept}"


class _NoDeletes:
    def get_partial_message(self, message_id: int) -> Any:
        raise AssertionError("nothing is deleted once the bot stops")


async def test_two_stops_while_the_store_reads_the_pings_keep_them(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "f.db"), clock=FakeClock())
    try:
        game = await new_game(store)
        await store.turn_ping_sent(game.id, 777)
        records = Records(store)
        taking, gate = asyncio.Event(), asyncio.Event()
        real_read = records.turn_pings

        async def read(game_id: int) -> list[int]:
            taking.set()
            got = await real_read(game_id)
            await gate.wait()  # its answer slow
            return got

        records.turn_pings = read  # type: ignore[method-assign]
        pings = TurnPings(records)
        dropping = asyncio.create_task(pings.drop(_NoDeletes(), game.id, 1))  # type: ignore[arg-type]
        await asyncio.wait_for(taking.wait(), 5)
        await asyncio.sleep(0.1)
        dropping.cancel()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        dropping.cancel()  # a second stop
        gate.set()
        with contextlib.suppress(asyncio.CancelledError):
            await dropping
        await asyncio.sleep(0.3)
        assert await store.turn_pings(game.id) == [777], "the ping was lost"
    finally:
        await store.close()

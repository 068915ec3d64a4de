"""A process running some shards sees only its games in start-up repair and timers,
and only its ends still to be told; claims of a reminder are the database's, so two
processes never both send it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from db import Store
from db.shards import Shards
from tests.stored_games import finish, new_game

from .hand_clock import START, FakeClock

GUILDS = {0: 4 << 22, 1: 5 << 22}  # on shard 0 and shard 1 of two


def test_a_server_is_on_discords_shard_and_dms_on_shard_zero() -> None:
    two = Shards.of(2)
    assert [two.shard_of(g, "duel") for g in (GUILDS[0], GUILDS[1], None)] == [0, 1, 0]
    assert two.shard_of(GUILDS[1], "solo") == 0  # played in DMs, wherever started
    one = Shards.of(2, [1])
    assert one.shard_of(GUILDS[1], "ai") in one.ids and one.shard_of(None, "ai") not in one.ids
    with pytest.raises(ValueError):
        Shards.of(2, [2])


async def test_each_process_sees_the_games_of_its_shards(
    store_target: str, clock: FakeClock
) -> None:
    deadline = START + timedelta(minutes=5)
    async with await Store.open(store_target, clock=clock) as everything:
        on0 = await new_game(everything, guild_id=GUILDS[0], deadline=deadline)
        on1 = await new_game(everything, guild_id=GUILDS[1], deadline=deadline + timedelta(1))
        dm = await new_game(everything, guild_id=None, deadline=deadline + timedelta(2))
        solo = await new_game(
            everything, (33, 0), mode="solo", guild_id=GUILDS[1], deadline=deadline + timedelta(3)
        )
        assert [g.id for g in await everything.active_games()] == [on0.id, on1.id, dm.id, solo.id]
    later = START + timedelta(days=9)
    for ids, owned in (([0], [on0, dm, solo]), ([1], [on1]), ([0, 1], [on0, on1, dm, solo])):
        async with await Store.open(store_target, clock=clock, shards=Shards.of(2, ids)) as s:
            expected = [g.id for g in owned]
            assert [g.id for g in await s.active_games()] == expected
            assert [g.id for g in await s.due_deadlines(later)] == expected
            assert await s.next_deadline() == min(g.deadline for g in owned)
    async with await Store.open(store_target, clock=clock, shards=Shards.of(2, [1])) as one:
        assert await one.extend_deadlines(later) == [on1.id]
        assert (await one.get_game(on0.id)).deadline == deadline  # not its game


async def test_each_process_tells_the_ends_of_its_shards(
    store_target: str, clock: FakeClock
) -> None:
    async with await Store.open(store_target, clock=clock) as everything:
        on0 = await finish(everything, (1, 2), 0, guild_id=GUILDS[0])
        on1 = await finish(everything, (3, 4), 1, guild_id=GUILDS[1])
        dm = await finish(everything, (5, 0), 0, mode="ai", guild_id=None)  # on shard 0
        solo = await finish(everything, (6, 0), 0, mode="solo", guild_id=GUILDS[1], level=2)
        ends = [on0.id, on1.id, dm.id, solo.id]
        assert await everything.unannounced_ends("famiglia") == ends
    for ids, owned in (([0], [on0, dm, solo]), ([1], [on1])):  # solo: played in DMs
        async with await Store.open(store_target, clock=clock, shards=Shards.of(2, ids)) as s:
            assert await s.unannounced_ends("famiglia") == [g.id for g in owned]
            assert await s.unannounced_ends("family_business") == []
            for game in owned:
                await s.end_announced(game.id)
            assert await s.unannounced_ends("famiglia") == []


async def test_a_reminder_is_claimed_once(store_target: str, clock: FakeClock) -> None:
    async with (
        await Store.open(store_target, clock=clock) as a,
        await Store.open(store_target, clock=clock) as b,
    ):
        game = await new_game(a, deadline=START + timedelta(hours=2))
        first = await a.mark_reminder_sent(game.id, expected_version=game.version)
        assert first is not None and first.reminder_sent
        assert await b.mark_reminder_sent(game.id, expected_version=game.version) is None

"""A move reads nothing from the database (issue 17, a faster move): the game and its
state, the table's last moves, where the table is and when the turn timer must look
next all come from what this process wrote; only the commit goes to the store."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from tests.simcord_world import World, click_one_decision


@contextmanager
def counted_reads(world: World) -> Iterator[list[Callable[..., Any]]]:
    """Every read transaction the store runs inside the block."""
    store = world.bot.store
    reads: list[Callable[..., Any]] = []
    real = store._read

    async def counted(fn: Callable[..., Any]) -> Any:
        reads.append(fn)
        return await real(fn)

    store._read = counted  # type: ignore[method-assign]
    try:
        yield reads
    finally:
        del store._read  # the store's own method again


async def test_a_move_by_button_reads_nothing_from_the_database(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    for turn in range(3):  # the first moves, then a turn of the other player
        state = await world.state(game_id)
        who = await world.player(game_id, state.current)
        hand = await world.open_hand(who, game_id)
        with counted_reads(world) as reads:
            assert await click_one_decision(world, who, hand, turn)
        assert reads == [], f"move {turn} read the database {len(reads)} times"
    assert (await world.game(game_id)).action_count >= 3


async def test_a_move_by_slash_command_finds_its_game_without_a_read(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    state = await world.state(game_id)
    mover = await world.player(game_id, state.current)
    with counted_reads(world) as reads:
        answer = await world.slash(mover, "pass")
    assert answer.response.content.startswith("✅"), answer
    assert reads == [], f"the slash move read the database {len(reads)} times"
    assert (await world.game(game_id)).action_count == 1


async def test_a_stored_read_never_puts_back_an_older_version(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    service = world.bot.service
    real_game = service.game
    gate = asyncio.Event()
    reading = asyncio.Event()

    async def slow_game(gid: int):
        row = await real_game(gid)  # read now (before the move below)
        reading.set()
        await gate.wait()  # the answer is on its way back
        return row

    service.game = slow_game  # type: ignore[method-assign]
    load = asyncio.create_task(service.load(game_id, stored=True))
    await reading.wait()
    service.game = real_game  # type: ignore[method-assign]
    state = await world.state(game_id)
    who = await world.player(game_id, state.current)
    await world.slash(who, "pass")  # a move commits and is kept
    stored = await world.game(game_id)
    gate.set()
    await load
    kept = service._live.get(game_id)
    assert kept is not None
    assert kept[0].version == stored.version, (
        f"kept v{kept[0].version} after the store moved to v{stored.version}"
    )

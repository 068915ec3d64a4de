"""A lobby click whose redraw comes after the host's Start leaves the table alone: Bob's
Join is committed, its answer is slow, Alice starts the game, and Bob's lobby redraw
(which reads the store: the started game, at its newest version) drew the lobby over
the new table ("The game has started.", no Show my hand button) until the next change;
now a dealt game's message is left to its table."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from tests.fb_play import fb, quick_ai, table_of
from tests.simcord_world import World, fresh


class SlowClick:
    """Bob's Join click as discord.py hands it over: its deferral is slow to go out."""

    def __init__(self, user_id: int) -> None:
        self.user = SimpleNamespace(id=user_id, global_name="Bob", name="bob")
        self.message = None
        self.gate = asyncio.Event()
        self.response = SimpleNamespace(defer=self._defer)

    async def _defer(self) -> None:
        await self.gate.wait()


async def test_a_join_redrawn_after_the_start_leaves_the_table_alone(world: World) -> None:
    quick_ai(world)
    flows = world.bot.family_business
    await fb(world, world.alice, "open", seats=4)
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    table = await world.table(game.id)
    await world.carol.click(table, label="Join")
    # Bob joins; his click's answer is slow on its way (the join is committed)
    bob = SlowClick(world.bob.id)
    joining = asyncio.create_task(flows.lobby_click(bob, game.id, "join"))
    for _ in range(50):
        await asyncio.sleep(0)
        if len((await world.game(game.id)).seats) == 3:
            break
    assert len((await world.game(game.id)).seats) == 3
    # Alice starts: the table is drawn in the lobby's message
    await world.alice.click(fresh(world, table), label="Start")
    assert (await world.game(game.id)).status == "active"
    before = fresh(world, await table_of(world, game.id))
    assert "Show my hand" in str(World.components(before))
    # Bob's answer goes out; his lobby redraw follows
    bob.gate.set()
    await joining
    for _ in range(20):
        await asyncio.sleep(0)
    after = fresh(world, await table_of(world, game.id))
    titles = [e.title for e in after.embeds]
    assert "Show my hand" in str(World.components(after)), (
        f"the running game's table lost its Show my hand button; embeds: {titles}"
    )

"""Challenge limits (issue 14, item 9): one member pings another at most 3 times in 10
minutes, and opens at most 6 challenges in 10 minutes, so challenge, cancel, challenge
again can neither ping someone fifty times nor keep a channel blocked. A refusal is
private and pings nobody; the window slides."""

from __future__ import annotations

from tests.simcord_world import World


async def challenge_and_cancel(world: World, by, to) -> None:
    game_id = await world.challenge(by, to)
    await by.click(await world.table(game_id), label="Cancel challenge")
    assert (await world.game(game_id)).status == "cancelled"


async def test_a_member_is_challenged_at_most_three_times_in_ten_minutes(world: World):
    for _ in range(3):
        await challenge_and_cancel(world, world.alice, world.bob)
    before = len(world.messages())
    fourth = await world.slash(world.alice, "start", opponent=world.bob)
    assert fourth.ephemeral and "3 times in the last 10 minutes" in fourth.response.content
    assert len(world.messages()) == before  # nobody pinged, nothing posted
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
    other = await world.slash(world.carol, "start", opponent=world.bob)  # others still may
    assert not other.ephemeral
    here = await world.bot.store.active_game_in_channel(world.channel.id)
    assert here is not None
    await world.carol.click(await world.table(here.id), label="Cancel challenge")
    await world.env.advance_time(10 * 60 + 1)
    assert not (await world.slash(world.alice, "start", opponent=world.bob)).ephemeral


async def test_a_challenger_opens_at_most_six_challenges_in_ten_minutes(world: World):
    extra = [world.guild.add_member(world.env.create_user(f"x{i}")) for i in range(2)]
    for to in (world.bob, world.carol, *extra):
        for _ in range(2 if to in extra else 1):
            await challenge_and_cancel(world, world.alice, to)
    # 1 + 1 + 2 + 2 = 6 challenges: the seventh is refused, whoever it pings
    seventh = await world.slash(world.alice, "start", opponent=world.bob)
    assert seventh.ephemeral and "6 challenges in the last 10 minutes" in seventh.response.content
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None

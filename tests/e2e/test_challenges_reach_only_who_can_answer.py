"""A challenge goes only to someone who can read and accept it, and carries the names
the players have now: a member who cannot see the channel was pinged for a message
they could not open (the channel held for the challenge's ten minutes), and a Rematch
showed, stored and ranked the names of the old game after a player renamed themselves."""

from __future__ import annotations

import discord
from simcord import MemberActor
from simcord.builders import ChannelHandle

from tests.simcord_world import World


def _private(world: World) -> ChannelHandle:
    """A channel that Alice, Bob and the bot see and Carol does not."""
    return world.guild.create_text_channel(
        "staff",
        overwrites={
            world.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            world.alice: discord.PermissionOverwrite(view_channel=True),
            world.bob: discord.PermissionOverwrite(view_channel=True),
            world.bot.user: discord.PermissionOverwrite(view_channel=True),
        },
    )


def _rename(world: World, member: MemberActor, name: str) -> None:
    world.env.backend.users[member.id].global_name = name


async def _forfeited(world: World, channel: ChannelHandle) -> int:
    started = await world.alice.slash(channel, "famiglia start", opponent=world.bob)
    game = await world.bot.store.active_game_in_channel(channel.id)
    assert game is not None, started
    await world.bob.click(started.response, label="Accept")
    asked = await world.alice.slash(channel, "famiglia forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    return game.id


async def test_a_member_who_cannot_see_the_channel_is_not_challenged_there(world: World) -> None:
    private = _private(world)
    answer = await world.alice.slash(private, "famiglia start", opponent=world.carol)
    assert answer.ephemeral and "cannot see this channel" in answer.response.content
    assert await world.bot.store.active_game_in_channel(private.id) is None


async def test_a_rematch_with_someone_who_can_no_longer_see_the_channel_is_refused(
    world: World,
) -> None:
    private = _private(world)
    game_id = await _forfeited(world, private)
    world.hide_channel(private, world.bob)
    end = [m for m in private.history() if m.content.startswith("🏁")][-1]
    answer = await world.alice.click(end, label="Rematch")
    assert answer.ephemeral and "cannot see this channel" in answer.response.content
    assert await world.bot.store.active_game_in_channel(private.id) is None
    assert (await world.game(game_id)).status == "forfeited"


async def test_a_rematch_carries_the_players_names_of_now(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    asked = await world.slash(world.alice, "forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    _rename(world, world.bob, "Robert")
    _rename(world, world.alice, "Alicia")
    answer = await world.bob.click(await world.table(game_id), label="Rematch")
    assert answer.response is not None and "Robert" in answer.response.content
    new = await world.bot.store.active_game_in_channel(world.channel.id)
    assert new is not None and list(new.options["names"]) == ["Robert", "Alicia"]

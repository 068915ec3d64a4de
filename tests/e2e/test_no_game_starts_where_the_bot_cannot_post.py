"""No game starts in a channel where the bot may not post its table: a channel whose
own permissions take Embed Links (or Send Messages, Attach Files…) from the bot took a
challenge, a game against the AI or a Family Business lobby whose table, pings and end
nobody would see. The start is refused privately, saying what is missing. In a thread
the bot posts by Send Messages in Threads, which is read there instead of Send
Messages."""

from __future__ import annotations

import discord
from simcord.builders import ChannelHandle

from tests.fb_play import quick_ai
from tests.simcord_world import World

CANNOT = "I cannot hold a game in this channel"


def _no_embeds(world: World) -> ChannelHandle:
    """A channel everyone sees, where the bot may not embed links."""
    return world.guild.create_text_channel(
        "plain",
        overwrites={world.bot.user: discord.PermissionOverwrite(embed_links=False)},
    )


async def test_a_challenge_is_refused_where_the_bot_cannot_post_its_table(world: World) -> None:
    plain = _no_embeds(world)
    answer = await world.alice.slash(plain, "famiglia start", opponent=world.bob)
    assert answer.ephemeral and CANNOT in answer.response.content
    assert "**Embed Links**" in answer.response.content
    assert await world.bot.store.active_game_in_channel(plain.id) is None


async def test_a_game_against_the_ai_is_refused_there(world: World) -> None:
    plain = _no_embeds(world)
    answer = await world.alice.slash(plain, "famiglia ai", strength="easy")
    assert answer.ephemeral and CANNOT in answer.response.content
    assert await world.bot.store.active_game_in_channel(plain.id) is None


async def test_a_family_business_lobby_is_refused_there(world: World) -> None:
    quick_ai(world)
    plain = _no_embeds(world)
    answer = await world.alice.slash(plain, "familybusiness open")
    assert answer.ephemeral and CANNOT in answer.response.content
    assert await world.bot.store.active_game_in_channel(plain.id) is None


async def test_the_same_commands_work_where_the_bot_may_post(world: World) -> None:
    answer = await world.alice.slash(world.channel, "famiglia start", opponent=world.bob)
    assert not answer.ephemeral and "challenges you" in answer.response.content


def _thread(world: World, **bot_rights: bool) -> ChannelHandle:
    parent = world.guild.create_text_channel(
        "news", overwrites={world.bot.user: discord.PermissionOverwrite(**bot_rights)}
    )
    world.env.backend.create_thread(parent.id, "game", world.alice.id)
    (thread,) = parent.threads
    return thread


async def test_a_thread_the_bot_may_post_in_takes_a_lobby(world: World) -> None:
    quick_ai(world)
    thread = _thread(world, send_messages=False, send_messages_in_threads=True)
    await world.bot.get_partial_messageable(thread.id).send("the bot can post here")
    answer = await world.alice.slash(thread, "familybusiness open")
    assert not (answer.ephemeral and CANNOT in (answer.response.content or "")), (
        answer.response.content
    )
    assert await world.bot.store.active_game_in_channel(thread.id) is not None


async def test_a_thread_the_bot_may_not_post_in_is_refused(world: World) -> None:
    quick_ai(world)
    thread = _thread(world, send_messages=True, send_messages_in_threads=False)
    answer = await world.alice.slash(thread, "familybusiness open")
    assert answer.ephemeral and CANNOT in answer.response.content, answer.response.content
    assert await world.bot.store.active_game_in_channel(thread.id) is None

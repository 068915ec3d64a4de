"""A Family Business lobby is committed before its message is posted. When Discord
refuses both the answer and the post in the channel (``/familybusiness open`` or Play
again), or the process stops between the commit and the post, the lobby is posted by
the repair (in a moment, or at start-up), recorded as its table, and people can join it.

Before, such a lobby was shown nowhere: nothing handed it to the repair, and the
repair's redraw only edited a lobby message that existed. The lobby still held the
channel, so nobody could join it nor open another one there until it expired (15
minutes). A lobby dealt before its redraw is never posted as a lobby."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.family_business import lobby_flows
from tests.fb_play import abandoned, fb, quick_ai
from tests.simcord_world import World, fresh

ANSWER = "/interactions/*/callback"
POST = "/channels/*/messages"
REPAIRED = 20  # seconds: the repair's first try comes 15 s after the failure


def lobby_messages(world: World, game_id: int) -> list[object]:
    """The channel's messages with the Join button of ``game_id``'s lobby."""
    join = f"fb:lobby:join:{game_id}"
    return [m for m in world.messages() if join in str(World.components(m))]


async def join_by_its_message(world: World, game_id: int) -> None:
    """Bob joins by the lobby's recorded message: he gets its seat."""
    table = await world.table(game_id)
    await world.bob.click(fresh(world, table), label="Join")
    assert world.bob.id in (await world.game(game_id)).players


async def test_an_opened_lobby_whose_answer_and_post_failed_is_posted_by_the_repair(
    world: World,
) -> None:
    world.env.inject_error("POST", ANSWER, status=503)
    world.env.inject_error("POST", POST, status=503)
    await fb(world, world.alice, "open", seats=4)
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.status == "challenge"
    assert lobby_messages(world, game.id) == []  # Discord refused both
    await world.env.advance_time(REPAIRED)
    assert len(lobby_messages(world, game.id)) == 1
    assert (await world.game(game.id)).table_message_id is not None
    await join_by_its_message(world, game.id)


async def test_a_lobby_committed_just_before_a_restart_is_posted_at_start_up(
    world: World,
) -> None:
    multi = world.bot.family_business.multi
    moved = await multi.open_lobby(
        world.guild.id, world.channel.id, world.alice.id, "Alice", 4, "family_business"
    )  # committed; the process stops before posting it
    await world.restart()
    await world.env.settle()
    assert len(lobby_messages(world, moved.game.id)) == 1
    await join_by_its_message(world, moved.game.id)


async def test_play_again_whose_answer_and_post_failed_is_posted_with_its_seats(
    world: World,
) -> None:
    quick_ai(world)
    old = await abandoned(world, [world.alice, world.bob], ai=1)
    world.env.inject_error("POST", ANSWER, status=503)
    world.env.inject_error("POST", POST, status=503)
    await world.alice.click(fresh(world, await world.table(old)), label="Play again")
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None and lobby.id != old
    assert lobby_messages(world, lobby.id) == []
    await world.env.advance_time(REPAIRED)
    [posted] = lobby_messages(world, lobby.id)
    assert "2 of 3 seats" in str(fresh(world, posted).embeds[0].to_dict())  # Alice and the AI
    await join_by_its_message(world, lobby.id)


async def test_a_lobby_dealt_before_the_restart_is_shown_as_its_table_not_as_a_lobby(
    world: World,
) -> None:
    quick_ai(world)
    multi = world.bot.family_business.multi
    moved = await multi.open_lobby(
        world.guild.id, world.channel.id, world.alice.id, "Alice", 4, "family_business"
    )
    await multi.join(moved.game.id, world.bob.id, "Bob")
    await multi.start(moved.game.id, world.alice.id)  # never shown: the process stops
    await world.restart()
    await world.env.settle()
    assert lobby_messages(world, moved.game.id) == []
    table = fresh(world, await world.table(moved.game.id))
    assert "Show my hand" in str(World.components(table))


async def test_two_redraws_of_a_lobby_never_posted_post_it_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The repair and a click's redraw both find no message: one posts, the other finds
    the post recorded and leaves it (two lobbies, one a dead link, before)."""
    multi = world.bot.family_business.multi
    moved = await multi.open_lobby(
        world.guild.id, world.channel.id, world.alice.id, "Alice", 4, "family_business"
    )  # committed, never posted
    real = lobby_flows.edit_in_place
    both_looked = asyncio.Barrier(2)

    async def looked_together(*args: Any, **kwargs: Any) -> bool:
        found = await real(*args, **kwargs)
        await both_looked.wait()  # each found no message before either posts
        return found

    monkeypatch.setattr(lobby_flows, "edit_in_place", looked_together)
    flows = world.bot.family_business
    await asyncio.gather(flows._redraw_lobby(moved.game), flows._redraw_lobby(moved.game))
    await world.env.settle()
    assert len(lobby_messages(world, moved.game.id)) == 1
    assert not [m for m in world.messages() if "moved here" in m.content]

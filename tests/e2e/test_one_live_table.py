"""A table or challenge that was shown stands: when reading its message back fails, or a
move comes in while it is reposted, there is one live table and no false report.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from simcord.builders import ChannelHandle

from engine.famiglia import GameState
from engine.famiglia.actions import Pass
from tests.answers import GENERIC
from tests.interaction_flood import Driver
from tests.simcord_world import World, play_until

READ_BACK = "/webhooks/*"  # interaction.original_response() is a GET on the webhook


def live(messages: list[Any]) -> list[Any]:
    """The messages that still carry controls (a live table, a challenge)."""
    return [m for m in messages if World.components(m)]


Shown = tuple[int, ChannelHandle, Any, int | None]  # game, channel, answer, older table


def fail_read_back(world: World) -> None:
    world.env.inject_error("GET", READ_BACK, status=500)


async def _reposted_in_channel(world: World) -> Shown:
    game_id = await world.start_game(world.alice, world.bob)
    old = (await world.game(game_id)).table_message_id
    fail_read_back(world)
    return game_id, world.channel, await world.slash(world.bob, "board"), old


async def _solo_started_in_dm(world: World) -> Shown:
    fail_read_back(world)
    answer = await world.alice.user.slash("famiglia solo", level=2, first="you")
    game = await world.bot.store.active_solo_game_for_user(world.alice.id)
    assert game is not None
    return game.id, world.alice.user.dm_channel, answer, None


async def _solo_resumed_in_dm(world: World) -> Shown:
    game_id, dm, started, _ = await _solo_started_in_dm(world)
    fail_read_back(world)
    return game_id, dm, await world.alice.user.slash("famiglia resume"), started.response.id


async def _ai_started_in_dm(world: World) -> Shown:
    fail_read_back(world)
    answer = await world.alice.user.slash("famiglia ai", strength="easy", first="you")
    dm = world.alice.user.dm_channel
    game = await world.bot.store.active_game_in_channel(dm.id)
    assert game is not None
    return game.id, dm, answer, None


async def _ai_started_in_channel(world: World) -> Shown:
    fail_read_back(world)
    answer = await world.slash(world.alice, "ai", strength="easy", first="you")
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None
    return game.id, world.channel, answer, None


async def _ai_reposted_in_dm(world: World) -> Shown:
    game_id, dm, started, _ = await _ai_started_in_dm(world)
    fail_read_back(world)
    return game_id, dm, await world.alice.user.slash("famiglia board"), started.response.id


async def test_a_challenge_whose_message_was_not_read_back_stands_and_says_nothing_false(
    world: World,
):
    """The challenge was shown; only reading its message back failed. No "nothing was
    changed" may follow, and the shown message is the table Accept turns into."""
    world.env.inject_error("GET", "/webhooks/*", status=500)
    answer = await world.slash(world.alice, "start", opponent=world.bob)
    assert not answer.ephemeral and "challenges you" in answer.response.content
    assert not [f for f in answer.followups if GENERIC in f.content]
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.table_message_id == answer.response.id
    await world.bob.click(answer.response, label="Accept")
    assert (await world.game(game.id)).table_message_id == answer.response.id
    labels = [c.get("label") for c in world.components(await world.table(game.id))]
    assert labels == ["Show my hand", "Rules", "Forfeit"]


async def test_an_accept_before_the_challenge_is_recorded_turns_the_challenge_into_the_table(
    world: World,
):
    """The challenge is shown, but its record as the game's table is still being
    written (a slow database) when the opponent accepts. The challenge message must
    become the table, not stay beside a second table with its Accept and Decline."""
    store = world.bot.store
    written = store.set_table_message
    held = asyncio.Event()
    calls: list[int] = []

    async def slow_first(game_id: int, channel_id: int, message_id: int) -> None:
        calls.append(message_id)
        if len(calls) == 1:  # the challenge's own record
            await held.wait()
        await written(game_id, channel_id, message_id)

    store.set_table_message = slow_first  # type: ignore[method-assign]
    drv = Driver(world.env)
    await drv.answer(drv.slash(world.alice, world.channel.id, "famiglia start", opponent=world.bob))
    [challenge] = live(world.messages())
    assert calls == [challenge.id]  # its record is held
    accept = next(c["custom_id"] for c in world.components(challenge) if c.get("label") == "Accept")
    await drv.answer(drv.click(world.bob, drv.message(world.channel.id, challenge.id), accept))
    for _ in range(2000):  # the table is shown while the challenge's record waits
        tables = live(world.messages())
        if any(c.get("label") == "Show my hand" for t in tables for c in world.components(t)):
            break
        await asyncio.sleep(0.005)
    [table] = live(world.messages())
    assert table.id == challenge.id
    labels = [c.get("label") for c in world.components(table)]
    assert labels == ["Show my hand", "Rules", "Forfeit"]
    held.set()
    await drv.quiet()
    game = await world.bot.store.active_game_in_channel(world.channel.id)
    assert game is not None and game.status == "active"
    assert game.table_message_id == challenge.id
    assert [m.id for m in live(world.messages())] == [challenge.id]


async def test_board_at_the_moment_of_a_move_leaves_one_live_table(world: World):
    """/famiglia board and a move at once: the old table must end as the link to the new
    one, and the new one must show the move, not an old position with live buttons."""
    game_id = await world.start_game(world.alice, world.bob)

    def a_pass_goes_on(state: GameState) -> bool:
        run = state.copy()
        run.apply(Pass())
        return not run.over

    for first_the_move in (True, False):
        mover, state = await play_until(world, game_id, a_pass_goes_on)
        waiting = await world.player(game_id, 1 - state.current)
        before = await world.game(game_id)
        old = before.table_message_id
        hand = await world.open_hand(mover, game_id)
        pass_id = next(p["custom_id"] for p in world.components(hand)
                       if p.get("label") == "Pass (take nothing)")  # fmt: skip
        drv = Driver(world.env)
        message = drv.message(world.channel.id, hand.id)
        if first_the_move:  # the order they reach the bot in
            sent = [drv.click(mover, message, pass_id)]
            sent.append(drv.slash(waiting, world.channel.id, "famiglia board"))
        else:
            sent = [drv.slash(waiting, world.channel.id, "famiglia board")]
            sent.append(drv.click(mover, message, pass_id))
        for s in sent:
            await drv.answer(s)
        await drv.quiet()
        game = await world.game(game_id)
        assert game.action_count == before.action_count + 1
        live = [m for m in world.messages() if world.components(m)]
        assert [m.id for m in live] == [game.table_message_id], [m.content for m in live]
        assert "moved here" in world.message(old).content
        ids = [c.get("custom_id", "") for c in world.components(live[0])]
        assert f"fam:hand:{game_id}:{game.action_count}" in ids, ids


@pytest.mark.parametrize(
    "shown",
    [
        _reposted_in_channel,
        _solo_started_in_dm,
        _solo_resumed_in_dm,
        _ai_started_in_dm,
        _ai_started_in_channel,
        _ai_reposted_in_dm,
    ],
    ids=lambda f: f.__name__.strip("_"),
)
async def test_a_table_shown_whose_message_was_not_read_back_is_the_one_live_table(
    world: World, shown: Any
):
    """The answer showed the table; reading its message back failed. No error may say
    that nothing changed, no second table may be posted, and the shown table is the one
    the game keeps up to date (an older one points to it)."""
    game_id, channel, answer, old = await shown(world)
    assert answer.response is not None and not answer.ephemeral, answer
    assert not [f for f in answer.followups if GENERIC in f.content]
    game = await world.game(game_id)
    assert game.status == "active" and game.table_message_id == answer.response.id
    assert [m.id for m in live(channel.history())] == [answer.response.id]
    if old is not None:
        [before] = [m for m in channel.history() if m.id == old]
        assert "moved here" in before.content and str(answer.response.id) in before.content


async def test_two_showings_of_a_game_whose_table_was_deleted_post_one_table(world: World):
    """A moderator deleted the table; a move's showing and a repair's then both found it
    gone, and each posted a table with live buttons."""
    game_id = await world.start_game(world.alice, world.bob)
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    await mod.delete(await world.table(game_id))
    game, state = await world.game(game_id), await world.state(game_id)
    flows = world.bot.flows
    await asyncio.gather(flows.update_table(game, state), flows.update_table(game, state))
    await world.env.settle()
    [table] = live(world.messages())
    assert table.id == (await world.game(game_id)).table_message_id

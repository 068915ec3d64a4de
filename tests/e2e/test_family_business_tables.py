"""The Family Business table kept up to date like every game's: a table someone deleted
is posted again with the next move, and a table edit that failed after a saved move is
drawn again from the store by the repair, its last events replayed from the log, and
an end Discord refused to announce is announced once by the repair."""

from __future__ import annotations

import random
from typing import Any

import discord

from tests.fb_play import (
    FB,
    answer_window,
    leave_game,
    lobby_with,
    member,
    quick_ai,
    slash_step,
    state_of,
    table_of,
)
from tests.gateway_tricks import ends_unsaid, fails_once, nonces_kept
from tests.simcord_world import World, fresh


async def _started(world: World) -> int:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=0)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    return game_id


async def _a_person_moves(world: World, game_id: int, rng: random.Random) -> None:
    """One decision of the seat awaited by ``/familybusiness play`` (a window's first
    responder: no counter): the table's buttons are not needed."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    who = member(world, game.players[FB.game.awaiting(state)[0]])
    if FB.window_open(state):
        await answer_window(world, who, game_id, counter=False)
    else:
        await slash_step(world, who, rng)


async def _last_events(world: World, game_id: int) -> tuple[Any, Any]:
    """The last events the table shows, and those the stored game gives."""
    game = await world.game(game_id)
    shown = (await table_of(world, game_id)).embeds[0].to_dict()["fields"][-1]
    payload = await world.bot.family_business.table_payload(game, await state_of(world, game_id))
    return shown, payload["embed"].to_dict()["fields"][-1]


async def test_a_deleted_table_is_posted_again_with_the_next_move(world: World) -> None:
    game_id = await _started(world)
    role = world.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = world.guild.add_member(world.env.create_user("mod"), roles=[role])
    old = await world.table(game_id)
    await mod.delete(old)
    await _a_person_moves(world, game_id, random.Random(3))
    game = await world.game(game_id)
    assert game.table_message_id not in (None, old.id)
    shown, stored = await _last_events(world, game_id)
    assert shown == stored and shown["name"] == "Last events"
    hand = await world.alice.click(await table_of(world, game_id), label="Show my hand")
    assert hand.ephemeral  # the new table's buttons work


async def test_a_table_edit_that_times_out_after_a_saved_move_is_repaired(
    world: World, edit_times_out: list[int]
) -> None:
    game_id = await _started(world)
    table_id = (await world.table(game_id)).id
    count = (await world.game(game_id)).action_count
    edit_times_out.append(0)
    await _a_person_moves(world, game_id, random.Random(5))
    assert edit_times_out == [table_id]
    assert (await world.game(game_id)).action_count > count  # the move is saved
    shown, stored = await _last_events(world, game_id)
    assert shown != stored  # the table is behind
    await world.env.advance_time(20)  # the repair draws it again from the store
    shown, stored = await _last_events(world, game_id)
    assert shown == stored
    assert (await world.game(game_id)).table_message_id == table_id  # edited in place


def _ends(world: World) -> list[str]:
    return [m.content for m in world.messages() if m.content.startswith("🏁")]


async def test_an_end_discord_refused_to_announce_is_announced_once_later(world: World) -> None:
    game_id = await _started(world)
    refused = ends_unsaid(world)
    for person in (world.alice, world.bob):  # everyone leaves: the game ends
        await leave_game(world, person)
    assert (await world.game(game_id)).status == "finished"
    assert len(refused) == 1 and "Family Business is over" in refused[0]
    assert _ends(world) == []
    await world.env.advance_time(20)
    assert _ends(world) == refused
    await world.env.advance_time(3600)
    assert _ends(world) == refused


async def test_an_end_not_yet_announced_at_a_restart_is_announced_once_at_start_up(
    world: World,
) -> None:
    game_id = await _started(world)
    refused = ends_unsaid(world)
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    assert (await world.game(game_id)).status == "finished"
    assert len(refused) == 1 and _ends(world) == []
    await world.restart()  # before the repair's first try
    assert _ends(world) == refused
    await world.restart()
    await world.env.advance_time(3600)
    assert _ends(world) == refused


async def test_an_end_said_just_before_the_store_failed_to_note_it_is_not_said_again(
    world: World,
) -> None:
    game_id = await _started(world)
    again = nonces_kept(world)
    failed = fails_once(world.bot.store, "end_announced")  # Discord took it, the store failed
    for person in (world.alice, world.bob):
        await leave_game(world, person)
    assert (await world.game(game_id)).status == "finished" and failed == [(game_id,)]
    [end] = _ends(world)
    await world.env.advance_time(20)  # the repair says it again: Discord keeps the first
    assert _ends(world) == [end] and len(again) == 1
    assert not await world.bot.store.end_unannounced(game_id)
    await world.restart()
    await world.env.advance_time(3600)
    assert _ends(world) == [end]

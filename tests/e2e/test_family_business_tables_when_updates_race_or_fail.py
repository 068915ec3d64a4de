"""Family Business tables when their updates race or fail: a leave during a counter
window is shown at once (it is public; an answer is not), a window's announcement that
Discord refused is made by the repair, an older table update never lands over a newer
one, two lobby clicks answered out of order show the seats as stored, and a table that
can no longer be edited is posted anew."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord
import pytest
import simcord

from tests.fb_play import (
    FB,
    fb,
    leave_game,
    lobbies,
    member,
    started,
    state_of,
    table_of,
    take_turn_step,
    until_played_window,
    until_window,
    window_button,
)
from tests.gateway_tricks import click, posts_refused
from tests.simcord_world import World, fresh


def seat_field(table, name: str) -> str:
    for field in table.embeds[0].to_dict().get("fields", []):
        if name in field["name"]:
            return field["name"] + " | " + field["value"]
    raise AssertionError(f"no field for {name}")


async def test_a_responder_leaving_mid_window_is_shown_as_left_on_the_table(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    leaver_seat = FB.game.awaiting(state)[0]
    leaver = member(world, game.players[leaver_seat])
    left = await leave_game(world, leaver)
    assert left.response.ephemeral and "AI plays your gang" in left.response.content
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.seats[leaver_seat].left_place is not None  # the store: the AI plays it
    assert FB.window_open(state)  # the other responder has not answered yet
    shown = seat_field(fresh(world, await table_of(world, game_id)), game.seats[leaver_seat].name)
    assert "left" in shown, f"the table still shows {shown!r}"


async def test_the_cards_player_leaving_mid_window_is_shown_as_left_on_the_table(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id, seed=13)
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = state.active
    await leave_game(world, member(world, game.players[seat]))
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.seats[seat].left_place is not None and FB.window_open(state)
    shown = seat_field(fresh(world, await table_of(world, game_id)), game.seats[seat].name)
    assert "left" in shown, f"the table still shows {shown!r}"


def announced(world: World, game_id: int, turn: int) -> bool:
    wanted = window_button(game_id, turn)
    stored = world.env.backend.messages.get(world.channel.id, {})
    return any(
        any(c.get("custom_id") == wanted for c in World.components(m))
        for m in (simcord.ResponseMessage(world.env, s) for s in stored.values())
    )


async def test_a_window_announcement_discord_refused_is_announced_later(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    refused = posts_refused(world, "🔵 Counter window")
    await until_window(world, game_id)
    state = await state_of(world, game_id)
    assert refused, "the announcement was not attempted"
    assert FB.window_open(state)
    await world.env.advance_time(20)  # the repair's first pause is 15 s
    state_now = await state_of(world, game_id)
    assert FB.window_open(state_now) and state_now.turn == state.turn
    assert announced(world, game_id, state.turn), (
        "the responders were never told of the window: no announcement, no answer button"
    )


async def _held_ai_turn(world: World, game_id: int) -> asyncio.Event:
    """People play until the AI seat's turn is being decided; its decision then waits
    for the event returned."""
    multi = world.bot.family_business.multi
    good = multi.decide
    hold = asyncio.Event()
    held: list[int] = []

    async def slow(game: Any, state: Any, seat: int, strength: str) -> Any:
        if not held and not FB.window_open(state):
            held.append(game.action_count)
            await world.env.external_wait(hold.wait(), reason="the AI thinks")
        return await good(game, state, seat, strength)

    multi.decide = slow
    rng = random.Random(2)
    for _ in range(200):
        if held:
            return hold
        game, state = await world.game(game_id), await state_of(world, game_id)
        if FB.window_open(state):
            await world.env.advance_time(61)
            continue
        seat = FB.game.awaiting(state)[0]
        if game.seats[seat].played_by_ai:
            await world.env.advance_time(1)
            continue
        await take_turn_step(world, member(world, game.players[seat]), game_id, rng)
    raise AssertionError("the AI never got a turn")


async def test_an_older_table_update_never_lands_over_a_newer_one(world: World) -> None:
    """A person leaves while the AI seat decides: the leave commits, the AI decides
    again, plays and edits the table; the leave's task, its announcement slow on the
    wire, edits the table after that with the older position: it must not land."""
    game_id = await started(world, [world.alice, world.bob], ai=1)
    hold = await _held_ai_turn(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    assert game.seats[FB.game.awaiting(state)[0]].played_by_ai

    store = world.bot.store
    real_set = store.set_status

    async def set_status(*args: Any, **kwargs: Any) -> Any:
        row = await real_set(*args, **kwargs)
        hold.set()  # the leave is committed: the AI goes on (and decides again)
        return row

    store.set_status = set_status  # type: ignore[method-assign]
    http = world.bot.http
    original = http.request
    ai_shown = asyncio.Event()

    async def request(route: Any, **kwargs: Any) -> Any:
        content = str((kwargs.get("json") or {}).get("content") or "")
        leaving = content.startswith("\U0001f6aa")  # the leave's announcement: slow
        if route.method == "POST" and leaving:
            seats = world.bot.family_business.ai_seats

            async def ai_done() -> None:
                await ai_shown.wait()
                while game_id in seats._driving:
                    await asyncio.sleep(0.01)

            await world.env.external_wait(ai_done(), reason="slow announcement")
        result = await original(route, **kwargs)
        if route.method == "PATCH" and hold.is_set():
            ai_shown.set()
        return result

    http.request = request  # type: ignore[method-assign]
    leaver = next(p for p in (world.alice, world.bob))
    await leave_game(world, leaver)
    store.set_status = real_set  # type: ignore[method-assign]
    await world.env.advance_time(2)
    game, state = await world.game(game_id), await state_of(world, game_id)
    table = fresh(world, await table_of(world, game_id))
    embed = table.embeds[0]
    assert f"turn {state.turn}" in embed.title, (embed.title, state.turn)
    mover = game.seats[FB.game.awaiting(state)[0]].name if FB.game.awaiting(state) else None
    if not FB.window_open(state) and mover:
        assert f"**{mover}'s turn**" in embed.description, embed.description


async def test_lobby_answers_landing_out_of_order_show_the_seats_stored(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await fb(world, world.alice, "open", seats=6)
    [lobby] = await lobbies(world)
    table = await world.table(lobby.id)
    real = discord.InteractionResponse.edit_message
    second_done = asyncio.Event()
    calls: list[int] = []

    async def edit_message(self: Any, **kwargs: Any) -> Any:
        calls.append(self._parent.user.id)
        if len(calls) == 1:  # the first answer is slow on the wire
            await world.env.external_wait(second_done.wait(), reason="slow answer")
            return await real(self, **kwargs)
        try:
            return await real(self, **kwargs)
        finally:
            second_done.set()

    monkeypatch.setattr(discord.InteractionResponse, "edit_message", edit_message)
    await world.together(
        fresh(world, table),
        [
            (world.bob, click(f"fb:lobby:join:{lobby.id}")),
            (world.carol, click(f"fb:lobby:join:{lobby.id}")),
        ],
    )
    await world.env.advance_time(1)
    game = await world.game(lobby.id)
    names = [s.name for s in game.seats]
    shown = fresh(world, table).embeds[0].description
    assert names == ["Alice", "Bob", "Carol"]
    assert "Carol" in shown and "Bob" in shown, f"stored {names}, shown:\n{shown}"


async def test_a_table_that_cannot_be_edited_is_replaced(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    old = (await world.game(game_id)).table_message_id
    world.env.inject_error(
        "PATCH",
        f"/channels/{world.channel.id}/messages/{old}",
        status=403,
        code=50001,
        message="Missing Access",
        times=None,
    )
    rng = random.Random(1)
    first = (await state_of(world, game_id)).turn
    for _ in range(50):
        game, state = await world.game(game_id), await state_of(world, game_id)
        if state.turn > first:
            break
        if FB.window_open(state):
            await world.env.advance_time(61)
            continue
        seat = FB.game.awaiting(state)[0]
        await take_turn_step(world, member(world, game.players[seat]), game_id, rng)
    for _ in range(6):
        await world.env.advance_time(400)  # every pause of the repair, and more
    game, state = await world.game(game_id), await state_of(world, game_id)
    table = fresh(world, await table_of(world, game_id))
    title = table.embeds[0].title if table.embeds else table.content
    assert f"turn {state.turn}" in title, f"the table shows {title!r}, the store turn {state.turn}"


async def test_a_turn_mention_discord_refused_is_made_by_the_repair(world: World) -> None:
    game_id = await started(world, [world.alice, world.bob])
    while FB.window_open(await state_of(world, game_id)):
        await world.env.advance_time(61)
    game, state = await world.game(game_id), await state_of(world, game_id)
    mover = member(world, game.players[FB.game.awaiting(state)[0]])
    refused = posts_refused(world, f"<@{world.alice.id if mover is world.bob else world.bob.id}>")
    rng = random.Random(4)
    for _ in range(40):  # the mover plays until the turn passes to the other person
        await take_turn_step(world, mover, game_id, rng)
        state = await state_of(world, game_id)
        if FB.window_open(state):
            await world.env.advance_time(61)
            state = await state_of(world, game_id)
        if FB.game.awaiting(state)[0] != game.seat_of(mover.id):
            break
    assert refused, "the mention was not attempted"
    other = member(world, game.players[FB.game.awaiting(state)[0]])
    told = [m for m in world.messages() if m.content.startswith(f"<@{other.id}>, your turn")]
    await world.env.advance_time(20)  # the repair's first pause is 15 s
    again = [m for m in world.messages() if m.content.startswith(f"<@{other.id}>, your turn")]
    assert len(again) == len(told) + 1

"""A Family Business decision is committed before the user's answer is sent: when Discord
drops that answer (a dead token, 10062) or fails it (a 500), the move still stands and is
shown — the table at the new turn, the AI seats playing on, a leaver announced — and the
user is never told that nothing changed."""

from __future__ import annotations

import json
from typing import Any

from tests.fb_play import (
    FB,
    a_persons_turn,
    fb,
    member,
    selects,
    started,
    state_of,
    table_of,
)
from tests.simcord_world import World, fresh

ANSWER = "/interactions/*/callback"
DROPPED = {"status": 404, "code": 10062, "message": "Unknown interaction"}


def shown_turn(world: World, table: Any) -> str:
    return str(fresh(world, table).embeds[0].to_dict()["title"])


async def test_a_discard_whose_answer_is_dropped_is_shown_and_the_ai_plays_on(
    world: World,
) -> None:
    game_id = await started(world, [world.alice], ai=1)
    who = await a_persons_turn(world, game_id)
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    offered = [(s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]]
    custom_id, value = next(o for o in offered if json.loads(o[1])["kind"] == "discard")
    before = await world.game(game_id)
    world.env.inject_error("POST", ANSWER, **DROPPED)
    await who.select(hand.response, [value], custom_id=custom_id)
    await world.env.advance_time(5)
    later = await world.game(game_id)
    assert later.action_count > before.action_count + 1  # the discard, then the AI's turn
    state = await state_of(world, game_id)
    assert shown_turn(world, await table_of(world, game_id)).endswith(f"turn {state.turn}")


async def test_a_typed_play_whose_answer_fails_stands_and_nobody_hears_nothing_changed(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob])
    who = await a_persons_turn(world, game_id)
    before = await world.game(game_id)
    offered = await who.autocomplete(world.channel, "familybusiness play", "decision", "")
    value = next(o["value"] for o in offered if '"kind":"discard"' in o["value"].replace(" ", ""))
    world.env.inject_error("POST", ANSWER, status=500)
    result = await fb(world, who, "play", decision=value)
    assert (await world.game(game_id)).action_count == before.action_count + 1
    told = [m.content for m in result.followups] + [
        result.response.content if result.response else ""
    ]
    assert not any("nothing was changed" in (t or "") for t in told), told
    state = await state_of(world, game_id)
    assert shown_turn(world, await table_of(world, game_id)).endswith(f"turn {state.turn}")
    mover = member(world, before.players[FB.game.awaiting(state)[0]])
    assert any(f"<@{mover.id}>, your turn" in m.content for m in world.messages())


async def test_a_leave_whose_answer_is_dropped_is_announced_and_the_ai_takes_the_turn(
    world: World,
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    who = await a_persons_turn(world, game_id)
    before = await world.game(game_id)
    seat = before.seat_of(who.id)
    asked = await fb(world, who, "leave")  # the question; its button's answer is dropped
    [quit_id] = [c["custom_id"] for c in World.components(asked.response)]
    world.env.inject_error("POST", ANSWER, **DROPPED)
    await who.click(asked.response, custom_id=quit_id)
    after = await world.game(game_id)
    assert after.seats[seat].left_place is not None and after.seats[seat].played_by_ai
    name = after.seats[seat].name
    assert any(f"{name} left the game" in m.content for m in world.messages())
    await world.env.advance_time(5)
    log = await world.bot.store.action_log(game_id, since=before.action_count)
    assert [row.actor for row in log][:1] == [0]  # the AI played the leaver's turn


async def test_a_lobby_whose_answer_is_dropped_is_posted_in_the_channel(world: World) -> None:
    world.env.inject_error("POST", ANSWER, **DROPPED)
    await fb(world, world.alice, "open", seats=3)
    lobby = await world.bot.store.active_game_in_channel(world.channel.id)
    assert lobby is not None and lobby.table_message_id is not None
    posted = world.message(lobby.table_message_id)
    assert "Join" in json.dumps([c.to_dict() for c in posted.components])

"""A Family Business person's private hand message is drawn again as the game changes:
after their move the AI seats play and the hand shows the game as stored (their turn
again, with its moves), never a turn that is over; and an answer that leaves a counter
window open edits no other responder's hand (RULING R31: no edit tells them that someone
answered)."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from tests.fb_play import (
    FB,
    WINDOW,
    member,
    selects,
    started,
    state_of,
    table_of,
    until_played_window,
    window_message,
)
from tests.simcord_world import World, fresh


async def _a_persons_turn(world: World, game_id: int) -> Any:
    for _ in range(200):
        game, state = await world.game(game_id), await state_of(world, game_id)
        if FB.window_open(state):
            await world.env.advance_time(WINDOW + 1)
            continue
        seat = FB.game.awaiting(state)[0]
        if not game.seats[seat].played_by_ai:
            return member(world, game.players[seat])
        await world.env.advance_time(1)
    raise AssertionError("no person came to move")


async def _as_stored(world: World, game_id: int, user_id: int) -> str:
    """The hand text of ``user_id`` for the game as stored now."""
    game, state = await world.game(game_id), await state_of(world, game_id)
    seat = game.seat_of(user_id)
    assert seat is not None
    return world.bot.family_business.hand(game, state, seat)[0]


async def test_after_a_discard_the_ai_plays_and_the_hand_shows_the_game_as_stored(
    world: World,
) -> None:
    game_id = await started(world, [world.alice], ai=1)
    who = await _a_persons_turn(world, game_id)
    assert who is world.alice
    hand = await who.click(await table_of(world, game_id), label="Show my hand")
    offered = [(s["custom_id"], o["value"]) for s in selects(hand.response) for o in s["options"]]
    custom_id, value = next(o for o in offered if json.loads(o[1])["kind"] == "discard")
    before = await world.game(game_id)
    await who.select(hand.response, [value], custom_id=custom_id)
    await world.env.advance_time(5)  # the AI seat plays (its windows answered at once)
    later = await world.game(game_id)
    assert later.action_count > before.action_count + 1  # the discard, then the AI
    shown = fresh(world, hand.response)
    assert shown.content == await _as_stored(world, game_id, who.id)
    if later.status == "active" and not FB.window_open(await state_of(world, game_id)):
        assert selects(shown)  # her turn again: its moves are on the hand


async def test_an_answer_that_leaves_a_window_open_edits_no_other_responders_hand(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await started(world, [world.alice, world.bob, world.carol])
    await until_played_window(world, game_id)
    game, state = await world.game(game_id), await state_of(world, game_id)
    responders = [member(world, game.players[s]) for s in FB.game.awaiting(state)]
    assert len(responders) == 2
    first, second = responders
    await second.click(await table_of(world, game_id), label="Show my hand")
    edited: list[int] = []
    real = discord.Interaction.edit_original_response

    async def edit(self: discord.Interaction, **kwargs: Any) -> Any:
        edited.append(self.user.id)
        return await real(self, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", edit)
    announcement = window_message(world, game_id, state.turn)
    prompt = await first.click(announcement, label="Answer the counter window")
    await first.click(prompt.response, label="No counter")
    assert FB.window_open(await state_of(world, game_id))  # the second has not answered
    assert second.id not in edited

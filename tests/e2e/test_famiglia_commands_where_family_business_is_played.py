"""Famiglia's commands in a channel that a Family Business game holds say so, to its
players and to anyone else: `/famiglia board` failed there with "something went wrong"
(it read the game as a Famiglia one), `/famiglia start` said a Famiglia game held the
channel, and a bystander was told to start a Famiglia game right there."""

from __future__ import annotations

import logging

import pytest

from tests.fb_play import lobby_with, quick_ai
from tests.simcord_world import World, fresh


async def _family_business_here(world: World) -> int:
    quick_ai(world)
    game_id = await lobby_with(world, [world.alice, world.bob], ai=0)
    await world.alice.click(fresh(world, await world.table(game_id)), label="Start")
    return game_id


async def test_board_names_the_channels_game_to_its_player_and_to_others(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    await _family_business_here(world)
    mine = await world.slash(world.alice, "board")
    assert mine.ephemeral and "/familybusiness" in mine.response.content
    other = await world.slash(world.carol, "board")
    assert other.ephemeral and "This channel's game is Family Business" in other.response.content
    assert not caplog.records, [r.getMessage() for r in caplog.records]


async def test_a_bystander_is_told_to_play_famiglia_elsewhere(world: World) -> None:
    await _family_business_here(world)
    for name in ("hand", "pass", "forfeit"):
        answer = await world.slash(world.carol, name)
        text = answer.response.content
        assert answer.ephemeral and "This channel's game is Family Business" in text, text
        assert "another channel" in text
    start = await world.slash(world.carol, "start", opponent=world.alice)
    assert start.ephemeral
    assert "already a Family Business game in this channel" in start.response.content


async def test_a_move_typed_beside_ones_own_challenge_names_it(world: World) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    second = world.guild.create_text_channel("second")
    await world.alice.slash(second, "famiglia start", opponent=world.carol)
    answer = await world.alice.slash(second, "famiglia pass")
    text = answer.response.content
    assert answer.ephemeral and f"#{game_id}" in text
    assert "Your challenge in this channel is not accepted yet" in text, text


async def test_a_move_typed_beside_a_challenge_to_oneself_says_it_waits_for_one(
    world: World,
) -> None:
    game_id = await world.start_game(world.alice, world.bob)
    second = world.guild.create_text_channel("second")
    await world.carol.slash(second, "famiglia start", opponent=world.alice)
    answer = await world.alice.slash(second, "famiglia pass")
    text = answer.response.content
    assert answer.ephemeral and f"#{game_id}" in text
    assert "The challenge from **Carol** in this channel waits for your Accept" in text, text

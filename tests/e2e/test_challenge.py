"""Challenges: start, accept, decline, cancel, expiry, and who may answer."""

from __future__ import annotations

import discord
import pytest

from tests.gateway_tricks import fails_once
from tests.simcord_world import World


async def test_accept_turns_the_challenge_into_the_table(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    message = await world.table(game_id)
    assert world.bob.mention in message.content
    labels = [c["label"] for c in world.components(message)]
    assert labels[:3] == ["Accept", "Decline", "Cancel challenge"]

    await world.bob.click(message, label="Accept")

    game = await world.game(game_id)
    assert game.status == "active" and game.deadline is not None
    table = await world.table(game_id)
    assert table.id == message.id  # the same message, edited in place
    assert table.embeds and "Street" in str(table.embeds[0].to_dict())
    assert table.attachments and table.attachments[0].filename == "table.png"
    labels = [c.get("label") for c in world.components(table)]
    assert labels == ["Show my hand", "Rules", "Forfeit"]
    starter = await world.player(game_id, (await world.state(game_id)).current)
    assert any(starter.mention in m.content and "your turn" in m.content for m in world.messages())


async def test_only_the_opponent_answers_and_only_the_challenger_cancels(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    message = await world.table(game_id)
    for who, label in (
        (world.alice, "Accept"),
        (world.carol, "Accept"),
        (world.carol, "Decline"),
        (world.bob, "Cancel challenge"),
    ):
        result = await who.click(message, label=label)
        assert result.ephemeral, (who, label)
        assert "Only" in result.response.content
    assert (await world.game(game_id)).status == "challenge"


async def test_decline(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    await world.bob.click(await world.table(game_id), label="Decline")
    assert (await world.game(game_id)).status == "declined"
    message = await world.table(game_id)
    assert "declined" in message.content and not world.components(message)
    await world.challenge(world.alice, world.bob)  # the channel is free again


async def test_cancel(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    await world.alice.click(await world.table(game_id), label="Cancel challenge")
    assert (await world.game(game_id)).status == "cancelled"
    assert "withdrew" in (await world.table(game_id)).content


async def test_expiry_after_ten_minutes(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    await world.env.advance_time(9 * 60)
    assert (await world.game(game_id)).status == "challenge"
    await world.env.advance_time(61)
    assert (await world.game(game_id)).status == "expired"
    message = await world.table(game_id)
    assert "expired" in message.content and not world.components(message)
    result = await world.bob.click(message, label="Accept") if world.components(message) else None
    assert result is None


async def test_refused_challenges(world: World):
    for opponent, words in ((world.alice, "yourself"),):
        result = await world.slash(world.alice, "start", opponent=opponent)
        assert result.ephemeral and words in result.response.content
    robot = world.guild.add_member(world.env.create_user("robo", bot=True))
    result = await world.slash(world.alice, "start", opponent=robot)
    assert result.ephemeral and "Bots" in result.response.content
    await world.challenge(world.alice, world.bob)
    result = await world.slash(world.carol, "start", opponent=world.bob)
    assert result.ephemeral and "already" in result.response.content
    assert isinstance(world.channel.last_message, discord.Message)


async def test_someone_outside_the_server_cannot_be_challenged(world: World):
    """They could neither see the channel nor press Accept; the challenge would have
    pinged them and held the channel for ten minutes."""
    stranger = world.env.create_user("stranger", global_name="Stranger")  # not a member
    result = await world.slash(world.alice, "start", opponent=stranger)
    assert result.ephemeral and "not a member of this server" in result.response.content
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None


@pytest.mark.simcord(check_errors=False)
async def test_an_accept_whose_table_record_failed_still_shows_the_table(world: World):
    """The store failed once while the accepted challenge's message was recorded as the
    table: the table kept its Accept button and nobody was told it was their turn."""
    game_id = await world.challenge(world.alice, world.bob)
    table = await world.table(game_id)
    fails_once(world.bot.store, "table_message_id")
    await world.bob.click(table, label="Accept")
    await world.env.advance_time(60)
    assert (await world.game(game_id)).status == "active"
    labels = [c.get("label") for c in world.components(await world.table(game_id))]
    assert "Accept" not in labels and "Show my hand" in labels, labels
    turn = [m for m in world.messages() if "your turn in Famiglia" in m.content]
    assert len(turn) == 1


async def test_a_rematch_with_someone_who_left_the_server_is_refused(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    asked = await world.slash(world.alice, "forfeit")
    await world.alice.click(asked.response, label="Yes, give up this game")
    world.guild.remove_member(world.bob)
    end = [m for m in world.messages() if m.content.startswith("🏁")][-1]
    answer = await world.alice.click(end, label="Rematch")
    assert answer.ephemeral and "no longer a member" in answer.response.content
    assert await world.bot.store.active_game_in_channel(world.channel.id) is None
    assert (await world.game(game_id)).status == "forfeited"

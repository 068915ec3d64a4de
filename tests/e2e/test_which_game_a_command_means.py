"""Which game a command means: with no game it points to commands that work where it was
used; a pending challenge is no game to give up and does not hide the running one;
several games are named so the player can choose.
"""

from __future__ import annotations

import re

import pytest
from discord import app_commands

from tests.answers import refused
from tests.simcord_world import World


def subcommands(world: World) -> set[str]:
    group = world.bot.tree.get_command("famiglia")
    assert isinstance(group, app_commands.Group)
    return {command.name for command in group.commands}


@pytest.mark.parametrize("command", ["pass", "hand", "forfeit"])
async def test_a_dm_command_without_a_game_points_to_commands_that_work_in_dms(
    world: World, command: str
):
    user = world.alice.user
    text = refused(await user.slash(f"famiglia {command}"), "no Famiglia game running")
    named = set(re.findall(r"/famiglia (\w+)", text))
    assert named == {"solo", "ai"}, text  # not /famiglia start: challenges need a server
    assert named <= subcommands(world)
    started = await user.slash("famiglia solo", level=1, first="you")  # the advice works
    assert not started.ephemeral and started.response is not None, started
    assert await world.bot.store.active_solo_game_for_user(world.alice.id) is not None


async def test_a_server_command_without_a_game_still_points_to_a_challenge(world: World):
    refused(await world.slash(world.alice, "pass"), "/famiglia start")


async def test_forfeit_of_a_pending_challenge_says_how_to_withdraw_it(world: World):
    game_id = await world.challenge(world.alice, world.bob)
    challenge = await world.table(game_id)
    link = f"/{world.guild.id}/{world.channel.id}/{challenge.id}"
    elsewhere = world.guild.create_text_channel("elsewhere")
    for asked in (await world.slash(world.alice, "forfeit"),
                  await world.alice.slash(elsewhere, "famiglia forfeit")):  # fmt: skip
        text = refused(asked, "not accepted yet", "**Cancel challenge**", link)
        assert "not running" not in text
    refused(await world.slash(world.bob, "forfeit"), "not accepted yet", "**Decline**", link)
    assert (await world.game(game_id)).status == "challenge"  # nothing was given up
    await world.alice.click(challenge, label="Cancel challenge")  # the advice works
    assert (await world.game(game_id)).status == "cancelled"


async def test_a_pending_challenge_does_not_hide_the_only_running_game(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    other = world.guild.create_text_channel("other")
    third = world.guild.create_text_channel("third")
    pending = await world.alice.slash(other, "famiglia start", opponent=world.carol)
    assert not pending.ephemeral, pending
    hand = await world.alice.slash(third, "famiglia hand")
    assert hand.ephemeral and hand.response.embeds, hand  # the running game's hand
    assert "Your hand" in hand.response.embeds[0].title
    asked = refused(await world.alice.slash(third, "famiglia forfeit"), f"#{game_id}", "Bob")
    assert "several games" not in asked
    # In the challenge's own channel the command is about the challenge.
    refused(await world.alice.slash(other, "famiglia forfeit"), "not accepted yet")


async def test_several_games_name_the_running_ones_and_not_a_pending_challenge(
    world: World,
):
    first = await world.start_game(world.alice, world.bob)
    second_channel = world.guild.create_text_channel("second")
    answer = await world.alice.slash(second_channel, "famiglia start", opponent=world.carol)
    await world.carol.click(answer.response, label="Accept")
    pending_channel = world.guild.create_text_channel("pending")
    await world.bob.slash(pending_channel, "famiglia start", opponent=world.alice)
    second = await world.bot.store.active_game_in_channel(second_channel.id)
    assert second is not None
    text = refused(await world.alice.user.slash("famiglia hand"), "several games")
    assert f"#{first} in <#{world.channel.id}>" in text
    assert f"#{second.id} in <#{second_channel.id}>" in text
    assert f"<#{pending_channel.id}>" not in text


async def test_only_pending_challenges_are_named_as_such(world: World):
    other = world.guild.create_text_channel("other")
    await world.challenge(world.alice, world.bob)
    await world.alice.slash(other, "famiglia start", opponent=world.carol)
    text = refused(await world.alice.user.slash("famiglia pass"), "not accepted yet")
    assert "several games" not in text
    assert f"<#{world.channel.id}>" in text and f"<#{other.id}>" in text


async def test_a_move_typed_where_others_play_names_the_players_game_and_moves_nothing(
    world: World,
):
    mine = await world.start_game(world.alice, world.bob)
    other = world.guild.create_text_channel("other")
    dave = world.guild.add_member(world.env.create_user("dave", global_name="Dave"))
    await world.carol.slash(other, "famiglia start", opponent=dave)
    theirs = await world.bot.store.active_game_in_channel(other.id)
    assert theirs is not None
    before = await world.game(mine)
    text = refused(await world.alice.slash(other, "famiglia pass"), f"Famiglia #{mine}")
    assert f"<#{world.channel.id}>" in text and "Others play in this channel" in text
    assert (await world.game(mine)).version == before.version
    hand = await world.alice.slash(other, "famiglia hand")  # only looking: allowed
    assert hand.ephemeral and "Others play" not in (hand.response.content or "")


async def test_a_move_typed_away_from_its_game_names_the_game_it_went_to(world: World):
    game_id = await world.start_game(world.alice, world.bob)
    mover = await world.player(game_id, (await world.state(game_id)).current)
    quiet = world.guild.create_text_channel("quiet")  # nobody plays here
    before = await world.game(game_id)
    answer = await mover.slash(quiet, "famiglia pass")
    assert answer.ephemeral
    assert answer.response.content.startswith(f"🎲 Famiglia #{game_id} in <#{world.channel.id}>:")
    assert (await world.game(game_id)).action_count == before.action_count + 1
    other = await world.player(game_id, (await world.state(game_id)).current)
    here = await world.slash(other, "pass")  # typed in its own channel: no need to say
    assert here.response.content.startswith("✅")


async def test_in_a_pending_challenges_channel_hand_and_moves_mean_the_running_game(
    world: World,
):
    """Alice plays game 1 and has just challenged Carol in another channel: there her
    hand is game 1's (it said the game had not started), a move names where game 1 is."""
    game_id = await world.start_game(world.alice, world.bob)
    second = world.guild.create_text_channel("second")
    await world.alice.slash(second, "famiglia start", opponent=world.carol)
    hand = await world.alice.slash(second, "famiglia hand")
    assert hand.ephemeral and hand.response.embeds, hand
    assert "Your hand" in hand.response.embeds[0].title
    before = await world.game(game_id)
    refused(await world.alice.slash(second, "famiglia pass"), f"#{game_id}")
    assert (await world.game(game_id)).version == before.version

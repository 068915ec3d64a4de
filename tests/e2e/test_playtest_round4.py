"""Play-test, round 4: answers that pointed the wrong way, and tables whose message could
not be read back.

A DM command with no game pointed to a command that does not work in DMs; a forfeit of a
challenge not accepted yet said only "That game is not running"; a leaderboard button
leading past the end of an empty board read "Page 5 of 1"; a table that was shown was
reported as failed (or posted twice) when only reading its message back failed; and a
pending challenge made a player's only running game ambiguous.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from simcord.builders import ChannelHandle

from db import ResultRecord

from .fixtures import bot_seed, simcord_bot  # noqa: F401  (commands synced for DMs too)
from .harness import World, fresh, make_bot, settings

GENERIC = "Something went wrong"
READ_BACK = "/webhooks/*"  # interaction.original_response() is a GET on the webhook


def refused(result: Any, *words: str) -> str:
    assert result.ephemeral and result.response is not None, result
    text = result.response.content
    assert all(word in text for word in words), text
    assert GENERIC not in text, text
    return text


def subcommands(world: World) -> set[str]:
    group = world.bot.tree.get_command("famiglia")
    assert isinstance(group, app_commands.Group)
    return {command.name for command in group.commands}


def live(messages: list[Any]) -> list[Any]:
    """The messages that still carry controls (a live table, a challenge)."""
    return [m for m in messages if World.components(m)]


# ------------------------------------------------------ 1. no game, in our DMs
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


# ------------------------------------------- 2. forfeit of a challenge pending
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


# ------------------------------------------------- 3. a page past the board's end
async def rated_players(world: World, count: int) -> None:
    """``count`` players with a finished two-player game each, through the store."""
    store = world.bot.store
    for n in range(0, count, 2):
        players = (7_000 + n, 7_001 + n)
        game = await store.create_game(mode="duel", guild_id=world.guild.id,
                                       channel_id=8_000 + n, players=players, seed=1,
                                       state_json="{}", status="active")  # fmt: skip
        await store.commit_move(
            game.id, expected_version=game.version, actor=players[0],
            actions=['{"type":"pass"}'], state_json='{"over":true}', status="finished",
            deadline=None, result=ResultRecord(totals=(40, 30), winner=0),
        )  # fmt: skip


async def restart_on_a_new_database(world: World, path: Path) -> None:
    """The bot starts on another database file (a backup restored, a new file): the
    leaderboard messages already posted keep their buttons, which still work."""
    old = world.bot
    world.old_bots.append(old)
    await world.env.restart_bot(make_bot(settings(path), seed=7))
    await old.store.close()


def footer(world: World, message: Any) -> str:
    [embed] = fresh(world, message).embeds
    return str(embed.footer.text or "")


async def test_a_page_past_the_end_of_the_board_is_clamped_to_it(world: World, tmp_path: Path):
    await rated_players(world, 42)  # five pages
    last = (await world.slash(world.alice, "leaderboard", board="rating")).response
    await world.alice.click(last, label="Last ⏭")
    assert footer(world, last).startswith("Page 5 of 5 · 42 players")
    first = (await world.slash(world.alice, "leaderboard", board="rating")).response

    await restart_on_a_new_database(world, tmp_path / "empty.db")
    answer = await world.bob.click(fresh(world, last), label="◀ Previous")  # to page 4
    assert answer.acknowledged and not answer.ephemeral, answer
    [embed] = fresh(world, last).embeds
    assert "No two-player game has been finished" in embed.description
    assert "Page" not in str(embed.to_dict()), embed.to_dict()  # not "Page 4 of 1"
    assert not World.components(fresh(world, last))  # one page: no buttons

    await restart_on_a_new_database(world, tmp_path / "small.db")
    await rated_players(world, 2)
    await world.carol.click(fresh(world, first), label="Last ⏭")  # to page 5
    assert footer(world, first).startswith("Page 1 of 1 · 2 players"), footer(world, first)
    assert fresh(world, first).embeds[0].description.count("**1.**") == 1


# ------------------------------- 5. a table shown, only its read-back failed
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


# ------------------------------------- 6. a pending challenge and a running game
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

"""A DM table (solo against the robot, or against the AI) shows the player's hand under
the table, and only that says what they may do: the table's general prompt ("Play an
Accountant, play a Brute, take a card or pass") above the hand's exact one ("Take a
card or pass", the player holding only zeros) said two things of one decision."""

from __future__ import annotations

import discord

from tests.ai_bot.ai_play import dm_game, dm_table
from tests.simcord_world import World
from tests.solo.solo_play import dm_table as solo_dm_table


def _asked_once(embeds: list[discord.Embed]) -> None:
    top, hand = embeds[0].description or "", embeds[1].description or ""
    assert "\n> " not in f"\n{top}", top  # no prompt line in the table's embed
    assert "**Your turn:**" in hand, hand


async def test_the_solo_table_says_what_to_do_only_in_the_hand(world: World) -> None:
    user = world.alice.user
    await user.slash("famiglia solo", level=3, first="you")
    game = await world.bot.store.active_solo_game_for_user(user.id)
    assert game is not None
    _asked_once((await solo_dm_table(world, user, game.id)).embeds)


async def test_the_ai_dm_table_says_what_to_do_only_in_the_hand(world: World) -> None:
    game_id = await dm_game(world)
    table = dm_table(world, (await world.game(game_id)).table_message_id)
    _asked_once(table.embeds)

"""The ``/famiglia`` subcommands beyond the two-player game: ``solo``, ``resume``,
``leaderboard`` and ``stats``, added to the group the ``FamigliaCog`` defines, and the
persistent buttons they use.

:func:`install` is called once by the extension's ``setup`` after the cog is added (and
before commands are synced). It also registers :class:`cogs.solo_answers.SoloFlows` as
the solo mode's table (``Flows.tables``) and plays any robot turn a restart interrupted.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.services.games import GameService
from bot.services.modes import Ai, Solo
from bot.services.solo import SoloService
from cogs import leaderboard, solo_table, stats
from cogs.ai_answers import AiFlows
from cogs.game_answers import Flows
from cogs.offered_values import chosen
from cogs.solo_answers import SoloFlows

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
Side = Literal["you", "robot"]


def solo_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="solo", description="Play the robot gangster in our DMs")
    @app_commands.describe(
        level="The robot's level: 1 (easiest) to 4 (hardest); 3 is the rules' standard",
        first="Who starts: you (a) or the robot (b, harder)",
    )
    async def solo(
        interaction: Interaction, level: app_commands.Range[int, 1, 4], first: Side = "you"
    ) -> None:
        flows = interaction.client.flows.tables.named(Solo.name, SoloFlows)
        # A value the choices never offered (a forged client) is no side: refused.
        await flows.start(interaction, level, chosen({"you": 0, "robot": 1}, first, -1))

    return solo


def resume_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(
        name="resume",
        description="Bring your solo game's table back to our DMs (in a DM: the game there)",
    )
    async def resume(interaction: Interaction) -> None:
        tables = interaction.client.flows.tables
        if interaction.guild is None and await tables.named(Ai.name, AiFlows).repost(interaction):
            return  # a game against the AI runs in this DM
        flows = tables.named(Solo.name, SoloFlows)
        await flows.resume(interaction)

    return resume


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *solo_table.DYNAMIC_ITEMS,
    *leaderboard.DYNAMIC_ITEMS,
)


async def install(bot: commands.Bot, flows: Flows, service: GameService) -> SoloFlows:
    """Add the commands and buttons; route solo games; heal interrupted robot turns."""
    group = bot.tree.get_command("famiglia")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("add the FamigliaCog before installing the extra commands")
    for command in (
        solo_command(),
        resume_command(),
        leaderboard.leaderboard_command(),
        stats.stats_command(),
    ):
        group.add_command(command)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    solo_flows = SoloFlows(bot, flows, SoloService(service))
    flows.tables.register(Solo.name, solo_flows)
    try:
        healed = await solo_flows.heal()
    except FAILED as error:  # the games are healed; a table may lag behind
        log.warning("could not update every healed solo table: %s", error)
    else:
        if healed:
            log.info("played %d robot turn(s) a restart had interrupted", healed)
    return solo_flows

"""``/famiglia ai``: a game against the AI opponent, added to the ``/famiglia`` group.

:func:`install` is called once by the extension's ``setup`` after the other commands
are installed: it adds the command and the Play again button, registers
:class:`cogs.ai_answers.AiFlows` as the AI mode's table (``Flows.tables``), and resumes
any AI turn a restart interrupted. The process pool the AI thinks in belongs to the bot.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import FamigliaBot
from bot.services.ai_games import AI_SEAT, HUMAN, AiService
from bot.services.ai_queue import FairPool
from bot.services.modes import Ai
from bot.settings import Settings
from cogs import ai_table
from cogs.ai_answers import AiFlows
from cogs.game_answers import Flows
from cogs.offered_values import chosen

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]
Strength = Literal["easy", "medium", "hard"]
Side = Literal["you", "ai"]
#: The seat a ``first`` the command does not offer names: the options refuse it.
NO_SEAT = -1


def ai_command() -> app_commands.Command[Any, ..., None]:
    @app_commands.command(name="ai", description="Play the AI opponent here or in our DMs")
    @app_commands.describe(
        strength="How hard the AI searches: easy, medium or hard",
        first="Who starts: you or the AI",
    )
    async def ai(interaction: Interaction, strength: Strength, first: Side = "you") -> None:
        flows = interaction.client.flows.tables.named(Ai.name, AiFlows)
        # A value the choices never offered (a forged client) is no seat: refused.
        seat = chosen({"you": HUMAN, "ai": AI_SEAT}, first, NO_SEAT)
        await flows.start(interaction, strength, seat)

    return ai


async def install(bot: commands.Bot, flows: Flows, pool: FairPool, settings: Settings) -> AiFlows:
    """Add the command and its button; route games against the AI; resume their turns."""
    group = bot.tree.get_command("famiglia")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("add the FamigliaCog before installing the AI command")
    group.add_command(ai_command())
    bot.add_dynamic_items(*ai_table.DYNAMIC_ITEMS)
    service = AiService(
        flows.service,
        pool,
        time_cap=settings.ai_time_cap_seconds,
    )
    ai_flows = AiFlows(bot, flows, service)
    flows.tables.register(Ai.name, ai_flows)
    resumed = await ai_flows.heal()
    if resumed:
        log.info("resuming %d AI turn(s) a restart had interrupted", resumed)
    return ai_flows

"""The private answers of Family Business's flows: a refusal, and a private message
edited or sent (an answer about a committed change goes through
:func:`cogs.table_message.answered_ok`, its failure logged, never raised)."""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.app import FamigliaBot
from bot.discord_errors import FAILED
from bot.services.reads import Refusal

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]


async def refuse(interaction: Interaction, refusal: Refusal) -> None:
    """The refusal's sentence, only to the user who caused it."""
    with contextlib.suppress(*FAILED):
        if interaction.response.is_done():
            await interaction.followup.send(str(refusal), ephemeral=True)
        else:
            await interaction.response.send_message(str(refusal), ephemeral=True)


def from_private(interaction: Interaction) -> bool:
    """Whether the control clicked was on a private (ephemeral) message."""
    return interaction.message is not None and interaction.message.flags.ephemeral


async def in_private(interaction: Interaction, text: str, view: discord.ui.View | None) -> None:
    """The private message the control was on, edited; a control sent from a public one
    (a forged client) is answered privately instead and the public message left alone."""
    if from_private(interaction):
        await interaction.response.edit_message(content=text, view=view)
    else:
        await interaction.response.send_message(
            text, view=view or discord.ui.View(), ephemeral=True
        )

"""The private answers of Family Business's flows: a refusal, a private message edited
or sent, and the answer to a change already committed, whose failure is logged, never
raised (the change stands and is shown all the same)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable
from typing import Any

import discord

from bot.app import FamigliaBot
from bot.services.reads import Refusal

log = logging.getLogger(__name__)
Interaction = discord.Interaction[FamigliaBot]


async def refuse(interaction: Interaction, refusal: Refusal) -> None:
    """The refusal's sentence, only to the user who caused it."""
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(str(refusal), ephemeral=True)
        else:
            await interaction.response.send_message(str(refusal), ephemeral=True)


async def delivered(interaction: Interaction, reply: Awaitable[Any]) -> bool:
    """The answer to a change already committed: if Discord drops or fails it (a dead
    token, an error), the change still stands and is still shown (the table, a window,
    the next person, the AI seats), so the failure is logged, not raised (raised, the
    command's error handler would tell the user that nothing was changed)."""
    try:
        await reply
    except discord.HTTPException as error:
        log.warning("the answer to %s was not delivered: %s", interaction.user.id, error)
        return False
    return True


async def in_private(interaction: Interaction, text: str, view: discord.ui.View | None) -> None:
    """The private message the control was on, edited; a control sent from a public one
    (a forged client) is answered privately instead and the public message left alone."""
    if interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.response.edit_message(content=text, view=view)
    else:
        await interaction.response.send_message(
            text, view=view or discord.ui.View(), ephemeral=True
        )

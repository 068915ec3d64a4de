"""What the bot must be allowed in a server channel to hold a game there: to post and
edit the table (with its picture), ping the players and answer them. A channel whose
permissions deny one of these (a server's invite can grant them while the channel's
own overwrites take them away) would take a game that nobody can see or finish, so a
start there is refused with what is missing; Discord sends the bot's permissions in the
channel with every interaction."""

from __future__ import annotations

from typing import Any, Final

import discord

#: the permission (discord.Permissions attribute) and how Discord's settings name it
NEEDED: Final = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)


def lacking(interaction: discord.Interaction[Any]) -> str | None:
    """Why no game starts in the interaction's server channel (None: it may; a DM needs
    nothing)."""
    if interaction.guild is None:
        return None
    have = interaction.app_permissions
    missing = [label for name, label in NEEDED if not getattr(have, name)]
    if not missing:
        return None
    what = ", ".join(f"**{label}**" for label in missing)
    return (
        f"I cannot hold a game in this channel: I am not allowed {what} here. A server"
        " admin can allow it in the channel's permissions, or start the game in another"
        " channel."
    )

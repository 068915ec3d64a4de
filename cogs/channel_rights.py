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


#: in a thread the bot posts by Send Messages in Threads, not by Send Messages
THREAD_NEEDED: Final = tuple(
    ("send_messages_in_threads", "Send Messages in Threads")
    if name == "send_messages"
    else (name, label)
    for name, label in NEEDED
)
_THREADS: Final = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)


def _in_thread(interaction: discord.Interaction[Any]) -> bool:
    channel = interaction.channel
    return isinstance(channel, discord.Thread) or getattr(channel, "type", None) in _THREADS


def lacking(interaction: discord.Interaction[Any]) -> str | None:
    """Why no game starts in the interaction's server channel (None: it may; a DM needs
    nothing)."""
    if interaction.guild is None:
        return None
    have = interaction.app_permissions
    needed = THREAD_NEEDED if _in_thread(interaction) else NEEDED
    missing = [label for name, label in needed if not getattr(have, name)]
    if not missing:
        return None
    what = ", ".join(f"**{label}**" for label in missing)
    return (
        f"I cannot hold a game in this channel: I am not allowed {what} here. A server"
        " admin can allow it in the channel's permissions, or start the game in another"
        " channel."
    )

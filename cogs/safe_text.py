"""User-chosen text (display names) inside the bot's messages: shown as written, never
as formatting or a mention, and the name a game keeps for its players."""

from __future__ import annotations

import re

import discord


def shown(name: str) -> str:
    """``name`` as message text: markdown escaped (``**``, ``_``, ``|``…) and mentions
    (``@everyone``, ``@here``, ``<@id>``, ``<@&role>``) broken, so a name can neither
    format a message nor ping anyone, whatever a message's allowed mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def plain(text: str) -> str:
    """Message text made by :func:`shown` back as plain text (for the table picture)."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u200b", "")


#: the answer to a user option whose id came without the user (no client sends one)
UNKNOWN_USER = "I can't see that user. Pick a person from the list Discord offers."


def kept_name(user: discord.abc.User) -> str:
    """The name a game stores for ``user`` and the global boards show: the user's global
    display name (the same in every server), never one server's nickname."""
    return user.global_name or user.name

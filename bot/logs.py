"""Logging set-up for the bot process: one handler on the root logger."""

from __future__ import annotations

import logging

import discord


def setup_logging(level: str) -> None:
    """Log to stderr at ``level``; discord.py's own chatter stays at INFO or above."""
    discord.utils.setup_logging(level=logging.getLevelName(level), root=True)
    if logging.getLevelName(level) < logging.INFO:
        logging.getLogger("discord.gateway").setLevel(logging.INFO)
        logging.getLogger("discord.http").setLevel(logging.INFO)

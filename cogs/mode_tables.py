"""How each mode's games look and go on on Discord, registered per mode.

The two-player table is the common case (:class:`cogs.game_answers.Flows`); a mode whose
games need more — the robot's answer and the DM table of a solo game, the AI's turn
after a move — registers a :class:`ModeTable` under the mode's name
(:data:`bot.services.modes.MODES`), and the flows ask the registry instead of testing
the mode: after a move, to show an outcome, and for ``/famiglia board``.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.app import FamigliaBot
from bot.services.games import Moved
from db.rows import GameRow

Interaction = discord.Interaction[FamigliaBot]


class ModeTable(Protocol):
    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """Answer the player's committed move, let the other seat move, show the table."""
        ...

    async def show_outcome(self, moved: Moved) -> None:
        """Show a change made outside a move of the player (forfeit, timer, repair)."""
        ...

    async def repost(self, interaction: Interaction) -> bool:
        """``/famiglia board``: post this mode's table here if it has a game here."""
        ...


class ModeTables:
    def __init__(self) -> None:
        self._tables: dict[str, ModeTable] = {}

    def register(self, mode: str, table: ModeTable) -> None:
        self._tables[mode] = table

    def of(self, game: GameRow) -> ModeTable | None:
        """The table of ``game``'s mode; None: the two-player table."""
        return self._tables.get(game.mode)

    def named(self, mode: str) -> Any:
        """The registered table of ``mode`` (its own buttons call it)."""
        return self._tables[mode]

    def __iter__(self) -> Any:
        return iter(list(self._tables.values()))

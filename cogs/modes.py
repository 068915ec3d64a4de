"""The game modes on Discord: one strategy per mode behind one small protocol.

The one path of a move (``cogs.flows.Flows.play``) asks the registry for the strategy
of the game's mode; only the registry knows which modes exist. A new mode is one class
with these four doings, registered once at start-up (``cogs.famiglia.setup``).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import discord

from bot.service import Moved
from bot.services.start_options import StartOptions
from db.rows import GameRow

Interaction = discord.Interaction[Any]
O_contra = TypeVar("O_contra", bound=StartOptions, contravariant=True)


class ModeFlows(Protocol[O_contra]):
    """What a mode does around the shared move path."""

    async def start(self, interaction: Interaction, options: O_contra) -> None:
        """Start a game of this mode with its checked options."""

    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """Answer a player's committed move (the robot or the AI may play next)."""

    async def show_outcome(self, moved: Moved) -> None:
        """Show a change made outside a move (timer, forfeit, repair): the table, the end."""

    async def repost(self, interaction: Interaction, game: GameRow | None) -> None:
        """``/famiglia board`` / ``resume``: the table of ``game`` (None: none runs here)."""

    async def play_again(self, interaction: Interaction, game: GameRow) -> None:
        """After ``game``: another one like it (a rematch, the same level or strength)."""

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        """The confirmation asked before a player gives ``game`` up."""


class UnknownMode(LookupError):
    """A game row names a mode no strategy is registered for."""


class Modes:
    """The registry: mode name → strategy, and the mode shown where no game runs."""

    def __init__(self) -> None:
        self._modes: dict[str, ModeFlows[Any]] = {}
        self._home: dict[bool, str] = {}

    def register(
        self,
        mode: str,
        flows: ModeFlows[Any],
        *,
        home_in_server: bool = False,
        home_in_dm: bool = False,
    ) -> None:
        """Add ``mode``; ``home_in_*``: its table is the one ``board`` brings back there
        when no game runs in the channel."""
        self._modes[mode] = flows
        if home_in_server:
            self._home[False] = mode
        if home_in_dm:
            self._home[True] = mode

    def of(self, mode: str) -> ModeFlows[Any]:
        try:
            return self._modes[mode]
        except KeyError:
            raise UnknownMode(mode) from None

    def home(self, *, private: bool) -> ModeFlows[Any]:
        """The strategy of the mode at home in a DM (``private``) or a server channel."""
        return self.of(self._home[private])

    def __contains__(self, mode: object) -> bool:
        return mode in self._modes

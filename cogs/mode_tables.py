"""How each mode's games look and go on on Discord: one table object per mode,
registered under the mode's name (:data:`bot.services.modes.MODES`).

Every move takes one path, whatever the mode: the cog parses the interaction,
:class:`cogs.game_answers.Flows` asks the service, then hands the committed move to the
table of the game's mode, which answers it and brings its table up to date (the
two-player table, the solo DM table with the robot's answer, the AI's table and its
turn). What differs per mode is here, behind one protocol; the flows never test a mode.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, TypeVar

import discord

from bot.app import FamigliaBot
from bot.services.games import Moved
from bot.services.modes import MODES
from db.rows import GameRow
from engine.famiglia import GameState

T = TypeVar("T")

Interaction = discord.Interaction[FamigliaBot]


class ModeTable(Protocol):
    def link_title(self, game: GameRow) -> str:
        """How a link to the table names the game, e.g. ``Famiglia #12``."""
        ...

    async def payload(self, game: GameRow, state: GameState) -> dict[str, Any]:
        """The table message (``content``, ``embeds``, ``attachments``, ``view``)."""
        ...

    async def after_move(self, interaction: Interaction, moved: Moved) -> None:
        """Answer the player's committed move, let the other seat move, show the table."""
        ...

    async def show_outcome(self, moved: Moved) -> None:
        """Show a change made outside a move of the player (forfeit, timer, repair)."""
        ...

    async def repost(self, interaction: Interaction) -> bool:
        """``/famiglia board``: post this mode's table here if it has a game here."""
        ...

    def end_notice(self, game: GameRow) -> tuple[str, discord.ui.View] | None:
        """How the channel is told that the game is over: the game's name (``Famiglia
        #12``) and the buttons under the notice; None: the table says it itself."""
        ...

    def forfeit_question(self, game: GameRow, user_id: int) -> str:
        """What a player who asks to give the game up is asked."""
        ...

    def confirm_forfeit(self, game: GameRow) -> discord.ui.View:
        """The button that gives the game up, under that question."""
        ...


class ModeTables:
    def __init__(self) -> None:
        self._tables: dict[str, ModeTable] = {}

    def register(self, mode: str, table: ModeTable) -> None:
        self._tables[mode] = table

    def of(self, game: GameRow) -> ModeTable:
        """The table of ``game``'s mode."""
        return self._tables[game.mode]

    def named(self, mode: str, kind: type[T]) -> T:
        """The registered table of ``mode``, of its own class ``kind`` (its own buttons
        and commands call it)."""
        table = self._tables[mode]
        if not isinstance(table, kind):
            raise TypeError(f"the {mode} table is a {type(table).__name__}, not {kind.__name__}")
        return table

    def __iter__(self) -> Iterator[ModeTable]:
        """The one-person modes' tables first (each claims a channel or a DM where its
        game runs), the two-player table last (it answers everywhere else)."""
        order = sorted(self._tables, key=lambda mode: MODES[mode].two_people)
        return iter([self._tables[mode] for mode in order])

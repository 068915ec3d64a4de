"""The persistent buttons and selects of Family Business (``discord.ui.DynamicItem``).

Every id names its game (``fb:<what>:<game>…``); a control that makes a move carries
the moment it was drawn for — the action count for a turn's step, the turn for a
window's answer — so a stale one is refused. Every click is checked against the
game's kind, channel and server, every click except **Join** against its players too,
before anything is locked or read (:func:`cogs.buttons.refused_here`); the click is
then handed to the flows (:class:`cogs.family_business.flows.FamilyBusinessFlows`),
which decide nothing either.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.app import FamigliaBot, FamilyBusinessFlows
from cogs.buttons import GAME_ID, refused_here, whole

Interaction = discord.Interaction[FamigliaBot]
MODES = ("multi",)
GAME = GAME_ID
STEP = whole("seq", 9)  # the action count a hand's step was drawn for
TURN = whole("turn", 9)  # the turn of a counter window


def fb(interaction: Interaction) -> FamilyBusinessFlows:
    """The Family Business flows the extension attached to the bot."""
    return interaction.client.family_business


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fb:lobby:(?P<what>join|leave|start|cancel|unai):{GAME}",
):
    LOOKS: ClassVar[dict[str, tuple[discord.ButtonStyle, str]]] = {
        "join": (discord.ButtonStyle.success, "Join"),
        "leave": (discord.ButtonStyle.secondary, "Leave"),
        "unai": (discord.ButtonStyle.secondary, "Remove an AI"),
        "start": (discord.ButtonStyle.primary, "Start"),
        "cancel": (discord.ButtonStyle.danger, "Cancel"),
    }

    def __init__(self, what: str, game: int) -> None:
        style, label = self.LOOKS[what]
        button = discord.ui.Button(style=style, label=label, custom_id=f"fb:lobby:{what}:{game}")
        super().__init__(button)
        self.what, self.game = what, game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["what"], int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        stranger = "You have no seat in this lobby: press **Join** to take one."
        seated = self.what != "join"  # anyone may join, in the lobby's own channel
        if await refused_here(interaction, self.game, MODES, stranger, seated=seated):
            return
        await fb(interaction).lobby_click(interaction, self.game, self.what)


class AddAiSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"fb:addai:{GAME}"):
    def __init__(self, game: int) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fb:addai:{game}",
            placeholder="Add an AI player…",
            options=[
                discord.SelectOption(label=f"AI, {s}", value=s) for s in ("easy", "medium", "hard")
            ],
        )
        super().__init__(select)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        stranger = "Only the player who opened the lobby can add an AI player."
        if await refused_here(interaction, self.game, MODES, stranger):
            return
        await fb(interaction).add_ai(interaction, self.game, self.item.values)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"fb:hand:{GAME}"):
    def __init__(self, game: int) -> None:
        button = discord.ui.Button(
            style=discord.ButtonStyle.primary, label="Show my hand", custom_id=f"fb:hand:{game}"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES):
            return
        await fb(interaction).show_hand(interaction, self.game)


class PlaySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"fb:do:{GAME}:{STEP}:(?P<part>[0-9])",
):
    """One step of a turn: a card to play or discard, then each target or order."""

    def __init__(
        self, game: int, seq: int, part: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fb:do:{game}:{seq}:{part}",
            placeholder="Choose…",
            options=options or [discord.SelectOption(label="…", value="-")],
        )
        super().__init__(select)
        self.game, self.seq = game, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]), int(match["part"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES):
            return
        await fb(interaction).play(interaction, self.game, self.seq, self.item.values)


class WindowButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fb:window:{GAME}:{TURN}",
):
    """On a window's announcement: opens the clicker's private prompt."""

    def __init__(self, game: int, turn: int) -> None:
        button = discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label="Answer the counter window",
            custom_id=f"fb:window:{game}:{turn}",
        )
        super().__init__(button)
        self.game, self.turn = game, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES):
            return
        await fb(interaction).show_window(interaction, self.game, self.turn)


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fb:ans:{GAME}:{TURN}:(?P<card>[a-z_]{{1,40}})",
):
    """A responder's blind answer: one of their matching counters, or ``none``."""

    def __init__(self, game: int, turn: int, card: str, label: str = "No counter") -> None:
        style = discord.ButtonStyle.secondary if card == "none" else discord.ButtonStyle.danger
        button = discord.ui.Button(
            style=style, label=label[:80], custom_id=f"fb:ans:{game}:{turn}:{card}"
        )
        super().__init__(button)
        self.game, self.turn, self.card = game, turn, card

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["turn"]), match["card"])

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES):
            return
        await fb(interaction).answer(interaction, self.game, self.turn, self.card)


class AgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"fb:again:{GAME}"):
    def __init__(self, game: int) -> None:
        button = discord.ui.Button(
            style=discord.ButtonStyle.success, label="Play again", custom_id=f"fb:again:{game}"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES, "You did not play in this game."):
            return
        await fb(interaction).again(interaction, self.game)


class QuitButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"fb:quit:{GAME}"):
    """Under ``/familybusiness leave``'s question in a started game: hand the gang over."""

    def __init__(self, game: int) -> None:
        button = discord.ui.Button(
            style=discord.ButtonStyle.danger,
            label="Yes, hand my gang to the AI",
            custom_id=f"fb:quit:{game}",
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, MODES, "You are not in this game."):
            return
        await fb(interaction).leave_game(interaction, self.game)


DYNAMIC_ITEMS = (
    LobbyButton,
    AddAiSelect,
    HandButton,
    PlaySelect,
    WindowButton,
    AnswerButton,
    AgainButton,
    QuitButton,
)

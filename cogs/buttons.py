"""Persistent buttons and selects (``discord.ui.DynamicItem``).

Every custom id carries what its click needs — the game id and, where a click changes
the game, the action count it was drawn for (``fam:do:<game>:<seq>:<action key>``) —
so the items work after a restart and a stale one is recognised and refused. Every
click on a game's control is first checked against the game it names (its players,
kind, channel and server, :mod:`bot.services.origins`), then handed to
:class:`cogs.game_answers.Flows`; nothing here decides anything else. The decision
controls (:class:`ActionButton`, :class:`ActionSelect`) serve every kind of game: the
two-player hand, the solo DM table and the table of a game against the AI.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

import discord

from bot.app import FamigliaBot, FamigliaFlows
from bot.discord_errors import FAILED
from bot.services.modes import MODES, Duel
from bot.services.reads import Refusal

Interaction = discord.Interaction[FamigliaBot]


#: Every kind of game, and the kinds each control serves.
EVERY_MODE = tuple(MODES)


@runtime_checkable
class ChallengeClicks(Protocol):
    """What the challenge and rematch buttons hand their clicks to: the two-player
    mode's table (:class:`cogs.duel_table.DuelTable`)."""

    async def answer_challenge(
        self, interaction: Interaction, game_id: int, answer: str
    ) -> None: ...
    async def rematch(self, interaction: Interaction, game_id: int) -> None: ...


def flows(interaction: Interaction) -> FamigliaFlows:
    """What the items hand their clicks to (:class:`cogs.game_answers.Flows`)."""
    return interaction.client.flows


def challenges(interaction: Interaction) -> ChallengeClicks:
    return interaction.client.flows.tables.named(Duel.name, ChallengeClicks)


async def refused_here(
    interaction: Interaction,
    game_id: int,
    modes: tuple[str, ...],
    stranger: str = "You are not playing in this game.",
    *,
    seated: bool = True,
) -> bool:
    """Refuse (and say so) a click whose id names a game of another kind, channel or
    server than the one it is pressed in, or (``seated``) that its clicker does not
    play (then ``stranger`` is the answer): checked against the game's fixed facts in
    memory, before any lock or read of its state."""
    service = flows(interaction).service
    message = interaction.message
    try:
        origin = await service.origin(game_id)
    except Refusal as refusal:
        why: str | None = str(refusal)
    else:
        why = origin.misplaced(
            user_id=interaction.user.id,
            modes=modes,
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
            private=message is not None and message.flags.ephemeral,
            stranger=stranger,
            seated=seated,
        )
    if why is None:
        return False
    with contextlib.suppress(*FAILED):  # expired meanwhile: nothing to tell
        await interaction.response.send_message(why, ephemeral=True)
    return True


def whole(name: str, digits: int) -> str:
    """A control id's named group for a whole number of at most ``digits`` digits, as the
    bot writes it: ASCII, no leading zero (a forged "007" or other digits name nothing)."""
    return rf"(?P<{name}>0|[1-9][0-9]{{0,{digits - 1}}})"


#: a game's id and a decision's action count in a control id
GAME_ID = whole("game", 18)
SEQ = whole("seq", 6)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:(?P<answer>accept|decline|cancel):{GAME_ID}",
):
    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str]]] = {
        "accept": (discord.ButtonStyle.success, "Accept"),
        "decline": (discord.ButtonStyle.danger, "Decline"),
        "cancel": (discord.ButtonStyle.secondary, "Cancel challenge"),
    }

    def __init__(self, answer: str, game: int) -> None:
        style, text = self.STYLES[answer]
        super().__init__(
            discord.ui.Button(style=style, label=text, custom_id=f"fam:{answer}:{game}")
        )
        self.answer = answer
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["answer"], int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        who = "the challenger" if self.answer == "cancel" else "the challenged player"
        only = f"Only {who} can {self.answer} this challenge."
        if await refused_here(interaction, self.game, ("duel",), only):
            return
        await challenges(interaction).answer_challenge(interaction, self.game, self.answer)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:hand:{GAME_ID}:{SEQ}",
):
    """Show my hand (on the table), or Update (on the hand itself)."""

    def __init__(self, game: int, seq: int, *, update: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary if update else discord.ButtonStyle.primary,
                label="Update" if update else "Show my hand",
                emoji="🔄" if update else "🂠",
                custom_id=f"fam:hand:{game}:{seq}",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, EVERY_MODE):
            return
        await flows(interaction).show_hand(interaction, self.game)


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fam:rules"):
    def __init__(self) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label="Rules",
                emoji="📖",
                custom_id="fam:rules",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls()

    async def callback(self, interaction: Interaction) -> None:
        await flows(interaction).show_rules(interaction, 0)


class RulesSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"fam:rulespage"):
    def __init__(self, titles: list[str] | None = None, current: int = 0) -> None:
        options = [
            discord.SelectOption(label=t, value=str(i), default=i == current)
            for i, t in enumerate(titles or [])
        ]
        super().__init__(
            discord.ui.Select(
                custom_id="fam:rulespage", placeholder="Rules: choose a page", options=options
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls()

    async def callback(self, interaction: Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        page = int(value) if value.isascii() and value.isdigit() else -1
        await flows(interaction).show_rules(interaction, page, edit=True)


class ForfeitButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:(?P<step>forfeit|giveup):{GAME_ID}:{SEQ}",
):
    """``forfeit`` (on the table) asks; ``giveup`` (in the answer) confirms."""

    def __init__(self, game: int, seq: int, *, confirm: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.danger,
                label="Yes, give up this game" if confirm else "Forfeit",
                emoji=None if confirm else "🏳️",
                custom_id=f"fam:{'giveup' if confirm else 'forfeit'}:{game}:{seq}",
            )
        )
        self.game, self.seq, self.confirm = game, seq, confirm

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]), confirm=match["step"] == "giveup")

    async def callback(self, interaction: Interaction) -> None:
        # Every kind: ``/famiglia forfeit`` in a solo game once asked with this button
        # (now each mode's table gives its own); such questions still stand.
        if await refused_here(interaction, self.game, EVERY_MODE):
            return
        if self.confirm:
            await flows(interaction).forfeit(interaction, self.game, self.seq)
        else:
            await flows(interaction).ask_forfeit(interaction, self.game)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"fam:rematch:{GAME_ID}",
):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label="Rematch",
                emoji="🔁",
                custom_id=f"fam:rematch:{game}",
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        only = "Only the two players of that game can ask for a rematch."
        if await refused_here(interaction, self.game, ("duel",), only):
            return
        await challenges(interaction).rematch(interaction, self.game)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # ``so``/``sp``: the solo table's prefixes before it shared these controls; still
    # read, so a solo table posted before stays playable.
    template=rf"fam:(?:do|so):{GAME_ID}:{SEQ}:(?P<key>[0-9.]{{1,16}})",
):
    """One legal action of the current decision, e.g. Pass."""

    def __init__(self, game: int, seq: int, key: str, label: str = "…") -> None:
        style = (
            discord.ButtonStyle.secondary if key.startswith("10.") else discord.ButtonStyle.primary
        )
        super().__init__(
            discord.ui.Button(style=style, label=label, custom_id=f"fam:do:{game}:{seq}:{key}")
        )
        self.game, self.seq, self.key = game, seq, key

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]), match["key"])

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, EVERY_MODE):
            return
        await flows(interaction).click_action(interaction, self.game, self.seq, self.key)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"fam:(?:pick|sp):{GAME_ID}:{SEQ}:(?P<group>[a-z_]{{1,20}})",
):
    """The legal actions of one type (e.g. every card that can be taken)."""

    def __init__(
        self,
        game: int,
        seq: int,
        group: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"fam:pick:{game}:{seq}:{group}",
                placeholder=placeholder,
                options=options or [],
            )
        )
        self.game, self.seq, self.group = game, seq, group

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["seq"]), match["group"])

    async def callback(self, interaction: Interaction) -> None:
        if await refused_here(interaction, self.game, EVERY_MODE):
            return
        # The menu offers one choice: more than one (a forged client) names none.
        value = self.item.values[0] if len(self.item.values) == 1 else ""
        await flows(interaction).click_action(interaction, self.game, self.seq, value, self.group)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChallengeButton,
    HandButton,
    RulesButton,
    RulesSelect,
    ForfeitButton,
    RematchButton,
    ActionButton,
    ActionSelect,
)

UNKNOWN_CONTROL = (
    "That control is from an older version of this bot and no longer works. "
    "`/{command} board` shows your game's table with fresh buttons."
)


def unknown_control_text(custom_id: str) -> str:
    """What a control the bot does not know is answered with, naming the command of its
    game (a Family Business control's ``fb:`` prefix, else Famiglia's)."""
    return UNKNOWN_CONTROL.format(
        command="familybusiness" if custom_id.startswith("fb:") else "famiglia"
    )


async def answer_unknown_control(interaction: Interaction) -> None:
    """Answer a component whose id matches none of the bot's items (an old message, or
    a client sending ids the bot never made, e.g. a number with a leading zero or in
    other digits than ASCII) instead of letting it fail silently."""
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    with contextlib.suppress(*FAILED):  # expired meanwhile: nothing to tell
        await interaction.response.send_message(unknown_control_text(custom_id), ephemeral=True)
